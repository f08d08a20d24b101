"""The card faces a rulebook shows as figures (cardgen.cards.figures), over faces already in the cache:
cards by id and kind, each face read once with its callouts, one digest over the faces shown."""

from __future__ import annotations

import pytest

from cardgen.build.cache import Cache
from cardgen.cards.face import Face
from cardgen.cards.faces import FaceStore, store_face
from cardgen.cards.figures import CardFaces, FaceArt, rulebook_faces
from cardgen.cards.planning import FaceJob
from cardgen.geometry import Callout, FacePage

CALLOUT = Callout(1, "top", 10.0, 20.0, 30.0, 40.0)


@pytest.fixture
def faces(tmp_path) -> CardFaces:
    cache = Cache(tmp_path)
    jobs = [FaceJob(owner, kind, None, page, 6.0, f"{owner}-{kind}") for owner, kind, page in [
        ("probe", "front", FacePage(120, 80)), ("probe", "back", FacePage(120, 80)),
        ("blitz", "power", FacePage(63, 88)), ("trupp/1", "front", FacePage(120, 80))]]
    for job in jobs:
        store_face(cache, job.key, Face(job.key.encode(), (), (CALLOUT,)))
    return CardFaces(jobs, FaceStore(cache, jobs))


def test_cards_by_id_and_kind_without_group_models(faces):
    assert faces.ids() == ["blitz", "probe"]
    assert (faces.kind_of("probe"), faces.kind_of("blitz"), faces.kind_of("trupp/1")) == ("unit", "power", None)


def test_a_face_is_read_once_with_its_size_and_callouts(faces):
    art = faces.art("blitz", "power")
    assert art == FaceArt("blitz-power", b"blitz-power", 63, 88, (CALLOUT,))
    assert faces.art("blitz", "power") is art


def test_the_digest_covers_only_the_cards_shown(faces):
    assert faces.keys(["probe"]) == faces.keys(["probe", "nie"]) != faces.keys(["probe", "blitz"])


def test_the_builds_faces_are_taken_and_no_content_gives_none(faces):
    assert rulebook_faces(faces, object(), None, None) == (faces, [])
    assert rulebook_faces(None, "no content", None, None) == (None, [])
