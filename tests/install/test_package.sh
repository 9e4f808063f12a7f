#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tests/install/test_package.sh CPACK BUILD OUT VERSION SOVERSION SOURCE - ctest package-deb.
#
# Makes the Debian packages with cpack -G DEB into OUT and checks them against
# Debian's conventions (cmake/package.cmake): three packages (libfxtSOVERSION,
# libfxt-dev, fxtkit) of version VERSION-1, their control fields (Maintainer,
# Section, Priority, Depends from dpkg-shlibdeps), their files (libraries in
# the multiarch directory, shared objects with a SONAME and not executable,
# every ELF file stripped, man pages compressed with gzip -9n,
# /usr/share/doc/PACKAGE/copyright in DEP-5 form with LICENSE's text,
# changelog.Debian.gz), the ldconfig trigger and shlibs of the library
# package; then extracts them and runs the extracted tools on the extracted
# corpus. The packages are left in OUT/debs/ for package-deb-lintian and
# doc-recipes-deb (scripts/check-deb.sh; package-deb-install without Python).
set -euo pipefail
cpack=$1 build=$2 out=$3 version=$4 soversion=$5 src=$6
# what the build was configured with (cmake/package.cmake)
cache() { sed -n "s/^$1:[A-Z]*=//p" "$build/CMakeCache.txt"; }
contact=$(cache FXT_PACKAGE_CONTACT) homepage=$(cache FXT_HOMEPAGE)
# the Maintainer a build gets when none is given (it must be a placeholder said to be one)
default_contact=$(sed -n 's/^set(FXT_CONTACT_UNSET "\(.*\)")$/\1/p' "$src/cmake/package.cmake")
[ -n "$default_contact" ] || { echo "FAIL: no FXT_CONTACT_UNSET in cmake/package.cmake"; exit 1; }
rm -rf "$out"
mkdir -p "$out/debs"
fails=0
ok() { echo "ok: $*"; }
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

"$cpack" -G DEB --config "$build/CPackConfig.cmake" -B "$out" >"$out/cpack.log" 2>&1 ||
  { cat "$out/cpack.log"; exit 1; }
arch=$(dpkg --print-architecture)
multiarch=$(dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null || gcc -print-multiarch)
lib=libfxt$soversion
dv=$version-1
for p in "$lib" libfxt-dev fxtkit; do
  f=$out/${p}_${dv}_$arch.deb
  if [ -f "$f" ]; then ok "cpack made $(basename "$f")"; cp "$f" "$out/debs/"; else fail "no $(basename "$f")"; fi
done
n=$(find "$out" -maxdepth 1 -name '*.deb' | wc -l)
[ "$n" = 3 ] && ok "three packages" || fail "$n packages: $(ls "$out"/*.deb)"
[ "$fails" -eq 0 ] || { cat "$out/cpack.log"; exit 1; }
deb() { echo "$out/debs/${1}_${dv}_$arch.deb"; }

# ---- control fields -----------------------------------------------------------------------------
field() { dpkg-deb -f "$(deb "$1")" "$2"; }
for p in "$lib" libfxt-dev fxtkit; do
  [ "$(field "$p" Version)" = "$dv" ] && ok "$p: Version $dv" || fail "$p: Version $(field "$p" Version)"
  [ "$(field "$p" Priority)" = optional ] && ok "$p: Priority optional" || fail "$p: Priority"
  [ "$(field "$p" Source)" = fxtkit ] && ok "$p: Source fxtkit" || fail "$p: Source"
  m=$(field "$p" Maintainer)
  if [[ $m =~ ^[^\<]+\ \<[^@\>]+@[^@\>]+\.[a-z]+\>$ ]] && [[ $m != *example.* ]] &&
     [ "$m" = "$contact" ]; then
    ok "$p: Maintainer $m"
  else
    fail "$p: Maintainer '$m' (configured: '$contact')"
  fi
  # no made-up home page: the field only when FXT_HOMEPAGE gives one
  [ "$(field "$p" Homepage)" = "$homepage" ] && ok "$p: Homepage '$homepage'" ||
    fail "$p: Homepage '$(field "$p" Homepage)', configured '$homepage'"
  desc=$(field "$p" Description)
  [ "$(wc -l <<<"$desc")" -ge 3 ] && [ "$(head -1 <<<"$desc" | wc -c)" -le 81 ] &&
    ok "$p: Description (synopsis and long description)" || fail "$p: Description: $desc"
