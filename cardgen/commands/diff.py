"""``cardgen diff OLD NEW``: the errata between two revisions (two folders or two git revisions).

Markdown on stdout: per unit and item every changed value, old → new (stats, derived values,
points, rules text; added and removed ones named), renames followed by id, then every rulebook
section whose text changed (:mod:`cardgen.errata.sections`).  ``--pdf FILE`` prints the same
errata as a PDF with the rulebook's layout and the NEW project's theme (cardgen's default page:
a revision's front matter may name files beside its own rulebook).  ``--cards FILE`` writes the
NEW revision's cards of every unit whose card changed (its view differs: a renamed weapon changes
the card of every unit carrying it), laid out like ``cards.pdf``.  Both PDFs are written whole or
not at all.  Exit 0 whether or not anything changed; a revision whose content has errors is an
error naming the revision (exit 1).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from cardgen.atomic import write_atomic
from cardgen.errors import CardgenError, display_path

if TYPE_CHECKING:           # the errata and the content stages: imported by the functions that run them
    from cardgen.errata.revisions import Revision
    from cardgen.errata.sections import Section
    from cardgen.errata.snapshot import Snapshot


class RevisionError(CardgenError):
    """A revision that cannot be compared (its content has errors)."""


def add_parser(subparsers) -> argparse.ArgumentParser:
    """Register ``diff`` on the ``cardgen`` subcommand parser."""
    parser = subparsers.add_parser(
        "diff", help="what changed between two revisions: errata as Markdown (or PDF)",
        description="Compare two revisions of the project -- two folders, or two git revisions of the "
                    "repository the current folder is in (a tag, a branch, a commit) -- and print every "
                    "changed value per unit and item and every changed rulebook section as Markdown.")
    parser.add_argument("old", metavar="OLD", help="a folder, or a git revision (v1.0, main~3, a commit)")
    parser.add_argument("new", metavar="NEW", help="a folder, or a git revision")
    parser.add_argument("--pdf", type=Path, metavar="FILE", help="also write the errata as a PDF")
    parser.add_argument("--cards", type=Path, metavar="FILE", help="also write NEW's changed cards as a PDF")
    parser.set_defaults(func=run)
    return parser


def _load(revision: Revision):
    # lazy: the content stages; every command builds this module's parser
    from cardgen.stages import load_and_derive

    try:
        return load_and_derive(revision.content)
    except CardgenError as exc:
        lines = exc.lines()
        if revision.tree is not None:               # name the files as the revision has them: HEAD:content/...
            lines = [line.replace(f"{revision.tree}/", f"{revision.label}:") for line in lines]
        raise RevisionError("\n".join([f"{revision.label}: the content has errors:", *lines])) from None


def _rulebook_sections(revision: Revision) -> dict[str, Section]:
    # lazy: the rulebook's Markdown parser, only for diff
    from cardgen.errata.sections import revision_sections

    return revision_sections(revision.rulebooks, revision.project.root)


def _names(*snapshots: Snapshot) -> dict[str, str]:
    names: dict[str, str] = {}
    for entries in snapshots:
        names.update({item_id: entry.name for (kind, item_id), entry in entries.items() if kind != "units"})
    return names


def changed_cards(old_content, old_derived, new_content, new_derived) -> list[str]:
    """The units of NEW whose card differs from OLD's (or that OLD lacks), sorted by id."""
    from cardgen.cards.view import unit_card

    def card(content, derived, unit_id):
        return repr(unit_card(derived.units[unit_id], content))
    return [u for u in sorted(new_content.units) if u not in old_content.units
            or card(old_content, old_derived, u) != card(new_content, new_derived, u)]


def run(args: argparse.Namespace) -> int:
    # lazy: the errata (content, derived values, revisions); every command builds this module's parser
    from cardgen.errata.compare import compare
    from cardgen.errata.report import errata_markdown
    from cardgen.errata.revisions import open_revision
    from cardgen.errata.sections import compare_sections
    from cardgen.errata.snapshot import ITEM_KINDS, snapshot

    with tempfile.TemporaryDirectory(prefix="cardgen-diff-") as work:
        old = open_revision(args.old, Path.cwd(), Path(work))
        new = open_revision(args.new, Path.cwd(), Path(work))
        (old_content, old_derived), (new_content, new_derived) = _load(old), _load(new)
        before, after = snapshot(old_content, old_derived), snapshot(new_content, new_derived)
        changes = compare(before, after, ("units", *ITEM_KINDS))
        section_changes = compare_sections(_rulebook_sections(old), _rulebook_sections(new))
        text = errata_markdown(args.old, args.new, changes, section_changes, _names(before, after))
        if args.pdf:
            _write_pdf(text, args.pdf, new, Path(work))
        if args.cards:
            _write_cards(args.cards, new, new_content, new_derived,
                         changed_cards(old_content, old_derived, new_content, new_derived), Path(work))
    sys.stdout.write(text)
    return 0


def _write_pdf(text: str, out: Path, new: Revision, work: Path) -> None:
    from cardgen.rulebook.build import build_rulebook
    from cardgen.look.theme import theme_for

    source = work / "errata.md"
    source.write_text(text, encoding="utf-8")
    result = build_rulebook(source, out, write=False, theme=theme_for(new.project))
    for warning in result.warnings:
        print(warning.format(), file=sys.stderr)
    write_atomic(out, result.pdf)
    print(f"wrote {display_path(out)} ({result.pages} pages)", file=sys.stderr)


def _write_cards(out: Path, new: Revision, content, derived, units: list[str], work: Path) -> None:
    from cardgen.cards.sheets import unit_cards_pdf
    from cardgen.build.context import make_context

    if not units:
        print(f"no card changed: {display_path(out)} not written", file=sys.stderr)
        return
    ctx = make_context(new.project, content, derived, work / "cards")
    write_atomic(out, unit_cards_pdf(ctx, units))
    print(f"wrote {display_path(out)} ({len(units)} changed card(s))", file=sys.stderr)
