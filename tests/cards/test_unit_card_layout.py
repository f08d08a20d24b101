"""The unit card as the rulebook's figure draws it, measured from the rendered face PDFs:
nothing below 6 pt, the attribute grid at the same place on every card, a temporary modifier
inside its box, a colossus with 20 TP fits (or the build names the box), the section bars in
their order and colours, the armour roll worded as the rulebook words it, the rulebook's action
names on the back."""

from __future__ import annotations

import dataclasses
import io
import json
import re
from functools import lru_cache
from pathlib import Path

import pypdfium2
import pytest
from pypdf import PdfReader

from cardgen.cards.planning import CardOptions, page_settings
from cardgen.cards.render import CARDS_TEMPLATES, face_html, render_face
from cardgen.cards.view import unit_card
from cardgen.errors import RenderError
from cardgen.pdf.wrapper import load_document
from cardgen.rules.derive import derive
from cardgen.stages import load_content

from .conftest import EXAMPLE, MM, load_yaml, pdf_text

pytestmark = pytest.mark.pdf          # renders PDFs (make test-fast leaves it out)

UNITS = sorted(load_yaml(EXAMPLE, "units"))
RULEBOOK = Path(__file__).resolve().parents[3] / "shared" / "rulebook" / "Regelbuch.md"
MIN_PT = 6.0
GRID_LABELS = ("AGI", "NK", "FK", "KO", "WN", "EH")
BARS = {  # title → its colour (CSS named colours, card.css)
    "Eigenschaften": (70, 130, 180), "Waffen": (205, 92, 92), "Rüstung": (107, 142, 35),
    "Ausrüstung": (112, 128, 144), "Kräfte": (147, 112, 219)}
BAR_ORDER = list(BARS)


@lru_cache(maxsize=1)
def example():
    content = load_content(EXAMPLE)
    page, _ = page_settings(content, CardOptions())
    return content, derive(content), page


BUILT: dict[str, Path] = {}         # "out": the output folder of the session's cold build of content/


@pytest.fixture(scope="module", autouse=True)
def _example_build(example_build):
    """:func:`face` reads the session's one cold build of the example content (tests/conftest.py)."""
    BUILT["out"] = example_build.out


@lru_cache(maxsize=None)
def face(unit_id: str, kind: str) -> bytes:
    """The PDF of one face of an example unit, as the build rendered it (read from its face cache,
    found through the manifest's ``face:UNIT:KIND`` entry)."""
    cache = BUILT["out"] / ".cache"
    key = json.loads((cache / "manifest.json").read_text(encoding="utf-8"))[f"face:{unit_id}:{kind}"]
    return (cache / "faces" / f"{key}.pdf").read_bytes().partition(b"\n")[2]


def _mul(a, b):
    return [a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3], a[2] * b[0] + a[3] * b[2],
            a[2] * b[1] + a[3] * b[3], a[4] * b[0] + a[5] * b[2] + b[4], a[4] * b[1] + a[5] * b[3] + b[5]]


def runs(pdf: bytes) -> list[tuple[str, float, float, float]]:
    """Every text run of a one-page PDF: (text, size in pt, x, y of its origin in pt from bottom left);
    the size is the font size through the text and the graphics matrix, as printed."""
    found = []

    def visit(text, cm, tm, font, size):
        if text.strip():
            m = _mul(tm, cm)
            found.append((text.strip(), size * (m[2] ** 2 + m[3] ** 2) ** 0.5, m[4], m[5]))

    PdfReader(io.BytesIO(pdf)).pages[0].extract_text(visitor_text=visit)
    return found


def image(pdf: bytes, dpi: int = 150):
    document = pypdfium2.PdfDocument(pdf)
    try:
        return document[0].render(scale=dpi / 72).to_pil().convert("RGB")
    finally:
        document.close()


@pytest.mark.parametrize("kind", ["front", "back"])
@pytest.mark.parametrize("unit_id", UNITS)
def test_no_text_below_6pt(unit_id, kind):
    found = runs(face(unit_id, kind))
    assert found, "no text found on the face"
    small = [(text, round(size, 2)) for text, size, _, _ in found if size < MIN_PT - 0.01]
    assert small == []
    if kind == "back":      # the body of the back: a comfortable reading size
        body = [(text, round(size, 2)) for text, size, _, y in found if size < 7.5 - 0.01]
        assert body == []


