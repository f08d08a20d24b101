"""The README stays short, and every relative link and picture in README.md, docs/*.md and docs/decisions/*.md
leads somewhere; the decisions' index lists every decision page and stays short too.

Checked, without the network: every inline link and image (``[text](target)``, ``![alt](target)``),
every reference definition (``[name]: target``) and every HTML ``src``/``href`` outside code spans and
code blocks.  A target with a scheme (``https:``, ``mailto:`` ...) is left alone; any other target
must name an existing file or folder relative to the page that links to it, and a ``#anchor`` into a
Markdown file (or into the page itself) must be the GitHub-style slug of one of its headings.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path
from urllib.parse import unquote

import pytest

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
DOCS = ROOT / "docs"
DECISIONS = DOCS / "decisions"
README_MAX_LINES = 150
DECISIONS_INDEX_MAX_LINES = 150
# The line under a numbered decision page's title (docs/decisions/NNNN-slug.md).
# "superseded by" (or "partly superseded by") links the page that replaced it.
_DATED = re.compile(r"^Date: \d{4}-\d{2}-\d{2} · Status: (accepted\b|(partly )?superseded by \[[^\]]+\]\([\w-]+\.md\))")

_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
_CODE_SPAN = re.compile(r"(`+)(?:.+?)\1", re.S)
# [text](target) and ![alt](target); the text may hold one level of brackets (an image in a link).
_INLINE = re.compile(r"!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(\s*(<[^>]*>|[^\s()]*(?:\([^\s()]*\)[^\s()]*)*)")
_REFERENCE = re.compile(r"^ {0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)", re.M)
_HTML = re.compile(r"""<(?:img|a|source)\b[^>]*?\s(?:src|href)\s*=\s*["']([^"']*)["']""", re.I)
_HTML_ANCHOR = re.compile(r"""<a\b[^>]*?\s(?:name|id)\s*=\s*["']([^"']*)["']""", re.I)
_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")
_HEADING = re.compile(r"^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$")


def pages() -> list[Path]:
    return [README, *sorted(DOCS.glob("*.md")), *sorted(DECISIONS.glob("*.md"))]


def _prose_lines(text: str) -> list[str]:
    """The lines of a Markdown text outside fenced code blocks (a fence's lines become empty)."""
    lines, fence = [], None
    for line in text.splitlines():
        m = _FENCE.match(line)
        if fence is None and m:
            fence = m.group(1)
            lines.append("")
        elif fence is not None:
            if m and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence):
                fence = None
            lines.append("")
        else:
            lines.append(line)
    return lines


def _without_code(text: str) -> str:
    return _CODE_SPAN.sub(lambda m: " " * len(m.group(0)), "\n".join(_prose_lines(text)))


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: its text without Markdown, lower case, punctuation dropped,
    spaces turned into hyphens (github-slugger)."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link or image keeps its text
    text = re.sub(r"<[^>]+>", "", text).replace("`", "")
    text = unicodedata.normalize("NFC", text).lower()
    text = "".join(c for c in text if c in "-_ " or unicodedata.category(c)[0] in "LNM")
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    """Every anchor a Markdown file has: its headings' slugs (repeats get -1, -2 ...) and HTML ids."""
    seen: dict[str, int] = {}
    found: set[str] = set()
    for line in _prose_lines(path.read_text(encoding="utf-8")):
        m = _HEADING.match(line)
        if not m:
            continue
        base = slug(m.group(2))
        n = seen.get(base, 0)
        seen[base] = n + 1
        found.add(base if n == 0 else f"{base}-{n}")
    found.update(_HTML_ANCHOR.findall(path.read_text(encoding="utf-8")))
    return found


def links(text: str) -> list[str]:
    prose = _without_code(text)
    targets = [m.group(1) for m in _INLINE.finditer(prose)]
    targets += [m.group(1) for m in _REFERENCE.finditer(prose)]
    targets += _HTML.findall(prose)
    return [t[1:-1] if t.startswith("<") and t.endswith(">") else t for t in targets]


