"""``cardgen serve``: see :mod:`cardgen.serve.command`."""
