"""The author's TODO notes: hidden and counted without ``draft``, shown, marked and counted with it.

One rule for every place a note can stand; each note counts once in ``env["todos"]`` (its source
line), so the build can say how many it hid (or, in a draft, shows):

* a ``!!! TODO ...`` admonition: the whole box with its body;
* a paragraph whose first word is ``TODO``: only that first line (``TODO austauschen`` directly
  above an image hides the note, not the image the note is about); a ``TODO`` later in a
  paragraph is prose and stays;
* a table cell holding the word ``TODO``: the word and the rest of the cell's text from it
  (``TODO Wert prüfen`` leaves an empty cell, ``Erfolg TODO prüfen`` leaves ``Erfolg``); the row
  and its other cells stay -- unless the row is left with nothing to show: a row whose other
  cells were all merged into the rows above (``|^^|^^|TODO Beschränkung?|``) and whose note
  cell is now empty goes, and the merged cells above span one row less (no empty half-row);
* a heading holding the word ``TODO``: the word and the rest of the heading's text
  (``Kräfte TODO`` prints as ``Kräfte``, in the contents too).  The heading keeps the id the
  dialect gave its whole title (``#kräfte-todo``), so links written against the editor still
  land.  A heading left without a letter (``03 . TODO`` leaves ``03 .``: a mission not yet
  named) is hidden **with its whole section** -- every subsection, up to the next heading of its
  level or above -- so nothing of an unfinished part is merged into the section before it.

``TODO`` counts as the word only in capitals and alone (``TODOS`` is no note).  Hidden notes are
removed from the token stream -- the images and links inside them are neither rendered nor
checked.  **A section left empty by hiding is dropped**: a heading whose section (everything up
to the next heading of its level or above) held notes, or whose own title was a note, and now
holds nothing else goes with its section, so it is neither printed nor listed in the contents.
A section that was empty in the source, without a note, stays.  Every section dropped is named in
``env["todo_sections"]`` by what its heading shows (``03``; a subsection inside a dropped section
is not named again), so the build can say which parts it hid.

In a draft every note stays: a TODO paragraph, table cell or heading gets the class ``todo`` so
it stands out (``book.css``).

Two core rules: :func:`todo_plugin` hides the blocks right after block parsing (before inline
parsing, so nothing inside them is looked at); :func:`todo_text_plugin`, added after the heading
ids (:mod:`cardgen.rulebook.slug`), cuts cells and headings and drops the emptied sections.  The
first leaves a ``todo_hidden`` token where it removed a block (rendered as nothing), so the
second knows which sections hiding emptied; the second removes them.
"""

from __future__ import annotations

import re

from markdown_it import MarkdownIt
from markdown_it.rules_core import StateCore
from markdown_it.token import Token

_TODO_TEXT = re.compile(r"^TODO\b")
_TODO_WORD = re.compile(r"(?<!\w)TODO(?![\w-])")        # not TODOS, not TODO-Liste
HIDDEN = "todo_hidden"                    # where a hidden block stood, until the sections are checked
_CONTAINERS = {"list_item_open", "bullet_list_open", "ordered_list_open", "blockquote_open", "admonition_open"}


def _is_todo_paragraph(tokens: list[Token], index: int) -> bool:
    token = tokens[index]
    return (token.type == "paragraph_open" and not token.hidden
            and bool(_TODO_TEXT.match(tokens[index + 1].content)))


def _block_end(tokens: list[Token], index: int) -> int:
    """Index after the close token matching the open token at ``index``."""
    depth = 0
    for position in range(index, len(tokens)):
        depth += tokens[position].nesting
        if depth == 0:
            return position + 1
    return len(tokens)


def _drop_first_line(paragraph: list[Token]) -> None:
    """Remove the TODO line of a paragraph that goes on after it."""
    opening, inline = paragraph[0], paragraph[1]
    inline.content = inline.content.split("\n", 1)[1]
    for token in (opening, inline):
        if token.map:
            token.map = [token.map[0] + 1, token.map[1]]


def _hidden_mark(token: Token, sections: list[str] | None = None) -> Token:
    """A mark where ``token``'s block was hidden; one standing for a dropped section keeps its
    heading's tag, so it still ends the section before it, and carries the names of the sections
    it stands for (``meta["sections"]``)."""
    mark = Token(HIDDEN, token.tag if token.type == "heading_open" else "", 0, map=token.map,
                 block=True, level=token.level)
    mark.meta["sections"] = sections or []
    return mark


