"""A puppeteer ``headerTemplate``/``footerTemplate`` read as a CSS margin box.

The dialect's documents were printed by headless Chromium, which renders the
template as a small HTML page in the page margin.  We never render or run it:
the snippet is parsed with WeasyPrint's own parsers (``tinyhtml5`` for the
HTML, ``tinycss2`` and ``cssselect2`` for its ``<style>`` and ``style``
attributes) and what it says is turned into one margin box:

* the text, with ``<span class="pageNumber">``, ``totalPages`` and ``title``
  becoming ``counter(page)``, ``counter(pages)`` and the document's title
  (``string(cardgen-title)``, set by the book's stylesheet);
* the style of its first text, as the cascade gives it (rules of its
  ``<style>``, then inline styles, inherited from the parents):
  ``font-family``, ``font-size``, ``font-weight``, ``font-style``, ``color``,
  ``text-align`` and the padding towards the page; the rule on the text's
  side (``border-top`` of a footer, ``border-bottom`` of a header) from the
  text's element or a parent.

Layout properties that mean nothing in a margin box (``margin``, ``width``
…) are passed over in silence; anything else -- another property, a value
that is not a plain length, keyword, name or colour, a picture, a script,
puppeteer's ``date`` and ``url`` -- is reported through ``warn`` and left
out.  Every value written into the page's CSS is rebuilt from checked
tokens, never copied, so a template cannot break out of its declaration.
A template nested deeper than the Markdown's own cap
(:data:`cardgen.rulebook.depth.MAX_DEPTH`) is reported and left out whole: its
reader walks the tree recursively, and 1,000 nested ``<b>`` (7,000
characters) ran it out of recursion and stopped the build.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable

import cssselect2  # type: ignore[import-untyped]
import tinycss2  # type: ignore[import-untyped]
import tinyhtml5  # type: ignore[import-untyped]

from cardgen.look.css import css_string
from cardgen.rulebook.depth import MAX_DEPTH

INHERITED = ("font-family", "font-size", "font-weight", "font-style", "color", "text-align")
SILENT = frozenset({"margin", "margin-left", "margin-right", "margin-top", "margin-bottom", "width", "max-width",
                    "min-width", "height", "display", "box-sizing", "-webkit-print-color-adjust",
                    "print-color-adjust"})
"""Properties of a template that lay out its own little page and mean nothing in a margin box."""
HONOURED = "font-family, font-size, font-weight, font-style, color, text-align, padding, border-top/bottom"
UNITS = frozenset({"px", "pt", "pc", "cm", "mm", "in", "q"})
KEYWORDS = {"font-weight": {"normal", "bold", "bolder", "lighter"}, "font-style": {"normal", "italic", "oblique"},
            "text-align": {"left", "center", "right"}}
BORDER_STYLES = frozenset({"none", "solid", "dashed", "dotted", "double", "groove", "ridge", "inset", "outset"})
SKIPPED_TAGS = frozenset({"style", "script", "noscript", "template", "head", "title", "meta", "link"})
PICTURES = frozenset({"img", "svg", "canvas", "video", "object", "embed", "iframe", "picture"})
COUNTERS = {"pageNumber": "counter(page)", "totalPages": "counter(pages)", "title": "string(cardgen-title)"}
DEFAULT_FONT_SIZE = "9pt"

Report = Callable[[str], None]


@dataclass(frozen=True)
class MarginBox:
    """A header or footer: where, what (a CSS ``content`` value) and how (checked CSS declarations)."""

    position: str  # e.g. "bottom-center"
    content: str
    border: str | None = None  # the CSS border on the text side (border-top in a footer)
    style: tuple[tuple[str, str], ...] = (("font-size", DEFAULT_FONT_SIZE),)


def margin_box(template: str, edge: str, report: Report | None = None) -> MarginBox | None:
    """The margin box a puppeteer template describes at ``edge`` (top or bottom), if it shows anything;
    what cannot be mapped is passed to ``report(message)``."""
    report = report or _quiet
    try:
        root = tinyhtml5.parse(template or "", namespace_html_elements=False)
    except Exception as exc:  # noqa: BLE001 -- the parser's own errors on hostile input
        report(f"the template could not be read as HTML ({type(exc).__name__}); ignored")
        return None
    depth = _depth(root)
    if depth > MAX_DEPTH:
        report(f"the template nests {depth} elements deep, more than {MAX_DEPTH}; ignored")
        return None
    said: set[str] = set()

    def once(message: str) -> None:
        if message not in said:
            said.add(message)
            report(message)

    styles = _cascade(root, once)
    parts: list[str] = []
    first: list[Any] = []
    _collect(root, parts, first, once)
    content = _content(parts)
    if not content:
        return None
    chain = first[0] if first else [root]
    style = _text_style(chain, styles, edge, once)
    side = "top" if edge == "bottom" else "bottom"
    border = next((b for element in reversed(chain) if (b := _border(styles.get(id(element), {}), side, once))), None)
    align = dict(style).get("text-align", "center")
    return MarginBox(f"{edge}-{align}", content, border, tuple((k, v) for k, v in style if k != "text-align"))


def _depth(root: Any) -> int:
    """How deep the template's elements nest (one for ``<b>x</b>``; the parser's ``<html>`` and
    ``<body>`` not counted), found without recursion."""
    deepest, stack = 0, [(root, 0)]
    while stack:
        element, depth = stack.pop()
        deepest = max(deepest, depth)
        stack.extend((child, depth + 1) for child in element)
    return max(deepest - 1, 0)


def _quiet(message: str) -> None:
    """The ``report`` of a caller that has reported the template already."""


def _declarations(tokens: list, report: Report) -> list[tuple[str, list]]:
    """The declarations of a rule's block or a ``style`` attribute: (lower-case name, value tokens)."""
    found = []
    for item in tinycss2.parse_blocks_contents(tokens, skip_comments=True, skip_whitespace=True):
        if item.type == "declaration":
            found.append((item.lower_name, [t for t in item.value if t.type not in ("whitespace", "comment")]))
        elif item.type != "error":
            report("a nested rule in the template's CSS is not used")
    return found


