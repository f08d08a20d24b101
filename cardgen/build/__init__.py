"""``cardgen build``'s run: :mod:`run` (the stages in order, every output the content defines),
:mod:`context` (the one ``BuildContext`` every output builder receives, made in one place),
:mod:`cache` (content-addressed render results, the last build's manifest) and :mod:`outputs`
(all-or-nothing output: every file staged, then put in place)."""
