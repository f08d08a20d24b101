"""Unit cards and power cards: view models, templates, fitting, imposition.

Stages: :mod:`view` / :mod:`power_view` / :mod:`group_view` (what a card
shows) → :mod:`render` (one face → HTML → one-page PDF, with :mod:`fit`
shrinking text that does not fit) → :mod:`impose` (faces on paper sheets (A4 by default)) →
:mod:`png` (PNG faces and deck sheets); :mod:`pipeline` runs them with the
build cache, :mod:`command` is ``cardgen cards``.
"""
