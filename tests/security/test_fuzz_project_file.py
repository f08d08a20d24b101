"""Fuzzing ``cardgen.toml`` (cardgen/project/file.py) with random and assembled TOML: reading it, and
matching its rulebooks globs, ends in a project or a :class:`CardgenError`, never a traceback."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from cardgen.errors import CardgenError
from cardgen.project.file import PROJECT_FILE, load_project
from conftest import fuzz_examples

KEYS = ["content", "out", "rulebooks", "assets", "theme", "fonts", "strict", "version", "version_on_cards",
        "keyword_links", "toc", "css", "toc.levels", "css.cards", "css.rulebook", "unbekannt", "a.b.c"]
texts = st.sampled_from(["content", "", ".", "..", "../x", "/etc", "a\\u0000b", "\\u0000", "x" * 300,
                         "y/" * 600, "**/*.md", "/".join(["**"] * 20) + "/*.md", "/".join(["*"] * 20),
                         "Regeln/*.md", "[", "a\\\\b", "ä/ö.md", "\\ud7ff", "build/.cache", "cardgen.toml"])
scalars = st.one_of(texts.map(lambda t: f'"{t}"'), texts.map(lambda t: f"'{t}'"), st.integers().map(str),
                    st.sampled_from(["true", "false", "1.5", "inf", "nan", "1979-05-27", '"""a\nb"""', "{}", "[]"]))
values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4).map(lambda items: "[" + ", ".join(items) + "]"),
    st.lists(st.tuples(st.sampled_from(KEYS), inner), max_size=3).map(
        lambda pairs: "{" + ", ".join(f"{k} = {v}" for k, v in pairs) + "}")), max_leaves=12)
lines = st.one_of(st.tuples(st.sampled_from(KEYS), values).map(lambda kv: f"{kv[0]} = {kv[1]}"),
                  st.sampled_from(["[toc]", "[css]", "[[toc]]", "[a." * 40 + "b]", "# comment", "", "[", "=",
                                   "x = " + "[" * 100 + "]" * 100, "x = " + "{a = " * 80 + "1" + "}" * 80]))
documents = st.lists(lines, max_size=8).map("\n".join)


def check(text: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        for name in ("content", "Regeln/sub", "theme/fonts"):
            (root / name).mkdir(parents=True)
        (root / "Regeln" / "a.md").write_text("# a\n", encoding="utf-8")
        (root / PROJECT_FILE).write_text(text, encoding="utf-8", errors="surrogatepass")
        try:
            project = load_project(root / PROJECT_FILE)
            project.rulebook_sources()
        except CardgenError:
            pass


@settings(max_examples=fuzz_examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(documents)
@example('content = "\\u0000"\n')
@example("toc = " + "{a = " * 3000 + "1" + "}" * 3000)
@example("[" + ".".join(["a"] * 3000) + "]\n")
def test_assembled_project_files_end_without_a_traceback(text):
    check(text)


@settings(max_examples=fuzz_examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(st.sampled_from('abc =[]{}"\'\\#.\n\x00u0*/'), max_size=200))
@example('assets = ["\\u0000"]')
def test_random_project_files_end_without_a_traceback(text):
    check(text)
