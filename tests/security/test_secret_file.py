"""No file outside the allowed folders is ever read (issue 8, acceptance).

A secret folder is planted *beside* the content folder: a JPEG, a
stylesheet, a font, a rulebook and a unit file, each carrying the marker
``TOPSECRET-4711``.  A hostile rulebook and content folder then try every
way in -- Markdown and HTML images, CSS ``url()``, ``@import``,
``@font-face``, symlinks to files and folders, ``..`` and absolute paths,
``file:`` URLs and URL fragments -- and every output byte (PDFs, cache,
manifest), the text of every PDF and every line printed must be free of
the marker.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
import yaml
from PIL import Image

from cardgen.paths import FONTS_DIR
from conftest import FIXTURES, unit

pytestmark = pytest.mark.pdf          # renders PDFs (make test-fast leaves it out)

MARKER = "TOPSECRET-4711"

HOSTILE_RULEBOOK = """\
# Regeln

## Teil

![Markdown-Bild über einen Link](link.jpg)
![Markdown-Bild über ein Fragment](ok.jpg#/../../../secret/secret.jpg)
![Markdown-Bild über ..](../../secret/secret.jpg)
![Markdown-Bild über einen verlinkten Ordner](geheim/secret.jpg)

<img src="ok.jpg#/../../../secret/secret.jpg">
<img src="link.jpg">
<img src="../../secret/secret.jpg">
<img src="geheim/secret.jpg">
<img src="file://{secret}/secret.jpg">

<div class="bg"></div>

<style>
@import "link.css";
@import url("../../secret/secret.css");
@import url("file://{secret}/secret.css");
.bg {{ width: 10px; height: 10px; background: url("ok.jpg#/../../../secret/secret.jpg"); }}
@font-face {{ font-family: Geheim; src: url("font.ttf"); }}
p.g {{ font-family: Geheim; }}
</style>

<p class="g">Text</p>
"""


def jpeg(path: Path, comment: bytes = b"") -> None:
    Image.new("RGB", (4, 4), "blue").save(path, "JPEG", comment=comment)


@pytest.fixture
def planted(tmp_path):
    """``tmp/secret/`` (the secret) and ``tmp/content/`` (valid content + a hostile rulebook)."""
    secret = tmp_path / "secret"
    secret.mkdir()
    jpeg(secret / "secret.jpg", MARKER.encode())
    (secret / "secret.css").write_text(f'p::after {{ content: "{MARKER}"; }}', encoding="utf-8")
    (secret / "secret.md").write_text(f"# {MARKER}\n\n{MARKER}\n", encoding="utf-8")
    (secret / "secret.yaml").write_text(yaml.safe_dump(unit(MARKER.lower())), encoding="utf-8")
    shutil.copy(FONTS_DIR / "DejaVuSansMono.ttf", secret / "secret.ttf")

    content = tmp_path / "content"
    shutil.copytree(FIXTURES / "rules", content)
    (content / "units").mkdir()
    (content / "units" / "probe.yaml").write_text(yaml.safe_dump(unit("probe", weapons=["pistole"])),
                                                  encoding="utf-8")
    book = content / "rulebook"
    book.mkdir()
    (book / "Regeln.md").write_text(HOSTILE_RULEBOOK.format(secret=secret), encoding="utf-8")
    jpeg(book / "ok.jpg")
    (book / "ok.jpg#").mkdir()
    (book / "link.jpg").symlink_to(secret / "secret.jpg")
    (book / "link.css").symlink_to(secret / "secret.css")
    (book / "font.ttf").symlink_to(secret / "secret.ttf")
    (book / "geheim").symlink_to(secret, target_is_directory=True)
    (book / "Leck.md").symlink_to(secret / "secret.md")
    return tmp_path


def assert_nothing_leaked(out: Path, *printed: str) -> None:
    for text in printed:
        assert MARKER not in text and MARKER.lower() not in text
    files = [p for p in out.rglob("*") if p.is_file()]
    assert files, "the build wrote nothing to check"
    for path in files:
        data = path.read_bytes()
        assert MARKER.encode() not in data and MARKER.lower().encode() not in data, path
        if path.suffix == ".pdf" and shutil.which("pdftotext"):
            text = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True).stdout
            assert MARKER not in text, path


def test_build_reads_nothing_outside_the_content_folder(cli, planted):
    out = planted / "out"
    code, stdout, stderr = cli("build", "--content", planted / "content", "--out", out)
    assert code == 0, stderr
    assert_nothing_leaked(out, stdout, stderr)
    assert not any("Leck" in p.name for p in out.rglob("*")), "a linked rulebook was published"
    for name in ("link.jpg", "link.css", "font.ttf", "Leck.md"):
        assert name in stderr, f"{name} was refused without a word"


def test_rulebook_command_reads_nothing_outside_the_document_folder(cli, planted):
    out = planted / "out"
    code, stdout, stderr = cli("rulebook", planted / "content" / "rulebook" / "Regeln.md",
                               "--out", out / "Regeln.pdf", "--content", planted / "content")
    assert code == 0, stderr
    assert_nothing_leaked(out, stdout, stderr)
    assert stderr.count("warning") >= 8, stderr


def test_strict_build_fails_and_names_the_refused_files(cli, planted):
    out = planted / "out"
    code, stdout, stderr = cli("build", "--strict", "--content", planted / "content", "--out", out)
    assert code == 1
    assert MARKER not in stdout + stderr
    assert "link.jpg" in stderr and "outside the allowed folders" in stderr


def test_a_linked_content_file_is_refused_unread(cli, planted):
    content = planted / "content"
    (content / "units" / "leck.yaml").symlink_to(planted / "secret" / "secret.yaml")
    (content / "weapons" / "leck.yaml").symlink_to(planted / "secret" / "secret.yaml")
    for command in (("validate",), ("build", "--out", planted / "out")):
        code, stdout, stderr = cli(*command, "--content", content)
        assert code == 1, command
        assert MARKER not in stdout + stderr and MARKER.lower() not in stdout + stderr
        assert "units/leck.yaml" in stderr and "weapons/leck.yaml" in stderr
