"""The preview's state: the content as last saved, loaded, derived and made ready to show.

:class:`Preview` loads a :class:`Snapshot` after every change (the same stages
as a build, up to the views: :func:`cardgen.stages.load_and_derive`, the
theme, the prepared portraits) and renders each document on request with the
build's own functions -- :func:`cardgen.cards.render.face_html` for a face,
the group cover and reference templates, :func:`cardgen.rulebook.build.rulebook_page`
for a rulebook -- so the preview is the HTML WeasyPrint lays out.

A content error never ends the preview: the snapshot keeps the last content
that loaded (``stale``) and carries the error lines, which the page shows.
The portraits of the preview are prepared into a cache of their own
(``OUT/.cache/preview``), so the preview never writes where the build does.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from cardgen.build.run import find_rulebooks
from cardgen.build.cache import Cache
from cardgen.cards.group_view import group_cover, group_reference
from cardgen.cards.planning import has_own_card, model_card, page_settings
from cardgen.cards.sheets import group_page_html
from cardgen.cards.portrait import Portrait, face_roots, prepare_portraits
from cardgen.cards.power_view import power_card
from cardgen.cards.render import CARDS_TEMPLATES, face_html
from cardgen.cards.view import unit_card
from cardgen.safefs import os_error_line
from cardgen.project.settings import Settings
from cardgen.content.model import Content
from cardgen.build.context import CardOptions, open_run
from cardgen.errors import CardgenError
from cardgen.geometry import FacePage
from cardgen.paths import FONTS_DIR
from cardgen.project.file import Project
from cardgen.rulebook.build import read_source, rulebook_page
from cardgen.rules.derive import Derived
from cardgen.safefs import Roots
from cardgen.serve.balancememo import BalanceMemo
from cardgen.look.theme import Theme


@dataclass(frozen=True)
class Snapshot:
    """The files as last saved, ready to show; ``content`` is None until some content loaded."""

    generation: int
    project: Project
    theme: Theme = field(default_factory=Theme)
    content: Content | None = None
    derived: Derived | None = None
    portraits: Mapping[str, Portrait] = field(default_factory=dict)
    face_roots: Roots | None = None
    rulebooks: tuple[tuple[Path, str], ...] = ()
    errors: tuple[str, ...] = ()            # why the files as saved could not be loaded (content is older)
    warnings: tuple[str, ...] = ()

    @property
    def stale(self) -> bool:
        return bool(self.errors)


def load_snapshot(settings: Settings, cache: Cache, generation: int, last: Snapshot | None) -> Snapshot:
    """The files as saved now (the project file read again); on an error, ``last``'s content with the
    error lines."""
    try:
        settings = settings.reload()
        context = open_run(settings, cache=cache)       # the preview's own cache, not the build's
        project, theme, content, derived = context.project, context.theme, context.content, context.derived
        portraits = prepare_portraits(context)
        rulebooks = tuple(find_rulebooks(settings.content, context.summary, project))
    except (CardgenError, OSError) as exc:
        lines = exc.lines() if isinstance(exc, CardgenError) else [f"cardgen: {os_error_line(exc)}"]
        if last is None:
            return Snapshot(generation, Project(root=Path.cwd()), errors=tuple(lines))
        return Snapshot(generation, last.project, last.theme, last.content, last.derived, last.portraits,
                        last.face_roots, last.rulebooks, tuple(lines), last.warnings)
    warnings = tuple(context.summary.warnings)      # the theme's, the pictures', the rulebooks'
    return Snapshot(generation, project, theme, content, derived, portraits, face_roots(context), rulebooks,
                    (), tuple(warnings))


class Preview:
    """The current :class:`Snapshot`, loaded again by :meth:`reload` (its generation counts up)."""

    def __init__(self, settings: Settings, cache_dir: Path):
        self.settings = settings
        self.cache = Cache(cache_dir)
        self.balance = BalanceMemo()        # the balance report, kept by the digest of what it reads
        self._lock = threading.Lock()
        self.snapshot = load_snapshot(self.settings, self.cache, 1, None)

    def reload(self) -> Snapshot:
        with self._lock:
            self.snapshot = load_snapshot(self.settings, self.cache, self.snapshot.generation + 1, self.snapshot)
            return self.snapshot


# --- documents: the HTML the PDFs are made of ---------------------------------------------------


def face_pages(snapshot: Snapshot) -> tuple[FacePage, FacePage]:
    """The face pages of unit and power cards (no bleed in the preview)."""
    assert snapshot.content is not None
    return page_settings(snapshot.content, CardOptions())


def face_document(snapshot: Snapshot, kind: str, owner: str) -> str | None:
    """The HTML of one face (``front``, ``back``, ``power``) of ``owner`` -- a unit, a power or a group's
    model (``<group>/<index>``); None if there is no such face."""
    content, derived = snapshot.content, snapshot.derived
    if content is None or derived is None:
        return None
    unit_page, power_page = face_pages(snapshot)
    stamp = snapshot.project.card_stamp()
    if kind == "power":
        if owner not in content.powers:
            return None
        return face_html("power", power_card(content.powers[owner], content), power_page, theme=snapshot.theme)
    if kind not in ("front", "back"):
        return None
    if owner in content.units:
        card = unit_card(derived.units[owner], content, portrait=snapshot.portraits.get(owner), stamp=stamp)
        return face_html(kind, card, unit_page, theme=snapshot.theme)
    group_id, _, index = owner.partition("/")
    group = content.groups.get(group_id)
    if group is None or not (index.isascii() and index.isdigit()) or int(index) >= len(group.models):
        return None
    member = group.models[int(index)]
    if not has_own_card(member):
        return None
    card = model_card(member, owner, content, derived, snapshot.portraits, stamp)
    return face_html(kind, card, unit_page, theme=snapshot.theme)


def group_document(snapshot: Snapshot, group_id: str, part: str) -> tuple[str, Roots] | None:
    """A group sheet's ``cover`` or ``reference`` page(s) as HTML, with the folders they may read."""
    content, derived = snapshot.content, snapshot.derived
    if content is None or derived is None or group_id not in content.groups or part not in ("cover", "reference"):
        return None
    group, stamp, paper = content.groups[group_id], snapshot.project.stamp(), CardOptions().paper
    if part == "cover":
        html = group_page_html("cover.html.j2", paper, snapshot.theme, group=group_cover(group, content, derived, stamp))
    else:
        html = group_page_html("reference.html.j2", paper, snapshot.theme,
                               reference=group_reference(group, content, derived, stamp))
    return html, Roots.build(CARDS_TEMPLATES, snapshot.theme.roots)


