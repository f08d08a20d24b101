#!/usr/bin/env bash
# What only the tests need beyond scripts/setup-system.sh (Debian/Ubuntu):
#   Chromium (Debian's `chromium`): the cardgen serve test loads the preview in a real headless
#   browser and takes a screenshot (tests/serve/test_browser.py).
# As root with apt-get it is installed; otherwise a note is printed and the set-up goes on:
# that test then skips, saying why. `make build` never runs this.
set -eu
command -v chromium >/dev/null 2>&1 && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "cardgen test set-up: installing chromium (for the browser test of cardgen serve)" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y -q --no-install-recommends chromium >/dev/null 2>&1 || {
    apt-get update -q >/dev/null 2>&1
    apt-get install -y -q --no-install-recommends chromium >/dev/null 2>&1
  } || echo "cardgen test set-up: chromium could not be installed; the browser test will skip" >&2
  exit 0
fi
echo "cardgen test set-up: no chromium; the browser test will skip (sudo apt-get install chromium)" >&2
exit 0
