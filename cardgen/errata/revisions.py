"""One side of ``cardgen diff``: a folder, or a git revision unpacked into a temporary folder.

An argument naming an existing folder is that folder (a folder holding a ``cardgen.toml`` is a
project; one holding ``units/`` is a content folder; any other is a project root without a
project file, its content in ``content/``).  Anything else is a git revision of the repository
the current project lies in: it is checked with ``git rev-parse --verify`` (an argument starting
with ``-`` is refused, so a revision can never be read as an option), then ``git archive``
writes its files, which are unpacked below a temporary folder, every member checked first (only
folders and regular files, no absolute path, no ``..``, size and count capped:
:mod:`cardgen.errata.unpack`), and read like a folder.  The archive is capped at
:data:`MAX_ARCHIVE_BYTES`.  The folder a project file names is looked up below the unpacked
tree at the same place the current project lies below its repository's top.
"""

from __future__ import annotations

import subprocess
from dataclasses import dataclass
from pathlib import Path

from cardgen.errata.unpack import unpack
from cardgen.errors import UsageError, display_path
from cardgen.project.file import PROJECT_FILE, Project, load_project
from cardgen.safefs import walk_files

MAX_ARCHIVE_BYTES = 256 * 1024 * 1024
GIT_TIMEOUT_S = 60


@dataclass(frozen=True)
class Revision:
    """What one side of the comparison is: how it was named, its project, its rulebooks."""

    label: str
    project: Project
    content: Path
    rulebooks: tuple[tuple[str, Path], ...]           # (path below the root, file)
    tree: Path | None = None                          # a git revision: the folder it was unpacked into


def _rulebooks(project: Project, content: Path) -> tuple[tuple[str, Path], ...]:
    sources = project.rulebook_sources() if project.file is not None else None
    if sources is None:
        sources = walk_files(content, (".md",), skip_dirs={".cache"})[0] if content.is_dir() else []
    found = []
    for source in sources:
        try:
            name = source.resolve().relative_to(project.root.resolve()).as_posix()
        except ValueError:
            continue
        found.append((name, source))
    return tuple(sorted(found))


def from_folder(folder: Path, label: str | None = None, tree: Path | None = None) -> Revision:
    """A folder as one side (see the module docstring)."""
    folder = folder.absolute()
    if (folder / PROJECT_FILE).is_file():
        project = load_project(folder / PROJECT_FILE)
        content = project.content if project.content.is_absolute() else folder / project.content
    elif (folder / "units").is_dir():
        project, content = Project(root=folder), folder
    else:
        project, content = Project(root=folder), folder / "content"
    return Revision(label or display_path(folder), project, content, _rulebooks(project, content), tree)


def _git(repo: Path, *args: str, binary: bool = False) -> subprocess.CompletedProcess:
    try:
        return subprocess.run(["git", "-C", str(repo), *args], capture_output=True, timeout=GIT_TIMEOUT_S,
                              check=False, text=not binary)
    except FileNotFoundError:
        raise UsageError("git is not installed: name two folders instead of two revisions") from None
    except subprocess.TimeoutExpired:
        raise UsageError(f"git {args[0]} took longer than {GIT_TIMEOUT_S} s") from None


def from_git(spec: str, repo: Path, workdir: Path) -> Revision:
    """The git revision ``spec`` of the repository ``repo`` lies in, unpacked below ``workdir``."""
    if not spec or spec.startswith("-") or any(c.isspace() or c == "\0" for c in spec) or len(spec) > 200:
        raise UsageError(f"'{spec}' is neither a folder nor a git revision")
    top = _git(repo, "rev-parse", "--show-toplevel")
    if top.returncode != 0:
        raise UsageError(f"'{spec}' is not a folder, and {display_path(repo)} is not in a git repository")
    commit = _git(repo, "rev-parse", "--verify", "--quiet", "--end-of-options", f"{spec}^{{commit}}")
    if commit.returncode != 0:
        raise UsageError(f"'{spec}' is neither a folder nor a revision of the git repository at "
                         f"{display_path(Path(top.stdout.strip()))}")
    archive = _git(repo, "archive", "--format=tar", commit.stdout.strip(), binary=True)
    if archive.returncode != 0:
        raise UsageError(f"git archive {spec} failed: {archive.stderr.decode(errors='replace').strip()}")
    if len(archive.stdout) > MAX_ARCHIVE_BYTES:
        raise UsageError(f"revision {spec} is larger than {MAX_ARCHIVE_BYTES // (1024 * 1024)} MiB")
    target = workdir / f"rev-{len(list(workdir.iterdir()))}"
    target.mkdir()
    tar = target / "archive.tar"
    tar.write_bytes(archive.stdout)
    tree = target / "tree"
    unpack(tar, tree, spec)
    tar.unlink()
    below = repo.resolve().relative_to(Path(top.stdout.strip()).resolve())
    return from_folder(tree / below, label=spec, tree=tree)


def open_revision(spec: str, repo: Path, workdir: Path) -> Revision:
    """``spec`` as a folder if one of that name exists, else as a git revision of ``repo``."""
    path = Path(spec)
    return from_folder(path) if path.is_dir() else from_git(spec, repo, workdir)
