"""Issue 8 (17): every value from the content YAML that the ``{{ table: ... }}`` directive
prints is escaped -- HTML, attribute quotes, Markdown and the table's own ``|`` and ``^^``."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path
from types import SimpleNamespace

import pytest

from cardgen.rulebook.document import read_document
from cardgen.rulebook.markdown import make_markdown

# Printed literally: names and icon paths (every Markdown and HTML character in them stays text).
NAME = '<b>x</b>"onerror=alert(1) \' *em* [a](#b) {.c} ^^ | \\ &amp; ![i](j)'
# Rules text is Markdown (for its links), but its HTML is text.
RULES = '<b>x</b>"onerror=alert(1) \' <img src=x onerror=alert(1)> &amp;'
TABLES = "{{ table: damage-effects }}\n\n{{ table: weapon-classes }}\n\n{{ table: terrain }}\n"
ALLOWED_TAGS = {"table", "thead", "tbody", "tr", "th", "td", "img", "span", "wbr", "a"}
ALLOWED_ATTRS = {"style", "src", "alt", "rowspan", "class", "id", "href"}
# the effect's row is its definition (#effect-e); the weapon and terrain named like it link there (rulebook.keywords)


def hostile_content() -> SimpleNamespace:
    def objects(*items: dict) -> dict:
        return {item["id"]: SimpleNamespace(**item) for item in items}
    return SimpleNamespace(
        damage_effects=objects({"id": "e", "name": NAME, "icon": NAME, "applies_to": "waffen",
                                "rules": RULES}),
        weapons=objects({"id": "m", "name": NAME, "kind": "nahkampf", "weapon_class": 1},
                        {"id": "f", "name": NAME + "2", "kind": "fernkampf", "weapon_class": 1},
                        {"id": "g", "name": "^^", "kind": "fernkampf", "weapon_class": 1}),
        terrain=objects({"id": "t", "name": NAME, "passierbarkeit": 1, "deckung": 2, "sichtweite": None,
                         "rules": RULES}),
    )


class _Collect(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: set[str] = set()
        self.attrs: dict[str, list[str]] = {}
        self.cells: list[str] = []

    def handle_starttag(self, tag, attrs) -> None:
        self.tags.add(tag)
        for name, value in attrs:
            self.attrs.setdefault(name, []).append(value or "")
        if tag in ("td", "th"):
            self.cells.append("")

    def handle_data(self, data) -> None:
        if self.cells:
            self.cells[-1] += data


def _parsed(html: str) -> _Collect:
    collect = _Collect()
    collect.feed(html)
    collect.close()
    return collect


def _assert_escaped(html: str) -> _Collect:
    parsed = _parsed(html)
    assert parsed.tags <= ALLOWED_TAGS, parsed.tags - ALLOWED_TAGS
    assert set(parsed.attrs) <= ALLOWED_ATTRS, set(parsed.attrs) - ALLOWED_ATTRS
    assert "<b>" not in html and "<img src=x" not in html
    assert set(parsed.attrs.get("href", [])) <= {"#effect-e"} and set(parsed.attrs.get("id", [])) <= {"effect-e"}
    cells = [" ".join(cell.split()) for cell in parsed.cells]
    assert cells.count(NAME) == 3, cells          # effect, melee weapon and terrain name, as written
    assert NAME + "2" in cells                    # ranged weapon
    assert "^^" in cells                          # a weapon named ^^ is a name, not a merged cell
    assert cells.count(" ".join(RULES.split())) == 2, cells   # effect and terrain rules, as written
    return parsed


def test_directive_prints_every_content_string_as_text():
    html = make_markdown().render(TABLES, {"content": hostile_content()})
    parsed = _assert_escaped(html)
    assert parsed.attrs["alt"] == [NAME]
    assert parsed.attrs["src"] == ["Grafiken/" + NAME]   # one attribute value, quotes and all


def test_directive_icon_that_is_not_found_is_an_escaped_placeholder(tmp_path: Path):
    source = tmp_path / "Regeln.md"
    document = read_document(source, TABLES, [], content=hostile_content())
    parsed = _assert_escaped(document.body_html)
    assert "src" not in parsed.attrs                    # the icon does not exist: a placeholder
    assert [p.message.startswith("image not found: Grafiken/<b>x</b>") for p in document.problems] == [True]


@pytest.mark.parametrize("name", ["a|b", "trailing\\", "[x]", "`code`", "**bold**", "<!-- c -->"])
def test_names_stay_in_their_cell(name):
    content = hostile_content()
    content.terrain["t"].name = name
    html = make_markdown().render("{{ table: terrain }}\n", {"content": content})
    cells = [cell.strip() for cell in _parsed(html).cells]
    assert cells[5] == name and len(cells) == 10, cells
