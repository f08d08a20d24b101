"""One build context: what every output builder (cards, powers, groups, rulebooks) is given.

Modelled on mkdocs' ``commands/build.py``: a command makes one
:class:`BuildContext` -- the loaded content and its derived values
(:func:`cardgen.stages.load_and_derive`), the output folder, the cache,
the toolchain digest, the card options, the reporter, the project file
(:mod:`cardgen.project.file`) and the theme made from it (:mod:`cardgen.look.theme`)
-- and each stage takes
it instead of a row of positional arguments.  Warnings are counted in one
place, :meth:`Summary.warn`; strict mode is checked in one place, at the end
(:meth:`Summary.check_strict`), before any output is put in place.

This module comes before :mod:`cardgen.build.run` and :mod:`cardgen.cards.pipeline`
in the import order, so the card stage never imports the build.
"""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Protocol

from cardgen.build.cache import Cache, toolchain_digest
from cardgen.content.model import Content
from cardgen.content.load import require_folder
from cardgen.errors import CardgenError, Problem, escape_lines
from cardgen.geometry import DEFAULT_PAPER, PRINT_SHOP_BLEED_MM
from cardgen.build.outputs import Outputs
from cardgen.project.file import Project
from cardgen.rules.derive import Derived
from cardgen.project.settings import Settings, no_content_line
from cardgen.stages import load_and_derive
from cardgen.look.theme import Theme, theme_for


@dataclass(frozen=True)
class CardOptions:
    layout: str = "fold"            # fold or duplex
    bleed_mm: float = 0.0           # the home sheets' bleed (cards.pdf, powers.pdf, groups/)
    crop_marks: bool = False
    group: str | None = None        # only this group's sheet (cardgen cards --group)
    roster_points: tuple[int, ...] | None = None    # the group is a roster's (cardgen cards --roster): its
                                                    # points per model, on the cover; the sheet in OUT/rosters/
    png_dpi: int | None = None
    paper: str = DEFAULT_PAPER      # printer sheets and cover pages (no command-line option yet)
    print_shop: bool = False        # also OUT/print-shop/: one PDF per face kind, boxes set (cards/printshop.py)
    print_shop_bleed_mm: float = PRINT_SHOP_BLEED_MM     # the print-shop files' bleed (never the home sheets')
    icc: Path | None = None         # the print-shop files' output profile (--icc; None: the shipped FOGRA39)
    sheet: str | None = None        # the press sheet of print-shop/press-*.pdf (--sheet; None: none, cards/press.py)
    stamp: str = ""                 # the version in each unit card's corner ("": none; Project.card_stamp)


@dataclass
class Summary:
    """What a run made, reused and warned about; the one warning counter (``strict`` fails on any)."""

    strict: bool = False
    built: list[str] = field(default_factory=list)
    reused: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)     # unit cards in changed-cards.pdf
    removed: list[str] = field(default_factory=list)     # outputs of an earlier build no longer made
    kept: list[str] = field(default_factory=list)        # outputs left as the last build wrote them: they show
                                                         # a card that does not fit (BuildContext.keep)
    icon_set: set[str] = field(default_factory=set)      # rulebook pictures taken from cardgen's own icon set
    notes: list[str] = field(default_factory=list)       # not counted: about the machine (cardgen.pdf.wrapper.SYSTEM_NOTES),
                                                         # the faces synthesised (cardgen.fonts.synth), no content folder
    notes_again: list[str] = field(default_factory=list)  # those a run that finds nothing changed says again
    steps: list[tuple[str, str]] = field(default_factory=list)   # (step, what it says in a run finding nothing changed)
    chapters: dict[str, tuple[tuple[int, ...], int]] = field(default_factory=dict)  # a rulebook built in this run →
    # (the chapters it laid out, from 0, the others taken from the chapter cache; how many it has): a whole book (0,), 1

    def note(self, message: str, again: bool = True) -> None:
        """Say ``message`` (about the machine, or what cardgen did as the old toolchain did) once in this run;
        it is no warning.  ``again=False``: a note only a run that renders says (a run that finds nothing
        changed does not: :mod:`cardgen.speed.journal`)."""
        if message not in self.notes:
            self.notes.append(message)
        if again and message not in self.notes_again:
            self.notes_again.append(message)

    def add(self, name: str, built: bool) -> None:
        (self.built if built else self.reused).append(name)

    def warn(self, message: str) -> None:
        """Count a warning, its control characters escaped (a file name or value from a pull request)."""
        self.warnings.append(escape_lines(message))

    def check_strict(self, consequence: str = "no output was written") -> None:
        """With ``strict``, any warning counted so far fails the run (:class:`StrictFailure`)."""
        if self.strict and self.warnings:
            raise StrictFailure(self, consequence)


