#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# scripts/check-deb.sh PACKAGE.deb CORPUS_VECTOR - installs a cpack-made fxtkit
# package with dpkg -i, uses it, and removes it again with dpkg -r, all inside
# a throw-away copy of this machine: a private mount namespace with an overlay
# of / whose writes go to a tmpfs (nothing is installed on the real system).
# Needs root (or CAP_SYS_ADMIN) and unshare; exits 77 when they are missing.
#
# In the copy: dpkg -i (Depends checked against the real dpkg database),
# fxt-validate --version, fxt-validate on a corpus vector from
# /usr/share/fxtkit/corpus, fxt-gen random | fxt-validate, pkg-config fxt,
# a C program compiled against /usr (cc ... $(pkg-config --libs fxt)), the man
# page, ldconfig's view of libfxt.so, dpkg -r, and nothing left behind.
set -euo pipefail
deb=$(readlink -f "$1")
vector=${2:-valid/arg-string.fxt}
if [ "$(id -u)" -ne 0 ] || ! command -v unshare >/dev/null || ! unshare -m true 2>/dev/null; then
  echo "check-deb: needs root and unshare (mount namespaces); skipped"
  exit 77
fi
exec unshare -m --propagation private bash -s "$deb" "$vector" <<'INNER'
set -euo pipefail
deb=$1 vector=$2
t=$(mktemp -d)
# a machine where these mounts are refused cannot run the check: skip
mount -t tmpfs tmpfs "$t" || exit 77
mkdir -p "$t/upper" "$t/work" "$t/root"
mount -t overlay overlay -o "lowerdir=/,upperdir=$t/upper,workdir=$t/work" "$t/root" || exit 77
for d in proc dev sys; do mount --bind "/$d" "$t/root/$d" || exit 77; done
cp "$deb" "$t/root/fxtkit.deb"
cat >"$t/root/check.sh" <<'CHECK'
set -eu
vector=$1
pkg=$(dpkg-deb -f /fxtkit.deb Package)
if dpkg -s "$pkg" >/dev/null 2>&1; then echo "check-deb: $pkg is already installed"; exit 1; fi
echo "== dpkg -i"; dpkg -i /fxtkit.deb
echo "== installed tools"
command -v fxt-validate fxt-gen fxt-conform
fxt-validate --version; fxt-gen --version; fxt-conform --version
echo "== fxt-validate /usr/share/fxtkit/corpus/$vector"
fxt-validate "/usr/share/fxtkit/corpus/$vector"
echo "== an invalid vector is reported (exit 1)"
rc=0; fxt-validate /usr/share/fxtkit/corpus/invalid/E0004-record-too-small.fxt || rc=$?
[ "$rc" = 1 ]
echo "== fxt-gen random | fxt-validate -"
fxt-gen random --seed 3 --records 500 -o - | fxt-validate -
echo "== ldconfig and pkg-config"
ldconfig -p | grep libfxt.so
pkg-config --modversion fxt; pkg-config --cflags --libs fxt
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
ldd /tmp/use | grep libfxt
echo "== man fxt-validate"
man -P cat fxt-validate 2>/dev/null | head -5 || zcat -f /usr/share/man/man1/fxt-validate.1 | head -5
echo "== dpkg -r"
dpkg -r "$pkg"
if [ -e /usr/bin/fxt-validate ] || ls /usr/lib/libfxt.so* 2>/dev/null || [ -d /usr/share/fxtkit ]; then
  echo "check-deb: files left after dpkg -r"; exit 1
fi
echo "check-deb: installed, used and removed cleanly"
CHECK
chroot "$t/root" /bin/sh /check.sh "$vector"
INNER