def _section_name(inline: Token) -> str:
    """What a dropped section's heading shows, for the build's line (``03 .`` -> ``03``)."""
    return inline.content.strip().rstrip(".:-–— ").strip() or f"line {inline.map[0] + 1 if inline.map else 0}"


def _todo_rule(draft: bool):
    def hide_todos(state: StateCore) -> None:
        todos = state.env.setdefault("todos", [])
        kept: list[Token] = []
        index = 0
        tokens = state.tokens
        while index < len(tokens):
            token = tokens[index]
            is_admonition = token.type == "admonition_open" and token.meta.get("kind") == "todo"
            if not (is_admonition or _is_todo_paragraph(tokens, index)):
                kept.append(token)
                index += 1
                continue
            todos.append(token.map[0] + 1 if token.map else 0)
            end = _block_end(tokens, index)
            if draft:
                if not is_admonition:
                    token.attrJoin("class", "todo")
                kept.extend(tokens[index:end])
            elif not is_admonition and "\n" in tokens[index + 1].content:
                _drop_first_line(tokens[index:end])
                kept.extend(tokens[index:end])
            else:
                kept.append(_hidden_mark(token))
            index = end
        state.tokens = kept
    return hide_todos


def cut_at_todo(inline: Token) -> bool:
    """Cut the text of ``inline`` (a cell's or a heading's) at the word TODO; whether it held one.

    The children from the word on go, except the closing tokens of elements opened before it
    (``**fett TODO x**`` keeps its ``</strong>``)."""
    children = inline.children or []
    for index, child in enumerate(children):
        match = _TODO_WORD.search(child.content) if child.type == "text" else None
        if match is None:
            continue
        child.content = child.content[:match.start()].rstrip()
        kept, depth = children[:index + 1], 0
        for later in children[index + 1:]:
            if later.nesting == 1:
                depth += 1
            elif later.nesting == -1:
                if depth == 0:
                    kept.append(later)
                else:
                    depth -= 1
        inline.children = kept
        inline.content = "".join(c.content for c in kept if c.type in ("text", "code_inline")).strip()
        return True
    return False


def _has_letter(inline: Token) -> bool:
    return any(char.isalpha() for child in inline.children or () for char in child.content
               if child.type in ("text", "code_inline"))


def _heading_level(token: Token) -> int:
    return int(token.tag[1]) if token.type in ("heading_open", HIDDEN) and token.tag else 0


def _section_end(tokens: list[Token], index: int) -> int:
    """Index after the section of the heading at ``index``: up to the next heading of its level
    or above, or the end of the container the heading stands in."""
    level, depth = _heading_level(tokens[index]), 0
    for position in range(index + 3, len(tokens)):
        token = tokens[position]
        if depth == 0 and 0 < _heading_level(token) <= level:
            return position
        depth += token.nesting
        if depth < 0:
            return position
    return len(tokens)


def drop_emptied_sections(tokens: list[Token], hidden: list[str] | None = None) -> list[Token]:
    """``tokens`` without the sections hiding emptied or whose heading was only a note (its whole
    section goes), and without the ``todo_hidden`` marks; the names of the sections dropped are
    added to ``hidden``, in the order of the book.

    Headings are visited last first, so a parent sees its dropped subsections already gone (each
    replaced by one mark: the parent held notes too, and names them no more once it goes too)."""
    tokens = list(tokens)
    for index in range(len(tokens) - 1, -1, -1):
        if tokens[index].type != "heading_open":
            continue
        end = _section_end(tokens, index)
        body = tokens[index + 3:end]
        noted = tokens[index].meta.get("todo") or any(token.type == HIDDEN for token in body)
        unnamed = tokens[index].meta.get("todo") and not _has_letter(tokens[index + 1])
        if unnamed or (noted and all(token.type == HIDDEN for token in body)):
            tokens[index:end] = [_hidden_mark(tokens[index], [_section_name(tokens[index + 1])])]
    tokens = _drop_emptied_containers(tokens)
    if hidden is not None:
        hidden.extend(name for token in tokens if token.type == HIDDEN for name in token.meta.get("sections", ()))
    return [token for token in tokens if token.type != HIDDEN]


def _row_is_emptied(tokens: list[Token], cells: list[int]) -> bool:
    """A row that held a note and shows nothing now: every cell of it empty, none spanning down."""
    return (any(tokens[i].meta.get("todo") for i in cells)
            and all(not tokens[i + 1].content.strip() and int(tokens[i].attrGet("rowspan") or 1) == 1
                    for i in cells))


