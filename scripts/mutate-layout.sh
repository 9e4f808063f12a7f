#!/usr/bin/env bash
# mutate-layout.sh - mutation check of the format layout: do the tests notice
# a wrong field position?
#
#   bash scripts/mutate-layout.sh [--only REGEX] [--list] [--keep]
#
# Each mutant changes one thing of a copy of the tree:
#   - every bit-field "#define FXT_X lo, hi" of include/fxt/format.h (fields
#     and reserved ranges): shrunk at the top, shrunk at the bottom, grown by
#     one bit, shifted by one bit (at bit 63: grown and shifted downwards);
#   - every type mask and flag of every revision row of validator/layout.c
#     (record, metadata, trace info, event, argument, large, large blob
#     format, scheduling and blob types; priorities, magic, numbering): its
#     highest defined value dropped, the lowest undefined value added, a flag flipped.
# It is rebuilt (a separate build directory, only the test targets) and the
# spec-tests, the layout guards and the encoder tests run. A mutant that
# does not build counts apart; one that builds and passes every test
# survives. Prints the survivors and the totals; exit 1 if any survived.
# Not part of CI (a few minutes per hundred mutants on 2 cores).
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
only=""
list=0
keep=0
while [ $# -gt 0 ]; do
  case "$1" in
    --only) only="$2"; shift 2 ;;
    --list) list=1; shift ;;
    --keep) keep=1; shift ;;
    -h|--help) sed -n '2,22p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "mutate-layout.sh: unknown option '$1' (try --help)" >&2; exit 2 ;;
  esac
done

work=$(mktemp -d "${TMPDIR:-/tmp}/fxt-mutate.XXXXXX")
cleanup() { [ "$keep" = 1 ] && echo "kept $work" >&2 || rm -rf "$work"; }
trap cleanup EXIT
src="$work/src"
mkdir -p "$src"
# a copy of the tree without build directories or git data
(cd "$here" && tar --exclude='./build*' --exclude='./.git' -cf - .) | (cd "$src" && tar -xf -)

# ---- the mutants: "file|line number|new line|label" ------------------------
mutants="$work/mutants"
/usr/bin/python3 - "$src" > "$mutants" <<'EOF'
import re, sys
src = sys.argv[1]
out = []
fmt = "include/fxt/format.h"
for n, line in enumerate(open(f"{src}/{fmt}"), 1):
    m = re.match(r"#define (FXT_\w+) (\d+), (\d+)(.*)$", line.rstrip("\n"))
    if not m:
        continue
    name, lo, hi, rest = m.group(1), int(m.group(2)), int(m.group(3)), m.group(4)
    cands = []
    if hi > lo:
        cands += [("shrink-top", lo, hi - 1), ("shrink-bottom", lo + 1, hi)]
    cands.append(("grow", lo, hi + 1) if hi < 63 else ("grow-down", lo - 1, hi))
    cands.append(("shift-up", lo + 1, hi + 1) if hi < 63 else ("shift-down", lo - 1, hi - 1))
    for label, a, b in cands:
        if 0 <= a <= b <= 63:
            out.append((fmt, n, f"#define {name} {a}, {b}{rest}", f"{name} [{lo}..{hi}] {label} -> [{a}..{b}]"))

lay = "validator/layout.c"
rev = None
masks = ("record_types", "metadata_types", "trace_info_types", "event_types", "arg_types",
         "large_types", "large_blob_formats", "sched_types", "blob_types")
flags = ("has_priorities", "has_magic", "numbering")
lines = open(f"{src}/{lay}").read().split("\n")
for n, line in enumerate(lines, 1):
    r = re.search(r"\[FXT_REV_(\w+)\] = \{", line)
    if r:
        rev = r.group(1).lower()
    if rev is None:
        continue
    for mm in re.finditer(r"\.(\w+) = ", line):
        field = mm.group(1)
        # the value runs to the next ", ." / "," at depth 0 / end of line
        i, depth = mm.end(), 0
        while i < len(line):
            c = line[i]
            if c in "({":
                depth += 1
            elif c in ")}":
                if depth == 0:
                    break
                depth -= 1
            elif c == "," and depth == 0:
                break
            i += 1
        expr = line[mm.end():i].strip()
        if field in masks:
            for label, new in (("drop the highest value", f"fxt__mut_drop_top({expr})"),
                               ("add the lowest undefined value", f"fxt__mut_add_next({expr})")):
                out.append((lay, n, line[:mm.end()] + new + line[i:], f"{rev}.{field} {label}"))
        elif field in flags:
            out.append((lay, n, line[:mm.end()] + f"!({expr})" + line[i:], f"{rev}.{field} flipped"))
