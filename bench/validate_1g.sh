#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# fxt-validate on a 1 GB realistic trace, from a file and from stdin (a
# pipe, and the file itself), as a ratio to `cat FILE > /dev/null` measured
# in the same run (page cache warm, best of 3 rounds, the commands taken in
# turn), with peak RSS; beside them what the pipe costs with nothing checked
# (fxt-bench --drain) and the CPU seconds of both pipelines. The trace is
# written to $TMPDIR (or /tmp) and deleted afterwards.
#
# usage: bench/validate_1g.sh BUILD_DIR [MB]    (MB default 1000)
set -euo pipefail
build=${1:?usage: bench/validate_1g.sh BUILD_DIR [MB]}
mb=${2:-1000}
runs=${RUNS:-3}
. "$(dirname "$0")/tools.sh" "$build" validate_1g.sh
bench=$build/bench/fxt-bench
[ -x "$bench" ] || { echo "validate_1g.sh: $bench not built" >&2; exit 2; }
case $mb in '' | *[!0-9]* | 0) echo "validate_1g.sh: MB must be a positive whole number" >&2; exit 2 ;; esac
case $runs in '' | *[!0-9]* | 0) echo "validate_1g.sh: RUNS must be a positive whole number" >&2; exit 2 ;; esac
timer=/usr/bin/time
[ -x "$timer" ] || timer=

work=$(mktemp -d "${TMPDIR:-/tmp}/fxt-1g.XXXXXX")
trap 'rm -rf "$work"' EXIT
f=$work/trace.fxt
records=$((mb * 1000000 / 44)) # the realistic profile averages ~44 bytes/record

# now: seconds since the epoch, microsecond resolution (bash 5).
now() { echo "${EPOCHREALTIME/,/.}"; }
elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", b - a }'; }
min() { awk -v a="$1" -v b="$2" 'BEGIN { print (a == "" || b + 0 < a + 0) ? b : a }'; }

t0=$(now)
"$gen" random --seed 1 --records "$records" --profile realistic -o "$f"
tgen=$(elapsed "$t0" "$(now)")
bytes=$(stat -c %s "$f")
cat "$f" >/dev/null # warm the page cache

# once NAME CMD: one wall time of the shell command CMD (which sees $f,
# $val and $rssf), kept if it is NAME's best; peak RSS (KiB) of the last
# run in rss[NAME].
declare -A best rss
once() {
  local name=$1 cmd=$2 t
  t0=$(now)
  rssf=$work/rss bash -c "$cmd" || { echo "validate_1g.sh: failed: $cmd" >&2; exit 2; }
  t=$(elapsed "$t0" "$(now)")
  best[$name]=$(min "${best[$name]:-}" "$t")
  rss[$name]=n/a
  if [ -s "$work/rss" ]; then rss[$name]=$(cat "$work/rss") && rm -f "$work/rss"; fi
  return 0
}
export f val bench
if [ -n "$timer" ]; then
  measured="$timer -f %M -o \"\$rssf\""
else
  measured=""
fi
# The six commands taken in turn, $runs rounds: a minute in which the
# machine is slower weighs on each of them, not on one (a shared VM's cat
# alone swings by a third within the hour).
for ((r = 0; r < runs; r++)); do
  once cat "cat \"\$f\" >/dev/null"
  once pipe "cat \"\$f\" | cat >/dev/null"
  once file "$measured \"\$val\" --quiet \"\$f\" >/dev/null"
  once auto "$measured \"\$val\" --quiet --revision auto \"\$f\" >/dev/null"
  once stdin "cat \"\$f\" | $measured \"\$val\" --quiet - >/dev/null"
  once redir "$measured \"\$val\" --quiet - <\"\$f\" >/dev/null"
  once drain "cat \"\$f\" | \"\$bench\" --drain >/dev/null"
done
# CPU time of every process of a pipeline (user + system, one more run):
# on a machine with $ncpu CPUs no wall time can be under cpu / ncpu.
ncpu=$(nproc 2>/dev/null || echo 1)
declare -A cpu
cpu_of() {
  cpu[$1]=n/a
  [ -n "$timer" ] || return 0
  $timer -f "%U %S" -o "$work/cpu" bash -c "$2" || { echo "validate_1g.sh: failed: $2" >&2; exit 2; }
  cpu[$1]=$(awk '{ printf "%.2f", $1 + $2 }' "$work/cpu")
}
cpu_of stdin "cat \"\$f\" | \"\$val\" --quiet - >/dev/null"
cpu_of drain "cat \"\$f\" | \"\$bench\" --drain >/dev/null"
summary=$("$val" --quiet "$f")

echo "trace: $bytes bytes, $records records, fxt-gen random --seed 1 --profile realistic"
echo "  generated in ${tgen} s ($(awk -v b="$bytes" -v t="$tgen" 'BEGIN { printf "%.0f", b / t / 1e6 }') MB/s, written to $f)"
echo "  fxt-validate: $summary"
echo "best of $runs rounds (the seven commands in turn), page cache warm, wall time:"
printf '  %-40s %8s %9s %9s %10s\n' "command" "seconds" "MB/s" "vs cat" "peak RSS"
row() {
  local t=${best[$1]}
  local r=${rss[$1]:-n/a}
  [ "$r" = n/a ] || r="$r KiB"
  printf '  %-40s %8s %9s %8sx %10s\n' "$2" "$t" \
    "$(awk -v b="$bytes" -v t="$t" 'BEGIN { printf "%.0f", b / t / 1e6 }')" \
    "$(awk -v c="${best[cat]}" -v t="$t" 'BEGIN { printf "%.3f", c / t }')" "$r"
}
row cat "cat FILE > /dev/null"
row pipe "cat FILE | cat > /dev/null"
row file "fxt-validate --quiet FILE"
row auto "fxt-validate --quiet --revision auto FILE"
row stdin "cat FILE | fxt-validate --quiet -"
row redir "fxt-validate --quiet - < FILE"
row drain "cat FILE | fxt-bench --drain"
echo "  --revision auto / default: $(awk -v a="${best[auto]}" -v d="${best[file]}" 'BEGIN { printf "%.2f", a / d }')x the wall time"
echo "  (standard input that is a file is mapped like one; fxt-bench --drain reads a pipe as"
echo "  fxt-validate does and checks nothing: the pipe's own cost)"
echo "CPU seconds, all processes of the pipeline (user + system, one run; $ncpu CPUs):"
echo "  cat FILE | fxt-validate --quiet -   ${cpu[stdin]}"
echo "  cat FILE | fxt-bench --drain        ${cpu[drain]}"
