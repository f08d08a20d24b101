"""A card that cannot fit, said as the content field to shorten (never as a box of the layout).

The fit check of :mod:`cardgen.cards.render` knows only boxes (``Name``, ``Regeltexte`` …); the
author knows fields.  A face that does not fit comes back from its worker as a :class:`Misfit`
(plain and picklable: the unit or power, the side, the box, its floor); :func:`misfit_problem`
turns it into one :class:`~cardgen.errors.Problem` at the file and line of the field whose text
fills that box -- the unit's ``name``, its ``weapons`` list, the ``rules`` text of the trait that
takes most of the back.  A box that holds only values cardgen computes (perception, load, the
attributes) names no field: no text of the author's is in it, so the message names the theme.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardgen.content.model import Content
from cardgen.content.schema import weapon_id
from cardgen.errors import Problem, RenderError

SIDES = {"front": "front", "back": "back", "power": "power card"}
SECTION_FIELDS = (("traits", "traits"), ("weapons", "weapons"), ("equipment", "pieces of equipment"),
                  ("powers", "powers"))
"""The front's lists a unit names (its field, what the message calls its entries), in the card's order."""
TEXT_BOXES = ("Name", "Eigenschaften, Waffen, Rüstung, Ausrüstung", "Regeltexte", "Titel", "Regeltext")
"""The fit boxes that hold text the author typed: when several boxes of a face do not fit, these are named first."""
ACTION_CHARS = 60
"""About how much of the back one weapon's line of actions fills, in characters of rules text."""


@dataclass(frozen=True)
class Misfit:
    """One face that does not fit: ``owner`` and ``kind`` as its face job's, the fit ``box`` that
    overflows and the smallest size its text may take (pt)."""

    owner: str
    kind: str
    box: str
    floor_pt: float
    note: str = ""                  # how the fit ended ("after 8 steps down"), "" at the floor


class FitError(RenderError):
    """A face that does not fit (:class:`Misfit`); in a build it stops only the outputs that show it.
    Its message: ``message``, else the box's (where the content is not at hand to name the field)."""

    def __init__(self, misfit: Misfit, message: str = "", label: str = "") -> None:
        self.misfit = misfit
        label = label or f"'{misfit.owner}'"
        super().__init__(message or f"card {label} ({misfit.kind}): the text of box '{misfit.box}' does not fit, "
                                    f"even {misfit.note or f'at the minimum font size of {misfit.floor_pt:g} pt'}")


@dataclass(frozen=True)
class Where:
    """The content field a misfit is about: kind and id of its file, the path inside it."""

    kind: str
    object_id: str
    loc: tuple[str | int, ...]

    def problem(self, content: Content, message: str) -> Problem:
        return content.source(self.kind, self.object_id).problem(self.loc, message)


def card_name(owner: str, card) -> str:
    """How a message names a card: ``card 'sturmtruppe'``, a group model's ``card 'Kurt Adler' of
    group 'eisenfaust'``."""
    if "/" in owner:
        return f"card '{card.name}' (unit '{card.id}') of group '{owner.split('/')[0]}'"
    return f"card '{owner}'"


def misfit_problem(misfit: Misfit, card, content: Content, capacity: str = "") -> Problem:
    """The problem of one face that does not fit, at the field to shorten; ``capacity``: what fits,
    measured (``about 48 fit``), where known."""
    side, named = SIDES.get(misfit.kind, misfit.kind), card_name(misfit.owner, card)
    at = f"at its smallest size ({misfit.floor_pt:g} pt{'; ' + capacity if capacity else ''})"
    if misfit.kind == "power":
        field = "name" if misfit.box == "Titel" else "rules"
        text = content.powers[card.id].name if field == "name" else content.powers[card.id].rules
        what = "title" if field == "name" else "rules text"
        return Where("powers", card.id, (field,)).problem(
            content, f"{len(text)} characters do not fit the {what} of power card '{card.id}' {at}; "
                     f"shorten it")
    if misfit.box == "Name":
        where = _name_field(misfit.owner, card, content)
        what = "name cell" if misfit.kind == "front" else "header of the back (with the faction's name)"
        under = " (with the unit's name under it)" if card.unit_name else ""
        return where.problem(content, f"{len(card.name)} characters do not fit the {what}{under} of {named} "
                                      f"{at}; shorten it")
    if misfit.box.startswith("Eigenschaften"):
        return _sections_problem(misfit, card, content, named, at)
    if misfit.box == "Regeltexte":
        return _rules_problem(misfit, card, content, named, at)
    if misfit.box == "Wahrnehmung" and card.radii.load is not None:
        return _load_problem(card, content, named, at)
    return Where("units", card.id, ()).problem(
        content, f"{named} ({side}): the values cardgen computes for its box '{misfit.box}' do not fit {at}; "
                 f"no text of yours is in it: give that box more room (or a smaller font) in the theme's "
                 f"stylesheet")


