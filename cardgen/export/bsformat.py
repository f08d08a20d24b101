"""The BattleScribe data format's frame: namespaces, stable ids, the revision number, XML writing.

The format is BattleScribe 2.03's, as the BSData organisation's schema describes it
(``Catalogue.xsd``; one schema for game systems and catalogues, each in its own namespace).  Ids are
UUID5s of ``universalis:<kind>:<content id>``, never counters: a saved roster names the entries it
took by id, so an id must stay the same across releases as long as the content id does.
"""

from __future__ import annotations

import re
import uuid
import xml.etree.ElementTree as ET

from cardgen.errors import RenderError

GAME_SYSTEM_NS = "http://www.battlescribe.net/schema/gameSystemSchema"
CATALOGUE_NS = "http://www.battlescribe.net/schema/catalogueSchema"
DATA_INDEX_NS = "http://www.battlescribe.net/schema/dataIndexSchema"
BATTLESCRIBE_VERSION = "2.03"
GAME = "universalis"
GAME_NAME = "Universalis"

_VERSION_NUMBERS = re.compile(r"v?([0-9]{1,6})(?:[.\-]([0-9]{1,3}))?(?:[.\-]([0-9]{1,3}))?")
MAX_REVISION = 2**31 - 1            # BattleScribe reads the revision as a 32-bit integer


def stable_id(kind: str, *key: str) -> str:
    """The id of one thing in the files: a UUID5 of ``universalis:<kind>:<key>…`` (the same for the
    same content id in every release)."""
    return str(uuid.uuid5(uuid.NAMESPACE_URL, ":".join((GAME, kind, *key))))


def revision_of(version: str | None) -> int | None:
    """The data revision of a content version: ``1.2.3`` → 1002003 (major × 1,000,000 + minor ×
    1,000 + patch; ``2024-03`` → 2024003000), so a later version gives a larger number as the format
    asks; None for a version without leading numbers (``beta``) or one too large."""
    match = _VERSION_NUMBERS.match(version or "")
    if match is None:
        return None
    major, minor, patch = (int(group or 0) for group in match.groups())
    number = major * 1_000_000 + minor * 1_000 + patch
    return number if 0 < number <= MAX_REVISION else None


class Document:
    """One XML file of the format: elements in one default namespace, attributes in the order given.

    The tree holds plain names and the root declares the namespace (``xmlns``): ElementTree's own
    ``default_namespace`` refuses plain attribute names, which every attribute of the format is."""

    def __init__(self, namespace: str, root: str, attributes: dict[str, str]) -> None:
        self.namespace = namespace
        self.root = ET.Element(root, {**attributes, "xmlns": namespace})

    def tag(self, name: str) -> str:
        return name

    def add(self, parent: ET.Element, name: str, attributes: dict[str, str] | None = None,
            text: str | None = None) -> ET.Element:
        """A new child ``name`` of ``parent`` (the schema fixes the children's order: add them in it)."""
        element = ET.SubElement(parent, self.tag(name), attributes or {})
        if text is not None:
            element.text = text
        return element

    def list_of(self, parent: ET.Element, name: str) -> ET.Element:
        """The container ``name`` of ``parent`` (``profiles``, ``costs`` …), made on first use."""
        found = parent.find(self.tag(name))
        return found if found is not None else self.add(parent, name)

    def to_bytes(self) -> bytes:
        """The file: UTF-8, an XML declaration, two-space indentation; the same bytes for the same tree."""
        ET.indent(self.root, space="  ")
        return ET.tostring(self.root, encoding="utf-8", xml_declaration=True) + b"\n"


def check_well_formed(files: dict[str, bytes]) -> dict[str, bytes]:
    """``files`` unchanged once each has been read back by the XML parser, else a :class:`RenderError`
    naming the file and the place -- before anything is written.

    The last line of defence: ElementTree writes a control character (U+0007) or a noncharacter
    (U+FFFE) raw, and such a file is no XML document -- BattleScribe, New Recruit and the data
    repository refuse it.  Validation refuses those characters in every text field
    (:mod:`cardgen.printable`); a field that ever slips past it stops the export here instead of
    being published."""
    for name, data in files.items():
        try:
            ET.fromstring(data)
        except ET.ParseError as exc:
            raise RenderError(f"{name}: the export would not be well-formed XML ({exc}): a value holds a "
                              "character no XML file may hold; nothing written") from None
    return files

