"""``cardgen init [DIR]``: start a designer's repository (the writing: :mod:`cardgen.init.start`).

In an existing repository -- no ``cardgen.toml``, no ``content/``, but a Markdown book or
``.vscode/settings.json`` (:func:`cardgen.init.adopt.is_repository`) -- it *adopts* what is there: a
``cardgen.toml`` naming its books, stylesheets, contents levels, fonts and pictures, and the CI
workflow; no example content.  An empty folder, or one without either, gets cardgen's scaffold."""

from __future__ import annotations

import argparse
import os
import shlex
from pathlib import Path, PurePosixPath

from cardgen.init.adopt import Survey, is_repository, project_text, survey
from cardgen.errors import UsageError, display_path, one_line
from cardgen.init.languages import parse_languages, with_languages, workflow_with_languages
from cardgen.init.start import (EXISTS, PIP_SPEC_MARK, WORKFLOW, PipSpec, check_pip_spec, installed_pip_spec, plan_files,
                          scaffold_files, write_all)

PROJECT = PurePosixPath("cardgen.toml")


def add_parser(subparsers) -> argparse.ArgumentParser:
    """Register ``init`` on the ``cardgen`` subcommand parser."""
    parser = subparsers.add_parser(
        "init", help="start a project: cardgen.toml, example content, rulebook, theme, CI",
        description="Write a new cardgen project into DIR: cardgen.toml, a small valid content/ folder, "
                    "Regeln/Regelbuch.md, Grafiken/logo.svg, commented stylesheets in theme/, .gitignore, "
                    ".pre-commit-config.yaml and .github/workflows/cardgen.yml. Nothing is overwritten.")
    parser.add_argument("dir", nargs="?", type=Path, default=Path("."), metavar="DIR",
                        help="the project folder (default: the current folder; created if missing)")
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--missing-only", action="store_true",
                       help="in an existing repository: write every file of the scaffold that does not exist, "
                            "keep every one that does (listing both)")
    which.add_argument("--ci", action="store_true",
                       help=f"write only the GitHub workflow ({WORKFLOW}), unless it exists")
    parser.add_argument("--languages", metavar="LANGS",
                        help="the content's languages, the source's first, like de,en: written as cardgen.toml's "
                             "`languages`, and the workflow builds each and fails on missing translations only "
                             "with the repository variable CARDGEN_STRICT = true (docs/translations.md)")
    parser.add_argument("--pip-spec", metavar="SPEC",
                        help="what the workflow installs with pip (default: this cardgen, at its git commit "
                             "when it was installed from git, else cardgen==VERSION)")
    parser.set_defaults(func=run)
    return parser


def run(args: argparse.Namespace) -> int:
    """Write the scaffold into ``args.dir``; print what was written and the next steps."""
    target: Path = args.dir
    pip = PipSpec(check_pip_spec(args.pip_spec)) if args.pip_spec is not None else installed_pip_spec()
    languages = parse_languages(args.languages) if getattr(args, "languages", None) else ()
    scaffold = scaffold_files()
    if args.ci:
        scaffold = {WORKFLOW: scaffold[WORKFLOW]}
    if target.exists() and not target.is_dir():
        raise UsageError(f"{display_path(target)}: is not a folder")
    if not (args.missing_only or args.ci) and adoptable(target):
        return adopt(target, pip, scaffold, languages)
    plan = plan_files(target, scaffold, missing_only=args.missing_only or args.ci)
    if plan.conflicts:
        lines = [f"{display_path(target)}: {len(plan.conflicts)} file(s) in the way, nothing written "
                 "(move them away or choose another folder):"]
        lines += [f"  {one_line(display_path(path))}: {why}" for path, why in plan.conflicts]
        if all(why == EXISTS for _, why in plan.conflicts):        # only files: --missing-only would do
            lines.append("(cardgen init --missing-only writes every other file and keeps these as they are)")
        raise UsageError("\n".join(lines))
    contents = {rel: scaffold[rel].read_bytes() for rel in plan.write}
    if WORKFLOW in contents:
        contents[WORKFLOW] = workflow_bytes(scaffold, pip, languages)
    if PROJECT in contents and languages:
        contents[PROJECT] = with_languages(contents[PROJECT].decode("utf-8"), languages).encode("utf-8")
    write_all(target, contents)
    print_report(target, plan.write, pip if WORKFLOW in contents else None, plan.keep)
    return 0


