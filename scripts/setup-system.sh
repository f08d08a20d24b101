#!/usr/bin/env bash
# Make sure the system libraries cardgen needs are present (Debian/Ubuntu).
#   run time: Pango (WeasyPrint's text layout), HarfBuzz subset (font embedding)
#   tests:    poppler-utils (pdftotext, pdftoppm, pdfinfo)
# As root with apt-get, missing packages are installed; otherwise the exact
# install line is printed and the set-up stops.
set -eu
missing=()
have_lib() { ldconfig -p 2>/dev/null | grep -q "$1"; }
have_lib 'libpango-1.0.so.0' || missing+=(libpango-1.0-0)
have_lib 'libpangoft2-1.0.so.0' || missing+=(libpangoft2-1.0-0)
have_lib 'libharfbuzz-subset.so.0' || missing+=(libharfbuzz-subset0)
command -v pdftotext >/dev/null 2>&1 || missing+=(poppler-utils)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "cardgen set-up: installing ${missing[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y -q "${missing[@]}" >/dev/null 2>&1 || {
    apt-get update -q >/dev/null 2>&1
    apt-get install -y -q "${missing[@]}" >/dev/null
  }
  exit 0
fi
echo "cardgen set-up: missing system packages. Install them with:" >&2
echo "    sudo apt-get install -y ${missing[*]}" >&2
exit 1
