"""The project's own look, layered on cardgen's.

A :class:`Theme` says, for each kind of document, which of the project's
stylesheets come after cardgen's defaults, which ``@font-face`` rules make
the project's fonts available by family name, which folder's Jinja templates
are searched before cardgen's own, and which folders all of that may be
read from.  Targets (:data:`cardgen.project.file.CSS_TARGETS`): ``rulebook``,
``cards`` (unit card faces), ``powers`` (power cards), ``groups`` (the
cover page of a group sheet).  Printer sheets (the A4 pages the faces are
placed on) are geometry, not look: they get no theme stylesheet and always
use cardgen's own ``sheet.html.j2``, so a theme can never misplace a card.

The stylesheets of a target, in the order they apply (later wins):

1. cardgen's own (``cardgen/templates/…``);
2. ``<theme>/<target>.css`` if the theme folder has one;
3. the project file's ``[css] <target> = [...]``;
4. each ``--css FILE`` given on the command line (every target);
5. for the rulebook, the document's front matter ``css:``.

``Theme()`` is cardgen's look unchanged: the same HTML, the same PDFs.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Callable, Sequence

import jinja2
from jinja2.loaders import split_template_path

from cardgen.errors import Problem, UsageError, display_path
from cardgen.fonts.lookup import find_fonts, font_face_rules
from cardgen.fonts.synth import synthesise_faces
from cardgen.project.file import CSS_TARGETS, Project
from cardgen.sandbox.environment import BoundedSandbox
from cardgen.safefs import FileRefused, check_file, file_digest, read_file, resolve_roots, walk_files

MAX_THEME_FILE_BYTES = 20 * 1024 * 1024       # one stylesheet, font or template read for the digest
MAX_TEMPLATE_BYTES = 1024 * 1024              # one template of the theme
TEMPLATES_FOLDER = "templates"


@dataclass(frozen=True)
class Theme:
    """What the project adds to cardgen's look.  Picklable (card faces render in worker processes)."""

    roots: tuple[Path, ...] = ()                          # real folders user CSS, fonts, templates may be read from
    css: tuple[tuple[str, tuple[Path, ...]], ...] = ()    # (target, stylesheets in order)
    font_faces: str = ""                                  # @font-face rules of the project's fonts
    templates: Path | None = None                         # <theme>/templates, searched before cardgen's
    fonts: tuple[Path, ...] = ()                          # the project's font files (font_faces names them and
                                                          # the faces made from them, by their digest)
    warnings: tuple[Problem, ...] = ()                    # unusable fonts and stylesheets (the caller reports them)
    notes: tuple[str, ...] = ()                           # the faces synthesised (cardgen.fonts.synth), said once a run
    base: str = "cardgen"                                 # the rulebook's look under the author's CSS (rulebook.layout)
    lang: str = "de"                                      # the language its documents are in (``lang``: hyphenation;
                                                          # a translated build's, cardgen.build.languages)

    @classmethod
    def none(cls) -> "Theme":
        """cardgen's own look."""
        return cls()

    def stylesheets(self, target: str) -> tuple[Path, ...]:
        return dict(self.css).get(target, ())

    def stylesheet_urls(self, target: str) -> list[str]:
        """The ``file:`` URLs of :meth:`stylesheets`, for ``<link>`` elements."""
        return [path.absolute().as_uri() for path in self.stylesheets(target)]

    def digest(self) -> str:
        """Everything of the theme a cached output depends on, file contents included.

        Read once per theme (a build makes one; ``cardgen watch`` a new one for
        every rebuild, so an edited stylesheet is seen).  Files are named
        relative to their root, so the digest does not depend on where the
        checkout lies."""
        known = self.__dict__.get("_digest")
        if known is None:
            known = self._read_digest()
            object.__setattr__(self, "_digest", known)        # frozen: set once, like a cached property
        return known

    def _read_digest(self) -> str:
        sha = hashlib.sha256(b"cardgen-theme 1\0")
        if self.base != "cardgen":                        # (cardgen's own: the digests of before the key)
            sha.update(f"base:{self.base}\0".encode("utf-8"))
        if self.lang != "de":                             # (German, the source's: the digests of before)
            sha.update(f"lang:{self.lang}\0".encode("utf-8"))
        for target, files in self.css:
            if not files:
                continue
            sha.update(f"css:{target}\0".encode("utf-8"))
            for path in files:
                self._add_file(sha, path)
        sha.update(b"fonts\0" + self._relative(self.font_faces).encode("utf-8") + b"\0")
        for path in self.fonts:
            self._add_file(sha, path)
        if self.templates is not None:
            sha.update(b"templates\0")
            found, _ = walk_files(self.templates, ("",), roots=resolve_roots([self.templates]))
            for path in found:
                self._add_file(sha, path)
        return sha.hexdigest()

    def _relative(self, text: str) -> str:
        for root in self.roots:
            text = text.replace(root.as_uri(), "file:///ROOT")
        return text

    def _add_file(self, sha, path: Path) -> None:
        sha.update(self._name(path).encode("utf-8") + b"\0")
        roots = self.roots or resolve_roots([Path(path).parent])
        sha.update(file_digest(path, roots, MAX_THEME_FILE_BYTES).encode("utf-8") + b"\0")

    def _name(self, path: Path) -> str:
        real = Path(path).absolute()
        for index, root in enumerate(self.roots):
            if root in real.parents:
                return f"{index}/{real.relative_to(root).as_posix()}"
        return real.as_posix()


