"""Translations (issue 45): the texts a reader sees, extracted into gettext PO files per language and
document, and a language's translations laid over the content and the rulebooks' tokens before layout.

* :mod:`~cardgen.i18n.placeholders`: a block's inline tokens as one message, its markup, links,
  directives and ``[Platzhalter]`` as numbered placeholders (``<1>…</1>``, ``{2}``), and back;
* :mod:`~cardgen.i18n.book`: a rulebook's messages, block by block from the markdown-it tokens, and the
  parser rule that lays a language's translations over them;
* :mod:`~cardgen.i18n.content`: the content's messages (names, rules texts, the glossary of card labels)
  and the content with a language's translations laid over it;
* :mod:`~cardgen.i18n.catalog`: PO files read (each entry's placeholders checked) and merged as
  ``msgmerge`` does, written deterministically;
* :mod:`~cardgen.i18n.language`: one language's translations as a build reads them, with the counts
  (translated, fuzzy, missing) of what it used.
"""
