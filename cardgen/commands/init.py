"""``cardgen init [DIR]``: start a designer's repository (the writing: :mod:`cardgen.init`)."""

from __future__ import annotations

import argparse
import shlex
from pathlib import Path, PurePosixPath

from cardgen.errors import UsageError, display_path, one_line
from cardgen.init import (PIP_SPEC_MARK, WORKFLOW, PipSpec, check_pip_spec, find_conflicts, installed_pip_spec,
                          scaffold_files, write_all)


def add_parser(subparsers) -> argparse.ArgumentParser:
    """Register ``init`` on the ``cardgen`` subcommand parser."""
    parser = subparsers.add_parser(
        "init", help="start a project: cardgen.toml, example content, rulebook, theme, CI",
        description="Write a new cardgen project into DIR: cardgen.toml, a small valid content/ folder, "
                    "Regeln/Regelbuch.md, Grafiken/logo.svg, commented stylesheets in theme/, .gitignore, "
                    ".pre-commit-config.yaml and .github/workflows/cardgen.yml. Nothing is overwritten.")
    parser.add_argument("dir", nargs="?", type=Path, default=Path("."), metavar="DIR",
                        help="the project folder (default: the current folder; created if missing)")
    parser.add_argument("--pip-spec", metavar="SPEC",
                        help="what the workflow installs with pip (default: this cardgen, at its git commit "
                             "when it was installed from git, else cardgen==VERSION)")
    parser.set_defaults(func=run)
    return parser


def run(args: argparse.Namespace) -> int:
    """Write the scaffold into ``args.dir``; print what was written and the next steps."""
    target: Path = args.dir
    pip = PipSpec(check_pip_spec(args.pip_spec)) if args.pip_spec is not None else installed_pip_spec()
    scaffold = scaffold_files()
    if target.exists() and not target.is_dir():
        raise UsageError(f"{display_path(target)}: is not a folder")
    conflicts = find_conflicts(target, scaffold)
    if conflicts:
        lines = [f"{display_path(target)}: {len(conflicts)} file(s) in the way, nothing written "
                 "(move them away or choose another folder):"]
        lines += [f"  {one_line(display_path(path))}: {why}" for path, why in conflicts]
        raise UsageError("\n".join(lines))
    contents = {rel: source.read_bytes() for rel, source in scaffold.items()}
    contents[WORKFLOW] = contents[WORKFLOW].replace(PIP_SPEC_MARK.encode(), shlex.quote(pip.spec).encode())
    write_all(target, contents)
    print_report(target, list(scaffold), pip)
    return 0


def print_report(target: Path, written: list[PurePosixPath], pip: PipSpec) -> None:
    """What was written (the content folder summed up per kind) and what to do next."""
    where = display_path(target)
    print(f"wrote {len(written)} files in {where}:")
    kinds: dict[str, int] = {}
    for rel in written:
        if rel.parts[0] == "content" and len(rel.parts) > 2:
            kinds[rel.parts[1]] = kinds.get(rel.parts[1], 0) + 1
        else:
            print(f"  {rel}")
    for kind, count in kinds.items():
        print(f"  content/{kind}/ ({count} file{'s' if count != 1 else ''})")
    print(f"the workflow installs: {pip.spec}")
    if pip.note:
        print(f"note: {pip.note}")
    print("next steps:")
    if where != ".":
        print(f"  cd {shlex.quote(where)}")
    print("  cardgen validate         # check the content")
    print("  cardgen build            # cards, power cards, group sheets and build/rulebooks/Regeln/Regelbuch.pdf")
    print("  git init && git add -A   # then push it; GitHub builds the PDFs on every push")
    print("  pre-commit install       # optional: validate the content before each commit")