def drop_emptied_rows(tokens: list[Token]) -> list[Token]:
    """``tokens`` without the table rows hiding emptied (:func:`_row_is_emptied`); a cell of a row
    above that spanned the row (``^^``, :mod:`cardgen.rulebook.rowspan`) spans one row less."""
    tokens = list(tokens)
    dropped: set[int] = set()
    spans: dict[int, tuple[Token, int]] = {}        # column -> (the spanning cell, rows it still covers)
    row_start: int | None = None
    cells: list[int] = []
    for index, token in enumerate(tokens):
        if token.type in ("thead_open", "tbody_open"):
            spans = {}
        elif token.type == "tr_open":
            row_start, cells = index, []
        elif token.type in ("td_open", "th_open") and row_start is not None:
            cells.append(index)
        elif token.type == "tr_close" and row_start is not None:
            covering = {column: cell for column, (cell, rows) in spans.items() if rows > 0}
            if covering and _row_is_emptied(tokens, cells):
                for cell in covering.values():
                    rows = int(cell.attrGet("rowspan") or 1) - 1
                    if rows > 1:
                        cell.attrSet("rowspan", str(rows))
                    else:
                        cell.attrs.pop("rowspan", None)
                dropped.update(range(row_start, index + 1))
            spans = {column: (cell, rows - 1) for column, (cell, rows) in spans.items() if rows > 1}
            free = (column for column in range(len(cells) + len(covering)) if column not in covering)
            for column, cell_index in zip(free, cells):
                rows = int(tokens[cell_index].attrGet("rowspan") or 1)
                if rows > 1:
                    spans[column] = (tokens[cell_index], rows - 1)
            row_start = None
    return [token for index, token in enumerate(tokens) if index not in dropped]


def _drop_emptied_containers(tokens: list[Token]) -> list[Token]:
    """A list item, list, quote or box that holds nothing but hidden notes goes too (no empty
    bullet where a ``* #### Permanent TODO`` item stood), innermost first."""
    for index in range(len(tokens) - 1, -1, -1):
        if tokens[index].nesting != 1 or tokens[index].type not in _CONTAINERS:
            continue
        end = _block_end(tokens, index)
        inside = tokens[index + 1:end - 1]
        if inside and all(token.type == HIDDEN for token in inside):
            sections = [name for token in inside for name in token.meta.get("sections", ())]
            tokens[index:end] = [_hidden_mark(tokens[index], sections)]
    return tokens


def _text_rule(draft: bool):
    def cut_todos(state: StateCore) -> None:
        todos = state.env.setdefault("todos", [])
        tokens = state.tokens
        for index, token in enumerate(tokens[:-1]):
            if token.type not in ("th_open", "td_open", "heading_open") or tokens[index + 1].type != "inline":
                continue
            inline = tokens[index + 1]
            if not any(child.type == "text" and _TODO_WORD.search(child.content) for child in inline.children or ()):
                continue            # no TODO, or the word only in markup (a link's address, raw HTML)
            if draft:
                token.attrJoin("class", "todo")
            else:
                cut_at_todo(inline)
            todos.append(inline.map[0] + 1 if inline.map else 0)
            token.meta["todo"] = True
        todos.sort()
        hidden = state.env.setdefault("todo_sections", [])
        state.tokens = tokens if draft else drop_emptied_sections(drop_emptied_rows(tokens), hidden)
    return cut_todos


def todo_lines(label: str, todos: int, sections: list[str], draft: bool) -> list[str]:
    """What a build says of a book's TODO notes, the same in ``cardgen build`` and ``cardgen rulebook``:
    how many it hid (or, in a draft, shows) and which sections went whole with them."""
    if not todos and not sections:
        return []
    if draft:
        return [f"{label}: {todos} TODO note(s) shown, marked (a draft)"]
    hid = f"; hid {len(sections)} section(s): {', '.join(sections)}" if sections else ""
    return [f"{label}: {todos} TODO note(s) hidden{hid} (--draft shows them)"]


def todo_plugin(md: MarkdownIt, draft: bool = False) -> None:
    """Hide (or, in a draft, mark) TODO admonitions and TODO paragraphs."""
    md.core.ruler.after("block", "todo", _todo_rule(draft))
    md.add_render_rule(HIDDEN, lambda self, tokens, idx, options, env: "")


def todo_text_plugin(md: MarkdownIt, draft: bool = False) -> None:
    """Cut (or, in a draft, mark) the TODO in table cells and headings and drop the sections
    hiding emptied; add it after the heading ids (``slug_plugin``)."""
    md.core.ruler.push("todo_text", _text_rule(draft))
