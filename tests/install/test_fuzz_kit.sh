#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tests/install/test_fuzz_kit.sh - ctest install-fuzz-kit, install-fuzz-kit-libfuzzer
# and install-fuzz-kit-afl (tests/CMakeLists.txt): fuzz/README.md's recipe for
# a reader's author, from an installed prefix (cmake --install into a
# temporary folder; nothing is taken from the source or build tree).
#
#   --mode kit        the installed files (<fxt/mutator.h>, libfxtmut with its
#                     SONAME and only public names, the libFuzzer glue, the AFL++
#                     module, fxtmut.pc, fxtmut-libfuzzer.pc, the CMake targets);
#                     the header alone compiles; fuzzkit/mutate_demo.c built with
#                     pkg-config fxtmut and with fxtkit::fxtmut / fxtmut_static
#                     mutates a corpus vector as <fxt/mutator.h> promises.
#   --mode libfuzzer  fuzzkit/reader_fuzz.c built with clang -fsanitize=fuzzer,
#                     address,undefined $(pkg-config --cflags --libs
#                     fxtmut-libfuzzer) runs 3000 inputs (-runs, -seed: bounded
#                     by executions, never by seconds) on the installed corpus:
#                     the log must say libFuzzer found LLVMFuzzerCustomMutator
#                     (libFuzzer then mutates with it alone) and ran them all;
#                     the same harness through fxtkit::fxtmut_libfuzzer.
#                     Exit 77 (skipped) without clang and its libFuzzer runtime.
#   --mode afl        the same harness built with afl-clang-fast, afl-fuzz -E 5000
#                     -s 1 (bounded by executions) with AFL_CUSTOM_MUTATOR_LIBRARY=
#                     $(pkg-config --variable=afl_mutator fxtmut) and
#                     AFL_CUSTOM_MUTATOR_ONLY=1: the module must load and
#                     fuzzer_stats must show the 5000 executions, which past
#                     the seeds' calibration are all the module's outputs (a
#                     module that made none would never reach them), and no
#                     crash. What the runs happen to find (new queue entries)
#                     is printed, never asserted: on a busy machine it is luck.
#                     Exit 77 (skipped) without afl-clang-fast and afl-fuzz.
set -euo pipefail

while [ $# -gt 0 ]; do
  case $1 in
    --mode) mode=$2 ;;           --build) build=$2 ;;
    --cmake) cmake=$2 ;;         --pkg-config) pkgconfig=$2 ;;
    --cc) cc=$2 ;;               --flags) flags=$2 ;;
    --generator) generator=$2 ;; --version) version=$2 ;;
    --soversion) soversion=$2 ;;
    *) echo "test_fuzz_kit.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift 2
done
here=$(cd "$(dirname "$0")" && pwd)/fuzzkit
case $mode in
  libfuzzer)
    if ! command -v clang >/dev/null; then
      echo "SKIP: clang is not installed (scripts/setup.sh installs it)"; exit 77
    fi
    echo 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { (void)d; (void)n; return 0; }' \
      >"${TMPDIR:-/tmp}/fxt-fuzzkit-probe.$$.c"
    if ! clang -fsanitize=fuzzer "${TMPDIR:-/tmp}/fxt-fuzzkit-probe.$$.c" \
         -o "${TMPDIR:-/tmp}/fxt-fuzzkit-probe.$$" 2>/dev/null; then
      rm -f "${TMPDIR:-/tmp}"/fxt-fuzzkit-probe.$$*
      echo "SKIP: clang cannot link -fsanitize=fuzzer (libclang-rt-14-dev missing)"; exit 77
    fi
    rm -f "${TMPDIR:-/tmp}"/fxt-fuzzkit-probe.$$* ;;
  afl)
    if ! command -v afl-clang-fast >/dev/null || ! command -v afl-fuzz >/dev/null; then
      echo "SKIP: afl-clang-fast / afl-fuzz are not installed (package afl++)"; exit 77
    fi ;;
  kit) ;;
  *) echo "test_fuzz_kit.sh: --mode kit|libfuzzer|afl" >&2; exit 2 ;;
esac

