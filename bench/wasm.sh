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
# REPS (default 5): rounds of the command-line runs, which alternate (the
# best of each is given, and all the CPU figures); PAGE_REPS (default 3):
# runs of the page (with JSPI), and one more as a browser without JSPI
# reads (FileReaderSync). Node's start-up (`fxt-validate --version`) is measured
# apart, and the ratios are also given without it.
# BUILD_DIR: a native build; the module is $WASM, or BUILD_DIR/wasm (ctest npm-pack)
# or npm/fxt-validate.wasm (npm pack); the page needs web/node_modules
# (npm ci in web/) and Chromium.
set -euo pipefail
build=${1:?usage: bench/wasm.sh BUILD_DIR [MB [PAGE_MB]]}
mb=${2:-256}
page_mb=${3:-1024}
here=$(cd "$(dirname "$0")/.." && pwd)
native=$build/validator/cli/fxt-validate
gen=$build/generator/fxt-gen
wasm=${WASM:-$build/wasm/validator/cli/fxt-validate.wasm}
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
# CPU seconds (user + sys) and wall seconds of a command (GNU time),
# output discarded, as "CPU WALL RSS_MB"
run_once() {
  /usr/bin/time -f '%U %S %e %M' -o "$work/t" "$@" >/dev/null 2>&1 || true
  awk '{ printf "%.2f %.2f %.0f\n", $1 + $2, $3, $4 / 1024 }' "$work/t"
}
# the smallest of REPS runs (the machine is shared: the least disturbed run)
best() { sort -n | head -1; }

t=$work/trace.fxt
gen_trace "$mb" "$t"
size=$(stat -c %s "$t")
reps=${REPS:-5}
echo "trace: $((size / 1048576)) MiB, fxt-gen random (realistic), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
# Node reads every certificate of NODE_EXTRA_CA_CERTS at start-up, whatever
# the script: ~0.08 s of CPU with a system bundle, which a sandbox or a
# company network may set. Not the package's cost: measured without it.
if [ -n "${NODE_EXTRA_CA_CERTS:-}" ]; then
  echo "(NODE_EXTRA_CA_CERTS is set: Node is measured without it)"
  unset NODE_EXTRA_CA_CERTS
fi
cat "$t" >/dev/null # warm the page cache
# the commands alternate, REPS rounds, so that a busy moment hits them alike
names=(cat native node node-start)
cmds=("cat $t" "$native --quiet $t" "node $work/bin/fxt-validate.js --quiet $t" "node $work/bin/fxt-validate.js --version")
labels=("cat FILE > /dev/null" "native fxt-validate --quiet" "npm fxt-validate --quiet (Node)" "Node start-up (--version)")
for r in $(seq "$reps"); do
  for i in "${!names[@]}"; do
    # shellcheck disable=SC2086 # the commands are words without spaces
    run_once ${cmds[$i]} >>"$work/${names[$i]}"
  done
done
declare -A cpu wall
for i in "${!names[@]}"; do
  n=${names[$i]}
  cpu[$n]=$(cut -d' ' -f1 "$work/$n" | best)
  wall[$n]=$(cut -d' ' -f2 "$work/$n" | best)
  printf '%-34s %5s s CPU %5s s wall (best of %d; CPU %s)\n' "${labels[$i]}" "${cpu[$n]}" "${wall[$n]}" "$reps" \
    "$(cut -d' ' -f1 "$work/$n" | tr '\n' ' ' | sed 's/ $//')"
done
awk -v n="${cpu[native]}" -v w="${cpu[node]}" -v s="${cpu[node-start]}" -v nw="${wall[native]}" -v ww="${wall[node]}" -v sw="${wall[node-start]}" 'BEGIN {
  printf "WebAssembly under Node: %.2fx native speed by CPU time, %.2fx by wall time (whole commands)\n", n / w, nw / ww
  printf "  without Node start-up: %.2fx by CPU time, %.2fx by wall time\n", n / (w - s), nw / (ww - sw) }'

page() { # FILE [sync]: the page's own time (the worker's) and the renderer's peak RSS
  [ -d "$here/web/node_modules/puppeteer-core" ] || { echo "(page: no web/node_modules; npm ci in web/)"; return; }
  [ -f "$work/page/index.html" ] || node "$here/web/build.js" "$wasm" "$work/page" >/dev/null
  node "$here/bench/wasm_page.js" "$work/page" "$@"
}
for r in $(seq "${PAGE_REPS:-3}"); do
  page_line=$(page "$t")
  echo "page: $page_line"
  sed -n 's/.*validated in \([0-9.]*\) s.*Chromium CPU \([0-9.]*\) s.*worker thread \([0-9.]*\).*/\1 \2 \3/p' <<<"$page_line" >>"$work/page-times"
done
if [ -s "$work/page-times" ]; then
  page_s=$(cut -d' ' -f1 "$work/page-times" | best)
  page_cpu=$(cut -d' ' -f2 "$work/page-times" | best)
  worker_cpu=$(cut -d' ' -f3 "$work/page-times" | best)
  awk -v n="${cpu[native]}" -v nw="${wall[native]}" -v p="$page_s" -v c="$page_cpu" -v w="$worker_cpu" 'BEGIN {
    printf "WebAssembly in the page (best of the runs): %.2fx native speed by wall time (the page'"'"'s own figure),\n", nw / p
    printf "  %.2fx by CPU time (all of Chromium'"'"'s threads), %.2fx by the worker thread'"'"'s CPU time alone\n", n / c, n / w }'
  echo "page without JSPI (FileReaderSync): $(page "$t" sync)"
fi

if [ "$page_mb" -gt 0 ]; then
  rm -f "$t"
  gen_trace "$page_mb" "$t"
  echo "page on $(($(stat -c %s "$t") / 1048576)) MiB: $(page "$t")"
fi
