"""Load one YAML file safely, keeping the line and column of every value.

Only plain data is accepted: mappings, sequences, strings, numbers, booleans
and null.  Any other tag (``!!python/object`` and friends) is refused without
being constructed.  Aliases are allowed but the expanded document is capped,
so a "billion laughs" file is refused instead of eating the memory.  Files
over :data:`MAX_FILE_BYTES` are refused before they are read.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
import yaml.reader
from yaml.constructor import SafeConstructor

from cardgen.errors import ContentError, Problem

MAX_FILE_BYTES = 1024 * 1024
MAX_NODES = 50_000
MAX_DEPTH = 64

Path_ = tuple[str | int, ...]

_PLAIN_TAGS = {
    "tag:yaml.org,2002:str", "tag:yaml.org,2002:int", "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool", "tag:yaml.org,2002:null", "tag:yaml.org,2002:timestamp",
}


@dataclass(frozen=True)
class SourceFile:
    """The data of one YAML file and where each value stood in it."""

    path: Path
    data: Any
    positions: dict[Path_, tuple[int, int]] = field(default_factory=dict)
    key_positions: dict[Path_, tuple[int, int]] = field(default_factory=dict)
    problems: tuple[Problem, ...] = ()

    def position(self, loc: Path_, key: bool = False) -> tuple[int, int]:
        """Line and column of ``loc``, or of its nearest located parent."""
        loc = tuple(loc)
        if key and loc in self.key_positions:
            return self.key_positions[loc]
        while loc not in self.positions and loc:
            loc = loc[:-1]
        return self.positions.get(loc, (1, 1))

    def problem(self, loc: Path_, message: str, key: bool = False) -> Problem:
        line, column = self.position(loc, key)
        return Problem(str(self.path), line, column, format_loc(loc), message)


def format_loc(loc: Path_) -> str:
    """``('weapons', 0, 'id')`` → ``weapons[0].id``."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out


def read_yaml(path: Path) -> SourceFile:
    """Read ``path`` as a YAML document of plain data.

    Raises ContentError when nothing usable can be read (syntax, encoding,
    size, empty file, alias bomb); lesser problems (a duplicate key, a
    refused tag) are returned in ``SourceFile.problems`` so validation of
    the rest of the file goes on.
    """
    path = Path(path)
    text = _read_text(path)
    node = _compose(path, text)
    if node is None:
        raise ContentError([Problem(str(path), 1, 1, "", "file is empty: expected a mapping of fields")])
    builder = _Builder(path)
    data = builder.build(node, ())
    if builder.fatal:
        raise ContentError(builder.problems[:1])
    return SourceFile(path, data, builder.positions, builder.key_positions, tuple(builder.problems))


# libyaml's parser when PyYAML has it (5× faster); both keep line and column.
SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _single_node(loader_class, text: str) -> yaml.Node | None:
    loader = loader_class(text)
    try:
        return loader.get_single_node()
    finally:
        loader.dispose()


def _compose(path: Path, text: str) -> yaml.Node | None:
    """Parse ``text`` into a node tree (nothing is constructed yet)."""
    if SAFE_LOADER is not yaml.SafeLoader:
        try:
            return _single_node(SAFE_LOADER, text)
        except yaml.YAMLError:
            pass                    # parse again below for PyYAML's clearer message
    try:
        return _single_node(yaml.SafeLoader, text)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        raise ContentError([Problem(str(path), line, col, "", f"invalid YAML: {exc.problem or exc}")])
    except yaml.reader.ReaderError as exc:
        before = text[: exc.position]
        line, col = before.count("\n") + 1, exc.position - (before.rfind("\n") + 1) + 1
        raise ContentError([Problem(str(path), line, col, "", f"invalid YAML: character U+{exc.character:04X} "
                                    "is not allowed in YAML")])
    except yaml.YAMLError as exc:
        raise ContentError([Problem(str(path), 1, 1, "", f"invalid YAML: {exc}")])


def _read_text(path: Path) -> str:
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise ContentError([Problem(str(path), 0, 0, "", f"cannot read file: {exc.strerror}")])
    if size > MAX_FILE_BYTES:
        raise ContentError([Problem(str(path), 1, 1, "", f"file is {size / 1048576:.1f} MiB; "
                                    f"content files are limited to {MAX_FILE_BYTES // 1048576} MiB")])
    raw = path.read_bytes()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = raw[: exc.start]
        line = before.count(b"\n") + 1
        col = exc.start - (before.rfind(b"\n") + 1) + 1
        raise ContentError([Problem(str(path), line, col, "",
                                    f"file is not UTF-8 text (byte 0x{raw[exc.start]:02x}); save it as UTF-8")])
    return text.removeprefix("\ufeff")


class _Builder:
    """Turn a composed YAML node tree into plain Python data, recording positions."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.positions: dict[Path_, tuple[int, int]] = {}
        self.key_positions: dict[Path_, tuple[int, int]] = {}
        self.problems: list[Problem] = []
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
            reason = (f"an alias refers to itself" if id(node) in self.open else
                      f"document expands to more than {MAX_NODES} values or {MAX_DEPTH} levels "
                      "(an alias bomb?)")
            self.problems.insert(0, self._problem(node, (), f"{reason}; refused"))
            return None
        self.positions[loc] = (node.start_mark.line + 1, node.start_mark.column + 1)
        if isinstance(node, yaml.ScalarNode):
            return self._scalar(node, loc)
        self.open.add(id(node))
        try:
            if isinstance(node, yaml.MappingNode):
                return self._mapping(node, loc)
            if node.tag != "tag:yaml.org,2002:seq":
                return self._refuse_tag(node, loc)
            return [self.build(item, loc + (i,)) for i, item in enumerate(node.value)]
        finally:
            self.open.discard(id(node))

    def _scalar(self, node: yaml.ScalarNode, loc: Path_) -> Any:
        if node.tag not in _PLAIN_TAGS:
            return self._refuse_tag(node, loc)
        if node.tag == "tag:yaml.org,2002:timestamp":
            return node.value
        return self.constructor.construct_object(node)

    def _mapping(self, node: yaml.MappingNode, loc: Path_) -> dict:
        if node.tag != "tag:yaml.org,2002:map":
            return self._refuse_tag(node, loc)
        explicit = {id(key) for key, _ in node.value}
        try:
            self.constructor.flatten_mapping(node)
        except yaml.MarkedYAMLError as exc:
            self.problems.append(self._problem(node, loc, f"invalid merge key: {exc.problem}"))
            return {}
        result: dict = {}
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
            self.key_positions[here] = (key_node.start_mark.line + 1, key_node.start_mark.column + 1)
            result[key] = self.build(value_node, here)
        return result

    def _refuse_tag(self, node: yaml.Node, loc: Path_) -> None:
        """A non-plain tag (``!!python/object`` ...) is never constructed; the file is refused."""
        tag = node.tag.replace("tag:yaml.org,2002:", "!!")
        self.problems.insert(0, self._problem(node, loc, f"YAML tag '{tag}' is not allowed: "
                                              "content holds plain data only"))
        self.fatal = True

    def _problem(self, node: yaml.Node, loc: Path_, message: str) -> Problem:
        return Problem(str(self.path), node.start_mark.line + 1, node.start_mark.column + 1,
                       format_loc(loc), message)
