"""``cardgen build``: validate, then every output the content defines, incrementally.

The stages in order, top to bottom:

1. validate: the whole content folder (any error ends the build; nothing is written);
2. cards: unit cards, power cards, one sheet per group, ``changed-cards.pdf``
   (faces are rendered only when their cache key changed, in a process pool);
3. rulebooks: the files the project file's ``rulebooks`` globs match
   (``Regeln/Regelbuch.md`` → ``build/rulebooks/Regeln/Regelbuch.pdf``, the path
   below the project root), else every ``*.md`` below the content folder
   (``content/rulebook/Regeln.md`` → ``build/rulebooks/rulebook/Regeln.pdf``);
4. commit: every output put in place, the outputs of an earlier build that
   this one no longer makes removed, the manifest written last.

Every stage receives one :class:`~cardgen.build.context.BuildContext`: the content
loaded in step 1 (the rulebooks' tables read it too), the project
(:mod:`cardgen.project.file`) and its theme, the output folder, the cache, the
reporter and the warning counter; with ``strict``, any warning fails the
build before step 4.  Before anything is rendered, two outputs on one file
are refused.  A build that fails half-way leaves the previous outputs and the
manifest as they were.
"""

from __future__ import annotations

import hashlib
from functools import partial
import json
import os
from pathlib import Path
from typing import Any, Sequence

from cardgen.build.cache import Cache, digest
from cardgen.cards.pipeline import build_all_cards
from cardgen.cards.planning import planned_outputs, step_count
from cardgen.content.model import Content
from cardgen.build.context import BuildContext, CardOptions, StrictFailure, Summary, open_run
from cardgen.build.languages import build_languages
from cardgen.errors import Problem, display_path
from cardgen.build.outputs import check_collisions
from cardgen.project.file import Project
from cardgen.rulebook.directive import card_ids, kinds_read
from cardgen.rulebook.images import ImageFolders
from cardgen.rulebook.keywords import KEYWORD_KINDS
from cardgen.rulebook.reads import Reads, book_roots, reads_now
from cardgen.safefs import FileRefused, check_file, read_file, resolve_roots, walk_files
from cardgen.project.settings import Settings
from cardgen.look.theme import Theme

__all__ = ["StrictFailure", "Summary", "build", "build_one_rulebook", "build_run", "rulebook_key"]

ICONS = ".icons.json"
"""Beside a rulebook's stored warnings: the pictures it took from cardgen's icon set (a reused PDF names them too)."""
TODOS = ".todos.json"
"""... and what its build said of its TODO notes (a reused PDF says it too)."""
READS = ".reads.json"
"""Under the first part of a rulebook's key: what it read when last rendered (:mod:`cardgen.rulebook.reads`)."""


def build(content_dir: Path, out_dir: Path, strict: bool = False, reporter_factory=None, *,
          project: Project | None = None, extra_css: Sequence[Path] = (),
          card_options: CardOptions | None = None) -> Summary:
    """Run every stage; raise ContentError/RenderError on failure (and
    StrictFailure with ``strict`` when anything warned): outputs are put in
    place only when the whole build succeeded.  ``project`` (default: none, today's
    behaviour) says which rulebooks, asset folders and theme; ``extra_css``
    (``--css FILE``) comes after the theme's stylesheets in every document; ``card_options``
    (default: today's) is how cards are printed (``--print-shop``)."""
    settings = Settings(project or Project(root=Path.cwd()), Path(content_dir), Path(out_dir), strict,
                        tuple(Path(p) for p in extra_css))
    return build_run(settings, reporter_factory, card_options)


