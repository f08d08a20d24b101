"""What the preview server hands out as files (cardgen.serve.files): regular files inside the served
folders only."""

from __future__ import annotations

import pytest

from cardgen.safefs import FileRefused, Roots
from cardgen.serve.files import ServedFolders


def test_served_folders_give_only_regular_files_inside(tmp_path):
    folder, outside = tmp_path / "folder", tmp_path / "outside"
    folder.mkdir()
    outside.mkdir()
    (folder / "a.css").write_text("a {}", encoding="utf-8")
    (outside / "secret.txt").write_text("secret", encoding="utf-8")
    (folder / "link.txt").symlink_to(outside / "secret.txt")
    (folder / "sub").mkdir()
    served = ServedFolders()
    html = served.rewrite(f'<link href="{(folder / "a.css").as_uri()}"><img src="{(outside / "secret.txt").as_uri()}">',
                          Roots.build(folder))
    assert html == '<link href="/files/0/a.css"><img src="about:invalid">'
    assert served.find("/files/0/a.css") == (folder / "a.css").resolve()
    for refused in ("/files/0/link.txt", "/files/0/sub", "/files/0/../outside/secret.txt", "/files/1/a.css"):
        with pytest.raises(FileRefused):
            served.find(refused)
