"""Hostile input end-to-end (issue point 8): HTML in content, escaping references, unsafe YAML.

tests/pdf/test_wrapper.py covers :class:`cardgen.pdf.fetcher.SafeFetcher` on its own and
tests/content/test_validate.py covers ``cardgen validate``; these tests go through
``cardgen build`` and ``cardgen rulebook`` as a user would.  The content is a
copy of tests/fixtures/rules plus files from tests/fixtures/hostile/ and one
unit, so a build renders only two faces.
"""

from __future__ import annotations

import re
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from cardgen.cards.planning import CardOptions, page_settings
from cardgen.cards.render import face_html
from cardgen.cards.view import unit_card
from cardgen.stages import load_content
from cardgen.rules.derive import derive
from conftest import FIXTURES, strip_root, unit

pytestmark = pytest.mark.pdf          # renders PDFs (make test-fast leaves it out)

HOSTILE = FIXTURES / "hostile"
SCRIPT = "<script>alert(1)</script>"
IMG = "<img src=x onerror=alert(1)>"

needs_pdftotext = pytest.mark.skipif(shutil.which("pdftotext") is None, reason="needs pdftotext (poppler-utils)")


def pdf_text(path: Path) -> str:
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], check=True, capture_output=True,
                          text=True).stdout


def small_content(root: Path, *extra: str, units: list[dict] | None = None) -> Path:
    """tests/fixtures/rules + the named hostile/ subfolders + ``units`` (default: one plain unit)."""
    shutil.copytree(FIXTURES / "rules", root)
    for folder in extra:
        shutil.copytree(HOSTILE / folder, root / folder, dirs_exist_ok=True)
    (root / "units").mkdir(exist_ok=True)
    for data in units if units is not None else [unit("probe", weapons=["pistole"])]:
        (root / "units" / f"{data['id']}.yaml").write_text(
            yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return root


# --- 5. HTML in content is text -------------------------------------------------------------------


@needs_pdftotext
def test_html_in_names_is_printed_as_text(cli, tmp_path):
    content = small_content(tmp_path / "content", "units", "weapons", units=[])
    out = tmp_path / "out"
    code, _, err = cli("build", "--content", content, "--out", out)
    assert code == 0, err
    text = pdf_text(out / "cards.pdf")
    assert SCRIPT in text
    assert IMG in text


def test_face_html_escapes_names(tmp_path):
    content = load_content(small_content(tmp_path / "content", "units", "weapons", units=[]))
    card = unit_card(derive(content).units["xss"], content)
    page, _ = page_settings(content, CardOptions())
    front = face_html("front", card, page)
    back = face_html("back", card, page)
    for html in (front, back):
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
        assert "<script" not in html.lower()
    assert "&lt;img src=x onerror=alert(1)&gt;" in front
    assert "<img src=x" not in front + back


@needs_pdftotext
def test_html_in_content_is_text_in_rulebook_tables(cli, tmp_path):
    content = small_content(tmp_path / "content", "effects")
    book = tmp_path / "Tabelle.md"
    book.write_text("# Tabelle\n\n{{ table: damage-effects }}\n", encoding="utf-8")
    out = tmp_path / "Tabelle.pdf"
    code, _, err = cli("rulebook", book, "--content", content, "--out", out)
    assert code == 0, err
    text = " ".join(pdf_text(out).split())
    assert "<b>Fett</b>" in text                 # shown as written, not as bold "Fett"
    assert "<img src=x" in text and "alert(1)>" in text   # hyphenated in its narrow cell
    assert SCRIPT in text
    assert "/x" not in err                       # the <img> in the name was never fetched


# --- 6. the rulebook reads nothing outside its folders, never the network ----------------------------

# Every hostile reference of tests/fixtures/hostile/rulebook/Hostile.md and how a warning names it.
REFUSED = {
    "/etc/passwd": re.compile(r"image not found: /etc/passwd\b"),
    "../…/etc/passwd": re.compile(r"image not found: (\.\./)+etc/passwd\b"),
    "http://example.com/x.png": re.compile(r"http://example\.com/x\.png"),
    "https://example.com/y.png": re.compile(r"https://example\.com/y\.png"),
    "https://example.com/a.png": re.compile(r"https://example\.com/a\.png"),
    "file:///etc/hostname": re.compile(r"file:///etc/hostname\b"),
    "../…/etc/group": re.compile(r"/etc/group\b"),
    "/etc/hosts": re.compile(r"/etc/hosts\b"),
    "http://example.com/evil.css": re.compile(r"http://example\.com/evil\.css"),
}
SECRET_FILES = ("/etc/passwd", "/etc/group", "/etc/hosts", "/etc/hostname")
_OPENED: list[str] | None = None


def _audit(event: str, args) -> None:
    if _OPENED is not None and event == "open" and isinstance(args[0], (str, bytes, Path)):
        name = str(args[0], "utf-8", "replace") if isinstance(args[0], bytes) else str(args[0])
        if name in SECRET_FILES:
            _OPENED.append(name)


sys.addaudithook(_audit)


@pytest.fixture
def no_network_no_secrets(monkeypatch):
    """Fail-safe spies: every socket connect / name lookup and every open() of SECRET_FILES is recorded."""
    global _OPENED
    calls: list[str] = []

    def connect(self, address, *args):
        calls.append(f"connect {address}")
        raise OSError("network disabled in this test")

    def getaddrinfo(host, *args, **kwargs):
        calls.append(f"getaddrinfo {host}")
        raise socket.gaierror("network disabled in this test")

    monkeypatch.setattr(socket.socket, "connect", connect)
    monkeypatch.setattr(socket.socket, "connect_ex", connect)
    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)
    _OPENED = []
    spies = {"network": calls, "opened": _OPENED}
    yield spies
    _OPENED = None


