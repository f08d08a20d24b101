"""``cardgen.toml`` parsed with the caps YAML content has (:mod:`cardgen.content.yamlcompose`).

Python's :mod:`tomllib` parses nested arrays and inline tables recursively: 3,000 nested ``{`` end
it with a RecursionError, and a table nested that deep (``[a.a.a …]``, dotted keys) ends any
recursive walk of the data after it.  The project file comes from pull requests like the content,
so before :mod:`tomllib` sees the text, :func:`nesting_problem` scans it (strings and comments
passed over) for brackets nested deeper than :data:`MAX_DEPTH`; after, :func:`data_problem` walks
the data without recursion and refuses more than :data:`MAX_DEPTH` levels or :data:`MAX_VALUES`
values.  Each refusal names the line (and column) where it happens.
"""

from __future__ import annotations

import re
from typing import Any

MAX_DEPTH = 64          # as YAML content (cardgen.content.yamlcompose.MAX_DEPTH)
MAX_VALUES = 50_000     # as YAML content (cardgen.content.yamlcompose.MAX_NODES)
_TOKENS = re.compile(r'#|"""|\'\'\'|"|\'|[\[\]{}]')
_ENDS = {'"""': re.compile(r'(?:[^\\]|\\.)*?"""', re.S), "'''": re.compile(r".*?'''", re.S),
         '"': re.compile(r'(?:[^\\"\n]|\\.)*(?:"|\n|$)'), "'": re.compile(r"[^'\n]*(?:'|\n|$)"),
         "#": re.compile(r"[^\n]*")}


def nesting_problem(text: str) -> tuple[int, int, str] | None:
    """(line, column, message) of the first bracket nested deeper than :data:`MAX_DEPTH`, or None."""
    depth, pos = 0, 0
    while True:
        token = _TOKENS.search(text, pos)
        if token is None:
            return None
        pos = token.end()
        kind = token.group()
        if kind in _ENDS:
            end = _ENDS[kind].match(text, pos)
            pos = end.end() if end is not None else len(text)
        elif kind in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                line = text.count("\n", 0, token.start()) + 1
                column = token.start() - (text.rfind("\n", 0, token.start()) + 1) + 1
                return line, column, f"nests deeper than {MAX_DEPTH} levels"
        else:
            depth = max(depth - 1, 0)


def data_problem(data: dict[str, Any]) -> tuple[tuple[str, ...], str] | None:
    """(keys leading there, message) where ``data`` nests deeper than :data:`MAX_DEPTH` or holds
    more than :data:`MAX_VALUES` values; None when it does neither.  No recursion."""
    stack: list[tuple[tuple[str, ...], Any, int]] = [((), data, 0)]
    count = 0
    while stack:
        keys, value, depth = stack.pop()
        count += 1
        if count > MAX_VALUES:
            return keys, f"holds more than {MAX_VALUES} values"
        if depth > MAX_DEPTH:
            return keys, f"nests deeper than {MAX_DEPTH} levels"
        if isinstance(value, dict):
            stack += [((*keys, str(k)), v, depth + 1) for k, v in value.items()]
        elif isinstance(value, list):
            stack += [(keys, v, depth + 1) for v in value]
    return None
