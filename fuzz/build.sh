#!/bin/bash -eu
# SPDX-License-Identifier: MIT
# fuzz/build.sh - ClusterFuzzLite / OSS-Fuzz build script for fxtkit.
#
# Uses the usual environment of those infrastructures:
#   CC, CXX, CFLAGS, CXXFLAGS   compilers and flags (sanitizer + coverage flags included)
#   LIB_FUZZING_ENGINE          the engine to link (-fsanitize=fuzzer, libAFLDriver.a, ...)
#   OUT                         where targets and their files go
#   SRC, WORK                   checkout and scratch space (WORK defaults to a temp dir)
# and writes, for every target T (fuzz_validate, fuzz_chunks, fuzz_roundtrip,
# and the structure-aware fuzz_*_sa variants with fxt's custom mutator):
#   $OUT/T                      the fuzz target
#   $OUT/T_seed_corpus.zip      corpus/**/*.fxt, fuzz/regressions/ and generated traces
#   $OUT/T.dict                 fuzz/fxt.dict
#   $OUT/T.options              libFuzzer options (max_len, timeout, rss limit, dict)
#
# The project directory is found from this script's location, so it works as
# $SRC/<project>/fuzz/build.sh (OSS-Fuzz) or from .clusterfuzzlite/build.sh
# calling it. Locally:
#   CC=clang CXX=clang++ CFLAGS="-O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fsanitize=fuzzer-no-link" \
#   CXXFLAGS="$CFLAGS" LIB_FUZZING_ENGINE=-fsanitize=fuzzer OUT=/tmp/out fuzz/build.sh

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
: "${CC:=clang}"
: "${CXX:=clang++}"
: "${CFLAGS:=-O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fsanitize=fuzzer-no-link}"
: "${CXXFLAGS:=$CFLAGS}"
: "${LIB_FUZZING_ENGINE:=-fsanitize=fuzzer}"
: "${OUT:?set OUT to the output directory}"
WORK=${WORK:-$(mktemp -d)}
B=$WORK/fxtkit-fuzz-build
rm -rf "$B"
mkdir -p "$B/obj" "$B/seeds" "$OUT"

STD="-std=c11 -D_POSIX_C_SOURCE=200809L -I$ROOT/include -I$ROOT/fuzz -I$ROOT/format -I$ROOT/support"
# FXT_FUZZ_STRICT=1: harnesses also abort on the known divergences (regressions/README.md)
if [ "${FXT_FUZZ_STRICT:-0}" = 1 ]; then
  STD="$STD -DFXT_FUZZ_STRICT_MODEL -DFXT_ROUNDTRIP_STRICT"
fi
# The library: every source of format/, validator/ and generator/ but
# version.c (it needs the generated fxt/version.h).
LIBSRC=$(cd "$ROOT" && ls format/*.c validator/*.c generator/*.c | grep -v -e '/version\.c$')
HARNESSES="validate chunks roundtrip"

compile() { # SOURCE OBJECT
  # shellcheck disable=SC2086
  $CC $CFLAGS $STD -c "$ROOT/$1" -o "$B/obj/$2"
}

libobjs=""
for s in $LIBSRC fuzz/fuzz_common.c; do
  o=$(basename "$s" .c).o
  compile "$s" "$o"
  libobjs="$libobjs $B/obj/$o"
done
mutobjs=""
for s in $(cd "$ROOT" && ls fuzz/mutator*.c) fuzz/libfuzzer_mutator.c; do  # mutator_impl.h lists them
  o=$(basename "$s" .c).o
  compile "$s" "$o"
  mutobjs="$mutobjs $B/obj/$o"
done

targets=""
for h in $HARNESSES; do
  compile "fuzz/fuzz_$h.c" "fuzz_$h.o"
  # shellcheck disable=SC2086
  $CXX $CXXFLAGS "$B/obj/fuzz_$h.o" $libobjs $LIB_FUZZING_ENGINE -o "$OUT/fuzz_$h"
  # shellcheck disable=SC2086
  $CXX $CXXFLAGS "$B/obj/fuzz_$h.o" $mutobjs $libobjs $LIB_FUZZING_ENGINE -o "$OUT/fuzz_${h}_sa"
  targets="$targets fuzz_$h fuzz_${h}_sa"
done

# Seeds: generated traces (the generator is built for the host, without the
# fuzzing flags), the golden corpus when present, and past crashes.
# shellcheck disable=SC2086
${HOST_CC:-cc} -O1 $STD -I"$ROOT/support" "$ROOT/fuzz/seeds.c" "$ROOT/support/outfile.c" \
  "$ROOT/generator/encode.c" "$ROOT"/generator/gen*.c "$ROOT/format/layout.c" \
  "$ROOT/format/rules.c" -o "$B/fuzz_seeds"
"$B/fuzz_seeds" "$B/seeds"
if [ -d "$ROOT/corpus" ]; then
  find "$ROOT/corpus" -type f -name '*.fxt' -size -1024k | while IFS= read -r f; do
    rel=${f#"$ROOT/corpus/"}
    cp "$f" "$B/seeds/corpus-${rel//\//-}"
  done
fi
if [ -d "$ROOT/fuzz/regressions" ]; then
  find "$ROOT/fuzz/regressions" -type f ! -name '*.md' -exec cp {} "$B/seeds/" \;
fi

zip_seeds() { # ZIPFILE
  rm -f "$1"
  if command -v zip >/dev/null 2>&1; then
    (cd "$B/seeds" && zip -q -j "$1" ./*)
  else
    python3 - "$1" "$B/seeds" <<'PY'
import os, sys, zipfile
with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as z:
    for n in sorted(os.listdir(sys.argv[2])):
        z.write(os.path.join(sys.argv[2], n), n)
PY
  fi
}

for t in $targets; do
  zip_seeds "$OUT/${t}_seed_corpus.zip"
  cp "$ROOT/fuzz/fxt.dict" "$OUT/$t.dict"
  cat >"$OUT/$t.options" <<EOF
[libfuzzer]
dict = $t.dict
max_len = 65536
timeout = 10
rss_limit_mb = 2048
EOF
done
echo "fxtkit: built$targets into $OUT"
