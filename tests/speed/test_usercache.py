"""cardgen's own folders in the user's cache (cardgen.speed.usercache): where they are, and that only a
private folder of this user is used."""

from __future__ import annotations

import os
import sys

import pytest

from cardgen.speed.usercache import own_folder, user_cache_folder


@pytest.mark.skipif(os.name == "nt" or sys.platform == "darwin", reason="the XDG rule is the Linux one")
def test_the_folder_follows_xdg_and_ignores_a_relative_xdg(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert user_cache_folder("journal") == tmp_path / "cardgen" / "journal"
    monkeypatch.setenv("XDG_CACHE_HOME", "relativ")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert user_cache_folder("journal") == tmp_path / "home" / ".cache" / "cardgen" / "journal"


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="POSIX modes")
def test_only_a_private_folder_is_used(tmp_path):
    folder = tmp_path / "cardgen" / "journal"
    assert not own_folder(folder, create=False)
    assert own_folder(folder, create=True) and (folder.stat().st_mode & 0o777) == 0o700
    folder.chmod(0o777)
    assert not own_folder(folder, create=False)
    (tmp_path / "datei").write_text("x")
    assert not own_folder(tmp_path / "datei", create=False)
