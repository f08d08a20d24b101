"""A rulebook source parsed, checked and turned into HTML fragments.

``read_document`` is the one entry: it parses the Markdown with the
dialect's parser, then walks the tokens once to

* resolve every image (see :mod:`cardgen.rulebook.images`) -- a missing
  or refused one becomes a visible placeholder box showing its path, plus a
  warning saying why or what it probably meant; each picture drawn from
  cardgen's own icon set is listed once in ``icon_set``;
* check every ``#slug`` link against the heading ids -- a broken one keeps
  its text but loses its target (so the PDF has no dangling link) and is
  reported with a suggestion (a link to a keyword's entry, ``#trait-x``, says
  whether the content lacks the object or the document its entry:
  :func:`~cardgen.rulebook.keywords.keyword_link_problem`); one that differs
  from an id only in case (``#Vergiftung``) is reported too and still links
  there, as in the author's editor (Markdown Extended compares them
  lower-cased) -- never redirected without a word;
* collect the warnings of the plugins (attributes, table directive).

Every warning carries the Markdown line: the block's ``token.map`` narrowed
to the line that holds the reference.  The result holds the HTML of the
title block (what precedes the first level-2 heading, if the document opens
with a level-1 heading) and of the body, ready for the layout template.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape
from pathlib import Path
from typing import Any, Callable

from markdown_it.token import Token

from cardgen.errors import Problem, did_you_mean, shortened
from cardgen.rulebook.frontmatter import read_front_matter
from cardgen.rulebook.fileindex import MAX_INDEXED_FILES
from cardgen.rulebook.images import ImageFolders, find_image
from cardgen.rulebook.keywords import keyword_link_problem
from cardgen.rulebook.markdown import make_markdown
from cardgen.rulebook.page import PageSettings, page_settings, to_points
from cardgen.safefs import Roots

SMALL_IMAGE_PT = 150


@dataclass
class RulebookDocument:
    """One parsed rulebook: page settings, HTML parts, headings and problems."""

    source: Path
    page: PageSettings
    title: str
    title_html: str
    body_html: str
    headings: list[tuple[int, str, str]] = field(default_factory=list)  # (level, id, title)
    problems: list[Problem] = field(default_factory=list)
    todos: list[int] = field(default_factory=list)
    todo_sections: list[str] = field(default_factory=list)   # sections hidden whole with their notes
    icon_set: list[str] = field(default_factory=list)   # references drawn from cardgen's icon set
    roots: Roots | None = None                          # the folders its image URLs name (for the PDF)
    front_matter: dict | None = None                    # as read (its stylesheets: rulebook.frontmatter)
    figures: list[Any] = field(default_factory=list)    # the faces of its card figures, by placeholder number
    pictures: ImageFolders | None = None                # where its pictures were looked for (probed, looked_up)


class _Lines:
    """Finds the source line of the n-th occurrence of a text inside a block."""

    def __init__(self, text: str) -> None:
        self.lines = text.split("\n")
        self.seen: dict[tuple[int, str], int] = {}

    def find(self, block: Token, needle: str) -> int:
        start, end = block.map or (0, 0)
        nth = self.seen[(start, needle)] = self.seen.get((start, needle), -1) + 1
        for number in range(start, min(end, len(self.lines))):
            count = self.lines[number].count(needle)
            if nth < count:
                return number + 1
            nth -= count
        return start + 1


def _front_matter(tokens: list[Token], source: Path, problems: list[Problem]) -> dict | None:
    """The front matter, read with the content YAML caps; its problems are warnings."""
    if not tokens or tokens[0].type != "front_matter":
        return None
    first_line = (tokens[0].map[0] if tokens[0].map else 0) + 2   # the line after the opening ---
    data, found = read_front_matter(tokens[0].content, source, first_line)
    problems += found
    return data


def _check_link(child: Token, ids: set[str], warn: Callable[[str, str], None], content: Any = None) -> None:
    """Warn about a ``#slug`` link to no heading id.  One that differs from an id only in case
    still links there, as in Markdown Extended (it compares them lower-cased); any other loses
    its target."""
    href = str(child.attrGet("href") or "")
    if not href.startswith("#") or href[1:] in ids:
        return
    slug = href[1:]
    folded = {i.lower(): i for i in sorted(ids)}
    same = folded.get(slug.lower())
    problem = keyword_link_problem(slug, content)
    if same is not None and problem is None:
        warn(f"({href})", f"broken link {href} (did you mean '#{same}'?); linked there, as Markdown Extended does")
        child.attrSet("href", f"#{same}")
        return
    hint = f" (did you mean '#{same}'?)" if same else did_you_mean(slug, ids).replace("'", "'#", 1)
    warn(f"({href})", problem or f"broken link {href}{hint}")
    child.attrs.pop("href")
    child.attrJoin("class", "broken-link")


def _placeholder_style(style: str) -> str:
    """The size of a missing image's box: as large as the image would have been,
    but a small icon's box may grow to show the path (which breaks after "/")."""
    rules = []
    for rule in filter(None, (r.strip() for r in style.split(";"))):
        name, _, value = rule.partition(":")
        small = to_points(value.strip()) < SMALL_IMAGE_PT
        rules.append(f"{'min-' if small else ''}{name.strip()}: {value.strip()}")
    return "; ".join(rules)


