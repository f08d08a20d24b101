"""The ``cardgen`` command line.

Every subcommand is a small function taking parsed arguments and returning
an exit code.  The project file (:mod:`cardgen.project`) is found once, before
a command runs: it gives the defaults of ``--content``, ``--out`` and
``--strict`` (an option given on the command line wins; a broken
``cardgen.toml`` is reported like a content error, exit 1).
A :class:`~cardgen.errors.CardgenError` is printed without a
traceback (one problem per line on stderr) and gives exit 1; so is, as a
last safety net, an I/O error (``cardgen: FILE: reason``); any other
exception is a bug and shows its traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from cardgen import __version__
from cardgen.errors import CardgenError, UsageError, did_you_mean, display_path, escape_lines, one_line
from cardgen.project import Project, find_project
from cardgen.stages import check_content, load_and_derive, load_content

LIST_KINDS = ("units", "weapons", "armor", "equipment", "traits", "powers", "schools", "effects",
              "factions", "groups", "terrain")


def cmd_validate(args: argparse.Namespace) -> int:
    """Check every content file; print all problems; exit 1 if there are errors."""
    _, problems = check_content(args.content)
    for problem in sorted(problems, key=lambda p: (p.file, p.line, p.column, p.field, p.message)):
        print(problem.format(), file=sys.stderr)
    errors = [p for p in problems if p.severity == "error"]
    if errors:
        print(f"{len(errors)} error(s) in {display_path(args.content)}", file=sys.stderr)
        return 1
    print(f"{display_path(args.content)}: valid")
    return 0


def cmd_list(args: argparse.Namespace) -> int:
    """List ids and names of one kind (or of every kind)."""
    content = load_content(args.content)
    kinds = [args.kind] if args.kind else list(LIST_KINDS)
    for kind in kinds:
        if kind not in LIST_KINDS:
            raise UsageError(f"unknown kind '{kind}'" + did_you_mean(kind, LIST_KINDS))
    rows = {kind: [{"id": o.id, "name": o.name} for o in sorted(content.kind(kind).values(),
                                                                 key=lambda o: o.id)] for kind in kinds}
    if args.json:
        print(json.dumps(rows if not args.kind else rows[args.kind], ensure_ascii=False, indent=2))
        return 0
    for kind, items in rows.items():
        if not args.kind:
            print(f"{kind}:")
        width = max((len(i["id"]) for i in items), default=0)
        for item in items:
            print(f"{'  ' if not args.kind else ''}{item['id']:<{width}}  {item['name']}")
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    """Print the derived profile of one unit (table or JSON)."""
    from cardgen.showview import unit_data, unit_table

    content, all_derived = load_and_derive(args.content)
    if args.id not in content.units:
        raise UsageError(f"unknown unit '{args.id}'" + did_you_mean(args.id, content.units))
    derived = all_derived.units[args.id]
    if args.json:
        print(json.dumps(unit_data(derived), ensure_ascii=False, indent=2))
        return 0
    rows = unit_table(derived)
    width = max(len(label) for label, _ in rows)
    for label, value in rows:
        print(f"{label:<{width}}  {value}")
    return 0


def cmd_schema(args: argparse.Namespace) -> int:
    """Print or write the JSON Schema of the content files."""
    from cardgen.atomic import write_atomic
    from cardgen.schema_export import SCHEMA_KINDS, schema_text

    if args.kind and args.kind not in SCHEMA_KINDS:
        raise UsageError(f"unknown kind '{args.kind}'" + did_you_mean(args.kind, SCHEMA_KINDS))
    text = schema_text(args.kind)
    if args.out:
        write_atomic(Path(args.out), text.encode())
        print(f"wrote {args.out}")
    else:
        sys.stdout.write(text)
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="cardgen", description="Universalis publishing pipeline: "
                                     "validate content, print unit cards, power cards and the rulebook.")
    parser.add_argument("--version", action="version", version=f"cardgen {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def content_arg(p: argparse.ArgumentParser) -> None:
        add_content_option(p)

    p = sub.add_parser("validate", help="check every content file")
    content_arg(p)
    p.set_defaults(func=cmd_validate)
    p = sub.add_parser("list", help="list ids and names")
    p.add_argument("kind", nargs="?", help=f"one of: {', '.join(LIST_KINDS)}")
    content_arg(p)
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=cmd_list)
    p = sub.add_parser("show", help="derived profile of one unit")
    p.add_argument("id", help="unit id")
    content_arg(p)
    p.add_argument("--json", action="store_true", help="print JSON (stable keys, see docs/rules-and-points.md)")
    p.set_defaults(func=cmd_show)
    p = sub.add_parser("schema", help="JSON Schema of the content files")
    p.add_argument("--out", type=Path, metavar="FILE", help="write to FILE instead of stdout")
    p.add_argument("--kind", help="only the files of one kind folder (units, weapons ..., rules)")
    p.set_defaults(func=cmd_schema)
    for module in _plugin_commands():
        module.add_parser(sub)
    return parser


PROJECT_OPTIONS = ("content", "out", "strict")
"""The options whose default the project file gives (a command names its own in ``project_options``)."""


def add_content_option(p: argparse.ArgumentParser) -> None:
    """``--content DIR``, its default from the project file; the command takes it from there."""
    p.add_argument("--content", type=Path, default=None, metavar="DIR",
                   help="content folder (default: the project file's, else ./content)")
    p.set_defaults(project_options=("content",))


def add_project_options(p: argparse.ArgumentParser, strict_help: str | None = None) -> None:
    """``--content DIR``, ``--out DIR`` (and ``--strict``/``--no-strict``), defaults from the project file."""
    add_content_option(p)
    p.add_argument("--out", type=Path, default=None, metavar="DIR",
                   help="output folder (default: the project file's, else ./build)")
    names: tuple[str, ...] = ("content", "out")
    if strict_help:
        p.add_argument("--strict", action=argparse.BooleanOptionalAction, default=None,
                       help=f"{strict_help} (default: the project file's strict, else off)")
        names += ("strict",)
    p.set_defaults(project_options=names)


def add_print_shop_option(p: argparse.ArgumentParser) -> None:
    """``--print-shop``: also OUT/print-shop/, one PDF per face kind (:mod:`cardgen.cards.printshop`)."""
    p.add_argument("--print-shop", action="store_true",
                   help="also write OUT/print-shop/: unit fronts, unit backs and powers, one card per page "
                        "with TrimBox and BleedBox, 3 mm bleed (cardgen cards: unless --bleed says otherwise)")


def add_css_option(p: argparse.ArgumentParser, which: str) -> None:
    """``--css FILE`` (repeatable): more stylesheets after cardgen's and the theme's."""
    p.add_argument("--css", type=Path, action="append", default=[], metavar="FILE",
                   help=f"one more stylesheet after the theme's, {which} (repeatable)")


def apply_project(args: argparse.Namespace, project: Project) -> argparse.Namespace:
    """Fill each of the command's ``project_options`` not given on the command line from ``project``;
    remember which (``args.from_project``) so that :func:`reload_project` can fill them anew."""
    args.project = project
    args.from_project = []
    for name in getattr(args, "project_options", ()):
        if getattr(args, name, None) is None:
            setattr(args, name, getattr(project, name))
            args.from_project.append(name)
    return args


def reload_project(args: argparse.Namespace) -> argparse.Namespace:
    """Read the project file again (``cardgen watch``: it may have changed) and fill the defaults anew."""
    for name in getattr(args, "from_project", ()):
        setattr(args, name, None)
    return apply_project(args, find_project())


def project_of(args: argparse.Namespace) -> Project:
    """The project :func:`main` found for this run (found now if a caller skipped :func:`main`)."""
    project = getattr(args, "project", None)
    if project is None:
        project = apply_project(args, find_project()).project
    return project


def _plugin_commands() -> list:
    """Subcommands that live with their stage (cards, rulebook, build, watch, serve, init, diff)."""
    from cardgen import buildcmd
    from cardgen import init as init_command
    from cardgen.cards import command as cards_command
    from cardgen.errata import command as diff_command
    from cardgen.rulebook import command as rulebook_command
    from cardgen.serve import command as serve_command

    return [cards_command, rulebook_command, buildcmd, init_command, diff_command, serve_command]


def main(argv: list[str] | None = None, journal: bool = False) -> int:
    """Run one command; ``journal``: the ``cardgen`` command itself (:mod:`cardgen.entry`), whose
    no-change builds are recorded for replay (:mod:`cardgen.journal`)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if journal and args.command == "build":
        args.command_line = list(sys.argv[1:] if argv is None else argv)
    try:
        if hasattr(args, "project_options"):
            apply_project(args, find_project())
        return args.func(args)
    except CardgenError as exc:
        for line in exc.lines():
            print(escape_lines(line), file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except OSError as exc:                   # a last safety net: one line, never a traceback
        print(f"cardgen: {os_error_line(exc)}", file=sys.stderr)
        return 1


def os_error_line(exc: OSError) -> str:
    """``file: reason`` of an I/O error (or of a :class:`~cardgen.safefs.FileRefused`)."""
    from cardgen.safefs import FileRefused

    if isinstance(exc, FileRefused):
        return one_line(f"{display_path(exc.path)}: {exc.reason}")
    name = display_path(exc.filename) if exc.filename is not None else "?"
    return one_line(f"{name}: {exc.strerror or exc}")
