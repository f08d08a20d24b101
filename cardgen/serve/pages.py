"""The preview's own pages: what each shows, as small view records, and their one template.

A page (the index, a unit, a power, a group, a rulebook) frames the documents
the PDFs are made of: a card face is embedded whole (``<iframe srcdoc>``, so
the page's own text changes with the card), a group's cover and reference
pages and a rulebook are loaded from ``/doc/…``.  Every frame is sandboxed
without scripts.  Beside each face stand the problems that concern it: the
content errors of its file and the build's errors and warnings naming the card
(``card 'ID' (front): …``).  The template (``static/page.html.j2``) only loops
and prints; Jinja autoescapes everything, the embedded faces included.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

from cardgen.errors import RenderError, display_path
from cardgen.serve.files import ServedFolders
from cardgen.serve.preview import Snapshot, face_document, face_pages
from cardgen.serve.worker import Status
from cardgen.look.theme import template_environment, template_failure

STATIC_DIR = Path(__file__).resolve().parent / "static"
STATES = {"waiting": "PDFs: first build running …", "rendering": "rendering PDFs …",
          "current": "PDFs current", "failed": "PDFs not updated: the build stopped (see below)",
          "off": "preview only: no PDFs are built (--no-build)"}
FACE_TITLES = {"front": "Vorderseite", "back": "Rückseite", "power": "Kraftkarte"}


@dataclass(frozen=True)
class FaceView:
    title: str
    srcdoc: str
    width_mm: float
    height_mm: float
    problems: tuple[str, ...] = ()


@dataclass(frozen=True)
class Item:
    """One card, group or rulebook of a section: a link, its faces or its documents."""

    title: str
    href: str
    faces: tuple[FaceView, ...] = ()
    documents: tuple[str, ...] = ()          # /doc/… URLs shown in frames
    problems: tuple[str, ...] = ()


@dataclass(frozen=True)
class Section:
    title: str
    items: tuple[Item, ...]


@dataclass(frozen=True)
class PageView:
    title: str
    generation: int
    status: Status
    status_text: str
    errors: tuple[str, ...]                  # the content as saved could not be loaded
    build_lines: tuple[str, ...]             # the build's errors (failed) or warnings
    warnings: tuple[str, ...]
    sections: tuple[Section, ...]


def concerning(lines: tuple[str, ...], owner: str, files: tuple[str, ...]) -> tuple[str, ...]:
    """The lines about ``owner``: naming its card, or starting with one of its ``files``."""
    return tuple(line for line in lines if f"card '{owner}'" in line
                 or any(line.startswith(f + ":") for f in files))


class Pages:
    """Renders the preview pages of one snapshot and build status."""

    def __init__(self, snapshot: Snapshot, status: Status, files: ServedFolders):
        self.snapshot, self.status, self.files = snapshot, status, files
        self.lines = (*snapshot.errors, *status.lines, *snapshot.warnings)

    def _files_of(self, kind: str, object_id: str) -> tuple[str, ...]:
        content = self.snapshot.content
        if content is None or (kind, object_id) not in content.sources:
            return ()
        return (display_path(content.source(kind, object_id).path),)

    def face(self, kind: str, owner: str, files: tuple[str, ...]) -> FaceView:
        unit_page, power_page = face_pages(self.snapshot)
        page = power_page if kind == "power" else unit_page
        problems = concerning(self.lines, owner, files)
        try:
            html = face_document(self.snapshot, kind, owner) or ""
        except RenderError as exc:
            html, problems = "", (*problems, str(exc))
        roots = self.snapshot.face_roots
        srcdoc = self.files.rewrite(html, roots) if roots is not None else ""
        return FaceView(FACE_TITLES[kind], srcdoc, page.width_mm, page.height_mm, problems)

    def unit(self, unit_id: str) -> Item:
        files = self._files_of("units", unit_id)
        faces = tuple(self.face(kind, unit_id, files) for kind in ("front", "back"))
        assert self.snapshot.content is not None
        return Item(self.snapshot.content.units[unit_id].name, f"/unit/{quote(unit_id)}", faces,
                    problems=concerning(self.lines, unit_id, files))

    def power(self, power_id: str) -> Item:
        files = self._files_of("powers", power_id)
        assert self.snapshot.content is not None
        return Item(self.snapshot.content.powers[power_id].name, f"/power/{quote(power_id)}",
                    (self.face("power", power_id, files),), problems=concerning(self.lines, power_id, files))

    def group(self, group_id: str, whole: bool) -> Item:
        content = self.snapshot.content
        assert content is not None
        group, files = content.groups[group_id], self._files_of("groups", group_id)
        faces: tuple[FaceView, ...] = ()
        documents: tuple[str, ...] = ()
        if whole:
            owners = [f"{group_id}/{i}" for i, m in enumerate(group.models) if face_document(self.snapshot, "front", f"{group_id}/{i}")]
            faces = tuple(self.face(kind, owner, files) for owner in owners for kind in ("front", "back"))
            documents = (f"/doc/group/{quote(group_id)}/cover", f"/doc/group/{quote(group_id)}/reference")
        return Item(group.name, f"/group/{quote(group_id)}", faces, documents,
                    concerning(self.lines, group_id, files))

    def rulebook(self, label: str, whole: bool) -> Item:
        source = next(s for s, name in self.snapshot.rulebooks if name == label)
        shown = display_path(source)
        return Item(shown, f"/rulebook/{quote(label)}", documents=(f"/doc/{quote(label)}",) if whole else (),
                    problems=concerning(self.lines, "", (shown,)))

    def balance(self, whole: bool) -> Item:
        """The balance report (``cardgen balance``): points against effectiveness, the heatmaps."""
        return Item("Punkte gegen Wirkung", "/balance/report", documents=("/doc/balance",) if whole else ())

    def index(self) -> PageView:
        content = self.snapshot.content
        sections: list[Section] = []
        if content is not None:
            sections = [Section("Einheiten", tuple(self.unit(u) for u in sorted(content.units))),
                        Section("Kräfte", tuple(self.power(p) for p in sorted(content.powers))),
                        Section("Gruppen", tuple(self.group(g, whole=False) for g in sorted(content.groups))),
                        Section("Regelbücher", tuple(self.rulebook(label, whole=False)
                                                     for _, label in self.snapshot.rulebooks)),
                        Section("Balance", (self.balance(whole=False),) if content.units else ())]
        return self.view("cardgen serve", [s for s in sections if s.items])

    def view(self, title: str, sections: list[Section]) -> PageView:
        status, snapshot = self.status, self.snapshot
        text = STATES[status.state] + (f" ({status.summary})" if status.state == "current" else "")
        build_lines = tuple(line for line in status.lines if line not in snapshot.errors)   # each error once
        return PageView(title, snapshot.generation, status, text, snapshot.errors, build_lines,
                        snapshot.warnings, tuple(sections))

    def one(self, kind: str, object_id: str) -> PageView | None:
        """The page of one unit, power, group or rulebook; None if there is none."""
        content = self.snapshot.content
        if content is None:
            return None
        if kind == "unit" and object_id in content.units:
            item = self.unit(object_id)
        elif kind == "power" and object_id in content.powers:
            item = self.power(object_id)
        elif kind == "group" and object_id in content.groups:
            item = self.group(object_id, whole=True)
        elif kind == "rulebook" and any(label == object_id for _, label in self.snapshot.rulebooks):
            item = self.rulebook(object_id, whole=True)
        elif kind == "balance" and object_id == "report" and content.units:
            item = self.balance(whole=True)
        else:
            return None
        return self.view(f"{item.title} – cardgen serve", [Section(item.title, (item,))])


def render_page(view: PageView) -> str:
    """The HTML of a preview page."""
    import jinja2

    try:
        return template_environment(STATIC_DIR).get_template("page.html.j2").render(page=view)
    except jinja2.TemplateError as exc:
        raise RenderError(template_failure("page.html.j2", exc)) from None
