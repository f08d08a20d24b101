"""Issue 40, point 2: the libraries cardgen drives read no configuration of the repository.

matplotlib reads a ``matplotlibrc`` when it is imported -- from the working folder first, then
``$MATPLOTLIBRC``, then its configuration folder (``$XDG_CONFIG_HOME/matplotlib``,
``~/.config/matplotlib``).  One planted there with ``text.usetex`` and a preamble that reads a file
ran LaTeX on it; a link to a secret was printed line by line in matplotlib's warnings; bytes that are
not UTF-8 ended ``cardgen balance`` with a traceback.  A fake ``latex`` (and ``dvipng``,
``kpsewhich``) on ``PATH`` leaves a marker if anything runs it; the plots and the PDF must be those
drawn without the files, and no line of the secret may be printed."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont

from cardgen.balance.plot import draw_all
from cardgen.fonts.system import font_view
from cardgen.paths import FONTS_DIR
from cardgen.balance.plotworker import draw_plots
from tests.security.test_processes import plant
from tests.balance.test_plot import VIEW

ROOT = Path(__file__).resolve().parents[2]
SMALL = ROOT / "tests" / "fixtures" / "cards" / "small"
CARDGEN = Path(sys.executable).with_name("cardgen")
SECRET = "ghp_not-a-real-token-but-a-secret"
USETEX = "text.usetex: True\ntext.latex.preamble: \\input{%s}\naxes.facecolor: red\nfont.size: 30\n"
TEX_TOOLS = ("latex", "dvipng", "kpsewhich", "dvisvgm")


def fake_tex(folder: Path, marker: Path) -> str:
    """A ``PATH`` whose TeX programs leave ``marker``, followed by the real ``PATH``."""
    folder.mkdir()
    for name in TEX_TOOLS:
        tool = folder / name
        tool.write_text(f"#!/bin/sh\necho {name} >> '{marker}'\nexit 1\n", encoding="utf-8")
        tool.chmod(0o755)
    return f"{folder}{os.pathsep}{os.environ.get('PATH', '')}"


@pytest.fixture()
def planted(tmp_path, monkeypatch):
    """A working folder, ``$MATPLOTLIBRC`` and ``$XDG_CONFIG_HOME/matplotlib``, each ready for a
    ``matplotlibrc``; TeX faked; this process's variables restored after the test."""
    work, config = tmp_path / "work", tmp_path / "config" / "matplotlib"
    work.mkdir()
    config.mkdir(parents=True)
    marker = tmp_path / "TEX_RAN"
    (tmp_path / "secret").write_text(f"{SECRET}\n", encoding="utf-8")
    for name in ("PYTHONSAFEPATH", "PYTHONPATH"):     # draw_plots isolates imports in this process
        monkeypatch.setenv(name, os.environ.get(name, ""))
    monkeypatch.setenv("PATH", fake_tex(tmp_path / "bin", marker))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.delenv("MPLCONFIGDIR", raising=False)
    monkeypatch.chdir(work)
    return tmp_path, marker


@pytest.mark.parametrize("place", ["MATPLOTLIBRC", "config"])
def test_a_matplotlibrc_of_the_environment_or_the_user_runs_no_latex_and_changes_no_plot(planted, monkeypatch, place):
    """Where the working folder has none (the command's test below plants one there)."""
    tmp_path, marker = planted
    rc = {"MATPLOTLIBRC": tmp_path / "rc", "config": tmp_path / "config" / "matplotlib"}
    rc[place].mkdir(exist_ok=True)
    (rc[place] / "matplotlibrc").write_text(USETEX % (tmp_path / "secret"), encoding="utf-8")
    monkeypatch.setenv("MATPLOTLIBRC", str(rc["MATPLOTLIBRC"]))
    assert draw_plots(VIEW) == draw_all(VIEW) and not marker.exists()


def test_a_font_of_the_user_named_cardgen_sans_changes_no_plot(planted, monkeypatch):
    """matplotlib measures the plots' text in the DejaVu Sans it ships, whatever fonts fontconfig lists: a
    font in the user's folder named like cardgen's (a monospaced one here) changed every label's place."""
    tmp_path, _ = planted
    fonts = tmp_path / "data" / "fonts"
    fonts.mkdir(parents=True)
    font = TTFont(FONTS_DIR / "DejaVuSansMono.ttf")
    for record in font["name"].names:
        if record.nameID in (1, 4, 16):
            record.string = "Cardgen Sans"
    font.save(fonts / "cardgen-sans.ttf")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))     # matplotlib's font list made anew
    assert draw_plots(VIEW) == draw_all(VIEW)


