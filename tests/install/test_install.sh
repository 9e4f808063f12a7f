#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tests/install/test_install.sh - ctest install-consumers (see tests/CMakeLists.txt).
#
# Installs the build tree into a temporary prefix with cmake --install, checks
# the installed files (library SONAME, headers, fxt.pc, CMake package, tools,
# man pages, corpus, schemas), then builds and runs two consumers against the
# prefix: consumer.c via `pkg-config --cflags --libs fxt` (shared libfxt) and
# cxx/ via find_package(fxtkit) (fxtkit::fxt and fxtkit::fxt_static). Each
# validates a valid and an invalid vector of the installed corpus; the
# expectations come from corpus/manifest.json (checked by golden-check).
set -euo pipefail

while [ $# -gt 0 ]; do
  case $1 in
    --build) build=$2 ;;         --source) src=$2 ;;
    --cmake) cmake=$2 ;;         --pkg-config) pkgconfig=$2 ;;
    --cc) cc=$2 ;;               --cxx) cxx=$2 ;;
    --flags) flags=$2 ;;         --generator) generator=$2 ;;
    --version) version=$2 ;;     --soversion) soversion=$2 ;;
    --man-pages) man=$2 ;;
    *) echo "test_install.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift 2
done
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/fxt-install.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
P=$tmp/prefix
fails=0
ok() { echo "ok: $*"; }
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
check_file() { if [ -e "$P/$1" ]; then ok "installed $1"; else fail "missing $1"; fi; }

