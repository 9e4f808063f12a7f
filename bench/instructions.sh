#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Instructions per record of validation and generation, counted by callgrind
# (repeatable to well under 1%, unlike wall time on shared VMs; these VMs
# have no hardware counters for perf). Branch mispredictions come from
# callgrind's branch simulator: simulated, not the CPU's.
#
# usage: bench/instructions.sh BUILD_DIR [TRACE]
#   TRACE defaults to: fxt-gen random --seed 1 --records $RECORDS --profile realistic
# environment: RECORDS (300000), TOP (15 functions), LINES (20 hottest lines),
#   TMPDIR (scratch; removed afterwards)
#
# Per record figures subtract the startup cost: a 100-record trace of the
# same profile is measured too and
#   per record = (Ir(trace) - Ir(small)) / (records(trace) - records(small)).
# Without the subtraction the figure is also printed ("incl. startup").
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:?usage: bench/instructions.sh BUILD_DIR [TRACE]}" && pwd)
trace=${2:-}
records=${RECORDS:-300000}
top=${TOP:-15}
lines=${LINES:-20}
. "$(dirname "$0")/tools.sh" "$build" instructions.sh
# 77: the "skipped" status of the smoke test.
command -v valgrind >/dev/null && command -v callgrind_annotate >/dev/null ||
  { echo "instructions.sh: needs valgrind (callgrind, callgrind_annotate)" >&2; exit 77; }
[ -z "$trace" ] || [ -f "$trace" ] || { echo "instructions.sh: $trace: no such file" >&2; exit 2; }

work=$(mktemp -d "${TMPDIR:-/tmp}/fxt-instr.XXXXXX")
trap 'rm -rf "$work"' EXIT
small=$work/small.fxt
"$gen" random --seed 1 --records 100 --profile realistic -o "$small"
if [ -z "$trace" ]; then
  trace=$work/trace.fxt
  "$gen" random --seed 1 --records "$records" --profile realistic -o "$trace"
  what="fxt-gen random --seed 1 --records $records --profile realistic"
else
  what=$trace
fi

# callgrind OUT CMD...: run CMD under callgrind (branch simulation on),
# its stdout kept in OUT.stdout; prints "Ir Bc Bcm Bi Bim" totals.
callgrind() {
  local out=$1
  shift
  valgrind --tool=callgrind --branch-sim=yes --callgrind-out-file="$out" "$@" \
    >"$out.stdout" 2>"$out.log" || true
  grep -q '^summary:' "$out" || { echo "instructions.sh: callgrind failed:" >&2; cat "$out.log" >&2; exit 2; }
  grep '^summary:' "$out" | sed 's/^summary: *//'
}

# records FILE: the record count fxt-validate reports for FILE (or fails).
records_of() {
  "$val" --quiet "$1" | sed -n 's/.*: \([0-9][0-9]*\) records,.*/\1/p' | head -1
}

# per_record BIG_TOTALS SMALL_TOTALS BIG_N SMALL_N: one line of figures.
per_record() {
  awk -v b="$1" -v s="$2" -v nb="$3" -v ns="$4" 'BEGIN {
    split(b, B, " "); split(s, S, " "); d = nb - ns
    printf "  instructions/record:      %8.1f  (startup subtracted; %.1f incl. startup; startup %d Ir)\n",
           (B[1] - S[1]) / d, B[1] / nb, S[1] - (B[1] - S[1]) / d * ns
    printf "  branches/record:          %8.1f  conditional, %.2f indirect\n", (B[2] - S[2]) / d, (B[4] - S[4]) / d
    printf "  branch misses/record:     %8.2f  (SIMULATED by callgrind --branch-sim: %.2f conditional + %.2f indirect)\n",
           (B[3] + B[5] - S[3] - S[5]) / d, (B[3] - S[3]) / d, (B[5] - S[5]) / d
  }'
}

# has_line_info EXE: whether EXE carries DWARF line tables (-g; a Release
# build has none, and then callgrind knows functions but not lines).
has_line_info() {
  LC_ALL=C readelf -S "$1" 2>/dev/null | grep -q '\.debug_line'
}