def test_fontconfig_reads_no_configuration_or_font_of_the_working_folder(tmp_path, monkeypatch):
    """fontconfig (WeasyPrint's fonts through Pango; the same ``FcInitLoadConfigAndFonts`` view that
    :func:`cardgen.fonts.system.font_view` asks for) reads its system's and the user's configuration only:
    a ``fonts.conf``, ``local.conf``, ``conf.d/``, ``.fonts.conf``, ``fonts/`` and ``.fonts/`` in the
    working folder are never read (a guard: nothing to fix today)."""
    conf = '<?xml version="1.0"?><fontconfig><dir>.</dir><dir prefix="cwd">fonts</dir><dir>.fonts</dir></fontconfig>'
    for name in ("fonts.conf", "local.conf", "conf.d/99-planted.conf", ".fonts.conf", "fonts/fonts.conf"):
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_text(conf, encoding="utf-8")
    for folder in ("fonts", ".fonts"):
        (tmp_path / folder).mkdir(exist_ok=True)
        (tmp_path / folder / "planted.ttf").write_bytes((FONTS_DIR / "DejaVuSansMono.ttf").read_bytes())
    monkeypatch.chdir(tmp_path)
    view = font_view()
    if view is None:
        pytest.skip("no fontconfig here")
    seen = view.config_files + view.config_dirs + view.font_dirs + view.font_files
    assert [path for path in seen if path.startswith(str(tmp_path))] == []


@pytest.fixture(scope="module")
def clean_pdf(tmp_path_factory) -> bytes:
    """The small fixture's report made in a folder holding nothing."""
    clean = tmp_path_factory.mktemp("clean")
    subprocess.run([str(CARDGEN), "balance", "--content", str(SMALL), "--out", "out"], cwd=clean, env=environment(),
                   check=True, capture_output=True)
    return (clean / "out" / "balance.pdf").read_bytes()


def environment() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k not in ("PYTHONSAFEPATH", "PYTHONPATH")}


@pytest.mark.pdf
@pytest.mark.parametrize("planted_rc", ["usetex", "secret", "not UTF-8"])
def test_cardgen_balance_reads_no_matplotlibrc(planted, clean_pdf, planted_rc):
    """The command in a process of its own, a ``matplotlibrc`` in the working folder (LaTeX with a preamble
    that reads a file, and a key that would retitle the terminal; a link to a secret, whose lines
    matplotlib's warnings printed; bytes that are not UTF-8, a traceback), in ``$MATPLOTLIBRC`` and in
    the user's configuration: no LaTeX, nothing of them printed, the PDF of a clean folder.  Modules
    planted beside them (``matplotlib/``, ``numpy.py``, ``sitecustomize.py`` …) are imported by no
    process, the one drawing the plots included."""
    tmp_path, marker = planted
    plant(tmp_path / "work", marker)
    rc = tmp_path / "work" / "matplotlibrc"
    if planted_rc == "secret":
        rc.symlink_to(tmp_path / "secret")
    else:
        rc.write_bytes(b"\xff\xfe: 1\n" if planted_rc == "not UTF-8" else
                       (USETEX % (tmp_path / "secret")).encode() + b"\x1b]0;owned\x07: 1\n")
    for folder in (tmp_path / "rc", tmp_path / "config" / "matplotlib"):
        folder.mkdir(exist_ok=True)
        (folder / "matplotlibrc").write_text(USETEX % "/etc/hostname", encoding="utf-8")
    run = subprocess.run([str(CARDGEN), "balance", "--content", str(SMALL), "--out", "out"], cwd=tmp_path / "work",
                         env={**environment(), "MATPLOTLIBRC": str(tmp_path / "rc")}, capture_output=True, text=True)
    assert run.returncode == 0 and "Traceback" not in run.stderr, run.stderr
    assert SECRET not in run.stderr + run.stdout and "\x1b" not in run.stderr and "matplotlibrc" not in run.stderr
    assert not marker.exists()
    assert (tmp_path / "work" / "out" / "balance.pdf").read_bytes() == clean_pdf
