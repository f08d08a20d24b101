"""cardgen.serve.balancememo: the balance report is computed once per content the preview shows; a second
request with the same content is answered from memory, an edit that changes a number computes it again.

The plots are drawn in this process (:func:`cardgen.balance.plot.draw_all`, the very plots the drawing
process returns: tests/security/test_library_config.py), not in a process started afresh for each report
(about a second each): what is remembered and when it is computed again is the memo's, not the drawing's.
The preview's page through the real drawing process: tests/serve/test_pages.py."""

from __future__ import annotations

from dataclasses import replace

import pytest

import cardgen.balance.plotworker
import cardgen.balance.view
from cardgen.balance.plot import draw_all
from cardgen.serve.balancememo import BalanceMemo, balance_key, plain
from cardgen.serve.preview import Preview
from cardgen.serve.server import PreviewApp
from cardgen.project.settings import load_settings
from conftest import small_project


@pytest.fixture
def preview(tmp_path):
    content = small_project(tmp_path / "content")
    return Preview(load_settings(tmp_path, content=content, out=tmp_path / "out"), tmp_path / "cache")


@pytest.fixture(autouse=True)
def drawn_here(monkeypatch):
    """The report's plots drawn in this process (module docstring)."""
    monkeypatch.setattr(cardgen.balance.plotworker, "draw_plots", draw_all)


@pytest.fixture
def counted(monkeypatch):
    """The number of times the report's numbers are computed (cardgen.balance.view.balance_of called)."""
    calls: list[int] = []
    real = cardgen.balance.view.balance_of

    def counting(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)
    monkeypatch.setattr(cardgen.balance.view, "balance_of", counting)
    return calls


def test_a_second_request_is_not_computed_again(preview, counted):
    app = PreviewApp(preview, None)
    first = app.answer("/doc/balance", {})
    second = app.answer("/doc/balance", {})
    assert first.status == second.status == 200 and first.body == second.body
    assert len(counted) == 1 and preview.balance.computed == 1


def test_an_edit_that_changes_a_number_computes_again(preview, counted):
    app = PreviewApp(preview, None)
    app.answer("/doc/balance", {})
    probe = preview.settings.content / "units" / "probe.yaml"
    probe.write_text(probe.read_text(encoding="utf-8").replace("name: ", "name: Neuer ", 1), encoding="utf-8")
    preview.reload()
    app.answer("/doc/balance", {})
    app.answer("/doc/balance", {})
    assert len(counted) == 2


def test_the_key_follows_what_the_report_reads(preview):
    snapshot = preview.snapshot
    assert snapshot.content is not None and snapshot.derived is not None
    units = dict(snapshot.derived.units)
    key = balance_key(snapshot.content, units)
    assert balance_key(snapshot.content, dict(reversed(list(units.items())))) == key     # order does not count
    first = next(iter(units))
    cheaper = {**units, first: replace(units[first], points=units[first].points + 1)}
    assert balance_key(snapshot.content, cheaper) != key


def test_disabled_computes_every_time(preview, counted):
    memo = BalanceMemo(enabled=False)
    content, derived = preview.snapshot.content, preview.snapshot.derived
    assert content is not None and derived is not None
    assert memo.html(content, derived.units) == memo.html(content, derived.units)
    assert len(counted) == 2


def test_plain_orders_sets_and_mappings():
    assert plain(frozenset({"b", "a"})) == ["a", "b"]
    assert plain({"z": 1, "a": (2, 3)}) == [["a", [2, 3]], ["z", 1]]
