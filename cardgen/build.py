"""``cardgen build``: validate, then every output the content defines, incrementally.

The stages in order, top to bottom:

1. validate: the whole content folder (any error ends the build; nothing is written);
2. cards: unit cards, power cards, one sheet per group, ``changed-cards.pdf``
   (faces are rendered only when their cache key changed, in a process pool);
3. rulebooks: every ``*.md`` below the content folder
   (``content/rulebook/Regeln.md`` → ``build/rulebooks/rulebook/Regeln.pdf``);
4. commit: every output put in place, the outputs of an earlier build that
   this one no longer makes removed, the manifest written last.

Every stage receives one :class:`~cardgen.context.BuildContext`: the content
loaded in step 1 (the rulebooks' tables read it too), the output folder, the
cache, the reporter and the warning counter; with ``strict``, any warning
fails the build before step 4.  Before anything is rendered, two outputs on
one file are refused.  A build that fails half-way leaves the previous
outputs and the manifest as they were.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from cardgen.cache import Cache, digest, toolchain_digest, tree_digest
from cardgen.cards.pipeline import build_all_cards, planned_outputs, step_count
from cardgen.content.model import Content
from cardgen.context import BuildContext, StrictFailure, Summary
from cardgen.errors import Problem, display_path
from cardgen.outputs import check_collisions
from cardgen.paths import ASSETS_DIR
from cardgen.rulebook.directive import kinds_read
from cardgen.safefs import read_file, resolve_roots, walk_files
from cardgen.stages import load_and_derive

__all__ = ["StrictFailure", "Summary", "build", "build_one_rulebook", "rulebook_key"]


def build(content_dir: Path, out_dir: Path, strict: bool = False, reporter_factory=None) -> Summary:
    """Run every stage; raise ContentError/RenderError on failure (and
    StrictFailure with ``strict`` when anything warned): outputs are put in
    place only when the whole build succeeded."""
    content_dir, out_dir = Path(content_dir), Path(out_dir)
    content, derived = load_and_derive(content_dir)
    summary = Summary(strict=strict)
    rulebooks = find_rulebooks(content_dir, summary)
    check_collisions([*planned_outputs(content), *((rulebook_output(s, content_dir), display_path(s))
                                                   for s in rulebooks)])
    cache = Cache(out_dir)
    reporter = reporter_factory(step_count(content) + len(rulebooks)) if reporter_factory else None
    ctx = BuildContext(content, derived, out_dir, cache, toolchain_digest(), reporter=reporter, summary=summary)
    try:
        with ctx.staged(owns=built_by_build):       # all outputs, or none (strict: none if anything warned)
            build_all_cards(ctx)
            for source in rulebooks:
                build_one_rulebook(ctx, source)
    finally:
        if reporter:
            reporter.close()
    cache.prune("faces")
    cache.prune("warnings")
    return summary


def built_by_build(entry: str) -> bool:
    """Manifest entries a full build answers for: all but the PNGs only ``cardgen cards --png`` makes."""
    return not entry.startswith("output:png/")


def find_rulebooks(content_dir: Path, summary: Summary) -> list[Path]:
    """Every ``*.md`` below the content folder; links out, FIFOs ... are passed over with a warning."""
    found, skipped = walk_files(content_dir, (".md",), skip_dirs={".cache"})
    for entry in skipped:
        summary.warn(Problem(str(entry.path), message=f"not read as a rulebook: {entry.reason}",
                             severity="warning").format())
    return found


def rulebook_output(source: Path, content_dir: Path) -> str:
    """Where a rulebook goes: ``rulebooks/<its path below the content folder>.pdf``.

    Its own folder keeps it apart from every card output, and the path below
    the content folder keeps two rulebooks of one name apart."""
    return "rulebooks/" + source.relative_to(content_dir).with_suffix(".pdf").as_posix()


def rulebook_key(source: Path, content: Content, tool: str) -> str:
    """Everything a rulebook depends on: its text, its folder's files, and the content kinds
    its table directives read (:func:`~cardgen.rulebook.directive.kinds_read`, from the registry)."""
    text = read_file(source, resolve_roots([content.root]))
    kinds = kinds_read(text.decode("utf-8", errors="replace"))
    tables = digest([(kind, sorted((i, o.model_dump()) for i, o in content.kind(kind).items()))
                     for kind in kinds]) if kinds else ""
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


def build_one_rulebook(ctx: BuildContext, source: Path) -> None:
    """One rulebook of the content folder, reused when its key is unchanged; its tables read
    ``ctx.content`` (loaded once, by the build)."""
    label = rulebook_output(source, ctx.content.root)
    out = ctx.out_dir / label
    name = f"rulebook:{source.relative_to(ctx.content.root).as_posix()}"
    key = rulebook_key(source, ctx.content, ctx.tool)
    ctx.cache.record(name, key)
    warnings = stored_warnings(ctx.cache, key)
    if ctx.cache.unchanged(name, key, out) and warnings is not None:
        built = False
    else:
        built = True
        # lazy: WeasyPrint is imported only when a rulebook is rendered (a no-change build stays fast)
        from cardgen.rulebook.build import build_rulebook

        result = build_rulebook(source, out, [ASSETS_DIR], content=ctx.content, write=False)
        ctx.staging().stage(out, result.pdf)
        warnings = [w.format() for w in result.warnings]
        ctx.cache.put("warnings", key, json.dumps(warnings).encode(), ".json")
    for warning in warnings:                         # a reused output still reports its warnings
        ctx.warn(warning)
    ctx.summary.add(label, built=built)
    ctx.step(label, "built" if built else "reused")