def test_tp_numbers_and_stat_labels_are_on_the_card_at_6pt_or_more():
    """The numbers of the TP track, the attribute labels and the load value are printed (and so were
    measured by the test above): a card that dropped them would pass that test by printing nothing."""
    texts = {text: size for text, size, _, _ in runs(face("mg_schütze", "front"))}     # encumbered
    for label in GRID_LABELS + ("8", "1"):
        assert texts.get(label, 0) >= MIN_PT, label
    assert texts.get("−1", 0) >= MIN_PT and any("kg" in t for t in texts)


def _label_positions(unit_id: str) -> dict[str, tuple[float, float]]:
    return {text: (round(x, 2), round(y, 2)) for text, _, x, y in runs(face(unit_id, "front")) if text in GRID_LABELS}


def test_attribute_grid_labels_at_identical_positions_on_every_card():
    positions = {unit_id: _label_positions(unit_id) for unit_id in UNITS}
    first = positions[UNITS[0]]
    assert sorted(first) == sorted(GRID_LABELS)
    assert {unit_id: p for unit_id, p in positions.items() if p != first} == {}
    # AGI NK FK down the left pair of columns, KO WN EH down the right
    assert max(first[k][0] for k in ("AGI", "NK", "FK")) + 10 * MM < min(first[k][0] for k in ("KO", "WN", "EH"))
    for left, right in (("AGI", "KO"), ("NK", "WN"), ("FK", "EH")):
        assert first[left][1] == first[right][1], (left, right)
    assert first["AGI"][1] > first["NK"][1] > first["FK"][1]


def _grid_boxes(unit_id: str) -> dict[str, tuple[float, ...]]:
    """Border boxes (px) of the attribute grid's label and value cells on one front."""
    content, derived, page = example()
    laid_out = load_document(face_html("front", unit_card(derived.units[unit_id], content), page), CARDS_TEMPLATES)
    return {f"{'key' if 'key' in b.classes else b.get('box')}:{b.classes[-2:]}": (b.x, b.y, b.width, b.height)
            for b in laid_out.boxes(0) if b.tag == "div" and "attr" in b.classes}


def test_attribute_grid_boxes_identical_on_every_card():
    boxes = {unit_id: _grid_boxes(unit_id) for unit_id in ("sturmtruppe", "mg_schütze", "kettendrohne",
                                                           "ordenskrieger", "belagerungsläufer")}
    first = boxes["sturmtruppe"]
    assert len(first) == 12
    assert {unit_id: b for unit_id, b in boxes.items() if b != first} == {}


def _chars(pdf: bytes) -> tuple[str, list[tuple[float, float, float, float]]]:
    document = pypdfium2.PdfDocument(pdf)
    try:
        text = document[0].get_textpage()
        count = text.count_chars()
        return text.get_text_range(0, count), [text.get_charbox(i) for i in range(count)]
    finally:
        document.close()


def test_temporary_modifier_stays_inside_its_attribute_box():
    """Ordenskrieger: NK 5 with Kampfrausch (+2, temporary) prints "5 (+2)" inside the NK value box."""
    content, derived, page = example()
    card = unit_card(derived.units["ordenskrieger"], content)
    nk = {s.label: s for s in card.attributes}["NK"]
    assert (nk.value, nk.temporary) == ("5", "+2")
    laid_out = load_document(face_html("front", card, page), CARDS_TEMPLATES)
    box = next(b for b in laid_out.boxes(0) if b.get("box") == "NK")
    text, boxes = _chars(face("ordenskrieger", "front"))
    start = text.index("(+2)")
    left, right = boxes[text.index("5", start - 3)][0], boxes[start + 3][2]
    px = 0.75                                           # CSS px → pt
    assert box.x * px <= left and right <= (box.x + box.width) * px, (left, right, box.x * px, (box.x + box.width) * px)


