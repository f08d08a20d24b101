"""cardgen.site.changes: each object's "changed since" lines, as cardgen diff finds them."""

from __future__ import annotations

import yaml

from conftest import one_unit_content
from cardgen.site.changes import changes_since
from cardgen.stages import load_and_derive


def test_a_changed_weapon_and_a_new_unit_are_noted(tmp_path):
    old = one_unit_content(tmp_path / "alt")
    new = one_unit_content(tmp_path / "neu")
    pistole = yaml.safe_load((new / "weapons" / "pistole.yaml").read_text(encoding="utf-8"))
    (new / "weapons" / "pistole.yaml").write_text(yaml.safe_dump({**pistole, "damage": 2}), encoding="utf-8")
    probe = yaml.safe_load((new / "units" / "probe.yaml").read_text(encoding="utf-8"))
    (new / "units" / "zweite.yaml").write_text(yaml.safe_dump({**probe, "id": "zweite", "name": "Zweite"}),
                                               encoding="utf-8")
    content, derived = load_and_derive(new)
    notes = changes_since(str(old), tmp_path, content, derived).objects
    assert notes[("weapons", "pistole")] == ("Schaden: 1 → 2",)
    assert notes[("units", "zweite")] == ("neu",)
    assert ("units", "probe") not in notes
