# The two commands of cardgen (see README):
#   make build   install cardgen alone into .venv and build the example content into build/
#   make test    add the test tools to .venv (and, for the tests only, Chromium), lint (ruff), type-check (mypy)
#                and run the whole test suite
#   make test-fast  the tests that render no PDF, in seconds (no lint, no type check)
# `make build` installs only what building needs (a newcomer's first build waits for no test tool);
# tests/e2e/test_make_install.py checks both halves.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
TOOLSTAMP := $(VENV)/.test-tools
TESTSTAMP := $(VENV)/.test-system
# The tests start many Python processes (xdist workers, cardgen commands, render workers): each reads
# compiled modules from one cache in .venv instead of compiling cardgen (and pytest's rewritten test
# modules) again, even where the environment says PYTHONDONTWRITEBYTECODE.
PYTEST := env -u PYTHONDONTWRITEBYTECODE PYTHONPYCACHEPREFIX=$(CURDIR)/$(VENV)/pycache $(BIN)/python -m pytest

.PHONY: build test test-fast setup clean

build: $(STAMP)
	$(BIN)/cardgen build --content content --out build
	$(BIN)/cardgen balance --content content --out build
	@echo
	@echo "Open first: build/cards.pdf (the unit cards), build/rulebooks/rulebook/Regeln.pdf (the rulebook),"
	@echo "            build/balance.pdf (points against effectiveness)."
	@echo "Next:       $(BIN)/cardgen serve --content content   (a live preview at http://127.0.0.1:8000/)"

test: $(TOOLSTAMP) $(TESTSTAMP)
	$(BIN)/ruff check cardgen tests bench tools
	$(BIN)/mypy
	$(PYTEST) -q -n 2 --dist worksteal

test-fast: $(TOOLSTAMP)     # every test that renders no PDF and installs nothing (marks pdf, install): a quick check
	$(PYTEST) -q -n 2 -m "not pdf and not install"

setup: $(STAMP)

$(STAMP): pyproject.toml constraints.txt scripts/setup-system.sh
	bash scripts/setup-system.sh
	$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11) and "cardgen needs Python 3.11 or newer" or 0)'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --disable-pip-version-check -c constraints.txt -e .
	touch $(STAMP)

$(TOOLSTAMP): $(STAMP)   # only for tests: pytest, ruff, mypy ... (pyproject.toml's [test] extra)
	$(BIN)/python -m pip install -q --disable-pip-version-check -c constraints.txt -e '.[test]'
	touch $(TOOLSTAMP)

$(TESTSTAMP): $(STAMP) scripts/setup-test-system.sh   # only for tests: Chromium (cardgen serve's browser test)
	bash scripts/setup-test-system.sh
	touch $(TESTSTAMP)

clean:
	rm -rf build $(VENV)