def build_run(settings: Settings, reporter_factory=None, card_options: CardOptions | None = None) -> Summary:
    """:func:`build` of one run's ``settings`` (:func:`cardgen.build.context.open_run`): every command's build."""
    card_options = card_options or CardOptions()
    ctx = open_run(settings, card_options, rulebooks_only=True)
    content, summary, project = ctx.content, ctx.summary, ctx.project
    rulebooks = find_rulebooks(settings.content, summary, project)
    check_collisions([*planned_outputs(content, card_options), *((label, display_path(s)) for s, label in rulebooks)])
    languages = 1 + len(project.translations)
    reporter = reporter_factory((step_count(content) + len(rulebooks)) * languages) if reporter_factory else None
    ctx.reporter = reporter
    owns = partial(built_by_build, options=card_options)
    try:
        with ctx.staged(owns=owns):   # all or none (strict: none if warned)
            build_all_cards(ctx)
            for source, label in rulebooks:
                build_one_rulebook(ctx, source, label)
        prune(ctx)
        if project.translations:       # then each translation into OUT/<lang>/ (cardgen.build.languages)
            build_languages(settings, ctx, rulebooks, build_one_rulebook, owns, prune)
        if project.site:
            # lazy: the web edition, only where the project file asks for it (site = true)
            from cardgen.site.build import build_site

            build_site(ctx, rulebooks)        # after the PDFs are in place: its own folder, all or nothing
    finally:
        if reporter:
            reporter.close()
    return summary


def prune(ctx: BuildContext) -> None:
    """Drop from the cache what this run's build did not use."""
    for kind in ("faces", "warnings", "portraits", "chunks"):
        ctx.cache.prune(kind)


def built_by_build(entry: str, options: CardOptions | None = None) -> bool:
    """Manifest entries a full build answers for: all but the PNGs only ``cardgen cards --png`` makes,
    the print-shop files, unless it makes them (``--print-shop``), and the press sheets only
    ``cardgen cards --print-shop --sheet`` makes."""
    print_shop = options is not None and options.print_shop
    if entry.startswith("output:print-shop/press-"):
        return options is not None and options.sheet is not None
    return not entry.startswith("output:png/") and (print_shop or not entry.startswith("output:print-shop/"))


def find_rulebooks(content_dir: Path, summary: Summary, project: Project | None = None) -> list[tuple[Path, str]]:
    """(source, output) of every rulebook: the project's ``rulebooks`` globs if set, else every
    ``*.md`` below the content folder.  A file refused (a link out, a FIFO ...) is passed over
    with a warning naming it, so is a glob matching nothing."""
    sources = project.rulebook_sources() if project is not None else None
    if sources is None:
        found, skipped = walk_files(content_dir, (".md",), skip_dirs={".cache"})
        for entry in skipped:
            summary.warn(_not_a_rulebook(entry.path, entry.reason))
        return [(source, rulebook_output(source, content_dir)) for source in found]
    assert project is not None
    roots = resolve_roots([project.root])
    for i, pattern in enumerate(project.rulebooks or ()):
        if not project.rulebook_matches(pattern):
            summary.warn(Problem(str(project.file), field=f"rulebooks[{i}]", severity="warning",
                                 message=f"'{pattern}' matches no Markdown file").format())
    kept = []
    for source in sources:
        try:
            check_file(source, roots)
        except FileRefused as exc:
            summary.warn(_not_a_rulebook(source, exc.reason))
            continue
        kept.append((source, rulebook_output(source, project.root)))
    return kept


def _not_a_rulebook(path: Path, reason: str) -> str:
    return Problem(str(path), message=f"not read as a rulebook: {reason}", severity="warning").format()


def rulebook_output(source: Path, base: Path) -> str:
    """Where a rulebook goes: ``rulebooks/<its path below base>.pdf``; ``base`` is the content
    folder (rulebooks found there) or the project root (rulebooks the project file names).

    Its own folder keeps it apart from every card output, and the path below
    ``base`` keeps two rulebooks of one name apart."""
    return "rulebooks/" + source.relative_to(base).with_suffix(".pdf").as_posix()


def default_rulebook_output(source: Path, project: Project, content_dir: Path) -> str:
    """Where ``cardgen rulebook SOURCE`` writes by default: where ``cardgen build`` puts the same book
    (one book, one path) -- below the project root when the project file names the rulebooks, else
    below the content folder for a book there; another book below the project root by its path there
    (where the build puts it once the project file names it); a book outside both,
    ``rulebooks/<name>.pdf``."""
    source = Path(os.path.abspath(source))
    bases = (project.root,) if project.rulebooks is not None else (content_dir, project.root)
    for base in (Path(os.path.abspath(folder)) for folder in bases):
        if source.is_relative_to(base):
            return rulebook_output(source, base)
    return f"rulebooks/{source.stem}.pdf"


