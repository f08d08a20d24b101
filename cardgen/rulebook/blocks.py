"""The top-level blocks of a whole-book document: the children of ``body``, with ``main``'s children in
``main``'s place, each with its text's span (:mod:`cardgen.rulebook.chapters` cuts a book between them)."""

from __future__ import annotations

from dataclasses import dataclass
from html.parser import HTMLParser

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


@dataclass(frozen=True)
class Block:
    """One top-level block of the body: its text's span in the document, and whether it is inside ``main``."""

    start: int
    end: int
    tag: str
    in_main: bool


class BlockParser(HTMLParser):
    """Finds the top-level blocks of a whole-book document (see :class:`Block`)."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.starts = [0]
        for line in text.split("\n"):
            self.starts.append(self.starts[-1] + len(line) + 1)
        self.stack: list[str] = []
        self.body_start = self.main_open = self.main_close = -1
        self.blocks: list[list] = []

    def position(self) -> int:
        line, column = self.getpos()
        return self.starts[line - 1] + column

    def handle_starttag(self, tag: str, attrs) -> None:
        here = self.position()
        if self.stack == ["html", "body"] or self.stack == ["html", "body", "main"]:
            if tag == "main" and len(self.stack) == 2:
                self.main_open = here
            else:
                self.blocks.append([here, -1, tag, len(self.stack) == 3])
        if tag not in VOID:
            self.stack.append(tag)
        if tag == "body":
            self.body_start = here + len(self.get_starttag_text() or "")

    def handle_startendtag(self, tag: str, attrs) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in VOID and self.stack and self.stack[-1] == tag:
            self.stack.pop()

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID or tag not in self.stack:
            return
        while self.stack and self.stack.pop() != tag:
            pass
        here = self.position()
        if tag == "main" and self.stack == ["html", "body"]:
            self.main_close = here
        if self.stack in (["html", "body"], ["html", "body", "main"]) and self.blocks and self.blocks[-1][1] < 0:
            self.blocks[-1][1] = here + len(f"</{tag}>")
