"""Finding cardgen.toml (cardgen.project.find): the nearest one at or above the folder, unless it may
not be trusted; then a warning naming it, and the search goes on upward."""

from __future__ import annotations

import os

import pytest

from cardgen.project import find as projectfind
from cardgen.project.find import SAFE_ENV, distrust, find_project_file

pytestmark = pytest.mark.skipif(not hasattr(os, "geteuid"), reason="systems without user ids trust every file")


@pytest.fixture
def nested(tmp_path, monkeypatch):
    monkeypatch.delenv(SAFE_ENV, raising=False)
    monkeypatch.setattr(projectfind, "_warned", set())
    (tmp_path / "projekt" / "content" / "units").mkdir(parents=True)
    (tmp_path / "projekt" / "cardgen.toml").write_text("", encoding="utf-8")
    (tmp_path / "projekt").chmod(0o755)
    return tmp_path / "projekt"


def test_the_nearest_project_file_above_is_found(nested):
    assert find_project_file(nested / "content" / "units") == nested / "cardgen.toml"
    assert find_project_file(nested) == nested / "cardgen.toml"


def test_a_file_in_a_folder_everyone_may_write_is_passed_over_with_a_warning(nested, capsys):
    nested.chmod(0o777)
    assert distrust(nested / "cardgen.toml") == "its folder may be written by every user"
    assert find_project_file(nested / "content") != nested / "cardgen.toml"
    err = capsys.readouterr().err
    assert f"cardgen.toml: warning: ignored: its folder may be written by every user; run cardgen as the " \
           f"file's owner, or name the file in {SAFE_ENV} if you trust it" in err


def test_a_file_of_another_user_is_distrusted_unless_named_as_safe(nested, monkeypatch):
    monkeypatch.setattr(projectfind, "effective_uid", lambda: os.geteuid() + 1)
    path = nested / "cardgen.toml"
    assert distrust(path) == f"it belongs to another user (uid {os.geteuid()}, not {os.geteuid() + 1})"
    monkeypatch.setenv(SAFE_ENV, str(path))
    assert distrust(path) is None
    monkeypatch.setenv(SAFE_ENV, "*")
    assert distrust(path) is None
