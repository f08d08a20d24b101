"""Issue 42.5: one card that cannot fit never stops the rest of ``cardgen build``.

A copy of the example build (content and output folder, its cache too) is broken three ways at once --
a 73-character name, twelve weapons, a 780-character trait -- and built again: the build exits 1
naming each unit, side and content field to shorten, writes every output that does not show those
cards, and leaves the ones that do (``cards.pdf``, the group sheet of the trait's unit) byte for byte
as the good build wrote them.  The small project then shows a rulebook that figures a broken card kept
as it was, and the next build after the fix making every output again.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml

from conftest import ExampleBuild

pytestmark = pytest.mark.pdf          # renders PDFs (make test-fast leaves it out)

LONG_NAME = "Aschenoger der Unaufhaltsame vom Glutorden aus den Tiefen der Basaltberge"
TWELVE = ["vorschlaghammer", "arbalest", "kampfmesser", "pistole", "giftdolch", "wurfspeer", "wurfsterne",
          "ordensklinge", "kettensäge", "felsbrocken", "glutschleuder", "entwurzelter_baum"]
SENTENCE = ("Das Modell darf einmal pro Runde einen Schock ignorieren, solange es nicht im kritischen Zustand ist "
            "und kein Gegner in Nahkampfreichweite steht. ")
LONG_TRAIT = (SENTENCE * 8)[:779].rstrip() + "."


def edit(path: Path, **fields) -> None:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    data.update(fields)
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")


def break_three(content: Path) -> None:
    """The three misfits of issue 42: a name, a list, a trait's text (on a unit of a group)."""
    assert len(LONG_NAME) == 73 and len(LONG_TRAIT) == 780
    edit(content / "units" / "aschenoger.yaml", name=LONG_NAME)
    edit(content / "units" / "kradmelder.yaml", weapons=TWELVE)
    (content / "traits" / "weitschweifig.yaml").write_text(
        f"id: weitschweifig\nname: Weitschweifig\nrules: {LONG_TRAIT}\n", encoding="utf-8")
    unit = content / "units" / "glutmeister.yaml"
    data = yaml.safe_load(unit.read_text(encoding="utf-8"))
    edit(unit, traits=[*data.get("traits", []), "weitschweifig"])


def pdfs(out: Path) -> dict[Path, bytes]:
    """Every PDF of an output folder (not its cache) with its bytes."""
    return {p: p.read_bytes() for p in out.rglob("*.pdf") if ".cache" not in p.relative_to(out).parts}


