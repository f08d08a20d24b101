"""The project file ``cardgen.toml``: where a designer's repository keeps what.

Every command looks for ``cardgen.toml`` in the current folder and then in
each folder above it, like git, ruff and mkdocs do; the folder holding it is
the **project root**.  Every key is optional::

    content   = "content"              # the content folder (units/, weapons/ ...)
    out       = "build"                # where the PDFs go
    rulebooks = ["Regeln/*.md"]        # Markdown documents to print as rulebooks (globs)
    assets    = ["Grafiken"]           # more folders to look up rulebook pictures in
    theme     = "theme"                # stylesheets, fonts/ and templates/ of the project's look
    fonts     = ["Fonts"]              # folders of .ttf/.otf files, usable by family name
    font_synthesis = true              # make the bold and italic faces a family lacks, as Chromium does
    strict    = false                  # any warning fails `cardgen build` / `cardgen rulebook`
    version   = "1.2"                  # the content's version, stamped on group covers and rulebooks
    version_on_cards = false           # also print it in the corner of each unit card's front
    site      = false                  # `cardgen build` also writes the web edition, build/site/ (cardgen site)
    keyword_links = "first"            # rulebooks link a keyword's first mention per section: "every", "off"
    rulebook_base = "cardgen"          # what a rulebook looks like where your CSS is silent: cardgen's look, or
                                       # "markdown-extended": VS Code's preview as Markdown Extended printed it

    languages = ["de", "en"]           # the content's languages, the source's first (docs/translations.md)

    [toc]
    levels = [2, 3]                    # heading levels the table of contents lists

    [css]                              # more stylesheets, applied after cardgen's and the theme's
    rulebook = ["Regeln/markdown.css"]
    cards    = []                      # unit card faces
    powers   = []                      # power cards
    groups   = []                      # group sheets' cover pages

Paths are relative to the project root and must stay below it once every
symlink is resolved (the project root is the allowed root for pictures,
stylesheets and fonts).  ``rulebooks`` defaults to every ``*.md`` below the
content folder (``rulebooks = []``: no rulebook); ``fonts`` to whichever of
``fonts/``, ``Fonts/`` and ``<theme>/fonts/`` exist.  A wrong key or value is
an error with file, line, column and key, all of them in one run, like a
content error: a key whose type is wrong is left out and every other key's
paths are still checked.

The file is read with caps, as content is: at most
:data:`~cardgen.project.schema.MAX_PROJECT_BYTES`, nested at most
64 levels and 50,000 values (:mod:`cardgen.project.tomlcaps`); a path at most
:data:`~cardgen.project.schema.MAX_PATH_CHARS`
characters (255 a name) and no NUL; at most :data:`~cardgen.project.schema.MAX_LIST` entries a list; each ``rulebooks``
glob is capped as :mod:`cardgen.project.globwalk` says.  Every refusal is an error at its line.  A
project file of another user, or in a folder anyone may write to, is passed over with a warning
(:mod:`cardgen.project.find`).

Without a project file, nothing changes: the project root is the current
folder but is *not* an allowed root for pictures (a rulebook reads its own
folder and ``--assets`` folders), no theme or font folder is looked up, and
the defaults above hold.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path


from cardgen.errors import ContentError, shortened
from cardgen.project.globwalk import MAX_ENTRIES as MAX_WALK
from cardgen.project.globwalk import TooManyEntries, match_files, pattern_problem
from cardgen.project.schema import MAX_PROJECT_BYTES, KeyLines, dotted, file_problem, syntax_problem, validate
from cardgen.project.find import PROJECT_FILE, find_project_file
from cardgen.project.revision import project_stamp, short_stamp
from cardgen.safefs import NAME_TOO_LONG, FileRefused, check_file, is_folder, name_too_long, read_file
from cardgen.project.tomlcaps import data_problem, nesting_problem

__all__ = ["PROJECT_FILE", "Project", "find_project", "find_project_file", "load_project"]
CSS_TARGETS = ("rulebook", "cards", "powers", "groups")
"""The documents a stylesheet can be meant for: the rulebook, unit card faces, power cards, group covers."""
DEFAULT_FONT_FOLDERS = ("fonts", "Fonts")
@dataclass(frozen=True)
class Project:
    """Where a designer's repository keeps what (see the module docstring).

    ``file`` is the ``cardgen.toml`` read, or ``None``: then ``root`` is the
    current folder and none of it is an allowed root (:attr:`allowed_roots`)."""

    root: Path
    file: Path | None = None
    content: Path = Path("content")
    out: Path = Path("build")
    rulebooks: tuple[str, ...] | None = None         # globs below root; None = every *.md below content
    content_named: bool = False                      # the project file names its content folder
    assets: tuple[Path, ...] = ()
    theme: Path | None = None                        # the theme folder, if the project has one
    fonts: tuple[Path, ...] = ()
    font_synthesis: bool = True                      # the bold and italic faces a family lacks made (cardgen.fonts.synth)
    strict: bool = False
    version: str | None = None                       # the content's version (group sheets' covers)
    version_on_cards: bool = False                   # the version in each unit card's corner too
    site: bool = False                               # cardgen build writes the web edition too (cardgen.site)
    keyword_links: str = "first"                     # which keyword mentions a rulebook links (rulebook.keywords)
    rulebook_base: str = "cardgen"                   # the look under the author's CSS (cardgen.paths: BASES)
    toc_levels: tuple[int, ...] | None = None        # None: the book's default
    css: dict[str, tuple[Path, ...]] = field(default_factory=dict)   # target → stylesheets
    rulebook_lines: tuple[tuple[int, int], ...] = field(default=(), compare=False)   # each glob's line, column
    languages: tuple[str, ...] = ()                  # the source's language first, then its translations; ()
                                                     # without ``languages``: one language, nothing translated

    @property
    def translations(self) -> tuple[str, ...]:
        """The languages built besides the source's (``languages`` without its first)."""
        return self.languages[1:]

    @property
    def allowed_roots(self) -> tuple[Path, ...]:
        """The folders every picture, stylesheet and font of the project may come from."""
        return (self.root,) if self.file is not None else ()

    def stylesheets(self, target: str) -> tuple[Path, ...]:
        """The project file's extra stylesheets for ``target`` (one of :data:`CSS_TARGETS`)."""
        return self.css.get(target, ())

    def rulebook_sources(self) -> list[Path] | None:
        """The ``*.md`` files the ``rulebooks`` globs match (sorted), or ``None`` when it is not set.

        ``rulebooks = []`` means no rulebook at all.  The files are not checked
        here: a caller reads each through :func:`cardgen.safefs.check_file`."""
        if self.rulebooks is None:
            return None
        found: set[Path] = set()
        for pattern in self.rulebooks:
            found.update(self.rulebook_matches(pattern))
        return sorted(found)

    def stamp(self) -> str:
        """The version stamp its outputs print (:func:`cardgen.project.revision.project_stamp`)."""
        return project_stamp(self.root, self.version, self.file is not None)

    def card_stamp(self) -> str:
        """What a unit card's corner prints: "" unless ``version_on_cards``; else the shortest name
        of the revision (:func:`cardgen.project.revision.short_stamp`), to fit beside the points."""
        return short_stamp(self.root, self.version) if self.version_on_cards and self.file is not None else ""

    def rulebook_matches(self, pattern: str) -> list[Path]:
        """The ``*.md`` files (not folders) one ``rulebooks`` glob matches, sorted, by one capped walk
        (:func:`cardgen.project.globwalk.match_files`); a walk too large is an error at the glob's line."""
        try:
            return [p for p in match_files(self.root, pattern) if p.suffix.lower() == ".md" and not p.is_dir()]
        except TooManyEntries:
            index = self.rulebooks.index(pattern) if self.rulebooks and pattern in self.rulebooks else 0
            where = self.rulebook_lines[index] if index < len(self.rulebook_lines) else (0, 0)
            raise ContentError([file_problem(self.file or self.root, where, f"rulebooks[{index}]",
                                         f"'{pattern}' looks at more than {MAX_WALK} files and folders",
                                         "name the folders the rulebooks lie in, like \"Regeln/*.md\"")]) from None


