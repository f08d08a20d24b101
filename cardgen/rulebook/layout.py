"""The rulebook's HTML page: the Jinja layout around the rendered Markdown.

The template only prints; what it prints is prepared here as a small view
(strings and the frozen :class:`~cardgen.rulebook.page.PageSettings`).  The
Markdown fragments are already HTML and are marked safe; everything else is
escaped (autoescape on, ``StrictUndefined`` so a missing field is an error).
A theme's ``templates/rulebook/book.html.j2`` replaces cardgen's (a
sandboxed environment: see :func:`cardgen.look.theme.template_environment`).
"""

from __future__ import annotations

import re
from typing import Sequence

import jinja2

from cardgen.errors import RenderError
from cardgen.paths import BASES, BOOK_CSS, FONTS_DIR, TEMPLATES_DIR
from cardgen.rulebook.document import RulebookDocument
from cardgen.rulebook.page import stamped
from cardgen.look.theme import Theme, template_environment, template_failure

TEMPLATE = "rulebook/book.html.j2"


def book_html(document: RulebookDocument, draft: bool = False, lang: str = "de", theme: Theme | None = None,
              stylesheets: Sequence[str] = (), stamp: str = "", first_page: bool = True) -> str:
    """The complete HTML document of the rulebook.

    ``theme`` adds the project's fonts, its base (``rulebook_base``: :data:`BASES`) and its rulebook
    stylesheets; ``stylesheets``
    (URLs: the front matter's ``css:``) come after those.  ``stamp`` (the project's version,
    :mod:`cardgen.project.revision`) goes under the title and into the footer's last line."""
    if not re.fullmatch(r"[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*", lang):
        lang = "de"
    theme = theme or Theme()
    environment = template_environment(TEMPLATES_DIR, theme.templates, keep_trailing_newline=True)
    try:
        return environment.get_template(TEMPLATE).render(
            page=stamped(document.page, stamp), stamp=stamp, lang=lang, title=document.title, draft=draft, first_page=first_page,
            fonts_css=(FONTS_DIR / "fonts.css").as_uri(), book_css=BOOK_CSS.as_uri(),
            base_css=[path.as_uri() for path in BASES[theme.base]],
            title_html=document.title_html, body_html=document.body_html,
            font_faces=theme.font_faces, theme_css=[*theme.stylesheet_urls("rulebook"), *stylesheets])
    except jinja2.TemplateError as exc:
        raise RenderError(template_failure(TEMPLATE, exc)) from None
