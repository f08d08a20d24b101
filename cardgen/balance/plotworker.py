"""The balance report's plots drawn in a process of their own, in a folder of cardgen's
(``cardgen balance`` and ``serve``'s balance page).

matplotlib reads a ``matplotlibrc`` when it is first imported, and the first place it looks is the
working folder -- in CI a checkout of the pull request -- before ``$MATPLOTLIBRC``,
``$MPLCONFIGDIR`` and ``~/.config/matplotlib``.  No cardgen code runs between that read and the
import, and what the file does happens there: a link to a secret was printed line by line in
matplotlib's warnings ("Missing colon in file 'matplotlibrc', line 1 ('…')"), bytes that are not
UTF-8 ended the import with a traceback, a FIFO would hold it forever, and ``text.usetex`` ran LaTeX
with the file's preamble (:func:`cardgen.balance.plot.settings` sets every setting back while a plot
is drawn; that does not undo a read).  So the plots are drawn in a child process started afresh
(``spawn``: nothing of this process's matplotlib inherited) which, before it imports matplotlib,
moves into :func:`plot_folder`, sets ``MPLCONFIGDIR`` to it and drops ``MATPLOTLIBRC`` and
``MPLBACKEND``: matplotlib reads its own defaults only, and keeps its font list there.  It lists only
its own fonts (``MPL_IGNORE_SYSTEM_FONTS``): it measures text in the DejaVu Sans it ships, as it
did, whatever fonts the system or the user's ``~/.fonts`` hold, and starts no ``fc-list``.  The child ends
with the command (:func:`cardgen.speed.workers.die_with_build`) and imports nothing from the working
folder (:func:`cardgen.speed.workers.isolate_imports`).
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import shutil
import tempfile
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Iterator

from cardgen.balance.view import BalanceView, Plots
from cardgen.errors import RenderError
from cardgen.speed.usercache import own_folder, user_cache_folder
from cardgen.speed.workers import die_with_build, isolate_imports

DROPPED = ("MATPLOTLIBRC", "MPLBACKEND")
"""matplotlib's variables the drawing process does without (``MPLCONFIGDIR`` it sets)."""


def draw_plots(view: BalanceView) -> Plots:
    """Every plot of the report, drawn by a child process in :func:`plot_folder`."""
    isolate_imports()
    with plot_folder() as folder:
        try:
            with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"), initializer=enter_folder,
                                     initargs=(str(folder), os.getpid())) as pool:
                return pool.submit(_draw, view).result()
        except BrokenProcessPool:
            raise RenderError("balance report: the process drawing its plots ended before it was done") from None


@contextlib.contextmanager
def plot_folder() -> Iterator[Path]:
    """matplotlib's folder: ``cardgen/matplotlib`` in the user's cache where it is cardgen's own (mode 0700,
    this user's: its font list is kept), else a new temporary folder, removed after."""
    folder = user_cache_folder("matplotlib")
    if folder is not None and own_folder(folder, create=True):
        yield folder
        return
    made = Path(tempfile.mkdtemp(prefix="cardgen-matplotlib-"))
    try:
        yield made
    finally:
        shutil.rmtree(made, ignore_errors=True)


def enter_folder(folder: str, build: int) -> None:
    """The drawing process's initializer, before matplotlib is imported: ``folder`` its working folder
    and matplotlib's configuration folder, its own fonts only, the other variables gone; it ends with
    process ``build``."""
    die_with_build(build)
    try:
        os.chdir(folder)
    except OSError:             # (its folder gone): no traceback; the command says it in one line
        os._exit(1)
    os.environ["MPLCONFIGDIR"] = folder
    os.environ["MPL_IGNORE_SYSTEM_FONTS"] = "1"
    for name in DROPPED:
        os.environ.pop(name, None)


def _draw(view: BalanceView) -> Plots:
    # lazy: matplotlib, only in the drawing process, after enter_folder
    from cardgen.balance.plot import draw_all

    return draw_all(view)