def line_of(path: Path, key: str) -> int:
    """The line of ``key:`` in a YAML file (1-based)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return next(n for n, line in enumerate(lines, 1) if line.startswith(f"{key}:"))


@pytest.fixture
def broken(example_build: ExampleBuild, tmp_path: Path) -> tuple[Path, Path, Path]:
    """(content, out, the good build's out): a copy of the example build with :func:`break_three`."""
    content, out = tmp_path / "content", tmp_path / "out"
    shutil.copytree(example_build.content, content)
    shutil.copytree(example_build.out, out)
    break_three(content)
    return content, out, example_build.out


def test_validate_names_every_card_that_cannot_fit_at_the_field_to_shorten(cli, broken):
    """Issue 42.6: what the build would fail on, ``cardgen validate`` says first, with what fits."""
    content, out, _ = broken
    code, stdout, err = cli("validate", "--content", content, "--out", out)
    assert code == 1, stdout
    units = content / "units"
    assert re.search(rf"{re.escape(str(units / 'aschenoger.yaml'))}:2:7: name: 73 characters do not fit the name cell "
                     r"of card 'aschenoger' at its smallest size \(6 pt; about \d\d fit\); shorten it", err), err
    assert re.search(rf"{re.escape(str(units / 'kradmelder.yaml'))}:\d+:\d+: weapons: the rules texts \(and actions\) "
                     r"of its weapons, \d+ characters in all, do not fit the back of card 'kradmelder'", err), err
    trait = content / "traits" / "weitschweifig.yaml"
    assert f"{trait}:3:8: rules: 780 characters do not fit the back of card 'glutmeister'" in err, err
    assert "valid" not in stdout and "box" not in err


def test_cards_that_cannot_fit_keep_their_outputs_and_everything_else_is_written(cli, broken):
    content, out, good = broken
    written = ["powers.pdf", "groups/kampfgruppe_eisenfaust.pdf", "rulebooks/rulebook/Regeln.pdf"]
    for name in written:                        # gone: the build must write them again
        (out / name).unlink()
    code, stdout, err = cli("build", "--content", content, "--out", out)
    assert code == 1, err
    units = content / "units"
    assert (f"{units / 'aschenoger.yaml'}:{line_of(units / 'aschenoger.yaml', 'name')}:7: name: 73 characters "
            f"do not fit the name cell of card 'aschenoger' at its smallest size (6 pt)") in err, err
    krad = re.escape(str(units / "kradmelder.yaml"))
    assert re.search(rf"{krad}:\d+:\d+: weapons: the load of card 'kradmelder', 136/16 kg \(−8\), most of it its "
                     r"weapons \(134 kg\), does not fit beside its perception on the front", err), err
    assert re.search(rf"{krad}:\d+:\d+: weapons: the rules texts \(and actions\) of its weapons, \d+ characters in "
                     r"all, do not fit the back of card 'kradmelder'", err), err
    trait = content / "traits" / "weitschweifig.yaml"
    assert re.search(rf"{re.escape(str(trait))}:3:8: rules: 780 characters do not fit the back of card "
                     r"'glutmeister' \(traits\[\d\]\)", err), err
    assert "box" not in err and "Wahrnehmung" not in err, err
    assert "kept as they were: cards.pdf, groups/zirkel_der_glut.pdf, changed-cards.pdf" in err, err
    for name in ("cards.pdf", "groups/zirkel_der_glut.pdf"):        # they show a card that does not fit
        assert (out / name).read_bytes() == (good / name).read_bytes(), name
    for name in written:
        assert (out / name).is_file(), f"{name} was not written"
    for name in ("powers.pdf", "groups/kampfgruppe_eisenfaust.pdf"):  # nothing on them changed
        assert (out / name).read_bytes() == (good / name).read_bytes(), name


def test_a_rulebook_showing_a_card_that_cannot_fit_is_kept_and_made_again_once_it_fits(cli, small_project_build,
                                                                                        tmp_path):
    """The book figures the broken card: it keeps its last PDF, as do ``cards.pdf`` and the group sheet;
    after the fix the next build makes them all (their keys were not taken over by the failed build)."""
    content, out = tmp_path / "content", tmp_path / "out"
    shutil.copytree(small_project_build.content, content)
    shutil.copytree(small_project_build.out, out)
    book = content / "rulebook" / "Regeln.md"
    book.write_text(book.read_text(encoding="utf-8") + "\n{{ card: probe }}\n", encoding="utf-8")
    assert cli("build", "--content", content, "--out", out)[0] == 0
    before = pdfs(out)
    unit = content / "units" / "probe.yaml"
    good_text = unit.read_text(encoding="utf-8")
    edit(unit, name="Oberster Hochgroßmeister der Vereinigten Glutorden von Nord und Süd und Westen")
    code, _, err = cli("build", "--content", content, "--out", out)
    assert code == 1
    assert "kept as they were: cards.pdf, groups/trupp.pdf, rulebooks/rulebook/Regeln.pdf" in err, err
    assert pdfs(out) == before
    unit.write_text(good_text.replace("name: ", "name: Probe ", 1), encoding="utf-8")
    code, stdout, err = cli("build", "--content", content, "--out", out)
    assert code == 0, err
    after = pdfs(out)
    changed = {p.relative_to(out).as_posix() for p in after if after[p] != before.get(p)}
    assert {"cards.pdf", "groups/trupp.pdf", "rulebooks/rulebook/Regeln.pdf"} <= changed, changed
