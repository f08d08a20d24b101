"""Atomic file writes (cardgen.atomic, through the PDF wrapper's write_atomic): the whole new file, or the
old one."""

from __future__ import annotations

import os

import pytest

from cardgen import atomic
from cardgen.pdf import wrapper as pdf


def test_write_atomic_replaces_whole_files(tmp_path):
    target = tmp_path / "out" / "cards.pdf"
    pdf.write_atomic(target, b"first")
    pdf.write_atomic(target, b"second")
    assert target.read_bytes() == b"second"
    assert os.listdir(target.parent) == ["cards.pdf"]


def test_write_atomic_keeps_the_old_file_when_writing_fails(tmp_path, monkeypatch):
    target = tmp_path / "cards.pdf"
    target.write_bytes(b"last good")

    def broken_fsync(fd):
        raise OSError("disk full")

    monkeypatch.setattr(atomic.os, "fsync", broken_fsync)
    with pytest.raises(OSError):
        pdf.write_atomic(target, b"half")
    assert target.read_bytes() == b"last good"
    assert os.listdir(tmp_path) == ["cards.pdf"]