def workflow_bytes(scaffold: dict, pip: PipSpec, languages: tuple[str, ...] = ()) -> bytes:
    """The GitHub workflow of the scaffold, installing ``pip``'s cardgen; with ``languages``, strict only
    when asked (:func:`cardgen.init.languages.workflow_with_languages`)."""
    text = scaffold[WORKFLOW].read_bytes().decode("utf-8").replace(PIP_SPEC_MARK, shlex.quote(pip.spec))
    return (workflow_with_languages(text) if languages else text).encode("utf-8")


def adoptable(target: Path) -> bool:
    """Whether ``target`` is an existing repository cardgen has not been set up in: no project file,
    no content folder, but a book or the editor's settings (:func:`cardgen.init.adopt.is_repository`)."""
    return (target.is_dir() and not os.path.lexists(target / "cardgen.toml")
            and not os.path.lexists(target / "content") and is_repository(target))


def adopt(target: Path, pip: PipSpec, scaffold: dict, languages: tuple[str, ...] = ()) -> int:
    """Write ``cardgen.toml`` for what ``target`` holds, and the workflow unless there is one; no content."""
    found = survey(target)
    text = project_text(found)
    contents = {PROJECT: (with_languages(text, languages) if languages else text).encode("utf-8")}
    if not os.path.lexists(target / WORKFLOW):
        contents[WORKFLOW] = workflow_bytes(scaffold, pip, languages)
    write_all(target, contents)
    print_adopted(target, found, list(contents), pip if WORKFLOW in contents else None)
    return 0


def print_adopted(target: Path, found: Survey, written: list[PurePosixPath], pip: PipSpec | None) -> None:
    """What ``cardgen init`` found in an existing repository and what it wrote from it."""
    where = display_path(target)
    print(f"adopted the repository in {where} (no example content written); found:")
    print(f"  {len(found.books)} Markdown book(s): {one_line(', '.join(found.books)) or 'none'}")
    if found.settings:
        styles = one_line(", ".join(found.styles)) or "none usable"
        levels = list(found.toc_levels) if found.toc_levels else "not set"
        print(f"  .vscode/settings.json: markdown.styles {styles}; markdownExtended.tocLevels {levels}")
    print(f"  fonts: {one_line(', '.join(found.fonts)) or 'none'}; pictures: {one_line(', '.join(found.assets)) or 'none'}")
    print(f"  rulebook base: {found.base}" + (f" ({', '.join(found.why_base)})" if found.why_base else ""))
    for problem in found.problems:
        print(problem.format())
    print(f"wrote {len(written)} file(s): {', '.join(str(rel) for rel in written)}")
    if pip is not None and pip.note:
        print(f"note: {pip.note}")
    print("next: cardgen build" + (f" (in {shlex.quote(where)})" if where != "." else "")
          + "   # every book to build/rulebooks/")


def print_report(target: Path, written: list[PurePosixPath], pip: PipSpec | None,
                 kept: list[PurePosixPath] | None = None) -> None:
    """What was written and what was kept as it is (the content folder summed up per kind), what
    the workflow installs (if it was written) and what to do next."""
    where = display_path(target)
    print(f"wrote {len(written)} files in {where}{':' if written else ''}")
    print_files(written)
    if kept is not None:
        print(f"kept {len(kept)} existing files as they are{':' if kept else ''}")
        print_files(kept)
    if pip is not None:
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


def print_files(files: list[PurePosixPath]) -> None:
    """One line per file, the content folder's files summed up per kind."""
    kinds: dict[str, int] = {}
    for rel in files:
        if rel.parts[0] == "content" and len(rel.parts) > 2:
            kinds[rel.parts[1]] = kinds.get(rel.parts[1], 0) + 1
        else:
            print(f"  {one_line(str(rel))}")
    for kind, count in kinds.items():
        print(f"  content/{kind}/ ({count} file{'s' if count != 1 else ''})")