tmp=$(mktemp -d "${TMPDIR:-/tmp}/fxt-fuzzkit.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
P=$tmp/prefix
fails=0
ok() { echo "ok: $*"; }
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
note() { echo "note: $*"; }
finish() { echo "install-fuzz-kit ($mode): $fails failure(s)"; [ "$fails" -eq 0 ]; exit; }

"$cmake" --install "$build" --prefix "$P" >"$tmp/install.log" || { cat "$tmp/install.log"; exit 1; }
pc=$(cd "$P" && find . -path '*/pkgconfig/fxtmut.pc' | head -1)
[ -n "$pc" ] || { echo "FAIL: no fxtmut.pc installed"; exit 1; }
libdir=${pc#./}
libdir=${libdir%/pkgconfig/fxtmut.pc}   # lib, or lib/<multiarch>
L=$P/$libdir
export PKG_CONFIG_PATH=$L/pkgconfig PKG_CONFIG_LIBDIR=$L/pkgconfig  # never a system-wide .pc
seeds=$P/share/fxtkit/corpus/valid
vector=$seeds/arg-string.fxt
gen=()
[ -n "${generator:-}" ] && gen=(-G "$generator")

# ---- kit: what is installed, and the mutator used from C and CMake ------------------------------
if [ "$mode" = kit ]; then
  for f in include/fxt/mutator.h "$libdir/libfxtmut.so" "$libdir/libfxtmut.so.$soversion" \
           "$libdir/libfxtmut.so.$version" "$libdir/libfxtmut.a" "$libdir/libfxtmut_libfuzzer.a" \
           "$libdir/fxtkit/libfxt_afl_mutator.so" "$libdir/pkgconfig/fxtmut.pc" \
           "$libdir/pkgconfig/fxtmut-libfuzzer.pc" share/fxtkit/fxt.dict; do
    [ -e "$P/$f" ] && ok "installed $f" || fail "missing $f"
  done
  dyn=$(readelf -d "$L/libfxtmut.so.$version")
  grep -q "(SONAME).*\[libfxtmut.so.$soversion\]" <<<"$dyn" && ok "libfxtmut SONAME libfxtmut.so.$soversion" ||
    fail "libfxtmut SONAME: $(grep SONAME <<<"$dyn")"
  grep -q "(NEEDED).*\[libfxt.so.$soversion\]" <<<"$dyn" && ok "libfxtmut needs libfxt.so.$soversion" ||
    fail "libfxtmut does not need libfxt.so.$soversion"
  readelf -d "$L/fxtkit/libfxt_afl_mutator.so" | grep -q '(SONAME).*\[libfxt_afl_mutator.so\]' &&
    ok "AFL++ module SONAME" || fail "the AFL++ module has no SONAME"
  # The public functions of the installed header, each exported by the shared
  # library and defined by the static one; nothing else is exported.
  api=$(grep -o '\bfxt_[a-z_]*(' "$P/include/fxt/mutator.h" | tr -d '(' | sort -u)
  [ "$(wc -l <<<"$api")" -ge 8 ] && ok "$(wc -l <<<"$api") functions in fxt/mutator.h" ||
    fail "fxt/mutator.h declares only: $api"
  exported=$(nm -D --defined-only "$L/libfxtmut.so" | awk '{print $3}' | sort -u)
  static=$(nm -g --defined-only "$L/libfxtmut.a" 2>/dev/null | awk 'NF == 3 {print $3}' | sort -u)
  for f in $api; do
    grep -qx "$f" <<<"$exported" || fail "$f not exported by libfxtmut.so"
    grep -qx "$f" <<<"$static" || fail "$f not in libfxtmut.a"
  done
  extra=$(comm -13 - <(printf '%s\n' "$exported") <<<"$api")
  [ -z "$extra" ] && ok "libfxtmut.so exports exactly the API of fxt/mutator.h" ||
    fail "libfxtmut.so also exports: $extra"
  glue=$(nm "$L/libfxtmut_libfuzzer.a")
  for s in "T LLVMFuzzerCustomMutator" "T LLVMFuzzerCustomCrossOver" "U LLVMFuzzerMutate"; do
    grep -q " $s\$" <<<"$glue" && ok "libfxtmut_libfuzzer.a: $s" || fail "libfxtmut_libfuzzer.a lacks $s"
  done

  [ "$("$pkgconfig" --modversion fxtmut)" = "$version" ] && ok "pkg-config --modversion fxtmut" ||
    fail "pkg-config --modversion fxtmut"
  afl=$("$pkgconfig" --variable=afl_mutator fxtmut)
  [ "$afl" = "$L/fxtkit/libfxt_afl_mutator.so" ] && ok "pkg-config --variable=afl_mutator fxtmut" ||
    fail "afl_mutator variable: $afl"
  glue_libs=$("$pkgconfig" --libs fxtmut-libfuzzer)
  for w in -Wl,--undefined=LLVMFuzzerCustomMutator -Wl,--undefined=LLVMFuzzerCustomCrossOver \
           -lfxtmut_libfuzzer -lfxtmut -lfxt; do
    grep -q -- "$w" <<<"$glue_libs" && ok "pkg-config --libs fxtmut-libfuzzer: $w" ||
      fail "pkg-config --libs fxtmut-libfuzzer lacks $w: $glue_libs"
  done

  # The header needs nothing but the installed headers.
  printf '#include <fxt/mutator.h>\nint main(void) { return (int)fxt_mut_options_default().force_op + 1; }\n' \
    >"$tmp/alone.c"
  # shellcheck disable=SC2046,SC2086
  "$cc" -std=c11 -Wall -Wextra -Wpedantic -Werror $flags $("$pkgconfig" --cflags fxtmut) \
    "$tmp/alone.c" -o "$tmp/alone" $("$pkgconfig" --libs fxtmut) &&
    ok "<fxt/mutator.h> alone, with pkg-config fxtmut" || fail "<fxt/mutator.h> alone"

  # shellcheck disable=SC2046,SC2086
  if "$cc" -std=c11 -Wall -Wextra -Werror $flags $("$pkgconfig" --cflags fxtmut) \
       "$here/mutate_demo.c" -o "$tmp/mutate_demo" $("$pkgconfig" --libs fxtmut); then
    ok "mutate_demo built with pkg-config fxtmut"
    grep -q "libfxtmut.so.$soversion => $L/" <<<"$(LD_LIBRARY_PATH=$L ldd "$tmp/mutate_demo")" &&
      ok "mutate_demo uses the installed libfxtmut.so" || fail "mutate_demo not linked to $L/libfxtmut.so"
    LD_LIBRARY_PATH=$L "$tmp/mutate_demo" "$vector" && ok "mutate_demo (pkg-config)" ||
      fail "mutate_demo (pkg-config)"
  else
    fail "mutate_demo build (pkg-config)"
  fi

  if "$cmake" -S "$here" -B "$tmp/cm" "${gen[@]}" -DCMAKE_PREFIX_PATH="$P" -DCMAKE_C_COMPILER="$cc" \
       -DCMAKE_C_FLAGS="-Wall -Wextra -Werror $flags" -DCMAKE_BUILD_TYPE=Debug >"$tmp/cm.log" 2>&1 &&
     "$cmake" --build "$tmp/cm" >>"$tmp/cm.log" 2>&1; then
    ok "mutate_demo built with find_package(fxtkit): fxtkit::fxtmut, fxtkit::fxtmut_static"
    LD_LIBRARY_PATH=$L "$tmp/cm/mutate_demo_shared" "$vector" && ok "mutate_demo (fxtkit::fxtmut)" ||
      fail "mutate_demo (fxtkit::fxtmut)"
    "$tmp/cm/mutate_demo_static" "$vector" && ok "mutate_demo (fxtkit::fxtmut_static)" ||
      fail "mutate_demo (fxtkit::fxtmut_static)"
    if grep -q 'libfxt' <<<"$(ldd "$tmp/cm/mutate_demo_static")"; then
      fail "mutate_demo_static depends on a shared libfxt*"
    fi
    [ "$(cat "$tmp/cm/afl_mutator.txt")" = "$afl" ] && ok "fxtkit_AFL_MUTATOR is the installed module" ||
      fail "fxtkit_AFL_MUTATOR: $(cat "$tmp/cm/afl_mutator.txt")"
  else
    cat "$tmp/cm.log"
    fail "CMake consumer of the fuzzing kit"
  fi
  finish
fi

# ---- libFuzzer: the reader harness with the installed custom mutator ----------------------------
# check_libfuzzer NAME LOG RC: libFuzzer found and used the custom mutator.
check_libfuzzer() {
  local name=$1 log=$2 rc=$3
  [ "$rc" = 0 ] && ok "$name: exit 0" || { tail -20 "$log"; fail "$name: exit $rc"; }
  grep -q '^INFO: found LLVMFuzzerCustomMutator' "$log" && ok "$name: found LLVMFuzzerCustomMutator" ||
    fail "$name: libFuzzer did not find LLVMFuzzerCustomMutator"
  runs=$(sed -n 's/^Done \([0-9]*\) runs.*/\1/p' "$log")
  [ "${runs:-0}" -ge 3000 ] && ok "$name: $runs runs" || fail "$name: not the 3000 runs asked ('Done ${runs:-?} runs')"
  # what the runs found: printed, not asserted (it depends on the mutations)
  note "$name: $(grep -c 'MS: [0-9]*.*Custom' "$log" || true) new inputs made by the custom mutator (MS: ...Custom)"
}
if [ "$mode" = libfuzzer ]; then
  # shellcheck disable=SC2046,SC2086
  if clang -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all $flags \
       "$here/reader_fuzz.c" $("$pkgconfig" --cflags --libs fxtmut-libfuzzer) -o "$tmp/reader_fuzz"; then
    ok "reader_fuzz built with clang -fsanitize=fuzzer,address,undefined \$(pkg-config --cflags --libs fxtmut-libfuzzer)"
    mkdir -p "$tmp/work"
    rc=0
    LD_LIBRARY_PATH=$L ASAN_OPTIONS=detect_leaks=0 "$tmp/reader_fuzz" "$tmp/work" "$seeds" \
      -runs=3000 -max_len=65536 -seed=1 -dict="$P/share/fxtkit/fxt.dict" \
      >"$tmp/lf.log" 2>&1 || rc=$?
    check_libfuzzer "libFuzzer (pkg-config)" "$tmp/lf.log" "$rc"
  else
    fail "reader_fuzz build (pkg-config fxtmut-libfuzzer)"
  fi
  if CC=clang "$cmake" -S "$here" -B "$tmp/cm" "${gen[@]}" -DCMAKE_PREFIX_PATH="$P" -DWITH_LIBFUZZER=ON \
       -DCMAKE_C_FLAGS="$flags" -DCMAKE_BUILD_TYPE=RelWithDebInfo >"$tmp/cm.log" 2>&1 &&
     "$cmake" --build "$tmp/cm" --target reader_fuzz >>"$tmp/cm.log" 2>&1; then
    ok "reader_fuzz built with find_package(fxtkit), fxtkit::fxtmut_libfuzzer"
    rc=0
    mkdir -p "$tmp/work2"   # libFuzzer adds new inputs to the first folder
    LD_LIBRARY_PATH=$L ASAN_OPTIONS=detect_leaks=0 "$tmp/cm/reader_fuzz" "$tmp/work2" "$seeds" -runs=3000 \
      -max_len=65536 -seed=2 >"$tmp/lf-cmake.log" 2>&1 || rc=$?
    check_libfuzzer "libFuzzer (CMake)" "$tmp/lf-cmake.log" "$rc"
  else
    cat "$tmp/cm.log"
    fail "reader_fuzz build (fxtkit::fxtmut_libfuzzer)"
  fi
  finish
fi

# ---- AFL++: the reader harness with the installed custom mutator module -------------------------
afl=$("$pkgconfig" --variable=afl_mutator fxtmut)
[ -f "$afl" ] && ok "AFL++ module $afl" || { fail "no AFL++ module at '$afl'"; finish; }
if ! AFL_QUIET=1 afl-clang-fast -g -O1 -fsanitize=fuzzer "$here/reader_fuzz.c" -o "$tmp/reader_afl" \
     >"$tmp/afl-cc.log" 2>&1; then
  cat "$tmp/afl-cc.log"
  fail "reader_fuzz build with afl-clang-fast"
  finish
fi
ok "reader_fuzz built with afl-clang-fast -fsanitize=fuzzer"
mkdir -p "$tmp/in"
find "$seeds" -name '*.fxt' -size -16k -exec cp {} "$tmp/in/" \;
# Non-interactive, as fuzz/smoke.sh runs it; no @@: the harness reads
# standard input (libAFLDriver). afl-fuzz picks its own ASAN_OPTIONS.
# Bounded by executions (-E) with a fixed seed (-s), never by seconds; only
# the module mutates (AFL_CUSTOM_MUTATOR_ONLY=1).
execs_asked=5000
rc=0
env -u ASAN_OPTIONS -u UBSAN_OPTIONS -u MSAN_OPTIONS -u LSAN_OPTIONS \
  AFL_NO_UI=1 AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_NO_AFFINITY=1 \
  AFL_CUSTOM_MUTATOR_LIBRARY="$afl" AFL_CUSTOM_MUTATOR_ONLY=1 \
  timeout -k 10 200 afl-fuzz -E "$execs_asked" -s 1 -i "$tmp/in" -o "$tmp/out" \
    -x "$P/share/fxtkit/fxt.dict" -- "$tmp/reader_afl" \
  </dev/null >"$tmp/afl.log" 2>&1 || rc=$?
log=$(sed 's/\x1b\[[0-9;]*m//g' "$tmp/afl.log")
stats=$tmp/out/default/fuzzer_stats
astat() { sed -n "s/^$1 *: *//p" "$stats" 2>/dev/null | head -1; }
[ "$rc" = 0 ] && ok "afl-fuzz -E $execs_asked: exit 0" || { tail -30 <<<"$log"; fail "afl-fuzz exit $rc"; }
grep -qF "Custom mutator '$afl' installed successfully" <<<"$log" && ok "afl-fuzz loaded the installed module" ||
  fail "afl-fuzz did not load $afl"
execs=$(astat execs_done)
[ "${execs:-0}" -ge "$execs_asked" ] && ok "fuzzer_stats: $execs executions, the module's outputs past the seeds' calibration" ||
  fail "fuzzer_stats: ${execs:-no} executions, $execs_asked asked"
crashes=$(astat saved_crashes)
[ "${crashes:-1}" = 0 ] && ok "fuzzer_stats: no crash" || fail "fuzzer_stats: saved_crashes=$crashes"
note "$(find "$tmp/out/default/queue" -name '*,fxt-*' | wc -l) new queue entries made by the fxt module (,fxt-...; not asserted)"
finish
