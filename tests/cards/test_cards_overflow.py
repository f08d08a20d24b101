"""Acceptance 3: text that does not fit is shrunk, or the build fails naming the unit and the box."""

from __future__ import annotations

import shutil
from collections import Counter

import pytest
import yaml

from cardgen.cards import render
from cardgen.cards.render import render_face
from cardgen.cards.view import unit_card
from cardgen.errors import RenderError
from cardgen.stages import load_content
from cardgen.geometry import FacePage
from cardgen.rules.derive import derive

from .conftest import CARD_FIXTURES, flat, pdf_text

pytestmark = pytest.mark.pdf          # renders PDFs (make test-fast leaves it out)


def test_overlong_rules_text_fails_naming_unit_side_and_the_text_to_shorten(cli, tmp_path):
    """The back's box of rules texts does not fit: the message stands at the weapon's ``rules``, the
    text that fills it, and names the card, its side and how the unit uses it -- never the box."""
    code, out, err = cli("cards", "--content", CARD_FIXTURES / "overflow", "--out", tmp_path / "out")
    assert code == 1
    assert ("weapons/laberwaffe.yaml:8:8: rules: 3200 characters do not fit the back of card 'schwaetzer' "
            "(weapons[0]), with its other rules texts, at its smallest size (7.5 pt); shorten it") in err, err
    assert "Regeltexte" not in err, err
    assert not (tmp_path / "out" / "cards.pdf").exists(), "a failed build must not write cards.pdf"


def _talkative(root, weapons: int, chars: int):
    """A copy of the shrink fixture at ``root`` whose unit carries ``weapons`` weapons with a rules text
    of about ``chars`` characters each (cut at a sentence end): rules entries the back keeps whole."""
    shutil.copytree(CARD_FIXTURES / "shrink", root)
    source = root / "weapons" / "laberwaffe.yaml"
    weapon = yaml.safe_load(source.read_text(encoding="utf-8"))
    weapon["rules"] = weapon["rules"][:chars].rsplit(".", 1)[0] + "."
    ids = []
    for number in range(1, weapons + 1):
        copy = {**weapon, "id": f"laberwaffe{number}", "name": f"Laberwaffe {number}"}
        (root / "weapons" / f"laberwaffe{number}.yaml").write_text(yaml.safe_dump(copy, allow_unicode=True),
                                                                   encoding="utf-8")
        ids.append(copy["id"])
    source.unlink()
    unit_file = root / "units" / "schwaetzer.yaml"
    data = yaml.safe_load(unit_file.read_text(encoding="utf-8"))
    unit_file.write_text(yaml.safe_dump({**data, "weapons": ids}, allow_unicode=True), encoding="utf-8")
    return root, weapon["rules"]


def test_moderately_long_rules_text_is_shrunk_and_printed_whole(cli, tmp_path, monkeypatch):
    folder, rules = _talkative(tmp_path / "content", 4, 250)
    code, out, err = cli("cards", "--content", folder, "--out", tmp_path / "out")
    assert code == 0, err
    assert err == ""
    # the face step: the box was set smaller, and every word of the text is on the card
    calls = []
    original = render.face_html

    def spy(kind, card, page, steps=None, *rest):
        calls.append(dict(steps or {}))
        return original(kind, card, page, steps, *rest)

    monkeypatch.setattr(render, "face_html", spy)
    content = load_content(folder)
    face = render_face("back", unit_card(derive(content).units["schwaetzer"], content), FacePage(120, 80, 0), 6.0)
    assert calls[-1].get("Regeltexte", 0) >= 1, f"not shrunk: {calls}"
    assert len(calls) >= 2
    expected = Counter(flat(rules).split() * 4)
    for text in (pdf_text(face.pdf), pdf_text(tmp_path / "out" / "cards.pdf")):
        # every word, as often as in the YAML (pdftotext interleaves the two columns with the header)
        assert expected - _words(text) == Counter()


def test_back_body_never_below_7_5pt_and_entries_kept_whole(tmp_path):
    """One rules entry longer than a column cannot be kept whole at 7.5 pt or more: the card fails
    naming the box instead of splitting the entry or setting it smaller."""
    folder, _ = _talkative(tmp_path / "content", 1, 1400)
    content = load_content(folder)
    card = unit_card(derive(content).units["schwaetzer"], content)
    with pytest.raises(RenderError, match="'schwaetzer' \\(back\\): the text of box 'Regeltexte' does not fit, "
                                          "even at the minimum font size of 7.5 pt"):
        render_face("back", card, FacePage(120, 80, 0), 6.0)


