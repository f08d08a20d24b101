"""Damaged fonts in a project's font folder (issue 40, finding 4): cardgen's own DejaVu Sans Mono broken
in fifteen ways (tests/fontdamage.py).  Each is one warning at its path and never a traceback: a file
fontTools cannot open is not a font; one whose tables it cannot decompile is a damaged font, not used,
its family falling back; one whose outlines break synthesis gets no made faces and prints in its own."""

from __future__ import annotations

import shutil

import pytest

from cardgen.commands.main import main
from cardgen.fonts.lookup import find_fonts
from cardgen.fonts.synth import synthesise_faces
from fontdamage import DAMAGES, SOURCE, damaged

FAMILY = "DejaVu Sans Mono"
UNREADABLE = "font not used: not a font file fontTools can read ("
FALLS_BACK = f"its family {FAMILY} falls back to the next font of the stylesheet's font-family"
IN_SYNTHESIS = f"no bold or italic face synthesised for {FAMILY}: damaged font ("
FOUND = {                                   # what finds the damage: opening, a table, or synthesis
    "cut in half": UNREADABLE, "bad magic": UNREADABLE, "table count too large": UNREADABLE,
    "name bytes flipped": UNREADABLE,
    "glyf offset past the end": "glyf", "loca length cut": "loca", "hmtx length 0": "hmtx",
    "head zeroed": "glyf", "maxp zeroed": "hmtx", "hhea zeroed": "hmtx", "post zeroed": "post",
    "loca bytes flipped": "glyf", "cmap bytes flipped": "cmap",
    "glyf bytes flipped": IN_SYNTHESIS, "head bytes flipped": IN_SYNTHESIS,
}


def test_every_damage_is_named():
    assert sorted(FOUND) == sorted(DAMAGES) and len(DAMAGES) >= 10


@pytest.mark.parametrize("name", sorted(DAMAGES))
def test_a_damaged_font_is_one_warning_at_its_path(name, tmp_path, caplog):
    path = tmp_path / "Fonts" / "Mono.ttf"
    path.parent.mkdir()
    path.write_bytes(damaged(name))
    faces, found = find_fonts([path.parent], [tmp_path])
    made, _, notes, synthesised = synthesise_faces(faces, [tmp_path], tmp_path / "cache")
    problems = found + synthesised
    assert [(p.file, p.severity) for p in problems] == [(str(path), "warning")]
    message, expected = problems[0].message, FOUND[name]
    if expected in (UNREADABLE, IN_SYNTHESIS):
        assert message.startswith(expected) and len(faces) == (expected == IN_SYNTHESIS)
    else:
        assert message.startswith(f"damaged font (table '{expected}': ") and message.endswith(FALLS_BACK)
        assert faces == []                                  # not used: the family falls back
    assert (made, notes) == ([], [])
    assert not [r for r in caplog.records if r.name.startswith("fontTools")]     # said once, by cardgen


def test_a_damaged_face_leaves_its_family_to_the_other_faces(tmp_path):
    fonts = tmp_path / "Fonts"
    fonts.mkdir()
    shutil.copy(SOURCE, fonts / "Mono.ttf")
    (fonts / "Mono-Kaputt.ttf").write_bytes(damaged("hmtx length 0"))
    faces, problems = find_fonts([fonts], [tmp_path])
    assert [face.path.name for face in faces] == ["Mono.ttf"]
    assert [p.message for p in problems] == [
        "damaged font (table 'hmtx': TTLibError: not enough 'hmtx' table data: expected 6762 bytes, got 0); "
        f"its family {FAMILY} falls back to its other faces"]


@pytest.mark.pdf
def test_cardgen_rulebook_with_a_damaged_font_warns_and_writes_the_book(tmp_path, monkeypatch, capsys):
    (tmp_path / "cardgen.toml").write_text("", encoding="utf-8")
    (tmp_path / "Fonts").mkdir()
    (tmp_path / "Fonts" / "Mono.ttf").write_bytes(damaged("glyf bytes flipped"))
    (tmp_path / "theme").mkdir()
    (tmp_path / "theme" / "rulebook.css").write_text(f'h2 {{ font-family: "{FAMILY}"; }}', encoding="utf-8")
    (tmp_path / "Regeln.md").write_text("# Regeln\n\nvorn\n\n## Bewegung\n\nText.\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code = main(["rulebook", "Regeln.md"])
    err = capsys.readouterr().err
    assert code == 0 and (tmp_path / "build" / "rulebooks" / "Regeln.pdf").is_file()
    assert [line for line in err.splitlines() if "Fonts/" in line] == [
        "Fonts/Mono.ttf: warning: no bold or italic face synthesised for DejaVu Sans Mono: damaged font "
        "(IndexError: index out of range, making its italic face); it prints in its own faces only"]
    assert "Traceback" not in err
