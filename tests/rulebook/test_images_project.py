"""Pictures in the designer's own repository: the project root is an allowed root, cardgen's icon set
stands in only for names the project has nowhere, and nothing is ever substituted silently (issue 10).

Every test builds a small repository in ``tmp_path`` laid out like the designer's::

    repo/Grafiken/logo.svg                      the logo, at the repository root
    repo/Regeln/Regelbuch.md                    the rulebook, naming it ../Grafiken/logo.svg
    repo/Regeln/Grafiken/Abbildungen/…          the rulebook's own pictures

and reads one document with :func:`read_document` (no PDF: fast).
"""

from __future__ import annotations

import os
import re
import unicodedata
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from cardgen.paths import ASSETS_DIR
from cardgen.rulebook.document import RulebookDocument, read_document
from cardgen.rulebook.images import FileIndex, ImageFolders, find_image

NFC_NAME = unicodedata.normalize("NFC", "rüstungsprofil.svg")      # (ß has no decomposed form; ü has)
NFD_NAME = unicodedata.normalize("NFD", NFC_NAME)


def put(path: Path, text: str = "<svg/>") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def repo(tmp_path) -> Path:
    repo = tmp_path / "repo"
    put(repo / "Grafiken" / "logo.svg", "<svg id='designer'/>")
    put(repo / "Regeln" / "Grafiken" / "Abbildungen" / "W12_weiß.svg")
    put(repo / "Regeln" / "Grafiken" / "Waffe" / "unhandlich.svg")
    return repo


def read(repo: Path, markdown: str, *, root: Path | None = None, assets: list[Path] | None = None,
         name: str = "Regeln/Regelbuch.md") -> RulebookDocument:
    source = put(repo / name, markdown)
    return read_document(source, markdown, assets or [], root=root)


def image_files(document: RulebookDocument) -> list[Path]:
    """The real file behind every image URL of the document's HTML, as the PDF fetcher maps it."""
    assert document.roots is not None
    found = []
    for url in re.findall(r'<img src="([^"]*)"', document.body_html):
        path = document.roots.path(unquote(urlsplit(url).path))
        assert path is not None, url
        found.append(path.resolve())
    return found


def messages(document: RulebookDocument) -> list[str]:
    return [p.message for p in document.problems]


# --- the designer's layout ----------------------------------------------------------------------

def test_with_a_project_root_the_logo_above_the_document_is_the_designers(repo):
    document = read(repo, "# Regeln\n\n![Logo](../Grafiken/logo.svg)\n", root=repo)
    assert messages(document) == []
    assert image_files(document) == [(repo / "Grafiken" / "logo.svg").resolve()]
    assert document.icon_set == []


def test_without_a_project_the_logo_above_is_refused_by_name_never_replaced_by_cardgens(repo):
    document = read(repo, "# Regeln\n\n![Logo](../Grafiken/logo.svg)\n")
    [problem] = document.problems
    assert problem.line == 3 and problem.severity == "warning"
    assert problem.message.startswith(f"image not found: ../Grafiken/logo.svg ({repo / 'Grafiken' / 'logo.svg'}: "
                                      "its real path lies outside the allowed folders; ")
    assert "cardgen.toml" in problem.message
    assert '<span class="missing-image">..' in document.body_html
    assert "<img" not in document.body_html           # not cardgen's logo instead
    assert document.icon_set == []


def test_the_documents_own_pictures_need_no_project(repo):
    document = read(repo, "![W12](Grafiken/Abbildungen/W12_weiß.svg)\n")
    assert messages(document) == []
    assert image_files(document) == [(repo / "Regeln" / "Grafiken" / "Abbildungen" / "W12_weiß.svg").resolve()]


# --- did you mean … ------------------------------------------------------------------------------

CASE_ONLY = "; printed from there, as Windows and macOS find it"


@pytest.mark.parametrize("root", [True, False])
def test_wrong_case_names_the_real_file_and_prints_it_as_windows_does(repo, root):
    """Issue 41, point 2: the file his machine opened is printed; the warning with its hint stays."""
    document = read(repo, "# R\n\n![W12](Grafiken/Abbildungen/w12_weiß.svg)\n", root=repo if root else None)
    assert messages(document) == ["image not found: Grafiken/Abbildungen/w12_weiß.svg "
                                  "(did you mean 'Grafiken/Abbildungen/W12_weiß.svg'?)" + CASE_ONLY]
    assert document.problems[0].line == 3 and document.problems[0].severity == "warning"
    assert image_files(document) == [(repo / "Regeln" / "Grafiken" / "Abbildungen" / "W12_weiß.svg").resolve()]
    assert "missing-image" not in document.body_html and document.icon_set == []


