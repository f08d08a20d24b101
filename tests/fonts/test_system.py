"""What fontconfig sees (cardgen.fonts.system): a digest that changes when a font file or a configuration
file changes, and the paths the journal watches."""

from __future__ import annotations

import os

from cardgen.fonts import system as fontview
from cardgen.fonts.system import FontView, font_view, font_view_digest, user_config_paths


def _view(tmp_path) -> FontView:
    (tmp_path / "fonts.conf").write_text("<fontconfig/>", encoding="utf-8")
    (tmp_path / "fonts").mkdir(exist_ok=True)
    (tmp_path / "fonts" / "a.ttf").write_bytes(b"eins")
    return FontView((str(tmp_path / "fonts.conf"),), (), (str(tmp_path / "fonts"),), (),
                    (str(tmp_path / "fonts" / "a.ttf"),))


def test_the_digest_follows_font_files_configuration_and_fontconfig_variables(tmp_path, monkeypatch):
    monkeypatch.delenv("FONTCONFIG_FILE", raising=False)
    view = _view(tmp_path)
    before = view.digest()
    assert view.digest() == before
    (tmp_path / "fonts" / "a.ttf").write_bytes(b"zwei, laenger")
    changed_font = view.digest()
    assert changed_font != before
    (tmp_path / "fonts.conf").write_text("<fontconfig><dir>x</dir></fontconfig>", encoding="utf-8")
    assert view.digest() != changed_font
    now = view.digest()
    monkeypatch.setenv("FONTCONFIG_FILE", str(tmp_path / "fonts.conf"))
    assert view.digest() != now


def test_paths_list_each_path_once_with_the_users_configuration(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "cfg"))
    view = _view(tmp_path)._replace(config_dirs=(str(tmp_path / "fonts"),))
    paths = view.paths()
    assert len(paths) == len(set(paths))
    assert paths[:2] == (str(tmp_path / "fonts.conf"), str(tmp_path / "fonts"))
    assert os.path.join(str(tmp_path / "cfg"), "fontconfig", "fonts.conf") in paths
    assert set(user_config_paths()) <= set(paths)


def test_without_fontconfig_there_is_no_view_and_the_key_says_so(monkeypatch):
    monkeypatch.setattr(fontview, "_library", lambda: None)
    assert font_view() is None
    assert font_view_digest().startswith("no fontconfig (")
