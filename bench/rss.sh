#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Peak memory of fxt-validate reading a large realistic trace from stdin.
# usage: bench/rss.sh BUILD_DIR [MB]   (default 1000 MB)
set -euo pipefail
build=${1:?usage: bench/rss.sh BUILD_DIR [MB]}
mb=${2:-1000}
gen=$(find "$build" -name fxt-gen -type f -perm -u+x | head -1)
val=$(find "$build" -name fxt-validate -type f -perm -u+x | head -1)
[ -x "$gen" ] && [ -x "$val" ] || { echo "rss.sh: build fxt-gen and fxt-validate first" >&2; exit 2; }
records=$(( mb * 1000000 / 44 ))
echo "streaming ~${mb} MB ($records records) through: fxt-gen random | fxt-validate -"
"$gen" random --seed 1 --records "$records" --profile realistic -o - |
  /usr/bin/time -f "fxt-validate: peak RSS %M KiB, %e s wall, %U s user" "$val" --quiet -
