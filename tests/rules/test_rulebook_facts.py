"""The rulebook still says what the rule tests assume (``rulebook_facts.QUOTES``).

Skipped with a reason where the user's rulebook is not beside the clone;
CI always has it.  The rule tests themselves never skip.
"""

from __future__ import annotations

import re

import pytest

from rules.rulebook_facts import QUOTES


@pytest.mark.parametrize("pattern, found", QUOTES, ids=[q[0][:40] for q in QUOTES])
def test_the_rulebook_says_it(regelbuch, pattern, found):
    assert sorted(set(re.findall(pattern, regelbuch))) == sorted(set(found)), f"the rulebook changed: {pattern}"
