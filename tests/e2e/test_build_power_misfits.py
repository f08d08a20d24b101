"""Issue 42.5 and 42.6 for power cards: one power card that cannot fit never stops the rest.

A copy of the example build (content, output folder and its cache) gets one power whose rules text
does not fit its card (a power no unit has, so only ``powers.pdf`` shows it) -- and, for
``cardgen validate``, also a power whose title does not fit.  Validate names each at the power's
file:line:col and field with what fits, measured; the build exits 1 naming the power and field,
writes every other output and keeps the previous ``powers.pdf`` byte for byte.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml

from conftest import ExampleBuild, copy_example

pytestmark = pytest.mark.pdf          # renders PDFs (make test-fast leaves it out)

SENTENCE = "Alle Modelle im Radius von 5 cm legen einen Bewegungstest ab; wer ihn nicht schafft, liegt. "
LONG_RULES = (SENTENCE * 12).strip()
LONG_TITLE = "Erdstoß der Uralten Basaltberge und der Tiefen Glutorden des Nordens"


def add_long_power(content: Path) -> Path:
    """A power of the school Elementar that no unit has, its rules text far longer than its card holds."""
    path = content / "powers" / "weitschweif.yaml"
    data = yaml.safe_load((content / "powers" / "erdstoß.yaml").read_text(encoding="utf-8"))
    data.update(id="weitschweif", name="Weitschweif", rules=LONG_RULES)
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


def position(path: Path, key: str) -> tuple[int, int]:
    """Line and column (1-based) of the value of ``key:`` at the top of a YAML file."""
    lines = path.read_text(encoding="utf-8").splitlines()
    line = next(n for n, text in enumerate(lines, 1) if text.startswith(f"{key}:"))
    return line, len(key) + 3


@pytest.fixture
def copied(example_build: ExampleBuild, tmp_path: Path) -> tuple[Path, Path, Path]:
    """(content, out, the good build's out): a copy of the example build."""
    content, out = tmp_path / "content", tmp_path / "out"
    shutil.copytree(example_build.content, content)
    shutil.copytree(example_build.out, out)
    return content, out, example_build.out


def test_validate_names_a_power_whose_title_or_rules_cannot_fit(cli, tmp_path):
    content, out = copy_example(tmp_path / "content"), tmp_path / "out"    # validate needs no build
    long_rules = add_long_power(content)
    title = content / "powers" / "erdstoß.yaml"
    data = yaml.safe_load(title.read_text(encoding="utf-8"))
    title.write_text(yaml.safe_dump({**data, "name": LONG_TITLE}, allow_unicode=True, sort_keys=False),
                     encoding="utf-8")
    code, stdout, err = cli("validate", "--content", content, "--out", out)
    assert code == 1, stdout
    line, column = position(title, "name")
    assert re.search(rf"{re.escape(str(title))}:{line}:{column}: name: {len(LONG_TITLE)} characters do not fit the "
                     r"title of power card 'erdstoß' at its smallest size \(6 pt; about \d\d fit\); shorten it", err), err
    line, column = position(long_rules, "rules")
    assert re.search(rf"{re.escape(str(long_rules))}:{line}:{column}: rules: {len(LONG_RULES)} characters do not fit "
                     r"the rules text of power card 'weitschweif' at its smallest size \(6 pt; about \d{3} characters "
                     r"fit\); shorten it", err), err
    assert "2 error(s)" in err and "valid" not in stdout and "box" not in err, err


def test_a_power_that_cannot_fit_keeps_powers_pdf_and_everything_else_is_written(cli, copied):
    content, out, good = copied
    long_rules = add_long_power(content)
    written = ["cards.pdf", "groups/zirkel_der_glut.pdf", "rulebooks/rulebook/Regeln.pdf"]
    for name in written:                        # gone: the build must write them again
        (out / name).unlink()
    code, _, err = cli("build", "--content", content, "--out", out)
    assert code == 1, err
    line, column = position(long_rules, "rules")
    assert (f"{long_rules}:{line}:{column}: rules: {len(LONG_RULES)} characters do not fit the rules text of power "
            f"card 'weitschweif' at its smallest size (6 pt); shorten it") in err, err
    assert "1 card face(s) do not fit; every output without them was written; kept as they were: powers.pdf" in err, err
    assert (out / "powers.pdf").read_bytes() == (good / "powers.pdf").read_bytes()
    for name in written[:2]:                    # nothing on them changed
        assert (out / name).read_bytes() == (good / name).read_bytes(), f"{name} not written as before"
    assert (out / written[2]).is_file()         # the book lists the new power: written anew
