"""Tests of cardgen/site/ (the web edition).  Not ``tests/site/``: a package named ``site`` would shadow
Python's own ``site`` module when pytest imports the tests."""
