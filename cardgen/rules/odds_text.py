"""The named assumptions of the odds (:mod:`cardgen.rules.odds`): where the rulebook is silent, the
choice made, in one sentence each (docs/rules-and-points.md, "Odds", lists them all).

Every :class:`~cardgen.rules.odds.Odds` carries the sentences that bear on its attack, each led by
its name (``"re-rolls: …"``), so a reader of ``cardgen odds`` sees what the numbers rest on.
"""

from __future__ import annotations

from cardgen.rules.attack import MELEE_ACTIONS, AttackWeapon, Combatant, Situation

ASSUMPTIONS: dict[str, str] = {
    "no-fumble": "Würfelwürfe knows no natural 1 or 12: a value to reach of 12 or more always succeeds, "
                 "0 or less fails without a roll.",
    "capped": "TP lost counts at most the target's TP (from full TP).",
    "chain": "Out of action within N attacks: a chain over the target's TP; shocks and the critical "
             "state (its -2) are left out, every attack is the same draw.",
    "dauerfeuer": "Dauerfeuer: all 1 + DF shots at this one target, one roll with +1 FK and +1 wound roll "
                  "per shot after the first (the rulebook's example: DF 3 gives +3/+3).",
    "aimed-dauerfeuer": "A Gezielter Schuss fires one shot without the Dauerfeuer bonus "
                        "(\"nicht in Kombination mit Dauerfeuer einsetzbar\").",
    "agi-tie": "A tied NK roll goes to an opposed AGI roll without the NK modifiers; a tied AGI roll is "
               "rolled again (the limit of the repetition, computed exactly).",
    "melee-left-out": "Multiple opponents (+2 each) and Verwegener Angriff (marked TODO) are not modelled.",
    "shield-front": "The shot comes from the target's front 180 degrees: its shield's armour bonus counts.",
    "shield-behind": "The shot comes from behind: the target's shield gives nothing.",
    "defending": "The target is in Verteidigung: no charge bonus; its shield adds to its NK and armour roll.",
    "not-defending": "The target is not in Verteidigung: its shield gives nothing in melee.",
    "cover-touching": "The target touches its cover: its armour roll gets the cover's bonus (Deckung).",
    "cover-apart": "The target does not touch its cover: only the FK malus, no armour-roll bonus.",
    "indirect": "Indirekter Fernkampf: the range bands and the target's size still count beside the -5 "
                "(-3 at a point a friendly model sees), no cover malus; the armour roll counts as in Deckung "
                "Stufe II, a cover bonus that Schrapnell ignores; the height of the terrain between is not checked.",
    "prone-target": "A lying target counts as one size smaller (klein stays klein) for the FK size modifier, an "
                    "unhandlich weapon and the NK size steps alike (Liegende Modelle).",
    "re-rolls": "Re-rolls (Erschütterung, Adaptiv, Robust), each once: the attacker decides first, then the "
                "defender (Adaptiv before Robust); the attacker re-rolls whenever he is not higher, the "
                "defender whenever the attacker is higher (a tie costs no TP).",
    "explosiv-dauerfeuer": "Explosiv doubles the weapon's strength before the Dauerfeuer bonus is added.",
    "panzerbrechend": "Panzerbrechend halves the protection (rounded up); the armour roll still adds KO "
                      "where KO is higher.",
    "damage-order": "Strukturverstärkt halves the damage (rounded down) before the Schadensreduktion; "
                    "Aufreißen doubles the TP loss left after both.",
    "aufreißen-ko": "The Aufreißen KO roll is an attribute roll on the target's KO (no critical -2).",
    "trauma": "Trauma: a wound costs shocks, never TP; it counts as a shock only.",
    "no-loss": "A wound the reduction takes to 0 TP is a shock only (the model survives, Schadensanwendung).",
    "armour-effects": "An effect for weapons and armour in the armour only neutralises the weapon's; "
                      "it does nothing of its own.",
    "left-out-effects": "Brand and Giftig (markers after the attack) and effects the rules do not name are "
                        "not modelled.",
    "area": "Flächenwaffe: the direct hit on a model wholly under the template, full damage; partial overlap "
            "(half damage), the scatter of a miss and other models under the template are not modelled.",
    "colossus-zones": "A colossus: the W12 hit-zone roll (the ruleset's zone table) picks the zone and the wound "
                      "costs TP of that zone only, at most its TP left; damage beyond it, and a hit on a zone "
                      "already at 0, cost nothing more (the rulebook moves no damage between zones).",
    "colossus-chain": "Out of action within N attacks, a colossus: a chain over its zones' TP; out when the Rumpf "
                      "reaches 0, or the Bewegung does and its W12 shows 12 (rolled once); each destroyed side "
                      "lowers NK and AGI by 1 in later melee attacks; shocks and the critical states (the Rumpf's "
                      "-2, a side's -1, the Bewegung's KO roll) are left out.",
}
"""Every assumption by name."""

MODELLED = frozenset({"adaptiv", "aufreißen", "erschütterung", "explosiv", "panzerbrechend", "robust",
                      "schrapnell", "strukturschädigend", "strukturverstärkt", "trauma"})
"""The damage effects (by id) the odds compute; any other is named as left out."""
ARMOUR_ONLY = frozenset({"adaptiv", "robust", "strukturverstärkt"})


def assumption_names(weapon: AttackWeapon, target: Combatant, situation: Situation) -> list[str]:
    """The names of the assumptions one attack rests on, in the order of :data:`ASSUMPTIONS`."""
    names = {"no-fumble", "colossus-zones", "colossus-chain"} if target.colossus else {"no-fumble", "capped", "chain"}
    melee = situation.action in MELEE_ACTIONS
    effects = weapon.effects - target.armor_effects
    if melee:
        names |= {"agi-tie", "melee-left-out", "defending" if situation.defending else "not-defending"}
    else:
        if weapon.shots > 1:
            names.add("aimed-dauerfeuer" if situation.action == "aimed" else "dauerfeuer")
            names |= {"explosiv-dauerfeuer"} if "explosiv" in effects and situation.action != "aimed" else set()
        if target.shield_armor:
            names.add("shield-front" if situation.from_front else "shield-behind")
        if situation.indirect:
            names.add("indirect")
        elif situation.cover:
            names.add("cover-touching" if situation.touches_cover else "cover-apart")
        names |= {"area"} if weapon.area_radius else set()
    if {"erschütterung"} & effects or {"adaptiv", "robust"} & target.armor_effects:
        names.add("re-rolls")
    names |= {"prone-target"} if situation.target_prone else set()
    names |= {"panzerbrechend"} if "panzerbrechend" in effects else set()
    if "aufreißen" in effects:
        names |= {"damage-order", "aufreißen-ko"}
    if "strukturverstärkt" in target.armor_effects and target.reduction:
        names.add("damage-order")
    names |= {"trauma"} if "trauma" in effects else set()
    if weapon.damage <= target.reduction:
        names.add("no-loss")
    if target.armor_effects - ARMOUR_ONLY:
        names.add("armour-effects")
    if (weapon.effects | target.armor_effects) - MODELLED:
        names.add("left-out-effects")
    return [name for name in ASSUMPTIONS if name in names]


def assumptions_for(weapon: AttackWeapon, target: Combatant, situation: Situation) -> tuple[str, ...]:
    """The sentences of :func:`assumption_names`, each led by its name."""
    return tuple(f"{name}: {ASSUMPTIONS[name]}" for name in assumption_names(weapon, target, situation))
