#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# bench_execs.sh - what an execution costs: plain libFuzzer against libFuzzer
# with fxtkit's mutator, on the same harness and seeds, in interleaved
# rounds (plain, mutator, plain, ...), each run in a fresh output corpus.
#
# Per run it prints libFuzzer's executions and exec/s (-print_final_stats),
# the process's CPU time per execution (user + system, /usr/bin/time: less
# sensitive than exec/s to other jobs on a shared machine), and the size of
# the corpus the run wrote. Plain libFuzzer runs with -len_control=0, as the
# custom mutator disables length control too.
#
# This is a benchmark, not a test: 3 rounds x 120 s x 2 take 12 minutes.
set -euo pipefail

usage() {
    cat <<'EOF'
usage: bench_execs.sh [-r ROUNDS] [-t SECONDS] PLAIN_HARNESS MUTATOR_HARNESS SEEDS_DIR

  -r ROUNDS    interleaved rounds (default 3)
  -t SECONDS   -max_total_time of each run (default 120)
  e.g. (after CC=clang cmake -S . -B build-fuzz -G Ninja -DFXT_FUZZ=ON -DBUILD_TESTING=OFF
        and cmake --build build-fuzz):
    fuzz/examples/bench_execs.sh build-fuzz/fuzz/examples/naive_reader_fuzz_fixed \
        build-fuzz/fuzz/examples/naive_reader_fuzz_fixed_sa corpus/valid
EOF
}

rounds=3 secs=120
while getopts "r:t:h" o; do
    case $o in
    r) rounds=$OPTARG ;;
    t) secs=$OPTARG ;;
    h) usage; exit 0 ;;
    *) usage >&2; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
[ $# -eq 3 ] || { usage >&2; exit 2; }
plain=$1 mut=$2 seeds=$3
for x in "$plain" "$mut"; do
    [ -x "$x" ] || { echo "bench_execs.sh: $x: not an executable" >&2; exit 2; }
done
[ -d "$seeds" ] || { echo "bench_execs.sh: $seeds: not a folder" >&2; exit 2; }
case "$rounds$secs" in *[!0-9]*) echo "bench_execs.sh: -r and -t take whole numbers" >&2; exit 2 ;; esac
[ -x /usr/bin/time ] || { echo "bench_execs.sh: needs /usr/bin/time (Debian package time)" >&2; exit 2; }

work=$(mktemp -d "${TMPDIR:-/tmp}/fxt-execs.XXXXXX")
trap 'rm -rf "$work"' EXIT

# run NAME HARNESS FLAGS...: one run, one line of figures
run() {
    local name=$1 h=$2
    shift 2
    local out=$work/out log=$work/log
    rm -rf "$out" && mkdir "$out"
    /usr/bin/time -f "%U %S" -o "$work/time" "$h" "$out" "$seeds" "$@" -max_len=65536 \
        -max_total_time="$secs" -print_final_stats=1 >"$log" 2>&1 || true
    local execs eps us ss files bytes
    execs=$(awk '/stat::number_of_executed_units/ {print $2}' "$log")
    eps=$(awk '/stat::average_exec_per_sec/ {print $2}' "$log")
    if [ -z "$execs" ] || [ "$execs" -eq 0 ]; then
        echo "bench_execs.sh: $name: no final stats (the log's end:)" >&2
        tail -5 "$log" >&2
        exit 1
    fi
    read -r us ss <"$work/time"
    files=$(find "$out" -type f | wc -l)
    bytes=$(du -sb "$out" | awk '{print $1}')
    awk -v n="$name" -v e="$execs" -v r="$eps" -v u="$us" -v s="$ss" -v f="$files" -v b="$bytes" \
        'BEGIN { printf "%-8s %10d execs %7d exec/s %7.1f us CPU/exec  corpus %4d files, %6d B avg\n",
                 n, e, r, (u + s) * 1e6 / e, f, (f ? b / f : 0) }'
}

echo "== $rounds round(s) x ${secs}s; load $(cut -d' ' -f1-3 /proc/loadavg)"
for ((r = 1; r <= rounds; r++)); do
    echo "-- round $r"
    run plain "$plain" -len_control=0
    run mutator "$mut"
done
echo "== load $(cut -d' ' -f1-3 /proc/loadavg)"
