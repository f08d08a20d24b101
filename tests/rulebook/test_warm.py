"""Warming the rulebook's layout forkserver up (cardgen/rulebook/warm.py) changes how soon a chapter is laid
out, never what it is."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.conftest import PROJECT

pytestmark = pytest.mark.pdf          # lays out PDFs (make test-fast leaves it out)

EXAMPLE_BOOK = PROJECT / "content" / "rulebook" / "Regeln.md"

# the example rulebook by chapters, from a cold process or one warmed up as the forkserver is (its chapter
# workers forked from it where there are two cores, so they inherit what the warm-up left)
LAY_OUT = """
import hashlib, sys
from pathlib import Path
from cardgen import speed
speed.install()
import cardgen.pdf.parts
if sys.argv[2] == "warm":
    from cardgen.rulebook.warm import warm_up
    assert warm_up()
from cardgen.rulebook.build import build_rulebook
result = build_rulebook(Path(sys.argv[1]), Path("unused.pdf"), [], write=False, chapters=True)
assert result.chapters > 1, result.one_chapter
sys.stdout.write(hashlib.sha256(result.pdf).hexdigest())
"""


def test_a_book_laid_out_after_the_warm_up_is_byte_for_byte_that_of_a_cold_process(tmp_path):
    procs = [subprocess.Popen([sys.executable, "-c", LAY_OUT, str(EXAMPLE_BOOK), how], stdout=subprocess.PIPE,
                              text=True, cwd=tmp_path) for how in ("cold", "warm")]
    cold, warm = (proc.communicate()[0] for proc in procs)
    assert [proc.returncode for proc in procs] == [0, 0]
    assert len(cold) == 64 and warm == cold


def test_the_warm_page_links_the_stylesheets_a_book_links():
    """The warm-up pays off only where its stylesheets are the book's (parsed once per process, by URL)."""
    from cardgen.rulebook.build import rulebook_page
    from cardgen.rulebook.warm import warm_page

    head = rulebook_page(EXAMPLE_BOOK, EXAMPLE_BOOK.read_text(encoding="utf-8"), []).html.split("<body", 1)[0]
    links = [line for line in warm_page().splitlines() if line.startswith("<link")]
    assert len(links) == 3
    assert [link.split('"')[3] in head for link in links] == [True, True, False]   # fonts.css, book.css; his base
