"""Load one YAML file safely, keeping the line and column of every value.

Only plain data is accepted: mappings, sequences, strings, numbers, booleans
and null.  Any other tag (``!!python/object`` and friends) is refused without
being constructed.  A scalar its explicit tag cannot construct (``!!int abc``)
and an integer of more than :data:`MAX_INT_DIGITS` digits are reported at
their position while the rest of the file is still validated.  Aliases are
allowed but the expanded document is capped, so a "billion laughs" file is
refused instead of eating the memory; nesting is capped while parsing (see
:mod:`.yamlcompose`).  Files are read through :mod:`cardgen.safefs` (real
path inside the allowed folders, regular files only) and files over
:data:`MAX_FILE_BYTES` are refused before they are read.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

import yaml
from yaml.constructor import SafeConstructor

from cardgen.content.yamlcompose import MAX_DEPTH, MAX_NODES, compose
from cardgen.errors import ContentError, Problem
from cardgen.safefs import FileRefused, check_file, read_file

MAX_FILE_BYTES = 1024 * 1024
MAX_INT_DIGITS = 30
"""Integers have at most this many digits (no game value comes near; Python refuses 4300)."""

Path_ = tuple[str | int, ...]

_TAG = "tag:yaml.org,2002:"
_PLAIN_TAGS = {_TAG + name for name in ("str", "int", "float", "bool", "null", "timestamp")}
_TOO_LARGE = f"number too large: at most {MAX_INT_DIGITS} digits (quote it if it is text)"


@dataclass(frozen=True)
class SourceFile:
    """The data of one YAML file and where each value stood in it.

    ``reported`` holds the places whose value the loader already reported
    (``!!int abc``): validation says nothing more about them."""

    path: Path
    data: Any
    positions: dict[Path_, tuple[int, int]] = field(default_factory=dict)
    key_positions: dict[Path_, tuple[int, int]] = field(default_factory=dict)
    problems: tuple[Problem, ...] = ()
    reported: frozenset[Path_] = frozenset()

    def position(self, loc: Path_, key: bool = False) -> tuple[int, int]:
        """Line and column of ``loc``, or of its nearest located parent."""
        loc = tuple(loc)
        if key and loc in self.key_positions:
            return self.key_positions[loc]
        while loc not in self.positions and loc:
            loc = loc[:-1]
        return self.positions.get(loc, (1, 1))

    def problem(self, loc: Path_, message: str, key: bool = False, severity: str = "error") -> Problem:
        line, column = self.position(loc, key)
        return Problem(str(self.path), line, column, format_loc(loc), message, severity)

    def was_reported(self, loc: Path_) -> bool:
        """Whether the loader already reported the value at ``loc`` or one of its parents."""
        loc = tuple(loc)
        return any(loc[:n] in self.reported for n in range(len(loc) + 1))


def format_loc(loc: Path_) -> str:
    """``('weapons', 0, 'id')`` → ``weapons[0].id``."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out


def read_yaml(path: Path, roots: Iterable[Path]) -> SourceFile:
    """Read ``path`` as a YAML document of plain data.

    ``roots`` are the real paths of the folders it may be read from (see
    :func:`cardgen.safefs.resolve_roots`).  Raises ContentError when nothing
    usable can be read (refused file, syntax, encoding, size, empty file,
    alias bomb); lesser problems (a duplicate key, ``!!int abc``) are
    returned in ``SourceFile.problems`` so validation of the rest goes on.
    """
    path = Path(path)
    source = parse_yaml(_read_text(path, tuple(roots)), path)
    if source is None:
        raise ContentError([Problem(str(path), 1, 1, "", "file is empty: expected a mapping of fields")])
    return source


def parse_yaml(text: str, path: Path | str, first_line: int = 1) -> SourceFile | None:
    """``text`` (a file's, or a part of one starting at ``first_line``) as plain data; ``None`` if empty.

    Same caps and errors as :func:`read_yaml`; positions are lines of the whole file."""
    path = Path(path)
    offset = first_line - 1
    node = compose(str(path), text, offset)
    if node is None:
        return None
    builder = _Builder(path, offset)
    data = builder.build(node, ())
    if builder.fatal:
        raise ContentError(builder.problems[:1])
    return SourceFile(path, data, builder.positions, builder.key_positions, tuple(builder.problems),
                      frozenset(builder.reported))


def refusal(reason: str) -> str:
    """The message for a file that is not read, from :class:`~cardgen.safefs.FileRefused`'s reason."""
    if "not a regular file" in reason:                  # a FIFO, a folder named x.yaml ...
        return f"{reason}; only regular files are read"
    if "not followed" in reason:                        # a linked folder
        return reason
    if "link" in reason or "outside" in reason:         # a link out, a dangling link
        return f"{reason}; not read"
    return f"cannot read file: {reason}"                # the OS said no (Permission denied ...)


def _size(path: Path, roots: tuple[Path, ...]) -> int:
    """The size of an allowed regular file (0 for any other): was it refused for its size?"""
    try:
        return check_file(path, roots).stat().st_size
    except OSError:
        return 0


