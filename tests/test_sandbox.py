"""cardgen.sandbox: a template render within its budget (issue 40, finding 5), without a command around it.

The commands' one line is tested in tests/security/test_template_limits.py; here each way a template
could loop or grow is refused quickly with the template's line, and what templates do every day
renders as Jinja's own sandbox renders it.
"""

from __future__ import annotations

import jinja2
import pytest
from jinja2.sandbox import ImmutableSandboxedEnvironment

from cardgen.pdf import timelimit
from cardgen.sandbox import budget
from cardgen.sandbox.budget import MAX_STEPS, TemplateLimit
from cardgen.sandbox.environment import BoundedSandbox
from cardgen.sandbox.sizes import filter_size, printf_size, weight

TOO_MANY = "would make more than"
STEPS = f"more than {MAX_STEPS:,} loop steps"


def render(source: str, **values) -> str:
    environment = BoundedSandbox(loader=jinja2.DictLoader({"t.j2": source, "x.j2": "{% include 'x.j2' %}"
                                                           "{% include 'x.j2' %}"}),
                                 autoescape=True, undefined=jinja2.StrictUndefined)
    return environment.get_template("t.j2").render(**values)


@pytest.mark.parametrize("source, message", [
    ("{% for a in s %}{% for b in s if b == 'y' %}{% endfor %}{% endfor %}", STEPS),
    ("{% for x in [[1] * 1000] * 1000 recursive %}{% if x is iterable %}{{ loop(x) }}{% endif %}{% endfor %}",
     STEPS),
    ("{% macro f(n) %}{% if n %}{{ f(n - 1) }}{{ f(n - 1) }}{% endif %}{% endmacro %}{{ f(40) }}", STEPS),
    ("{% macro f(n) %}{{ f(n) }}{% endmacro %}{{ f(1) }}", "nested too deeply"),
    ("{% include 'x.j2' %}", "nested too deeply"),
    ("{% set ns = namespace(s='x') %}{% for i in range(100) %}{% set ns.s = ns.s ~ ns.s %}{% endfor %}", TOO_MANY),
    ("{% set ns = namespace(s='x') %}{% for i in range(100) %}{% set ns.s = ns.s + ns.s %}{% endfor %}", TOO_MANY),
    ("{% for i in range(100000) %}{% for j in range(100) %}0123456789{% endfor %}{% endfor %}", STEPS),
    ("{% set l = ['x' * 10000] * 1000 %}{{ [l] * 1000 }}", TOO_MANY),
    ("{{ lipsum(10**6) }}", TOO_MANY),
    ("{{ 'a\\nb'|indent(999999999) }}", TOO_MANY),
    ("{{ [1]|batch(999999999, 'x')|list }}", TOO_MANY),
    ("{{ ('x' * 1000)|replace('x', 'y' * 1000000) }}", TOO_MANY),
    ("{{ 'x'.replace('', 'y' * 100000000) }}", TOO_MANY),
    ("{{ '{0:{1}}'.format(1, 999999999) }}", TOO_MANY),
    ("{{ '%999999999d'|format(1) }}", TOO_MANY),
    ("{{ '%*d' % (999999999, 1) }}", "'*' width"),
    ("{{ (2 ** 100000) }}", "an integer of more than"),
    ("{{ 1 / 0 }}", "ZeroDivisionError: division by zero"),
    ("{{ 10.0 ** 1000 }}", "OverflowError"),
    ("{{ 'a' * 'b' }}", "TypeError: can't multiply sequence"),
    ("{{ 1 < 'a' }}", "TypeError: '<' not supported"),
    ("{{ 'x'|center('y') }}", "TypeError"),
], ids=lambda value: value[:40] if isinstance(value, str) and "{" in value else None)
def test_a_template_over_its_budget_is_refused_with_its_line(source, message):
    with pytest.raises(TemplateLimit, match=message.replace("*", r"\*").replace("(", r"\(")) as caught:
        render("<p>\n" + source, s="x" * 10_000)
    assert caught.value.lineno == (1 if "include" in source else 2)     # x.j2 includes itself on its line 1


def test_the_time_limit_ends_a_render(monkeypatch):
    monkeypatch.setattr(timelimit, "MAX_RENDER_SECONDS", 0.0)
    with pytest.raises(TemplateLimit, match="rendering took longer than 0 s"):
        render("{% for i in range(10) %}{% endfor %}")


EVERYDAY = ("{{ 'a' ~ 1 }} {{ [1, 2]|join(',') }} {{ '%5d' % 3 }} {{ '{:>4}'.format(2) }} {{ 7 // 2 }} "
            "{% for i in range(3) %}{{ loop.index }}/{{ loop.length }}{% if loop.last %}.{% endif %}{% endfor %} "
            "{{ names|map('upper')|join(', ') }} {{ 'x'|center(5) }}| {{ '<b>'|e }} {{ title ~ '!' }} "
            "{{ '{}<{}>'.format('a', '&') }} {{ 2 ** 10 }} {{ [1, 2] + [3] }} {{ 'ab' * 2 }} {{ -3 }} "
            "{% set x %}set {{ 1 }}{% endset %}{{ x }} {% macro m(v) %}[{{ v }}]{% endmacro %}{{ m('w') }} "
            "{% for a in [[1, [2]]] recursive %}{{ a if a is number else loop(a) }}{% endfor %}")


def test_everyday_templates_render_as_in_jinja_s_own_sandbox():
    plain = ImmutableSandboxedEnvironment(autoescape=True, undefined=jinja2.StrictUndefined)
    values = {"names": ["a", "b"], "title": "<T>"}
    assert render(EVERYDAY, **values) == plain.from_string(EVERYDAY).render(**values)


def test_a_render_s_budget_is_its_own():
    """Renders do not share a budget: two renders of 200,000 steps each pass (together over the 250,000),
    and no budget is left behind."""
    for _ in range(2):
        render("{% for i in range(100000) %}{% endfor %}{% for i in range(100000) %}{% endfor %}")
    assert budget._CURRENT.get() is None


def test_sizes_count_shared_items_at_each_use():
    text = "x" * 1000
    assert weight([text] * 10) >= 10_000 and weight([[text] * 10] * 10) >= 100_000
    assert printf_size("%5d and %.3f", (1, 2.0)) >= 8
    assert filter_size("center", ("x", 100), {}) >= 100 and filter_size("join", ([1, 2, 3], "--"), {}) >= 6
