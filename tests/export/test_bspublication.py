"""The rulebook as the export's publication (issue 44.2): every unit entry cites the built rulebook and
the page its entry stands on -- checked against the example build's rulebook with another PDF reader
(pypdf) and the page's text -- and nothing is cited where no book was built."""

from __future__ import annotations

import shutil
import xml.etree.ElementTree as ET

import pytest
from pypdf import PdfReader

from cardgen.export.bsformat import CATALOGUE_NS, GAME_SYSTEM_NS, stable_id
from cardgen.export.bspublication import UnreadableBook, read_publication
from cardgen.stages import load_and_derive

pytestmark = pytest.mark.pdf          # reads the example build's rulebook
BOOK = "rulebooks/rulebook/Regeln.pdf"


@pytest.fixture(scope="module")
def exported(example_build, tmp_path_factory):
    """The example exported beside a copy of its built rulebook (the shared build stays as it is)."""
    out = tmp_path_factory.mktemp("export-out")
    shutil.copytree(example_build.out / "rulebooks", out / "rulebooks")
    return example_build.content, out


def export(cli, content, out, *extra):
    code, text, err = cli("export", "battlescribe", "--content", content, "--out", out, "--revision", "3", *extra)
    assert code == 0, err
    folder = out / "battlescribe"
    return {p.name: p.read_bytes() for p in folder.iterdir()}, err


def defined_on(reader: PdfReader, anchor: str) -> int:
    """The page (from 1) pypdf finds the named destination ``anchor`` on."""
    return reader.get_destination_page_number(reader.named_destinations[anchor]) + 1


def test_every_unit_cites_the_page_that_defines_it(cli, exported):
    content_dir, out = exported
    files, err = export(cli, content_dir, out)
    assert err == ""
    content, _ = load_and_derive(content_dir)
    reader = PdfReader(out / BOOK)
    system = ET.fromstring(files["Universalis.gst"])
    (book,) = system.findall(f"{{{GAME_SYSTEM_NS}}}publications/{{{GAME_SYSTEM_NS}}}publication")
    assert (book.get("name"), book.get("shortName")) == (reader.metadata.title, "Regeln")
    cited = {}
    for name in ("imperium.cat", "glutorden.cat"):
        for entry in ET.fromstring(files[name]).iter(f"{{{CATALOGUE_NS}}}selectionEntry"):
            if entry.get("type") == "model":
                cited[entry.get("id")] = (entry.get("publicationId"), entry.get("page"))
    assert len(cited) == len(content.units) == 18
    for unit in content.units.values():
        page = defined_on(reader, f"unit-{unit.id}")
        assert cited[stable_id("unit", unit.id)] == (book.get("id"), str(page)), unit.id
        assert unit.name in reader.pages[page - 1].extract_text(), unit.id
    pages = {int(page) for _, page in cited.values()}
    assert len(pages) > 1                   # the units' list runs over pages: each its own


def test_traits_and_powers_cite_their_entries(cli, exported):
    content_dir, out = exported
    files, _ = export(cli, content_dir, out)
    reader = PdfReader(out / BOOK)
    system = ET.fromstring(files["Universalis.gst"])
    content, _ = load_and_derive(content_dir)
    for kind, kinds in (("trait", "traits"), ("power", "powers")):
        for key in content.kind(kinds):
            entry = system.find(f".//{{{GAME_SYSTEM_NS}}}selectionEntry[@id='{stable_id(kind, key)}']")
            assert entry.get("page") == str(defined_on(reader, f"{kind}-{key}")), key


def test_the_version_is_in_the_publication_s_name(exported):
    content_dir, out = exported
    book = read_publication(out / BOOK, BOOK, "1.2")
    assert book.name.endswith(" (1.2)") and book.pages["unit-sturmtruppe"].isdigit()


def test_without_a_built_rulebook_no_page_is_cited(cli, exported, tmp_path):
    content_dir, _ = exported
    files, err = export(cli, content_dir, tmp_path / "out")
    assert "rulebook/Regeln.md is not built" in err and "run cardgen build first" in err
    assert b"publicationId" not in b"".join(files.values()) and b"<publications>" not in files["Universalis.gst"]


def test_a_unit_no_book_defines_is_named(cli, exported, tmp_path):
    """A unit added since the book was built: named in the warning, its entry without a page."""
    content_dir, out = exported
    content = tmp_path / "content"
    shutil.copytree(content_dir, content)
    text = (content / "units" / "sturmtruppe.yaml").read_text(encoding="utf-8")
    (content / "units" / "neu.yaml").write_text(
        text.replace("id: sturmtruppe", "id: neu").replace("name: Sturmtruppe", "name: Neue Truppe"), encoding="utf-8")
    files, err = export(cli, content, out)
    assert "1 unit(s) defined in no built rulebook" in err and err.rstrip().endswith(": Neue Truppe")
    entry = ET.fromstring(files["imperium.cat"]).find(f".//{{{CATALOGUE_NS}}}selectionEntry[@id='{stable_id('unit', 'neu')}']")
    assert entry.get("name") == "Neue Truppe" and entry.get("page") is None and entry.get("publicationId") is None


def test_a_damaged_book_is_unreadable(tmp_path):
    (tmp_path / "book.pdf").write_bytes(b"%PDF-1.7\nnot a pdf")
    with pytest.raises(UnreadableBook):
        read_publication(tmp_path / "book.pdf", "book.pdf", None)
