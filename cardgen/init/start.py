"""Start a designer's repository (``cardgen init [DIR]``, :mod:`cardgen.commands.init`).

Copies ``cardgen/init/scaffold/`` (package data, read with
:mod:`importlib.resources`) into DIR: the project file ``cardgen.toml``, a
small valid ``content/``, the rulebook ``Regeln/Regelbuch.md`` with its logo
``Grafiken/logo.svg``, commented stylesheets in ``theme/``, ``.gitignore``,
a pre-commit hook and a GitHub workflow that installs this very cardgen with
pip and builds everything on each push.

It never overwrites: when any file it would write exists (or a folder on its
way is a file or a symlink), it writes nothing and exits 1 naming them.  In an
existing repository, ``--missing-only`` writes every scaffold file that does not
exist and keeps every one that does (``--ci``: the workflow alone); a folder on
the way that is a file or a symlink still stops it before anything is written
(:func:`plan_files`).  It
writes all or nothing: every folder it writes into is checked writable first
(a read-only folder: nothing written, one line naming it), and when a write
still fails part-way (a full disk, a folder made read-only meanwhile) every
file and folder it made is removed again before it exits 1 naming the path --
so the next ``cardgen init`` finds nothing in its way.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from importlib import metadata
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path, PurePosixPath

from cardgen import __version__
from cardgen.errors import UsageError, display_path, one_line

WORKFLOW = PurePosixPath(".github/workflows/cardgen.yml")
PIP_SPEC_MARK = "__CARDGEN_PIP_SPEC__"
SKIP_NAMES = {"__pycache__", ".DS_Store"}
EXISTS = "exists"


@dataclass(frozen=True)
class PipSpec:
    """What the workflow installs with pip, and a note for the designer when that is only a guess."""

    spec: str
    note: str = ""


def scaffold_files() -> dict[PurePosixPath, Traversable]:
    """Every file below ``cardgen/init/scaffold/`` by its path relative to it, sorted."""
    found: dict[PurePosixPath, Traversable] = {}

    def walk(folder: Traversable, prefix: PurePosixPath) -> None:
        for entry in folder.iterdir():
            if entry.name in SKIP_NAMES:
                continue
            if entry.is_dir():
                walk(entry, prefix / entry.name)
            else:
                found[prefix / entry.name] = entry

    walk(files("cardgen") / "init" / "scaffold", PurePosixPath())
    return dict(sorted(found.items()))


def find_conflicts(target: Path, scaffold: dict[PurePosixPath, Traversable]) -> list[tuple[Path, str]]:
    """The paths that stop the scaffold from being written, each with why (sorted, each once)."""
    conflicts: dict[Path, str] = {}
    for rel in scaffold:
        path = target
        for part in rel.parts[:-1]:
            path = path / part
            if os.path.islink(path):
                conflicts[path] = "is a symlink where a folder belongs"
            elif os.path.lexists(path) and not path.is_dir():
                conflicts[path] = "is a file where a folder belongs"
            else:
                continue
            break
        else:
            path = target / rel
            if os.path.lexists(path):
                conflicts[path] = EXISTS
    return sorted(conflicts.items())


@dataclass(frozen=True)
class Plan:
    """What ``cardgen init`` is to do: the scaffold files to ``write``, those to ``keep`` as they are
    (``--missing-only``: they exist), and the ``conflicts`` that stop it (each with why)."""

    write: list[PurePosixPath]
    keep: list[PurePosixPath]
    conflicts: list[tuple[Path, str]]


def plan_files(target: Path, scaffold: dict[PurePosixPath, Traversable], missing_only: bool = False) -> Plan:
    """Which scaffold files to write: all, unless one is in the way (:func:`find_conflicts`); with
    ``missing_only`` a file that exists (whatever it is: never followed, never replaced) is kept,
    while a folder on the way that is a file or a symlink still stops everything."""
    conflicts = find_conflicts(target, scaffold)
    existing = {path for path, why in conflicts if why == EXISTS}
    if not missing_only:
        return Plan([], [], conflicts) if conflicts else Plan(list(scaffold), [], [])
    keep = [rel for rel in scaffold if target / rel in existing]
    stopping = [(path, why) for path, why in conflicts if path not in existing]
    if stopping:
        return Plan([], [], stopping)
    return Plan([rel for rel in scaffold if rel not in keep], keep, [])


def check_writable(target: Path, contents: dict[PurePosixPath, bytes]) -> None:
    """:class:`UsageError` naming the first folder (or the existing folder it is to be made in)
    that cannot be written, before anything is."""
    for folder in sorted({(target / rel).parent for rel in contents}):
        existing = folder
        while not os.path.lexists(existing) and existing.parent != existing:
            existing = existing.parent
        if not existing.is_dir() or not os.access(existing, os.W_OK | os.X_OK):
            raise UsageError(f"{display_path(existing)}: not a writable folder; nothing written")


def write_all(target: Path, contents: dict[PurePosixPath, bytes]) -> None:
    """Write every file below ``target``, or none: on a failed write, what was made is removed again."""
    check_writable(target, contents)
    made: list[Path] = []                      # files and folders made here, in the order made
    for rel, data in contents.items():
        path = target / rel
        try:
            make_folders(path.parent, made)
            write_new(path, data, made)
        except OSError as exc:
            remove_made(made)
            failed = display_path(exc.filename) if exc.filename is not None else display_path(path)
            raise UsageError(f"{failed}: {exc.strerror or exc}; nothing written "
                             "(what cardgen init had written is removed)") from None


def make_folders(folder: Path, made: list[Path]) -> None:
    """Make ``folder`` and its missing parents, each one recorded in ``made``."""
    missing = []
    while not os.path.lexists(folder):
        missing.append(folder)
        folder = folder.parent
    for each in reversed(missing):
        each.mkdir()
        made.append(each)


def write_new(path: Path, data: bytes, made: list[Path]) -> None:
    """Write a file that must not exist yet (``x`` mode: never follows or replaces what is there),
    recorded in ``made`` as soon as it exists."""
    with open(path, "xb") as handle:
        made.append(path)
        handle.write(data)


def remove_made(made: list[Path]) -> None:
    """Remove the files and folders :func:`write_all` made, the last first (best effort)."""
    for path in reversed(made):
        try:
            if path.is_dir() and not path.is_symlink():
                path.rmdir()
            else:
                path.unlink()
        except OSError:
            pass


def installed_pip_spec() -> PipSpec:
    """The pip requirement of the running cardgen: its commit if pip installed it from a VCS
    (PEP 610 ``direct_url.json``), else ``cardgen==VERSION`` with a note where to change it."""
    try:
        text = metadata.distribution("cardgen").read_text("direct_url.json")
    except metadata.PackageNotFoundError:
        text = None
    try:
        direct = json.loads(text) if text else {}
    except ValueError:
        direct = {}
    vcs = direct.get("vcs_info") if isinstance(direct, dict) else None
    if isinstance(vcs, dict) and vcs.get("commit_id") and direct.get("url"):
        spec = f"cardgen @ {vcs.get('vcs', 'git')}+{direct['url']}@{vcs['commit_id']}"
        if direct.get("subdirectory"):
            spec += f"#subdirectory={direct['subdirectory']}"
        note = ""
        if str(direct["url"]).startswith("file:"):
            note = (f"cardgen was installed from a local clone, which CI cannot reach: change the pip line in "
                    f"{WORKFLOW} to the repository's public URL (or run cardgen init --pip-spec SPEC)")
        return PipSpec(check_pip_spec(spec), note)
    return PipSpec(f"cardgen=={__version__}",
                   f"the workflow installs cardgen=={__version__} from the package index; if cardgen is not "
                   f"published there, change that line in {WORKFLOW} to where you install cardgen from, "
                   "like cardgen @ git+https://github.com/OWNER/cardgen@TAG (or run cardgen init --pip-spec SPEC)")


def check_pip_spec(spec: str) -> str:
    """``spec`` if it is one printable line (it goes into the workflow's shell step)."""
    if not spec.strip() or not spec.isprintable():
        raise UsageError(f"--pip-spec: '{one_line(spec)}' must be one line of printable characters, "
                         "like 'cardgen==0.1.0' or 'cardgen @ git+https://github.com/OWNER/cardgen@TAG'")
    return spec.strip()