def _read_text(path: Path, roots: tuple[Path, ...]) -> str:
    try:
        raw = read_file(path, roots, MAX_FILE_BYTES)
    except FileRefused as exc:
        size = _size(path, roots)
        if size > MAX_FILE_BYTES:
            raise ContentError([Problem(str(path), 1, 1, "", f"file is {size / 1048576:.1f} MiB; "
                                        f"content files are limited to {MAX_FILE_BYTES // 1048576} MiB")]) from None
        raise ContentError([Problem(str(path), 0, 0, "", refusal(exc.reason))]) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = raw[: exc.start]
        line = before.count(b"\n") + 1
        col = exc.start - (before.rfind(b"\n") + 1) + 1
        raise ContentError([Problem(str(path), line, col, "",
                                    f"file is not UTF-8 text (byte 0x{raw[exc.start]:02x}); save it as UTF-8")]) from None
    return text.removeprefix("\ufeff")


class _Builder:
    """Turn a composed YAML node tree into plain Python data, recording positions.

    ``line_offset`` shifts every line (a YAML part that does not start a file)."""

    def __init__(self, path: Path, line_offset: int = 0) -> None:
        self.path = path
        self.line_offset = line_offset
        self.positions: dict[Path_, tuple[int, int]] = {}
        self.key_positions: dict[Path_, tuple[int, int]] = {}
        self.problems: list[Problem] = []
        self.reported: set[Path_] = set()
        self.fatal = False
        self.count = 0
        self.open: set[int] = set()
        self.merged: set[Path_] = set()
        self.constructor = SafeConstructor()

    def build(self, node: yaml.Node, loc: Path_) -> Any:
        self.count += 1
        if self.fatal:
            return None
        if self.count > MAX_NODES or len(loc) > MAX_DEPTH or id(node) in self.open:
            self.fatal = True
            reason = ("an alias refers to itself" if id(node) in self.open else
                      f"document expands to more than {MAX_NODES} values or {MAX_DEPTH} levels "
                      "(an alias bomb?)")
            self.problems.insert(0, self._problem(node, (), f"{reason}; refused"))
            return None
        self.positions[loc] = self._where(node)
        if isinstance(node, yaml.ScalarNode):
            return self._scalar(node, loc)
        self.open.add(id(node))
        try:
            if isinstance(node, yaml.MappingNode):
                return self._mapping(node, loc)
            if node.tag != _TAG + "seq":
                return self._refuse_tag(node, loc)
            return [self.build(item, loc + (i,)) for i, item in enumerate(node.value)]
        finally:
            self.open.discard(id(node))

    def _scalar(self, node: yaml.ScalarNode, loc: Path_) -> Any:
        """The value of a plain scalar; a value its tag cannot construct is reported, not raised."""
        if node.tag not in _PLAIN_TAGS:
            return self._refuse_tag(node, loc)
        if node.tag == _TAG + "timestamp":
            return node.value
        if node.tag == _TAG + "int" and len(node.value) > 2 * MAX_INT_DIGITS:
            return self._bad_value(node, loc, _TOO_LARGE)   # before int(): Python refuses 4300 digits
        try:
            value = self.constructor.construct_object(node)
        except (ArithmeticError, LookupError, TypeError, ValueError, yaml.YAMLError):
            shown = node.value if len(node.value) <= 40 else node.value[:40] + "…"
            return self._bad_value(node, loc, f"'{shown}' is not a valid {node.tag.replace(_TAG, '!!')}")
        if type(value) is int and abs(value) >= 10 ** MAX_INT_DIGITS:
            return self._bad_value(node, loc, _TOO_LARGE)
        return value

    def _bad_value(self, node: yaml.Node, loc: Path_, message: str) -> None:
        """Report the value at ``loc`` and keep validating the rest of the file without it."""
        self.problems.append(self._problem(node, loc, message))
        self.reported.add(loc)
        return None

    def _mapping(self, node: yaml.MappingNode, loc: Path_) -> dict[str, Any] | None:
        if node.tag != _TAG + "map":
            self._refuse_tag(node, loc)
            return None
        explicit = {id(key) for key, _ in node.value}
        try:
            self.constructor.flatten_mapping(node)
        except yaml.MarkedYAMLError as exc:
            self.problems.append(self._problem(node, loc, f"invalid merge key: {exc.problem}"))
            return {}
        result: dict[str, Any] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode) or key_node.tag not in _PLAIN_TAGS:
                self.problems.append(self._problem(key_node, loc, "keys must be plain words"))
                continue
            key = str(key_node.value)
            here = loc + (key,)
            if key in result and id(key_node) in explicit and here in self.merged:
                self.merged.discard(here)  # an explicit key overrides a merged one
            elif key in result:
                first = self.key_positions[here][0]
                self.problems.append(self._problem(key_node, here, f"duplicate key '{key}' (first at line {first})"))
                continue
            if id(key_node) not in explicit:
                self.merged.add(here)
            self.key_positions[here] = self._where(key_node)
            result[key] = self.build(value_node, here)
        return result

    def _refuse_tag(self, node: yaml.Node, loc: Path_) -> None:
        """A non-plain tag (``!!python/object`` ...) is never constructed; the file is refused."""
        tag = node.tag.replace(_TAG, "!!")
        self.problems.insert(0, self._problem(node, loc, f"YAML tag '{tag}' is not allowed: "
                                              "content holds plain data only"))
        self.fatal = True

    def _where(self, node: yaml.Node) -> tuple[int, int]:
        return node.start_mark.line + 1 + self.line_offset, node.start_mark.column + 1

    def _problem(self, node: yaml.Node, loc: Path_, message: str) -> Problem:
        return Problem(str(self.path), *self._where(node), format_loc(loc), message)
