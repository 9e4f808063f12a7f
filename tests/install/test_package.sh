#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tests/install/test_package.sh CPACK BUILD OUT VERSION - ctest package-deb.
#
# Makes the Debian package with cpack -G DEB into OUT, checks its control
# fields (Depends from dpkg-shlibdeps and python3) and file list, extracts it
# with dpkg-deb -x and runs the extracted tools on the extracted corpus. The
# package is left as OUT/fxtkit.deb for package-deb-install
# (scripts/check-deb.sh: dpkg -i / dpkg -r in a throw-away overlay).
set -euo pipefail
cpack=$1 build=$2 out=$3 version=$4
rm -rf "$out"
mkdir -p "$out"
fails=0
ok() { echo "ok: $*"; }
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

"$cpack" -G DEB --config "$build/CPackConfig.cmake" -B "$out" >"$out/cpack.log" 2>&1 ||
  { cat "$out/cpack.log"; exit 1; }
debs=("$out"/fxtkit_"$version"_*.deb)
[ -f "${debs[0]}" ] || { cat "$out/cpack.log"; echo "FAIL: no fxtkit_${version}_*.deb"; exit 1; }
deb=${debs[0]}
cp "$deb" "$out/fxtkit.deb"
ok "cpack made $(basename "$deb")"

[ "$(dpkg-deb -f "$deb" Package)" = fxtkit ] && ok "Package: fxtkit" || fail "Package field"
[ "$(dpkg-deb -f "$deb" Version)" = "$version" ] && ok "Version: $version" || fail "Version field"
dep=$(dpkg-deb -f "$deb" Depends)
case $dep in *libc6*) ok "Depends has libc6 ($dep)" ;; *) fail "Depends lacks libc6: $dep" ;; esac
case $dep in *python3*) ok "Depends has python3" ;; *) fail "Depends lacks python3: $dep" ;; esac

dpkg-deb -c "$deb" | awk '{print $6}' >"$out/files"
for f in ./usr/bin/fxt-validate ./usr/bin/fxt-gen ./usr/bin/fxt-conform ./usr/lib/libfxt.a \
         ./usr/lib/pkgconfig/fxt.pc ./usr/lib/cmake/fxtkit/fxtkit-config.cmake \
         ./usr/include/fxt/validate.h ./usr/include/fxt/version.h \
         ./usr/share/fxtkit/corpus/manifest.json ./usr/share/fxtkit/fxt-validate.schema.json; do
  grep -qx -- "$f" "$out/files" && ok "has $f" || fail "no $f in the package"
done
grep -q '^./usr/lib/libfxt.so.[0-9]' "$out/files" && ok "has libfxt.so.*" || fail "no libfxt.so.*"

dpkg-deb -x "$deb" "$out/x"
x=$out/x/usr
grep -qx "prefix=/usr" "$x/lib/pkgconfig/fxt.pc" && ok "fxt.pc prefix=/usr" || fail "fxt.pc prefix: $(head -1 "$x/lib/pkgconfig/fxt.pc")"
"$x/bin/fxt-validate" "$x/share/fxtkit/corpus/valid/arg-string.fxt" && ok "extracted fxt-validate: valid vector" ||
  fail "extracted fxt-validate on a valid vector"
rc=0
"$x/bin/fxt-validate" "$x/share/fxtkit/corpus/invalid/E0004-record-too-small.fxt" || rc=$?
[ "$rc" = 1 ] && ok "extracted fxt-validate: E0004 vector exits 1" || fail "E0004 vector: exit $rc"
"$x/bin/fxt-gen" --version | grep -q "^fxt-gen $version " && ok "extracted fxt-gen --version" || fail "fxt-gen --version"

echo "package-deb: $fails failure(s)"
[ "$fails" -eq 0 ]
