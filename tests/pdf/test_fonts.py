"""One subset name, one font program (issue 42, point 3): in every PDF the example build writes (cards,
powers, group sheets, rulebook), a subset name stands for exactly one font program and each program is
embedded once -- WeasyPrint named every face's subset of a font alike, so cards.pdf held 36 different
programs under one name."""

from __future__ import annotations

import hashlib
from collections import defaultdict

import pikepdf
import pytest

from cardgen.pdf.fonts import PROGRAMS, program_tag, shared_fonts

pytestmark = pytest.mark.pdf          # reads the example build's PDFs


def embedded_programs(path) -> tuple[dict[str, set[str]], list[str]]:
    """(subset name -> SHA-256 of each program named so, the SHA-256 of every embedded program stream)."""
    names: dict[str, set[str]] = defaultdict(set)
    streams: dict[tuple[int, int], str] = {}
    with pikepdf.open(path) as pdf:
        for obj in pdf.objects:
            if not (isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == "/FontDescriptor"):
                continue
            for key in PROGRAMS:
                if isinstance(obj.get(key), pikepdf.Stream):
                    program = hashlib.sha256(obj[key].read_bytes()).hexdigest()
                    names[str(obj.FontName)].add(program)
                    streams[obj[key].objgen] = program
    return names, list(streams.values())


def example_pdfs(out) -> list:
    pdfs = [path for path in sorted(out.rglob("*.pdf")) if ".cache" not in path.parts]
    assert {"cards.pdf", "powers.pdf"} <= {p.name for p in pdfs}
    assert any(p.parent.name == "groups" for p in pdfs) and any("rulebooks" in p.parts for p in pdfs)
    return pdfs


def test_a_subset_name_stands_for_one_program_in_every_pdf_of_the_build(example_build):
    for path in example_pdfs(example_build.out):
        names, _ = embedded_programs(path)
        assert names, path
        shared = {name: len(programs) for name, programs in names.items() if len(programs) > 1}
        assert shared == {}, (path.name, shared)


def test_each_program_is_embedded_once_in_every_pdf_of_the_build(example_build):
    for path in example_pdfs(example_build.out):
        _, programs = embedded_programs(path)
        copies = {program[:12]: n for program in set(programs) if (n := programs.count(program)) > 1}
        assert copies == {}, (path.name, copies)


def test_the_tag_is_the_programs_digest(example_build):
    """The tag comes from the program's bytes: the same glyphs give the same name in every build."""
    names, _ = embedded_programs(example_build.out / "cards.pdf")
    with pikepdf.open(example_build.out / "cards.pdf") as pdf:
        for obj in pdf.objects:
            if isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == "/FontDescriptor":
                program = next(obj[key] for key in PROGRAMS if key in obj)
                assert str(obj.FontName)[1:7] == program_tag(program.read_bytes())
    assert len(names) > 5


def test_a_pdf_without_anything_to_share_keeps_its_bytes(example_build):
    data = (example_build.out / "powers.pdf").read_bytes()
    assert shared_fonts(data) == data
