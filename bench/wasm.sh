#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The WebAssembly fxt-validate against the native one on the same realistic
# trace (fxt-gen random, the realistic profile), in one run: CPU seconds
# (user + sys) and wall time of the native tool, of the npm package's under
# Node.js (node:wasi), and the page's validation time in headless Chromium
# (web/, the worker reading the File in parts), with `cat FILE > /dev/null`
# for scale; then the page's peak memory (the renderer's RSS, sampled) on a
# larger trace. A benchmark, not a test: figures only. Traces go to $TMPDIR
# (or /tmp) and are deleted afterwards.
#
# usage: bench/wasm.sh BUILD_DIR [MB [PAGE_MB]]   (defaults 256 and 1024)
# BUILD_DIR: a native build; the module is BUILD_DIR/wasm (ctest npm-pack)
# or npm/fxt-validate.wasm (npm pack); the page needs web/node_modules
# (npm ci in web/) and Chromium.
set -euo pipefail
build=${1:?usage: bench/wasm.sh BUILD_DIR [MB [PAGE_MB]]}
mb=${2:-256}
page_mb=${3:-1024}
here=$(cd "$(dirname "$0")/.." && pwd)
native=$build/validator/cli/fxt-validate
gen=$build/generator/fxt-gen
wasm=$build/wasm/validator/cli/fxt-validate.wasm
[ -f "$wasm" ] || wasm=$here/npm/fxt-validate.wasm
for f in "$native" "$gen" "$wasm"; do
  [ -f "$f" ] || { echo "wasm.sh: $f not built" >&2; exit 2; }
done
work=$(mktemp -d "${TMPDIR:-/tmp}/fxt-wasm.XXXXXX")
trap 'rm -rf "$work"' EXIT
# the npm package's files with this module
cp -R "$here/npm/bin" "$here/npm/lib" "$here/npm/package.json" "$work/"
cp "$wasm" "$work/fxt-validate.wasm"

gen_trace() { # MB FILE: the realistic profile averages ~44 bytes/record
  "$gen" random --records $(($1 * 1048576 / 44)) --seed 1 -o "$2" >/dev/null
}
# CPU seconds and wall seconds of a command (GNU time), output discarded
measure() {
  /usr/bin/time -f '%U %S %e %M' -o "$work/t" "$@" >/dev/null 2>&1 || true
  awk '{ printf "%7.2f s CPU  %7.2f s wall  %5.0f MB peak RSS", $1 + $2, $3, $4 / 1024 }' "$work/t"
}
cpu() { awk '{ print $1 + $2 }' "$work/t"; }

t=$work/trace.fxt
gen_trace "$mb" "$t"
size=$(stat -c %s "$t")
echo "trace: $((size / 1048576)) MiB, fxt-gen random (realistic), $(nproc) cores"
cat "$t" >/dev/null # warm the page cache
printf '%-34s %s\n' "cat FILE > /dev/null" "$(measure cat "$t")"
printf '%-34s %s\n' "native fxt-validate --quiet" "$(measure "$native" --quiet "$t")"
native_cpu=$(cpu)
printf '%-34s %s\n' "npm fxt-validate --quiet (Node)" "$(measure node "$work/bin/fxt-validate.js" --quiet "$t")"
node_cpu=$(cpu)
awk -v n="$native_cpu" -v w="$node_cpu" 'BEGIN { printf "WebAssembly under Node: %.2fx native speed (CPU time)\n", n / w }'

page() { # FILE: the page's own time (the worker's) and the renderer's peak RSS
  [ -d "$here/web/node_modules/puppeteer-core" ] || { echo "(page: no web/node_modules; npm ci in web/)"; return; }
  node "$here/web/build.js" "$wasm" "$work/page" >/dev/null
  node "$here/bench/wasm_page.js" "$work/page" "$1"
}
page_line=$(page "$t")
echo "page: $page_line"
page_s=$(sed -n 's/.*validated in \([0-9.]*\) s.*/\1/p' <<<"$page_line")
[ -n "$page_s" ] && awk -v n="$native_cpu" -v p="$page_s" \
  'BEGIN { printf "WebAssembly in the page: %.2fx native speed (page wall time against native CPU time)\n", n / p }'

if [ "$page_mb" -gt 0 ]; then
  rm -f "$t"
  gen_trace "$page_mb" "$t"
  echo "page on $(($(stat -c %s "$t") / 1048576)) MiB: $(page "$t")"
fi
