"""``cardgen translate``: write and update each language's PO files; ``--status``: how far each is.

Every language of ``cardgen.toml``'s ``languages`` after the first gets ``translations/<lang>/content.po``
and ``translations/<lang>/<book>.po`` (:mod:`cardgen.i18n.update`).  ``--status`` writes nothing and
prints per language and document how many entries are translated, fuzzy and missing (``--json``: the
same as JSON, for CI).  A translation whose placeholders or markup do not match its source is an error
at its PO line (exit 1); the file keeps it as the translator wrote it.
"""

from __future__ import annotations

import argparse
import json
import sys

from cardgen.commands.options import add_content_option, settings_of
from cardgen.errors import ContentError, UsageError, display_path


def cmd_translate(args: argparse.Namespace) -> int:
    # lazy: the content stages and polib, only for this command
    from cardgen.build.context import Summary
    from cardgen.build.run import find_rulebooks
    from cardgen.i18n.update import update
    from cardgen.stages import load_content

    settings = settings_of(args)
    project = settings.project
    if not project.translations:
        raise UsageError(f"{display_path(project.file or project.root / 'cardgen.toml')}: no languages to "
                         "translate into; name them, the source's first: languages = [\"de\", \"en\"]")
    content = None if settings.rulebooks_only() else load_content(settings.content)
    summary = Summary()
    rulebooks = find_rulebooks(settings.content, summary, project)
    for warning in summary.warnings:
        print(warning, file=sys.stderr)
    result = update(project, content, rulebooks, write=not args.status)
    if args.json:
        print(json.dumps({"documents": [d.as_json() for d in result.documents],
                          "errors": [p.format() for p in result.problems]}, ensure_ascii=False, indent=2))
    else:
        for status in result.documents:
            found = status.counts
            said = "written" if status.written else ("unchanged" if not args.status else "")
            print(f"{status.language:<6} {status.document:<28} {found['translated']:>5} translated "
                  f"{found['fuzzy']:>5} fuzzy {found['missing']:>5} missing  {display_path(status.path)}"
                  + (f" ({said})" if said else ""))
    if result.problems:
        raise ContentError(result.problems)
    return 0


def add_parser(sub) -> None:
    """Register ``translate``."""
    p = sub.add_parser("translate", help="write and update the translations' PO files (--status: how far each is)",
                       description="Write translations/<lang>/content.po and translations/<lang>/<book>.po for "
                                   "every language of cardgen.toml's languages after the first; a changed "
                                   "source text makes its translation fuzzy, a removed one obsolete.")
    add_content_option(p)
    p.add_argument("--status", action="store_true",
                   help="write nothing; print per language and document the translated, fuzzy and missing entries")
    p.add_argument("--json", action="store_true", help="print the status as JSON (for CI)")
    p.set_defaults(func=cmd_translate)
