#!/bin/sh
# How cardgen/assets/icc/FOGRA39L-cardgen.icc was made (docs/decisions/0070-cmyk-profile.md,
# "Which CMYK profile ships"): from Fogra's FOGRA39L characterization data as Debian's icc-profiles-free
# ships it (Zlib), with ArgyllCMS's colprof, offline.  Also sRGB.icc from the same package.
#   apt-get install icc-profiles-free argyll
set -eu
work=$(mktemp -d)
cp /usr/share/color/icc/FOGRA39L.ti3 "$work/"
(cd "$work" && colprof -qm -bl -D "FOGRA39L coated (cardgen, from Fogra's characterization data)" \
    -C "Generated from FOGRA39L.ti3 (Zlib) with ArgyllCMS colprof" FOGRA39L)
cp "$work/FOGRA39L.icc" cardgen/assets/icc/FOGRA39L-cardgen.icc
cp /usr/share/color/icc/sRGB.icc cardgen/assets/icc/sRGB.icc
rm -r "$work"
