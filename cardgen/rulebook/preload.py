"""The start of ``cardgen rulebook``'s layout workers' forkserver (:mod:`cardgen.speed.workers`): as
:mod:`cardgen.cards.preload`, but only WeasyPrint's wrappers (:mod:`cardgen.pdf.parts`, :mod:`cardgen.pdf.wrapper`),
not the card renderer -- a chapter needs none of it, and the forkserver is ready sooner (an edited
chapter waits for it) -- and, with the speedup ``warm``, one small page laid out (:mod:`cardgen.rulebook.warm`):
the workers it forks start warm.  An import that fails is let go, as there.
"""

from __future__ import annotations

import contextlib

from cardgen import speed

speed.install()                         # an entry point, as cardgen/__main__.py is: the speed layer armed
with contextlib.suppress(Exception):    # the worker imports it again and reports what went wrong
    import cardgen.pdf.parts  # noqa: F401
if speed.enabled("warm"):               # every chapter worker forked from here starts warm
    from cardgen.rulebook.warm import warm_up

    warm_up()
