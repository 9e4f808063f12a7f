#!/bin/sh
# SPDX-License-Identifier: MIT
# ctest bench_drain: `fxt-bench --drain` reads all of a pipe several parts
# long. The byte count it prints must be the file's size as wc -c says
# (not a figure from the code under test).
# usage: bench/test_drain.sh FXT_GEN FXT_BENCH
set -eu
gen=$1 bench=$2
dir=$(mktemp -d "${TMPDIR:-/tmp}/fxt-drain.XXXXXX")
trap 'rm -rf "$dir"' EXIT
f=$dir/trace.fxt
"$gen" random --seed 1 --records 200000 --profile realistic -o "$f"
n=$(wc -c <"$f" | tr -d ' ')
[ "$n" -gt $((4 << 20)) ] || { echo "test_drain.sh: trace too small ($n bytes)"; exit 1; }
out=$(cat "$f" | "$bench" --drain)
[ "$out" = "drained $n bytes" ] || { echo "test_drain.sh: expected 'drained $n bytes', got '$out'"; exit 1; }
echo "ok: drained all $n bytes from a pipe"
