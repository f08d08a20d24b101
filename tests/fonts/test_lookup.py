"""The project's fonts (cardgen.fonts.lookup): family, weight and style read from each file, one @font-face
rule each, a file that is no font a warning naming it."""

from __future__ import annotations

import shutil

import pytest

from cardgen.fonts.lookup import FontFace, find_fonts, font_face_rules, read_face
from cardgen.paths import FONTS_DIR


@pytest.mark.parametrize("file, family, weight, style", [
    ("DejaVuSans.ttf", "DejaVu Sans", 400, "normal"),
    ("DejaVuSans-BoldOblique.ttf", "DejaVu Sans", 700, "italic"),
    ("DejaVuSansCondensed-Bold.ttf", "DejaVu Sans", 700, "normal"),   # the typographic family first
])
def test_read_face(file, family, weight, style):
    path = FONTS_DIR / file
    assert read_face(path, path.read_bytes()) == FontFace(path, family, weight, style)


def test_find_fonts_reads_the_fonts_and_warns_about_the_rest(tmp_path):
    fonts = tmp_path / "fonts"
    fonts.mkdir()
    shutil.copy(FONTS_DIR / "DejaVuSansMono.ttf", fonts / "Mono.ttf")
    (fonts / "kaputt.otf").write_bytes(b"no font")
    (fonts / "liesmich.txt").write_text("x", encoding="utf-8")
    faces, problems = find_fonts([fonts, tmp_path / "fehlt"], [tmp_path])
    assert faces == [FontFace(fonts / "Mono.ttf", "DejaVu Sans Mono")]
    assert [(p.file, p.severity) for p in problems] == [(str(fonts / "kaputt.otf"), "warning")]
    assert problems[0].message.startswith("font not used: not a font file fontTools can read (")


def test_a_rule_per_face_safe_inside_a_style_element(tmp_path):
    face = FontFace(tmp_path / "a.ttf", "Nova </style> Round", 700, "italic")
    assert font_face_rules([face, face]).splitlines() == [
        f'@font-face {{ font-family: "Nova \\3c /style> Round"; src: url("{(tmp_path / "a.ttf").as_uri()}"); '
        "font-weight: 700; font-style: italic; }"] * 2
