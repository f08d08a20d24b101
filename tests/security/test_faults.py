"""Faults on the output side of ``cardgen build`` (issue 8, items 9, 10 and 13).

Injected faults -- a full disk while staging, a rename failing half-way
through the commit, an output folder that cannot be written, a build killed
with SIGKILL, a damaged render cache -- must each end in one line naming the
file and the reason (exit 1) or in a correct build; the output folder is
always the previous build's or the new one's, never a mix, and no
temporary file stays behind.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

import cardgen.atomic
import cardgen.build.outputs
from cardgen.build.run import build
from cardgen.safefs import FileRefused
from conftest import FIXTURES, PROJECT, unit

pytestmark = pytest.mark.pdf          # renders PDFs (make test-fast leaves it out)


@pytest.fixture(scope="module")
def built_once(tmp_path_factory):
    """One unit, one group, one rulebook, built once per module; returns (content, out): read only."""
    root = tmp_path_factory.mktemp("built")
    content, out = root / "content", root / "out"
    shutil.copytree(FIXTURES / "rules", content)
    for kind, data in (("units", unit()),
                       ("groups", {"id": "trupp", "name": "Trupp", "faction": "test",
                                   "models": [{"unit": "probe", "label": "a", "leader": True},
                                              {"unit": "probe", "label": "b"}]})):
        (content / kind).mkdir(exist_ok=True)
        (content / kind / f"{data['id']}.yaml").write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False),
                                                           encoding="utf-8")
    (content / "Regeln.md").write_text("# Regeln\n\nText.\n", encoding="utf-8")
    build(content, out)
    return content, out


@pytest.fixture
def built(built_once, tmp_path):
    """A copy of ``built_once`` (outputs and cache, mtimes kept) in tmp_path; returns (content, out)."""
    content, out = tmp_path / "content", tmp_path / "out"
    shutil.copytree(built_once[0], content)
    shutil.copytree(built_once[1], out)
    return content, out


def snapshot(out: Path) -> dict[str, bytes]:
    """Every output and the manifest (not the face, sheet and chunk caches)."""
    return {p.relative_to(out).as_posix(): p.read_bytes() for p in sorted(out.rglob("*"))
            if p.is_file() and not p.relative_to(out).as_posix().startswith((".cache/faces", ".cache/sheets",
                                                                           ".cache/warnings", ".cache/chunks"))}


def temporaries(out: Path) -> list[Path]:
    return [p for p in out.rglob("*") if p.name.endswith(".tmp")]


def rename_unit(content: Path, name: str) -> None:
    path = content / "units" / "probe.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("name: Probe", f"name: {name}"), encoding="utf-8")


def manifest_is_true(out: Path) -> None:
    """Every output the manifest lists is on disk with exactly the recorded length and hash."""
    manifest = json.loads((out / ".cache" / "manifest.json").read_text(encoding="utf-8"))
    outputs = {k[len("output:"):]: v for k, v in manifest.items() if k.startswith("output:")}
    assert outputs
    for name, stamp in outputs.items():
        data = (out / name).read_bytes()
        assert f"{len(data)}:{hashlib.sha256(data).hexdigest()}" == stamp, name


# --- 9. I/O errors on the output side -------------------------------------------------------------


def test_disk_full_while_staging_is_one_line_and_changes_nothing(cli, built, monkeypatch):
    content, out = built
    before = snapshot(out)
    rename_unit(content, "Voll")
    real_write = os.write

    def write_until_full(fd, data):                     # cards.pdf fills the disk half-way
        if "cards.pdf" in os.readlink(f"/proc/self/fd/{fd}"):
            real_write(fd, bytes(data[:len(data) // 2]))
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real_write(fd, data)

    if not Path("/proc/self/fd").is_dir():
        pytest.skip("reads /proc/self/fd (Linux)")
    monkeypatch.setattr(cardgen.atomic.os, "write", write_until_full)
    code, _, err = cli("build", "--content", content, "--out", out)
    monkeypatch.undo()
    assert code == 1
    assert re.fullmatch(r"\S*out/(groups/trupp|changed-cards|cards)\.pdf: No space left on device\n", err), err
    assert snapshot(out) == before
    assert temporaries(out) == []


def test_an_output_folder_that_is_a_file_is_one_line(cli, rules_content, tmp_path):
    rules_content("units", unit())
    out = tmp_path / "out"
    out.write_text("not a folder", encoding="utf-8")
    code, _, err = cli("build", "--content", rules_content.root, "--out", out)
    assert code == 1
    assert re.fullmatch(r"\S*out(/\.cache)?: (Not a directory|File exists)\n", err), err


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
def test_an_unwritable_output_folder_is_one_line(cli, rules_content, tmp_path, monkeypatch):
    rules_content("units", unit())
    out = tmp_path / "out"
    out.mkdir()
    out.chmod(0o555)
    if os.geteuid() == 0:                               # root writes anyway: refuse as the kernel would
        real_mkdir = os.mkdir

        def refuse(path, *args, **kwargs):
            if Path(path).parent == out:
                raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(path))
            return real_mkdir(path, *args, **kwargs)

        monkeypatch.setattr(os, "mkdir", refuse)
    try:
        code, _, err = cli("build", "--content", rules_content.root, "--out", out)
    finally:
        monkeypatch.undo()
        out.chmod(0o755)
    assert code == 1
    assert re.fullmatch(r"\S*out/\.cache: Permission denied\n", err), err


@pytest.mark.parametrize("error, line", [
    (OSError(errno.EIO, "Input/output error", "build/cards.pdf"), "cardgen: build/cards.pdf: Input/output error"),
    (FileRefused("content/x.md", "a FIFO, not a regular file"), "cardgen: content/x.md: a FIFO, not a regular file"),
])
def test_an_io_error_escaping_a_command_is_one_line(cli, monkeypatch, error, line):
    def fail(args):
        raise error

    monkeypatch.setattr("cardgen.commands.show.cmd_list", fail)
    code, _, err = cli("list")
    assert (code, err) == (1, line + "\n")


# --- 13. the commit is all or nothing -------------------------------------------------------------


def test_a_rename_failing_half_way_rolls_back_every_output(cli, built, monkeypatch):
    content, out = built
    before = snapshot(out)
    rename_unit(content, "Umbenannt")                   # cards, group, changed cards and manifest change
    real_replace, calls = os.replace, []

    def second_fails(src, dst):
        calls.append(dst)
        if len(calls) == 2:
            raise OSError(errno.EIO, os.strerror(errno.EIO), src)
        return real_replace(src, dst)

    commit = cardgen.build.outputs.Outputs.commit

    def failing_commit(self):
        monkeypatch.setattr(cardgen.build.outputs.os, "replace", second_fails)
        try:
            commit(self)
        finally:
            monkeypatch.setattr(cardgen.build.outputs.os, "replace", real_replace)

    monkeypatch.setattr(cardgen.build.outputs.Outputs, "commit", failing_commit)
    code, _, err = cli("build", "--content", content, "--out", out)
    assert code == 1
    assert re.fullmatch(r"\S+\.pdf: Input/output error\n", err), err
    assert len(calls) >= 2
    assert snapshot(out) == before                      # the first rename was undone, the manifest is old
    assert temporaries(out) == []

    monkeypatch.undo()
    summary = build(content, out)                       # the next build still sees the unit as changed
    assert summary.changed == ["probe"]
    manifest_is_true(out)


def test_a_killed_build_leaves_nothing_the_next_build_keeps(rules_content, tmp_path):
    # the first "rendered" line comes when every face is rendered (and the pool, if any, has ended): the kill
    # lands while the faces are stored and the sheets imposed, however many units there are
    for number in range(2):
        rules_content("units", unit(f"einheit_{number}"))
    out = tmp_path / "out"
    proc = subprocess.Popen([sys.executable, "-m", "cardgen", "build", "--content", str(rules_content.root),
                             "--out", str(out)], cwd=PROJECT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            text=True)
    try:
        line = proc.stdout.readline()                   # the first face is rendered: kill it now
        assert "rendered" in line or "reused" in line, line
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        proc.stdout.close()
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True,
                          text=True).stdout.strip()
    planted = [out / f".cardgen-{dead}-cards.pdf.abc123.tmp", out / ".cache" / "faces" / f".cardgen-{dead}-x.pdf.1.tmp"]
    for path in planted:                                # what a kill during the commit would leave
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"%PDF half")
    ours = out / f".cardgen-{os.getpid()}-live.pdf.1.tmp"   # a running build's file is left alone
    ours.write_bytes(b"%PDF running")
    (out / "cards.pdf").write_bytes(b"%PDF-1.7 truncated")  # and an output cut short

    summary = build(rules_content.root, out)
    ours.unlink()
    assert temporaries(out) == []
    assert "cards.pdf" in summary.built
    manifest_is_true(out)
    assert build(rules_content.root, out).built == []   # consistent: the next build reuses everything


# --- 10. a damaged cache is repaired, never a crash -----------------------------------------------


def face_files(out: Path) -> list[Path]:
    return sorted(p for p in (out / ".cache" / "faces").iterdir() if p.suffix == ".pdf")   # not the callouts


@pytest.mark.parametrize("damage", ["truncate", "flip", "swap", "folder", "fifo"])
def test_a_damaged_face_is_rendered_again(built, damage):
    content, out = built
    cards = (out / "cards.pdf").read_bytes()
    faces = face_files(out)
    assert len(faces) == 2
    victim, other = faces
    data = victim.read_bytes()
    victim.unlink()
    if damage == "truncate":
        victim.write_bytes(data[:len(data) // 2])
    elif damage == "flip":                              # same length: only the hash tells
        victim.write_bytes(data[:-10] + bytes(b ^ 0xFF for b in data[-10:]))
    elif damage == "swap":                              # another valid face under this key
        victim.write_bytes(other.read_bytes())
    elif damage == "folder":
        victim.mkdir()
    else:
        os.mkfifo(victim)
    (out / "cards.pdf").unlink()                        # so that the faces are imposed again,
    shutil.rmtree(out / ".cache" / "chunks")            # not written from the chunks recorded
    summary = build(content, out)
    assert "cards.pdf" in summary.built
    assert (out / "cards.pdf").read_bytes() == cards    # the right faces, byte for byte
    assert victim.is_file() and victim.read_bytes() == data


@pytest.mark.parametrize("manifest", ["{not json", "[1, 2]", '{"sheet:cards.pdf": 1}', "[" * 100000, None])
def test_a_damaged_manifest_counts_as_none(built, manifest):
    content, out = built
    path = out / ".cache" / "manifest.json"
    path.unlink()
    if manifest is None:
        path.mkdir()
    else:
        path.write_text(manifest, encoding="utf-8")
    summary = build(content, out)
    assert "cards.pdf" in summary.built
    manifest_is_true(out)


@pytest.mark.parametrize("where", [".cache", ".cache/faces", ".cache/sheets", ".cache/warnings", ".cache/chunks"])
def test_a_file_where_a_cache_folder_belongs_is_replaced(built, where):
    content, out = built
    cards = (out / "cards.pdf").read_bytes()
    shutil.rmtree(out / where)
    (out / where).write_text("in the way", encoding="utf-8")
    (out / "cards.pdf").unlink()
    build(content, out)
    assert (out / where).is_dir()
    assert (out / "cards.pdf").read_bytes() == cards
    manifest_is_true(out)


GARBAGE_SHEET = json.dumps({"pdf": "bm90IGEgUERG", "width": 842, "height": 595, "slots": []})   # "not a PDF"


@pytest.mark.parametrize("damage", ["[]", GARBAGE_SHEET])
def test_a_damaged_sheet_layout_is_laid_out_again(built, damage):
    content, out = built
    cards = (out / "cards.pdf").read_bytes()
    for path in (out / ".cache" / "sheets").iterdir():
        path.write_text(damage, encoding="utf-8")
    (out / "cards.pdf").unlink()
    from cardgen.cards.sheetlayout import layout_sheet
    layout_sheet.cache_clear()                          # the layouts are remembered per process
    build(content, out)
    assert (out / "cards.pdf").read_bytes() == cards


@pytest.mark.parametrize("damage", ["truncate", "edit"])
def test_a_damaged_output_is_built_again(built, damage):
    content, out = built
    target = out / "groups" / "trupp.pdf"
    good = target.read_bytes()
    if damage == "truncate":
        target.write_bytes(good[:len(good) // 2])
    else:
        target.write_bytes(good[:-1] + b"X")
    summary = build(content, out)
    assert summary.built == ["groups/trupp.pdf"]
    assert target.read_bytes() == good
