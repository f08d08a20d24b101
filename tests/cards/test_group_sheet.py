"""Group sheets (issue 11, point 6): the cover (display names, loadouts, points, total, leader,
drones' controllers, version stamp), one card per model (its name, its loadout), the reference
pages (each item once, with its users)."""

from __future__ import annotations

import re
import subprocess
from collections import Counter
from pathlib import Path

import pytest

from cardgen.cards.group_view import display_names, group_cover, group_reference, model_values
from cardgen.cards.planning import model_owner, plan_model_faces
from cardgen.cards.sheets import render_cover, render_reference
from cardgen.cards.render import face_html
from cardgen.build.context import CardOptions
from cardgen.errors import ContentError
from cardgen.project.file import load_project
from cardgen.project.revision import git_commit, version_stamp
from cardgen.stages import load_and_derive

from .conftest import EXAMPLE, flat, page_sizes, pdf_text

pytestmark = pytest.mark.pdf          # renders PDFs (make test-fast leaves it out)

GROUP = "kampfgruppe_eisenfaust"
COMMIT = "0123456789abcdef0123456789abcdef01234567"


@pytest.fixture(scope="module")
def example():
    return load_and_derive(EXAMPLE)


def layout_text(pdf: bytes) -> str:
    """``pdftotext -layout``: a table row stays on one line (columns as runs of spaces)."""
    return subprocess.run(["pdftotext", "-layout", "-", "-"], input=pdf, capture_output=True,
                          check=True).stdout.decode("utf-8")


def row(text: str, *cells: str) -> bool:
    """Whether one line of ``text`` holds ``cells`` in order, as separate columns."""
    pattern = r"\s{2,}".join(re.escape(cell) for cell in cells)
    return any(re.search(rf"(^|\s){pattern}(\s|$)", line) for line in text.splitlines())


@pytest.fixture(scope="module")
def cover_pdf(example) -> bytes:
    content, derived = example
    return render_cover(group_cover(content.groups[GROUP], content, derived, "Version 1.2"))


@pytest.fixture(scope="module")
def cover_text(cover_pdf) -> str:
    return flat(pdf_text(cover_pdf))


def test_cover_shows_display_names_never_raw_ids(example, cover_text):
    content, _ = example
    group = content.groups[GROUP]
    for name in display_names(group, content):
        assert name in cover_text
    assert "Otto Kessler" in cover_text and "gesteuert von Ilse Vogt" in cover_text
    raw = {m.label for m in group.models if m.label} | {m.unit for m in group.models}
    raw = {r for r in raw if r not in {u.name for u in content.units.values()}}
    assert [r for r in raw if re.search(rf"(?<![\w-]){re.escape(r)}(?![\w-])", cover_text)] == []
    assert not re.search(r"\w_\d", cover_text)


def test_unnamed_models_of_one_unit_are_numbered_by_their_unit_name(example):
    content, _ = example
    group = content.groups[GROUP].model_copy(update={"models": [
        m.model_copy(update={"name": None, "loadout": None}) for m in content.groups[GROUP].models]})
    names = display_names(group, content)
    assert "Sturmtruppe 1" in names and "Sturmtruppe 2" in names and "MG-Schütze" in names


def test_cover_total_is_the_sum_of_the_models_derived_points_with_their_loadouts(example, cover_pdf):
    content, derived = example
    group = content.groups[GROUP]
    points = [model_values(m, derived).points for m in group.models]
    cover = group_cover(group, content, derived)
    assert [m.points for m in cover.models] == points and cover.total == sum(points)
    text = layout_text(cover_pdf)
    assert row(text, "Gesamt", f"{len(points)} Modelle", str(sum(points)))
    (flamer,) = [m for m in group.models if m.loadout]
    loadout = derived.loadouts[(flamer.unit, flamer.loadout)].points
    assert loadout != derived.units[flamer.unit].points
    assert row(text, "Otto Kessler", "Sturmtruppe", "Flammenwerfer", str(loadout))
    assert row(text, "Kurt Adler", "Sturmtruppe", "Standard", str(derived.units["sturmtruppe"].points))
    assert row(text, "★ Gruppenführer")


def _project(tmp_path: Path, version: str = '"1.2"') -> Path:
    (tmp_path / "cardgen.toml").write_text(f"version = {version}\n", encoding="utf-8")
    git = tmp_path / ".git"
    (git / "refs" / "heads").mkdir(parents=True)
    (git / "HEAD").write_text("ref: refs/heads/main\n", encoding="utf-8")
    return tmp_path


