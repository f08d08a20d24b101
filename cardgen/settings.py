"""The settings of a run: the project file (:mod:`cardgen.project`) with the command line's overrides.

(Today the parsed command line itself, an ``argparse.Namespace``, carries them: :func:`apply_project`
fills each option a command takes from the project file where the command line did not give it.)
"""

from __future__ import annotations

import argparse

from cardgen.project import Project, find_project

PROJECT_OPTIONS = ("content", "out", "strict")
"""The options whose default the project file gives (a command names its own in ``project_options``)."""


def apply_project(args: argparse.Namespace, project: Project) -> argparse.Namespace:
    """Fill each of the command's ``project_options`` not given on the command line from ``project``;
    remember which (``args.from_project``) so that :func:`reload_project` can fill them anew."""
    args.project = project
    args.from_project = []
    for name in getattr(args, "project_options", ()):
        if getattr(args, name, None) is None:
            setattr(args, name, getattr(project, name))
            args.from_project.append(name)
    return args


def reload_project(args: argparse.Namespace) -> argparse.Namespace:
    """Read the project file again (``cardgen watch``: it may have changed) and fill the defaults anew."""
    for name in getattr(args, "from_project", ()):
        setattr(args, name, None)
    return apply_project(args, find_project())


def project_of(args: argparse.Namespace) -> Project:
    """The project :func:`main` found for this run (found now if a caller skipped :func:`main`)."""
    project = getattr(args, "project", None)
    if project is None:
        project = apply_project(args, find_project()).project
    return project