def _words(text: str) -> Counter:
    """Words of pdftotext output; a word hyphenated at a line end also counts joined with a near follower."""
    tokens = text.split()
    words = Counter(tokens)
    for i, token in enumerate(tokens):
        if token[-1:] in "\u2010-\u00ad" and len(token) > 1:
            for follower in tokens[i + 1:i + 6]:
                words[token[:-1] + follower] += 1
    return words


def _with_name(rules_content, name: str):
    from conftest import unit
    rules_content("units", unit("langname", name=name, weapons=["pistole"]))
    return rules_content.root


@pytest.mark.parametrize("name", [
    "Oberster Hochgroßmeister der Vereinigten Glutorden von Nord und Süd und Westen",
])
def test_very_long_name_is_never_silently_clipped(cli, rules_content, tmp_path, name):
    assert len(name) <= 80     # the schema's maximum
    code, out, err = cli("cards", "--content", _with_name(rules_content, name), "--out", tmp_path / "out")
    if code == 0:   # shrunk: then the whole name must be readable on the card
        assert name in flat(pdf_text(tmp_path / "out" / "cards.pdf"))
        assert err == ""
    else:
        assert code == 1
        assert f"units/langname.yaml:2:7: name: {len(name)} characters do not fit the name cell of card " \
               "'langname' at its smallest size (6 pt); shorten it" in err, err


def test_name_that_fits_when_shrunk_renders(cli, rules_content, tmp_path):
    name = "Hochgroßmeister der Glutorden"
    code, out, err = cli("cards", "--content", _with_name(rules_content, name), "--out", tmp_path / "out")
    assert code == 0, err
    assert name in flat(pdf_text(tmp_path / "out" / "cards.pdf"))


def _text_sizes(html: str, needle: str) -> list[float]:
    """Font sizes (pt) of the laid-out text boxes containing ``needle``."""
    from cardgen.pdf.wrapper import load_document
    laid_out = load_document(html, render.CARDS_TEMPLATES)
    return [b.font_size_pt for page in range(laid_out.page_count) for b in laid_out.boxes(page)
            if b.text and needle in b.text]


SHRINK_CASES = [  # (face, box, a text in that box)("front", "Name", "Probekrieger"), ("back", "Name", "Probekrieger"),
                ("back", "Regeltexte", "Leichte"), ("front", "Eigenschaften, Waffen, Rüstung, Ausrüstung", "Handgranate"),
                ("power", "Titel", "Gedankenblitz"), ("power", "Regeltext", "Schock")]


@pytest.mark.parametrize("kind,box,needle", SHRINK_CASES, ids=[f"{k}-{b.split(',')[0]}" for k, b, _ in SHRINK_CASES])
def test_fit_step_shrinks_the_text_of_its_box(small_content, kind, box, needle):
    """Every box the fitter can step down really gets smaller text (else shrinking is a no-op)."""
    from cardgen.cards.power_view import power_card
    if kind == "power":
        card, page = power_card(small_content.powers["gedankenblitz"], small_content), FacePage(63, 88)
    else:
        card, page = unit_card(derive(small_content).units["probe"], small_content), FacePage(120, 80)
    normal = _text_sizes(render.face_html(kind, card, page, {}), needle)
    smaller = _text_sizes(render.face_html(kind, card, page, {box: 3}), needle)
    assert normal and smaller, "text not found on the face"
    assert max(smaller) < max(normal) * 0.85, (normal, smaller)


def test_text_that_never_fits_above_a_low_minimum_names_card_and_box(rules_content, monkeypatch):
    """With ``min_font_pt: 4`` a box may step down further than the fitter has rounds: running out of
    rounds names the card and the box too.  (An 80-character name now fits on the back, wrapped to two
    lines, so the rounds are cut to two here.)"""
    from conftest import unit
    name = "Oberster Hochgroßmeister der Vereinigten Glutorden von Nord und Süd und Westen"
    rules_content("units", unit("langname", name=name, weapons=["pistole"]))
    content = load_content(rules_content.root)
    card = unit_card(derive(content).units["langname"], content)
    monkeypatch.setattr(render, "MAX_FIT_ROUNDS", 2)
    with pytest.raises(RenderError, match="card 'langname' \\(back\\): the text of box 'Name' does not fit, "
                                          "even after 2 steps down in size"):
        render_face("back", card, FacePage(120, 80, 0), 4.0)
