"""The one escaping of a string that goes into a stylesheet (cardgen.look.css)."""

from __future__ import annotations

import pytest

from cardgen.look.css import css_string


@pytest.mark.parametrize("text, literal", [
    ("Seite", '"Seite"'),
    ('Zitat "x"', '"Zitat \\"x\\""'),
    ("a\\b", '"a\\\\b"'),
    ("</style><script>", '"\\3c /style>\\3c script>"'),
])
def test_css_string(text, literal):
    assert css_string(text) == literal