class StrictFailure(CardgenError):
    """``--strict`` and the run warned: no output was replaced."""

    def __init__(self, summary: Summary, consequence: str = "no output was written"):
        self.summary = summary
        super().__init__(f"--strict: {len(summary.warnings)} warning(s) count as errors; {consequence}")

    def lines(self) -> list[str]:
        return [*self.summary.warnings, str(self)]


class CardsDoNotFit(CardgenError):
    """Cards that do not fit: every other output was written, those that show them were kept as they
    were (:meth:`BuildContext.keep`); the problems name the fields to shorten."""

    def __init__(self, summary: Summary, problems: Iterable[Problem]):
        self.summary = summary
        self.problems = sorted(set(problems))
        cards = len(self.problems)
        kept = f"; kept as they were: {', '.join(summary.kept)}" if summary.kept else ""
        super().__init__(f"{cards} card face(s) do not fit; every output without them was written{kept}")

    def lines(self) -> list[str]:
        return [*(p.format() for p in self.problems), str(self)]


class Reporter(Protocol):
    def step(self, name: str, status: str) -> None: ...

    def close(self) -> None: ...


@dataclass
class BuildContext:
    """Everything an output builder needs; ``outputs`` is set while :meth:`staged` runs."""

    content: Content
    derived: Derived                                      # the content's derived values (computed once)
    out_dir: Path
    cache_given: Cache | None = None                      # None: the output folder's, made when first asked
    tool_digest: str | None = None                        # cache.toolchain_digest(); None: made when first asked
    options: CardOptions = field(default_factory=CardOptions)
    reporter: Reporter | None = None
    summary: Summary = field(default_factory=Summary)
    outputs: Outputs | None = None
    project: Project = field(default_factory=lambda: Project(root=Path.cwd()))   # no project file: today's defaults
    theme: Theme = field(default_factory=Theme)           # cardgen's own look
    faces: Any = None                                     # the card stage's faces, for the rulebooks' card
                                                          # figures (cardgen.cards.figures.CardFaces)
    chapters: bool = False                                # rulebooks by chapters (a run's settings: True)
    draft: bool = False                                   # rulebooks as drafts (cardgen build --draft)
    misfits: dict[str, Problem] = field(default_factory=dict)   # faces that do not fit: key → the field to shorten
    translation: Any = None                               # a translated build's language, laid over each rulebook
                                                          # (cardgen.i18n.language.Language); None: the source's

    @property
    def cache(self) -> Cache:
        """The build cache in the output folder, opened (the folder made) when first asked: a run
        refused before it renders (an output clash) leaves no output folder behind."""
        if self.cache_given is None:
            self.cache_given = Cache(self.out_dir)
        return self.cache_given

    @property
    def tool(self) -> str:
        """What every rendering depends on besides its data (:func:`cardgen.build.cache.toolchain_digest`),
        made once, when first asked: the preview, which renders no PDF, never asks."""
        if self.tool_digest is None:
            self.tool_digest = toolchain_digest()
        return self.tool_digest

    def warn(self, message: str) -> None:
        self.summary.warn(message)

    def staging(self) -> Outputs:
        """The outputs being staged: only inside :meth:`staged`."""
        if self.outputs is None:
            raise RuntimeError("an output was staged outside BuildContext.staged()")
        return self.outputs

    def step(self, name: str, status: str, again: str | None = "reused") -> None:
        """One finished step, for the progress reporter (if any); ``again``: what the step says in a run
        that finds nothing changed (what the journal keeps for the next run, :mod:`cardgen.speed.journal`;
        None: the caller keeps it in ``summary.steps`` itself, where that run would say it)."""
        if again is not None:
            self.summary.steps.append((name, again))
        if self.reporter:
            self.reporter.step(name, status)

    def showing_misfits(self, keys: Iterable[str]) -> bool:
        """Whether any of the face ``keys`` does not fit (an output showing it is kept: :meth:`keep`)."""
        return bool(self.misfits) and any(key in self.misfits for key in keys)

    def keep(self, name: str, *entries: str) -> None:
        """Leave the output ``name`` (below the output folder) as the last build wrote it, with its
        manifest entries (``sheet:NAME``, ``chunk:NAME:…`` and ``entries``): it shows a card that does
        not fit.  The next build compares its key again, so it is made once the card fits."""
        for prefix in (f"output:{name}", f"sheet:{name}", f"chunk:{name}:", *entries):
            self.cache.carry(prefix, exact=not prefix.endswith(":"))
        there = f"output:{name}" in self.cache.current
        if there:
            self.summary.kept.append(name)
        status = "kept" if there else "skipped"
        self.step(name, status, again=status)

    @contextmanager
    def staged(self, owns: Callable[[str], bool]) -> Iterator[Outputs]:
        """Stage the outputs of the block; put them in place only if it succeeded and, with
        ``strict``, nothing warned -- else the output folder stays as it was.  Cards that do not fit
        (:attr:`misfits`) fail the run after the commit: what does not show them is written."""
        with Outputs(self.out_dir, self.cache, owns=owns) as outputs:
            self.outputs = outputs
            yield outputs
            self.summary.check_strict()
        self.summary.removed = outputs.removed            # the manifest was written last, with them
        if self.misfits:
            raise CardsDoNotFit(self.summary, self.misfits.values())


