"""The version stamp (cardgen/project/revision.py): the project file's version, else the git tag at the
checked-out commit, and the commit; printed on the rulebook's title page and in its footer, never
a date, so one revision gives the same bytes and a new commit changes only the stamp."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from cardgen.project.file import find_project
from cardgen.project.revision import git_commit, git_tag, project_stamp
from cardgen.rulebook.build import build_rulebook
from conftest import one_unit_content

pytestmark = pytest.mark.pdf          # renders PDFs (make test-fast leaves it out)

needs_git = pytest.mark.skipif(shutil.which("git") is None or shutil.which("pdftotext") is None,
                               reason="needs git to make a repository and pdftotext (poppler-utils)")

BOOK = """---
puppeteer:
    pdf:
        displayHeaderFooter: true
        footerTemplate: '<div style="text-align: center">Seite <span class="pageNumber"></span></div>'
---

# Testregeln

## Bewegung

Eine Einheit bewegt sich bis zu ihrer GK weit.
"""


def git(root: Path, *args: str) -> str:
    return subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", "-c", "tag.gpgSign=false",
                           "-c", "commit.gpgSign=false", *args], cwd=root, check=True, capture_output=True,
                          text=True).stdout.strip()


def repository(root: Path, project_file: str | None = 'version = "1.2"\n') -> Path:
    root.mkdir(parents=True, exist_ok=True)
    if project_file is not None:
        (root / "cardgen.toml").write_text(project_file + 'rulebooks = ["Regeln/*.md"]\n', encoding="utf-8")
    (root / "Regeln").mkdir(exist_ok=True)
    (root / "Regeln" / "Regeln.md").write_text(BOOK, encoding="utf-8")
    git(root, "init", "-q", "-b", "main")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "first")
    return root


@needs_git
def test_the_commit_and_the_tags_git_itself_names(tmp_path):
    root = repository(tmp_path / "repo")
    assert git_commit(root) == git(root, "rev-parse", "--short=7", "HEAD")
    assert git_tag(root) is None
    git(root, "tag", "v1.0")                                    # lightweight, a loose ref file
    assert git_tag(root) == "v1.0"
    git(root, "tag", "-a", "v1.1", "-m", "release")             # annotated: peeled from its loose object
    assert git_tag(root) == "v1.1"
    git(root, "pack-refs", "--all")                             # both in packed-refs (the annotated one peeled)
    assert not (root / ".git" / "refs" / "tags" / "v1.1").exists()
    assert git_tag(root) == "v1.1"
    (root / "Regeln" / "Regeln.md").write_text(BOOK + "\nNeu.\n", encoding="utf-8")
    git(root, "commit", "-qam", "second")
    assert git_tag(root) is None                                # the tags name the first commit
    assert git_commit(root) == git(root, "rev-parse", "--short=7", "HEAD")


@needs_git
def test_the_stamp_of_a_project(tmp_path):
    root = repository(tmp_path / "repo")
    commit = git_commit(root)
    assert find_project(root).stamp() == f"Version 1.2 · Commit {commit}"
    git(root, "tag", "v2.0")
    assert find_project(root).stamp() == f"Version 1.2 · Commit {commit}"     # the project file's version wins
    (root / "cardgen.toml").write_text('rulebooks = ["Regeln/*.md"]\n', encoding="utf-8")
    assert find_project(root).stamp() == f"Version v2.0 · Commit {commit}"    # else the tag, as git describe
    assert project_stamp(root, "1.2", has_project_file=False) == ""         # no project file: no stamp
    plain = repository(tmp_path / "plain", project_file=None)
    assert find_project(plain).stamp() == ""


def test_a_tag_ref_leading_out_of_the_repository_is_not_read(tmp_path):
    root = tmp_path / "repo"
    (root / ".git" / "refs" / "tags").mkdir(parents=True)
    outside = tmp_path / "outside"
    outside.write_text("a" * 40 + "\n", encoding="utf-8")
    (root / ".git" / "HEAD").write_text("a" * 40 + "\n", encoding="utf-8")
    (root / ".git" / "refs" / "tags" / "v9").symlink_to(outside)
    assert git_commit(root) == "aaaaaaa"
    assert git_tag(root) is None


def _text(pdf: bytes, page: int, *crop: str) -> str:
    """``pdftotext`` of one page (``crop``: its -x -y -W -H options, in points), whitespace collapsed."""
    done = subprocess.run(["pdftotext", "-f", str(page), "-l", str(page), *crop, "-", "-"], input=pdf,
                          capture_output=True, check=True)
    return " ".join(done.stdout.decode("utf-8").split())


def _footer_and_title(pdf: bytes) -> tuple[str, str]:
    """The title page's text, and the text of page 2's bottom margin (A4: the lowest 2 cm)."""
    return _text(pdf, 1), _text(pdf, 2, "-x", "0", "-y", "785", "-W", "595", "-H", "57")


@needs_git
def test_the_rulebook_prints_the_stamp_on_its_title_page_and_in_its_footer(tmp_path):
    root = repository(tmp_path / "repo")
    project = find_project(root)
    source = root / "Regeln" / "Regeln.md"
    first = build_rulebook(source, root / "a.pdf", write=False, project=project).pdf
    again = build_rulebook(source, root / "b.pdf", write=False, project=project).pdf
    assert first == again                                       # no date, no time: the same bytes
    stamp = f"Version 1.2 · Commit {git_commit(root)}"
    title, footer = _footer_and_title(first)
    assert title.startswith("Testregeln") and title.endswith(stamp)
    assert footer == f"Seite 2 {stamp}"                         # the designer's footer, then the stamp

    git(root, "commit", "-q", "--allow-empty", "-m", "no content change")
    later = build_rulebook(source, root / "c.pdf", write=False, project=find_project(root)).pdf
    new_stamp = f"Version 1.2 · Commit {git_commit(root)}"
    assert new_stamp != stamp
    texts = [_footer_and_title(pdf) for pdf in (first, later)]
    assert [re.sub(r"Commit [0-9a-f]{7}", "Commit X", " ".join(t)) for t in texts][0] == \
        [re.sub(r"Commit [0-9a-f]{7}", "Commit X", " ".join(t)) for t in texts][1]
    assert new_stamp in texts[1][0] and new_stamp in texts[1][1]


@needs_git
def test_a_rulebook_without_a_footer_gets_one_for_the_stamp_and_without_a_project_file_none(tmp_path):
    root = repository(tmp_path / "repo")
    source = root / "Regeln" / "Regeln.md"
    source.write_text(BOOK.replace("displayHeaderFooter: true", "displayHeaderFooter: false"), encoding="utf-8")
    _, footer = _footer_and_title(build_rulebook(source, root / "a.pdf", write=False, project=find_project(root)).pdf)
    assert footer == f"Version 1.2 · Commit {git_commit(root)}"
    (root / "cardgen.toml").unlink()
    title, footer = _footer_and_title(build_rulebook(source, root / "a.pdf", write=False,
                                                     project=find_project(root)).pdf)
    assert footer == "" and "Commit" not in title


def _cards_text(root: Path) -> str:
    from cardgen.build.run import build
    build(root / "content", root / "build", project=find_project(root))
    done = subprocess.run(["pdftotext", "-layout", str(root / "build" / "cards.pdf"), "-"], capture_output=True,
                          check=True, text=True)
    return done.stdout


@needs_git
def test_the_card_corner_shows_the_version_only_when_the_project_asks(tmp_path):
    root = tmp_path / "repo"
    one_unit_content(root / "content")
    (root / "cardgen.toml").write_text('version = "1.2"\nrulebooks = []\n', encoding="utf-8")
    assert find_project(root).card_stamp() == ""                              # off by default
    assert not re.search(r"\b1\.2\b", _cards_text(root))
    (root / "cardgen.toml").write_text('version = "1.2"\nversion_on_cards = true\nrulebooks = []\n',
                                       encoding="utf-8")
    assert find_project(root).card_stamp() == "1.2"
    assert re.search(r"^\s*1\.2\s+\d+ pkt", _cards_text(root), re.M)           # left of the points, same line
    (root / "cardgen.toml").write_text('version_on_cards = true\nrulebooks = []\n', encoding="utf-8")
    git(root, "init", "-q", "-b", "main")
    git(root, "add", "-A")
    git(root, "commit", "-qm", "first")
    assert find_project(root).card_stamp() == git_commit(root)                 # no version, no tag: the commit
