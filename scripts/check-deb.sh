#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# scripts/check-deb.sh DIR|PACKAGE.deb... [-- CORPUS_VECTOR] - installs fxtkit's
# cpack-made Debian packages (libfxtN, libfxt-dev, fxtkit: every .deb in DIR,
# or the ones named) with dpkg -i, uses them, and purges them again with
# dpkg --purge, all inside a throw-away copy of this machine: a private mount
# namespace with an overlay of / whose writes go to a tmpfs (nothing is
# installed on the real system). Needs root (or CAP_SYS_ADMIN) and unshare;
# exits 77 when they are missing.
#
# In the copy: dpkg -i (Depends checked against the real dpkg database); the
# tools (--version, fxt-validate on a corpus vector from
# /usr/share/fxtkit/corpus and on an invalid one, fxt-gen random |
# fxt-validate, fxt-mutate mutate and seeds, fxt-conform over the corpus with
# fxt-validate as the reader); ldconfig's view of both libraries (the ldconfig
# trigger); pkg-config fxt, fxtmut, fxtmut-libfuzzer; a C program compiled
# against /usr with each (cc ... $(pkg-config --libs fxt), a mutator program,
# and with clang a libFuzzer harness that must find the custom mutator); the
# AFL++ module's path from pkg-config; the man pages; then dpkg --purge and
# nothing left behind: no file the packages listed, no folder of theirs, no
# libfxt in ldconfig's cache. FXT_DEB_RECIPES, when set, is a command run
# with the packages installed, before the purge (ctest doc-recipes-deb).
set -euo pipefail
vector=valid/arg-string.fxt
debs=()
while [ $# -gt 0 ]; do
  case $1 in
    --) vector=$2; shift ;;
    *) if [ -d "$1" ]; then
         for f in "$1"/*.deb; do [ -f "$f" ] && debs+=("$(readlink -f "$f")"); done
       else
         debs+=("$(readlink -f "$1")")
       fi ;;
  esac
  shift
done
[ ${#debs[@]} -gt 0 ] || { echo "usage: check-deb.sh DIR|PACKAGE.deb... [-- CORPUS_VECTOR]" >&2; exit 2; }
if [ "$(id -u)" -ne 0 ] || ! command -v unshare >/dev/null || ! unshare -m true 2>/dev/null; then
  echo "check-deb: needs root and unshare (mount namespaces); skipped"
  exit 77
fi
here=$(cd "$(dirname "$0")/.." && pwd)
exec unshare -m --propagation private bash -s "$vector" "$here/tests/install/fuzzkit" "${debs[@]}" <<'INNER'
set -euo pipefail
vector=$1 kit=$2
shift 2
t=$(mktemp -d)
# a machine where these mounts are refused cannot run the check: skip
mount -t tmpfs tmpfs "$t" || exit 77
mkdir -p "$t/upper" "$t/work" "$t/root"
mount -t overlay overlay -o "lowerdir=/,upperdir=$t/upper,workdir=$t/work" "$t/root" || exit 77
for d in proc dev sys; do mount --bind "/$d" "$t/root/$d" || exit 77; done
mkdir -p "$t/root/debs" "$t/root/kit"
cp "$@" "$t/root/debs/"
cp "$kit"/*.c "$t/root/kit/"
cat >"$t/root/check.sh" <<'CHECK'
set -eu
vector=$1
pkgs=$(for d in /debs/*.deb; do dpkg-deb -f "$d" Package; done | sort)
for p in $pkgs; do
  if dpkg -s "$p" >/dev/null 2>&1; then echo "check-deb: $p is already installed"; exit 1; fi
done
echo "== dpkg -i" $pkgs
dpkg -i /debs/*.deb
for p in $pkgs; do dpkg -s "$p" | grep -qx 'Status: install ok installed'; done
cd /tmp
echo "== installed tools"
command -v fxt-validate fxt-gen fxt-dump fxt-mutate fxt-conform
for t in fxt-validate fxt-gen fxt-dump fxt-mutate fxt-conform; do "$t" --version; done
echo "== fxt-validate /usr/share/fxtkit/corpus/$vector"
fxt-validate "/usr/share/fxtkit/corpus/$vector"
echo "== an invalid vector is reported (exit 1)"
rc=0; fxt-validate -q /usr/share/fxtkit/corpus/invalid/E0004-record-too-small.fxt || rc=$?
[ "$rc" = 1 ]
echo "== fxt-gen random | fxt-validate -"
fxt-gen random --seed 3 --records 500 -o - | fxt-validate -q -
echo "== fxt-mutate seeds / mutate"
fxt-mutate seeds -q -o /tmp/seeds /usr/share/fxtkit/corpus/valid
fxt-mutate mutate -q --count 2 --gen 2 -o /tmp/mutated /usr/share/fxtkit/corpus/valid
echo "$(ls /tmp/seeds | wc -l) seeds, $(ls /tmp/mutated | wc -l) mutated traces"
[ "$(ls /tmp/mutated | wc -l)" -gt 0 ]
echo "== fxt-conform, fxt-validate as the reader, over the installed corpus"
fxt-conform --reader 'fxt-validate -q {file}' --generated 2 --violations none --jobs 2 >/tmp/conform.log
tail -3 /tmp/conform.log
echo "== ldconfig (the ldconfig trigger ran)"
ldconfig -p | grep 'libfxt\.so\.'
ldconfig -p | grep 'libfxtmut\.so\.'
echo "== pkg-config"
for m in fxt fxtmut fxtmut-libfuzzer; do echo "$m $(pkg-config --modversion $m): $(pkg-config --cflags --libs $m)"; done
afl=$(pkg-config --variable=afl_mutator fxtmut)
echo "AFL++ module: $afl"
readelf -d "$afl" | grep -q SONAME
cat >/tmp/use.c <<'C'
#include <stdio.h>
#include <string.h>
#include <fxt/validate.h>
#include <fxt/version.h>
int main(void) {
    static const unsigned char magic[8] = {0x10, 0x00, 0x04, 0x46, 0x78, 0x54, 0x16, 0x00};
    fxt_options o = fxt_options_default();
    long errors = fxt_validate_buffer(magic, sizeof magic, &o, NULL);
    printf("libfxt %s: %ld errors in the magic record\n", fxt_version(), errors);
    return strcmp(fxt_version(), FXT_VERSION) != 0 || errors != 0;
}
C
cc /tmp/use.c $(pkg-config --cflags --libs fxt) -o /tmp/use && /tmp/use
ldd /tmp/use | grep 'libfxt\.so'
echo "== a mutator program (pkg-config fxtmut)"
cc -std=c11 /kit/mutate_demo.c $(pkg-config --cflags --libs fxtmut) -o /tmp/mutate_demo
/tmp/mutate_demo "/usr/share/fxtkit/corpus/$vector"
ldd /tmp/mutate_demo | grep 'libfxtmut\.so'
if command -v clang >/dev/null; then
  echo "== a libFuzzer harness (pkg-config fxtmut-libfuzzer)"
  if clang -fsanitize=fuzzer,address,undefined /kit/reader_fuzz.c \
       $(pkg-config --cflags --libs fxtmut-libfuzzer) -o /tmp/reader_fuzz 2>/tmp/clang.log; then
    mkdir -p /tmp/lf-work   # libFuzzer adds new inputs to the first folder
    ASAN_OPTIONS=detect_leaks=0 /tmp/reader_fuzz -runs=2000 -max_len=65536 \
      /tmp/lf-work /usr/share/fxtkit/corpus/valid >/tmp/lf.log 2>&1
    grep '^INFO: found LLVMFuzzerCustomMutator' /tmp/lf.log
    grep '^Done' /tmp/lf.log
  elif grep -q 'libclang_rt.fuzzer' /tmp/clang.log; then
    echo "(clang without its libFuzzer runtime: harness not built)"
  else
    cat /tmp/clang.log; exit 1
  fi
fi
echo "== man pages"
if [ -f /usr/share/man/man1/fxt-validate.1.gz ]; then
  for t in fxt-validate fxt-gen fxt-dump fxt-mutate fxt-conform; do
    man -w "$t"
    man -P cat "$t" 2>/dev/null | grep -q '^SYNOPSIS'
  done
elif grep -rqs 'path-exclude.*/usr/share/man' /etc/dpkg/dpkg.cfg.d; then
  echo "(dpkg excludes /usr/share/man on this machine)"