def _cascade(root: Any, report: Report) -> dict[int, dict[str, list]]:
    """Each element's own declarations (by ``id(element)``): ``<style>`` rules by specificity, then ``style``."""
    matcher = cssselect2.Matcher()
    order = 0
    for element in root.iter("style"):
        for rule in tinycss2.parse_stylesheet(element.text or "", skip_comments=True, skip_whitespace=True):
            if rule.type != "qualified-rule":
                report("an @-rule in the template's CSS is not used" if rule.type == "at-rule"
                       else "a part of the template's CSS could not be read; left out")
                continue
            try:
                selectors = cssselect2.compile_selector_list(rule.prelude)
            except cssselect2.SelectorError:
                report(f"selector '{tinycss2.serialize(rule.prelude).strip()[:40]}' not understood; its rule "
                       "is left out")
                continue
            declarations = _declarations(rule.content, report)
            for selector in selectors:
                matcher.add_selector(selector, (order, declarations))
            order += 1
    styles: dict[int, dict[str, list]] = {}
    for wrapper in cssselect2.ElementWrapper.from_html_root(root).iter_subtree():
        own: dict[str, list] = {}
        for _specificity, _order, _pseudo, (_, declarations) in sorted(matcher.match(wrapper) or []):
            own.update(declarations)
        inline = wrapper.etree_element.get("style")
        if inline:
            own.update(_declarations(tinycss2.parse_component_value_list(inline), report))
        styles[id(wrapper.etree_element)] = own
    return styles


def _collect(element: Any, parts: list[str], first: list, report: Report, chain: tuple = ()) -> None:
    """The text of ``element`` (``\\0``-marked counters) into ``parts``; ``first`` gets the chain of elements
    down to the first that shows something."""
    tag = element.tag if isinstance(element.tag, str) else ""
    chain = (*chain, element)
    classes = (element.get("class") or "").split()
    counter = next((COUNTERS[c] for c in classes if c in COUNTERS), None)
    if counter or tag in PICTURES or tag in SKIPPED_TAGS or {"date", "url"} & set(classes):
        if counter:
            parts.append(f"\0{counter}\0")
            if not first:
                first.append(chain)
        elif tag in PICTURES:
            report(f"a picture (<{tag}>) cannot be shown in a header or footer; left out")
        elif tag not in SKIPPED_TAGS:
            report(f"class '{({'date', 'url'} & set(classes)).pop()}' (the print date or the file's address) "
                   "is not printed: it would change with every build; left out")
        parts.append(element.tail or "")
        return
    if (element.text or "").strip() and not first:
        first.append(chain)
    parts.append(element.text or "")
    for child in element:
        _collect(child, parts, first, report, chain)
    if (element.tail or "").strip() and not first:
        first.append(chain[:-1])
    parts.append(element.tail or "")


