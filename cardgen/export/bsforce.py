"""The force organisation of the BattleScribe export: the categories and the force entry "Gruppe".

The group rules (Gruppen, Gruppenführer) as the roster builders check them -- a constraint on a
category of the force, as real catalogues write their force organisation:

* **Gruppenführer**: at least 1 and at most 1 selection of the category in the force, at any depth
  (``includeChildSelections``: the leader's mark is a child of its model's selection);
* **Modell**: at least 2 and at most :data:`~cardgen.vocabulary.MAX_GROUP_MODELS` (every unit is
  in the category, a drone too; drones are children of their controller's selection).

The rest of the group rules stands in the unit entries (:mod:`cardgen.export.bsunits`): a
controller's ``Drohnen`` group takes at most ⌊EH/3⌋ drones, a drone can be taken only there, and
a model takes the leader's mark at most once (a drone never).  What the constraints cannot say --
one faction per group is the catalogue's, a faction's own leader rule is text -- is in
docs/players-data.md.  No points limit: the rulebook names none (the cost type's
``defaultCostLimit`` is -1; a player sets a limit in the app).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from cardgen.content.words import Words
from cardgen.export.bsformat import Document, stable_id
from cardgen.export.bsunits import ROLE_CATEGORIES, TYPE_CATEGORIES, add_constraints, category_id
from cardgen.vocabulary import MAX_GROUP_MODELS

FORCE_NAME = "Gruppe"
GROUP_RULES = (
    "Eine Gruppe besteht aus zwei oder mehr Modellen einer Fraktion. Genau ein Modell ist Gruppenführer "
    "(keine Drohne). Jede Drohne braucht einen Kontroller aus der Gruppe; ein Kontroller führt höchstens "
    "⌊EH/3⌋ Drohnen.")
FORCE_LIMITS: dict[str, tuple[int, int]] = {"leader": (1, 1), "model": (2, MAX_GROUP_MODELS)}
"""Category key (of ``ROLE_CATEGORIES``) → (min, max) selections of it in a group, at any depth."""


def force_id() -> str:
    return stable_id("force", "gruppe")


def add_categories(doc: Document, root: ET.Element, words: Words) -> None:
    """``categoryEntries``: one per unit type, one per role (leader, controller, model), named in ``words``."""
    categories = doc.add(root, "categoryEntries")
    for key, name in {**TYPE_CATEGORIES, **ROLE_CATEGORIES}.items():
        doc.add(categories, "categoryEntry", {"id": category_id(key), "name": words[name], "hidden": "false"})


def add_force(doc: Document, root: ET.Element, words: Words) -> None:
    """``forceEntries``: the one force "Gruppe", its rule as text and its categories, the limits of
    :data:`FORCE_LIMITS` on theirs; its names and rule in ``words`` (its ids the same in every language)."""
    force = doc.add(doc.add(root, "forceEntries"), "forceEntry", {"id": force_id(), "name": words[FORCE_NAME],
                                                                  "hidden": "false"})
    rule = doc.add(doc.add(force, "rules"), "rule", {"id": stable_id("rule", "gruppe"), "name": words[FORCE_NAME],
                                                     "hidden": "false"})
    doc.add(rule, "description", text=words[GROUP_RULES])
    links = doc.add(force, "categoryLinks")
    for key, name in {**TYPE_CATEGORIES, **ROLE_CATEGORIES}.items():
        link = doc.add(links, "categoryLink", {"id": stable_id("category-link", "gruppe", key), "name": words[name],
                                               "hidden": "false", "targetId": category_id(key), "primary": "false"})
        if key in FORCE_LIMITS:
            low, high = FORCE_LIMITS[key]
            add_constraints(doc, link, f"gruppe:{key}", low, high, children=True)
