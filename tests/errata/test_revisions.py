"""cardgen.errata.revisions: one side of ``cardgen diff`` -- a folder, or a git revision."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from cardgen.errata.revisions import from_folder, from_git, open_revision
from cardgen.errors import UsageError
from conftest import FIXTURES


def test_a_folder_holding_units_is_a_content_folder(tmp_path):
    content = tmp_path / "c"
    (content / "units").mkdir(parents=True)
    (content / "Regeln.md").write_text("# R\n", encoding="utf-8")
    revision = from_folder(content, label="alt")
    assert (revision.label, revision.content, revision.project.root, revision.tree) == ("alt", content, content, None)
    assert revision.rulebooks == (("Regeln.md", content / "Regeln.md"),)


def test_any_other_folder_is_a_project_root_with_its_content_in_content(tmp_path):
    (tmp_path / "content" / "Regeln").mkdir(parents=True)
    (tmp_path / "content" / "Regeln" / "B.md").write_text("# B\n", encoding="utf-8")
    (tmp_path / "content" / "A.md").write_text("# A\n", encoding="utf-8")
    revision = from_folder(tmp_path)
    assert revision.content == tmp_path / "content"
    assert [name for name, _ in revision.rulebooks] == ["content/A.md", "content/Regeln/B.md"]


def test_a_folder_with_a_project_file_reads_its_content_folder(tmp_path):
    (tmp_path / "cardgen.toml").write_text('content = "daten"\n', encoding="utf-8")
    (tmp_path / "daten").mkdir()
    revision = from_folder(tmp_path)
    assert revision.content == tmp_path / "daten"
    assert revision.project.file == tmp_path / "cardgen.toml"


@pytest.mark.parametrize("spec", ["--output=x", "-h", "a b", "", "x" * 201])
def test_a_spec_that_could_be_an_option_or_is_no_revision_is_refused(tmp_path, spec):
    with pytest.raises(UsageError) as caught:
        from_git(spec, tmp_path, tmp_path)
    assert str(caught.value) == f"'{spec}' is neither a folder nor a git revision"


def test_outside_a_repository(tmp_path):
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    with pytest.raises(UsageError, match=r"^'v1' is not a folder, and .* is not in a git repository$"):
        from_git("v1", tmp_path, tmp_path)


@pytest.fixture
def repo(tmp_path):
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    root = tmp_path / "repo"
    shutil.copytree(FIXTURES / "rules", root / "content")

    def git(*args):
        subprocess.run(["git", "-C", str(root), "-c", "user.name=t", "-c", "user.email=t@t", *args],
                       check=True, capture_output=True)
    git("init", "-q")
    git("add", "-A")
    git("commit", "-qm", "eins")
    git("tag", "v1")
    return root


def test_an_unknown_revision_names_the_repository(repo, tmp_path):
    work = tmp_path / "work"
    work.mkdir()
    with pytest.raises(UsageError, match=r"^'v9' is neither a folder nor a revision of the git repository at "):
        from_git("v9", repo, work)


def test_a_git_revision_is_unpacked_and_read_like_a_folder(repo, tmp_path):
    work = tmp_path / "work"
    work.mkdir()
    (repo / "content" / "weapons" / "pistole.yaml").unlink()          # not committed: v1 still has it
    revision = open_revision("v1", repo, work)
    assert (revision.label, revision.tree) == ("v1", work / "rev-0" / "tree")
    assert revision.content == work / "rev-0" / "tree" / "content"
    assert (revision.content / "weapons" / "pistole.yaml").is_file()
    assert not (work / "rev-0" / "archive.tar").exists()


def test_an_existing_folder_wins_over_a_revision_of_that_name(repo, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "v1" / "units").mkdir(parents=True)
    revision = open_revision("v1", repo, tmp_path)
    assert (revision.tree, revision.content) == (None, tmp_path / "v1")
