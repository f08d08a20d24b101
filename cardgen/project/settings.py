"""One run's settings: the project file (:mod:`cardgen.project.file`) with the command line's overrides.

As mkdocs' ``load_config(**overrides)``: :func:`load_settings` finds and reads ``cardgen.toml`` (a
broken one is a :class:`~cardgen.errors.ContentError`, reported like content) and lays what the
command line gave over it -- an option given wins, one not given (None) takes the project file's
value, else cardgen's default.  The result is frozen and typed; every command passes it down
instead of its parsed command line, and ``serve`` and ``watch`` read it anew before each rebuild
(:meth:`Settings.reload`: the project file may have changed, the command line has not).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardgen.errors import display_path
from cardgen.project.file import Project, find_project

OVERRIDES = ("content", "out", "strict", "css", "print_shop", "chapters", "verbose", "draft")
"""What a command line may lay over the project file."""


@dataclass(frozen=True)
class Settings:
    """What one run reads and writes: the ``project`` (its root, theme, fonts, rulebooks ...), the
    ``content`` and ``out`` folders, ``strict``, the ``css`` files after the theme's and whether the
    print-shop files are made; ``overrides`` are what the command line gave, for :meth:`reload`."""

    project: Project
    content: Path
    out: Path
    strict: bool = False
    css: tuple[Path, ...] = ()
    print_shop: bool = False
    chapters: bool = True                       # rulebooks laid out chapter by chapter (--no-chapters: whole)
    verbose: bool = False                       # lists in full what a run otherwise counts (--verbose)
    draft: bool = False                         # rulebooks as drafts: TODO notes shown, a translation's
                                                # untranslated blocks marked (cardgen build --draft)
    overrides: tuple[tuple[str, Any], ...] = ()
    start: Path | None = None

    def rulebooks_only(self) -> bool:
        """Whether this run builds rulebooks only: its content folder does not exist, and neither the
        command line (``--content``) nor the project file named it (a folder the user names must
        exist), and the project file names its rulebooks (else they would be looked for in the
        missing folder, and there would be nothing to build)."""
        named = "content" in dict(self.overrides) or self.project.content_named
        return not named and self.project.rulebooks is not None and not os.path.lexists(self.content)

    def unadopted(self) -> bool:
        """Whether this run is in a repository cardgen has not been set up in: no project file, and no
        content folder given on the command line or found (``cardgen build`` then says what to run)."""
        return (self.project.file is None and "content" not in dict(self.overrides)
                and not os.path.lexists(self.content))

    def reload(self) -> Settings:
        """The project file read again, the same command line laid over it."""
        return load_settings(self.start, **dict(self.overrides))


def load_settings(start: Path | None = None, **overrides: Any) -> Settings:
    """The settings of a run in ``start`` (default: the working folder): ``cardgen.toml`` found from
    there up, each of ``overrides`` (:data:`OVERRIDES`) that is not None laid over it."""
    unknown = sorted(set(overrides) - set(OVERRIDES))
    if unknown:
        raise TypeError(f"not a setting: {', '.join(unknown)}")
    given: dict[str, Any] = {name: tuple(value) if isinstance(value, list) else value
                             for name, value in overrides.items() if value is not None}
    project = find_project(start)
    return Settings(project=project, content=Path(given.get("content", project.content)),
                    out=Path(given.get("out", project.out)), strict=bool(given.get("strict", project.strict)),
                    css=tuple(Path(p) for p in given.get("css", ())), print_shop=bool(given.get("print_shop", False)),
                    chapters=bool(given.get("chapters", True)), verbose=bool(given.get("verbose", False)),
                    draft=bool(given.get("draft", False)),
                    overrides=tuple(sorted(given.items())), start=start)


def unadopted_line(root: Path) -> str:
    """The one line a run says where :meth:`Settings.unadopted` holds."""
    return (f"{display_path(root / 'cardgen.toml')}: not found (here or above), and no content folder: run "
            "`cardgen init` to adopt this repository (a cardgen.toml naming your books, stylesheets and fonts)")


def no_content_line(folder: Path) -> str:
    """The one line a run without a content folder says (:meth:`Settings.rulebooks_only`)."""
    return f"no content folder '{display_path(folder)}': no cards, rulebooks only"
