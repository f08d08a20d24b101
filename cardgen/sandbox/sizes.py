"""How many characters an operation of a template can make, known before it runs.

:func:`weight` is about the length of ``str(value)``: a string's length, a list's summed over its
items (``[s] * 1000`` weighs a thousand ``s``: printing it writes each); the other estimates add
what the operation grows by -- a padding width, a separator times the items, a format's widths.
An estimate may be high, never low: it is only compared with what a render has left.
"""

from __future__ import annotations

import re
from typing import Any, Mapping, Sequence

from cardgen.sandbox.budget import MAX_CHARS, TemplateLimit

CONTAINERS = (list, tuple, set, frozenset, dict)
_PRINTF = re.compile(r"%(?:\([^)]*\))?[-#0 +]*(\*|[0-9]+)?(?:\.(\*|[0-9]+))?[hlL]?(.)", re.S)
_NUMBER = re.compile(r"[0-9]+")
_ESCAPES = 6                    # HTML escaping makes at most 6 characters of one (' -> &#39;, " -> &#34;)


def weight(value: Any, memo: dict[int, int] | None = None) -> int:
    """About ``len(str(value))``: strings by length, containers by their items (each shared item
    counted once a use, its own weight worked out once), anything else a few characters."""
    if isinstance(value, (str, bytes, bytearray)):
        return len(value)
    if not isinstance(value, CONTAINERS):
        return 8
    memo = {} if memo is None else memo
    known = memo.get(id(value))
    if known is None:
        items = [*value.keys(), *value.values()] if isinstance(value, dict) else value
        known = 2 + 2 * len(items)
        for item in items:
            known += weight(item, memo)
            if known > MAX_CHARS:
                break
        memo[id(value)] = known
    return known


def weights(*values: Any) -> int:
    memo: dict[int, int] = {}
    return sum(weight(value, memo) for value in values)


def _number(text: str) -> int:
    """A width or precision of a format; one with more than nine digits is over every budget."""
    if len(text) > 9:
        raise TemplateLimit(f"a width or precision of {len(text)} digits in a format")
    return int(text)


def spec_size(format_spec: str, value: Any) -> int:
    """The most characters ``format(value, format_spec)`` makes: its widths and precisions, and the value."""
    return sum(_number(n) for n in _NUMBER.findall(format_spec)) + weight(value)


def printf_size(text: str, args: Any) -> int:
    """The most characters ``text % args`` makes; a ``*`` width (taken from the arguments) is refused."""
    size = len(text) + weight(args)
    for match in _PRINTF.finditer(text):
        for number in match.group(1, 2):
            if number == "*":
                raise TemplateLimit("a '*' width or precision in a %-format is not allowed in a template")
            size += _number(number) if number else 0
    return size


def _int(value: Any, default: int = 0) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def _text(value: Any) -> int:
    return len(value) if isinstance(value, (str, bytes)) else 1


def _items(value: Any) -> int:
    return len(value) if hasattr(value, "__len__") else weight(value)


def method_size(owner: Any, name: str, args: Sequence[Any], kwargs: Mapping[str, Any]) -> int:
    """The most characters a method ``name`` of the string ``owner`` makes when called so."""
    first = args[0] if args else None
    size = weights(owner, *args, *kwargs.values())
    if name in ("center", "ljust", "rjust", "zfill"):
        return size + max(_int(first), 0)
    if name == "expandtabs":
        return size * max(_int(first if args else kwargs.get("tabsize"), 8), 1)
    if name == "replace" and len(args) >= 2:
        count = _int(args[2], -1) if len(args) > 2 else _int(kwargs.get("count"), -1)
        return size + (len(owner) + 1 if count < 0 else count) * _text(args[1])
    if name == "join":
        return size + _items(first) * len(owner)
    if name == "translate":
        return size * (1 + max((weight(v) for v in first.values()), default=0) if isinstance(first, dict) else 1)
    return size


def filter_size(name: str, args: Sequence[Any], kwargs: Mapping[str, Any]) -> int:
    """The most characters the filter ``name`` makes when called with ``args`` (its value first)."""
    size = weights(*args, *kwargs.values())
    value = args[0] if args else None
    more = dict(zip(FILTER_ARGS.get(name, ()), args[1:]), **kwargs)
    if name == "center":
        return size + max(_int(more.get("width"), 80), 0)
    if name == "indent":
        width = more.get("width", 4)
        lines = str(value).count("\n") + 1 if isinstance(value, str) else 1
        return size + lines * (_int(width) if isinstance(width, int) else _text(width))
    if name == "join":
        return size + _items(value) * _text(more.get("d", ""))
    if name == "replace":
        count = more.get("count")
        times = _int(count) if count is not None else _text(value) + 1
        return size + times * _text(more.get("new", ""))
    if name == "wordwrap":
        return size * (1 + _text(more.get("wrapstring") or "\n"))
    if name == "format":
        return printf_size(value, tuple(args[1:]) or dict(kwargs)) if isinstance(value, str) else size
    if name in ("batch", "slice"):
        return size + max(_int(more.get("linecount" if name == "batch" else "slices")), 0)
    if name == "sum":
        return size * max(_items(value), 1)
    if name in ("e", "escape", "forceescape", "tojson", "urlize", "xmlattr", "urlencode"):
        return size * _ESCAPES
    return size


FILTER_ARGS = {
    "center": ("width",), "indent": ("width",), "join": ("d",), "replace": ("old", "new", "count"),
    "wordwrap": ("width", "break_long_words", "wrapstring"), "batch": ("linecount", "fill_with"),
    "slice": ("slices", "fill_with"),
}
"""The positional arguments (after the value) of the filters whose size depends on them."""