def icon_set_line(names: Iterable[str], verbose: bool = False) -> str:
    """``N picture(s) from cardgen's icon set (--verbose lists them)``: the pictures a rulebook took
    from cardgen's own icons because the project has none of that name (the designer may want his
    own), counted -- the same fifty names on every run were noise; ``verbose``: listed, sorted
    (``N picture(s) from cardgen's icon set: a, b, …``)."""
    names = sorted(set(names))
    if not verbose:
        return f"{len(names)} picture(s) from cardgen's icon set (--verbose lists them)"
    return f"{len(names)} picture(s) from cardgen's icon set: {', '.join(names)}"


def make_context(project: Project, content: Content, derived: Derived, out_dir: Path, *,
                 theme: Theme | None = None, extra_css: Iterable[Path] = (), options: CardOptions | None = None,
                 strict: bool = False, cache: Cache | None = None, chapters: bool = False,
                 draft: bool = False) -> BuildContext:
    """The one way a run's context is made: the ``project``'s theme (with ``extra_css``; its warnings
    the run's first), the cache in ``out_dir`` (or ``cache``), one warning counter."""
    theme = theme if theme is not None else theme_for(project, list(extra_css))
    summary = Summary(strict=strict)
    for problem in theme.warnings:
        summary.warn(problem.format())
    for note in theme.notes:
        summary.note(note)
    return BuildContext(content, derived, out_dir, cache, options=options or CardOptions(), summary=summary,
                        project=project, theme=theme, chapters=chapters, draft=draft)


def open_run(settings: Settings, options: CardOptions | None = None, cache: Cache | None = None, *,
             rulebooks_only: bool = False) -> BuildContext:
    """A run of ``settings``: its content loaded, checked and derived (:func:`cardgen.stages.load_and_derive`),
    its context made (:func:`make_context`; ``cache``: another than the output folder's) -- what
    ``build``, ``cards``, every rebuild of ``serve`` and ``watch`` and serve's preview start from.

    With ``rulebooks_only`` (a build), a repository of rulebooks (:meth:`Settings.rulebooks_only`)
    runs without content -- no cards -- and its summary says so in one line; else a missing
    content folder is an error."""
    without = rulebooks_only and settings.rulebooks_only()
    if not without:
        require_folder(settings.content)          # at once: before the theme synthesises any font
    theme = theme_for(settings.project, list(settings.css))        # a theme's error before the content's
    content, derived = load_and_derive(settings.content, missing_ok=without)
    ctx = make_context(settings.project, content, derived, settings.out, theme=theme, options=options,
                       strict=settings.strict, cache=cache, chapters=settings.chapters, draft=settings.draft)
    if without:
        ctx.summary.note(no_content_line(settings.content))
    return ctx
