"""The export as a data repository players add by one link: the index, ``.bsi`` and ``.bsr``.

BattleScribe and New Recruit add data by the URL of a data index (``Add data index url``): a
``.bsi`` is a zip holding ``index.xml`` (the ``dataIndex``: one ``dataIndexEntry`` per file, its
``filePath`` relative to the index's own URL); a ``.bsr`` is a zip holding the index and every data
file (a whole release in one download).  This is the layout BSData's publish workflow gives every
repository on GitHub Releases: published to each release of a tag, the files keep one name from
release to release, so ``<repository>/releases/latest/download/Universalis.bsi`` always answers
with the newest release's index, and its relative paths with that release's files.

File names are release-asset names (GitHub renames any other character of an asset's name): a
faction id's umlauts are spelt out (``späher`` → ``spaeher.cat``), any other character becomes a dot.
The zips are deterministic: fixed member order and time stamps (the same export, the same bytes).
"""

from __future__ import annotations

import io
import re
import zipfile
from dataclasses import dataclass

from cardgen.errors import RenderError
from cardgen.export.bsformat import BATTLESCRIBE_VERSION, DATA_INDEX_NS, GAME_NAME, Document

INDEX_FILE = "index.xml"
INDEX_ARCHIVE = f"{GAME_NAME}.bsi"
REPOSITORY_ARCHIVE = f"{GAME_NAME}.bsr"
_ZIP_TIME = (1980, 1, 1, 0, 0, 0)           # the earliest a zip can say: no wall-clock time in outputs
_SPELT = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue"})
_NOT_ASSET = re.compile(r"[^A-Za-z0-9_-]+")


@dataclass(frozen=True)
class About:
    """Who publishes the data and where: the files' ``authorName``, ``authorContact``, ``authorUrl``
    and the index's ``indexUrl`` (``url`` + the ``.bsi``'s name); each None where not given."""

    author: str | None = None
    contact: str | None = None
    url: str | None = None              # the folder the files are downloaded from (ends in "/")

    def attributes(self) -> dict[str, str]:
        given = {"authorName": self.author, "authorContact": self.contact, "authorUrl": self.url}
        return {name: value for name, value in given.items() if value}


def asset_name(stem: str, suffix: str) -> str:
    """``stem`` + ``suffix`` as a GitHub release asset keeps it (umlauts spelt out, any other run of
    characters but letters, digits, ``-`` and ``_`` one dot)."""
    return _NOT_ASSET.sub(".", stem.translate(_SPELT)).strip(".") + suffix


def unique_names(names: dict[str, str]) -> dict[str, str]:
    """``names`` (content id → file name) unchanged if no two ids share a file name, else a RenderError."""
    seen: dict[str, str] = {}
    for key, name in names.items():
        if name.lower() in seen:
            raise RenderError(f"factions '{seen[name.lower()]}' and '{key}' would both be written as {name} "
                              "(a file name keeps letters, digits, '-' and '_'): give one of them another id")
        seen[name.lower()] = key
    return names


@dataclass(frozen=True)
class IndexEntry:
    path: str
    kind: str                   # gamesystem, catalogue
    id: str
    name: str


def data_index(entries: list[IndexEntry], revision: int, about: About) -> bytes:
    """``index.xml``: the data index of the files (``indexUrl`` where ``about.url`` is given)."""
    attributes = {"battleScribeVersion": BATTLESCRIBE_VERSION, "name": GAME_NAME}
    if about.url:
        attributes["indexUrl"] = about.url + INDEX_ARCHIVE
    doc = Document(DATA_INDEX_NS, "dataIndex", attributes)
    if about.url:
        doc.add(doc.add(doc.root, "repositoryUrls"), "repositoryUrl", text=about.url + INDEX_ARCHIVE)
    listed = doc.add(doc.root, "dataIndexEntries")
    for entry in entries:
        doc.add(listed, "dataIndexEntry", {"filePath": entry.path, "dataType": entry.kind, "dataId": entry.id,
                                           "dataName": entry.name, "dataBattleScribeVersion": BATTLESCRIBE_VERSION,
                                           "dataRevision": str(revision)})
    return doc.to_bytes()


def archive(members: dict[str, bytes]) -> bytes:
    """A zip of ``members`` in their order, deflated, with fixed time stamps."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in members.items():
            info = zipfile.ZipInfo(name, date_time=_ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, data)
    return buffer.getvalue()


def release_archives(files: dict[str, bytes]) -> dict[str, bytes]:
    """The ``.bsi`` (the index alone) and the ``.bsr`` (the index and every data file) of ``files``."""
    data = {name: body for name, body in files.items() if name != INDEX_FILE}
    return {INDEX_ARCHIVE: archive({INDEX_FILE: files[INDEX_FILE]}),
            REPOSITORY_ARCHIVE: archive({INDEX_FILE: files[INDEX_FILE], **data})}
