"""Group rules that need derived values: each controller runs at most ⌊EH/3⌋ drones.

Only a unit marked ``drone_controller`` controls drones (resolve reports a
drone whose controller is not one); its limit is checked here.

The EH is the one the card shows (permanent modifiers folded in), the same
value ``cardgen show`` prints as drone_capacity; the raw EH where the
controller could not be derived (its broken references or rules are
reported on their own).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Mapping

from cardgen.content.model import Content
from cardgen.content.resolve import controlled_drones, group_labels
from cardgen.errors import Problem
from cardgen.content.schema import Unit
from cardgen.rules.drones import drone_capacity

if TYPE_CHECKING:
    from cardgen.rules.derived import DerivedUnit


def drone_limit_problems(content: Content, derived: Mapping[str, DerivedUnit]) -> list[Problem]:
    """One problem per controller that runs more drones than its EH allows, group by group."""
    problems: list[Problem] = []
    for group in content.groups.values():
        source = content.source("groups", group.id)
        by_label = group_labels(group)
        for label, count in sorted(controlled_drones(content, group).items()):
            unit = content.units.get(by_label[label].unit)
            if unit is not None and not unit.drone_controller:
                continue            # resolve reports a controller that cannot control drones
            eh = effective_eh(unit, derived)
            capacity = drone_capacity(eh) if eh is not None else 0
            if count > capacity:
                problems.append(source.problem(("models",), f"controller '{label}' runs {count} drones but "
                                               f"EH {eh if unit else '?'} allows {capacity} (⌊EH/3⌋)"))
    return problems


def effective_eh(unit: Unit | None, derived: Mapping[str, DerivedUnit]) -> int | None:
    """The derived EH of ``unit``; its raw EH where it was not derived; None for no unit."""
    if unit is None:
        return None
    found = derived.get(unit.id)
    return unit.attributes.EH if found is None else found.attributes["EH"]
