"""Jinja templates rendered within bounds: a theme's template is code from a pull request.

:mod:`cardgen.sandbox.budget` counts what one render spends (loop steps and calls, characters made,
time); :mod:`cardgen.sandbox.sizes` says, before an operation runs, how large its result can be;
:mod:`cardgen.sandbox.environment` is the environment that asks both at every operation that can
grow a value or loop (:func:`cardgen.look.theme.template_environment` makes one).
"""