def broken_links(page: Path) -> list[str]:
    """Each relative link or picture of ``page`` that leads nowhere, with the reason."""
    problems = []
    for target in links(page.read_text(encoding="utf-8")):
        if not target or _SCHEME.match(target):
            continue
        path_part, _, anchor = target.partition("#")
        path_part = unquote(path_part.split("?", 1)[0])
        dest = (page.parent / path_part).resolve() if path_part else page
        if not dest.exists():
            problems.append(f"{target}: no such file {dest}")
        elif anchor and dest.suffix == ".md":
            if unquote(anchor) not in anchors(dest):
                problems.append(f"{target}: no heading with the anchor #{anchor} in {dest.name}")
    return problems


def test_readme_fits_on_a_screen_or_two():
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= README_MAX_LINES, (
        f"README.md has {len(lines)} lines (at most {README_MAX_LINES}): move the rest to docs/"
    )


@pytest.mark.parametrize("page", pages(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_and_picture_resolves(page: Path):
    assert broken_links(page) == []


def test_the_index_lists_every_page_and_the_readme_links_it():
    index = DOCS / "index.md"
    listed = {(index.parent / unquote(t.partition("#")[0])).resolve() for t in links(index.read_text("utf-8"))}
    missing = [p.name for p in DOCS.glob("*.md") if p != index and p.resolve() not in listed]
    assert missing == [], f"docs/index.md does not list {missing}"
    assert "docs/index.md" in links(README.read_text("utf-8"))


def test_the_decisions_index_lists_every_decision_and_stays_short():
    index = DECISIONS / "index.md"
    text = index.read_text("utf-8")
    assert len(text.splitlines()) <= DECISIONS_INDEX_MAX_LINES, "docs/decisions/index.md: one line a decision"
    listed = {(DECISIONS / unquote(t.partition("#")[0])).resolve() for t in links(text)}
    missing = [p.name for p in DECISIONS.glob("*.md") if p != index and p.resolve() not in listed]
    assert missing == [], f"docs/decisions/index.md does not list {missing}"
    assert "decisions/index.md" in links((DOCS / "index.md").read_text("utf-8"))


def numbered_decisions() -> list[Path]:
    """The pages docs/decisions/NNNN-slug.md (not the dated 2026-11-28-slug.md pages of branches merged later)."""
    return [p for p in sorted(DECISIONS.glob("*.md")) if re.match(r"\d{4}-(?!\d{2}-\d{2}-)", p.name)]


@pytest.mark.parametrize("page", numbered_decisions(), ids=lambda p: p.name)
def test_a_decision_page_has_a_title_a_date_a_status_and_its_decision(page: Path):
    lines = page.read_text("utf-8").splitlines()
    assert lines[0].startswith("# ") and _DATED.match(lines[2]), f"{page.name}: '# Title', then 'Date: … · Status: …'"
    assert "## Decision" in lines, f"{page.name} has no '## Decision' section"


def test_the_checker_finds_a_broken_link_picture_and_anchor(tmp_path: Path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "card.png").write_bytes(b"")
    (tmp_path / "docs" / "other.md").write_text("# Other page\n\n## 2. Start: `cardgen init`\n\n## Größe — Ü\n")
    page = tmp_path / "README.md"
    page.write_text(
        "# Title\n\n## A heading\n\n"
        "![ok](docs/card.png) [ok](docs/other.md#2-start-cardgen-init) [ok](#a-heading) [ok](docs/)\n"
        "[ok](docs/other.md#größe--ü) [web](https://example.org/missing.md) `[code](missing.md)`\n\n"
        "```\n[fenced](missing.md)\n```\n\n"
        "![gone](docs/card-front.png) [gone](docs/nothing.md) [bad anchor](docs/other.md#nope)\n"
        "[bad anchor here](#nope) <img src=\"docs/none.svg\">\n\n[ref]: docs/missing-ref.md\n",
        encoding="utf-8",
    )
    found = [p.split(":")[0] for p in broken_links(page)]
    assert found == [
        "docs/card-front.png",
        "docs/nothing.md",
        "docs/other.md#nope",
        "#nope",
        "docs/missing-ref.md",
        "docs/none.svg",
    ]
