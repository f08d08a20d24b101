"""The ``cardgen`` command (and ``python -m cardgen``).

A ``cardgen build`` whose files are all as the last run that changed nothing found them is replayed
from its journal before anything else is loaded (:mod:`cardgen.speed.journal`), and so is a ``cardgen
rulebook`` whose book and everything it read are as its last run found them (:mod:`cardgen.speed.bookjournal`); any other ``cardgen build``,
``cardgen cards`` and ``cardgen rulebook`` (but ``--no-chapters``) starts its render (or layout) workers' forkserver next (:mod:`cardgen.speed.workers`); every
command line is then :func:`cardgen.commands.main.main`.  Before all that, the working folder is taken off the
import path of every process cardgen will start (:func:`cardgen.speed.workers.isolate_imports`) and
the speed layer is armed (:func:`cardgen.speed.install`; ``CARDGEN_SPEEDUPS=0`` leaves it off), and
its :func:`cardgen.speed.at_exit` runs as the command ends.  Its
output goes through :func:`cardgen.commands.pipes.quiet_pipes`: a reader that stops reading
(``cardgen list | head -1``) ends nothing and prints nothing."""

from __future__ import annotations

import contextlib
import sys

LAYOUT_PRELOAD = ["cardgen.rulebook.preload"]
"""What ``cardgen rulebook``'s forkserver imports: WeasyPrint's wrappers only (:mod:`cardgen.rulebook.preload`)."""


def main(argv: list[str] | None = None) -> int:
    from cardgen.commands.pipes import quiet_pipes

    quiet_pipes()
    args = list(sys.argv[1:] if argv is None else argv)
    from cardgen import speed
    from cardgen.speed.workers import isolate_imports

    with contextlib.suppress(OSError):      # a working folder that is gone: the command says so
        isolate_imports()                   # no process cardgen starts imports from the working folder
    speed.install(lasting=args[:1] in (["watch"], ["serve"]))
    if args[:1] in (["build"], ["rulebook"]) and speed.enabled("journal"):
        from cardgen.speed.journal import replay

        code = replay(args)
        if code is not None:
            return code
    if args[:1] in (["build"], ["cards"]) or (args[:1] == ["rulebook"] and "--no-chapters" not in args):
        from cardgen.cards import PRELOAD
        from cardgen.speed.workers import start_early

        # the render (or layout) workers' forkserver imports WeasyPrint while the command reads
        start_early(LAYOUT_PRELOAD if args[:1] == ["rulebook"] else PRELOAD)
    from cardgen.commands.main import main as run

    try:
        return run(args, journal=speed.enabled("journal"))
    finally:
        speed.at_exit()
