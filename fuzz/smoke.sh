#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# fuzz/smoke.sh BUILD_ROOT - the CI fuzzing smoke run.
#
#  1. configures a clang build with -DFXT_FUZZ=ON in BUILD_ROOT/fuzz-clang and
#     runs every libFuzzer target (plain and structure-aware _sa) for
#     FXT_SMOKE_RUNS inputs (default 4000; -runs, with a fixed -seed) each,
#     FXT_SMOKE_JOBS (default 2) at a time, seeded from corpus/,
#     fuzz/regressions/ and generated traces, with fuzz/fxt.dict; any crash,
#     leak, timeout or OOM fails the target;
#  2. configures an afl-clang-fast build in BUILD_ROOT/fuzz-afl (built in
#     the background from the start, beside step 1) and runs
#     afl-fuzz on fuzz_validate with the fxt custom mutator for
#     FXT_SMOKE_AFL_EXECS executions (default 20000; -E, with a fixed -s);
#     fails if fuzzer_stats shows saved_crashes or saved_hangs, fewer
#     executions than asked, or if the run did not start.
#
# Bounded by executions, not by the clock, so that a busy machine makes the
# run slower, never different. For a campaign by time, FXT_SMOKE_SECONDS and
# FXT_SMOKE_AFL_SECONDS replace the execution bounds (-max_total_time, -V).
#
# Prints one line per check and closes with "smoke: N passed, N failed";
# exit status 0 only if nothing failed. Artifacts (crash inputs, logs) stay
# under BUILD_ROOT/fuzz-*/run/. FXT_SMOKE_SKIP_AFL=1 skips step 2;
# FXT_FUZZ_STRICT=ON builds the harnesses strict (see regressions/README.md).
# FXT_SMOKE_PLAIN_BUILD=DIR: a plain build of the same tree (scripts/test.sh
# passes its Release one) whose fuzz/fuzz_seeds and AFL++ module
# (fuzz/libfxt_afl_mutator.so, the one that is installed) are used instead
# of building them again here: neither is instrumented in these builds
# either, and they were a third of the two builds' compile time.
set -uo pipefail

