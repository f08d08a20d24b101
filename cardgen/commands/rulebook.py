"""``cardgen rulebook FILE.md``: the command-line glue of the rulebook build.

``add_parser(subparsers)`` registers the subcommand (``cardgen.commands.main`` lists
this module by name); ``run(args)`` builds and returns the exit code.
Warnings go to stderr one per line as ``FILE:LINE: warning: message``;
with ``--strict`` any warning gives exit 1 and no PDF is written (the
build's one warning counter, :class:`cardgen.build.context.Summary`).  The project
file (:mod:`cardgen.project.file`) gives the defaults: the output folder, the
content folder, ``strict``, the asset folders, the theme.  A missing
input file or folder is a :class:`~cardgen.errors.UsageError` (exit 1, no
traceback).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from cardgen.atomic import write_atomic
from cardgen.commands.options import add_chapters_option, add_verbose_option, settings_of
from cardgen.errors import CardgenError, display_path

def add_parser(subparsers) -> argparse.ArgumentParser:
    """Register ``rulebook`` on the ``cardgen`` subcommand parser."""
    parser = subparsers.add_parser(
        "rulebook", help="render a Markdown rulebook to an A4 PDF",
        description="Render a rulebook in the Universalis Markdown dialect (or any CommonMark "
                    "document) to an A4 PDF with contents, bookmarks and working links.")
    parser.add_argument("file", type=Path, metavar="FILE.md", help="the Markdown document")
    parser.add_argument("--out", type=Path, metavar="FILE.pdf",
                        help="where to write the PDF (default: where cardgen build puts it, <the project's "
                             "output folder, else build>/rulebooks/<its path below the project root, or the "
                             "content folder>.pdf; a file outside both: rulebooks/<name>.pdf)")
    parser.add_argument("--assets", type=Path, action="append", default=[], metavar="DIR",
                        help="another folder to look up images in (repeatable; searched after "
                             "the document's folder, before cardgen's own assets)")
    parser.add_argument("--content", type=Path, default=None, metavar="DIR",
                        help="content folder for {{ table: ... }} (default: the project's content "
                             "folder, else ./content, if it exists)")
    parser.add_argument("--css", type=Path, action="append", default=[], metavar="FILE",
                        help="one more stylesheet after the theme's, for this rulebook (repeatable)")
    parser.add_argument("--strict", action=argparse.BooleanOptionalAction, default=None,
                        help="any warning is an error, exit 1 (default: the project file's strict, else off)")
    parser.add_argument("--draft", action="store_true", help="show the TODO notes")
    add_chapters_option(parser)
    add_verbose_option(parser)
    parser.set_defaults(func=run, project_options=("strict",))
    return parser


def run(args: argparse.Namespace) -> int:
    """Build the rulebook; print warnings to stderr; return the exit code.  With ``args.command_line`` (the
    ``cardgen`` command itself, :mod:`cardgen.entry`), a successful run is kept in the journal, so the same
    command with nothing changed replays it next time (:mod:`cardgen.speed.bookjournal`)."""
    # lazy: the rulebook's build (Markdown, the theme, the cache, WeasyPrint); cli imports this module for every subcommand
    from cardgen.build.run import default_rulebook_output
    from cardgen.build.cache import Cache
    from cardgen.build.context import Summary, icon_set_line
    from cardgen.rulebook.build import build_rulebook
    from cardgen.look.theme import theme_for

    settings = settings_of(args)
    project = settings.project
    content = args.content
    if content is None and project.content.is_dir():
        content = project.content
    # where cardgen build puts the same book, below its own folder: never on a card output
    out = args.out or project.out / default_rulebook_output(args.file, project, content or project.content)
    journal = _recorder(args, project, out, content, list(settings.css))
    summary = Summary(strict=settings.strict)
    try:
        theme = theme_for(project, list(settings.css))
        result = build_rulebook(args.file, out, args.assets, draft=args.draft, content_dir=content, write=False,
                                project=project, theme=theme, chapters=settings.chapters,
                                cache=Cache(project.out) if settings.chapters else None)
        for warning in [*theme.warnings, *result.warnings]:
            summary.warn(warning.format())
        for note in [*theme.notes, *result.notes]:
            summary.note(note)
        summary.check_strict(f"{display_path(out)} not written")
        write_atomic(out, result.pdf)
    except BaseException as exc:
        if journal is not None:
            journal.forget()
        if not isinstance(exc, CardgenError):
            raise
        for line in exc.lines():
            print(line, file=sys.stderr)
        return 1
    lines = [("stderr", message) for message in [*summary.warnings, *summary.notes]]
    lines += [("stdout", icon_set_line(result.icon_set, settings.verbose))] if result.icon_set else []
    lines += [("stdout", line) for line in result.todo_lines]     # as cardgen build says it (rulebook.todo.todo_lines)
    lines += [("stdout", f"wrote {display_path(out)} ({result.pages} pages)")]
    for stream, line in lines:
        print(line, file=sys.stderr if stream == "stderr" else sys.stdout)
    if journal is not None:
        journal.finish_book(lines, args.file, result.reads.files, result.pdf)
    return 0


def _recorder(args: argparse.Namespace, project, out: Path, content: Path | None, css: list[Path]):
    """The journal of this run (:class:`cardgen.speed.bookjournal.BookRecorder`), when the ``cardgen``
    command runs it; None otherwise."""
    if not getattr(args, "command_line", None):
        return None
    # lazy: the journal, only for the cardgen command itself
    from cardgen.project.file import CSS_TARGETS
    from cardgen.speed.bookjournal import BookRecorder

    root = project.root if project.file is not None else None
    index = [args.file.parent, *args.assets, *((root,) if root else ())]
    theme = [*((project.theme,) if root and project.theme else ()), *(project.fonts if root else ())]
    sheets = [p for target in CSS_TARGETS for p in project.stylesheets(target)] if root else []
    return BookRecorder(args.command_line, args.file, out, project.out, index, content, theme, [*sheets, *css], root)
