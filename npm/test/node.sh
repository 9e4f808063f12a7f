#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Runs a test of the installed package PKG_DIR: skipped (77) when Node >= 18
# is absent or npm-pack did not install the package (it skipped).
#   node.sh PKG_DIR COMMAND ARGS...
set -euo pipefail
pkg=$1
shift
command -v node >/dev/null || { echo "SKIP: node not found"; exit 77; }
[ "$(node -p 'process.versions.node.split(".")[0] >= 18')" = true ] || { echo "SKIP: Node.js < 18"; exit 77; }
[ -f "$pkg/package.json" ] || { echo "SKIP: no installed package at $pkg (npm-pack skipped)"; exit 77; }
exec "$@"