def test_a_folder_written_in_another_case_is_found_too(repo):
    document = read(repo, "![W12](grafiken/ABBILDUNGEN/w12_weiß.svg)\n", root=repo)
    assert messages(document) == ["image not found: grafiken/ABBILDUNGEN/w12_weiß.svg "
                                  "(did you mean 'Grafiken/Abbildungen/W12_weiß.svg'?)" + CASE_ONLY]
    assert image_files(document) == [(repo / "Regeln" / "Grafiken" / "Abbildungen" / "W12_weiß.svg").resolve()]


def test_two_files_differing_only_in_case_are_ambiguous_and_neither_is_printed(repo):
    put(repo / "Regeln" / "Grafiken" / "Abbildungen" / "w12_Weiß.svg")
    document = read(repo, "![W12](Grafiken/Abbildungen/w12_weiß.svg)\n", root=repo)
    assert messages(document) == ["image not found: Grafiken/Abbildungen/w12_weiß.svg (2 files differ from it "
                                  "only in case: 'Grafiken/Abbildungen/W12_weiß.svg', "
                                  "'Grafiken/Abbildungen/w12_Weiß.svg'; none is used, rename all but one)"]
    assert "<img" not in document.body_html


@pytest.mark.parametrize("written", ["Grafiken/Abbildungen/w12_weiss.svg", "Grafiken/W12_weiß.svg",
                                     "Grafiken/Abbildungen/W12_weiß.png"])
def test_more_than_case_apart_is_a_hint_only(repo, written):
    """ß written ss, another folder, another type: no machine opens these; a hint, no picture."""
    document = read(repo, f"![W12]({written})\n", root=repo)
    [message] = messages(document)
    assert "(did you mean '" in message and CASE_ONLY not in message
    assert "<img" not in document.body_html


@pytest.mark.parametrize("on_disk,typed", [(NFC_NAME, NFD_NAME), (NFD_NAME, NFC_NAME)])
def test_another_unicode_normalisation_names_the_real_file(tmp_path, on_disk, typed):
    assert on_disk != typed
    put(tmp_path / "Regeln" / "Bilder" / on_disk)
    document = read(tmp_path, f"![Profil](Bilder/{typed})\n", root=tmp_path)
    form = "NFD" if on_disk == NFD_NAME else "NFC"
    assert messages(document) == [f"image not found: Bilder/{typed} (did you mean 'Bilder/{on_disk}'? its name "
                                  f"is written in Unicode {form}, composed differently from the reference)"]
    assert document.icon_set == []


def test_a_png_asked_for_with_only_the_projects_svg_is_a_hint_not_a_substitution(repo):
    document = read(repo, "![u](Grafiken/Waffe/unhandlich.png)\n", root=repo)
    assert messages(document) == ["image not found: Grafiken/Waffe/unhandlich.png "
                                  "(did you mean 'Grafiken/Waffe/unhandlich.svg'?)"]
    assert "<img" not in document.body_html
    assert document.icon_set == []                    # cardgen has unhandlich.svg too: not used


def test_the_same_name_elsewhere_in_the_project_is_a_hint_not_cardgens_icon(repo):
    put(repo / "Bilder" / "Marker" / "brennen.svg")
    put(repo / "Bilder" / "Alt" / "brennen.svg")
    document = read(repo, "![b](Grafiken/Marker/brennen.svg)\n", root=repo)
    assert messages(document) == ["image not found: Grafiken/Marker/brennen.svg "
                                  "(did you mean '../Bilder/Marker/brennen.svg'?)"]
    assert document.icon_set == []


def test_without_a_project_only_the_documents_folder_and_assets_are_searched(repo):
    """A file elsewhere in the repository neither blocks cardgen's icon nor is suggested."""
    put(repo / "Bilder" / "Marker" / "brennen.svg")
    document = read(repo, "![b](Grafiken/Marker/brennen.svg)\n")
    assert messages(document) == []
    assert document.icon_set == ["Grafiken/Marker/brennen.svg"]


def test_a_hint_in_an_asset_folder_is_written_relative_to_the_document(repo):
    put(repo / "Bilder" / "Marker" / "Brennen.svg")
    document = read(repo, "![b](Marker/brennen.svg)\n", assets=[repo / "Bilder"])
    assert messages(document) == ["image not found: Marker/brennen.svg (did you mean '../Bilder/Marker/Brennen.svg'?)"
                                  + CASE_ONLY]          # in an asset folder too, the case-only file is printed
    assert image_files(document) == [(repo / "Bilder" / "Marker" / "Brennen.svg").resolve()]


# --- cardgen's icon set ----------------------------------------------------------------------------

def test_an_icon_the_project_does_not_have_comes_from_cardgen_and_is_listed_once(repo):
    document = read(repo, "![a](Grafiken/Marker/brennen.svg) ![b](Grafiken/Marker/brennen.svg)\n"
                          "![c](Grafiken/Waffe/dauerfeuer_1.png)\n", root=repo)
    assert messages(document) == []
    own = ASSETS_DIR.resolve() / "Grafiken"
    assert image_files(document) == [own / "Marker" / "brennen.svg"] * 2 + [own / "Waffe" / "dauerfeuer_1.svg"]
    assert document.icon_set == ["Grafiken/Marker/brennen.svg", "Grafiken/Waffe/dauerfeuer_1.png"]