if [ $# -ne 1 ]; then
  echo "usage: $0 BUILD_ROOT" >&2
  exit 2
fi
ROOT=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$1" || exit 2
BUILD_ROOT=$(cd "$1" && pwd)
SECS=${FXT_SMOKE_SECONDS:-}
RUNS=${FXT_SMOKE_RUNS:-4000}
AFL_SECS=${FXT_SMOKE_AFL_SECONDS:-}
AFL_EXECS=${FXT_SMOKE_AFL_EXECS:-20000}
if [ -n "$SECS" ]; then
  LF_BOUND=(-max_total_time="$SECS"); LF_WHAT="${SECS}s"; LF_WALL=$((SECS + 120))
else
  LF_BOUND=(-runs="$RUNS" -seed=1); LF_WHAT="$RUNS inputs"; LF_WALL=1800
fi
if [ -n "$AFL_SECS" ]; then
  AFL_BOUND=(-V "$AFL_SECS"); AFL_WHAT="${AFL_SECS}s"; AFL_WALL=$((AFL_SECS + 180))
else
  AFL_BOUND=(-E "$AFL_EXECS" -s 1); AFL_WHAT="$AFL_EXECS executions"; AFL_WALL=1800
fi
JOBS=${FXT_SMOKE_JOBS:-2}
# -O1 and line tables only: the sanitizers' and libFuzzer's reports keep
# file:line, and the sanitized, instrumented fast.c (the longest step of
# both builds) compiles in a third of its -O2 time with full debug info.
# (afl-clang-fast would add -O3 of its own: AFL_DONT_OPTIMIZE below.)
RWDI="${FXT_SMOKE_OPT:--O1} -gline-tables-only -DNDEBUG"
MAX_LEN=${FXT_SMOKE_MAX_LEN:-65536}
HARNESSES="validate chunks roundtrip"
STRICT=${FXT_FUZZ_STRICT:-ON}
GEN=(-G Ninja)
command -v ninja >/dev/null 2>&1 || GEN=()
PLAIN=${FXT_SMOKE_PLAIN_BUILD:-}
AFL_MUT_TARGET=fxt_afl_mutator SEEDS_TARGET=fuzz_seeds
if [ -n "$PLAIN" ]; then
  for f in fuzz/fuzz_seeds fuzz/libfxt_afl_mutator.so; do
    [ -f "$PLAIN/$f" ] || { echo "$0: FXT_SMOKE_PLAIN_BUILD: no $PLAIN/$f" >&2; exit 2; }
  done
  AFL_MUT_TARGET="" SEEDS_TARGET=""
fi

passed=0
failed=0
summary=()
t_start=$(date +%s)

note() { printf '[smoke %4ss] %s\n' "$(( $(date +%s) - t_start ))" "$*"; }
record() { # STATUS NAME DETAIL
  if [ "$1" = PASS ]; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
  summary+=("$(printf '%-4s %-22s %s' "$1" "$2" "$3")")
  note "$1 $2: $3"
}
finish() {
  # never leave the background AFL++ build running
  [ -z "${afl_build_pid:-}" ] || wait "$afl_build_pid" 2>/dev/null
  echo
  echo "== fuzzing smoke summary ($(( $(date +%s) - t_start )) s) =="
  for l in "${summary[@]}"; do echo "  $l"; done
  echo "smoke: $passed passed, $failed failed"
  [ "$failed" -eq 0 ]
  exit $?
}

# ---- the AFL++ build (step 2), in the background -------------------------------------------
# Started first: it runs beside the libFuzzer build and runs, so that the two
# builds' longest compiles (fast.c, with sanitizers) share the cores instead
# of following each other. Its outcome is read in step 2.
AB=$BUILD_ROOT/fuzz-afl
afl_build_pid=""
if [ "${FXT_SMOKE_SKIP_AFL:-0}" != 1 ] && command -v afl-clang-fast >/dev/null 2>&1 &&
   command -v afl-fuzz >/dev/null 2>&1; then
  rm -rf "$AB" "$BUILD_ROOT/fuzz-afl.rc"
  note "configuring and building the AFL++ build in $AB (in the background)"
  (
    CC=afl-clang-fast cmake -S "$ROOT" -B "$AB" "${GEN[@]}" -DFXT_FUZZ=ON -DFXT_FUZZ_SANITIZERS=address \
      -DFXT_FUZZ_STRICT="$STRICT" -DBUILD_TESTING=OFF \
      -DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_C_FLAGS_RELWITHDEBINFO=$RWDI" \
      >"$BUILD_ROOT/fuzz-afl.configure.log" 2>&1 &&
      AFL_QUIET=1 AFL_DONT_OPTIMIZE=1 cmake --build "$AB" -j"$JOBS" --target fuzz_validate $AFL_MUT_TARGET \
        >"$BUILD_ROOT/fuzz-afl.build.log" 2>&1
    echo $? >"$BUILD_ROOT/fuzz-afl.rc"
  ) &
  afl_build_pid=$!
fi

# ---- 1. libFuzzer ---------------------------------------------------------------------------

CB=$BUILD_ROOT/fuzz-clang
rm -rf "$CB" # fresh: CMake caches -D options
targets=""
for h in $HARNESSES; do targets="$targets fuzz_$h fuzz_${h}_sa"; done
note "configuring the libFuzzer build in $CB"
if ! CC=${FXT_SMOKE_CLANG:-clang} cmake -S "$ROOT" -B "$CB" "${GEN[@]}" -DFXT_FUZZ=ON \
      -DFXT_FUZZ_STRICT="$STRICT" -DBUILD_TESTING=OFF -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      "-DCMAKE_C_FLAGS_RELWITHDEBINFO=$RWDI" >"$BUILD_ROOT/fuzz-clang.configure.log" 2>&1 ||
   ! cmake --build "$CB" -j"$JOBS" --target $targets $SEEDS_TARGET \
      >"$BUILD_ROOT/fuzz-clang.build.log" 2>&1; then
  tail -30 "$BUILD_ROOT/fuzz-clang.configure.log" "$BUILD_ROOT/fuzz-clang.build.log" 2>/dev/null
  record FAIL libfuzzer-build "see $BUILD_ROOT/fuzz-clang.build.log"
  finish
fi
record PASS libfuzzer-build "$(echo $targets | wc -w) targets"

# seeds: generated traces, corpus/ (when present), past crashes
SEEDS=$CB/seeds
mkdir -p "$SEEDS"
"${PLAIN:-$CB}/fuzz/fuzz_seeds" "$SEEDS" || { record FAIL seeds "fuzz_seeds failed"; finish; }
n_corpus=0
if [ -d "$ROOT/corpus" ]; then
  while IFS= read -r -d '' f; do
    rel=${f#"$ROOT/corpus/"}
    cp "$f" "$SEEDS/corpus-${rel//\//-}"
    n_corpus=$((n_corpus + 1))
  done < <(find "$ROOT/corpus" -type f -name '*.fxt' -size -1024k -print0)
fi
n_reg=0
if [ -d "$ROOT/fuzz/regressions" ]; then
  while IFS= read -r -d '' f; do
    cp "$f" "$SEEDS/regression-$(basename "$f")"
    n_reg=$((n_reg + 1))
  done < <(find "$ROOT/fuzz/regressions" -type f ! -name '*.md' -print0)
fi
note "seeds: $(ls "$SEEDS" | wc -l) files ($n_corpus from corpus/, $n_reg regressions)"

run_libfuzzer() { # TARGET -> writes RUN/status
  local t=$1 run=$CB/run/$1
  mkdir -p "$run/corpus" "$run/artifacts"
  # the fuzzer's CPU seconds (user + system), where /usr/bin/time is there
  local CPU_TIMER=""
  [ -x /usr/bin/time ] && CPU_TIMER="/usr/bin/time -f %U_%S -o $run/cpu.raw"
  ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=0} \
  UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1} \
  $CPU_TIMER timeout -k 10 "$LF_WALL" "$CB/fuzz/$t" "$run/corpus" "$SEEDS" \
    "${LF_BOUND[@]}" -rss_limit_mb=2048 -timeout=10 -max_len="$MAX_LEN" \
    -dict="$ROOT/fuzz/fxt.dict" -artifact_prefix="$run/artifacts/" -print_final_stats=1 \
    >"$run/log" 2>&1
  local rc=$? arts cpu=""
  [ -s "$run/cpu.raw" ] && tr '_' ' ' <"$run/cpu.raw" | tail -1 >"$run/cpu"
  [ -s "$run/cpu" ] && cpu=", $(awk '{ printf "%.0f", $1 + $2 }' "$run/cpu") CPU-s"
  arts=$(ls "$run/artifacts" 2>/dev/null | grep -Ev '^slow-unit-' | tr '\n' ' ')
  local execs cov
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$run/log" | tail -1)
  cov=$(grep -Eo 'cov: [0-9]+ ft: [0-9]+ corp: [0-9]+' "$run/log" | tail -1)
  if [ $rc -eq 0 ] && [ -z "$arts" ]; then
    echo "PASS|${execs:-?} execs$cpu, $cov" >"$run/status"
  else
    local why
    why=$(grep -Eo 'ERROR: (AddressSanitizer|LeakSanitizer|UndefinedBehaviorSanitizer|libFuzzer)[^(]*' \
          "$run/log" | head -1)
    grep -q 'invariant violated' "$run/log" && why="harness invariant violated"
    echo "FAIL|exit $rc ${why:-} ${arts:+artifacts: $arts}(log: $run/log)" >"$run/status"
  fi
}

