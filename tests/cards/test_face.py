"""A rendered face as a render worker hands it back (cardgen.cards.face): plain, frozen data that does
not import the renderer."""

from __future__ import annotations

import dataclasses
import subprocess
import sys

import pytest

from cardgen.cards.face import Face
from cardgen.geometry import Callout


def test_a_face_is_frozen_data_with_no_callouts_by_default():
    face = Face(b"%PDF", ("w",))
    assert face.callouts == () and face == Face(b"%PDF", ("w",), ())
    assert Face(b"%PDF", (), (Callout(1, "top", 0, 0, 10, 10),)).callouts[0].number == 1
    with pytest.raises(dataclasses.FrozenInstanceError):
        face.pdf = b""                                   # type: ignore[misc]


def test_importing_it_loads_neither_the_renderer_nor_weasyprint():
    code = "import sys, cardgen.cards.face; print('weasyprint' in sys.modules, 'cardgen.cards.render' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.split() == ["False", "False"]
