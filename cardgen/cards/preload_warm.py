"""The start of ``cardgen serve``'s render forkserver (:mod:`cardgen.speed.workers`): as
:mod:`cardgen.cards.preload`, and the renderer warmed up once (:func:`cardgen.cards.warm.warm_up`), so
every worker it forks starts warm.  Importing this module is what starts the forkserver's work."""

from __future__ import annotations

import cardgen.cards.preload  # noqa: F401  (the speed layer armed, the renderer imported)
from cardgen.cards.warm import warm_up

warm_up()
