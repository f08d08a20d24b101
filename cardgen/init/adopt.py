"""``cardgen init`` in an existing repository: what is there, and the ``cardgen.toml`` that names it.

A designer's repository of rulebooks (three books in ``Regeln/``, his ``markdown.css``, ``Fonts/``,
``Grafiken/``, VS Code's ``.vscode/settings.json``) is *adopted*, not filled with cardgen's example:
:func:`survey` looks at what is there and :func:`project_text` writes a project file naming it.

* **Books**: Markdown files with front matter (a first line ``---``) or a ``[[toc]]``; each folder
  holding one becomes the glob ``FOLDER/*.md`` (its other ``.md`` files are chapters of the same
  repository), a book at the top is named alone (so a ``README.md`` beside it is no book).
* **The editor's settings** (:mod:`cardgen.init.vscodesettings`): ``markdown.styles`` that name a file
  below the repository become ``[css] rulebook``; ``markdownExtended.tocLevels`` ``[toc] levels``.
* **Fonts**: folders holding font files (``fonts``); **pictures**: top-level folders of pictures
  that hold no book (``assets``).
* **The base** (``rulebook_base``): ``"markdown-extended"`` when the settings name a Markdown
  Extended setting or a book's front matter has ``puppeteer:`` (that extension's PDF export).

A folder is an existing repository (:func:`is_repository`) when it has a book or
``.vscode/settings.json``; an empty folder, or one with neither, gets cardgen's scaffold instead.
Every file is read through :mod:`cardgen.safefs` (no link out of the folder, capped), every walk is
capped (:mod:`cardgen.project.globwalk`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from cardgen.errors import Problem, UsageError, display_path
from cardgen.fonts.lookup import FONT_SUFFIXES
from cardgen.project.globwalk import MAX_ENTRIES, TooManyEntries, match_files
from cardgen.safefs import FileRefused, read_file, resolve_roots
from cardgen.init.vscodesettings import SETTINGS, EditorSettings, read_settings

MAX_BOOK_BYTES = 5 * 1024 * 1024
PICTURE_SUFFIXES = (".svg", ".png", ".jpg", ".jpeg", ".gif", ".webp")
SKIPPED = ("build", "node_modules", "content")      # an output folder, an editor's packages, cardgen's content
TOC = re.compile(r"^\s*\[\[toc\]\]\s*$", re.M | re.I)
PUPPETEER = re.compile(r"^puppeteer\s*:", re.M)


@dataclass(frozen=True)
class Survey:
    """What :func:`survey` found in a repository (paths relative to it, POSIX, sorted)."""

    books: tuple[str, ...] = ()                   # the Markdown files the globs name
    rulebooks: tuple[str, ...] = ()               # the globs naming them
    styles: tuple[str, ...] = ()                  # [css] rulebook
    toc_levels: tuple[int, ...] | None = None
    fonts: tuple[str, ...] = ()
    assets: tuple[str, ...] = ()
    base: str = "cardgen"
    why_base: tuple[str, ...] = ()                # what made the base "markdown-extended"
    settings: bool = False                        # .vscode/settings.json was there
    problems: tuple[Problem, ...] = field(default=())


def files_below(root: Path, suffixes: tuple[str, ...]) -> list[PurePosixPath]:
    """Every file below ``root`` ending in one of ``suffixes``, relative, outside hidden and
    :data:`SKIPPED` folders; one capped walk (a tree too large is a :class:`UsageError`)."""
    try:
        found = match_files(root, "**/*")
    except TooManyEntries:
        raise UsageError(f"{display_path(root)}: more than {MAX_ENTRIES} files and folders to look through; "
                         "write cardgen.toml yourself (see docs/your-repository.md)") from None
    relative = [PurePosixPath(path.relative_to(root).as_posix()) for path in found]
    return [path for path in relative if path.suffix.lower() in suffixes
            and not any(part.startswith(".") or part in SKIPPED for part in path.parts[:-1])]


def read_book(root: Path, path: PurePosixPath) -> str:
    """The text of a Markdown file, or "" when it cannot be read (then it is no book)."""
    try:
        return read_file(root / path, resolve_roots([root]), MAX_BOOK_BYTES).decode("utf-8-sig", errors="replace")
    except FileRefused:
        return ""


def find_books(root: Path) -> tuple[list[PurePosixPath], bool, list[PurePosixPath]]:
    """The Markdown books below ``root`` (front matter or ``[[toc]]``), whether one has puppeteer
    front matter, and every Markdown file."""
    books, puppeteer, markdown = [], False, files_below(root, (".md",))
    for path in markdown:
        text = read_book(root, path)
        front = text.startswith("---\n") or text.startswith("---\r\n")
        if front or TOC.search(text):
            books.append(path)
            end = text.find("\n---", 3) if front else -1
            puppeteer = puppeteer or bool(end > 0 and PUPPETEER.search(text[:end]))
    return books, puppeteer, markdown


def book_globs(books: list[PurePosixPath]) -> list[str]:
    """``FOLDER/*.md`` for each folder holding a book; a book at the top by its name."""
    return sorted({str(book.parent / "*.md") if book.parent.parts else str(book) for book in books})


def picture_folders(root: Path, books: list[PurePosixPath], fonts: list[str]) -> list[str]:
    """The top-level folders that hold pictures but no book and no font."""
    book_tops = {book.parts[0] for book in books if len(book.parts) > 1}
    tops = {path.parts[0] for path in files_below(root, PICTURE_SUFFIXES) if len(path.parts) > 1}
    return sorted(tops - book_tops - {font.split("/")[0] for font in fonts})


def usable_styles(root: Path, settings: EditorSettings) -> tuple[list[str], list[Problem]]:
    """``markdown.styles`` entries that are files below ``root`` (VS Code reads them relative to the
    folder it opened); any other (a URL, a path out, a missing file) is a warning and left out."""
    styles, problems = [], []
    for style in settings.styles:
        path = PurePosixPath(style.replace("\\", "/"))
        inside = not path.is_absolute() and ".." not in path.parts and "://" not in style
        if inside and (root / path).is_file():
            styles.append(str(path))
        else:
            problems.append(Problem(SETTINGS.as_posix(), 0, 0, "markdown.styles", f"'{style}' not adopted: "
                                    "not a stylesheet below this folder", "warning"))
    return styles, problems


def is_repository(root: Path) -> bool:
    """Whether ``root`` is an existing repository to adopt: it has ``.vscode/settings.json`` or a book."""
    if (root / SETTINGS).exists():
        return True
    return root.is_dir() and bool(find_books(root)[0])


def survey(root: Path) -> Survey:
    """What the repository at ``root`` holds that a ``cardgen.toml`` should name (the module docstring)."""
    books, puppeteer, markdown = find_books(root)
    folders = {book.parent for book in books if book.parent.parts}
    named = [path for path in markdown if path in books or path.parent in folders]
    settings = read_settings(root) or EditorSettings()
    styles, problems = usable_styles(root, settings)
    fonts = sorted({str(path.parent) for path in files_below(root, tuple(s.lower() for s in FONT_SUFFIXES))
                    if path.parent.parts})
    why = [reason for reason, found in (("Markdown Extended settings in .vscode/settings.json",
                                         settings.markdown_extended),
                                        ("puppeteer front matter", puppeteer)) if found]
    return Survey(tuple(str(path) for path in named), tuple(book_globs(books)), tuple(styles),
                  settings.toc_levels, tuple(fonts), tuple(picture_folders(root, books, fonts)),
                  "markdown-extended" if why else "cardgen", tuple(why), (root / SETTINGS).exists(),
                  (*settings.problems, *problems))


def toml_list(values: tuple[str, ...]) -> str:
    """A TOML list of strings (basic strings: backslashes and quotes escaped)."""
    return "[" + ", ".join('"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"' for v in values) + "]"


def project_text(found: Survey) -> str:
    """The ``cardgen.toml`` naming what :func:`survey` found (no key cardgen's default already says)."""
    lines = ["# cardgen's project file, written by `cardgen init` from what this repository holds",
             "# (every key: docs/your-repository.md).", "",
             "# the Markdown books (front matter or [[toc]])" if found.rulebooks
             else "# no Markdown book found (front matter or [[toc]]): name yours, like [\"Regeln/*.md\"]",
             f"rulebooks = {toml_list(found.rulebooks)}"]
    if found.fonts:
        lines.append(f"fonts = {toml_list(found.fonts)}")
    if found.assets:
        lines.append(f"assets = {toml_list(found.assets)}")
    if found.base != "cardgen":
        lines += ["# where your stylesheet is silent, print as VS Code's Markdown preview did (" +
                  ", ".join(found.why_base) + ")", f'rulebook_base = "{found.base}"']
    if found.toc_levels:
        lines += ["", "[toc]                      # markdownExtended.tocLevels", f"levels = {list(found.toc_levels)}"]
    if found.styles:
        lines += ["", "[css]                      # markdown.styles", f"rulebook = {toml_list(found.styles)}"]
    return "\n".join(lines) + "\n"
