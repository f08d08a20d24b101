"""The "changed since" note of every page: what ``cardgen diff SINCE`` says of the page's object.

``cardgen site --since REV`` (a folder or a git revision, as ``cardgen diff`` takes them) compares
REV with the current project as ``cardgen diff REV .`` does: every value per unit and item, derived
values included (:func:`cardgen.errata.compare.compare`), and every rulebook section's text
(:func:`cardgen.errata.sections.compare_sections`).  Each unit, weapon, trait or power page lists its
changed values, old → new ("neu" for an object REV lacks); each chapter the sections of it whose text
changed; the front page counts both.  Without ``--since`` no page carries a note.
"""

from __future__ import annotations

import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from cardgen.content.model import Content
from cardgen.errata.compare import Change, compare
from cardgen.errata.report import label
from cardgen.errata.revisions import Revision, from_folder, open_revision
from cardgen.errata.sections import PATH_SEPARATOR, compare_sections, revision_sections
from cardgen.errata.snapshot import ITEM_KINDS, snapshot
from cardgen.errors import CardgenError
from cardgen.rules.derive import Derived
from cardgen.stages import load_and_derive

Notes = dict[tuple[str, str], tuple[str, ...]]
SECTION_STATUS = {"added": "neu", "changed": "Text geändert"}


@dataclass(frozen=True)
class Since:
    """What changed since the revision: per object (kind, id) its lines; per rulebook (its real path)
    the sections (their headings' path, what happened) added or changed."""

    objects: Notes = field(default_factory=dict)
    sections: dict[Path, tuple[tuple[str, str], ...]] = field(default_factory=dict)

    def section_lines(self, source: Path, titles: set[str]) -> tuple[str, ...]:
        """The lines of the sections of ``source`` whose last heading is one of ``titles``."""
        return tuple(f"{path}: {status}" for path, status in self.sections.get(source.resolve(), ())
                     if path.split(PATH_SEPARATOR)[-1] in titles)

    def summary(self) -> tuple[str, ...]:
        counted = sum(len(s) for s in self.sections.values())
        return (f"Einheiten und Gegenstände: {len(self.objects)} geändert oder neu",
                f"Regelabschnitte: {counted} geändert oder neu")


def change_lines(change: Change, names: dict[str, str]) -> tuple[str, ...]:
    """What changed, in the errata's words (:func:`cardgen.errata.report.label`): "Schaden: 1 → 2"."""
    if change.status == "added":
        return ("neu",)
    return tuple(f"{label(key, names)}: {old} → {new}" for key, old, new in change.values)


def current_revision(root: Path, content: Path, has_project_file: bool) -> Revision:
    """The project as it is, named as ``cardgen diff`` names a folder: its project root, else the content."""
    return from_folder(root if has_project_file else content, "HEAD")


def changes_since(since: str, repo: Path, content: Content, derived: Derived, now: Revision | None = None) -> Since:
    """What changed since the revision ``since`` (see the module docstring); ``now``: the current
    project as a revision, for its rulebooks' sections (None: objects only)."""
    with tempfile.TemporaryDirectory(prefix="cardgen-site-") as work:
        revision = open_revision(since, repo, Path(work))
        try:
            old_content, old_derived = load_and_derive(revision.content)
        except CardgenError as exc:
            raise CardgenError("\n".join([f"--since {since}: the content has errors:", *exc.lines()])) from None
        before, after = snapshot(old_content, old_derived), snapshot(content, derived)
        changes = compare(before, after, ("units", *ITEM_KINDS))
        old_sections = revision_sections(revision.rulebooks, revision.project.root)
    names = {item_id: entry.name for entries in (before, after) for (kind, item_id), entry in entries.items()
             if kind != "units"}
    objects = {(c.kind, c.id): change_lines(c, names) for c in changes if c.status != "removed"}
    if now is None:
        return Since(objects)
    sources = {name: source.resolve() for name, source in now.rulebooks}
    found: dict[Path, list[tuple[str, str]]] = {}
    for change in compare_sections(old_sections, revision_sections(now.rulebooks, now.project.root)):
        if change.status in SECTION_STATUS and change.document in sources:
            found.setdefault(sources[change.document], []).append((change.path, SECTION_STATUS[change.status]))
    return Since(objects, {source: tuple(lines) for source, lines in found.items()})