def test_version_stamp_from_the_project_file_and_the_git_commit(tmp_path, example):
    root = _project(tmp_path)
    assert git_commit(root) is None                                 # a branch without commits
    (root / ".git" / "packed-refs").write_text(f"# pack-refs\n{COMMIT} refs/heads/main\n", encoding="utf-8")
    assert git_commit(root) == "0123456"
    (root / ".git" / "refs" / "heads" / "main").write_text("f" * 40 + "\n", encoding="utf-8")
    assert git_commit(root) == "fffffff"                            # the ref file wins over packed-refs
    (root / ".git" / "HEAD").write_text(COMMIT, encoding="utf-8")    # detached
    stamp = version_stamp(load_project(root / "cardgen.toml").version, git_commit(root))
    assert stamp == "Version 1.2 · Commit 0123456"
    content, derived = example
    cover = group_cover(content.groups[GROUP], content, derived, stamp)
    first, second = render_cover(cover), render_cover(cover)
    assert first == second                                          # no wall-clock date: the same bytes
    assert "Version 1.2 · Commit 0123456" in flat(pdf_text(first))


def test_git_commit_stays_inside_the_project(tmp_path):
    root = _project(tmp_path)
    (root / ".git" / "HEAD").write_text("ref: refs/../../../etc/passwd\n", encoding="utf-8")
    assert git_commit(root) is None
    (root / ".git" / "HEAD").unlink()
    (root / ".git" / "HEAD").symlink_to("/etc/hostname")
    assert git_commit(root) is None


def test_a_bad_version_is_reported_at_its_key(tmp_path):
    root = _project(tmp_path, '"eins zwei"')
    with pytest.raises(ContentError) as caught:
        load_project(root / "cardgen.toml")
    (problem,) = caught.value.problems
    assert (problem.line, problem.column, problem.field) == (1, 1, "version")
    assert problem.message.startswith("must be a short version text")


@pytest.fixture(scope="module")
def reference(example):
    content, derived = example
    return group_reference(content.groups[GROUP], content, derived, "Version 1.2")


def test_reference_lists_each_item_once_with_its_users(example, reference):
    content, derived = example
    names = [e.name for s in reference.sections for e in s.entries]
    assert len(names) == len(set(names))
    weapons = {e.name: e.users for s in reference.sections if s.kind == "weapons" for e in s.entries}
    assert weapons["Flammenwerfer"] == ("Otto Kessler",)           # the loadout's weapon, only its model
    assert weapons["Sturmgewehr"] == ("Kurt Adler",)               # not the model whose loadout drops it
    assert "Kurt Adler" in weapons["Kampfmesser"] and "Otto Kessler" in weapons["Kampfmesser"]
    kinds = [s.kind for s in reference.sections]
    assert kinds == ["traits", "weapons", "armor", "equipment", "effects"]
    effects = {e.name for s in reference.sections if s.kind == "effects" for e in s.entries}
    assert content.effects["brand"].name in effects                 # the flamer's damage effect


def test_reference_pages_print_every_entry_once(reference):
    text = pdf_text(render_reference(reference))
    headings = Counter(line.strip() for line in text.splitlines())
    for section in reference.sections:
        assert headings[section.title] == 1
        for entry in section.entries:
            assert headings[entry.name] == 1, entry.name
    assert flat(text).count("Genutzt von:") == sum(len(s.entries) for s in reference.sections)
    assert "Genutzt von: Otto Kessler" in flat(text)


def test_a_named_model_has_its_own_card_a_plain_one_reuses_its_units(example):
    content, derived = example
    group = content.groups[GROUP]
    jobs = plan_model_faces(content, CardOptions(), "tool", derived, [GROUP])
    owners = [model_owner(GROUP, i, m) for i, m in enumerate(group.models)]
    assert owners[2] == "späherdrohne" and owners[6] == "mg_schütze"   # nothing of their own
    assert sorted({j.owner for j in jobs}) == sorted(o for o in owners if "/" in o)
    (flamer,) = [j for j in jobs if j.owner == f"{GROUP}/5" and j.kind == "front"]
    assert flamer.card.model_name == "Otto Kessler"
    assert flamer.card.points == derived.loadouts[("sturmtruppe", "flammenwerfer")].points
    assert "Otto Kessler" in face_html("front", flamer.card, flamer.page)


def test_the_group_sheet_has_cover_cards_and_reference(group_build):
    code, out, err, folder = group_build
    assert code == 0, err
    pdf = folder / "groups" / f"{GROUP}.pdf"
    pages = len(page_sizes(pdf))
    text = flat(pdf_text(pdf, 2, pages))
    assert "Otto Kessler" in text and "Hagen Brandt" in text
    assert "Genutzt von:" in flat(pdf_text(pdf, pages, pages))
    assert "Genutzt von:" not in flat(pdf_text(pdf, 1, 2))


def test_pdftotext_is_there():
    assert subprocess.run(["pdftotext", "-v"], capture_output=True).returncode == 0