def test_cardgens_assets_given_as_an_asset_folder_still_count_as_its_icon_set(repo):
    document = read(repo, "![b](Grafiken/Marker/brennen.svg)\n", assets=[ASSETS_DIR])
    assert messages(document) == [] and document.icon_set == ["Grafiken/Marker/brennen.svg"]
    put(repo / "Bilder" / "brennen.svg")
    document = read(repo, "![b](Grafiken/Marker/brennen.svg)\n", assets=[ASSETS_DIR], root=repo)
    assert messages(document) == ["image not found: Grafiken/Marker/brennen.svg (did you mean '../Bilder/brennen.svg'?)"]
    assert document.icon_set == []


def test_skipped_folders_do_not_keep_cardgens_icon_away(repo):
    for folder in (".git", "build", "node_modules", ".venv", ".cache"):
        put(repo / folder / "brennen.svg")
    document = read(repo, "![b](Grafiken/Marker/brennen.svg)\n", root=repo)
    assert messages(document) == [] and document.icon_set == ["Grafiken/Marker/brennen.svg"]


def test_a_missing_picture_neither_the_project_nor_cardgen_has_is_just_missing(repo):
    document = read(repo, "![x](Grafiken/Marker/fehlt.svg)\n", root=repo)
    assert messages(document) == ["image not found: Grafiken/Marker/fehlt.svg"]
    assert document.icon_set == []


# --- refused files -------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["brennen.svg", "Brennen.svg"])
def test_a_symlink_out_of_the_root_is_refused_with_its_reason(repo, tmp_path, name):
    """Also when the link is found by a name that differs only in case (issue 41, point 2): the file
    found so passes the same checks as one found by its exact name."""
    secret = put(tmp_path / "draussen" / "brennen.svg", "<svg id='secret'/>")
    link = repo / "Regeln" / "Grafiken" / "Marker" / name
    link.parent.mkdir(parents=True)
    link.symlink_to(secret)
    document = read(repo, "![b](Grafiken/Marker/brennen.svg)\n", root=repo)
    assert messages(document) == [f"image not found: Grafiken/Marker/brennen.svg ({link}: "
                                  "its real path lies outside the allowed folders)"]
    assert "<img" not in document.body_html and document.icon_set == []


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_and_a_folder_are_refused_not_replaced(repo):
    os.mkfifo(repo / "Regeln" / "logo.svg")
    (repo / "Regeln" / "panik.svg").mkdir()
    document = read(repo, "![l](logo.svg)\n\n![p](panik.svg)\n", root=repo)
    folder = repo / "Regeln"
    assert messages(document) == [
        f"image not found: logo.svg ({folder / 'logo.svg'}: a FIFO, not a regular file)",
        f"image not found: panik.svg ({folder / 'panik.svg'}: a folder, not a regular file)"]
    assert document.icon_set == []


@pytest.mark.parametrize("src", ["/etc/passwd", "http://example.org/logo.svg", "file:///etc/hostname"])
def test_urls_and_absolute_paths_are_never_looked_up(repo, src):
    document = read(repo, f"![x]({src})\n", root=repo)
    assert messages(document) == [f"image not found: {src}"] and document.icon_set == []


# --- the index ---------------------------------------------------------------------------------------

def test_the_index_stops_at_its_cap_and_says_so(tmp_path):
    for number in range(5):
        put(tmp_path / f"{number}.svg")
    assert FileIndex.build([tmp_path], limit=3).truncated
    full = FileIndex.build([tmp_path], limit=5)
    assert not full.truncated and full.named("4.SVG") == [tmp_path / "4.svg"]


def test_a_cut_index_is_one_warning(repo, monkeypatch):
    monkeypatch.setattr(FileIndex, "build", classmethod(lambda cls, folders, limit=0: cls({}, truncated=True)))
    document = read(repo, "![a](Grafiken/Marker/brennen.svg)\n\n![b](Grafiken/Marker/panik.svg)\n", root=repo)
    [problem] = document.problems
    assert problem.line == 1 and problem.message.startswith("looked at only the first 50000 files")


def test_the_index_is_built_once_and_only_when_needed(repo, monkeypatch):
    folders = ImageFolders(repo / "Regeln", (), repo)
    assert find_image("../Grafiken/logo.svg", folders).path is not None
    assert folders._index is None                                  # found: no walk
    find_image("Grafiken/Marker/brennen.svg", folders)
    index = folders._index
    find_image("Grafiken/Marker/panik.svg", folders)
    assert index is not None and folders._index is index
