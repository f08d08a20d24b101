"""A block's inline tokens as one message with numbered placeholders, and a translation back as tokens.

What a translator may move but must not break becomes a placeholder, numbered in source order:

* paired markup -- emphasis, strong, strike-through, a link -- is ``<n>…</n>``: the translator moves
  the words inside, the target and the markup stay as the author wrote them;
* anything else that is not plain text -- inline code, inline HTML, a picture, a hard line break, and in
  the text a directive ``{{ … }}``, an attribute block ``{#id .class}``, a ``[Platzhalter]`` -- is ``{n}``;
  a literal ``{3}`` or ``<3>`` in the author's text is one too, so every ``{n}`` and ``<n>`` of a
  translation is a placeholder.

A soft line break is a space (the author re-wrapping a paragraph changes no message).  A translation is
read back only as plain text between the source's own tokens: it can add no markup of its own.
:func:`placeholder_problem` says what a translation broke (a placeholder missing, added, twice, or a
pair closed before it opens).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

from markdown_it import MarkdownIt
from markdown_it.token import Token

TEXT_SLOTS = re.compile(r"\{\{.*?\}\}|\{[#.][^{}\n]*\}|\{[^{}\n]*\}\s*$|\[[^\[\]\n]+\](?!\()|<\d+>|</\d+>|\{\d+\}")
"""What a text token keeps as a ``{n}`` placeholder: a directive, an attribute block (``{#id}``, ``{.class}``, any ``{…}`` that ends the block), a [Platzhalter],
and a literal that looks like a placeholder."""
PLACEHOLDER = re.compile(r"<(\d+)>|</(\d+)>|\{(\d+)\}")


@dataclass
class Message:
    """One block's message: its text with placeholders and the tokens each placeholder stands for
    (``slots[n]``: one token for ``{n}``, the open and close tokens for ``<n>``)."""

    text: str
    slots: dict[int, list[Token]]
    images: list[Token]                      # the block's pictures (their alt texts are messages of their own)


def to_message(children: list[Token]) -> Message:
    """The message of an inline token's ``children``."""
    parts: list[str] = []
    slots: dict[int, list[Token]] = {}
    opened: list[int] = []
    images: list[Token] = []
    for child in children:
        if child.type == "text":
            _text_parts(child.content, parts, slots)
        elif child.type == "softbreak":
            parts.append(" ")
        elif child.nesting == 1:
            number = len(slots) + 1
            slots[number] = [child]
            opened.append(number)
            parts.append(f"<{number}>")
        elif child.nesting == -1 and opened:
            number = opened.pop()
            slots[number].append(child)
            parts.append(f"</{number}>")
        else:
            number = len(slots) + 1
            slots[number] = [child]
            parts.append(f"{{{number}}}")
            if child.type == "image":
                images.append(child)
    return Message(re.sub(r"[ \t]+", " ", "".join(parts)).strip(), slots, images)


def _text_parts(text: str, parts: list[str], slots: dict[int, list[Token]]) -> None:
    start = 0
    for match in TEXT_SLOTS.finditer(text):
        parts.append(text[start:match.start()])
        number = len(slots) + 1
        slots[number] = [_text_token(match.group())]
        parts.append(f"{{{number}}}")
        start = match.end()
    parts.append(text[start:])


def placeholders(text: str) -> Counter[str]:
    """The placeholders of a message or translation, counted (``<1>``, ``</1>``, ``{2}``)."""
    return Counter(match.group() for match in PLACEHOLDER.finditer(text))


def placeholder_problem(source: str, translation: str) -> str | None:
    """What ``translation`` broke of ``source``'s placeholders, or None."""
    want, have = placeholders(source), placeholders(translation)
    missing = sorted((want - have).elements(), key=_order)
    extra = sorted((have - want).elements(), key=_order)
    if missing or extra:
        said = []
        said += [f"missing {', '.join(missing)}"] if missing else []
        said += [f"not in the source {', '.join(extra)}"] if extra else []
        return (f"placeholders do not match the source: {'; '.join(said)}; keep each of "
                f"{', '.join(sorted(want, key=_order)) or 'none'} once (they stand for markup, links and directives)")
    seen: set[str] = set()
    for match in PLACEHOLDER.finditer(translation):
        if match.group(2) is not None and match.group(2) not in seen:
            return f"</{match.group(2)}> closes before <{match.group(2)}> opens; keep the pair in order"
        if match.group(1) is not None:
            seen.add(match.group(1))
    return None


def markup_problem(source: str, translation: str) -> str | None:
    """What ``translation`` (a content rules text, inline Markdown as the cards print it) broke of
    ``source``'s markup -- its links, pictures, emphasis, code and HTML -- or None."""
    want, have = _markup(source), _markup(translation)
    if want == have:
        return None
    missing = sorted((want - have).elements())
    extra = sorted((have - want).elements())
    said = [f"missing {', '.join(missing)}"] if missing else []
    said += [f"not in the source {', '.join(extra)}"] if extra else []
    return f"markup does not match the source: {'; '.join(said)}; keep the source's links, pictures and emphasis"


@lru_cache(maxsize=1)
def _inline_parser() -> MarkdownIt:
    return MarkdownIt("commonmark").enable("strikethrough")


def _markup(text: str) -> Counter[str]:
    found: Counter[str] = Counter()
    for block in _inline_parser().parse(text):
        for child in block.children or ():
            if child.type in ("text", "softbreak") or child.nesting == -1:
                continue
            target = child.attrGet("href") or child.attrGet("src") or ""
            name = child.type.removesuffix("_open")
            found[f"{name} ({target})" if target else name] += 1
    return found


def _order(placeholder: str) -> tuple[int, int]:
    return int(re.sub(r"\D", "", placeholder)), placeholder.startswith("</")


def from_translation(message: Message, translation: str) -> list[Token]:
    """The tokens of ``translation`` (checked by :func:`placeholder_problem`): its text as text tokens,
    each placeholder as the source's own token(s)."""
    tokens: list[Token] = []
    start = 0
    for match in PLACEHOLDER.finditer(translation):
        _add_text(tokens, translation[start:match.start()])
        opening, closing, single = match.groups()
        if opening is not None:
            tokens.append(message.slots[int(opening)][0])
        elif closing is not None:
            tokens.append(message.slots[int(closing)][-1])
        else:
            tokens.append(message.slots[int(single)][0])
        start = match.end()
    _add_text(tokens, translation[start:])
    return _joined(tokens)


def _joined(tokens: list[Token]) -> list[Token]:
    """Adjacent text tokens as one new text token (the dialect's later rules read a heading's trailing
    ``{#id}`` from its last text token, as markdown-it's ``text_join`` leaves it)."""
    out: list[Token] = []
    for token in tokens:
        if token.type == "text" and out and out[-1].type == "text":
            out[-1] = _text_token(out[-1].content + token.content)
        elif token.type == "text":
            out.append(_text_token(token.content))
        else:
            out.append(token)
    return out


def plain_text(tokens: list[Token]) -> str:
    """What a reader reads of ``tokens`` (their text and code), for the inline token's ``content``."""
    return "".join(token.content for token in tokens if token.type in ("text", "code_inline"))


def _text_token(text: str) -> Token:
    token = Token("text", "", 0)
    token.content = text
    return token


def _add_text(tokens: list[Token], text: str) -> None:
    if text:
        tokens.append(_text_token(text))