def _colossus(rules_content, **fields):
    from conftest import unit
    data = unit("riese", type="koloss", size="riesig", hit_points=20,
                weapons=["kettensaege", "panzerfaust", "felsbrocken"], armor="plattenpanzer")
    data.update(fields)
    rules_content("units", data)
    content = load_content(rules_content.root)
    derived = derive(content)
    assert derived.problems == ()
    return content, derived.units["riese"]


def test_colossus_with_20_tp_fits(rules_content):
    content, d = _colossus(rules_content)
    assert (d.hit_zones.rumpf, d.hit_zones.links, d.hit_zones.rechts, d.hit_zones.bewegung) == (20, 14, 14, 14)
    page, _ = page_settings(content, CardOptions())
    pdf = render_face("front", unit_card(d, content), page, MIN_PT).pdf       # raises if a box does not fit
    texts = [text for text, size, _, _ in runs(pdf)]
    assert texts.count("20") == 1 and texts.count("14") == 4          # each track printed whole (Rumpf too)
    assert all(size >= MIN_PT for _, size, _, _ in runs(pdf))


def test_a_tp_track_is_a_checked_box(rules_content, tmp_path):
    """A track that cannot fit (circles made huge by a theme) fails the card naming the track."""
    from .test_theme_cards import theme
    content, d = _colossus(rules_content)
    page, _ = page_settings(content, CardOptions())
    (tmp_path / "look").mkdir()
    look = theme(tmp_path / "look", {"theme/cards.css": ".tp { width: 3em; height: 3em; }"})
    with pytest.raises(RenderError, match="'riese' \\(front\\): the text of box 'TP Rumpf' does not fit"):
        render_face("front", unit_card(d, content), page, MIN_PT, look)


def test_too_many_weapons_fail_naming_the_box(rules_content):
    content, d = _colossus(rules_content, weapons=["kettensaege", "panzerfaust", "felsbrocken"] * 5)
    page, _ = page_settings(content, CardOptions())
    with pytest.raises(RenderError, match="box 'Eigenschaften, Waffen, Rüstung, Ausrüstung' does not fit"):
        render_face("front", unit_card(d, content), page, MIN_PT)


def _rulebook() -> str:
    if not RULEBOOK.is_file():
        pytest.skip(f"the rulebook is not next to the project ({RULEBOOK})")
    return RULEBOOK.read_text(encoding="utf-8")


def test_armour_roll_is_a_value_added_to_the_roll_as_the_rulebook_words_it():
    rulebook = _rulebook()
    section = rulebook[rulebook.index("### Verletzungs- und Rüstungswurf"):]
    section = section[:section.index("\n### ", 5)]
    assert "addiert den Schutz seiner Rüstung, dies wird *Rüstungswurf* genannt" in section
    assert "Sofern der Verteidiger über keine Rüstung verfügt addiert er stattdessen seine KO" in section
    content, derived, _ = example()
    text = " ".join(t for t, _, _, _ in runs(face("sturmtruppe", "front")))
    d = derived.units["sturmtruppe"]                       # Splitterweste, KO 4: adds the higher
    added = max(d.attributes["KO"], d.armor.protection)
    assert f"+{added}" in text.split() and f"{added}+" not in text.split()
    seherin = " ".join(t for t, _, _, _ in runs(face("seherin", "front")))      # no armour: adds her KO
    assert "keine Rüstung" in seherin
    assert f"+{derived.units['seherin'].attributes['KO']}" in seherin.split()


def test_back_names_the_actions_as_the_rulebook_does():
    rulebook = _rulebook()
    for heading in ("Verwegener Angriff - WK+1 ⊙", "Feuerbereitschaft - 2 ⊙", "Reaktionsfeuer - WK ⊙",
                    "Gezielter Schuss - WK+2 ⊙", "Schnellschuss - WK ⊙", "Normaler Schuss - WK+1 ⊙"):
        assert heading in rulebook
    back = re.sub(r"\s+", " ", " ".join(t for t, _, _, _ in runs(face("sturmtruppe", "back"))))
    for name in ("Aktionen", "Normaler Schuss", "Gezielter Schuss", "Schnellschuss", "Feuerbereitschaft ⊙2",
                 "Reaktionsfeuer", "Angriff", "Angriffsbewegung"):
        assert name in back, name
    assert "Rücksichtslos" not in back and "Sturmangriff" not in back
    # "!!! TODO Das funktioniert nach den aktuellen Regeln nicht mehr": off by default (rules.yaml actions)
    assert "Verwegener Angriff" not in back


