"""Rules text as it is printed: the one place that turns a content ``rules:`` text into paragraphs.

The card views (unit card backs, power cards, the group sheets' reference
pages) and the rulebook's ``{{ list: … }}`` directive all print rules text
through these functions, so a rule reads the same wherever it is printed.
"""

from __future__ import annotations

import re

UNIT_AFTER_NUMBER = re.compile(r"([0-9]) (cm|TP|AP|W6|W12)\b")
"""A number and its unit ("3 cm") stay on one line of the rules text."""


def paragraphs(text: str) -> tuple[str, ...]:
    """Rules text as its paragraphs (blank lines separate them)."""
    return tuple(p.strip() for p in text.split("\n\n") if p.strip())


def power_paragraphs(text: str) -> tuple[str, ...]:
    """A power's rules text as its card prints it: its paragraphs, each number kept with its unit."""
    return tuple(UNIT_AFTER_NUMBER.sub("\\1\u00a0\\2", p) for p in paragraphs(text))
