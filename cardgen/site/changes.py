"""The "changed since" note of every page: what ``cardgen diff SINCE`` says of the page's object.

``cardgen site --since REV`` (a folder or a git revision, as ``cardgen diff`` takes them) compares
REV's content with the current one (:func:`cardgen.errata.compare.compare` over both snapshots:
every value per unit and item, derived values included) and each unit, weapon, trait or power page
lists its changed values, old → new; a page of an object REV lacks says it is new.  The front page
counts the changes.  Without ``--since`` no page carries a note (there is nothing to compare with).
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from cardgen.content.model import Content
from cardgen.errata.compare import Change, compare
from cardgen.errata.report import label
from cardgen.errata.revisions import open_revision
from cardgen.errata.snapshot import ITEM_KINDS, snapshot
from cardgen.errors import CardgenError
from cardgen.rules.derive import Derived
from cardgen.stages import load_and_derive

Notes = dict[tuple[str, str], tuple[str, ...]]


def change_lines(change: Change, names: dict[str, str]) -> tuple[str, ...]:
    """What changed, in the errata's words (:func:`cardgen.errata.report.label`): "Schaden: 1 → 2"."""
    if change.status == "added":
        return ("neu",)
    return tuple(f"{label(key, names)}: {old} → {new}" for key, old, new in change.values)


def changes_since(since: str, repo: Path, content: Content, derived: Derived) -> Notes:
    """(kind, id) → the lines of its change since the revision ``since``; an unchanged object has none."""
    with tempfile.TemporaryDirectory(prefix="cardgen-site-") as work:
        revision = open_revision(since, repo, Path(work))
        try:
            old_content, old_derived = load_and_derive(revision.content)
        except CardgenError as exc:
            raise CardgenError("\n".join([f"--since {since}: the content has errors:", *exc.lines()])) from None
        before, after = snapshot(old_content, old_derived), snapshot(content, derived)
        changes = compare(before, after, ("units", *ITEM_KINDS))
    names = {item_id: entry.name for entries in (before, after) for (kind, item_id), entry in entries.items()
             if kind != "units"}
    return {(c.kind, c.id): change_lines(c, names) for c in changes if c.status != "removed"}