else
  echo "check-deb: no man page installed"; exit 1
fi
if [ -n "${FXT_DEB_RECIPES:-}" ]; then
  echo "== the user docs' recipes against the packages: $FXT_DEB_RECIPES"
  sh -c "$FXT_DEB_RECIPES"
fi
echo "== dpkg --purge" $pkgs
files=$(dpkg -L $pkgs | sort -u)
dpkg --purge $pkgs
left=$(for f in $files; do if [ -e "$f" ] && [ ! -d "$f" ]; then echo "$f"; fi; done)
ma=$(dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null || gcc -print-multiarch)
for d in /usr/include/fxt /usr/share/fxtkit /usr/lib/$ma/fxtkit /usr/lib/$ma/cmake/fxtkit \
         $(for p in $pkgs; do echo /usr/share/doc/$p; done); do
  if [ -e "$d" ]; then left="$left $d"; fi
done
if [ -n "$(echo $left)" ]; then
  echo "check-deb: left after dpkg --purge: $left"; exit 1
fi
if ldconfig -p | grep -q 'libfxt'; then
  echo "check-deb: libfxt still in ldconfig's cache after dpkg --purge"; exit 1
fi
echo "check-deb: installed, used and purged cleanly: $pkgs"
CHECK
chroot "$t/root" /bin/sh /check.sh "$vector"
INNER