for f, n, new, label in out:
    print(f"{f}|{n}|{new}|{label}")
EOF
total=$(wc -l < "$mutants")
if [ "$list" = 1 ]; then
  cut -d'|' -f4 "$mutants"
  echo "$total mutants"
  exit 0
fi

# helpers the layout.c mutants use (added to the copy only)
cat >> "$src/validator/layout.c" <<'EOF'
/* mutate-layout.sh helpers */
static inline unsigned long long fxt__mut_top(unsigned long long m)
{
    unsigned long long t = 1ull << 63;
    while (t && !(m & t))
        t >>= 1;
    return t;
}
#define fxt__mut_drop_top(m) ((m) & ~fxt__mut_top(m))
#define fxt__mut_add_next(m) ((m) | (~(m) & ((m) + 1)))
EOF
# the helpers must precede the table: move them to the top of the copy
/usr/bin/python3 - "$src/validator/layout.c" <<'EOF'
import sys
p = sys.argv[1]
s = open(p).read()
k = s.index("/* mutate-layout.sh helpers */")
helpers, s = s[k:], s[:k]
anchor = '#include "fxt/layout.h"\n'
s = s.replace(anchor, anchor + helpers, 1)
open(p, "w").write(s)
EOF

build="$work/build"
targets="spec_conformance spec_layout_guard test_encode"
echo "configuring (gcc -O0) in $build" >&2
cmake -S "$src" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_FLAGS=-O0 \
  -DPython3_EXECUTABLE=/usr/bin/python3 > "$work/configure.log" 2>&1 ||
  { cat "$work/configure.log" >&2; exit 2; }
cmake --build "$build" -j2 --target $targets > "$work/build.log" 2>&1 ||
  { tail -30 "$work/build.log" >&2; echo "the unmutated tree does not build" >&2; exit 2; }

run_tests() {
  CK_FORK=no timeout 120 "$build/spec-tests/spec_conformance" > /dev/null 2>&1 || return 1
  CK_FORK=no timeout 60 "$build/spec-tests/spec_layout_guard" > /dev/null 2>&1 || return 1
  CK_FORK=no timeout 60 "$build/generator/tests/test_encode" > /dev/null 2>&1 || return 1
  return 0
}
run_tests || { echo "the unmutated tree fails its tests" >&2; exit 2; }

killed=0; survived=0; nobuild=0; n=0
survivors="$work/survivors"
: > "$survivors"
while IFS='|' read -r file line new label; do
  [ -n "$only" ] && ! [[ "$label" =~ $only ]] && continue
  n=$((n + 1))
  cp "$src/$file" "$work/orig"
  /usr/bin/python3 - "$src/$file" "$line" "$new" <<'EOF'
import sys
p, n, new = sys.argv[1], int(sys.argv[2]), sys.argv[3]
lines = open(p).read().split("\n")
lines[n - 1] = new
open(p, "w").write("\n".join(lines))
EOF
  if ! cmake --build "$build" -j2 --target $targets > "$work/mbuild.log" 2>&1; then
    nobuild=$((nobuild + 1)); verdict="does not build"
  elif run_tests; then
    survived=$((survived + 1)); verdict="SURVIVED"; echo "$label" >> "$survivors"
  else
    killed=$((killed + 1)); verdict="killed"
  fi
  printf '%4d/%d %-8s %s\n' "$n" "$total" "$verdict" "$label" >&2
  cp "$work/orig" "$src/$file"
done < "$mutants"
# leave the build matching the unmutated copy
cmake --build "$build" -j2 --target $targets > /dev/null 2>&1

echo
if [ -s "$survivors" ]; then
  echo "surviving mutants:"
  sed 's/^/  /' "$survivors"
fi
echo "mutants: $n, killed: $killed, did not build: $nobuild, survived: $survived"
[ "$survived" -eq 0 ]
