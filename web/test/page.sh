#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# ctest web-page: the page built into OUT (web/build.js with the module
# npm-pack built) and tested in headless Chromium (test_page.js). Installs
# the tests' development dependency (puppeteer-core, no browser download)
# with `npm ci` in web/ when it is not there. Exits 77 (skipped) without
# Node.js >= 18, npm, Chromium or the module.
#   page.sh SOURCE_DIR WASM OUT NATIVE_FXT_VALIDATE FXT_GEN [--screenshot PNG]
set -euo pipefail
src=$1 wasm=$2 out=$3 native=$4 gen=$5
shift 5
skip() { echo "SKIP: $*"; exit 77; }
command -v node >/dev/null || skip "node not found"
command -v npm >/dev/null || skip "npm not found"
[ "$(node -p 'process.versions.node.split(".")[0] >= 18')" = true ] || skip "Node.js < 18"
chromium=${CHROMIUM:-}
for c in chromium chromium-browser google-chrome; do
  [ -n "$chromium" ] || chromium=$(command -v $c || true)
done
[ -n "$chromium" ] || skip "Chromium not found (Debian package chromium)"
[ -f "$wasm" ] || skip "no $wasm (npm-pack builds it)"
if [ ! -d "$src/web/node_modules/puppeteer-core" ]; then
  (cd "$src/web" && PUPPETEER_SKIP_DOWNLOAD=1 npm ci --no-audit --no-fund --silent)
fi
node "$src/web/build.js" "$wasm" "$out"
CHROMIUM=$chromium exec node "$src/web/test/test_page.js" "$out" "$native" "$gen" "$src/corpus" "$@"