# split_report OUT EXE: the top functions (own cost) and the hottest source
# lines of EXE's run. callgrind_annotate runs in the source tree so that
# paths are relative to it; awk (not head) cuts the lists, so no pipe
# closes early.
split_report() {
  local out=$1 exe=$2 ann=$1.ann
  (cd "$root" && callgrind_annotate --threshold=100 --show=Ir --auto=yes "$out") >"$ann" 2>/dev/null
  [ "$top" -gt 0 ] &&
  echo "  top $top functions by own instructions (inlined helpers count in their caller):"
  awk -v top="$top" '/file:function/ { on = 1; getline; next }
       on && NF == 0 { on = 0 }
       on && ++n <= top { sub(/ \[[^]]*\]$/, ""); print "    " $0 }' "$ann"
  [ "$lines" -gt 0 ] || return 0
  echo "  hottest $lines source lines (Ir, share of the total, file:line, source):"
  if ! has_line_info "$exe"; then
    echo "    (none: $(basename "$exe") has no debug line info; a -g build such as RelWithDebInfo shows them)"
    return 0
  fi
  local hot
  hot=$(awk '/^-- (Auto|User)-annotated source: / { file = $NF; ln = 0; next }
       /^-- line [0-9]+ -/ { ln = $3; next }
       /^---/ { ln = 0; next }
       ln > 0 && /^ *([0-9,]+ \( *[0-9.]+%\)|\.) / {
         if ($0 ~ /^ *[0-9,]+ \( *[0-9.]+%\)  => /) next   # a call: inclusive cost, not a line
         if ($1 != ".") {
           cost = $1; gsub(/,/, "", cost)
           pct = $0; sub(/^ *[0-9,]+ /, "", pct); sub(/\).*/, ")", pct); gsub(/ /, "", pct)
           src = $0; sub(/^ *[0-9,]+ \( *[0-9.]+%\) */, "", src)
           printf "%d\t%s\t%s:%d\t%s\n", cost, pct, file, ln, substr(src, 1, 72)
         }
         ln++
       }' "$ann" |
    sort -t "$(printf '\t')" -k1,1nr |
    awk -F '\t' -v n="$lines" 'NR <= n { printf "    %11s %-9s %-30s %s\n", $1, $2, $3, $4 }')
  [ -n "$hot" ] ||
    { echo "instructions.sh: $(basename "$exe") has line info but callgrind_annotate showed no source lines" >&2; exit 2; }
  printf '%s\n' "$hot"
}

cfg=$(sed -n 's/^CMAKE_BUILD_TYPE:[A-Z]*=//p' "$build/CMakeCache.txt" 2>/dev/null || true)
echo "build: $build (${cfg:-unknown build type}); counts from valgrind --tool=callgrind --branch-sim=yes"
echo

echo "== validation: fxt-validate --quiet --threads 1 FILE (no visitor; the checking itself, one thread)"
n_big=$(records_of "$trace")
n_small=$(records_of "$small")
[ -n "$n_big" ] && [ "$n_big" -gt "$n_small" ] ||
  { echo "instructions.sh: $what: fxt-validate reports no records (or fewer than 101)" >&2; exit 2; }
bytes=$(stat -c %s "$trace")
echo "  trace: $what"
echo "  $bytes bytes, $n_big records ($(awk -v b="$bytes" -v n="$n_big" 'BEGIN { printf "%.1f", b / n }') bytes/record)"
vb=$(callgrind "$work/val.cg" "$val" --quiet --threads 1 "$trace")
vs=$(callgrind "$work/vals.cg" "$val" --quiet --threads 1 "$small")
per_record "$vb" "$vs" "$n_big" "$n_small"
split_report "$work/val.cg" "$val"
echo

# Every revision: one validator per revision over the same input; those
# that cannot be reported stop after their first error.
echo "== validation, every revision: fxt-validate --quiet --threads 1 --revision auto FILE"
vb2=$(callgrind "$work/val2.cg" "$val" --quiet --threads 1 --revision auto "$trace")
vs2=$(callgrind "$work/vals2.cg" "$val" --quiet --threads 1 --revision auto "$small")
per_record "$vb2" "$vs2" "$n_big" "$n_small"
echo

echo "== generation: fxt-gen random --seed 1 --records $records --profile realistic -o /dev/null"
gb=$(callgrind "$work/gen.cg" "$gen" random --seed 1 --records "$records" --profile realistic -o /dev/null)
gs=$(callgrind "$work/gens.cg" "$gen" random --seed 1 --records 100 --profile realistic -o /dev/null)
per_record "$gb" "$gs" "$records" 100
split_report "$work/gen.cg" "$gen"
