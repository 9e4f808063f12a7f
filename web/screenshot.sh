#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Regenerates web/screenshot.png (the README's): the page in headless
# Chromium on a corpus trace with an issue selected (test_page.js).
#   web/screenshot.sh BUILD_DIR   (a native build; the module from npm pack)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=${1:?usage: web/screenshot.sh BUILD_DIR}
wasm=$build/wasm/validator/cli/fxt-validate.wasm
[ -f "$wasm" ] || wasm=$here/../npm/fxt-validate.wasm
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
bash "$here/test/page.sh" "$here/.." "$wasm" "$out" "$build/validator/cli/fxt-validate" \
  "$build/generator/fxt-gen" --screenshot "$here/screenshot.png"
