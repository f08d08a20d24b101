"""The rulebook's HTML page: the Jinja layout around the rendered Markdown.

The template only prints; what it prints is prepared here as a small view
(strings and the frozen :class:`~cardgen.rulebook.page.PageSettings`).  The
Markdown fragments are already HTML and are marked safe; everything else is
escaped (autoescape on, ``StrictUndefined`` so a missing field is an error).
"""

from __future__ import annotations

import re
from functools import lru_cache

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape

from cardgen.paths import FONTS_DIR, TEMPLATES_DIR
from cardgen.rulebook.document import RulebookDocument

TEMPLATE = "rulebook/book.html.j2"
BOOK_CSS = TEMPLATES_DIR / "rulebook" / "book.css"


@lru_cache(maxsize=1)
def _environment() -> Environment:
    return Environment(loader=FileSystemLoader(str(TEMPLATES_DIR)), undefined=StrictUndefined,
                       autoescape=select_autoescape(["html", "j2"], default=True),
                       keep_trailing_newline=True)


def book_html(document: RulebookDocument, draft: bool = False, lang: str = "de") -> str:
    """The complete HTML document of the rulebook."""
    if not re.fullmatch(r"[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*", lang):
        lang = "de"
    return _environment().get_template(TEMPLATE).render(
        page=document.page, lang=lang, title=document.title, draft=draft,
        fonts_css=(FONTS_DIR / "fonts.css").as_uri(), book_css=BOOK_CSS.as_uri(),
        title_html=document.title_html, body_html=document.body_html)
