"""The card stage's faces (cardgen.cards.faces) without rendering: faces kept in the cache with their
warnings, read back a pair at a time, in the order asked."""

from __future__ import annotations

import pytest

from cardgen.build.cache import Cache
from cardgen.cards.face import Face
from cardgen.cards import faces as faces_module
from cardgen.cards.faces import FaceStore, cached_warnings, power_pairs, render_faces, store_face, unit_pairs
from cardgen.cards.planning import FaceJob
from cardgen.build.context import BuildContext
from cardgen.errors import RenderError
from cardgen.geometry import FacePage

PAGE = FacePage(120, 80)


def _job(owner: str, kind: str) -> FaceJob:
    return FaceJob(owner, kind, None, PAGE, 6.0, f"{owner}-{kind}")


@pytest.fixture
def store(tmp_path) -> FaceStore:
    cache = Cache(tmp_path)
    jobs = [_job("b", "front"), _job("b", "back"), _job("a", "front"), _job("a", "back"), _job("p", "power")]
    for job in jobs:
        store_face(cache, job.key, Face(f"%PDF {job.key}".encode(), (f"warn {job.key}",)))
    return FaceStore(cache, jobs)


def test_a_stored_face_comes_back_with_its_warnings(store):
    assert store["a-front"] == b"%PDF a-front"
    assert cached_warnings(store.cache, "a-front") == ("warn a-front",)
    assert cached_warnings(store.cache, "nie") is None


def test_pairs_in_the_order_asked(store):
    pairs = unit_pairs(list(store.jobs.values()), store, ["a", "b"])
    assert len(pairs) == 2
    assert pairs[0] == (b"%PDF a-front", b"%PDF a-back")
    assert pairs[1:] == [(b"%PDF b-front", b"%PDF b-back")]
    assert list(power_pairs(list(store.jobs.values()), store, ["p"])) == [(b"%PDF p-power", None)]


def test_a_face_that_vanished_without_its_job_is_an_error(store):
    with pytest.raises(RenderError, match="^the cached face weg vanished during the build; build again$"):
        store["weg"]


def test_a_rendered_faces_notes_about_the_machine_are_said_once_and_not_counted(tmp_path, monkeypatch):
    """A note (cardgen.pdf.wrapper.SYSTEM_NOTES) from each of three renders: said once, no warning, not cached."""
    monkeypatch.setattr(faces_module, "PARALLEL_FROM", 99)          # render here, in this process
    monkeypatch.setattr(faces_module, "pool_context", lambda preload, warm: None)
    monkeypatch.setattr(faces_module, "_render_safely",
                        lambda job: Face(b"%PDF " + job.key.encode(), (), (), ("note: install libharfbuzz-subset0",)))
    ctx = BuildContext(content=None, derived=None, out_dir=tmp_path)  # type: ignore[arg-type]
    render_faces(ctx, [_job("a", "front"), _job("a", "back"), _job("p", "power")])
    assert ctx.summary.notes == ["note: install libharfbuzz-subset0"]
    assert ctx.summary.warnings == []
    assert cached_warnings(ctx.cache, "a-front") == ()


def test_on_one_usable_core_the_faces_render_here_without_a_pool(tmp_path, monkeypatch):
    """The cores this process may use (``taskset`` counted: cardgen.speed.workers.usable_cores), not the
    machine's: pinned to one core, a build forks no render workers onto it."""
    monkeypatch.setattr(faces_module, "usable_cores", lambda: 1)
    monkeypatch.setattr(faces_module, "pool_context", lambda preload, warm: None)

    def no_pool(*args, **kwargs):
        raise AssertionError("a process pool on one core")
    monkeypatch.setattr(faces_module, "ProcessPoolExecutor", no_pool)
    monkeypatch.setattr(faces_module, "render_here", lambda jobs: [Face(b"%PDF " + j.key.encode(), ()) for j in jobs])
    ctx = BuildContext(content=None, derived=None, out_dir=tmp_path)  # type: ignore[arg-type]
    render_faces(ctx, [_job("a", "front"), _job("a", "back"), _job("p", "power")])
    assert ctx.cache.has("faces", "a-back")


MISSING_IMPORT = "refused to read theme/schriften.css: no such file"


def _said(job: FaceJob) -> Face:
    """A face whose render met the theme's missing @import; b's back overflows too."""
    own = ("text overflows",) if job.key == "b-back" else ()
    return Face(b"%PDF " + job.key.encode(), (MISSING_IMPORT, *own))


def test_a_problem_every_face_met_is_one_line_with_its_count_rendered_and_reused(tmp_path, monkeypatch):
    """Issue 41, point 6: a theme's missing @import reached every face; said once with its count and
    the first faces, the one face's own warning as before -- whether rendered now or reused."""
    monkeypatch.setattr(faces_module, "PARALLEL_FROM", 99)          # render here, in this process
    monkeypatch.setattr(faces_module, "pool_context", lambda preload, warm: None)
    monkeypatch.setattr(faces_module, "_render_safely", _said)
    jobs = [_job("a", "front"), _job("a", "back"), _job("b", "front"), _job("b", "back"), _job("p", "power")]
    expected = [f"{MISSING_IMPORT} (5 faces: card 'a' (front), card 'a' (back), card 'b' (front), …)",
                "card 'b' (back): text overflows"]
    for run in ("rendered", "reused"):
        ctx = BuildContext(content=None, derived=None, out_dir=tmp_path)  # type: ignore[arg-type]
        render_faces(ctx, jobs)
        assert ctx.summary.warnings == expected, run
        assert len(ctx.summary.reused if run == "reused" else ctx.summary.built) == 5


def test_two_faces_sharing_a_problem_are_both_named():
    assert faces_module.face_warnings([("card 'a' (front)", "w"), ("card 'a' (front)", "w"),
                                       ("card 'b' (back)", "w")]) == ["w (2 faces: card 'a' (front), card 'b' (back))"]