def rulebook_key(source: Path, content: Content, tool: str, project: Project | None = None,
                 theme: Theme | None = None, faces: Any = None) -> str:
    """The first part of a rulebook's key: what it reads that is known before it is rendered.

    * its text (hence its front matter);
    * the content kinds its table and list directives read (:func:`~cardgen.rulebook.directive.kinds_read`,
      :func:`kind_data`) and those its keyword links read (traits, damage effects, powers:
      :data:`~cardgen.rulebook.keywords.KEYWORD_KINDS`);
    * the project's asset folders (by name), its TOC levels, its keyword links mode and its version stamp;
    * the theme's digest (stylesheets, fonts, templates: :meth:`~cardgen.look.theme.Theme.digest`);
    * in a translation, the content's language and its words (the glossary's: a list directive prints "pkt");
    * the faces its card figures show (``faces``: the card stage's
      :class:`~cardgen.cards.figures.CardFaces`; their keys cover everything a face shows).

    cardgen's own templates and icon set are in ``tool`` (:func:`~cardgen.build.cache.toolchain_digest`).
    The files it reads while rendered -- pictures, stylesheets, fonts, and those it looked for --
    are the second part, recorded with its output (:mod:`cardgen.rulebook.reads`,
    :func:`build_one_rulebook`): a picture of another book, or one no book uses, is in neither."""
    project = project or Project(root=content.root)
    raw = rulebook_bytes(source, content, project)
    text = raw.decode("utf-8", errors="replace")
    kinds = sorted({*kinds_read(text), *KEYWORD_KINDS})   # every rulebook links the content's keywords
    tables = digest([(kind, kind_data(content, kind)) for kind in kinds]) if kinds else ""
    shown = card_ids(text)
    cards = faces.keys(shown) if shown and faces is not None else ""
    setup = digest(project.file is not None, project.toc_levels, project.keyword_links,
                   [str(folder) for folder in project.assets], theme.digest() if theme else "", project.stamp())
    language = [repr(content.words), content.lang] if content.lang else []   # a translation's words, its order
    return digest("rulebook", tool, hashlib.sha256(raw).hexdigest(), tables, setup, cards, *language)


def rulebook_bytes(source: Path, content: Content, project: Project | None = None) -> bytes:
    """A rulebook's text as read for its key (inside the content, its folder and the project's)."""
    project = project or Project(root=content.root)
    return read_file(source, resolve_roots([content.root, source.parent, *project.allowed_roots]))


def shows_misfit(ctx: BuildContext, source: Path) -> bool:
    """Whether the rulebook ``source`` shows a card figure of a face that does not fit."""
    if not ctx.misfits or ctx.faces is None:
        return False
    shown = set(card_ids(rulebook_bytes(source, ctx.content, ctx.project).decode("utf-8", errors="replace")))
    return ctx.showing_misfits(job.key for (owner, _), job in ctx.faces.jobs.items() if owner in shown)


def kind_data(content: Content, kind: str) -> object:
    """What the cache key digests of one kind a directive reads: its objects by id, or for
    ``ruleset`` the content's rules.yaml as validated (a unit's points follow its cost model)."""
    if kind == "ruleset":
        return content.ruleset.model_dump() if content.ruleset else None
    return sorted((i, o.model_dump()) for i, o in content.kind(kind).items())


def rulebook_reads_now(ctx: BuildContext, source: Path, reads: Reads) -> Reads:
    """What the files a rulebook read last time are now (:func:`~cardgen.rulebook.reads.reads_now`),
    resolved and checked against the folders its PDF may read, as when it was rendered."""
    project = ctx.project
    root = project.root if project.file else None
    roots = book_roots(source, project.assets, root, ctx.theme.roots + ((root,) if root else ()))
    return reads_now(reads, source, roots, ImageFolders(source.parent, project.assets, root))


