#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# fxt-gen roundtrip, the tool: byte-exact on every valid corpus vector, on the
# conforming real traces, and on random traces of both profiles and byte
# orders; and it must FAIL (exit 1, with an offset) on a trace that does not
# re-encode identically.
set -u
# With a 4th argument "real-traces", only the real traces (exit 77, skipped,
# when $shared/real-traces is absent); without it, everything else.
gen=$1; corpus=$2; shared=$3; mode=${4:-}
pass=0; fail=0
ok()  { pass=$((pass+1)); }
bad() { fail=$((fail+1)); echo "FAIL: $*"; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

if [ "$mode" = real-traces ]; then
  [ -d "$shared/real-traces" ] || { echo "no $shared/real-traces: skipped"; exit 77; }
  for t in magic-trace fxt-cpp-writer ftfrs-writer; do
    f="$shared/real-traces/$t.fxt"
    if "$gen" roundtrip "$f" >/dev/null; then ok; else bad "roundtrip $f"; fi
  done
  echo "$pass passed, $fail failed"
  [ $fail -eq 0 ]
  exit
fi
for f in "$corpus"/valid/*.fxt "$corpus"/sample.fxt; do
  if "$gen" roundtrip "$f" >/dev/null; then ok; else bad "roundtrip $f"; fi
done
for s in 1 2 3 4 5 6 7 8; do
  for p in realistic coverage; do
    for be in "" --big-endian; do
      "$gen" random --seed "$s" --records 400 --profile "$p" $be -o "$tmp/r.fxt" || { bad "random $s $p $be"; continue; }
      if "$gen" roundtrip "$tmp/r.fxt" >/dev/null; then ok; else bad "roundtrip random $s $p $be"; fi
    done
  done
done
# Negative: a reserved bit set in the initialization record (offset 8) cannot
# survive decode + re-encode; the tool must say where.
"$gen" random --seed 1 --records 50 -o "$tmp/n.fxt"
printf '\x01' | dd of="$tmp/n.fxt" bs=1 seek=15 conv=notrunc status=none
out=$("$gen" roundtrip "$tmp/n.fxt"); rc=$?
if [ $rc -eq 1 ] && echo "$out" | grep -q "differs at offset 15"; then ok; else bad "negative: rc=$rc out=$out"; fi
# usage and I/O errors
"$gen" roundtrip "$tmp/missing.fxt" 2>/dev/null; [ $? -eq 2 ] && ok || bad "missing file"
"$gen" roundtrip "$tmp" 2>/dev/null; [ $? -eq 2 ] && ok || bad "directory"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
