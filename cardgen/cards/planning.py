"""The card stage, step 1: one job per face, with a cache key over everything the face shows.

A job's key covers the view data, the page size and bleed, the minimum font size, the templates,
icons, fonts and cardgen itself (``tool``) and the project's theme (:meth:`cardgen.look.theme.Theme.digest`):
the same key, the same face.  Also what the stage will write (:func:`planned_outputs`, for the
clash check) and how many steps it reports (:func:`step_count`).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from cardgen.build.cache import digest
from cardgen.cards.group_view import model_values
from cardgen.cards.power_view import power_card
from cardgen.cards.view import unit_card
from cardgen.content.model import Content
from cardgen.content.schema import GroupModel
from cardgen.build.context import BuildContext, CardOptions
from cardgen.geometry import FacePage
from cardgen.rules.derive import Derived
from cardgen.look.theme import Theme

if TYPE_CHECKING:
    from cardgen.cards.portrait import Portrait


@dataclass(frozen=True)
class FaceJob:
    owner: str                      # unit or power id; "<group id>/<index>" for a group model's own card
    kind: str                       # front, back, power
    card: object
    page: FacePage
    min_font_pt: float
    key: str
    theme: Theme = Theme()
    roots: tuple[Path, ...] = ()    # more folders the face may read (the prepared portraits)
    press: bool = False             # a print-shop face: black in CMYK (print.css), its own key
    start: tuple[tuple[str, int], ...] = ()     # fit steps boxes start at (a power title evened, cards/titles.py)

    @property
    def started(self) -> str:
        """What the build's summary and progress add to the face's name: ", title at step 3" for a power
        card whose title is evened out to its sheet (:mod:`cardgen.cards.titles`), else nothing."""
        return "".join(f", title at step {step}" for _, step in self.start)

    @property
    def record_name(self) -> str:
        """The face's name in the build's manifest (what keeps its cache entry): a power card with
        its title evened out to a sheet is a face of its own beside the card's natural one."""
        return f"face:{self.owner}:{self.kind}" + "".join(f":{box}={step}" for box, step in self.start)


def page_settings(content: Content, options: CardOptions) -> tuple[FacePage, FacePage]:
    """The face pages of unit cards and of power cards (the ruleset's sizes, the bleed option)."""
    sizes = content.checked_ruleset().cards
    return (FacePage(sizes.unit.width_mm, sizes.unit.height_mm, options.bleed_mm),
            FacePage(sizes.power.width_mm, sizes.power.height_mm, options.bleed_mm))


def plan_faces(content: Content, options: CardOptions, tool: str, derived: Derived,
               theme: Theme | None = None, portraits: Mapping[str, Portrait] | None = None,
               roots: tuple[Path, ...] = (), only: Collection[str] | None = None,
               press: bool = False) -> list[FaceJob]:
    """One job per face: every unit's front and back, every power card (``only``: just these units'
    and powers', as one group's sheet needs).  ``portraits`` by unit id (:func:`model_portraits`),
    ``roots`` the folders they are in; ``press``: the print-shop faces (CMYK black, own keys)."""
    theme = theme or Theme()
    portraits = portraits or {}
    unit_page, power_page = page_settings(content, options)
    min_font = content.checked_ruleset().cards.min_font_pt
    jobs = []
    for unit_id in sorted(u for u in content.units if only is None or u in only):
        card = unit_card(derived.units[unit_id], content, portrait=portraits.get(unit_id), stamp=options.stamp)
        jobs += _unit_faces(unit_id, card, unit_page, min_font, tool, theme, roots, press)
    for power_id in sorted(p for p in content.powers if only is None or p in only):
        power = power_card(content.powers[power_id], content)
        jobs.append(FaceJob(power_id, "power", power, power_page, min_font,
                            digest("face", tool, theme.digest(), "power", repr(power_page), min_font, repr(power),
                                   *_press_key(press)),
                            theme, press=press))
    return jobs


def _press_key(press: bool) -> tuple[str, ...]:
    """What a print-shop face adds to its key (nothing for the home sheets' faces, whose keys stay)."""
    return ("print-shop",) if press else ()


def _unit_faces(owner: str, card: object, page: FacePage, min_font: float, tool: str, theme: Theme,
                roots: tuple[Path, ...], press: bool = False) -> list[FaceJob]:
    """The front and back job of one unit card (its key covers everything the faces show)."""
    return [FaceJob(owner, kind, card, page, min_font,
                    digest("face", tool, theme.digest(), kind, repr(page), min_font, repr(card), *_press_key(press)),
                    theme, roots, press)
            for kind in ("front", "back")]


def has_own_card(member: GroupModel) -> bool:
    """Whether a group model's card differs from its unit's plain card (own name, picture or loadout)."""
    return member.name is not None or member.image is not None or member.loadout is not None


