"""``cardgen build``: validate, then every output the content defines, incrementally.

The stages in order, top to bottom:

1. validate: the whole content folder (any error ends the build; nothing is written);
2. cards: unit cards, power cards, one sheet per group, ``changed-cards.pdf``
   (faces are rendered only when their cache key changed, in a process pool);
3. rulebooks: every ``*.md`` below the content folder (``build/<name>.pdf``);
4. the manifest of this build, written last.

Every output is written atomically; a build that fails half-way leaves the
previous outputs and the manifest as they were.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from cardgen.cache import Cache, digest, tree_digest, toolchain_digest
from cardgen.content import load_content
from cardgen.content.model import Content
from cardgen.errors import CardgenError
from cardgen.outputs import Outputs

DIRECTIVE_KINDS = ("effects", "weapons", "terrain")


@dataclass
class Summary:
    """What a build made, reused and warned about."""

    built: list[str] = field(default_factory=list)
    reused: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)     # unit cards in changed-cards.pdf

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
    cache = Cache(out_dir)
    tool = toolchain_digest()
    rulebooks = sorted(p for p in content_dir.rglob("*.md") if ".cache" not in p.parts)
    summary = Summary()
    reporter = reporter_factory(cards_step_count(content) + len(rulebooks)) if reporter_factory else None
    try:
        with Outputs() as outputs:                   # all outputs, or none of them
            build_cards(content, out_dir, cache, tool, summary, reporter, outputs)
            for source in rulebooks:
                build_one_rulebook(source, content, out_dir, cache, tool, summary, reporter, outputs)
            if strict and summary.warnings:          # nothing is put in place
                raise StrictFailure(summary)
    finally:
        if reporter:
            reporter.close()
    cache.save()                                     # the manifest only after a complete build
    cache.prune("faces")
    return summary


def cards_step_count(content: Content) -> int:
    from cardgen.cards.pipeline import step_count

    return step_count(content)


def build_cards(content: Content, out_dir: Path, cache: Cache, tool: str, summary: Summary, reporter,
                outputs: Outputs) -> None:
    from cardgen.cards.pipeline import build_all_cards

    build_all_cards(content, out_dir, cache, tool, summary, reporter, outputs)


def rulebook_key(source: Path, content: Content, tool: str) -> str:
    """Everything a rulebook depends on: its text, its folder's files, the tables it may insert."""
    text = source.read_text(encoding="utf-8")
    tables = ""
    if "{{" in text:
        tables = digest([(kind, sorted((i, o.model_dump()) for i, o in content.kind(kind).items()))
                         for kind in DIRECTIVE_KINDS])
    return digest("rulebook", tool, text, tree_digest(source.parent), tables)


def build_one_rulebook(source: Path, content: Content, out_dir: Path, cache: Cache, tool: str,
                       summary: Summary, reporter, outputs: Outputs) -> None:
    out = out_dir / f"{source.stem}.pdf"
    name = f"rulebook:{source.relative_to(content.root)}"
    key = rulebook_key(source, content, tool)
    cache.record(name, key)
    stored = cache.get("warnings", key, ".json")
    if cache.unchanged(name, key, out) and stored is not None:
        summary.warnings += json.loads(stored)       # a reused output still reports its warnings
        summary.add(out.name, built=False)
    else:
        from cardgen.paths import ASSETS_DIR
        from cardgen.rulebook import build_rulebook

        result = build_rulebook(source, out, [ASSETS_DIR], content_dir=content.root, write=False)
        outputs.stage(out, result.pdf)
        warnings = [w.format() for w in result.warnings]
        cache.put("warnings", key, json.dumps(warnings).encode(), ".json")
        summary.warnings += warnings
        summary.add(out.name, built=True)
    if reporter:
        reporter.step(out.name, "built" if out.name in summary.built else "reused")
