#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Builds fxtkit from scratch in every configuration CI covers and runs each
# test where it means most (ctest labels: cmake/test-labels.cmake):
#
#   1. gcc -Werror Release (-O3, the README's install build, what the
#      Debian packages are made from): every test but the extended ones
#      (ctest -LE extended): the quick tests, the slow ones, valgrind, the
#      Go recipe, fxt-conform, installs, the packages with lintian, benchmark
#      smoke runs, the npm package and the page (they build their own
#      WebAssembly). The default build (RelWithDebInfo) is built too, from
#      the README's quick start in a fresh copy (ctest doc-recipes-fresh).
#   2. clang ASan+UBSan at -O1, assertions on: every test but valgrind (ASan
#      and valgrind do not mix), the packages (made from a plain build), the
#      Go recipe and fxt-conform (their C parts run here through the quick
#      tests), the benchmarks, the WebAssembly ones and the checks run once
#      (ctest -LE 'valgrind|package|go|conform|bench|once|node|browser');
#      with FXT_SANITIZED=1, test_violate.py and test_gen.c
#      (support/test_scale.h) take fewer seeds there, each saying why they
#      reach the same paths (stage 1 and 4 run every seed)
#   3. clang ThreadSanitizer: the tests of the threaded validator (ctest -L
#      threads), with only the targets they need built; any report fails
#   4. clang coverage (scripts/coverage.sh): the tests that exercise the
#      validator, its CLI and the mutator; prints line and branch coverage
#      (FXT_SKIP_COVERAGE=1 skips it)
#   5. the fuzzing smoke run, libFuzzer and AFL++, bounded by executions
#      (fuzz/smoke.sh; FXT_SKIP_FUZZ=1 skips it; the AFL++ build runs beside
#      the libFuzzer one; fuzz_seeds and the AFL++ module, instrumented in
#      neither, are stage 1's: FXT_SMOKE_PLAIN_BUILD)
#
# Every test runs in at least one configuration. Fresh build directories
# each time (CMake caches -D options). Each stage's wall time is printed
# after it, and all of them at the end.
#
#   scripts/test.sh            everything (what .ci/run runs)
#   scripts/test.sh quick      one gcc build, ctest -L quick: for every edit
#   scripts/test.sh tsan       stage 3 alone (after an edit to validator/par.c)
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc 2>/dev/null || echo 2)
py=/usr/bin/python3   # sees Debian's python3-jsonschema
stage_start=$SECONDS
times=()
stage_done() { # NAME
  times+=("$(printf '%-34s %5d s' "$1" $((SECONDS - stage_start)))")
  echo "== $1: $((SECONDS - stage_start)) s =="
  stage_start=$SECONDS
}

configure() { # DIR ARGS...: a fresh build directory
  local dir=$1
  shift
  rm -rf "$dir"
  cmake -S . -B "$dir" -G Ninja -DFXT_WERROR=ON -DPython3_EXECUTABLE=$py "$@" >/dev/null
}

# ThreadSanitizer on the parallel path (validator/par.c: worker threads,
# lock-free claims, pipelined cycles): its own build, not the ASan one (the
# two do not mix), of the threaded tests' targets only. halt_on_error: the
# first report stops the test and fails it (fxt-validate's exit status and
# stderr then differ from one thread's in cli-threads).
tsan_stage() {
  echo "== 3. clang TSan: the threaded tests (ctest -L threads) =="
  local tsan=-fsanitize=thread
  CC=clang configure build-tsan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DFXT_HARDENING=OFF -DCMAKE_C_FLAGS="$tsan" \
    -DCMAKE_EXE_LINKER_FLAGS="$tsan" -DCMAKE_SHARED_LINKER_FLAGS="$tsan"
  cmake --build build-tsan -j"$jobs" --target test_par_equals fxt-validate fxt-gen
  # (setarch -R: no address randomisation, which clang 14's TSan runtime
  # cannot map around on kernels with vm.mmap_rnd_bits above 28)
  TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1 \
    setarch "$(uname -m)" -R ctest --test-dir build-tsan -j"$jobs" -L threads --output-on-failure
  stage_done "3. clang TSan"
}

if [ "${1:-}" = quick ]; then
  echo "== quick: gcc build, ctest -L quick =="
  configure build-quick -DCMAKE_BUILD_TYPE=RelWithDebInfo
  cmake --build build-quick -j"$jobs"
  ctest --test-dir build-quick -j"$jobs" -L quick --output-on-failure
  stage_done "quick"
  exit 0
fi
if [ "${1:-}" = tsan ]; then
  tsan_stage
  exit 0
fi

echo "== 1. gcc -Werror Release: every test but the extended ones =="
configure build-test -DCMAKE_BUILD_TYPE=Release
cmake --build build-test -j"$jobs"
ctest --test-dir build-test -j"$jobs" -LE extended --output-on-failure
stage_done "1. gcc Release"

# ASan+UBSan at -O1 (assertions on): its tests run about twice as fast as at
# -O0.
echo "== 2. clang ASan+UBSan (-O1) =="
CC=clang configure build-asan -DCMAKE_BUILD_TYPE=Debug -DFXT_SANITIZE=ON -DCMAKE_C_FLAGS_DEBUG="-g -O1"
cmake --build build-asan -j"$jobs"
FXT_SANITIZED=1 ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  ctest --test-dir build-asan -j"$jobs" -LE 'valgrind|package|go|conform|bench|once|node|browser' --output-on-failure
stage_done "2. clang ASan+UBSan"

tsan_stage

# Line and branch coverage of the validator, its CLI and the mutator: the
# figures are printed; a part below its branch target is reported but does
# not fail CI (FXT_COVERAGE_STRICT=1 makes it fail). A test failing in this
# build does. (Not in the sanitizer build: its fault-injection tests, which
# reach the CLI's error paths, cannot run under ASan.)
if [ "${FXT_SKIP_COVERAGE:-0}" != 1 ]; then
  echo "== 4. coverage (scripts/coverage.sh) =="
  bash scripts/coverage.sh "$PWD/build-cov"
  stage_done "4. coverage"
fi

if [ "${FXT_SKIP_FUZZ:-0}" != 1 ]; then
  echo "== 5. fuzzing smoke run =="
  # (fuzz_seeds and the AFL++ module, plain in every build, from stage 1's)
  FXT_SMOKE_PLAIN_BUILD=$PWD/build-test bash fuzz/smoke.sh "$PWD/build-fuzz"
  stage_done "5. fuzzing smoke run"
fi

echo "== stage times =="
printf '  %s\n' "${times[@]}"
echo "== all tests passed ($SECONDS s in all) =="