def balance_document(snapshot: Snapshot, memo: BalanceMemo | None = None) -> tuple[str, Roots] | None:
    """The balance report (``cardgen balance``) as HTML, its plots drawn, with the folders it may read;
    None without units.  ``memo`` keeps it while the content it reads is unchanged (the preview's own,
    :attr:`Preview.balance`); the odds are loaded at the first request, not before, and the plots are drawn in a process of
    their own (:mod:`cardgen.balance.plotworker`)."""
    from cardgen.balance.report import REPORT_CSS

    content, derived = snapshot.content, snapshot.derived
    if content is None or derived is None or not derived.units:
        return None
    html = (memo or BalanceMemo(enabled=False)).html(content, derived.units)
    return html, Roots.build(REPORT_CSS.parent, (FONTS_DIR,))


def rulebook_document(snapshot: Snapshot, label: str) -> tuple[str, Roots, tuple[str, ...]] | None:
    """A rulebook's HTML page (``label``: its output, ``rulebooks/….pdf``), its folders and its warnings."""
    source = next((s for s, name in snapshot.rulebooks if name == label), None)
    if source is None:
        return None
    page = rulebook_page(source, read_source(source), list(snapshot.project.assets), content=snapshot.content,
                         project=snapshot.project, theme=snapshot.theme)
    return page.html, page.roots, tuple(p.format() for p in page.problems)
