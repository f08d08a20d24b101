"""Parse YAML text into a node tree, without recursion and with caps.

PyYAML's composers (its Python one and libyaml's) build the node tree
recursively: a file of a hundred thousand nested ``[`` ends the Python one
with a RecursionError and the C one with a segmentation fault.  So cardgen
reads the parser's events and builds the nodes itself, one event at a
time, refusing a document nested deeper than :data:`MAX_DEPTH` levels or
holding more than :data:`MAX_NODES` values before any node is constructed.
Aliases stay shared nodes here; the builder in :mod:`.yamlsource` caps what
they expand to.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, cast

import yaml
import yaml.reader
from yaml.composer import ComposerError

from cardgen.errors import ContentError, Problem

MAX_NODES = 50_000
MAX_DEPTH = 64

# libyaml's parser when PyYAML has it (5× faster); both keep line and column.
SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

_STARTS: dict[type[yaml.Event], type[yaml.CollectionNode]] = {
    yaml.SequenceStartEvent: yaml.SequenceNode, yaml.MappingStartEvent: yaml.MappingNode}
_ENDS = (yaml.SequenceEndEvent, yaml.MappingEndEvent)


class _EventLoader(Protocol):
    """What cardgen uses of a PyYAML loader (Python or libyaml): its events and tag resolver."""

    def get_event(self) -> Any: ...
    def check_event(self, *choices: type[yaml.Event]) -> bool: ...
    def resolve(self, kind: type[yaml.Node], value: str | None, implicit: Any) -> Any: ...
    def dispose(self) -> None: ...


# An open collection while composing: [its node, the pending mapping key or None].
_Frame = list[Any]


class _Refused(Exception):
    """The document is too deep or too large; ``mark`` is where that was seen."""

    def __init__(self, mark: yaml.Mark | None, message: str) -> None:
        super().__init__(message)
        self.mark = mark


def compose(path: str, text: str, line_offset: int = 0) -> yaml.Node | None:
    """The node tree of the single YAML document in ``text`` (``None`` if empty).

    Raises ContentError naming ``path`` and the position (shifted down by
    ``line_offset`` lines) on invalid YAML or a document over the caps."""
    try:
        if SAFE_LOADER is not yaml.SafeLoader:
            try:
                return _single_node(SAFE_LOADER, text)
            except yaml.YAMLError:
                pass                    # parse again below for PyYAML's clearer message
        return _single_node(yaml.SafeLoader, text)
    except _Refused as exc:
        raise _error(path, exc.mark, line_offset, f"{exc}; refused") from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        raise _error(path, mark, line_offset, f"invalid YAML: {exc.problem or exc}") from None
    except yaml.reader.ReaderError as exc:
        before = text[: exc.position]
        line = before.count("\n") + 1 + line_offset
        col = exc.position - (before.rfind("\n") + 1) + 1
        raise ContentError([Problem(path, line, col, "", f"invalid YAML: character U+{exc.character:04X} "
                                    "is not allowed in YAML")]) from None
    except yaml.YAMLError as exc:
        raise ContentError([Problem(path, 1 + line_offset, 1, "", f"invalid YAML: {exc}")]) from None


def _error(path: str, mark: yaml.Mark | None, line_offset: int, message: str) -> ContentError:
    line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
    return ContentError([Problem(path, line + line_offset, col, "", message)])


def _single_node(loader_class: Callable[[str], _EventLoader], text: str) -> yaml.Node | None:
    loader = loader_class(text)
    try:
        loader.get_event()                                  # stream start
        if loader.check_event(yaml.StreamEndEvent):
            return None
        loader.get_event()                                  # document start
        node = _compose_document(loader)
        loader.get_event()                                  # document end
        if not loader.check_event(yaml.StreamEndEvent):
            event = loader.get_event()
            raise ComposerError("expected a single document in the stream", node.start_mark,
                                "but found another document", event.start_mark)
        return node
    finally:
        loader.dispose()


def _compose_document(loader: _EventLoader) -> yaml.Node:
    """The root node, built from events with an explicit stack (no recursion)."""
    anchors: dict[str, yaml.Node] = {}
    stack: list[_Frame] = []        # [open collection node, pending mapping key or None]
    count = 0
    while True:
        event = loader.get_event()
        node: yaml.Node
        if isinstance(event, _ENDS):
            node = stack.pop()[0]
            node.end_mark = event.end_mark
        else:
            count += 1
            if count > MAX_NODES:
                raise _Refused(event.start_mark, f"document holds more than {MAX_NODES} values")
            node = _node(loader, event, anchors)
            if stack:
                _attach(stack[-1], node)
            if type(event) in _STARTS:
                stack.append([node, None])
                if len(stack) > MAX_DEPTH:
                    raise _Refused(event.start_mark, f"document nests deeper than {MAX_DEPTH} levels")
                continue
        if not stack:
            return node


def _node(loader: _EventLoader, event: yaml.AliasEvent | yaml.ScalarEvent | yaml.CollectionStartEvent,
          anchors: dict[str, yaml.Node]) -> yaml.Node:
    """A new node for a scalar or collection start event, or the node an alias names."""
    start, end = _marks(event)
    if isinstance(event, yaml.AliasEvent):
        if event.anchor not in anchors:
            raise ComposerError(None, None, f"found undefined alias {event.anchor!r}", start)
        return anchors[event.anchor]
    if event.anchor is not None and event.anchor in anchors:
        raise ComposerError(f"found duplicate anchor {event.anchor!r}; first occurrence",
                            anchors[event.anchor].start_mark, "second occurrence", start)
    node: yaml.Node
    if isinstance(event, yaml.ScalarEvent):
        tag = event.tag
        if tag is None or tag == "!":
            tag = loader.resolve(yaml.ScalarNode, event.value, event.implicit)
        node = yaml.ScalarNode(tag, event.value, start, end, style=event.style)
    else:
        kind = _STARTS[type(event)]
        tag = event.tag
        if tag is None or tag == "!":
            tag = loader.resolve(kind, None, event.implicit)
        node = kind(tag, [], start, None, flow_style=event.flow_style)
    if event.anchor is not None:
        anchors[event.anchor] = node
    return node


def _marks(event: yaml.Event) -> tuple[yaml.Mark | None, yaml.Mark | None]:
    """The event's start and end mark.  The stubs tell libyaml's marks apart from PyYAML's and
    let nodes and errors take only the latter; both have the line and column that are read."""
    return cast("yaml.Mark | None", event.start_mark), cast("yaml.Mark | None", event.end_mark)


def _attach(frame: _Frame, node: yaml.Node) -> None:
    """Add ``node`` to the open collection of ``frame`` (a mapping takes key, then value)."""
    parent = frame[0]
    if isinstance(parent, yaml.SequenceNode):
        parent.value.append(node)
    elif frame[1] is None:
        frame[1] = node
    else:
        parent.value.append((frame[1], node))
        frame[1] = None
