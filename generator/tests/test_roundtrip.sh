#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# fxt-gen roundtrip, the tool: byte-exact on every valid corpus vector, on the
# conforming real traces (or failing at their padded records, W0005), and on
# random traces of both profiles and byte orders; and it must FAIL (exit 1,
# with an offset) on a trace that does not re-encode identically, and on
# words past a record's or an argument's fields (W0005, W0051).
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
    # a writer that pads records (W0005: magic-trace's initialization
    # records) differs from the reference encoder there, and says so
    out=$("$gen" roundtrip "$f"); rc=$?
    if [ $rc -eq 0 ]; then
      ok
    elif [ $rc -eq 1 ] && grep -q 'past its fields (W0005 record-size-extra)' <<<"$out"; then
      ok; echo "note: $t pads records: $(head -1 <<<"$out")"
    else
      bad "roundtrip $f: $out"
    fi
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
if [ $rc -eq 1 ] && echo "$out" | grep -q "differs at offset 0xf (15)"; then ok; else bad "negative: rc=$rc out=$out"; fi
# ... and what: the record and word, the field, the word in the file and
# as re-encoded (bit 56 of the header set: byte 15 is 0x01)
want="  record #1 (initialization) at 0x8, word 0: initialization record header
  in the file: 0x0100000000000021  (21 00 00 00 00 00 00 01)
  re-encoded:  0x0000000000000021  (21 00 00 00 00 00 00 00)
  field reserved [16..63]: 0x10000000000 in the file, 0x0 re-encoded"
[ "$(echo "$out" | sed -n 2,5p)" = "$want" ] && ok || bad "negative, what differs: $out"
# an argument header's reserved bit (a violate trace): the word is named by
# its argument, the field by the layout table
# (at the record offset violate reports, known from construction)
roff=$("$gen" violate --rule arg-reserved-bits --seed 2 -o "$tmp/v.fxt" |
       sed -n 's/^E0053 record_offset=\(0x[0-9a-f]*\) .*/\1/p')
out=$("$gen" roundtrip "$tmp/v.fxt"); rc=$?
if [ $rc -eq 1 ] && [ -n "$roff" ] \
   && echo "$out" | grep -q "^  record #100 (event) at $roff, word 4: argument 1 header$" \
   && echo "$out" | grep -q "^  field reserved \[32..63\]: 0x80000000 in the file, 0x0 re-encoded$"; then ok
else bad "argument header: rc=$rc out=$out"; fi
# a writer that pads records: an initialization record of 3 words (header
# 0x31: type 1, size 3), its ticks, then a zero word the fields do not need
# (W0005), after the magic record; byte-identical through the decoder, which
# keeps the word, but not what the reference encoder writes
printf '\x10\x00\x04\x46\x78\x54\x16\x00\x31\0\0\0\0\0\0\0\x00\xca\x9a\x3b\0\0\0\0\0\0\0\0\0\0\0\0' >"$tmp/pad.fxt"
out=$("$gen" roundtrip "$tmp/pad.fxt"); rc=$?
if [ $rc -eq 1 ] && echo "$out" | grep -q "^$tmp/pad.fxt: differs at offset 0x18 (24): the record has words past its fields (W0005 record-size-extra)$" \
   && echo "$out" | grep -q "^  record #1 (initialization) at 0x8: 3 words in the file, 1 of them past the fields"; then ok
else bad "padded record: rc=$rc out=$out"; fi
# the trace's .fxtkitrc names its revision (the command line wins): an r1
# trace is decoded as r1 (no warnings: no note), not as current
mkdir -p "$tmp/legacy"
"$gen" random --revision r1 --seed 4 --records 300 -o "$tmp/legacy/old.fxt" 2>/dev/null
out=$("$gen" roundtrip "$tmp/legacy/old.fxt")
echo "$out" | grep -q "note: the trace has 0 validation errors and [1-9][0-9]* warning" && ok ||
  bad "r1 trace read as current: warnings expected: $out"
echo "revision = r1" >"$tmp/legacy/.fxtkitrc"
out=$("$gen" roundtrip "$tmp/legacy/old.fxt"); rc=$?
[ $rc -eq 0 ] && ! echo "$out" | grep -q "note:" && ok || bad ".fxtkitrc revision r1: rc=$rc out=$out"
out=$("$gen" roundtrip --revision current "$tmp/legacy/old.fxt")
echo "$out" | grep -q "note:" && ok || bad "--revision current wins over .fxtkitrc: $out"
out=$("$gen" roundtrip --no-config "$tmp/legacy/old.fxt")
echo "$out" | grep -q "note:" && ok || bad "--no-config: read as current: $out"
echo "revision = current" >"$tmp/cur.rc"
out=$("$gen" roundtrip --config "$tmp/cur.rc" "$tmp/legacy/old.fxt")
echo "$out" | grep -q "note:" && ok || bad "--config FILE instead of the .fxtkitrc found: $out"
"$gen" roundtrip --config "$tmp/missing.rc" "$tmp/legacy/old.fxt" >/dev/null 2>&1
[ $? -eq 2 ] && ok || bad "--config missing file: exit 2"
"$gen" roundtrip --config "$tmp/cur.rc" --no-config "$tmp/legacy/old.fxt" >/dev/null 2>&1
[ $? -eq 2 ] && ok || bad "--config with --no-config: exit 2"
echo "bogus = 1" >"$tmp/legacy/.fxtkitrc"
"$gen" roundtrip "$tmp/legacy/old.fxt" >/dev/null 2>&1; [ $? -eq 2 ] && ok || bad "a bad .fxtkitrc: exit 2"
"$gen" roundtrip --no-config "$tmp/legacy/old.fxt" >/dev/null 2>&1; [ $? -eq 0 ] && ok ||
  bad "--no-config: a bad .fxtkitrc is not read"
# usage and I/O errors
"$gen" roundtrip "$tmp/missing.fxt" 2>/dev/null; [ $? -eq 2 ] && ok || bad "missing file"
"$gen" roundtrip "$tmp" 2>/dev/null; [ $? -eq 2 ] && ok || bad "directory"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
