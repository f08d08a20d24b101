"""Attributes in braces: on images, and trailing on paragraphs.

* ``![x](a.svg){width="300pt"}{.img_border}`` -- attributes directly after an
  image (or link, code span) are read by ``mdit_py_plugins.attrs``.  ``width``
  and ``height`` of images are read as a browser reads these HTML attributes
  (:func:`attribute_length`, HTML's "rules for parsing dimension values"),
  because the dialect's documents were printed by a browser (Chromium, through
  puppeteer): the leading number is CSS pixels and **a unit after it is
  ignored** -- ``width="300pt"`` is 300 px, i.e. 225 pt, as the designer's
  PDF showed it -- and a number followed by ``%`` is a percentage.  The size
  is then moved into the ``style`` attribute (WeasyPrint ignores the HTML
  attributes).  A value that does not start with a digit is ignored, as a
  browser ignores it, and becomes a warning; so does a size over
  :data:`MAX_ATTRIBUTE_PX`.
* ``Version 0.1.0 {align="center"}`` -- a brace block at the end of a
  paragraph, after white space, applies to the paragraph: ``align`` becomes
  the class ``align-<value>``, ``.name`` a class, ``#name`` the id, any other
  ``key=value`` an attribute.  Several blocks may follow each other.

Warnings are appended to ``env["warnings"]`` as ``(line, message)``.
"""

from __future__ import annotations

import re
from collections.abc import MutableMapping
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.rules_core import StateCore
from markdown_it.token import Token
from mdit_py_plugins.attrs import attrs_plugin as inline_attrs_plugin
from mdit_py_plugins.attrs.parse import ParseError, parse

_LENGTH = re.compile(r"^([0-9]+(?:\.[0-9]+)?)(px|pt|pc|cm|mm|in|em|rem|ex|%)?$")
_DIMENSION = re.compile(r"[ \t\n\f\r]*([0-9]+)(?:\.([0-9]+))?(%)?")
MAX_ATTRIBUTE_PX = 100_000
"""The largest image width or height taken from an attribute (about 26 m): a longer number is a
typo, and WeasyPrint fails the whole book on an infinite length."""
_TRAILING = re.compile(r"(^|\s)(\{[^{}]*\})\s*$")


def css_length(value: str) -> str | None:
    """``value`` as a CSS length (``300`` → ``300px``), or ``None`` if it is none."""
    match = _LENGTH.match(value.strip())
    if not match:
        return None
    return match[1] + (match[2] or "px")


def attribute_length(value: str) -> str | None:
    """An HTML ``width``/``height`` attribute as a browser reads it: ``"300pt"`` → ``300px``.

    HTML's rules for parsing dimension values: white space skipped, then
    digits (maybe ``.`` and more digits) are the size in CSS pixels,
    unless a ``%`` follows (a percentage); whatever comes after is ignored,
    units included.  ``None`` when the value does not start with a digit
    (a browser ignores such an attribute) or is over :data:`MAX_ATTRIBUTE_PX`."""
    match = _DIMENSION.match(value)
    if not match:
        return None
    number = match[1].lstrip("0") or "0"
    if len(number) > len(str(MAX_ATTRIBUTE_PX)) or int(number) > MAX_ATTRIBUTE_PX:
        return None
    fraction = (match[2] or "")[:4].rstrip("0")
    return number + (f".{fraction}" if fraction else "") + ("%" if match[3] else "px")


def _size_images(children: list[Token], line: int, env: MutableMapping[str, Any]) -> None:
    """Move ``width``/``height`` of image tokens into their ``style``."""
    for child in children:
        if child.type != "image":
            continue
        styles = [str(child.attrGet("style"))] if child.attrGet("style") else []
        for name in ("width", "height"):
            value = child.attrGet(name)
            if value is None:
                continue
            child.attrs.pop(name)
            length = attribute_length(str(value))
            if length is None:
                env.setdefault("warnings", []).append(
                    (line, f"image {name} '{value}' ignored: a size is a number of pixels (or a "
                           f"percentage) up to {MAX_ATTRIBUTE_PX}, as a browser reads it"))
            else:
                styles.append(f"{name}: {length}")
        if styles:
            child.attrSet("style", "; ".join(styles))


def _strip_trailing_attrs(inline: Token) -> dict[str, str]:
    """Remove trailing ``{...}`` blocks from ``inline``; return their attributes."""
    found: dict[str, str] = {}
    children = inline.children or []
    while children and children[-1].type == "text":
        match = _TRAILING.search(children[-1].content)
        if not match:
            break
        try:
            _, attrs = parse(match[2])
        except ParseError:
            break
        for key, value in attrs.items():
            found[key] = f"{value} {found[key]}" if key == "class" and key in found else value
        children[-1].content = children[-1].content[:match.start()].rstrip()
        if not children[-1].content:
            children.pop()
    if found:
        while children and children[-1].type == "softbreak":
            children.pop()
    return found


def _apply(paragraph: Token, attrs: dict[str, str]) -> None:
    for key, value in attrs.items():
        if key == "align":
            paragraph.attrJoin("class", f"align-{value}")
        elif key == "class":
            paragraph.attrJoin("class", value)
        else:
            paragraph.attrSet(key, value)


def apply_attrs(state: StateCore) -> None:
    """Core rule: size images and apply trailing paragraph attributes."""
    tokens = state.tokens
    for index, token in enumerate(tokens):
        if token.type != "inline" or not token.children:
            continue
        line = token.map[0] + 1 if token.map else 0
        _size_images(token.children, line, state.env)
        if index and tokens[index - 1].type == "paragraph_open":
            attrs = _strip_trailing_attrs(token)
            if attrs:
                _apply(tokens[index - 1], attrs)


def attrs_plugin(md: MarkdownIt) -> None:
    """Image attributes (``{width=..}``) and trailing paragraph attributes."""
    inline_attrs_plugin(md)
    md.core.ruler.push("dialect_attrs", apply_attrs)
