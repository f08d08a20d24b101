"""What one template render may spend, and the error that ends a render that spends more.

Jinja's sandbox keeps a template away from Python's internals but not from the machine: nested
``range()`` loops run for ever, ``'x' * 10**13`` asks for 10 TB.  Every render gets a
:class:`Budget`: loop steps and calls (:data:`MAX_STEPS`), characters made -- every string,
list or printed piece a template makes counts its size (:data:`MAX_CHARS`) -- and the build's
time limit (:data:`cardgen.pdf.timelimit.MAX_RENDER_SECONDS`).  Operations ask before they run
(:meth:`Budget.check`), so a value over the budget is never made.  cardgen's largest render,
a rulebook page around the laid-out Markdown, makes about as many characters as the book's HTML.
"""

from __future__ import annotations

import time
from contextvars import ContextVar
from dataclasses import dataclass

from jinja2.sandbox import SecurityError

from cardgen.pdf import timelimit

MAX_STEPS = 250_000             # loop steps, calls, operators and includes of one render (a card face: ~200)
MAX_CHARS = 50_000_000          # characters one render makes: values and output (a rulebook's HTML is ~1 MB)
MAX_RANGE = 100_000             # numbers in one range() (Jinja's own MAX_RANGE)
MAX_INT_BITS = 16_384           # an integer a template computes (Python prints at most 4,300 digits)


class TemplateLimit(SecurityError):
    """A template went over a limit of its render (:class:`Budget`); ``filename`` and ``lineno``
    name the template's line where that is known."""

    filename: str | None = None
    lineno: int | None = None


@dataclass
class Budget:
    """What is left to one render: steps, characters, and the time it must end by."""

    steps: int
    chars: int
    deadline: float
    seconds: float

    @classmethod
    def start(cls) -> "Budget":
        seconds = timelimit.MAX_RENDER_SECONDS
        return cls(MAX_STEPS, MAX_CHARS, time.monotonic() + seconds, seconds)

    def step(self) -> None:
        """One loop step, call, operator or include; over :data:`MAX_STEPS` or the time limit: refused."""
        self.steps -= 1
        if self.steps < 0:
            raise TemplateLimit(f"more than {MAX_STEPS:,} loop steps and calls in one render; look for nested "
                                "loops or a macro that calls itself")
        if time.monotonic() > self.deadline:
            raise TemplateLimit(f"rendering took longer than {self.seconds:g} s")

    def check(self, chars: int) -> None:
        """Refuse to make ``chars`` characters more than the render has left."""
        if chars > self.chars:
            raise TemplateLimit(f"would make more than {MAX_CHARS:,} characters in one render (at least "
                                f"{chars:,} at once); look for a string or list multiplied, joined, padded "
                                "or grown in a loop")

    def spend(self, chars: int) -> None:
        """Count ``chars`` characters made (refused, like :meth:`check`, beyond what is left)."""
        self.check(chars)
        self.chars -= chars


_CURRENT: ContextVar[Budget | None] = ContextVar("cardgen_template_budget", default=None)


def current() -> Budget:
    """The budget of the render under way; outside a render (Jinja folds constants when it compiles)
    a fresh one, so one operation is still bounded."""
    return _CURRENT.get() or Budget.start()


def begin() -> object:
    """Start a render's budget; returns the token :func:`end` takes."""
    return _CURRENT.set(Budget.start())


def end(token: object) -> None:
    _CURRENT.reset(token)  # type: ignore[arg-type]
