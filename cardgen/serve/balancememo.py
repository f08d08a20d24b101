"""The balance report for ``cardgen serve``, kept while what it is computed from stays the same.

Computing the report (every unit against every unit in every band) and drawing its plots takes about
two seconds on the example content, and the preview asks for it on every visit of its page.
:class:`BalanceMemo` keeps the last report's HTML under :func:`balance_key`, the digest of everything
the report reads -- each unit as the odds see it (:class:`~cardgen.rules.balance.Entrant`: id, name,
faction, points, the numbers of its profile and weapons), the factions' names and colours, the
ruleset's ``odds`` and ``balance`` numbers, and the report's templates -- so a second visit with the
same content is answered from memory, and any change that could alter a number computes it again.
One entry: the preview shows one content at a time.  ``enabled=False`` computes every time.
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Mapping
from typing import Any

from cardgen.build.cache import digest, tree_digest
from cardgen.content.model import Content
from cardgen.paths import TEMPLATES_DIR
from cardgen.rules.balance import entrant
from cardgen.rules.derived import DerivedUnit


def plain(value: Any) -> Any:
    """``value`` as JSON-ready data in one order: records as dicts, sets sorted, mappings by key."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, (set, frozenset)):
        return sorted((plain(v) for v in value), key=repr)
    if isinstance(value, Mapping):
        return [[plain(k), plain(v)] for k, v in sorted(value.items(), key=lambda item: repr(item[0]))]
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return value


def balance_key(content: Content, units: Mapping[str, DerivedUnit]) -> str:
    """The digest of everything the balance report reads (module docstring)."""
    ruleset = content.checked_ruleset()
    factions = sorted((fid, f.name, f.colour) for fid, f in content.factions.items())
    entrants = sorted((plain(entrant(u, ruleset.zone_table)) for u in units.values()), key=lambda e: e["id"])
    return digest("balance", entrants, factions, ruleset.odds.model_dump(mode="json"),
                  ruleset.balance.model_dump(mode="json"), tree_digest(TEMPLATES_DIR / "balance"))


class BalanceMemo:
    """The last balance report's HTML by :func:`balance_key`; ``computed`` counts the reports made."""

    def __init__(self, enabled: bool = True):
        self.enabled = enabled
        self.computed = 0
        self._lock = threading.Lock()
        self._last: tuple[str, str] | None = None

    def html(self, content: Content, units: Mapping[str, DerivedUnit]) -> str:
        """The report's HTML, from memory when the content it reads is unchanged."""
        from cardgen.balance.report import report_html        # loaded at the first request
        from cardgen.balance.view import balance_of
        from cardgen.balance.plotworker import draw_plots

        key = balance_key(content, units)
        with self._lock:
            if self.enabled and self._last is not None and self._last[0] == key:
                return self._last[1]
            view = balance_of(content, units)
            html = report_html(view, draw_plots(view))
            self.computed += 1
            self._last = (key, html)
            return html
