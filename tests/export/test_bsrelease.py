"""The export as a data repository (issue 44.3): the index, the ``.bsi`` (the index zipped) and the
``.bsr`` (index and data files zipped) a player's app downloads from one link, with the author."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
import zipfile

import pytest

from cardgen.errors import RenderError
from cardgen.export.battlescribe import GAME_SYSTEM_FILE, About, export_battlescribe
from cardgen.export.bsformat import DATA_INDEX_NS, GAME_SYSTEM_NS
from cardgen.export.bsrelease import asset_name, unique_names
from cardgen.stages import load_and_derive
from conftest import EXAMPLE

URL = "https://github.com/owner/universalis/releases/latest/download/"


@pytest.fixture(scope="module")
def files():
    content, derived = load_and_derive(EXAMPLE)
    return export_battlescribe(content, derived, 1002000, about=About("Designer", "mail@example.org", URL))


def members(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        assert archive.testzip() is None
        return {info.filename: archive.read(info) for info in archive.infolist()}


def test_the_bsi_is_the_index_and_names_its_own_address(files):
    assert members(files["Universalis.bsi"]) == {"index.xml": files["index.xml"]}
    index = ET.fromstring(files["index.xml"])
    assert index.get("indexUrl") == URL + "Universalis.bsi"
    assert [u.text for u in index.iter(f"{{{DATA_INDEX_NS}}}repositoryUrl")] == [URL + "Universalis.bsi"]
    paths = [e.get("filePath") for e in index.iter(f"{{{DATA_INDEX_NS}}}dataIndexEntry")]
    assert paths == [GAME_SYSTEM_FILE, "glutorden.cat", "imperium.cat"]     # beside the .bsi: relative


def test_the_bsr_holds_every_file_the_index_names(files):
    inside = members(files["Universalis.bsr"])
    assert inside == {name: files[name] for name in ("index.xml", GAME_SYSTEM_FILE, "glutorden.cat", "imperium.cat")}


def test_the_files_name_the_author_and_have_a_readme(files):
    system = ET.fromstring(files[GAME_SYSTEM_FILE])
    assert (system.get("authorName"), system.get("authorContact"), system.get("authorUrl")) == \
        ("Designer", "mail@example.org", URL)
    readme = system.find(f"{{{GAME_SYSTEM_NS}}}readme").text
    assert "Revision 1002000" in readme and "Kontakt: mail@example.org" in readme
    assert all(b'authorName="Designer"' in files[name] for name in ("glutorden.cat", "imperium.cat"))


def test_the_archives_are_the_same_bytes_each_time(files):
    content, derived = load_and_derive(EXAMPLE)
    again = export_battlescribe(content, derived, 1002000, about=About("Designer", "mail@example.org", URL))
    assert again["Universalis.bsi"] == files["Universalis.bsi"] and again["Universalis.bsr"] == files["Universalis.bsr"]


@pytest.mark.parametrize(("stem", "name"), [("imperium", "imperium.cat"), ("späher", "spaeher.cat"),
                                            ("groß-orden", "gross-orden.cat"), ("a_b", "a_b.cat")])
def test_a_file_is_named_as_a_release_asset(stem, name):
    assert asset_name(stem, ".cat") == name


def test_two_factions_of_one_file_name_are_refused():
    with pytest.raises(RenderError, match=r"factions 'spaeher' and 'späher' would both be written as spaeher\.cat"):
        unique_names({"spaeher": "spaeher.cat", "späher": "spaeher.cat"})
