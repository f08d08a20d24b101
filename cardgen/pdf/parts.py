"""WeasyPrint for a book laid out in parts (:mod:`cardgen.rulebook.bychapter`): the second wrapper.

* :func:`cascade`: WeasyPrint's cascade of a whole document, before any layout -- the styles that
  decide where the book may be cut, and what would make its parts look other than the whole
  (:class:`Cascade`).
* :func:`load_part`: a part laid out as WeasyPrint lays out a document, keeping its layout context,
  so that :meth:`PartLaidOut.renumber` can number its margin boxes for its place in the book once
  every part's page count is known; :meth:`PartLaidOut.page_facts` is what the book put together
  must point to again (:mod:`cardgen.rulebook.assemble`).

Like :mod:`cardgen.pdf.wrapper` (whose fetcher, fonts, log capture and time limit it uses), the only other
module that imports WeasyPrint (``tests/architecture/test_pdf_seal.py``); it reads one private
WeasyPrint method, ``Document._build_layout_context`` (WeasyPrint 70, pinned).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import weasyprint

from cardgen.pdf import timelimit
from cardgen.pdf.records import Cascade, ElementStyle, PageFacts
from cardgen.pdf.fetcher import SafeFetcher
from cardgen.pdf.wrapper import LaidOut, _page_box, captured_log, font_config, load_document
from cardgen.safefs import Roots
from cardgen.pdf.timelimit import time_limit


PAGE_COUNTERS = ("page", "pages")
CONTENTS_LISTS = ("toc", "glossary")       # nav.toc, nav.glossary: their target-counter() is substituted


def _style_record(element, style) -> ElementStyle:
    in_flow = (style["float"] == "none" and style["position"] in ("static", "relative")
               and style["display"][0] == "block")
    return ElementStyle(str(element.tag), tuple((element.get("class") or "").split()),
                        str(style["break_before"]), str(style["break_after"]), in_flow)


def _obstacles(page_rules, style_for, root) -> list[str]:
    """Why parts of the document ``root`` laid out apart would not look as the whole does."""
    found = []
    for _rule, selectors, declarations in page_rules:
        for _specificity, _margin, selector in selectors:
            if any(getattr(selector, name) is not None for name in ("side", "blank", "first", "index", "name")):
                found.append(f"@page selector {selector}")
        if any(name.startswith("counter") for name, *_ in declarations) or "'pages'" in repr(declarations):
            found.append("@page rule sets or shows a page-based counter")
    body = root.find("body")
    listed = {id(a) for nav in root.iter("nav") if set((nav.get("class") or "").split()) & set(CONTENTS_LISTS)
              for a in nav.iter("a")}
    for element in root.iter():
        style = style_for(element)
        if style is None or not isinstance(element.tag, str):
            continue
        increments = () if style["counter_increment"] == "auto" else style["counter_increment"]
        for name, _ in (*increments, *style["counter_set"]):
            if name not in ("list-item", "footnote"):
                found.append(f"<{element.tag}> counts '{name}'")
        if style["string_set"] != "none" and element is not root:
            found.append(f"<{element.tag}> sets a named string")
        if element is not body and style["page"] not in ("auto", ""):
            found.append(f"<{element.tag}> names a page")
        for pseudo in ("before", "after"):
            pseudo_style = style_for(element, pseudo)     # computed on reading an item ([]; .get() computes none)
            content = pseudo_style["content"] if pseudo_style is not None else None
            if "target-" in repr(content) and not (id(element) in listed and _substitutable(content)):
                found.append(f"<{element.tag}>::{pseudo} shows target-*()")
            if _shows_page_number(content):
                found.append(f"<{element.tag}>::{pseudo} shows a page number")
    return found


def _shows_page_number(content) -> bool:
    """Whether ``content`` shows ``counter(page)`` or ``counter(pages)`` (in the flow, not a margin box:
    a chapter is numbered after its layout, and only its margin boxes then)."""
    return isinstance(content, tuple) and any(
        isinstance(part, tuple) and part[0] in ("counter()", "counters()") and part[1][0] in PAGE_COUNTERS
        for part in content)


def _substitutable(content) -> bool:
    """Whether ``content`` is just one ``target-counter(attr(href), page)`` (a contents list's page number)."""
    return len(content) == 1 and content[0][0] == "target-counter()" and content[0][1][1] == "page"


def cascade(html: str, base: Path | str | Roots) -> Cascade:
    """The cascade of ``html`` (no layout): see :class:`Cascade`."""
    # lazy: WeasyPrint's cascade, only for a book laid out in parts
    from weasyprint.css import get_all_computed_styles
    from weasyprint.css.counters import CounterStyle
    from weasyprint.css.targets import TargetCollector

    allowed = base if isinstance(base, Roots) else Roots.build(base, ())
    document = weasyprint.HTML(string=html, base_url=allowed.base_url, url_fetcher=SafeFetcher(roots=allowed))
    page_rules: list = []
    with captured_log(), time_limit(timelimit.MAX_RENDER_SECONDS):
        style_for = get_all_computed_styles(document, [], False, font_config(), CounterStyle(), {}, page_rules,
                                            [], TargetCollector(), False)
    return _cascade_of(document.etree_element, style_for, page_rules)


def _cascade_of(root, style_for, page_rules: list) -> Cascade:
    """:class:`Cascade` of the document ``root`` from its styles (``style_for``) and its ``@page`` rules."""
    blocks, in_main = [], []
    for child in root.find("body") if root.find("body") is not None else ():
        inner = child.tag == "main"
        for element in (child if inner else (child,)):
            if isinstance(element.tag, str) and style_for(element) is not None:
                blocks.append(_style_record(element, style_for(element)))
                in_main.append(inner)
    return Cascade(tuple(blocks), tuple(in_main), tuple(dict.fromkeys(_obstacles(page_rules, style_for, root))))


class PartLaidOut(LaidOut):
    """A part of a book laid out: :class:`cardgen.pdf.wrapper.LaidOut`, numbered again on request."""

    def renumber(self, first_page: int, total: int) -> None:
        """Make the margin boxes again as if the first page were page ``first_page`` of ``total``
        (a document :func:`load_part` laid out).

        A page's margin boxes do not change where its content breaks: WeasyPrint makes them after
        the whole document is paginated, from each page's counters -- the same step is run here
        again with ``page`` and ``pages`` set, and the page's links, anchors and backgrounds
        gathered again."""
        # lazy: WeasyPrint's layout steps, only for a book laid out in parts
        from weasyprint.document import Page
        from weasyprint.formatting_structure.boxes import MarginBox
        from weasyprint.layout.background import layout_backgrounds
        from weasyprint.layout.page import make_margin_boxes

        if self.context is None:
            raise ValueError("this document was not laid out to be renumbered")
        context = self.context.layout
        with captured_log(self._notes) as messages, time_limit(timelimit.MAX_RENDER_SECONDS):
            for index, page in enumerate(self._document.pages):
                box = _page_box(page)
                state = context.page_maker[index + 1][3]
                state[1]["page"] = [first_page + index]
                state[1]["pages"] = [total]
                context.current_page = index + 1
                kept = tuple(child for child in box.children if not isinstance(child, MarginBox))
                box.children = kept + tuple(make_margin_boxes(context, box, state))
                layout_backgrounds(box, context.get_image_from_uri)
                self._document.pages[index] = Page(box)
        self._messages += [m for m in messages if m not in self._messages]

    def cascade(self) -> Cascade:
        """:func:`cascade` of this part as its layout styled it -- no second cascade -- but its ``@page``
        rules, which it does not look at (the book's head, checked where the book was cut).  For the
        check of a chapter an edit changed, whose document is the one it is laid out from
        (:func:`cardgen.rulebook.chapters.fits`)."""
        if self.context is None:
            raise ValueError("this document was not laid out as a part")
        with time_limit(timelimit.MAX_RENDER_SECONDS):
            return _cascade_of(self.context.root, self.context.layout.style_for, [])

    def page_facts(self, number: int) -> PageFacts:
        """Anchors, internal links and bookmarks of page ``number`` (from 0), as plain data."""
        page = self._document.pages[number]
        return PageFacts(
            height=page.height,
            anchors=tuple(sorted((name, x, y) for name, (x, y, *_) in page.anchors.items())),
            links=tuple((target, tuple(rect)) for kind, target, rect, *_ in page.links if kind == "internal"),
            bookmarks=tuple((level, label, x, y) for level, label, (x, y), *_ in page.bookmarks))


def load_part(html: str, roots: Roots) -> PartLaidOut:
    """Lay out the part ``html`` (its pages numbered from 1) to be numbered again (:meth:`PartLaidOut.renumber`)."""
    laid_out = load_document(html, roots, render=_render_renumberable, kind=PartLaidOut)
    assert isinstance(laid_out, PartLaidOut)
    return laid_out


@dataclass(frozen=True)
class _Kept:
    """What :func:`_render_renumberable` keeps of a part's layout: WeasyPrint's layout context and the
    document's root element (its styles are the context's ``style_for``)."""

    layout: Any
    root: Any


def _render_renumberable(source: weasyprint.HTML) -> tuple[weasyprint.Document, _Kept]:
    """``source`` laid out as :meth:`weasyprint.HTML.render` does (WeasyPrint 70's ``Document._render``,
    step by step), keeping the layout context: :meth:`PartLaidOut.renumber` needs it to make the margin
    boxes again."""
    # lazy: WeasyPrint's layout steps, only for a book laid out in parts
    from weasyprint import DEFAULT_OPTIONS
    from weasyprint.css.counters import CounterStyle
    from weasyprint.document import Document, Page
    from weasyprint.formatting_structure.build import build_formatting_structure
    from weasyprint.html import get_html_metadata
    from weasyprint.layout import layout_document
    from weasyprint.pdf.metadata import DocumentMetadata

    options = DEFAULT_OPTIONS.copy()
    counter_style = CounterStyle()
    context = Document._build_layout_context(source, font_config(), counter_style, {}, options)
    root_box = build_formatting_structure(source.etree_element, context.style_for, context.get_image_from_uri,
                                          source.base_url, context.target_collector, counter_style,
                                          context.footnotes)
    pages = [Page(box) for box in layout_document(source, root_box, context)]
    document = Document(pages, DocumentMetadata(**get_html_metadata(source)), source.url_fetcher, font_config(),
                        {}, options["output_intent"])
    return document, _Kept(context, source.etree_element)