def theme_for(project: Project, extra_css: Sequence[Path] = (), targets: Sequence[str] = CSS_TARGETS) -> Theme:
    """The theme of ``project``, plus ``extra_css`` (``--css FILE``, given by the user) for every target.

    Each ``--css`` file must be a readable file (else a :class:`~cardgen.errors.UsageError`).
    Without a project file (``project.file is None``) only ``extra_css`` counts, and
    without either the result is ``Theme()``, cardgen's own look.
    The roots are the project root (with a project file) and the folder of each
    ``--css`` file; a theme stylesheet whose real path leaves the project root is
    a warning and is not used."""
    extra = [Path(p).absolute() for p in extra_css]
    for path in extra:
        try:
            check_file(path, resolve_roots([path.parent]))
        except FileRefused as exc:
            raise UsageError(f"--css {display_path(path)}: {exc.reason}") from None
    has_file = project.file is not None
    if not has_file and not extra:
        return Theme(base=project.rulebook_base)
    root = project.root.resolve()
    roots = resolve_roots(([root] if has_file else []) + [p.parent for p in extra])
    warnings: list[Problem] = []
    css: list[tuple[str, tuple[Path, ...]]] = []
    for target in targets:
        files: list[Path] = []
        own = project.theme / f"{target}.css" if has_file and project.theme is not None else None
        if own is not None and (own.is_file() or own.is_symlink()):
            try:
                check_file(own, (root,))
                files.append(own)
            except FileRefused as exc:
                warnings.append(Problem(str(own), 0, 0, "", f"stylesheet not used: {exc.reason}", "warning"))
        if has_file:
            files += project.stylesheets(target)
        files += extra
        css.append((target, tuple(files)))
    faces, problems = find_fonts(project.fonts, (root,)) if has_file else ([], [])
    warnings += problems
    made, made_in, notes, problems = synthesise_faces(faces, (root,)) if project.font_synthesis else ([], (), [], [])
    warnings += problems
    templates = project.theme / TEMPLATES_FOLDER if has_file and project.theme is not None else None
    if templates is not None and not templates.is_dir():
        templates = None
    if templates is not None and root not in templates.resolve().parents:
        warnings.append(Problem(str(templates), 0, 0, "", "templates not used: its real path lies outside the "
                                "project root", "warning"))
        templates = None
    return Theme(roots=roots + made_in, css=tuple(css), font_faces=font_face_rules(faces + made),
                 templates=templates, fonts=tuple(face.path for face in faces), warnings=tuple(warnings),
                 notes=tuple(notes), base=project.rulebook_base)


class ThemeLoader(jinja2.BaseLoader):
    """Templates by name: ``<theme>/templates/<sub>/NAME`` first, then cardgen's ``<own>/NAME``.

    A theme template comes from a pull request: it is read through
    :mod:`cardgen.safefs` (its real path inside the theme's templates folder,
    a regular file, at most :data:`MAX_TEMPLATE_BYTES`); one that exists but
    is refused (a link out, a FIFO ...) is an error, not a silent fallback."""

    def __init__(self, own: Path, theme: Path | None = None, sub: str = "") -> None:
        self.own = jinja2.FileSystemLoader(str(own))
        self.theme = (theme / sub if sub else theme) if theme is not None else None
        self.theme_root = theme

    def get_source(self, environment: jinja2.Environment, template: str
                   ) -> tuple[str, str | None, Callable[[], bool] | None]:
        if self.theme is not None and self.theme_root is not None:
            path = self.theme.joinpath(*split_template_path(template))
            if path.is_file() or path.is_symlink() or path.exists():
                try:
                    real = check_file(path, resolve_roots([self.theme_root]))
                    data = read_file(real, (real.parent,), MAX_TEMPLATE_BYTES)
                except FileRefused as exc:
                    raise jinja2.TemplateError(f"theme template {path}: {exc.reason}") from None
                try:
                    source = data.decode("utf-8")
                except UnicodeDecodeError as exc:
                    raise jinja2.TemplateError(f"theme template {path}: not UTF-8 text ({exc.reason})") from None
                stamp = _stamp(real)
                return source, str(path), lambda: _stamp(real) == stamp
        return self.own.get_source(environment, template)


def _stamp(path: Path) -> tuple[int, int] | None:
    try:
        info = path.stat()
    except OSError:
        return None
    return info.st_mtime_ns, info.st_size


def template_failure(template: str, exc: jinja2.TemplateError) -> str:
    """The message of a :class:`cardgen.errors.RenderError` for a template that failed to load or render
    (a syntax error, a missing field, an unsafe attribute the sandbox refused, a limit of its render:
    :mod:`cardgen.sandbox`)."""
    filename, lineno = getattr(exc, "filename", None), getattr(exc, "lineno", None)
    where = f" ({display_path(filename)}, line {lineno})" if filename else ""
    return f"template {template}{where}: {exc.message or type(exc).__name__}"


@lru_cache(maxsize=16)
def template_environment(own: Path, theme: Path | None = None, sub: str = "", **options) -> jinja2.Environment:
    """A sandboxed, autoescaped, strict Jinja environment over ``own`` and the theme's templates.

    Sandboxed always (theme templates are code from a pull request; cardgen's
    own render the same in the sandbox), so there is one kind of environment;
    and bounded (:mod:`cardgen.sandbox`): a render that loops, recurses or grows
    its strings too far ends with one error naming the template's line."""
    return BoundedSandbox(loader=ThemeLoader(own, theme, sub), autoescape=True,
                          undefined=jinja2.StrictUndefined, **options)
