"""One build context: options, cache, reporter, warning counter and the loaded content, for every builder.

* strict mode is one counter (``Summary``), checked once, before anything is put in place;
* the rulebook's tables read the content the build loaded (no second load);
* the rulebook's cache key digests exactly the content kinds its tables read,
  taken from the directive's registry;
* the card stage never imports the build, and a no-change rebuild never imports WeasyPrint.
"""

from __future__ import annotations

import dataclasses
import subprocess
import sys

import pytest

import cardgen.stages
from cardgen.build.run import build, rulebook_key
from cardgen.build.cache import Cache
from cardgen.build.context import BuildContext, StrictFailure, Summary
from cardgen.rulebook import directive
from cardgen.stages import load_content
from conftest import PROJECT, one_unit_content
from rules.memory import ruleset

pytestmark = pytest.mark.pdf          # renders PDFs (make test-fast leaves it out)


@pytest.fixture(scope="module")
def example():
    return load_content(PROJECT / "content")


def key_of(tmp_path, content, text: str) -> str:
    """The rulebook key of a document ``text`` in ``tmp_path``, read with ``content``."""
    source = tmp_path / "Regeln.md"
    source.write_text(text, encoding="utf-8")
    return rulebook_key(source, dataclasses.replace(content, root=tmp_path), "tool")


def without_first(objects: dict) -> dict:
    return dict(list(objects.items())[1:])


# --- the rulebook's key -----------------------------------------------------------------------------


def test_key_follows_a_table_added_to_the_registry(tmp_path, example, monkeypatch):
    """A new table kind reading units: a change of the units changes the key of a rulebook naming it."""
    monkeypatch.setitem(directive.TABLES, "unit-list", directive.Table("units", lambda items: []))
    text = "# Regeln\n\n{{ table: unit-list }}\n"
    before = key_of(tmp_path, example, text)
    assert key_of(tmp_path, example, text) == before
    assert key_of(tmp_path, dataclasses.replace(example, units=without_first(example.units)), text) != before


def test_key_digests_only_what_the_named_tables_read(tmp_path, example):
    text = "# Regeln\n\n> {{ table: terrain }}\n"               # in a quote: still a directive
    before = key_of(tmp_path, example, text)
    assert key_of(tmp_path, dataclasses.replace(example, weapons=without_first(example.weapons)), text) == before
    assert key_of(tmp_path, dataclasses.replace(example, terrain=without_first(example.terrain)), text) != before


def test_key_of_a_units_list_follows_the_cost_model_and_the_items(tmp_path, example):
    """A unit's points follow rules.yaml and everything it carries: a units list reads them all;
    a traits list reads only the traits."""
    cheaper = dataclasses.replace(example, ruleset=ruleset(cost={"movement": {"beine": 49}}))
    units, traits = "# Regeln\n\n{{ list: units }}\n", "# Regeln\n\n{{ list: traits }}\n"
    assert key_of(tmp_path, cheaper, units) != key_of(tmp_path, example, units)
    assert key_of(tmp_path, dataclasses.replace(example, weapons=without_first(example.weapons)), units) \
        != key_of(tmp_path, example, units)
    assert key_of(tmp_path, cheaper, traits) == key_of(tmp_path, example, traits)
    assert key_of(tmp_path, dataclasses.replace(example, traits=without_first(example.traits)), traits) \
        != key_of(tmp_path, example, traits)


def test_kinds_read_come_from_the_registry():
    text = "{{ table: weapon-classes }}\n\n!!! note\n    {{ table: damage-effects applies_to=waffen }}\n"
    assert directive.kinds_read(text) == ["damage_effects", "weapons"]
    assert directive.kinds_read("{{ table: unbekannt }}\n\nText {{ not a table }}\n") == []


# --- content loaded once ----------------------------------------------------------------------------


@pytest.fixture
def small(tmp_path):
    """tests/fixtures/rules with one unit and a rulebook with a table: a build renders two faces."""
    content = one_unit_content(tmp_path / "content")
    (content / "rulebook").mkdir()
    (content / "rulebook" / "R.md").write_text("# R\n\n{{ table: weapon-classes }}\n", encoding="utf-8")
    return content


def test_build_loads_the_content_once(small, tmp_path, monkeypatch):
    loads = []
    real = cardgen.stages.read_content
    monkeypatch.setattr(cardgen.stages, "read_content", lambda root, *more: loads.append(root) or real(root, *more))
    summary = build(small, tmp_path / "out")
    assert "rulebooks/rulebook/R.pdf" in summary.built and summary.warnings == []
    assert loads == [small]                                    # the rulebook's table read the build's content


# --- strict: one counter, checked once --------------------------------------------------------------


def test_strict_counter_fails_before_anything_is_put_in_place(tmp_path):
    out = tmp_path / "out"
    ctx = BuildContext(None, None, out, Cache(out), "tool", summary=Summary(strict=True))
    with pytest.raises(StrictFailure, match=r"--strict: 1 warning\(s\) count as errors; no output was written"):
        with ctx.staged(owns=lambda entry: True) as outputs:
            outputs.stage(out / "a.pdf", b"%PDF")
            ctx.warn("a warning")
    assert not (out / "a.pdf").exists()


def test_without_strict_warnings_are_counted_and_outputs_committed(tmp_path):
    out = tmp_path / "out"
    ctx = BuildContext(None, None, out, Cache(out), "tool")
    with ctx.staged(owns=lambda entry: True) as outputs:
        outputs.stage(out / "a.pdf", b"%PDF")
        ctx.warn("a warning")
    assert (out / "a.pdf").read_bytes() == b"%PDF" and ctx.summary.warnings == ["a warning"]


# --- imports ----------------------------------------------------------------------------------------


def test_cards_never_import_the_build():
    code = "import sys, cardgen.commands.cards, cardgen.cards.pipeline; print('cardgen.build.run' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "False"


def test_no_change_rebuild_does_not_import_weasyprint(small, tmp_path):
    out = tmp_path / "out"
    build(small, out)
    code = ("import sys; from cardgen.build.run import build; "
            f"s = build({str(small)!r}, {str(out)!r}); "
            "print(len(s.built), 'weasyprint' in sys.modules, 'pikepdf' in sys.modules)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.split() == ["0", "False", "False"]


def test_the_command_line_of_a_no_change_rebuild_does_not_import_weasyprint(small, tmp_path):
    """Every command's parser is built at start-up (serve, watch, cards, rulebook …): none of them
    may import the render stage just to register its options."""
    out = tmp_path / "out"
    build(small, out)
    code = ("import runpy, sys\n"
            f"sys.argv = ['cardgen', 'build', '--content', {str(small)!r}, '--out', {str(out)!r}]\n"
            "try:\n    runpy.run_module('cardgen', run_name='__main__')\nexcept SystemExit as exc:\n"
            "    code = exc.code\n"
            "print('RESULT', code, 'weasyprint' in sys.modules, 'pikepdf' in sys.modules)\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.splitlines()[-1].split() == ["RESULT", "0", "False", "False"]


def test_a_note_about_the_machine_is_said_once_and_never_counted():
    summary = Summary(strict=True)
    for _ in range(56):                       # once per font of each document, as WeasyPrint logs it
        summary.note("note: install libharfbuzz-subset0")
    assert summary.notes == ["note: install libharfbuzz-subset0"]
    assert summary.warnings == []
    summary.check_strict()                    # a note fails no --strict run