done
[ "$(field "$lib" Section)" = libs ] && ok "$lib: Section libs" || fail "$lib: Section"
[ "$(field libfxt-dev Section)" = libdevel ] && ok "libfxt-dev: Section libdevel" || fail "libfxt-dev: Section"
[ "$(field fxtkit Section)" = devel ] && ok "fxtkit: Section devel" || fail "fxtkit: Section"
for p in "$lib" fxtkit; do
  grep -q 'libc6 (>= [0-9.]*)' <<<"$(field "$p" Depends)" && ok "$p: Depends libc6 (from dpkg-shlibdeps)" ||
    fail "$p: Depends: $(field "$p" Depends)"
done
grep -q "$lib (= $dv)" <<<"$(field libfxt-dev Depends)" && ok "libfxt-dev: Depends $lib (= $dv)" ||
  fail "libfxt-dev: Depends: $(field libfxt-dev Depends)"
grep -q python3 <<<"$(field fxtkit Depends)" && ok "fxtkit: Depends python3" || fail "fxtkit: no python3"

# ---- files --------------------------------------------------------------------------------------
x=$out/x
for p in "$lib" libfxt-dev fxtkit; do
  dpkg-deb -c "$(deb "$p")" | awk '{print $6}' | sed 's|^\./|/|' >"$out/$p.files"
  dpkg-deb -x "$(deb "$p")" "$x"
  mkdir -p "$out/control/$p"
  dpkg-deb -e "$(deb "$p")" "$out/control/$p"
done
has() { # PACKAGE PATH...
  local p=$1; shift
  for f in "$@"; do
    grep -qx -- "$f" "$out/$p.files" && ok "$p has $f" || fail "$p lacks $f"
  done
}
M=/usr/lib/$multiarch
has "$lib" "$M/libfxt.so.$version" "$M/libfxt.so.$soversion" "$M/libfxtmut.so.$version" \
  "$M/libfxtmut.so.$soversion"
has libfxt-dev "$M/libfxt.so" "$M/libfxt.a" "$M/libfxtmut.so" "$M/libfxtmut.a" \
  "$M/libfxtmut_libfuzzer.a" "$M/fxtkit/libfxt_afl_mutator.so" "$M/pkgconfig/fxt.pc" \
  "$M/pkgconfig/fxtmut.pc" "$M/pkgconfig/fxtmut-libfuzzer.pc" "$M/cmake/fxtkit/fxtkit-config.cmake" \
  /usr/include/fxt/validate.h /usr/include/fxt/version.h /usr/include/fxt/mutator.h
has fxtkit /usr/share/fxtkit/corpus/manifest.json /usr/share/fxtkit/fxt-validate.schema.json \
  /usr/share/fxtkit/fxt.dict \
  /usr/share/doc/fxtkit/changelog.gz
for t in fxt-validate fxt-dump fxt-gen fxt-mutate fxt-conform; do
  has fxtkit "/usr/bin/$t" "/usr/share/man/man1/$t.1.gz"
