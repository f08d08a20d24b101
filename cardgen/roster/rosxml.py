"""A roster's XML as a plain :class:`Roster`: its game system, forces and nested selections, each with its line.

The roster format is BattleScribe's (namespace :data:`ROSTER_NS`), which New Recruit writes too: a
``roster`` holds ``forces/force`` (one catalogue each), a force ``selections/selection``, and a
selection its ``costs/cost`` (its own cost, not its children's) and the ``selections`` chosen
inside it.  A selection's ``entryId`` is the path of ids that led to its entry, joined by ``::``
(``<entryLink id>::<target id>``); the last id is the entry itself.  New Recruit nests forces in forces
(``force/forces/force``): they are read like the roster's own.  Costs are kept by their cost type's id
(``typeId``), as the game system defines it; which one is points is the game's business
(:mod:`cardgen.roster.rosgroup`), not a name's.

A selection's ``number`` outside 1–:data:`MAX_NUMBER` is read clamped, with a warning naming its line
(:attr:`Roster.warnings`): one odd count does not cost the player the whole roster.

Parsed with defusedxml and no DTD at all (a roster has none): a document type, an entity
declaration or an external reference is refused before anything is expanded, so neither a
"billion laughs" nor an external entity reaches the tree.  Structure is checked as it is read
(:class:`~cardgen.roster.rosfile.RosterError` with the line and column).

Only UTF-8 and UTF-16 are read (:func:`xml_encoding`), what BattleScribe and New Recruit save: expat
hands an encoding it does not know to Python's codecs, where a multi-byte one (Shift_JIS, GBK, UTF-7,
UTF-32 …) was a ValueError and ``idna`` or ``punycode`` a UnicodeError.  Numbers are ASCII digits
(``str.isdigit`` is true for '²' and '①', which ``int`` refuses; ``int`` and ``float`` read '١' as 1).
"""

from __future__ import annotations

import codecs
import math
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from defusedxml import DefusedXmlException  # type: ignore[import-untyped]
from defusedxml.ElementTree import DefusedXMLParser  # type: ignore[import-untyped]

from cardgen.errors import Problem, shortened
from cardgen.roster.rosfile import RosterError

ROSTER_NS = "http://www.battlescribe.net/schema/rosterSchema"
MAX_DEPTH = 24              # selections inside selections: a model, its drone group, the drone, its kit
MAX_SELECTIONS = 5_000      # in all: a roster of some hundred models with their kit
ENCODINGS = ("utf-8", "utf8", "utf-16", "utf-16le", "utf-16be")     # declared names read (any case, '_' or '-')
READ_IN = "a roster is read in UTF-8 or UTF-16, as BattleScribe and New Recruit save it"
_DECLARATION = re.compile(r"\ufeff?<\?xml[ \t\r\n](.*?)\?>", re.DOTALL)
_DECLARED = re.compile(r"encoding[ \t\r\n]*=[ \t\r\n]*([\"'])(.*?)\1", re.DOTALL)
MAX_NUMBER = 100            # models in one selection; a group holds a handful (vocabulary.MAX_GROUP_MODELS)
_NUMBER = re.compile(r"(-?)0*([0-9]+)")                             # ASCII digits, what BattleScribe writes
_COST = re.compile(r"[-+]?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?")   # as BattleScribe writes a double


@dataclass(frozen=True)
class Selection:
    """One chosen entry: a unit, a loadout, the leader's mark, a carried item …"""

    entry_id: str               # the path of ids (``link::target``)
    group_id: str               # entryGroupId: the path of the option group it was chosen in, "" if none
    name: str                   # the entry's name when the roster was saved
    custom_name: str | None     # the name the player gave it
    type: str                   # model, unit, upgrade
    number: int
    costs: tuple[tuple[str, float], ...]    # its own costs (not its children's): (cost type id, value)
    children: tuple[Selection, ...]
    line: int
    column: int

    def cost(self, type_id: str) -> float | None:
        """Its own cost of the cost type ``type_id`` (None: the roster gives none)."""
        return next((value for key, value in self.costs if key == type_id), None)

    @property
    def target(self) -> str:
        """The id of the entry itself (the last of the path)."""
        return self.entry_id.rpartition("::")[2]

    @property
    def group_target(self) -> str:
        return self.group_id.rpartition("::")[2]


