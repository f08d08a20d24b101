"""Picture references: the real file below the allowed folders, or why there is none, with a hint."""

from __future__ import annotations

from cardgen.content.pictures import Found, find_picture, fold, picture_file
from cardgen.content.schema import Picture


def test_picture_file_of_a_name_or_a_mapping():
    assert picture_file("a.svg") == "a.svg"
    assert picture_file(Picture(file="b.png", fit="contain")) == "b.png"


def test_fold_compares_names_case_and_normal_form_blind():
    assert fold("W12_Weiß.PNG") == fold("w12_weiss.png") == "w12_weiss.png"


def test_a_picture_below_the_content_folder_is_found(tmp_path):
    (tmp_path / "images").mkdir()
    (tmp_path / "images" / "a.png").write_bytes(b"")
    assert find_picture("images/a.png", tmp_path) == Found((tmp_path / "images" / "a.png").resolve())


def test_a_url_an_absolute_path_and_a_wrong_suffix_are_no_picture_names(tmp_path):
    assert find_picture("https://x.org/a.png", tmp_path).reason == (
        "'https://x.org/a.png' is not a file name; name a picture below the content folder "
        "(no URL, no absolute path)")
    assert find_picture("/etc/a.png", tmp_path).path is None
    assert find_picture("a.gif", tmp_path).reason == "'a.gif' is not a PNG, JPEG, WebP or SVG file (by its name)"


def test_a_missing_picture_says_where_it_looked(tmp_path):
    found = find_picture("fehlt.png", tmp_path)
    assert found.path is None and found.reason.startswith("no picture 'fehlt.png' below the content folder")


def test_a_misspelt_picture_gets_the_file_of_the_same_name_as_hint(tmp_path):
    (tmp_path / "images").mkdir()
    (tmp_path / "images" / "Sturm.png").write_bytes(b"")
    assert find_picture("bilder/sturm.png", tmp_path).reason == (
        "no picture 'bilder/sturm.png' below the content folder (did you mean 'images/Sturm.png'?)")
