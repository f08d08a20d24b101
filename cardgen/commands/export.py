"""``cardgen export battlescribe``: the content as BattleScribe data in OUT/battlescribe/ (:mod:`cardgen.export`).

The files are written all or nothing (:class:`cardgen.build.outputs.Outputs`).  Their ``revision`` is
``--revision N`` if given, else the number of the project's version (``version`` in cardgen.toml,
else the git tag at HEAD; :func:`cardgen.export.bsformat.revision_of`), else 1 with a warning: a
BattleScribe user's data updates only when the revision goes up, so a release needs a new version.

The entries cite the pages of the rulebooks the last build wrote (OUT/rulebooks/…, read, never
built here: :mod:`cardgen.export.bspublication`); a book not built, or a unit no book defines, is a
warning and its entries cite no page.  ``--author``, ``--contact`` and ``--url`` (the folder the
files are published in, e.g. a repository's ``releases/latest/download/``) go into the files.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from cardgen.commands.options import add_project_options, settings_of
from cardgen.errors import UsageError, display_path
from cardgen.export.bsformat import MAX_REVISION, revision_of
from cardgen.project.revision import git_tag
from cardgen.project.settings import Settings

if TYPE_CHECKING:
    from cardgen.content.model import Content
    from cardgen.export.bspublication import Citations
    from cardgen.export.bsrelease import About
    from cardgen.rules.derived import Derived

FORMATS = ("battlescribe",)
MAX_NAMED = 10                      # units named in the warning about entries without a page


def project_version(settings: Settings) -> str | None:
    """The content's version: ``version`` in cardgen.toml, else the git tag at HEAD (None: neither)."""
    project = settings.project
    return project.version or (git_tag(project.root) if project.file is not None else None)


def data_revision(settings: Settings, given: int | None) -> tuple[int, str | None]:
    """The revision of the files and, where it had to be guessed, the warning to print."""
    if given is not None:
        if not 0 <= given <= MAX_REVISION:
            raise UsageError(f"--revision must be 0–{MAX_REVISION}, not {given}")
        return given, None
    version = project_version(settings)
    number = revision_of(version)
    if number is not None:
        return number, None
    said = f"version '{version}' has no number" if version else "no version in cardgen.toml and no git tag"
    return 1, f"cardgen: warning: {said}; revision 1 (give --revision N, or set version = \"1.2\")"


def citations_of(settings: Settings, version: str | None, warnings: list[str], out: Path | None = None) -> Citations:
    """The built rulebooks the entries cite, in the order the build takes them (below ``out``, default the
    output folder: a translation's are below ``OUT/<lang>/``); a warning for each book not built or not
    readable."""
    # lazy: the build's list of rulebooks and the PDF reader
    from cardgen.build.run import find_rulebooks
    from cardgen.build.context import Summary
    from cardgen.export.bspublication import Citations, UnreadableBook, read_publication

    summary = Summary()
    books = []
    for source, label in find_rulebooks(settings.content, summary, settings.project):
        path = (out or settings.out) / label
        if not path.is_file():
            warnings.append(f"cardgen: warning: rulebook {display_path(source)} is not built ({display_path(path)} "
                            "missing; run cardgen build first): no entry cites its pages")
            continue
        try:
            books.append(read_publication(path, label, version))
        except UnreadableBook as exc:
            warnings.append(f"cardgen: warning: {display_path(path)} cannot be read ({exc}): no entry cites its pages")
    if not books and not warnings:
        warnings.append("cardgen: warning: no rulebook: no entry cites a page")
    return Citations(books)


def unplaced_units(content: Content, citations: Citations) -> str | None:
    """The warning naming the units no cited book defines (None if every unit has its page)."""
    missing = sorted(unit.name for unit in content.units.values() if citations.page_of("unit", unit.id) is None)
    if not missing or not citations.books:
        return None
    named = ", ".join(missing[:MAX_NAMED]) + (f" and {len(missing) - MAX_NAMED} more" if len(missing) > MAX_NAMED else "")
    return (f"cardgen: warning: {len(missing)} unit(s) defined in no built rulebook ({{{{ list: units }}}} gives "
            f"each its anchor), their entries cite no page: {named}")


def cmd_export(args: argparse.Namespace) -> int:
    """Write OUT/battlescribe/: the game system, one catalogue per faction, the data index, .bsi and .bsr;
    and each translation's into OUT/<lang>/battlescribe/ (:func:`translated_exports`)."""
    # lazy: the content stages and the exporter; every command builds this module's parser
    from cardgen.build.outputs import Outputs
    from cardgen.export.battlescribe import About
    from cardgen.stages import load_and_derive

    settings = settings_of(args)
    revision, warning = data_revision(settings, args.revision)
    url = args.url if args.url is None or args.url.endswith("/") else args.url + "/"
    content, derived = load_and_derive(settings.content)
    exports = translated_exports(settings, content, derived, revision, About(args.author, args.contact, url))
    for line in filter(None, [warning, *(line for _, _, said in exports for line in said)]):
        print(line, file=sys.stderr)
    for out, files, _ in exports:        # all computed (a broken PO entry stopped before this): now written
        folder = out / args.format
        with Outputs(folder) as outputs:
            for name, data in files.items():
                outputs.stage(folder / name, data)
        print(f"wrote {len(files)} files to {display_path(folder)} (revision {revision})")
    return 0


def translated_exports(settings: Settings, content: Content, derived: Derived, revision: int,
                       about: About) -> list[tuple[Path, dict[str, bytes], list[str]]]:
    """(folder, files, warnings) of the source's export and then of each language the project translates
    into (``OUT/<lang>/``): the same exporter on the content with the language's translations laid over it
    (:func:`cardgen.build.languages.checked_translation`), citing that language's built rulebooks.  The ids are
    the content's (UUID5 of its ids), so a roster made with one language's data opens with another's.  A
    PO entry whose placeholders or markup do not match its source stops everything before a file is
    written; fuzzy or missing entries print in the source's words, one warning per PO file."""
    # lazy: the exporter and the translations
    from cardgen.build.languages import checked_translation
    from cardgen.export.battlescribe import export_battlescribe

    version = project_version(settings)
    exports = []
    for code in ("", *settings.project.translations):
        warnings: list[str] = []
        out = settings.out / code if code else settings.out
        if code:
            language, content_of, derived_of = checked_translation(content, derived, code, settings.project)
        else:
            language, content_of, derived_of = None, content, derived
        citations = citations_of(settings, version, warnings, out)
        warnings += filter(None, [unplaced_units(content_of, citations)])
        files = export_battlescribe(content_of, derived_of, revision, citations, about, source=content)
        warnings += language.untranslated() if language else []
        exports.append((out, files, warnings))
    return exports


def add_parser(sub) -> None:
    """Register ``export``."""
    p = sub.add_parser("export", help="the content for roster builders (BattleScribe, New Recruit)")
    p.add_argument("format", choices=FORMATS, help="battlescribe: OUT/battlescribe/*.gst, *.cat and index.xml")
    add_project_options(p)
    p.add_argument("--revision", type=int, default=None, metavar="N",
                   help="the files' revision (default: from the project's version, else its git tag)")
    p.add_argument("--author", default=None, help="the data's author, as the apps show it (authorName)")
    p.add_argument("--contact", default=None, help="where players report errors: an e-mail or issue page (authorContact)")
    p.add_argument("--url", default=None, metavar="URL",
                   help="where the files are published, e.g. https://github.com/OWNER/REPO/releases/latest/download/ "
                        "(authorUrl, and the index's own address)")
    p.set_defaults(func=cmd_export)
