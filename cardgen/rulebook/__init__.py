"""The rulebook: Markdown in the Universalis dialect → A4 PDF.

Stages (one module each): ``markdown`` (the parser: one plugin per dialect
feature -- ``slug``, ``toc``, ``rowspan``, ``admonition``, ``todo``,
``attrs``, ``directive``: content tables and lists, with ``fromcontent``,
``lists`` and ``list_markup``; ``keywords``: keyword links and the glossary), ``page`` (front matter → page settings; ``marginbox``: its header and footer templates),
``images`` (image lookup), ``document`` (parse, check links and images,
HTML fragments), ``layout`` (Jinja page), ``build`` (the straight line to
the PDF) and ``command`` (the ``cardgen rulebook`` subcommand).
"""

__all__ = ["RulebookResult", "build_rulebook", "format_warning"]


def __getattr__(name: str):
    """Import the build (and WeasyPrint) only when it is used."""
    if name in __all__:
        from cardgen.rulebook import build
        return getattr(build, name)
    raise AttributeError(name)
