"""Issue 27 (8): ``cardgen diff``'s git revisions are unpacked by cardgen itself, each member of the
archive checked first (Python 3.11.0-3.11.3 have no ``extractall(filter=...)``): only folders and
regular files, nothing outside the folder, size and count capped; a hostile tar writes nothing."""

from __future__ import annotations

import io
import tarfile
from pathlib import Path

import pytest

from cardgen.errata.unpack import unpack
from cardgen.errors import UsageError
from .test_diff import diff, edit, git, needs_git, repository  # noqa: F401 (a fixture)


def member(name: str, kind: bytes = tarfile.REGTYPE, data: bytes = b"", **fields) -> tuple[tarfile.TarInfo, bytes]:
    info = tarfile.TarInfo(name)
    info.type, info.size = kind, len(data) if kind in (tarfile.REGTYPE, tarfile.AREGTYPE) else 0
    for key, value in fields.items():
        setattr(info, key, value)
    return info, data


def make_tar(path: Path, *members: tuple[tarfile.TarInfo, bytes]) -> Path:
    with tarfile.open(path, "w", format=tarfile.PAX_FORMAT) as archive:
        for info, data in members:
            archive.addfile(info, io.BytesIO(data) if info.type in (tarfile.REGTYPE, tarfile.AREGTYPE) else None)
    return path


def refused(tmp_path: Path, *members: tuple[tarfile.TarInfo, bytes], **caps: int) -> str:
    """The message of unpacking a tar of ``members`` (a harmless file first); nothing may be written."""
    tar = make_tar(tmp_path / "hostile.tar", member("content/ok.yaml", data=b"ok"), *members)
    with pytest.raises(UsageError) as caught:
        unpack(tar, tmp_path / "tree", "HEAD~1", **caps)
    assert not (tmp_path / "tree").exists()
    assert not (tmp_path / "evil").exists()
    return str(caught.value)


@pytest.mark.parametrize(("hostile", "why"), [
    (member("../evil", data=b"x"), "member '../evil': a '..' in its path"),
    (member("content/../../evil", data=b"x"), "member 'content/../../evil': a '..' in its path"),
    (member("/tmp/evil", data=b"x"), "member '/tmp/evil': an absolute path"),
    (member("dev", tarfile.CHRTYPE, devmajor=1, devminor=3), "member 'dev': neither a folder nor a regular file"),
    (member("blk", tarfile.BLKTYPE, devmajor=8, devminor=0), "member 'blk': neither a folder nor a regular file"),
    (member("fifo", tarfile.FIFOTYPE), "member 'fifo': neither a folder nor a regular file"),
    (member("sparse", tarfile.GNUTYPE_SPARSE), "member 'sparse': neither a folder nor a regular file"),
])
def test_a_hostile_member_is_refused_and_nothing_is_written(tmp_path, hostile, why):
    assert refused(tmp_path, hostile) == f"revision HEAD~1: archive not unpacked: {why}"


def test_size_and_count_are_capped(tmp_path):
    assert refused(tmp_path, member("big", data=b"x" * 1024 * 1024), max_bytes=1024 * 1024).endswith(
        "archive not unpacked: more than 1 MiB unpacked")
    assert refused(tmp_path, *(member(f"f{i}", data=b"") for i in range(5)), max_members=3).endswith(
        "archive not unpacked: more than 3 members")


def test_a_name_given_twice_or_a_file_where_a_folder_goes_is_refused(tmp_path):
    tar = make_tar(tmp_path / "twice.tar", member("a", data=b"1"), member("a", data=b"2"))
    with pytest.raises(UsageError, match="member 'a': named twice"):
        unpack(tar, tmp_path / "tree", "X")
    tar = make_tar(tmp_path / "under.tar", member("a", data=b"1"), member("a/b", data=b"2"))
    with pytest.raises(UsageError, match="member 'a/b': 'a' is already a file"):
        unpack(tar, tmp_path / "tree2", "X")


def test_links_are_skipped_never_followed(tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    tar = make_tar(tmp_path / "links.tar",
                   member("tree-link", tarfile.SYMTYPE, linkname=str(outside)),
                   member("tree-link/planted", data=b"through the link"),
                   member("hard", tarfile.LNKTYPE, linkname="/etc/passwd"),
                   member("content", tarfile.DIRTYPE),
                   member("content/unit.yaml", data=b"id: a\n"))
    unpack(tar, tmp_path / "tree", "X")
    assert list(outside.iterdir()) == []
    assert (tmp_path / "tree" / "tree-link").is_dir() and not (tmp_path / "tree" / "tree-link").is_symlink()
    assert (tmp_path / "tree" / "tree-link" / "planted").read_bytes() == b"through the link"
    assert not (tmp_path / "tree" / "hard").exists()
    assert (tmp_path / "tree" / "content" / "unit.yaml").read_bytes() == b"id: a\n"


@needs_git
def test_diff_works_where_extractall_has_no_filter(repository, monkeypatch):   # noqa: F811 (the fixture)
    """As on Python 3.11.0-3.11.3: ``extractall(filter=...)`` is a TypeError there."""
    original = tarfile.TarFile.extractall

    def old_extractall(self, path=".", members=None, *, numeric_owner=False, **kwargs):
        if kwargs:
            raise TypeError(f"extractall() got an unexpected keyword argument {next(iter(kwargs))!r}")
        return original(self, path, members, numeric_owner=numeric_owner)
    monkeypatch.setattr(tarfile.TarFile, "extractall", old_extractall)
    edit(repository / "content" / "units" / "kaempfer.yaml", "FK: 4", "FK: 5")
    git(repository, "commit", "-qam", "second")
    code, out, err = diff(repository, monkeypatch, "HEAD~1", "HEAD")
    assert (code, err) == (0, "")
    assert "FK: 4 → 5" in out
