"""Warming the renderer up (cardgen/cards/warm.py) changes how soon a face is made, never what it is."""

from __future__ import annotations

import json
import subprocess
import sys

from tests.conftest import EXAMPLE
import pytest

pytestmark = pytest.mark.pdf          # renders PDFs (make test-fast leaves it out)

# every face of three example units and one power card, as a cold or a warmed-up process renders them
RENDER = """
import hashlib, json, sys
from pathlib import Path
from cardgen import speed
speed.install()
{warm}
from cardgen.build.cache import toolchain_digest
from cardgen.cards.faces import render_here
from cardgen.cards.planning import plan_faces
from cardgen.build.context import CardOptions
from cardgen.stages import load_and_derive

content, derived = load_and_derive(Path(sys.argv[1]))
jobs = plan_faces(content, CardOptions(), toolchain_digest(), derived)
units = sorted(content.units)[:3]
picked = [job for job in jobs if job.owner in units] + [job for job in jobs if job.kind == "power"][:1]
faces = render_here(picked)
print(json.dumps({{f"{{job.owner}} {{job.kind}}": hashlib.sha256(face.pdf).hexdigest()
                  for job, face in zip(picked, faces)}}))
"""


def faces_rendered(*warm: bool) -> list[dict[str, str]]:
    """The faces' hashes from one fresh process per entry of ``warm``, run side by side."""
    procs = [subprocess.Popen([sys.executable, "-c", RENDER.format(warm="from cardgen.cards.warm import warm_up; warm_up()" if w else ""),
                               str(EXAMPLE)], stdout=subprocess.PIPE, text=True) for w in warm]
    outputs = [proc.communicate()[0] for proc in procs]
    assert [proc.returncode for proc in procs] == [0] * len(procs)
    return [json.loads(output) for output in outputs]


def test_faces_rendered_after_the_warm_up_are_byte_for_byte_those_of_a_cold_process():
    cold, warm = faces_rendered(False, True)
    assert len(cold) == 7 and {name.split()[1] for name in cold} == {"front", "back", "power"}
    assert warm == cold


def test_the_warm_up_renders_a_face_of_every_kind_and_writes_nothing(tmp_path, monkeypatch):
    from cardgen.cards import warm

    before = sorted(p.relative_to(warm.SAMPLE_CONTENT) for p in warm.SAMPLE_CONTENT.rglob("*"))
    monkeypatch.chdir(tmp_path)
    kinds: list[str] = []
    render_here = warm.render_here
    monkeypatch.setattr(warm, "render_here", lambda jobs: kinds.extend(job.kind for job in jobs) or render_here(jobs))
    assert warm.warm_up() is True
    assert sorted(kinds) == ["back", "front", "power"]
    assert list(tmp_path.iterdir()) == []
    assert sorted(p.relative_to(warm.SAMPLE_CONTENT) for p in warm.SAMPLE_CONTENT.rglob("*")) == before


def test_a_failed_warm_up_leaves_the_process_cold_and_says_so(monkeypatch):
    from cardgen.cards import warm

    monkeypatch.setattr(warm, "SAMPLE_CONTENT", warm.SAMPLE_CONTENT / "no-such-folder")
    assert warm.warm_up() is False
