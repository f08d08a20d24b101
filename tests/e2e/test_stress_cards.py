"""The stress content (tests/fixtures/stress, issue 30): long names, a group whose model names wrap,
8 weapons, TP 18–20 for every unit type, a long power.  It validates and builds; on every face every
character of the name lies inside its name box and on the page, nothing is set below 6 pt, no text
crosses the edge of its box; what truly cannot fit fails the build naming the card and the box."""

from __future__ import annotations

import functools
import re
import shutil
from pathlib import Path
from typing import Iterator, NamedTuple

import pytest
import yaml

from cardgen.cards.planning import CardOptions, model_card, page_settings
from cardgen.cards.view import unit_card
from cardgen.errors import RenderError
from cardgen.rules.derive import derive
from cardgen.stages import load_content

from conftest import files_of, run_in_process, shared_once
from tests.cards.conftest import PROJECT, load_yaml
from tests.cards.facemeasure import render_measured
from tests.cards.test_unit_card_layout import MIN_PT, runs

pytestmark = pytest.mark.pdf          # renders PDFs (make test-fast leaves it out)

STRESS = PROJECT / "tests" / "fixtures" / "stress"
UNITS = sorted(load_yaml(STRESS, "units"))
GROUP_MODELS = [f"eisenlegion/{i}" for i, m in enumerate(load_yaml(STRESS, "groups")["eisenlegion"]["models"])
                if m.get("name")]


@functools.lru_cache(maxsize=1)
def _stress():
    content = load_content(STRESS)
    return content, derive(content), page_settings(content, CardOptions())[0]


def _card(owner: str):
    content, derived, page = _stress()
    if "/" in owner:
        group, index = owner.split("/")
        member = content.groups[group].models[int(index)]
        return model_card(member, owner, content, derived, {}), page
    return unit_card(derived.units[owner], content), page


@functools.lru_cache(maxsize=None)
def _measured(owner: str, kind: str):
    """The face of ``owner`` rendered as the build renders it and measured, once per worker (the name
    test and the box-edge test read the same front)."""
    card, page = _card(owner)
    with pytest.MonkeyPatch.context() as monkeypatch:
        face, measured = render_measured(kind, card, page, monkeypatch=monkeypatch)
    return card, face, measured


def test_stress_content_is_valid(stress_build):
    code, out, err = stress_build.validate
    assert code == 0, err
    assert out.endswith("stress: valid\n"), out
    names = [u["name"] for u in load_yaml(STRESS, "units").values()]
    assert max(len(n) for n in names) >= 50 and sum(30 <= len(n) <= 50 for n in names) >= 5
    assert {(u["type"], u["hit_points"]) for u in load_yaml(STRESS, "units").values()} >= {
        ("infanterie", 18), ("infanterie", 19), ("infanterie", 20), ("koloss", 18), ("koloss", 20),
        ("drohne", 19), ("drohne", 20)}


class StressBuild(NamedTuple):
    """``cardgen validate`` then ``cardgen cards`` of the stress content into one output folder OUT (as
    a project's CI runs them): each command's (code, stdout, stderr), and OUT, READ ONLY (its cache
    holds the theme's capacities validate measured and the faces the build rendered)."""

    code: int
    out: str
    err: str
    folder: Path
    validate: tuple[int, str, str]


@pytest.fixture(scope="module")
def stress_build(tmp_path_factory) -> Iterator[StressBuild]:
    """The stress content validated and built once per test run (shared by the xdist workers): one
    validate serves the validity test and leaves its measured capacities in OUT's cache, where the
    tests that copy OUT find them instead of measuring again."""
    def make(root: Path) -> dict:
        said = [run_in_process(command, "--content", STRESS, "--out", root / "out") for command in ("validate", "cards")]
        return {"validate": said[0], "cards": said[1]}

    root, data = shared_once(tmp_path_factory, "stress", make)
    folder = root / "out"
    before = files_of(folder)
    yield StressBuild(*data["cards"], folder, tuple(data["validate"]))
    assert files_of(folder) == before, "a test changed the shared stress build: copy it to tmp_path first"


def test_stress_content_builds_without_a_warning(stress_build):
    code, err, folder = stress_build.code, stress_build.err, stress_build.folder
    assert code == 0, err
    assert err == ""
    assert (folder / "cards.pdf").is_file() and (folder / "groups" / "eisenlegion.pdf").is_file()


