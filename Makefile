# The two commands of cardgen (see README):
#   make build   install into .venv and build the example content into build/
#   make test    install into .venv (and, for the tests only, Chromium), lint (ruff), type-check (mypy)
#                and run the whole test suite
#   make test-fast  the tests that render no PDF, in seconds (no lint, no type check)
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
TESTSTAMP := $(VENV)/.test-system
# The tests start many Python processes (xdist workers, cardgen commands, render workers): each reads
# compiled modules from one cache in .venv instead of compiling cardgen (and pytest's rewritten test
# modules) again, even where the environment says PYTHONDONTWRITEBYTECODE.
PYTEST := env -u PYTHONDONTWRITEBYTECODE PYTHONPYCACHEPREFIX=$(CURDIR)/$(VENV)/pycache $(BIN)/python -m pytest

.PHONY: build test test-fast setup clean

build: $(STAMP)
	$(BIN)/cardgen build --content content --out build

test: $(STAMP) $(TESTSTAMP)
	$(BIN)/ruff check cardgen tests bench
	$(BIN)/mypy
	$(PYTEST) -q -n 2 --dist worksteal

test-fast: $(STAMP)     # every test that renders no PDF (pytest.mark.pdf marks the others): a quick check
	$(PYTEST) -q -n 2 -m "not pdf"

setup: $(STAMP)

$(STAMP): pyproject.toml constraints.txt scripts/setup-system.sh
	bash scripts/setup-system.sh
	$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11) and "cardgen needs Python 3.11 or newer" or 0)'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --disable-pip-version-check -c constraints.txt -e '.[test]'
	touch $(STAMP)

$(TESTSTAMP): $(STAMP) scripts/setup-test-system.sh   # only for tests: Chromium (cardgen serve's browser test)
	bash scripts/setup-test-system.sh
	touch $(TESTSTAMP)

clean:
	rm -rf build $(VENV)