done
# the shared libraries of the runtime package only, the .so links of the -dev one only
grep -q '\.so\.' "$out/libfxt-dev.files" "$out/fxtkit.files" && fail "a versioned .so outside $lib"
grep -q '\.so$' "$out/$lib.files" && fail "a .so link or module in $lib"
grep -q '^/usr/lib/[^/]*\.\(so\|a\)' "$out"/*.files && fail "a library outside the multiarch directory $M"

# every ELF file stripped; every shared object with a SONAME and not executable
while read -r f; do
  [ -f "$x$f" ] && [ ! -L "$x$f" ] || continue
  info=$(file -b "$x$f")
  case $info in
    ELF*) ;;
    *) continue ;;
  esac
  case $info in
    *"not stripped"*|*"with debug_info"*) fail "$f is not stripped ($info)" ;;
    *) ok "$f stripped" ;;
  esac
  case $info in
    *"shared object"*)
      if [ -x "$x$f" ] && [[ $f != /usr/bin/* ]]; then fail "$f is executable"; fi
      if [[ $f == /usr/bin/* ]]; then continue; fi   # a PIE program
      so=$(readelf -d "$x$f" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
      [ -n "$so" ] && ok "$f: SONAME $so" || fail "$f has no SONAME" ;;
  esac
done < <(cat "$out"/*.files)

# man pages: gzip -9n (no name, no time stamp, best compression)
for t in fxt-validate fxt-dump fxt-gen fxt-mutate fxt-conform; do
  g=$x/usr/share/man/man1/$t.1.gz
  [ -f "$g" ] || continue
  hdr=$(od -An -tu1 -N9 "$g" | tr -s ' ')
  read -r _ _ _ flg m1 m2 m3 m4 xfl <<<"$hdr"
  if [ $((flg & 8)) = 0 ] && [ "$m1$m2$m3$m4" = 0000 ] && [ "$xfl" = 2 ]; then
    ok "$t.1.gz: gzip -9n"
  else
    fail "$t.1.gz: not gzip -9n (flags $flg, mtime $m1 $m2 $m3 $m4, xfl $xfl)"
  fi
  zcat "$g" | grep -q '^\.SH SYNOPSIS' && ok "$t.1.gz has a SYNOPSIS" || fail "$t.1.gz: no SYNOPSIS"
done

# copyright (DEP-5, LICENSE's text) and changelog.Debian.gz in every package's doc folder
for p in "$lib" libfxt-dev fxtkit; do
  c=$x/usr/share/doc/$p/copyright
  has "$p" "/usr/share/doc/$p/copyright" "/usr/share/doc/$p/changelog.Debian.gz"
  [ -f "$c" ] || continue
  head -1 "$c" | grep -qx 'Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/' &&
    ok "$p: copyright is DEP-5" || fail "$p: copyright has no DEP-5 Format line"
  grep -q '^License: Expat$' "$c" && grep -q "^Copyright: $(sed -n 's/^Copyright (c) //p' "$src/LICENSE")\$" "$c" &&
    ok "$p: copyright: Expat (MIT), the holder of LICENSE" || fail "$p: copyright License/Copyright fields"
  # every line of LICENSE's permission text, as a DEP-5 continuation line
  missing=$(sed '1,/^Copyright/d' "$src/LICENSE" | grep -v '^$' | while IFS= read -r l; do
              grep -qxF " $l" "$c" || echo "$l"; done)
  [ -z "$missing" ] && ok "$p: copyright carries LICENSE's text" || fail "$p: copyright lacks: $missing"
  # no real maintainer address given: a placeholder that cannot be someone's
  # (the reserved .invalid domain), and the copyright file says so
  grep -qxF "Upstream-Contact: $contact" "$c" && ok "$p: copyright: Upstream-Contact" ||
    fail "$p: copyright: Upstream-Contact is not '$contact'"
  if [ "$contact" = "$default_contact" ] || [[ $contact == *.invalid\> ]]; then
    [[ $contact == *@*.invalid\> ]] && grep -q "has no published maintainer address" "$c" &&
      ok "$p: the placeholder Maintainer is said to be one" ||
      fail "$p: Maintainer '$contact': a placeholder not said to be one"
  fi
  cl=$x/usr/share/doc/$p/changelog.Debian.gz
  if [ -f "$cl" ]; then
    zcat "$cl" >"$out/changelog.$p"
    v=$(dpkg-parsechangelog -l "$out/changelog.$p" -S Version 2>/dev/null || true)
    [ "$v" = "$dv" ] && ok "$p: changelog.Debian.gz parses, version $dv" || fail "$p: changelog version '$v'"
  fi
done

# the library package: the ldconfig trigger (no maintainer scripts) and shlibs
C=$out/control/$lib
[ "$(cat "$C/triggers" 2>/dev/null)" = "activate-noawait ldconfig" ] && ok "$lib: ldconfig trigger" ||
  fail "$lib: no 'activate-noawait ldconfig' trigger"
for s in postinst postrm preinst prerm; do
  [ ! -e "$C/$s" ] || fail "$lib has a $s: $(cat "$C/$s")"
done
for l in libfxt libfxtmut; do
  grep -qx "$l $soversion $lib (>= $dv)" "$C/shlibs" 2>/dev/null && ok "$lib: shlibs: $l $soversion" ||
    fail "$lib: shlibs lacks '$l $soversion $lib (>= $dv)'"
done

# the library package's symbols file (deb-symbols(5)): every exported symbol
# of each shared library, at the upstream version
for l in libfxt libfxtmut; do
  so=$(ls "$x/usr/lib/$multiarch/$l.so.$soversion"* 2>/dev/null | head -1)
  want=$(nm -D --defined-only "$so" | awk '$2 ~ /^[TDBRVW]$/ {print " " $3 "@Base"}' | sort)
  got=$(awk -v s="$l.so.$soversion" '$1 == s {on = 1; next} /^[^ ]/ {on = 0} on {print " " $1}' \
        "$C/symbols" 2>/dev/null | sort)
  grep -qx "$l.so.$soversion $lib #MINVER#" "$C/symbols" 2>/dev/null && [ -n "$want" ] && [ "$got" = "$want" ] &&
    ok "$lib: symbols: $l.so.$soversion, $(wc -l <<<"$want") symbols" ||
    fail "$lib: symbols file for $l.so.$soversion (want $(wc -l <<<"$want") symbols, got $(wc -l <<<"$got"))"
done
grep -q '^ [a-z_]*@Base '"$version"'$' "$C/symbols" 2>/dev/null && ok "$lib: symbols at version $version" ||
  fail "$lib: symbols without version $version"

# hardening as dpkg-buildflags gives it (bindnow, relro, fortify, stack
# protector) in every program and shared library
while read -r f; do
  [ -f "$x$f" ] && [ ! -L "$x$f" ] || continue
  case $(file -b "$x$f") in *ELF*) ;; *) continue ;; esac
  [[ $f == *.a ]] && continue
  [[ $f == */fxtkit/*.so ]] && continue   # the AFL++ module: built by a plain compiler for afl-fuzz
  d=$(readelf -d "$x$f")
  if grep -q 'BIND_NOW\|FLAGS.*NOW' <<<"$d" && readelf -lW "$x$f" | grep -q GNU_RELRO; then
    ok "$f: relro, bindnow"
  else
    fail "$f: not linked with -z relro -z now"
  fi
done < <(cat "$out"/*.files)
for f in usr/bin/fxt-validate usr/bin/fxt-dump usr/lib/$multiarch/libfxt.so.$soversion; do
  syms=$(readelf --dyn-syms -W "$x/$f" 2>/dev/null)
  grep -q '__[a-z0-9_]*_chk' <<<"$syms" && ok "$f: fortified functions" || fail "$f: no _chk functions (_FORTIFY_SOURCE)"
  grep -q '__stack_chk_fail' <<<"$syms" && ok "$f: stack protector" || fail "$f: no stack protector"
done
hp=$(field fxtkit Homepage)
if [ -n "${FXT_EXPECT_HOMEPAGE:-}" ]; then
  [ "$hp" = "$FXT_EXPECT_HOMEPAGE" ] && ok "Homepage $hp" || fail "Homepage '$hp'"
fi

# ---- the extracted files work -------------------------------------------------------------------
u=$x/usr
grep -qx "prefix=/usr" "$u/lib/$multiarch/pkgconfig/fxt.pc" && ok "fxt.pc prefix=/usr" || fail "fxt.pc prefix"
grep -qx "libdir=\${prefix}/lib/$multiarch" "$u/lib/$multiarch/pkgconfig/fxtmut.pc" &&
  ok "fxtmut.pc libdir=\${prefix}/lib/$multiarch" || fail "fxtmut.pc libdir"
"$u/bin/fxt-validate" "$u/share/fxtkit/corpus/valid/arg-string.fxt" && ok "extracted fxt-validate: valid vector" ||
  fail "extracted fxt-validate on a valid vector"
rc=0
"$u/bin/fxt-validate" "$u/share/fxtkit/corpus/invalid/E0004-record-too-small.fxt" || rc=$?
[ "$rc" = 1 ] && ok "extracted fxt-validate: E0004 vector exits 1" || fail "E0004 vector: exit $rc"
"$u/bin/fxt-gen" --version | grep -q "^fxt-gen $version " && ok "extracted fxt-gen --version" || fail "fxt-gen --version"
head -1 "$u/bin/fxt-conform" | grep -qx '#!/usr/bin/python3' && ok "fxt-conform runs /usr/bin/python3" ||
  fail "fxt-conform: $(head -1 "$u/bin/fxt-conform")"

echo "package-deb: $fails failure(s)"
[ "$fails" -eq 0 ]
