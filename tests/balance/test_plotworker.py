"""The balance plots' process (cardgen.balance.plotworker): its folder, and one line where it dies.  What it keeps
matplotlib from reading: tests/security/test_library_config.py."""

from __future__ import annotations

import contextlib
import os
import stat

import pytest

from cardgen.balance import plotworker
from cardgen.errors import RenderError
from tests.balance.test_plot import VIEW


def test_the_folder_is_cardgen_s_own_or_a_temporary_one_removed_after(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    with plotworker.plot_folder() as folder:
        assert folder == tmp_path / "cache" / "cardgen" / "matplotlib"
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    shared = tmp_path / "shared" / "cardgen" / "matplotlib"
    shared.mkdir(parents=True)
    shared.chmod(0o777)                                 # another user could plant a matplotlibrc there
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "shared"))
    with plotworker.plot_folder() as folder:
        assert folder != shared and folder.is_dir()
    assert not folder.exists()


def test_a_drawing_process_that_dies_is_one_line(tmp_path, monkeypatch, capfd):
    """Its folder gone before it could move in: the process ends without a traceback, and the report says
    so in one line."""
    monkeypatch.setattr(plotworker, "plot_folder", lambda: contextlib.nullcontext(tmp_path / "gone"))
    for name in ("PYTHONSAFEPATH", "PYTHONPATH"):     # draw_plots isolates imports in this process
        monkeypatch.setenv(name, os.environ.get(name, ""))
    with pytest.raises(RenderError, match="^balance report: the process drawing its plots ended before it was done$"):
        plotworker.draw_plots(VIEW)
    assert capfd.readouterr().err == ""
