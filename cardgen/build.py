"""``cardgen build``: validate, then every output the content defines, incrementally.

The stages in order, top to bottom:

1. validate: the whole content folder (any error ends the build; nothing is written);
2. cards: unit cards, power cards, one sheet per group, ``changed-cards.pdf``
   (faces are rendered only when their cache key changed, in a process pool);
3. rulebooks: every ``*.md`` below the content folder
   (``content/rulebook/Regeln.md`` → ``build/rulebooks/rulebook/Regeln.pdf``);
4. commit: every output put in place, the outputs of an earlier build that
   this one no longer makes removed, the manifest written last.

Before anything is rendered, two outputs on one file are refused.  A build
that fails half-way leaves the previous outputs and the manifest as they were.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path

from cardgen.cache import Cache, digest, tree_digest, toolchain_digest
from cardgen.content import load_content
from cardgen.content.model import Content
from cardgen.errors import CardgenError, Problem, display_path
from cardgen.outputs import Outputs, check_collisions
from cardgen.safefs import read_file, resolve_roots, walk_files

DIRECTIVE_KINDS = ("effects", "weapons", "terrain")


@dataclass
class Summary:
    """What a build made, reused and warned about."""

    built: list[str] = field(default_factory=list)
    reused: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)     # unit cards in changed-cards.pdf
    removed: list[str] = field(default_factory=list)     # outputs of an earlier build no longer made

    def add(self, name: str, built: bool) -> None:
        (self.built if built else self.reused).append(name)


class StrictFailure(CardgenError):
    """``--strict`` and the build warned: no output was replaced."""

    def __init__(self, summary: Summary):
        self.summary = summary
        super().__init__(f"--strict: {len(summary.warnings)} warning(s) count as errors; "
                         "no output was written")

    def lines(self) -> list[str]:
        return [*self.summary.warnings, str(self)]


def build(content_dir: Path, out_dir: Path, strict: bool = False, reporter_factory=None) -> Summary:
    """Run every stage; raise ContentError/RenderError on failure (and
    StrictFailure with ``strict`` when anything warned): outputs are put in
    place only when the whole build succeeded."""
    content_dir, out_dir = Path(content_dir), Path(out_dir)
    content = load_content(content_dir)
    summary = Summary()
    rulebooks = find_rulebooks(content_dir, summary)
    check_collisions([*card_outputs(content), *((rulebook_output(s, content_dir), display_path(s))
                                                for s in rulebooks)])
    cache = Cache(out_dir)
    tool = toolchain_digest()
    reporter = reporter_factory(cards_step_count(content) + len(rulebooks)) if reporter_factory else None
    try:
        with Outputs(out_dir, cache, owns=built_by_build) as outputs:    # all outputs, or none
            build_cards(content, out_dir, cache, tool, summary, reporter, outputs)
            for source in rulebooks:
                build_one_rulebook(source, content, out_dir, cache, tool, summary, reporter, outputs)
            if strict and summary.warnings:          # nothing is put in place
                raise StrictFailure(summary)
    finally:
        if reporter:
            reporter.close()
    summary.removed = outputs.removed                # the manifest was written last, with the outputs
    cache.prune("faces")
    cache.prune("warnings")
    return summary


def built_by_build(entry: str) -> bool:
    """Manifest entries a full build answers for: all but the PNGs only ``cardgen cards --png`` makes."""
    return not entry.startswith("output:png/")


def find_rulebooks(content_dir: Path, summary: Summary) -> list[Path]:
    """Every ``*.md`` below the content folder; links out, FIFOs ... are passed over with a warning."""
    found, skipped = walk_files(content_dir, (".md",), skip_dirs={".cache"})
    summary.warnings += [Problem(str(s.path), message=f"not read as a rulebook: {s.reason}",
                                 severity="warning").format() for s in skipped]
    return found


def rulebook_output(source: Path, content_dir: Path) -> str:
    """Where a rulebook goes: ``rulebooks/<its path below the content folder>.pdf``.

    Its own folder keeps it apart from every card output, and the path below
    the content folder keeps two rulebooks of one name apart."""
    return "rulebooks/" + source.relative_to(content_dir).with_suffix(".pdf").as_posix()


def card_outputs(content: Content) -> list[tuple[str, str]]:
    from cardgen.cards.pipeline import planned_outputs

    return planned_outputs(content)


def cards_step_count(content: Content) -> int:
    from cardgen.cards.pipeline import step_count

    return step_count(content)


def build_cards(content: Content, out_dir: Path, cache: Cache, tool: str, summary: Summary, reporter,
                outputs: Outputs) -> None:
    from cardgen.cards.pipeline import build_all_cards

    build_all_cards(content, out_dir, cache, tool, summary, reporter, outputs)


def rulebook_key(source: Path, content: Content, tool: str) -> str:
    """Everything a rulebook depends on: its text, its folder's files, the tables it may insert."""
    text = read_file(source, resolve_roots([content.root]))
    tables = ""
    if b"{{" in text:
        tables = digest([(kind, sorted((i, o.model_dump()) for i, o in content.kind(kind).items()))
                         for kind in DIRECTIVE_KINDS])
    return digest("rulebook", tool, hashlib.sha256(text).hexdigest(), tree_digest(source.parent), tables)


def stored_warnings(cache: Cache, key: str) -> list[str] | None:
    """The warnings a rulebook gave when it was built with ``key``; None if not stored (or damaged)."""
    try:
        warnings = json.loads(cache.get("warnings", key, ".json") or b"null")
    except ValueError:
        return None
    if isinstance(warnings, list) and all(isinstance(w, str) for w in warnings):
        return warnings
    return None


def build_one_rulebook(source: Path, content: Content, out_dir: Path, cache: Cache, tool: str,
                       summary: Summary, reporter, outputs: Outputs) -> None:
    label = rulebook_output(source, content.root)
    out = out_dir / label
    name = f"rulebook:{source.relative_to(content.root).as_posix()}"
    key = rulebook_key(source, content, tool)
    cache.record(name, key)
    stored = stored_warnings(cache, key)
    if cache.unchanged(name, key, out) and stored is not None:
        summary.warnings += stored                   # a reused output still reports its warnings
        summary.add(label, built=False)
    else:
        from cardgen.paths import ASSETS_DIR
        from cardgen.rulebook import build_rulebook

        result = build_rulebook(source, out, [ASSETS_DIR], content_dir=content.root, write=False)
        outputs.stage(out, result.pdf)
        warnings = [w.format() for w in result.warnings]
        cache.put("warnings", key, json.dumps(warnings).encode(), ".json")
        summary.warnings += warnings
        summary.add(label, built=True)
    if reporter:
        reporter.step(label, "built" if label in summary.built else "reused")
