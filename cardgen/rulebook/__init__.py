"""The rulebook: Markdown in the Universalis dialect → A4 PDF.

Stages (one module each): ``markdown`` (the parser: one plugin per dialect
feature -- ``slug``, ``toc``, ``rowspan``, ``admonition``, ``todo``,
``attrs``, ``directive``), ``page`` (front matter → page settings),
``images`` (image lookup), ``document`` (parse, check links and images,
HTML fragments), ``layout`` (Jinja page), ``build`` (the straight line to
the PDF) and ``command`` (the ``cardgen rulebook`` subcommand).
"""

from cardgen.rulebook.build import RulebookResult, build_rulebook, format_warning

__all__ = ["RulebookResult", "build_rulebook", "format_warning"]
