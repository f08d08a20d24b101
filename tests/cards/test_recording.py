"""What the imposer's writer wrote for one chunk, kept to be written again (cardgen.cards.recording):
written and read back exactly; anything cut short, foreign or not holding together is a ValueError."""

from __future__ import annotations

import pytest

from cardgen.cards.recording import RECORDING, Image, Recording

EVENTS = [("n", 7), ("s", 7, b"<< /Type /Page >>"), ("w", 8, b"<< /Length 3 >>", b"abc"), ("k", 7)]


def test_a_recording_comes_back_as_written():
    recording = Recording(list(EVENTS), Image(7, b"7 0 obj ... 8 0 obj", [(1, 0, 0), (1, 10, 0), (2, 8, 0)]))
    data = recording.to_bytes()
    assert data.startswith(RECORDING)
    assert Recording.from_bytes(data) == recording
    assert Recording.from_bytes(Recording(list(EVENTS)).to_bytes()) == Recording(list(EVENTS))


@pytest.mark.parametrize("rows, holds", [
    ([(1, 0, 0), (1, 4, 0)], True),
    ([(1, 9, 0)], False),                 # an offset past the stretch
    ([(1, 0, 0), (2, 8, 0)], False),      # an object stream that is not one of its own written objects
    ([(1, 0, 0), (2, 7, 0)], True),
])
def test_an_image_holds_together_only_within_itself(rows, holds):
    assert Image(7, b"01234567", rows).holds_together() is holds


@pytest.mark.parametrize("damage", [
    lambda data: b"cardgen-chunk 1\n" + data[len(RECORDING):],      # another format
    lambda data: data[:-2],                                          # cut short
    lambda data: data[:len(RECORDING)] + b"x" + data[len(RECORDING) + 1:],   # unknown event
])
def test_anything_else_is_a_value_error(damage):
    with pytest.raises(ValueError):
        Recording.from_bytes(damage(Recording(list(EVENTS)).to_bytes()))


def test_an_image_that_does_not_hold_together_is_refused():
    data = Recording([], Image(1, b"ab", [(1, 5, 0)])).to_bytes()
    with pytest.raises(ValueError, match="an image that does not hold together"):
        Recording.from_bytes(data)
