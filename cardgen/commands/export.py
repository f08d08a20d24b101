"""``cardgen export battlescribe``: the content as BattleScribe data in OUT/battlescribe/ (:mod:`cardgen.export`).

The files are written all or nothing (:class:`cardgen.build.outputs.Outputs`).  Their ``revision`` is
``--revision N`` if given, else the number of the project's version (``version`` in cardgen.toml,
else the git tag at HEAD; :func:`cardgen.export.bsformat.revision_of`), else 1 with a warning: a
BattleScribe user's data updates only when the revision goes up, so a release needs a new version.
"""

from __future__ import annotations

import argparse
import sys

from cardgen.commands.options import add_project_options, settings_of
from cardgen.errors import UsageError, display_path
from cardgen.export.bsformat import MAX_REVISION, revision_of
from cardgen.project.revision import git_tag
from cardgen.project.settings import Settings

FORMATS = ("battlescribe",)


def data_revision(settings: Settings, given: int | None) -> tuple[int, str | None]:
    """The revision of the files and, where it had to be guessed, the warning to print."""
    if given is not None:
        if not 0 <= given <= MAX_REVISION:
            raise UsageError(f"--revision must be 0–{MAX_REVISION}, not {given}")
        return given, None
    project = settings.project
    version = project.version or (git_tag(project.root) if project.file is not None else None)
    number = revision_of(version)
    if number is not None:
        return number, None
    said = f"version '{version}' has no number" if version else "no version in cardgen.toml and no git tag"
    return 1, f"cardgen: warning: {said}; revision 1 (give --revision N, or set version = \"1.2\")"


def cmd_export(args: argparse.Namespace) -> int:
    """Write OUT/battlescribe/: the game system, one catalogue per faction, the data index."""
    # lazy: the content stages and the exporter; every command builds this module's parser
    from cardgen.export.battlescribe import export_battlescribe
    from cardgen.build.outputs import Outputs
    from cardgen.stages import load_and_derive

    settings = settings_of(args)
    revision, warning = data_revision(settings, args.revision)
    if warning:
        print(warning, file=sys.stderr)
    content, derived = load_and_derive(settings.content)
    files = export_battlescribe(content, derived, revision)
    folder = settings.out / args.format
    with Outputs(folder) as outputs:
        for name, data in files.items():
            outputs.stage(folder / name, data)
    print(f"wrote {len(files)} files to {display_path(folder)} (revision {revision})")
    return 0


def add_parser(sub) -> None:
    """Register ``export``."""
    p = sub.add_parser("export", help="the content for roster builders (BattleScribe, New Recruit)")
    p.add_argument("format", choices=FORMATS, help="battlescribe: OUT/battlescribe/*.gst, *.cat and index.xml")
    add_project_options(p)
    p.add_argument("--revision", type=int, default=None, metavar="N",
                   help="the files' revision (default: from the project's version, else its git tag)")
    p.set_defaults(func=cmd_export)
