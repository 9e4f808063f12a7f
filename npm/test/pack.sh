#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# ctest npm-pack: `npm pack` from the tree (its prepack step builds
# fxt-validate.wasm with cmake/wasm32-wasi.cmake into WASM_BUILD), then
# `npm install -g` of the tarball into OUT/prefix, as a user would; the npm
# tests run what it installed. Exits 77 (skipped) without Node >= 18 and
# npm, or without the WebAssembly toolchain (wasi-libc: scripts/setup.sh).
#   pack.sh SOURCE_DIR WASM_BUILD OUT
set -euo pipefail
src=$1 wasm_build=$2 out=$3
skip() { echo "SKIP: $*"; exit 77; }
command -v node >/dev/null || skip "node not found"
command -v npm >/dev/null || skip "npm not found"
[ "$(node -p 'process.versions.node.split(".")[0] >= 18')" = true ] || skip "Node.js < 18"
[ -f /usr/lib/wasm32-wasi/libc.a ] || [ -n "${WASI_SYSROOT:-}" ] || skip "wasi-libc not installed"
rm -rf "$out"
mkdir -p "$out"
# a copy of npm/: pack writes the module and the licence into the folder packed
cp -R "$src/npm" "$out/pkg"
rm -f "$out/pkg/fxt-validate.wasm" "$out/pkg/fxt-dump.wasm" "$out/pkg/fxt-gen.wasm" "$out/pkg/LICENSE" "$out/pkg"/*.tgz
export FXTKIT_WASM_BUILD=$wasm_build FXTKIT_SOURCE_DIR=$src
(cd "$out/pkg" && npm pack --silent --pack-destination "$out" >/dev/null)
tgz=$(ls "$out"/fxtkit-*.tgz)
echo "packed: $tgz ($(wc -c <"$tgz") bytes)"
tar -tzf "$tgz" | sort
npm install --silent --offline --global --no-audit --no-fund --prefix "$out/prefix" "$tgz"
"$out/prefix/bin/fxt-validate" --version