"$cmake" --install "$build" --prefix "$P" >"$tmp/install.log" || { cat "$tmp/install.log"; exit 1; }
pc=$(cd "$P" && find . -path '*/pkgconfig/fxt.pc' | head -1)
[ -n "$pc" ] || { fail "no fxt.pc installed"; exit 1; }
libdir=${pc#./}
libdir=${libdir%/pkgconfig/fxt.pc}   # lib, or lib/<multiarch> under /usr

# ---- what is installed -------------------------------------------------------------------
for f in "$libdir/libfxt.a" "$libdir/libfxt.so" "$libdir/libfxt.so.$soversion" \
         "$libdir/libfxt.so.$version" "$libdir/cmake/fxtkit/fxtkit-config.cmake" \
         "$libdir/cmake/fxtkit/fxtkit-config-version.cmake" \
         include/fxt/fxt.h include/fxt/revision.h \
         include/fxt/validate.h include/fxt/rules.h include/fxt/rule_ids.h include/fxt/rule_help.h include/fxt/format.h \
         include/fxt/record.h \
         include/fxt/encode.h include/fxt/gen.h include/fxt/version.h \
         bin/fxt-validate bin/fxt-gen bin/fxt-conform \
         share/fxtkit/corpus/manifest.json share/fxtkit/manifest.schema.json \
         share/fxtkit/fxt-validate.schema.json; do
  check_file "$f"
done
soname=$(readelf -d "$P/$libdir/libfxt.so.$version" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
[ "$soname" = "libfxt.so.$soversion" ] && ok "SONAME $soname" || fail "SONAME '$soname', expected libfxt.so.$soversion"
# Only public names are exported: every dynamic symbol defined by libfxt is fxt_<letter>...
bad=$(nm -D --defined-only "$P/$libdir/libfxt.so" | awk '{print $3}' | grep -v '^fxt_[a-z]' | grep -v '^FXT' || true)
[ -z "$bad" ] && ok "exports only fxt_* names" || fail "exported non-public symbols: $bad"
# ...and every part is in it: catalogue, validator, encoder, generator, version.
for sym in fxt_rule_get fxt_validator_new fxt_encode_record fxt_gen_random fxt_version; do
  for lib in "$P/$libdir/libfxt.so" "$P/$libdir/libfxt.a"; do
    syms=$({ nm -g --defined-only "$lib"; nm -D --defined-only "$lib"; } 2>/dev/null || true)
    if grep -q " T $sym\$" <<<"$syms"; then
      ok "$sym in $(basename "$lib")"
    else
      fail "$sym missing from $(basename "$lib")"
    fi
  done
done
for f in "$P"/include/fxt/*.h; do
  # (a header that only includes others declares nothing to wrap)
  if ! grep -q '^[a-z].*[;(]' "$f"; then ok "${f#"$P"/} declares nothing"; continue; fi
  grep -q 'extern "C"' "$f" && ok "extern \"C\" in ${f#"$P"/}" || fail "no extern \"C\" in ${f#"$P"/}"
done
if [ "$man" = 1 ]; then
  for t in "$P"/bin/*; do
    check_file "share/man/man1/$(basename "$t").1.gz"
  done
  zgrep -q "$version" "$P/share/man/man1/fxt-validate.1.gz" && ok "man page carries version $version" ||
    fail "fxt-validate.1.gz does not mention $version"
fi
# the library's page, the fuzzing guide and the Go loop it runs
[ "$man" = 1 ] && check_file "share/man/man3/libfxt.3.gz"
check_file "share/doc/fxtkit/fuzz/README.md"
[ -x "$P/share/fxtkit/go-fuzz-loop.sh" ] && ok "installed share/fxtkit/go-fuzz-loop.sh, executable" ||
  fail "share/fxtkit/go-fuzz-loop.sh missing or not executable"
# pkg-config names the installed data folder
[ "$(PKG_CONFIG_PATH="$P/$libdir/pkgconfig" "$pkgconfig" --variable=fxtkitdir fxtmut)" = "$P/share/fxtkit" ] &&
  ok "pkg-config --variable=fxtkitdir fxtmut is $P/share/fxtkit" || fail "fxtkitdir of fxtmut.pc"
# The installed tools run and print the version.
"$P/bin/fxt-validate" --version | grep -qx "fxt-validate $version (FXT spec revisions: .*)" &&
  ok "fxt-validate --version" || fail "fxt-validate --version: $("$P/bin/fxt-validate" --version)"
"$P/bin/fxt-gen" --version | grep -qx "fxt-gen $version (FXT spec revisions: .*)" &&
  ok "fxt-gen --version" || fail "fxt-gen --version: $("$P/bin/fxt-gen" --version)"
for t in fxt-dump fxt-mutate; do
  [ -x "$P/bin/$t" ] || continue
  "$P/bin/$t" --version | grep -qx "$t $version (FXT spec revisions: .*)" &&
    ok "$t --version" || fail "$t --version: $("$P/bin/$t" --version)"
done
/usr/bin/python3 "$P/bin/fxt-conform" --version | grep -qx "fxt-conform $version (FXT spec revisions: .*)" &&
  ok "fxt-conform --version (installed copy)" || fail "fxt-conform --version"

# ---- consumers ------------------------------------------------------------------------
C=$P/share/fxtkit/corpus
valid=$C/valid/arg-string.fxt
invalid=$C/invalid/E0004-record-too-small.fxt   # manifest: E0004 in the record at 2144
invalid_be=$C/invalid/E0053-arg-reserved-bits-be.fxt   # manifest: E0053 at 2120
run_consumer() { # NAME PROGRAM
  local name=$1 prog=$2
  LD_LIBRARY_PATH="$P/$libdir" "$prog" "$valid" valid && ok "$name: valid vector, no issue" ||
    fail "$name: valid vector"
  LD_LIBRARY_PATH="$P/$libdir" "$prog" "$invalid" E0004 2144 && ok "$name: E0004 vector" ||
    fail "$name: E0004 vector"
  LD_LIBRARY_PATH="$P/$libdir" "$prog" "$invalid_be" E0053 2120 && ok "$name: E0053 big-endian vector" ||
    fail "$name: E0053 vector"
  # the checks can fail: a valid vector is not E0004 and vice versa
  if LD_LIBRARY_PATH="$P/$libdir" "$prog" "$invalid" valid >/dev/null; then
    fail "$name: accepted an invalid vector as valid"
  fi
  if LD_LIBRARY_PATH="$P/$libdir" "$prog" "$valid" E0004 2144 >/dev/null; then
    fail "$name: found E0004 in a valid vector"
  fi
}

export PKG_CONFIG_PATH=$P/$libdir/pkgconfig
export PKG_CONFIG_LIBDIR=$P/$libdir/pkgconfig   # never a system-wide fxt.pc
[ "$("$pkgconfig" --modversion fxt)" = "$version" ] && ok "pkg-config --modversion fxt" ||
  fail "pkg-config --modversion fxt: $("$pkgconfig" --modversion fxt)"
# shellcheck disable=SC2046,SC2086
"$cc" -std=c11 -Wall -Wextra -Werror $flags $("$pkgconfig" --cflags fxt) "$here/consumer.c" \
  -o "$tmp/c_consumer" $("$pkgconfig" --libs fxt) && ok "C consumer built with pkg-config" ||
  fail "C consumer build"
if [ -x "$tmp/c_consumer" ]; then
  deps=$(LD_LIBRARY_PATH="$P/$libdir" ldd "$tmp/c_consumer")
  grep -q "libfxt.so.$soversion => $P/$libdir/" <<<"$deps" &&
    ok "C consumer uses the installed shared libfxt" || fail "C consumer not linked to $P/$libdir/libfxt.so"
  run_consumer "C consumer" "$tmp/c_consumer"
fi

gen=()
[ -n "$generator" ] && gen=(-G "$generator")
if "$cmake" -S "$here/cxx" -B "$tmp/cxx" "${gen[@]}" -DCMAKE_PREFIX_PATH="$P" \
     -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_CXX_FLAGS="-Wall -Wextra -Werror $flags" \
     -DCMAKE_BUILD_TYPE=Debug -DFXTKIT_WANT_VERSION="$version" >"$tmp/cxx.log" 2>&1 &&
   "$cmake" --build "$tmp/cxx" >>"$tmp/cxx.log" 2>&1; then
  ok "C++ consumers built with find_package(fxtkit)"
  grep -q "fxtkit $version from $P/$libdir/cmake/fxtkit" "$tmp/cxx.log" && ok "found the installed package" ||
    fail "find_package(fxtkit) did not find $P"
  run_consumer "C++ consumer (fxtkit::fxt)" "$tmp/cxx/consumer_shared"
  run_consumer "C++ consumer (fxtkit::fxt_static)" "$tmp/cxx/consumer_static"
  # the static one does not need libfxt.so at run time
  if grep -q libfxt <<<"$(ldd "$tmp/cxx/consumer_static")"; then
    fail "consumer_static depends on libfxt.so"
  fi
else
  cat "$tmp/cxx.log"
  fail "C++ consumers (find_package)"
fi

# The package version file refuses an incompatible request.
if "$cmake" -S "$here/cxx" -B "$tmp/cxx-bad" "${gen[@]}" -DCMAKE_PREFIX_PATH="$P" \
     -DCMAKE_CXX_COMPILER="$cxx" -DFXTKIT_WANT_VERSION=99.0.0 >"$tmp/cxx-bad.log" 2>&1; then
  fail "find_package(fxtkit 99.0.0) succeeded"
else
  ok "find_package(fxtkit 99.0.0) refused"
fi

echo "install-consumers: $fails failure(s)"
[ "$fails" -eq 0 ]