note "running $(echo $targets | wc -w) libFuzzer targets, $LF_WHAT each, $JOBS at a time"
# (waits name their jobs: the AFL++ build runs in the background too)
running=()
for t in $targets; do
  run_libfuzzer "$t" &
  running+=($!)
  if [ "${#running[@]}" -ge "$JOBS" ]; then
    wait -n "${running[@]}"
    still=()
    for pid in "${running[@]}"; do kill -0 "$pid" 2>/dev/null && still+=("$pid"); done
    running=("${still[@]}")
  fi
done
[ "${#running[@]}" -eq 0 ] || wait "${running[@]}"
for t in $targets; do
  st=$(cat "$CB/run/$t/status" 2>/dev/null || echo "FAIL|no status")
  record "${st%%|*}" "$t" "${st#*|}"
  if [ "${st%%|*}" != PASS ]; then
    echo "----- $t: last lines of $CB/run/$t/log -----"
    grep -v '^#[0-9]' "$CB/run/$t/log" | tail -40
    echo "-----"
  fi
done

# ---- 2. AFL++ ---------------------------------------------------------------------------------

if [ -z "$afl_build_pid" ]; then
  [ "${FXT_SMOKE_SKIP_AFL:-0}" = 1 ] && note "AFL++ step skipped (FXT_SMOKE_SKIP_AFL=1)" ||
    record FAIL afl "afl-clang-fast / afl-fuzz not installed"
  finish
