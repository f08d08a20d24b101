"""``cardgen validate``'s fit check: every unit card that cannot fit, without rendering the deck.

Each card's demand -- the characters of its name, the rows of its front's lists, the characters of its
back's rules texts -- is compared with what the boxes hold at their smallest size, measured once per
theme (:mod:`cardgen.cards.capacity`).  A demand far below a capacity fits (at most :data:`SURE_FIT`
of it); one far above does not (at least :data:`SURE_MISFIT`); in between, the measurement cannot
decide (line breaks, wide letters, how the back's entries pack into its two columns) and that one face
is rendered, as a build renders it.  A card that does not fit is a problem at the field to shorten
(:func:`cardgen.cards.misfit.misfit_problem`), with what fits: ``(6 pt; about 48 fit)``.  Every power
card is checked the same way: its title and its rules text (counted in whole lines a paragraph) against
what a power card holds (:class:`~cardgen.cards.capacity.PowerCapacities`, measured on its own size).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator

from cardgen.build.cache import Cache
from cardgen.cards.capacity import SECTIONS, Capacities, PowerCapacities, capacities, power_capacities
from cardgen.cards.misfit import ACTION_CHARS, FitError, Misfit, misfit_problem
from cardgen.cards.planning import has_own_card, model_card, page_settings
from cardgen.cards.power_view import PowerCard, power_card
from cardgen.cards.unit_model import UnitCard
from cardgen.cards.view import unit_card
from cardgen.content.model import Content
from cardgen.build.context import CardOptions
from cardgen.errors import Problem
from cardgen.geometry import FacePage
from cardgen.rules.derive import Derived
from cardgen.look.theme import Theme

SURE_FIT = 0.85
"""A demand at most this share of a capacity fits, without rendering."""
SURE_MISFIT = 1.15
"""A demand at least this multiple of a capacity does not fit, without rendering."""
OWN_LOOK = (FacePage(120, 80, 0), 6.0)
"""The card size and minimum font size :data:`OWN_FLOORS` hold for (the default ruleset's)."""
OWN_FLOORS = Capacities(name_front=36, name_back=100, rows_front=11, line_front=45, back_column=520, back_total=1040,
                        floor_front=6.0, floor_back=7.5)
"""With cardgen's own look (no theme, no ``--css``) a card fits, without measuring anything, when no
demand exceeds these: about three quarters of what cardgen's own look measures
(tests/cards/test_capacity.py keeps them below it).  A card above one is compared with the measurement."""
OWN_POWER_LOOK = (FacePage(63, 88, 0), 6.0)
"""The power card size and minimum font size :data:`OWN_POWER_FLOORS` hold for (the default ruleset's)."""
OWN_POWER_FLOORS = PowerCapacities(title=36, title_levelled=48, rules=650, line=40, floor_title=6.0, floor_rules=6.0)
"""As :data:`OWN_FLOORS`, for a power card (tests/cards/test_capacity.py keeps them about a quarter below it)."""
TITLE, RULES = "Titel", "Regeltext"         # a power card's fit boxes (templates/cards/power.html.j2)
TAG = re.compile(r"<[^>]+>")


def cards_of(content: Content, derived: Derived) -> Iterator[tuple[str, UnitCard]]:
    """(owner, card) of every unit card a build prints: each unit's and each group model's own."""
    for unit_id in sorted(content.units):
        yield unit_id, unit_card(derived.units[unit_id], content)
    for group_id in sorted(content.groups):
        for index, member in enumerate(content.groups[group_id].models):
            if has_own_card(member):
                yield f"{group_id}/{index}", model_card(member, f"{group_id}/{index}", content, derived, {})


def demands(card: UnitCard, measured: Capacities) -> dict[tuple[str, str], tuple[int, int]]:
    """(face, box) → (what ``card`` needs, what the box holds), in the capacities' units."""
    names = len(card.name) + len(card.unit_name)
    lists = [[f"{t.name} {t.level} {t.ap_cost}" for t in card.traits], [e.name for e in card.equipment],
             list(card.powers)]
    rows = (1 + len(card.weapons) + sum(1 for w in card.weapons if w.uses) + 1 + len(card.armor)
            + sum(1 + math.ceil(len(" · ".join(items)) / measured.line_front) for items in lists if items))
    entries = [len(e.name) + len(e.kind) + 5 + len(TAG.sub("", str(e.text))) for e in card.rules]
    actions = ACTION_CHARS * len(card.actions)
    return {("front", "Name"): (names, measured.name_front),
            ("back", "Name"): (names + len(card.faction) + 3, measured.name_back),
            ("front", SECTIONS): (rows, measured.rows_front),
            ("back", "Regeltexte"): (max([*entries, actions]), measured.back_column),
            ("back", "total"): (sum(entries) + actions, measured.back_total)}


def power_demands(card: PowerCard, measured: PowerCapacities) -> dict[str, tuple[int, int]]:
    """Box → (what the power ``card`` needs, what the box holds): its title's characters, and its rules
    text's characters with each paragraph's last line counted whole."""
    paragraphs = [len(TAG.sub("", str(text))) for text in card.rules]
    lines = sum(max(1, math.ceil(length / measured.line)) for length in paragraphs)
    return {TITLE: (len(card.name), measured.title_levelled if card.level else measured.title),
            RULES: (lines * measured.line, measured.rules)}


def within(card: UnitCard | PowerCard, floors: Capacities | PowerCapacities) -> bool:
    """Whether no demand of ``card`` exceeds ``floors``."""
    if isinstance(card, PowerCard) and isinstance(floors, PowerCapacities):
        return all(need <= holds for need, holds in power_demands(card, floors).values())
    assert isinstance(card, UnitCard) and isinstance(floors, Capacities)
    return all(need <= holds for need, holds in demands(card, floors).values())


def check_fit(content: Content, derived: Derived, theme: Theme, cache: Cache) -> list[Problem]:
    """Every unit card of ``content`` that cannot fit, as a problem at its field to shorten."""
    unit_page, _ = page_settings(content, CardOptions())
    min_font = content.checked_ruleset().cards.min_font_pt
    own = (unit_page, min_font) == OWN_LOOK and theme.digest() == Theme().digest()
    measured: Capacities | None = None
    problems = []
    for owner, card in cards_of(content, derived):
        if own and within(card, OWN_FLOORS):
            continue
        measured = measured or capacities(cache, theme, unit_page, min_font)
        for kind in ("front", "back"):
            found = _decide(kind, owner, card, measured, theme, unit_page, min_font)
            if found is not None:
                misfit, holds = found
                problems.append(misfit_problem(misfit, card, content, holds))
    return problems + check_power_fit(content, theme, cache)


def check_power_fit(content: Content, theme: Theme, cache: Cache) -> list[Problem]:
    """Every power card of ``content`` whose title or rules text cannot fit, at that field."""
    _, page = page_settings(content, CardOptions())
    min_font = content.checked_ruleset().cards.min_font_pt
    own = (page, min_font) == OWN_POWER_LOOK and theme.digest() == Theme().digest()
    measured: PowerCapacities | None = None
    problems = []
    for power_id in sorted(content.powers):
        card = power_card(content.powers[power_id], content)
        if own and within(card, OWN_POWER_FLOORS):
            continue
        measured = measured or power_capacities(cache, theme, page, min_font)
        floors = {TITLE: measured.floor_title, RULES: measured.floor_rules}
        found = _settle("power", power_id, card, power_demands(card, measured), floors, theme, page, min_font)
        if found is not None:
            problems.append(misfit_problem(found[0], card, content, found[1]))
    return problems


def _decide(kind: str, owner: str, card: UnitCard, measured: Capacities, theme: Theme, page, min_font: float):
    """(the misfit, what fits) of one face, or None when it fits: by measurement where it decides,
    else by rendering that face."""
    floor = measured.floor_front if kind == "front" else measured.floor_back
    needs: dict[str, tuple[int, int]] = {}
    for (face, box), (need, holds) in demands(card, measured).items():
        box = "Regeltexte" if box == "total" else box       # one column or both: the one nearer its limit
        if face == kind and (box not in needs or need * needs[box][1] > needs[box][0] * holds):
            needs[box] = (need, holds)
    floors = {box: floor if box != "Name" else measured.floor_front for box in needs}
    return _settle(kind, owner, card, needs, floors, theme, page, min_font)


def _settle(kind: str, owner: str, card, needs: dict[str, tuple[int, int]], floors: dict[str, float],
            theme: Theme, page, min_font: float):
    """(the misfit, what fits) of one face, or None when it fits: by its ``needs`` (box → need, what it
    holds) where they decide, else by rendering the face."""
    uncertain = False
    for box, (need, holds) in needs.items():
        if holds <= 0:                      # not measured: only laying it out decides
            uncertain = True
        elif need >= SURE_MISFIT * holds:
            return Misfit(owner, kind, box, floors[box]), _holds(box, holds)
        uncertain = uncertain or need > SURE_FIT * holds
    if not uncertain:
        return None
    # lazy: WeasyPrint, only for a face the measurement cannot decide
    from cardgen.cards.render import render_face

    try:
        render_face(kind, card, page, min_font, theme, owner=owner)
    except FitError as exc:
        return exc.misfit, ""
    return None


def _holds(box: str, holds: int) -> str:
    """What fits, as the message says it."""
    if box == SECTIONS:
        return f"about {holds} rows fit"
    return f"about {holds} fit" if box in ("Name", TITLE) else f"about {holds} characters fit"