def assert_refused_and_named(err: str) -> None:
    warnings = [line for line in err.splitlines() if "warning" in line]
    for name, pattern in REFUSED.items():
        assert any(pattern.search(line) for line in warnings), f"no warning names {name}:\n{err}"


def secrets_in(text: str) -> list[str]:
    """Lines of the secret files that are long enough to be recognisable in ``text``."""
    found = []
    for name in ("/etc/passwd", "/etc/group"):
        try:
            lines = Path(name).read_text(encoding="utf-8", errors="replace").splitlines()
        except OSError:
            continue
        found += [line for line in lines if len(line) > 12 and line in text]
    return found


@needs_pdftotext
def test_rulebook_refuses_files_outside_and_urls(cli, tmp_path, no_network_no_secrets):
    folder = tmp_path / "buch"
    shutil.copytree(HOSTILE / "rulebook", folder)
    out = tmp_path / "Hostile.pdf"
    code, stdout, err = cli("rulebook", folder / "Hostile.md", "--out", out)
    assert code == 0, err
    assert_refused_and_named(err)
    assert no_network_no_secrets["network"] == []
    assert no_network_no_secrets["opened"] == []
    text = pdf_text(out)
    assert "Ende." in text
    assert secrets_in(text) == []


def test_rulebook_strict_refuses_to_write(cli, tmp_path, no_network_no_secrets):
    folder = tmp_path / "buch"
    shutil.copytree(HOSTILE / "rulebook", folder)
    out = tmp_path / "Hostile.pdf"
    code, _, err = cli("rulebook", folder / "Hostile.md", "--out", out, "--strict")
    assert code == 1
    assert_refused_and_named(err)
    assert not out.exists()
    assert no_network_no_secrets == {"network": [], "opened": []}


def test_rulebook_warns_about_file_url_images(cli, tmp_path, no_network_no_secrets):
    book = tmp_path / "Datei.md"
    book.write_text("# Datei\n\n![x](file:///etc/passwd)\n", encoding="utf-8")
    code, _, err = cli("rulebook", book, "--out", tmp_path / "Datei.pdf")
    assert code == 0
    assert no_network_no_secrets["opened"] == []
    assert any("file:///etc/passwd" in line and "warning" in line for line in err.splitlines()), err


@needs_pdftotext
def test_build_refuses_files_outside_and_urls(cli, tmp_path, no_network_no_secrets):
    content = small_content(tmp_path / "content", "rulebook")
    out = tmp_path / "out"
    code, stdout, err = cli("build", "--content", content, "--out", out)
    assert code == 0, err
    assert_refused_and_named(err)
    assert re.search(rf"built \d+, reused \d+, {len(REFUSED)} warning\(s\)", stdout), stdout
    assert (out / "cards.pdf").is_file()
    assert no_network_no_secrets == {"network": [], "opened": []}
    assert secrets_in(pdf_text(out / "rulebooks" / "rulebook" / "Hostile.pdf")) == []     # (reads the secrets itself)
    no_network_no_secrets["opened"].clear()

    # strict: the same warnings (reused from the cache) fail the build
    code, _, err = cli("build", "--content", content, "--out", out, "--strict")
    assert code == 1
    assert_refused_and_named(err)
    assert no_network_no_secrets == {"network": [], "opened": []}


# --- 7. YAML is data, never code ------------------------------------------------------------------

PYTHON_TAGS = [
    '!!python/object/apply:os.system ["touch {marker}"]',
    '!!python/object/apply:subprocess.check_call [["touch", "{marker}"]]',
    '!!python/object/new:subprocess.Popen [["touch", "{marker}"]]',
    "!!python/name:os.system",
]


@pytest.mark.parametrize("tag", PYTHON_TAGS, ids=["os.system", "check_call", "Popen", "name"])
def test_build_refuses_python_tags(cli, tmp_path, tag):
    content = small_content(tmp_path / "content")
    marker = tmp_path / "PWNED"
    value = tag.format(marker=marker)
    (content / "units" / "evil.yaml").write_text(
        f"id: evil\nname: {value}\nfaction: test\n", encoding="utf-8")
    out = tmp_path / "out"
    code, stdout, err = cli("build", "--content", content, "--out", out)
    assert code == 1
    assert not marker.exists()
    name = tag.split()[0]
    assert strip_root(err, content).splitlines() == [
        f"units/evil.yaml:2:7: name: YAML tag '{name}' is not allowed: content holds plain data only"]
    assert not out.exists()                      # validation comes first: nothing written


def test_build_refuses_oversized_file_in_one_line(cli, tmp_path):
    content = small_content(tmp_path / "content")
    big = content / "units" / "big.yaml"
    big.write_text("id: big\nname: Big\nrules: '" + "x" * (2 * 1024 * 1024) + "'\n", encoding="utf-8")
    out = tmp_path / "out"
    code, stdout, err = cli("build", "--content", content, "--out", out)
    assert code == 1
    assert strip_root(err, content).splitlines() == [
        "units/big.yaml:1:1: file is 2.0 MiB; content files are limited to 1 MiB"]
    assert not out.exists()
