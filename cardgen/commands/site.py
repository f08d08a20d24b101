"""``cardgen site``: the web edition of the content and the rulebooks, into ``OUT/site/``.

The same run as a build's (:func:`cardgen.build.context.open_run`: the content loaded, checked and
derived; the rulebooks the project names), then :func:`cardgen.site.build.build_site`.  Warnings
(the rulebooks' and the theme's) go to stderr; with ``--strict`` any warning is an error and the
last edition stays as it was.
"""

from __future__ import annotations

import argparse
import sys

from cardgen.commands.options import add_project_options, settings_of
from cardgen.errors import CardgenError, display_path


def add_parser(subparsers) -> argparse.ArgumentParser:
    """Register ``site`` on the ``cardgen`` subcommand parser."""
    parser = subparsers.add_parser(
        "site", help="the web edition: rulebooks and units as static pages, searchable offline",
        description="Write OUT/site/: the front page, each rulebook as one page per chapter, one page per "
                    "unit, faction, group, trait, weapon and power, a glossary, an offline search index "
                    "(Pagefind) and a service worker that keeps the edition on a phone after one visit.")
    add_project_options(parser, strict_help="any warning is an error, exit 1, the last edition kept")
    parser.add_argument("--since", metavar="REV", default="",
                        help="note on each page what changed since REV (a folder or a git revision, as cardgen diff)")
    parser.add_argument("--no-search", dest="search", action="store_false",
                        help="leave the search index out (no Pagefind run)")
    parser.set_defaults(func=run)
    return parser


def run(args: argparse.Namespace) -> int:
    # lazy: the content, the rulebooks and the site; every command builds this module's parser
    from cardgen.build.context import StrictFailure, open_run
    from cardgen.build.run import find_rulebooks
    from cardgen.site.build import build_site

    settings = settings_of(args)
    ctx = open_run(settings, rulebooks_only=True)      # a repository of rulebooks only: no object pages
    rulebooks = find_rulebooks(settings.content, ctx.summary, ctx.project)
    try:
        result = build_site(ctx, rulebooks, since=args.since, search=args.search)
    except StrictFailure:
        raise                                   # its lines name every warning
    except CardgenError:
        for line in ctx.summary.warnings:
            print(line, file=sys.stderr)
        raise
    for line in ctx.summary.warnings:
        print(line, file=sys.stderr)
    for note in ctx.summary.notes:
        print(note)
    search = "search index made" if result.indexed else "search index kept" if args.search else "no search index"
    print(f"wrote {display_path(result.out)} ({result.pages} pages, {result.rendered} rendered, {search})")
    return 0
