#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tests/install/test_lintian.sh DIR - ctest package-deb-lintian: lintian (the
# Debian package) on every package package-deb left in DIR. Fails on any
# error or warning; prints the informational tags too, and the overrides
# used with their reasons (cmake/package.cmake). Exit 77
# (skipped) when lintian is not installed (scripts/setup.sh installs it).
set -euo pipefail
dir=$1
if ! command -v lintian >/dev/null; then
  echo "SKIP: lintian is not installed (scripts/setup.sh installs it)"
  exit 77
fi
debs=("$dir"/*.deb)
[ -f "${debs[0]}" ] || { echo "FAIL: no package in $dir"; exit 1; }
echo "lintian $(lintian --version | sed 's/^Lintian v//') on: ${debs[*]##*/}"
# One run that shows everything (the overrides with their reasons, the
# informational tags); errors (E:) and warnings (W:) fail the test. Overridden
# tags show as O: (lintian's own --fail-on would count them when shown).
rc=0
report=$(lintian --fail-on none --display-info --show-overrides "${debs[@]}" 2>&1) || rc=$?
grep -v '^running with root privileges is not recommended!$' <<<"$report" || true
if [ "$rc" != 0 ]; then
  echo "FAIL: lintian exited $rc"
  exit 1
fi
bad=$(grep -c '^[EW]: ' <<<"$report" || true)
if [ "$bad" != 0 ]; then
  echo "FAIL: lintian: $bad error(s) or warning(s)"
  exit 1
fi
echo "package-deb-lintian: no error, no warning in ${#debs[@]} packages"