def stored_warnings(cache: Cache, key: str, suffix: str = ".json") -> list[str] | None:
    """The warnings a rulebook gave when it was built with ``key`` (``suffix=ICONS``: the
    pictures it took from cardgen's icon set); None if not stored (or damaged)."""
    try:
        stored = json.loads(cache.get("warnings", key, suffix) or b"null")
    except ValueError:
        return None
    if isinstance(stored, list) and all(isinstance(w, str) for w in stored):
        return stored
    return None


def build_one_rulebook(ctx: BuildContext, source: Path, label: str | None = None) -> None:
    """One rulebook, written to ``label`` below the output folder (default: its path below the
    content folder), reused when what it read is unchanged; its tables read ``ctx.content`` (loaded
    once, by the build), its pictures the project's asset folders, its look ``ctx.theme``.

    Its key: :func:`rulebook_key` and its output's name, and the record of the files it read when
    last rendered (:mod:`cardgen.rulebook.reads`), stored under that first part and digested anew."""
    label = label or rulebook_output(source, ctx.content.root)
    out = ctx.out_dir / label
    name = "rulebook:" + label.removeprefix("rulebooks/").removesuffix(".pdf")
    if shows_misfit(ctx, source):                    # a card figure that does not fit: the last book stays
        ctx.keep(label, name, "reads:" + name)
        return
    document = label.removeprefix("rulebooks/").removesuffix(".pdf")
    language = ctx.translation
    first = digest(rulebook_key(source, ctx.content, ctx.tool, ctx.project, ctx.theme, ctx.faces),
                   label, "chapters" if ctx.chapters else "whole", *([language.key(document)] if language else []),
                   *(["draft"] if ctx.draft else []))
    reads = Reads.from_bytes(ctx.cache.get("warnings", first, READS))
    key = digest(first, rulebook_reads_now(ctx, source, reads).digest()) if reads is not None else ""
    warnings = stored_warnings(ctx.cache, key) if key else None
    icon_set = stored_warnings(ctx.cache, key, ICONS) if key else None
    todos = stored_warnings(ctx.cache, key, TODOS) if key else None
    if (key and ctx.cache.unchanged(name, key, out) and warnings is not None and icon_set is not None
            and todos is not None):
        built = False
    else:
        built = True
        # lazy: WeasyPrint is imported only when a rulebook is rendered (a no-change build stays fast)
        from cardgen.rulebook.build import build_rulebook

        result = build_rulebook(source, out, list(ctx.project.assets), ctx.draft, content=ctx.content, write=False,
                                project=ctx.project, theme=ctx.theme, cards=ctx.faces, cache=ctx.cache, tool=ctx.tool,
                                chapters=ctx.chapters, markdown=language.markdown(document) if language else None)
        ctx.staging().stage(out, result.pdf)
        ctx.summary.chapters[label] = (tuple(sorted(set(result.laid_out))) if result.chapters > 1 else (0,),
                                       result.chapters)
        for note in result.notes:                    # about the machine: said once, not counted, not cached
            ctx.summary.note(note, again=False)
        warnings = [w.format() for w in result.warnings]
        icon_set = sorted(result.icon_set)
        todos = result.todo_lines
        key = digest(first, result.reads.digest())
        ctx.cache.put("warnings", first, result.reads.to_bytes(), READS)
        ctx.cache.put("warnings", key, json.dumps(warnings).encode(), ".json")
        ctx.cache.put("warnings", key, json.dumps(icon_set).encode(), ICONS)
        ctx.cache.put("warnings", key, json.dumps(todos).encode(), TODOS)
    ctx.cache.record(name, key)
    ctx.cache.record("reads:" + name, first)          # its record of what it read stays in the cache
    for warning in warnings:                         # a reused output still reports its warnings
        ctx.warn(warning)
    ctx.summary.icon_set.update(icon_set)            # and its pictures from cardgen's icon set
    for line in todos:                               # and what it hid (as cardgen rulebook says it)
        ctx.summary.note(line)
    ctx.summary.add(label, built=built)
    ctx.step(label, "built" if built else "reused")