@dataclass(frozen=True)
class Force:
    name: str
    catalogue_id: str
    catalogue_name: str
    selections: tuple[Selection, ...]
    line: int
    column: int
    forces: tuple[Force, ...] = ()      # forces nested in it (New Recruit)


@dataclass(frozen=True)
class Roster:
    file: str                   # as given, for messages
    name: str
    game_system_id: str
    game_system_name: str
    forces: tuple[Force, ...]
    warnings: tuple[str, ...] = ()      # one line each (file:line:col: warning: …), e.g. a count clamped


class _Positions(ET.TreeBuilder):
    """A tree builder that notes where each element starts (ElementTree keeps no lines)."""

    def __init__(self) -> None:
        super().__init__()
        self.where: dict[int, tuple[int, int]] = {}
        self.expat: Any = None

    def start(self, tag: str, attrs: dict[str, str]) -> ET.Element:
        element = super().start(tag, attrs)
        self.where[id(element)] = (self.expat.CurrentLineNumber, self.expat.CurrentColumnNumber + 1)
        return element


def parse_roster(file: Path | str, data: bytes) -> Roster:
    """The roster in ``data`` (the XML of ``file``); :class:`RosterError` for anything else."""
    builder = _Positions()
    parser = DefusedXMLParser(target=builder, encoding=xml_encoding(file, data), forbid_dtd=True,
                              forbid_entities=True, forbid_external=True)
    builder.expat = parser.parser
    try:
        parser.feed(data)
        root = parser.close()
    except ET.ParseError as exc:
        line, column = exc.position
        reason = str(exc).split(": line ")[0]
        raise RosterError(file, f"not a roster: malformed XML ({reason})", line, column + 1) from None
    except DefusedXmlException as exc:
        raise RosterError(file, f"refused: the XML declares {_declared(exc)}, which a roster never does "
                                "(an XML entity attack?)") from None
    return _Reader(file, builder.where).roster(root)


