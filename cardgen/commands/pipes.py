"""A reader that stops reading ends nothing: ``cardgen list | head -1`` exits as if it had been read.

When the program on the other side of a pipe exits early (``head``, a pager
closed), Python's next write to that pipe raises :class:`BrokenPipeError`, and
one ``print`` anywhere would end the command with ``cardgen: ?: Broken pipe``
(exit 1) or, at exit, an "Exception ignored" traceback.  :func:`quiet_pipes`
wraps the process's ``sys.stdout`` and ``sys.stderr`` once, at the command's
entry (:mod:`cardgen.entry`): the first broken write points that file
descriptor at ``os.devnull`` and every later write (and the flush at exit)
goes there.  The command then runs to its end and exits with its own code:
``cardgen build | head -1`` still writes every PDF; nothing is printed about
the pipe.  In-process callers (the tests) keep their own streams.
"""

from __future__ import annotations

import os
import sys
from typing import Any, TextIO


class QuietStream:
    """A text stream whose writes and flushes after the reader has gone are dropped without a word."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream
        self.gone = False

    def write(self, text: str) -> int:
        if not self.gone:
            try:
                return self._stream.write(text)
            except BrokenPipeError:
                self._silence()
        return len(text)

    def flush(self) -> None:
        if not self.gone:
            try:
                self._stream.flush()
            except BrokenPipeError:
                self._silence()

    def _silence(self) -> None:
        """Point the stream's descriptor at ``os.devnull`` (what is still buffered is flushed there)."""
        self.gone = True
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            try:
                os.dup2(devnull, self._stream.fileno())
            finally:
                os.close(devnull)
        except (OSError, ValueError):       # no descriptor (an in-memory stream): dropping is enough
            pass

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def quiet_pipes() -> None:
    """Wrap ``sys.stdout`` and ``sys.stderr`` in :class:`QuietStream` (once)."""
    for name in ("stdout", "stderr"):
        stream = getattr(sys, name)
        if stream is not None and not isinstance(stream, QuietStream):
            setattr(sys, name, QuietStream(stream))