def _content(parts: list[str]) -> str:
    """The CSS ``content`` value of the collected text: white space collapsed, strings and counters."""
    pieces = re.split(r"\0([^\0]*)\0", " ".join("".join(parts).split()))
    return " ".join(css_string(piece) if index % 2 == 0 else piece
                    for index, piece in enumerate(pieces) if piece)


def _text_style(chain: list, styles: dict[int, dict[str, list]], edge: str, report: Report) -> list[tuple[str, str]]:
    """The honoured declarations that apply to the text at the end of ``chain`` (inherited ones from its
    parents), each as checked CSS."""
    found: dict[str, str] = {"font-size": DEFAULT_FONT_SIZE}
    padding = f"padding-{'top' if edge == 'bottom' else 'bottom'}"
    for index, element in enumerate(chain):
        own = index == len(chain) - 1
        for name, tokens in styles.get(id(element), {}).items():
            if name in INHERITED or (own and name in (padding, "padding")):
                value = _padding(tokens, edge) if name == "padding" else _value(name, tokens)
                if value is None:
                    report(f"{name}: '{tinycss2.serialize(tokens)[:40]}' is not understood in a header or "
                           "footer; left out")
                else:
                    found[padding if name == "padding" else name] = value
            elif name not in SILENT and not name.startswith(("border", "padding")):
                report(f"'{name}' is not used in a header or footer (honoured: {HONOURED}); left out")
    return list(found.items())


def _length(token: Any) -> str | None:
    if token.type == "dimension" and token.lower_unit in UNITS and 0 <= token.value <= 200:
        return f"{token.value:g}{token.lower_unit}"
    if token.type == "number" and token.value == 0:
        return "0"
    return None


def _color(token: Any) -> str | None:
    if token.type == "hash" and re.fullmatch(r"[0-9a-fA-F]{3,8}", token.value) and len(token.value) != 5:
        return "#" + token.value
    if token.type == "ident" and token.value.isalpha():
        return token.lower_value
    return None


def _value(name: str, tokens: list) -> str | None:
    """``tokens`` as checked CSS for the honoured property ``name``, else ``None``."""
    if name == "font-family":
        names: list[str] = []
        current: list[str] = []
        for token in [*tokens, None]:
            if token is None or token.type == "literal" and token.value == ",":
                if not current:
                    return None
                names.append(css_string(" ".join(current)))
                current = []
            elif token.type == "ident" or token.type == "string" and not current:
                current.append(token.value)
            else:
                return None
        return ", ".join(names)
    if len(tokens) != 1:
        return None
    if name in ("font-size", "padding-top", "padding-bottom"):
        return _length(tokens[0])
    if name == "color":
        return _color(tokens[0])
    token = tokens[0]
    if name == "font-weight" and token.type == "number" and token.is_integer and 1 <= token.value <= 1000:
        return str(token.int_value)
    return token.lower_value if token.type == "ident" and token.lower_value in KEYWORDS[name] else None


def _padding(tokens: list, edge: str) -> str | None:
    """The side towards the page of a ``padding`` shorthand (top, right, bottom, left), else ``None``."""
    lengths = [_length(t) for t in tokens]
    if not 1 <= len(lengths) <= 4 or None in lengths:
        return None
    return lengths[0] if edge == "bottom" else lengths[2 if len(lengths) > 2 else 0]


def _border(own: dict[str, list], side: str, report: Report) -> str | None:
    """The element's border on ``side`` (``border-SIDE`` or ``border``) as checked CSS, else ``None``."""
    tokens = own.get(f"border-{side}", own.get("border"))
    for name in own:
        if name.startswith("border") and name not in ("border", f"border-{side}"):
            report(f"'{name}' is not used in a header or footer (only the border towards the page: "
                   f"border-{side}); left out")
    if tokens is None:
        return None
    values = []
    for token in tokens:
        value = _length(token) or (token.lower_value if token.type == "ident" and token.lower_value in BORDER_STYLES
                                   else None) or _color(token)
        if value is None:
            report(f"border-{side}: '{tinycss2.serialize(tokens)[:40]}' is not understood; left out")
            return None
        values.append(value)
    return " ".join(values) or None