fi
if ! wait "$afl_build_pid" || [ "$(cat "$BUILD_ROOT/fuzz-afl.rc" 2>/dev/null)" != 0 ]; then
  tail -30 "$BUILD_ROOT/fuzz-afl.configure.log" "$BUILD_ROOT/fuzz-afl.build.log" 2>/dev/null
  record FAIL afl-build "see $BUILD_ROOT/fuzz-afl.build.log"
  finish
fi
AFL_MUT=$AB/fuzz/libfxt_afl_mutator.so
[ -z "$PLAIN" ] || AFL_MUT=$PLAIN/fuzz/libfxt_afl_mutator.so
record PASS afl-build "fuzz_validate (afl-clang-fast, ASan) + $AFL_MUT (plain compiler)"

AIN=$AB/run/in
AOUT=$AB/run/out
mkdir -p "$AIN"
# small seeds only: AFL++ slows down on big test cases
find "$SEEDS" -type f -size -48k -exec cp {} "$AIN/" \;
note "afl-fuzz on fuzz_validate with the fxt custom mutator, $AFL_WHAT ($(ls "$AIN" | wc -l) seeds)"
# Non-interactive root CI: no UI, no CPU governor check, no core_pattern
# check (crashes still reach afl-fuzz as signals), no CPU binding (cores may
# be shared or restricted in containers); afl-fuzz picks its own
# ASAN_OPTIONS (abort_on_error=1:symbolize=0) when none are set.
env -u ASAN_OPTIONS -u UBSAN_OPTIONS -u MSAN_OPTIONS -u LSAN_OPTIONS \
  AFL_NO_UI=1 AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_NO_AFFINITY=1 \
  AFL_CUSTOM_MUTATOR_LIBRARY="$AFL_MUT" \
  timeout -k 10 "$AFL_WALL" afl-fuzz "${AFL_BOUND[@]}" -i "$AIN" -o "$AOUT" \
    -x "$ROOT/fuzz/fxt.dict" -t 2000 -m none -- "$AB/fuzz/fuzz_validate" \
    </dev/null >"$AB/run/afl.log" 2>&1
arc=$?
stats=$AOUT/default/fuzzer_stats
astat() { sed -n "s/^$1 *: *//p" "$stats" 2>/dev/null | head -1; }
if [ ! -f "$stats" ]; then
  sed 's/\x1b\[[0-9;]*m//g' "$AB/run/afl.log" | tail -30
  record FAIL afl-fuzz "did not start (exit $arc, no fuzzer_stats; log: $AB/run/afl.log)"
  finish
fi
crashes=$(astat saved_crashes); crashes=${crashes:-$(astat unique_crashes)}
hangs=$(astat saved_hangs); hangs=${hangs:-$(astat unique_hangs)}
execs=$(astat execs_done)
if ! grep -q 'custom mutator' "$AB/run/afl.log"; then
  record FAIL afl-fuzz "custom mutator not loaded (log: $AB/run/afl.log)"
elif grep -q "symbol 'afl_custom_[a-z_]*trim' not found" "$AB/run/afl.log"; then
  record FAIL afl-fuzz "the custom trim was not loaded (log: $AB/run/afl.log)"
elif [ "${execs:-0}" -eq 0 ] || { [ -z "$AFL_SECS" ] && [ "${execs:-0}" -lt "$AFL_EXECS" ]; }; then
  record FAIL afl-fuzz "${execs:-no} executions (log: $AB/run/afl.log)"
elif [ "${crashes:-1}" -ne 0 ] || [ "${hangs:-1}" -ne 0 ]; then
  record FAIL afl-fuzz "saved_crashes=$crashes saved_hangs=$hangs (in $AOUT/default/)"
else
  record PASS afl-fuzz "$execs execs, $(astat execs_per_sec) exec/s, corpus $(astat corpus_count), bitmap $(astat bitmap_cvg), fxt-mutated entries $(ls "$AOUT/default/queue" | grep -c 'fxt-')"
fi
finish
