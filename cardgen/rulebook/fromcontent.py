"""What the content directives (``{{ table: … }}``, ``{{ list: … }}``) share.

* :class:`DirectiveError`: why a directive cannot be expanded (a warning with its line);
* :func:`select`: the objects of one kind, sorted by name, kept by ``key=value`` filters;
* :func:`text_md` and :func:`rules_md`: content text as Markdown source.  Content is
  untrusted: a name prints as written (every ASCII punctuation mark escaped, so neither
  HTML, Markdown, a table cell border ``|`` nor ``^^`` acts), a rules text keeps its
  inline Markdown (for links such as ``[Brennen](#brennen)``) but its HTML prints as text.
"""

from __future__ import annotations

import re
from html import escape
from typing import Any

from cardgen.content.collation import name_key
from cardgen.errors import CardgenError, did_you_mean

_MARKDOWN_PUNCTUATION = re.compile(r"[!-/:-@\[-`{-~]")
_BLANKS = re.compile(r"[^\S\u00a0\u202f]+")


class DirectiveError(CardgenError):
    """A directive that cannot be expanded (unknown name or field, no content)."""


def flat(text: Any) -> str:
    """``text`` on one line, runs of white space as one space; a no-break space stays (a power's
    rules text keeps a number with its unit, :func:`cardgen.rules.text.power_paragraphs`)."""
    return _BLANKS.sub(" ", str(text)).strip(" ")


def text_md(text: Any) -> str:
    """Content text printed as it is: one line, every ASCII punctuation mark backslash-escaped."""
    return _MARKDOWN_PUNCTUATION.sub(r"\\\g<0>", flat(text))


def rules_md(text: Any) -> str:
    """Rules text as one line of Markdown (for its links) with HTML escaped, so ``<script>`` prints
    as text, and ``|`` escaped; a trailing backslash cannot escape a table cell border (the cell
    is followed by a space)."""
    return escape(flat(text)).replace("|", "\\|")


def _fields(item: Any) -> list[str]:
    """Field names of a content object (pydantic model or plain object)."""
    return list(getattr(type(item), "model_fields", None) or vars(item))


def select(items: Any, filters: dict[str, str], what: str, lang: str = "") -> list[Any]:
    """The objects ``items`` (a kind's dict values) sorted by name and id, kept where each filter's
    field equals its value (``kind=fernkampf``); :class:`DirectiveError` for a field they lack
    (``what`` names the directive: "table 'terrain'"); by name as ``lang`` sorts (:func:`name_key`)."""
    kept = sorted(items, key=lambda item: (name_key(item.name, lang), item.id))
    for key, value in filters.items():
        if kept and not hasattr(kept[0], key):
            raise DirectiveError(f"{what} has no field '{key}'" + did_you_mean(key, _fields(kept[0])))
        kept = [item for item in kept if str(getattr(item, key)) == value]
    return kept