class _Pictures:
    """The images of one document: where they are found, which came from cardgen's icon set."""

    def __init__(self, folders: ImageFolders) -> None:
        self.folders = folders
        self.roots = folders.roots
        self.icon_set: list[str] = []
        self.partial_told = False

    def check(self, children: list[Token], index: int) -> list[str]:
        """Point ``children[index]`` (an image) at its file, or replace it by a placeholder;
        the warnings about it."""
        image = children[index]
        src = str(image.attrGet("src") or "")
        if src.startswith("data:"):
            return []
        picture = find_image(src, self.folders)
        warnings = []
        if picture.partial and not self.partial_told:
            self.partial_told = True
            warnings.append(f"looked at only the first {MAX_INDEXED_FILES} files below the project's folders: "
                            "cardgen's icon set and 'did you mean' hints may miss files beyond")
        if picture.path is None:
            children[index] = _placeholder(src, str(image.attrGet("style") or ""))
            return [f"image not found: {shortened(src)}{picture.note}", *warnings]
        image.attrSet("src", self.roots.url(picture.path))
        if picture.case_only:
            warnings.insert(0, f"image not found: {shortened(src)}{picture.note}; printed from there, "
                               "as Windows and macOS find it")
        if picture.icon_set and src not in self.icon_set:
            self.icon_set.append(src)
        return warnings


def _placeholder(src: str, style: str) -> Token:
    """A box as large as the missing image, showing its path (shortened, as in the warning)."""
    style = _placeholder_style(style)
    shown = "/<wbr>".join(escape(part) for part in shortened(src).split("/"))
    placeholder = Token("html_inline", "", 0)
    placeholder.content = ('<span class="missing-image"'
                           + (f' style="{escape(style)}"' if style else "") + f">{shown}</span>")
    return placeholder


def _walk(tokens: list[Token], text: str, source: Path, pictures: _Pictures,
          problems: list[Problem], content: Any = None) -> None:
    """Resolve images and check links of every inline token, with line numbers."""
    ids = {str(t.attrGet("id")) for t in tokens if t.attrGet("id")}
    lines = _Lines(text)
    for block in tokens:
        if block.type != "inline" or not block.children:
            continue

        def warn(needle: str, message: str, block: Token = block) -> None:
            problems.append(Problem(str(source), lines.find(block, needle), 0, "", message, "warning"))

        for index, child in enumerate(block.children):
            if child.type == "link_open":
                _check_link(child, ids, warn, content)
            elif child.type == "image":
                src = str(child.attrGet("src") or "")
                messages = pictures.check(block.children, index)
                line = lines.find(block, f"({src}") if messages else 0
                problems.extend(Problem(str(source), line, 0, "", m, "warning") for m in messages)


def _split_title(tokens: list[Token]) -> int:
    """Index where the body starts: the first h2 if the document opens with an h1."""
    body = [i for i, t in enumerate(tokens) if t.type != "front_matter"]
    if not body or tokens[body[0]].tag != "h1" or tokens[body[0]].type != "heading_open":
        return 0
    for index in body:
        if tokens[index].type == "heading_open" and tokens[index].tag == "h2":
            return index
    return 0


def read_document(source: Path, text: str, assets: list[Path], draft: bool = False,
                  content: Any = None, *, root: Path | None = None,
                  toc_levels: tuple[int, ...] | None = None, keyword_links: str | None = None,
                  cards: Any = None, markdown: Callable[[bool], Any] | None = None) -> RulebookDocument:
    """Parse ``text`` (the content of ``source``) into a checked :class:`RulebookDocument`.

    ``markdown``: the parser to use for ``draft`` (default: the dialect's, :func:`make_markdown`; a
    translated build's lays a language over the tokens, :func:`cardgen.i18n.book.translating_markdown`).

    ``content`` is the already-loaded content the table directives read (through the
    markdown-it env), or a ``DirectiveError`` saying why there is none; ``cards`` the card faces
    its card figures show (:mod:`cardgen.rulebook.card_figure`).  ``root`` is the
    project root (pictures may come from anywhere below it), or ``None`` without a
    project file: pictures come from the document's folder and ``assets`` only."""
    md = markdown(draft) if markdown is not None else make_markdown(draft=draft)
    # the front matter's toc: and keyword_links: win (rulebook.toc, rulebook.keywords)
    env: dict = {"content": content, "cards": cards, "toc_levels": toc_levels, "keyword_links": keyword_links}
    tokens = md.parse(text, env)
    problems: list[Problem] = []
    front = _front_matter(tokens, source, problems)
    problems += [Problem(str(source), line, 0, "", message, "warning")
                 for line, message in env.get("warnings", [])]
    pictures = _Pictures(ImageFolders(source.parent, tuple(assets), root))
    _walk(tokens, text, source, pictures, problems, content)
    headings = [(int(t.tag[1]), str(t.attrGet("id")), tokens[i + 1].content)
                for i, t in enumerate(tokens) if t.type == "heading_open"]
    split = _split_title(tokens)
    render = md.renderer.render
    title = next((h[2] for h in headings if h[0] == 1), source.stem)
    return RulebookDocument(
        source=source, page=page_settings(front), title=title,
        title_html=render(tokens[:split], md.options, env),
        body_html=render(tokens[split:], md.options, env),
        headings=headings, todos=list(env.get("todos", [])), todo_sections=list(env.get("todo_sections", [])),
        icon_set=pictures.icon_set, roots=pictures.roots, front_matter=front,
        figures=list(env.get("card_figures", [])), pictures=pictures.folders,
        problems=sorted(problems, key=lambda p: (p.file, p.line)))  # stable: source order