@pytest.mark.parametrize("owner", UNITS + GROUP_MODELS)
def test_every_character_of_the_name_is_inside_its_box(owner):
    card, face, measured = _measured(owner, "front")
    name = measured.boxes["Name"]
    wanted = "".join((card.name + card.unit_name).split())
    inside = "".join(c for c, rect in measured.chars if name.holds(rect))
    assert inside == wanted, (inside, wanted)                     # every char, in order, inside the box
    for char, rect in measured.chars:
        assert measured.page.holds(rect, 0), (char, rect)
    for other, box in measured.boxes.items():                     # nothing of the name under another box
        if other != "Name":
            assert not any(box.overlaps(rect) for c, rect in measured.chars if name.holds(rect)), other
    assert all(size >= MIN_PT - 0.01 for _, size, _, _ in runs(face.pdf))


@pytest.mark.parametrize("kind", ["front", "back"])
@pytest.mark.parametrize("owner", UNITS + GROUP_MODELS)
def test_no_text_crosses_the_edge_of_its_box_nor_goes_below_6pt(owner, kind):
    """A character that starts inside a fit box ends inside it (text cut off or hidden by the box's
    edge would not), and no text of the face is printed below 6 pt (the layout test's rule)."""
    _, face, measured = _measured(owner, kind)
    for char, rect in measured.chars:
        centre = ((rect.left + rect.right) / 2, (rect.top + rect.bottom) / 2)
        for name, box in measured.boxes.items():
            if box.left <= centre[0] <= box.right and box.top <= centre[1] <= box.bottom:
                assert box.holds(rect), (name, char, rect, box)
    small = [(text, round(size, 2)) for text, size, _, _ in runs(face.pdf) if size < MIN_PT - 0.01]
    assert small == []


def test_a_stationary_model_prints_no_gk_and_a_drone_no_empty_danger_row(monkeypatch):
    card, page = _card("wachgeschütz")
    assert card.radii.speed is None and card.radii.danger is None
    face, measured = render_measured("front", card, page, monkeypatch=monkeypatch)
    text = "".join(c for c, _ in measured.chars)
    assert "GK" not in text and "Gefahr" not in measured.boxes
    assert measured.boxes["Profil"].top < measured.boxes["Wahrnehmung"].bottom + 6      # moved up a row


def _copy(tmp_path, stress_build):
    """A copy of the stress content, and beside it a copy of its build's output folder (its face cache
    too): the build that follows renders only the faces the test changes, and must fail on them."""
    root = tmp_path / "stress"
    shutil.copytree(STRESS, root)
    shutil.copytree(stress_build.folder, tmp_path / "out")
    return root


def test_an_1800_character_power_fails_naming_the_text_to_shorten(cli, tmp_path, stress_build):
    root = _copy(tmp_path, stress_build)
    path = root / "powers" / "donnerwort.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    data["rules"] = (data["rules"] + " ") * 3
    data["rules"] = data["rules"][:1800].rsplit(" ", 1)[0] + "."
    assert len(data["rules"]) >= 1750
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    said = (f"powers/donnerwort.yaml:9:8: rules: {len(data['rules'])} characters do not fit the rules text of "
            "power card 'donnerwort' at its smallest size (6 pt")
    code, _, err = cli("validate", "--content", root, "--out", tmp_path / "out")     # validate says it first
    assert code == 1 and re.search(re.escape(said) + r"; about \d+ characters fit\); shorten it", err), err
    code, out, err = cli("cards", "--content", root, "--out", tmp_path / "out")
    assert code == 1
    assert f"{said}); shorten it" in err, err
    assert (tmp_path / "out" / "powers.pdf").read_bytes() == (stress_build.folder / "powers.pdf").read_bytes()


def test_a_group_name_that_cannot_fit_fails_naming_the_model_and_its_name(cli, tmp_path, stress_build):
    """A two-line model name over a 50-character unit name is four lines: more than the name cell
    holds at 6 pt.  The build fails naming the unit, the model and the box."""
    root = _copy(tmp_path, stress_build)
    path = root / "groups" / "eisenlegion.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    data["models"][3]["name"] = "Oberstabsfeldwebel Otto von Kessler-Hohenfels"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    code, out, err = cli("cards", "--content", root, "--out", tmp_path / "out")
    assert code == 1
    assert ("groups/eisenlegion.yaml:13:9: models[3].name: 45 characters do not fit the name cell (with the "
            "unit's name under it) of card 'Oberstabsfeldwebel Otto von Kessler-Hohenfels' (unit 'oberfeldwebel') "
            "of group 'eisenlegion' at its smallest size (6 pt); shorten it") in err, err


def test_render_error_names_a_plain_unit_by_its_id():
    content, derived, page = _stress()
    with pytest.raises(RenderError, match="^card 'späher' \\(front\\): "):
        from cardgen.cards.render import render_face
        render_face("front", unit_card(derived.units["späher"], content), page, 12.0)
