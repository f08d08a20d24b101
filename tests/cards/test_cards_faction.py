"""The faction's emblem (unit card back, group cover) and leader rule (group cover)."""

from __future__ import annotations

import shutil

import yaml

from cardgen.cards.group_view import group_cover
from cardgen.cards.sheets import render_cover
from cardgen.cards.render import face_html
from cardgen.geometry import FacePage
from cardgen.cards.view import unit_card
from cardgen.stages import load_content
from cardgen.look.icons import icon_uri
from cardgen.rules.derive import derive

from .conftest import SMALL, flat, pdf_text
import pytest

pytestmark = pytest.mark.pdf          # renders PDFs (make test-fast leaves it out)

UNIT_PAGE = FacePage(120, 80)
LEADER_RULE = "Es führt das Modell mit der höchsten EH.\n\nFällt es aus: <b>das nächste</b> & so fort."


def _content(tmp_path, **faction):
    """The small card fixture with a group of two, its faction extended by ``faction``."""
    root = tmp_path / "content"
    shutil.copytree(SMALL, root)
    path = root / "factions" / "test.yaml"
    path.write_text(yaml.safe_dump({**yaml.safe_load(path.read_text(encoding="utf-8")), **faction},
                                   allow_unicode=True), encoding="utf-8")
    (root / "groups").mkdir()
    (root / "groups" / "trupp.yaml").write_text(yaml.safe_dump(
        {"id": "trupp", "name": "Trupp", "faction": "test",
         "models": [{"unit": "probe", "leader": True}, {"unit": "seher"}]}), encoding="utf-8")
    return load_content(root)


def test_emblem_beside_the_faction_name_on_the_back(tmp_path):
    content = _content(tmp_path, emblem="Schule/geist.svg")
    card = unit_card(derive(content).units["probe"], content)
    assert card.faction_emblem.uri == icon_uri("Schule/geist.svg")
    html = face_html("back", card, UNIT_PAGE)
    assert (f'<span class="faction"><img class="icon emblem" src="{icon_uri("Schule/geist.svg")}" '
            f'alt="Testfraktion" title="Testfraktion">Testfraktion</span>') in html
    assert group_cover(content.groups["trupp"], content, derive(content)).faction_emblem == card.faction_emblem


def test_no_emblem_no_image(tmp_path):
    content = _content(tmp_path)
    card = unit_card(derive(content).units["probe"], content)
    assert card.faction_emblem is None
    assert '<span class="faction">Testfraktion</span>' in face_html("back", card, UNIT_PAGE)


def test_leader_rule_on_the_group_cover_escaped(tmp_path):
    content = _content(tmp_path, leader_rule=LEADER_RULE)
    cover = group_cover(content.groups["trupp"], content, derive(content))
    assert cover.leader_rule == ("Es führt das Modell mit der höchsten EH.",      # HTML, its text escaped
                                 "Fällt es aus: &lt;b&gt;das nächste&lt;/b&gt; &amp; so fort.")
    text = flat(pdf_text(render_cover(cover)))
    assert "Gruppenführer Es führt das Modell mit der höchsten EH." in text
    assert "Fällt es aus: <b>das nächste</b> & so fort." in text   # printed as written, not as HTML


def test_cover_without_leader_rule_has_no_heading(tmp_path):
    content = _content(tmp_path)
    cover = group_cover(content.groups["trupp"], content, derive(content))
    assert cover.leader_rule == ()
    text = pdf_text(render_cover(cover))
    assert "★ Gruppenführer" in text                                  # the leader's role in the roster
    assert "Gruppenführer" not in text.replace("★ Gruppenführer", "").split("Gesamt")[1]   # no leader rule
