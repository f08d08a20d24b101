"""cardgen.errata.compare: two snapshots matched by kind and id."""

from __future__ import annotations

from cardgen.errata.compare import Change, changed_values, compare
from cardgen.errata.snapshot import Entry


def weapon(item_id: str, name: str, **values: str) -> Entry:
    return Entry("weapons", item_id, name, dict(values))


def test_changed_values_in_the_new_key_order_then_the_old_only_keys():
    old = weapon("pistole", "Pistole", damage="1", range="20/3", rules="alt")
    new = weapon("pistole", "Pistole", strength="4", range="20/3", damage="2")
    assert changed_values(old, new) == (("strength", "–", "4"), ("damage", "1", "2"), ("rules", "alt", "–"))


def test_a_rename_is_a_change_of_the_name_first():
    assert changed_values(weapon("p", "Pistole", damage="1"), weapon("p", "Revolver", damage="1")) == (
        ("name", "Pistole", "Revolver"),)


def test_equal_entries_have_no_changed_values():
    assert changed_values(weapon("p", "P", a="1"), weapon("p", "P", a="1")) == ()


def test_compare_finds_added_removed_and_changed_by_kind_then_name():
    old = {("weapons", "pistole"): weapon("pistole", "Pistole", damage="1"),
           ("weapons", "speer"): weapon("speer", "Speer"),
           ("weapons", "gleich"): weapon("gleich", "Gleich", damage="1"),
           ("units", "probe"): Entry("units", "probe", "Probe", {"points": "100"})}
    new = {("weapons", "pistole"): weapon("pistole", "Revolver", damage="2"),
           ("weapons", "axt"): weapon("axt", "axt"),
           ("weapons", "gleich"): weapon("gleich", "Gleich", damage="1"),
           ("units", "probe"): Entry("units", "probe", "Probe", {"points": "110"})}
    assert compare(old, new, ("units", "weapons")) == [
        Change("units", "probe", "Probe", "Probe", "changed", (("points", "100", "110"),)),
        Change("weapons", "axt", None, "axt", "added"),                # names sorted case-blind
        Change("weapons", "pistole", "Pistole", "Revolver", "changed",
               (("name", "Pistole", "Revolver"), ("damage", "1", "2"))),
        Change("weapons", "speer", "Speer", None, "removed"),
    ]


def test_compare_looks_only_at_the_kinds_asked():
    old = {("armor", "weste"): Entry("armor", "weste", "Weste", {})}
    assert compare(old, {}, ("weapons",)) == []
    assert compare(old, {}, ("armor",)) == [Change("armor", "weste", "Weste", None, "removed")]


def test_same_names_are_ordered_by_id():
    new = {("weapons", "b"): weapon("b", "X"), ("weapons", "a"): weapon("a", "X")}
    assert [c.id for c in compare({}, new, ("weapons",))] == ["a", "b"]