def _bars(unit_id: str) -> list[tuple[str, tuple[int, int, int]]]:
    """The section bars of a front, top to bottom: (title, colour left of the title)."""
    pdf = face(unit_id, "front")
    height_pt = float(PdfReader(io.BytesIO(pdf)).pages[0].mediabox.height)
    picture, dpi = image(pdf), 150
    found = []
    for text, _, x, y in sorted(runs(pdf), key=lambda r: -r[3]):
        if text in BARS:
            px = round((x - 0.5 * MM) * dpi / 72)              # inside the bar, left of its title
            py = round((height_pt - y - 0.8 * MM) * dpi / 72)  # a little above the baseline
            found.append((text, picture.getpixel((px, py))))
    return found


@pytest.mark.parametrize("unit_id", ["sturmtruppe", "basaltriese", "feldleutnant", "glutmeister"])
def test_section_bars_in_order_and_colour(unit_id):
    bars = _bars(unit_id)
    titles = [title for title, _ in bars]
    assert titles == [t for t in BAR_ORDER if t in titles]
    assert {"Waffen", "Rüstung"} <= set(titles)
    for title, colour in bars:
        assert max(abs(a - b) for a, b in zip(colour, BARS[title])) <= 12, (title, colour)


def test_empty_sections_are_left_out():
    """Sturmtruppe has no traits and no powers: no bar "Eigenschaften" or "Kräfte" on its front."""
    titles = [title for title, _ in _bars("sturmtruppe")]
    assert titles == ["Waffen", "Rüstung", "Ausrüstung"]


def _largest_shading_function(pdf: bytes) -> int:
    """The most pieces of any stitching function (FunctionType 3) a shading of the face draws."""
    import pikepdf

    with pikepdf.open(io.BytesIO(pdf)) as doc:
        return max((len(obj.Function.get("/Functions", ())) for obj in doc.objects
                    if isinstance(obj, pikepdf.Dictionary) and "/ShadingType" in obj and "/Function" in obj),
                   default=0)


@pytest.mark.parametrize("kind", ["front", "back"])
def test_bars_are_striped_by_one_small_tile(kind):
    """The bars' stripes alternate colour and dark stripe right across the bar, and they are one
    tile repeated, not a repeating gradient: WeasyPrint writes that as one PDF function of ~130
    pieces per bar, which made every copied face take about 1 MiB in the imposer."""
    pdf = face("basaltriese", kind)
    assert _largest_shading_function(pdf) <= 8
    box = PdfReader(io.BytesIO(pdf)).pages[0].mediabox
    title = "Waffen" if kind == "front" else "Basaltriese"
    y = next(y for text, _, _, y in runs(pdf) if text == title)
    picture, dpi = image(pdf), 150
    py = round((float(box.height) - y - 0.8 * MM) * dpi / 72)
    right = round(float(box.width) * dpi / 72)
    row = [picture.getpixel((px, py)) for px in range(right - 60, right - 12)]
    dark = [sum(pixel[:3]) < 150 for pixel in row]          # the stripe colour is #1b1b1b
    changes = sum(a != b for a, b in zip(dark, dark[1:]))
    assert changes >= 6, f"no stripes at the right end of the {title!r} bar: {row[:8]}"


@pytest.mark.parametrize("kind", ["front", "back"])
def test_no_line_starts_with_a_separator(kind):
    """Issue 30.9: the back's action lines (and the front's item lists) began with a stray "·" where
    a line broke before it.  A separator keeps to what precedes it (a no-break space): the HTML has no
    break opportunity before any "·", and no line of any example face starts with one."""
    content, derived, page = example()
    for unit_id in UNITS:
        html = face_html(kind, unit_card(derived.units[unit_id], content), page)
        assert not re.search(r"[ \t\n]·", html), (unit_id, re.findall(r".{30}[ \t\n]·.{10}", html))
        lines = [line.strip() for line in pdf_text(face(unit_id, kind)).splitlines()]
        assert not [line for line in lines if line.startswith("·")], unit_id


