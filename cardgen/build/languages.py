"""``cardgen build`` in every language of the project: each translation into ``OUT/<lang>/``.

An outer loop around the build's own stages (:func:`cardgen.build.run.build_run` calls it after the
source's outputs are in place): for each language after the first of ``languages``, the content with that
language's translations laid over it (:func:`cardgen.i18n.content.translated_content`), derived again,
and a context of its own (:func:`cardgen.build.context.make_context`: its output folder ``OUT/<lang>/``
with its own cache and manifest, the theme with ``lang`` set, so WeasyPrint hyphenates in that language);
then the same card stage (:func:`cardgen.cards.pipeline.build_all_cards`: cards, power cards, group
sheets ...) and the same rulebook build, each book's tokens translated before layout
(:meth:`cardgen.i18n.language.Language.markdown`).  Nothing is copied: a language is one more run of
the registered outputs.

Before anything of a language is rendered, its PO files are read and checked: a translation whose
placeholders or markup do not match its source is an error at its PO line (the build stops, nothing of
that language is written).  A message whose entry is fuzzy or missing prints in the source's words; the
build says per language and document how many were translated, fuzzy and missing, and counts one warning
per document with any (so ``--strict`` fails on them).  A card that does not fit is said as the PO entry
to shorten, with its language.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable

from cardgen.build.context import BuildContext, Reporter, StrictFailure, Summary, make_context
from cardgen.cards.pipeline import build_all_cards
from cardgen.errors import ContentError, Problem
from cardgen.i18n.book import book_messages
from cardgen.i18n.content import message_positions, translated_content
from cardgen.i18n.language import CONTENT, Language, book_document, po_path
from cardgen.i18n.update import book_text
from cardgen.content.model import Content
from cardgen.project.file import Project
from cardgen.project.settings import Settings
from cardgen.rules.derive import derive
from cardgen.rules.derived import Derived

BuildBook = Callable[[BuildContext, Path, str], None]


def build_languages(settings: Settings, source: BuildContext, rulebooks: list[tuple[Path, str]],
                    build_book: BuildBook, owns: Callable[[str], bool], prune: Callable[[BuildContext], None]) -> None:
    """Every translated language of the project, one after the other, into ``OUT/<lang>/``; what each
    built and said goes into the source's summary (its outputs as ``<lang>/NAME``); ``prune`` drops from
    a language's cache what its build did not use."""
    for code in settings.project.translations:
        ctx = build_language(settings, source, code, rulebooks, build_book, owns)
        merge_summary(source.summary, ctx.summary, code)
        prune(ctx)


def build_language(settings: Settings, source: BuildContext, code: str, rulebooks: list[tuple[Path, str]],
                   build_book: BuildBook, owns: Callable[[str], bool]) -> BuildContext:
    """One language (see the module docstring); its context, once its outputs are in place."""
    language, content, derived = translation(source.content, source.derived, code, settings.project)
    for path, label in rulebooks:
        count_book(language, path, book_document(label))
    problems = language.problems()
    if problems:
        raise ContentError(problems)
    ctx = make_context(settings.project, content, derived,
                       settings.out / code, theme=replace(source.theme, lang=code),
                       options=source.options, strict=settings.strict, chapters=settings.chapters,
                       draft=settings.draft)
    ctx.summary.warnings.clear()                   # the theme's warnings were the source's (said once)
    ctx.summary.notes.clear()
    ctx.translation, ctx.reporter = language, Prefixed(source.reporter, code) if source.reporter else None
    for warning in language.untranslated():
        ctx.warn(warning)
    try:
        with ctx.staged(owns=owns):
            if content.units or content.powers:
                build_all_cards(ctx)
            for path, label in rulebooks:
                build_book(ctx, path, label)
            name_translations(ctx, language, source.content)
    except StrictFailure as failed:                # the source's outputs are in place: say what was not
        raise StrictFailure(failed.summary, f"nothing of {code} was replaced (the source's outputs were "
                                            "written)") from None
    finally:
        for line in language.report_lines():
            ctx.summary.note(line)
    return ctx


def translation(content: Content, derived: Derived, code: str, project: Project) -> tuple[Language, Content, Derived]:
    """Language ``code`` of ``project``: its catalogs (read as they are used: check ``problems()`` after),
    the content with its translations laid over it and that content derived again (the same ids, so
    what another tool stores by id -- a BattleScribe roster -- stays valid in every language)."""
    language = Language(code, project)
    if not content.ruleset:
        return language, content, derived
    translated = translated_content(content, language.lookup(CONTENT), code)
    return language, translated, derive(translated)


def checked_translation(content: Content, derived: Derived, code: str,
                        project: Project) -> tuple[Language, Content, Derived]:
    """:func:`translation`, its ``content.po`` read at once: a PO entry whose placeholders or markup do not
    match its source is a :class:`~cardgen.errors.ContentError` (at its PO line) before anything is made
    from it -- for the commands that write a language's files straight away (``balance``, ``export``)."""
    language, content_of, derived_of = translation(content, derived, code, project)
    language.catalog(CONTENT)
    if language.problems():
        raise ContentError(language.problems())
    return language, content_of, derived_of


def count_book(language: Language, path: Path, document: str) -> None:
    """Count a book's messages as its translated build prints them (a reused PDF is counted too)."""
    try:
        text = book_text(path, language.project)
    except OSError:
        return                                     # the book's own build says why it cannot be read
    find = language.lookup(document)
    for message in book_messages(text):
        find(message.context, message.text)


def name_translations(ctx: BuildContext, language: Language, source_content) -> None:
    """Each card that does not fit said as its language's PO entry (the field's translation to shorten)."""
    if not ctx.misfits:
        return
    positions = message_positions(source_content)
    catalog = language.catalog(CONTENT)
    for key, problem in list(ctx.misfits.items()):
        context = positions.get((problem.file, problem.line))
        if context is None:
            ctx.misfits[key] = replace(problem, message=f"in {language.code}: {problem.message}")
            continue
        text = next((e.msgid for e in catalog.po if (e.msgctxt or "") == context and not e.obsolete), "")
        line = catalog.msgstr_line(context, text)
        ctx.misfits[key] = Problem(str(po_path(ctx.project, language.code, CONTENT)), line, 0, f"msgctxt {context}",
                                   f"in {language.code}: {problem.message} (the translation of "
                                   f"{Path(problem.file).name}:{problem.line})")


def merge_summary(summary: Summary, language: Summary, code: str) -> None:
    """A language's outputs and what it said, in the run's summary."""
    summary.built += [f"{code}/{name}" for name in language.built]
    summary.reused += [f"{code}/{name}" for name in language.reused]
    summary.removed += [f"{code}/{name}" for name in language.removed]
    summary.warnings += [w for w in language.warnings if w not in summary.warnings]
    for note in language.notes:
        summary.note(note)
    summary.icon_set.update(language.icon_set)
    summary.steps += [(f"{code}/{name}", again) for name, again in language.steps]
    summary.chapters.update({f"{code}/{name}": laid for name, laid in language.chapters.items()})


@dataclass
class Prefixed:
    """The run's progress reporter, each step of a language named ``<lang>/NAME``."""

    reporter: Reporter
    code: str

    def step(self, name: str, status: str) -> None:
        self.reporter.step(f"{self.code}/{name}", status)

    def close(self) -> None:
        """The run closes its reporter once, after every language."""