def find_project(start: Path | None = None) -> Project:
    """The project whose root holds the nearest ``cardgen.toml`` at or above ``start`` (default:
    the current folder); without one, today's defaults with ``start`` as the root."""
    start = Path.cwd() if start is None else Path(start)
    path = find_project_file(start)
    if path is None:
        return Project(root=start.absolute())
    return load_project(path)


def load_project(path: Path) -> Project:
    """Read and check ``path``; every problem is reported at once as a :class:`ContentError`."""
    path = Path(path).absolute()
    root = path.parent
    try:
        raw = read_file(path, (root.resolve(),), MAX_PROJECT_BYTES)
    except FileRefused as exc:
        raise ContentError([file_problem(path, (0, 0), "", f"cannot be read: {exc.reason}")]) from None
    text = raw.decode("utf-8", errors="replace")
    nesting = nesting_problem(text)
    if nesting is not None:
        raise ContentError([file_problem(path, nesting[:2], "", nesting[2], "cardgen.toml needs no deep nesting")])
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ContentError([syntax_problem(path, exc)]) from None
    except RecursionError:                  # a safety net: nesting_problem finds it first
        raise ContentError([file_problem(path, (0, 0), "", "nests too deeply")]) from None
    lines = KeyLines(text)
    too_much = data_problem(data)
    if too_much is not None:
        raise ContentError([file_problem(path, lines.find(too_much[0][:8]), dotted(too_much[0][:8]), too_much[1],
                                     "cardgen.toml needs no deep nesting")])
    model, problems = validate(path, lines, data)

    def folder(value: str, loc: tuple[str | int, ...], must_exist: bool = False) -> Path:
        where = lines.find(loc)
        problem = _path_problem(root, value)
        if problem is None and must_exist and not is_folder(root / value):
            problem = f"no folder '{value}' below the project root"
        if problem:
            problems.append(file_problem(path, where, dotted(loc), problem,
                                     "paths in cardgen.toml are relative to the folder holding it"))
        return root / value

    content = folder(model.content, ("content",))
    out = folder(model.out, ("out",))
    assets = tuple(folder(value, ("assets", i), must_exist=True) for i, value in enumerate(model.assets))
    for i, pattern in enumerate(model.rulebooks or ()):
        if not pattern.strip() or pattern.startswith("/") or ".." in Path(pattern).parts:
            problems.append(file_problem(path, lines.find(("rulebooks", i)), f"rulebooks[{i}]",
                                     f"'{pattern}' must be a pattern below the project root",
                                     "no '/' first and no '..', like \"Regeln/*.md\""))
        elif (refused := pattern_problem(pattern)) is not None:
            problems.append(file_problem(path, lines.find(("rulebooks", i)), f"rulebooks[{i}]",
                                     f"'{pattern}' {refused}", "name the folders, like \"Regeln/*.md\""))
    theme_dir = folder(model.theme, ("theme",))
    theme = theme_dir if is_folder(theme_dir) else None
    if model.fonts is None:
        fonts = tuple(root / name for name in DEFAULT_FONT_FOLDERS if (root / name).is_dir())
        if theme is not None and (theme / "fonts").is_dir():
            fonts += (theme / "fonts",)
    else:
        fonts = tuple(folder(value, ("fonts", i), must_exist=True) for i, value in enumerate(model.fonts))
    css: dict[str, tuple[Path, ...]] = {}
    for target in CSS_TARGETS:
        files = []
        for i, value in enumerate(getattr(model.css, target)):
            where = lines.find(("css", target, i))
            problem = _path_problem(root, value)
            if problem is None:
                try:
                    check_file(root / value, (root.resolve(),))
                except FileRefused as exc:
                    problem = f"'{shortened(value)}': {exc.reason}"
            if problem:
                problems.append(file_problem(path, where, f"css.{target}[{i}]", problem,
                                         "name a stylesheet below the project root, like \"theme/extra.css\""))
            files.append(root / value)
        css[target] = tuple(files)
    if problems:
        raise ContentError(problems)
    rulebooks = None if model.rulebooks is None else tuple(model.rulebooks)
    return Project(root=root, file=path, content=content, out=out, rulebooks=rulebooks,
                   content_named="content" in model.model_fields_set,
                   assets=assets, theme=theme, fonts=fonts, font_synthesis=model.font_synthesis,
                   strict=model.strict, version=model.version, version_on_cards=model.version_on_cards,
                   site=model.site,
                   keyword_links=model.keyword_links, rulebook_base=model.rulebook_base,
                   toc_levels=tuple(model.toc.levels) if model.toc else None, css=css,
                   rulebook_lines=tuple(lines.find(("rulebooks", i)) for i in range(len(rulebooks or ()))),
                   languages=tuple(model.languages or ()))


def _path_problem(root: Path, value: str) -> str | None:
    """Why ``value`` is not a path below ``root`` (after resolving symlinks), or ``None``."""
    if not value or Path(value).is_absolute():
        return f"'{shortened(value)}' must be a path relative to the project root"
    if name_too_long(root / value):
        return f"'{shortened(value)}': {NAME_TOO_LONG}"
    real_root = Path(os.path.realpath(root))         # (not Path.resolve: a link loop is no RuntimeError)
    real = Path(os.path.realpath(root / value))
    if real != real_root and real_root not in real.parents:
        return f"'{shortened(value)}' leaves the project root"
    return None
