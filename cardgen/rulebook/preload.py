"""The start of ``cardgen rulebook``'s layout workers' forkserver (:mod:`cardgen.speed.workers`): as
:mod:`cardgen.cards.preload`, but only WeasyPrint's wrappers (:mod:`cardgen.pdf.parts`, :mod:`cardgen.pdf.wrapper`),
not the card renderer -- a chapter needs none of it, and the forkserver is ready sooner (an edited
chapter waits for it).  An import that fails is let go, as there.
"""

from __future__ import annotations

import contextlib

from cardgen import speed

speed.install()                         # an entry point, as cardgen/__main__.py is: the speed layer armed
with contextlib.suppress(Exception):    # the worker imports it again and reports what went wrong
    import cardgen.pdf.parts  # noqa: F401