def model_owner(group_id: str, index: int, member: GroupModel) -> str:
    """The face owner of a group's model: its own card's, else its unit's."""
    return f"{group_id}/{index}" if has_own_card(member) else member.unit


def plan_model_faces(content: Content, options: CardOptions, tool: str, derived: Derived, groups: list[str],
                     theme: Theme | None = None, portraits: Mapping[str, Portrait] | None = None,
                     roots: tuple[Path, ...] = ()) -> list[FaceJob]:
    """The faces of the group models with a card of their own: their name, their picture
    (else the unit's), their loadout's values."""
    theme = theme or Theme()
    portraits = portraits or {}
    unit_page, _ = page_settings(content, options)
    min_font = content.checked_ruleset().cards.min_font_pt
    jobs = []
    for group_id in groups:
        for index, member in enumerate(content.groups[group_id].models):
            owner = model_owner(group_id, index, member)
            if owner == member.unit:
                continue
            card = model_card(member, owner, content, derived, portraits, options.stamp)
            jobs += _unit_faces(owner, card, unit_page, min_font, tool, theme, roots)
    return jobs


def model_card(member: GroupModel, owner: str, content: Content, derived: Derived,
               portraits: Mapping[str, Portrait], stamp: str = ""):
    """The card view of a group's model with a card of its own (``owner``: ``<group>/<index>``):
    its name, its picture (else its unit's), its loadout's values."""
    return unit_card(model_values(member, derived), content, portrait=portraits.get(owner, portraits.get(member.unit)),
                     model_name=member.name, stamp=stamp)


def model_portraits(ctx: BuildContext) -> tuple[Mapping[str, Portrait], tuple[Path, ...]]:
    """The prepared portraits (by unit id and by "<group id>/<index>") and the folder they are in."""
    # lazy: PIL, only when cards are made
    from cardgen.cards.portrait import portrait_root, prepare_portraits

    return prepare_portraits(ctx), (portrait_root(ctx),)


def step_count(content: Content) -> int:
    """Reporter steps of the card stage: every face plus the sheets."""
    own = sum(has_own_card(m) for g in content.groups.values() for m in g.models)
    return 2 * (len(content.units) + own) + len(content.powers) + 3 + len(content.groups)


def planned_outputs(content: Content, options: CardOptions | None = None) -> list[tuple[str, str]]:
    """Every output file the card stage will write (name below OUT, what makes it), for the clash check."""
    options = options or CardOptions()
    if options.group:
        planned = [(group_sheet(options, options.group), f"group '{options.group}'")]
    else:
        planned = [("cards.pdf", "the unit cards"), ("powers.pdf", "the power cards"),
                   ("changed-cards.pdf", "the changed unit cards")]
        planned += [(f"groups/{g}.pdf", f"group '{g}'") for g in sorted(content.groups)]
    if options.png_dpi:
        # lazy: PIL, pypdfium2, only with --png
        from cardgen.cards.png import DECK_COLUMNS, DECK_ROWS, DECKS, SIDES

        owners = {"front": sorted(content.units), "back": sorted(content.units), "power": sorted(content.powers)}
        for kind, ids in owners.items():
            planned += [(f"png/{i}-{SIDES[kind]}.png", f"the PNG of '{i}'") for i in ids]
            sheets = -(-len(ids) // (DECK_COLUMNS * DECK_ROWS))
            planned += [(f"png/deck-{DECKS[kind]}-{n}.png", "a PNG deck sheet") for n in range(1, sheets + 1)]
    if options.print_shop and not options.group:
        from cardgen.cards.printshop import print_shop_names

        planned += [(name, "the print-shop files") for name in print_shop_names(bool(content.units),
                                                                                 bool(content.powers), options.sheet)]
    return planned


def group_sheet(options: CardOptions, group_id: str) -> str:
    """The output of a group's sheet: ``groups/<id>.pdf``, a roster's ``rosters/<id>.pdf`` (never a
    content group's file)."""
    return f"{'groups' if options.roster_points is None else 'rosters'}/{group_id}.pdf"


def group_faces(content: Content, group_id: str) -> tuple[list[str], list[str]]:
    """The face owners of a group's models in roster order (one card per model) and their powers."""
    models = content.groups[group_id].models
    owners = [model_owner(group_id, index, member) for index, member in enumerate(models)]
    powers = sorted({p for m in models for p in content.units[m.unit].powers})
    return owners, powers


def stamped_options(ctx: BuildContext) -> CardOptions:
    """The build's card options with the project's card stamp (:meth:`Project.card_stamp`)."""
    stamp = ctx.project.card_stamp()
    return replace(ctx.options, stamp=stamp) if stamp != ctx.options.stamp else ctx.options
