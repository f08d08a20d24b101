"""``cardgen validate``, ``list``, ``show`` and ``schema``: the commands that read the content and print it."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from cardgen.commands.options import add_content_option, add_css_option, add_project_options, settings_of
from cardgen.project.settings import no_content_line
from cardgen.errors import UsageError, did_you_mean, display_path, json_text, one_line

LIST_KINDS = ("units", "weapons", "armor", "equipment", "traits", "powers", "schools", "effects",
              "factions", "groups", "terrain")


def cmd_validate(args: argparse.Namespace) -> int:
    """Check every content file, and then that every card fits (:mod:`cardgen.cards.fitcheck`); print
    all problems; exit 1 if there are errors."""
    # lazy: the content stages; every command builds this module's parser
    from cardgen.stages import check_and_derive

    settings = settings_of(args)
    content = settings.content
    if settings.rulebooks_only():                     # a repository of rulebooks: nothing to check
        print(no_content_line(content))
        return 0
    loaded, derived, problems = check_and_derive(content)
    if not any(p.severity == "error" for p in problems):
        problems += fit_problems(settings, loaded, derived)
    for problem in sorted(problems, key=lambda p: (p.file, p.line, p.column, p.field, p.message)):
        print(problem.format(), file=sys.stderr)
    errors = [p for p in problems if p.severity == "error"]
    if errors:
        print(f"{len(errors)} error(s) in {display_path(content)}", file=sys.stderr)
        return 1
    print(f"{display_path(content)}: valid")
    return 0


def fit_problems(settings, content, derived) -> list:
    """The cards of valid content that cannot fit, measured against the theme's capacities (kept in the
    output folder's cache)."""
    # lazy: the card stage and the theme, only for content that is valid
    from cardgen.build.cache import Cache
    from cardgen.cards.fitcheck import check_fit
    from cardgen.look.theme import theme_for

    if not content.units and not content.powers:
        return []
    return check_fit(content, derived, theme_for(settings.project, list(settings.css)), Cache(settings.out))


def cmd_list(args: argparse.Namespace) -> int:
    """List ids and names of one kind (or of every kind)."""
    # lazy: the content stages; every command builds this module's parser
    from cardgen.stages import load_content

    content = load_content(settings_of(args).content)
    kinds = [args.kind] if args.kind else list(LIST_KINDS)
    for kind in kinds:
        if kind not in LIST_KINDS:
            raise UsageError(f"unknown kind '{kind}'" + did_you_mean(kind, LIST_KINDS))
    rows = {kind: [{"id": o.id, "name": o.name} for o in sorted(content.kind(kind).values(),
                                                                 key=lambda o: o.id)] for kind in kinds}
    if args.json:
        print(json_text(rows if not args.kind else rows[args.kind]))
        return 0
    for kind, items in rows.items():
        if not args.kind:
            print(f"{kind}:")
        width = max((len(i["id"]) for i in items), default=0)
        for item in items:
            print(one_line(f"{'  ' if not args.kind else ''}{item['id']:<{width}}  {item['name']}"))
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    """Print the derived profile of one unit (table or JSON)."""
    from cardgen.views.show import unit_data, unit_table
    from cardgen.stages import load_and_derive

    content, all_derived = load_and_derive(settings_of(args).content)
    if args.id not in content.units:
        raise UsageError(f"unknown unit '{args.id}'" + did_you_mean(args.id, content.units))
    derived = all_derived.units[args.id]
    if args.json:
        print(json_text(unit_data(derived)))
        return 0
    rows = unit_table(derived)
    width = max(len(label) for label, _ in rows)
    for label, value in rows:
        print(one_line(f"{label:<{width}}  {value}"))
    return 0


def cmd_schema(args: argparse.Namespace) -> int:
    """Print or write the JSON Schema of the content files."""
    from cardgen.atomic import write_atomic
    from cardgen.content.jsonschema import SCHEMA_KINDS, schema_text

    if args.kind and args.kind not in SCHEMA_KINDS:
        raise UsageError(f"unknown kind '{args.kind}'" + did_you_mean(args.kind, SCHEMA_KINDS))
    text = schema_text(args.kind)
    if args.out:
        write_atomic(Path(args.out), text.encode())
        print(f"wrote {args.out}")
    else:
        sys.stdout.write(text)
    return 0


def add_parser(sub) -> None:
    """Register ``validate``, ``list``, ``show`` and ``schema``."""
    p = sub.add_parser("validate", help="check every content file, and that every card fits")
    add_project_options(p)                  # --out: whose cache keeps the theme's measured capacities
    add_css_option(p, "for the cards the fit check measures (as the build's --css)")
    p.set_defaults(func=cmd_validate)
    p = sub.add_parser("list", help="list ids and names")
    p.add_argument("kind", nargs="?", help=f"one of: {', '.join(LIST_KINDS)}")
    add_content_option(p)
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=cmd_list)
    p = sub.add_parser("show", help="derived profile of one unit")
    p.add_argument("id", help="unit id")
    add_content_option(p)
    p.add_argument("--json", action="store_true", help="print JSON (stable keys, see docs/rules-and-points.md)")
    p.set_defaults(func=cmd_show)
    p = sub.add_parser("schema", help="JSON Schema of the content files")
    p.add_argument("--out", type=Path, metavar="FILE", help="write to FILE instead of stdout")
    p.add_argument("--kind", help="only the files of one kind folder (units, weapons ..., rules)")
    p.set_defaults(func=cmd_schema)