def xml_encoding(file: Path | str, data: bytes) -> str:
    """The encoding expat reads ``data`` in, ``UTF-8`` or ``UTF-16LE``/``BE`` by its first bytes;
    :class:`RosterError` if the XML declaration names another one, or the bytes are UTF-32.

    The parser is given this encoding, which overrides the declaration: expat never looks an encoding
    up in Python's codecs, whatever declaration this check might miss (one past the first 2,048
    bytes is read as UTF-8 or UTF-16, which expat checks itself)."""
    if data.startswith((b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff")):
        raise RosterError(file, f"not a roster: the XML is in UTF-32; {READ_IN}")
    encoding = ("UTF-16LE" if data.startswith((b"\xff\xfe", b"<\x00")) else
                "UTF-16BE" if data.startswith((b"\xfe\xff", b"\x00<")) else "UTF-8")
    declaration = _DECLARATION.match(data[:2048].decode(encoding, errors="replace"))
    declared = _DECLARED.search(declaration.group(1)) if declaration else None
    name = declared.group(2) if declared else ""
    if name and name.lower().replace("_", "-") not in ENCODINGS:
        try:
            codecs.lookup(name)
        except (LookupError, ValueError):           # ValueError: a NUL in the name
            raise RosterError(file, f"not a roster: unknown encoding: {shortened(name)}") from None
        raise RosterError(file, f"not a roster: the XML declares the encoding '{shortened(name)}'; {READ_IN}")
    return encoding


def _declared(exc: Exception) -> str:
    kind = type(exc).__name__
    return {"DTDForbidden": "a document type (<!DOCTYPE>)", "EntitiesForbidden": "an entity",
            "ExternalReferenceForbidden": "an external reference"}.get(kind, "a forbidden construct")


class _Reader:
    """Element tree → :class:`Roster`, checking the structure; ``where`` the elements' positions."""

    def __init__(self, file: Path | str, where: dict[int, tuple[int, int]]) -> None:
        self.file = file
        self.where = where
        self.count = 0
        self.warnings: list[str] = []

    def fail(self, element: ET.Element, reason: str) -> RosterError:
        return RosterError(self.file, reason, *self.where.get(id(element), (0, 0)))

    def attribute(self, element: ET.Element, name: str) -> str:
        value = element.get(name)
        if value is None:
            raise self.fail(element, f"not a roster: <{_local(element.tag)}> has no '{name}'")
        return value

    def children(self, element: ET.Element, holder: str, name: str) -> list[ET.Element]:
        found = element.find(_tag(holder))
        return [] if found is None else found.findall(_tag(name))

    def roster(self, root: ET.Element) -> Roster:
        if root.tag != _tag("roster"):
            raise self.fail(root, f"not a roster: the root element is <{_local(root.tag)}>"
                                  + ("" if _local(root.tag) != "roster" else f" outside the namespace {ROSTER_NS}")
                                  + "; BattleScribe and New Recruit save <roster xmlns=\"" + ROSTER_NS + "\">")
        forces = tuple(self.force(f, 1) for f in self.children(root, "forces", "force"))
        return Roster(str(self.file), root.get("name", ""), self.attribute(root, "gameSystemId"),
                      root.get("gameSystemName", ""), forces, tuple(self.warnings))

    def force(self, element: ET.Element, depth: int) -> Force:
        self.count += 1
        if depth > MAX_DEPTH or self.count > MAX_SELECTIONS:
            raise self.fail(element, f"refused: forces more than {MAX_DEPTH} deep or more than {MAX_SELECTIONS} "
                                     "forces and selections in all (no roster of this game needs that many)")
        selections = tuple(self.selection(s, depth) for s in self.children(element, "selections", "selection"))
        nested = tuple(self.force(f, depth + 1) for f in self.children(element, "forces", "force"))
        line, column = self.where.get(id(element), (0, 0))
        return Force(element.get("name", ""), self.attribute(element, "catalogueId"),
                     element.get("catalogueName", ""), selections, line, column, nested)

    def selection(self, element: ET.Element, depth: int) -> Selection:
        self.count += 1
        if depth > MAX_DEPTH or self.count > MAX_SELECTIONS:
            raise self.fail(element, f"refused: more than {MAX_DEPTH} selections deep or {MAX_SELECTIONS} "
                                     "in all (no roster of this game needs that many)")
        number = self.number(element)
        children = tuple(self.selection(s, depth + 1) for s in self.children(element, "selections", "selection"))
        line, column = self.where.get(id(element), (0, 0))
        return Selection(self.attribute(element, "entryId"), element.get("entryGroupId", ""),
                         self.attribute(element, "name"), element.get("customName"), element.get("type", ""),
                         number, self.costs(element), children, line, column)

    def number(self, element: ET.Element) -> int:
        """The selection's count, clamped to 1–:data:`MAX_NUMBER` with a warning; a count that is no whole
        number at all is no roster."""
        number = self.attribute(element, "number")
        digits = _NUMBER.fullmatch(number)
        if digits is None:
            raise self.fail(element, f"not a roster: number=\"{shortened(number)}\" (a whole number 1–{MAX_NUMBER})")
        sign, value = digits.groups()
        count = -1 if sign == "-" else int(value) if len(value) <= 4 else 10_000
        clamped = min(max(count, 1), MAX_NUMBER)
        if clamped != count:
            line, column = self.where.get(id(element), (0, 0))
            self.warnings.append(Problem(str(self.file), line, column, "", f"'{shortened(element.get('name', ''))}'"
                                         f" has number=\"{shortened(number)}\", outside 1–{MAX_NUMBER}: read as "
                                         f"{clamped}", "warning").format())
        return clamped

    def costs(self, element: ET.Element) -> tuple[tuple[str, float], ...]:
        costs = []
        for cost in self.children(element, "costs", "cost"):
            text = self.attribute(cost, "value")
            value = float(text) if _COST.fullmatch(text) else math.nan
            if not math.isfinite(value):
                raise self.fail(cost, f"not a roster: the cost value \"{shortened(text)}\" is no number")
            costs.append((cost.get("typeId", ""), value))
        return tuple(costs)


def _tag(name: str) -> str:
    return f"{{{ROSTER_NS}}}{name}"


def _local(tag: str) -> str:
    return tag.rpartition("}")[2]