def _name_field(owner: str, card, content: Content) -> Where:
    """The ``name`` of the unit, or of the group's model whose own card it is."""
    if "/" in owner and card.model_name:
        group_id, index = owner.split("/")
        return Where("groups", group_id, ("models", int(index), "name"))
    return Where("units", card.id, ("name",))


def _sections_problem(misfit: Misfit, card, content: Content, named: str, at: str) -> Problem:
    """The front's lists: the one with most entries is the one to shorten."""
    unit = content.units[card.id]
    count, field, words = max(((len(getattr(unit, field)), field, words) for field, words in SECTION_FIELDS),
                              key=lambda c: c[0])
    return Where("units", card.id, (field,)).problem(
        content, f"{count} {words} (with the card's other lists) do not fit the front of {named} {at}; "
                 f"list fewer")


def _load_problem(card, content: Content, named: str, at: str) -> Problem:
    """The load beside the perception: the list that weighs most is what the unit should carry less of."""
    unit = content.units[card.id]
    weights = {"weapons": sum(content.weapons[weapon_id(w)].weight for w in unit.weapons),
               "equipment": sum(content.equipment[e].weight for e in unit.equipment)}
    for field in ("armor", "shield"):
        armor = getattr(unit, field)
        if armor and not content.armor[armor].selbsttragend:
            weights[field] = content.armor[armor].weight
    field = max(weights, key=lambda f: weights[f])
    load = card.radii.load
    return Where("units", card.id, (field,)).problem(
        content, f"the load of {named}, {load.label} ({load.value}), most of it its {field} ({weights[field]:g} kg), "
                 f"does not fit beside its perception on the front {at}; carry less")


def back_texts(card, content: Content) -> list[tuple[Where, int, str]]:
    """Every rules text the back of ``card`` prints, as (its field, its length, how the unit uses it):
    the unit's own ``rules`` and the ``rules`` of each weapon, armour, equipment, trait, power and
    damage effect it names (a text the back prints once counts once)."""
    unit = content.units[card.id]
    texts: dict[tuple[str, str], tuple[Where, int, str]] = {}
    if unit.rules:
        texts[("units", unit.id)] = (Where("units", unit.id, ("rules",)), len(unit.rules), "rules")
    refs: list[tuple[str, str, str]] = [("weapons", weapon_id(w), f"weapons[{i}]") for i, w in enumerate(unit.weapons)]
    refs += [("armor", a, field) for a, field in ((unit.armor, "armor"), (unit.shield, "shield")) if a]
    refs += [("equipment", e, f"equipment[{i}]") for i, e in enumerate(unit.equipment)]
    refs += [("traits", t if isinstance(t, str) else t.id, f"traits[{i}]") for i, t in enumerate(unit.traits)]
    refs += [("powers", p, f"powers[{i}]") for i, p in enumerate(unit.powers)]
    for kind, ref, used_as in refs:
        item = content.kind(kind)[ref]
        found = [(kind, ref, item)] + [("effects", e, content.effects[e]) for e in getattr(item, "effects", [])]
        for of_kind, object_id, obj in found:
            if obj.rules and (of_kind, object_id) not in texts:
                texts[(of_kind, object_id)] = (Where(of_kind, object_id, ("rules",)), len(obj.rules), used_as)
    return list(texts.values())


def _rules_problem(misfit: Misfit, card, content: Content, named: str, at: str) -> Problem:
    """The back's rules texts: one text that fills half of it is the one to shorten, else the
    list whose texts and actions fill most."""
    texts = back_texts(card, content)
    total = sum(length for _, length, _ in texts) + ACTION_CHARS * len(card.actions)
    if texts:
        where, length, used_as = max(texts, key=lambda t: t[1])
        if 2 * length >= total:
            return where.problem(content, f"{length} characters do not fit the back of {named} ({used_as}), "
                                          f"with its other rules texts, {at}; shorten it")
    by_field: dict[str, int] = {"weapons": ACTION_CHARS * len(card.actions)}
    for _, length, used_as in texts:
        field = used_as.split("[")[0]
        by_field[field] = by_field.get(field, 0) + length
    field = max(by_field, key=lambda f: by_field[f])
    return Where("units", card.id, (field,)).problem(
        content, f"the rules texts (and actions) of its {field}, {total} characters in all, do not fit the back "
                 f"of {named} {at}; list fewer or shorten their texts")