def test_a_shield_prints_its_bonuses_as_the_rulebook_words_them_not_in_the_roll_column():
    """Issue 30.8: the shield's "+2" stood in the "Wurf" column, where an armour's row prints what its
    roll adds (the higher of KO and Schutz); the shield's bonus is added on top of that.  Its row now
    prints the rulebook's two bonuses (Schilde: Nahkampfwurf "Nur bei Verteidigung", Rüstungswurf) with
    the content's values, and nothing under "Wurf"."""
    rulebook = _rulebook()
    section = rulebook[rulebook.index("### Schilde"):]
    assert "* **Nahkampfwurf**\n\n    Nur bei Verteidigung." in section
    assert "* **Rüstungswurf**" in section
    content, derived, _ = example()
    shield = derived.units["ordenskrieger"].shield
    assert shield is not None
    melee, armor = f"NK +{shield.melee_bonus} bei Verteidigung", f"Rüstungswurf +{shield.armor_bonus}"
    found = runs(face("ordenskrieger", "front"))
    name_x, name_y = next((x, y) for text, _, x, y in found if text == shield.armor.name)
    wurf_x = next(x for text, _, x, _ in found if text == "Wurf")
    row = [(text, x) for text, _, x, y in found if abs(y - name_y) < 2.5 * MM and x > name_x]
    assert [text for text, _ in row] == [f"{melee} {armor}"], row        # the two bonuses, NK first, nothing else
    assert abs(row[0][1] - wurf_x) < 3 * MM                              # where the values stand


def _white_around(pdf: bytes, text: str, dpi: int = 300) -> int:
    """Light pixels in a 4 × 4 mm square around the run ``text`` (a WK numeral in its black cell)."""
    height_pt = float(PdfReader(io.BytesIO(pdf)).pages[0].mediabox.height)
    x, y = next((x, y) for t, _, x, y in runs(pdf) if t == text)
    picture, scale = image(pdf, dpi), dpi / 72
    left, top = round((x - 1 * MM) * scale), round((height_pt - y - 3 * MM) * scale)
    return sum(1 for px in range(left, left + round(4 * MM * scale)) for py in range(top, top + round(4 * MM * scale))
               if sum(picture.getpixel((px, py))) > 600)


def test_an_unhandlich_weapon_shows_the_rulebooks_circle_around_its_wk_with_a_legend_on_the_back():
    """Issue 30.7: the WK of an unhandlich weapon was underlined, a sign the rulebook has not.  Its
    "Unhandliche Waffen" says: "Auf der Einheitenkarte wird dies mit einem Kreis um die Waffenklasse
    ausgewiesen" -- so a ring around the numeral, and the back's "Aktionen" line explains it."""
    rulebook = _rulebook()
    assert "Auf der Einheitenkarte wird dies mit einem Kreis um die Waffenklasse ausgewiesen" in rulebook
    content, derived, page = example()
    card = unit_card(derived.units["mg_schütze"], content)
    (unwieldy,) = [w for w in card.weapons if w.unhandlich]
    assert card.unwieldy_sign == unwieldy.weapon_class == "III"
    html = face_html("front", card, page)
    assert f'<td class="wk"><span class="ring" title="unhandlich">{unwieldy.weapon_class}</span></td>' in html
    assert "underline" not in (CARDS_TEMPLATES / "unit.css").read_text(encoding="utf-8")
    plain = dataclasses.replace(card, weapons=tuple(dataclasses.replace(w, unhandlich=False) for w in card.weapons))
    ringed = _white_around(render_face("front", card, page, MIN_PT).pdf, unwieldy.weapon_class)
    bare = _white_around(render_face("front", plain, page, MIN_PT).pdf, unwieldy.weapon_class)
    assert ringed > bare * 1.3, (ringed, bare)                                    # the ring is drawn
    back = " ".join(t for t, _, _, _ in runs(face("mg_schütze", "back")))
    assert re.search(rf"Aktionen\s+{unwieldy.weapon_class}\s+= unhandlich", back), back[:80]
    sturmtruppe = unit_card(derived.units["sturmtruppe"], content)                 # nothing unhandlich
    assert sturmtruppe.unwieldy_sign == "" and "unhandlich" not in face_html("back", sturmtruppe, page)
