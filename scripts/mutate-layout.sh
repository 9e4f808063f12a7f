#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# mutate-layout.sh - mutation check of the format layout: do the tests notice
# a wrong field position or a wrong revision row?
#
#   bash scripts/mutate-layout.sh [--behaviour] [--only REGEX] [--list] [--keep]
#
# Each mutant changes one thing in a copy of the tree:
#   - every bit field "#define FXT_X lo, hi" of include/fxt/format.h (fields
#     and reserved ranges): shrunk at the top, shrunk at the bottom, grown by
#     one bit, shifted by one bit (at bit 63: grown and shifted downwards);
#   - every type mask and flag of every revision row of the layout table
#     (format/layout.c) as fxt_layout_get() hands it out: its highest
#     defined value dropped, its lowest undefined value added, a flag flipped.
# The copy is rebuilt (a separate build directory, gcc -O0 with array
# bounds checked, only the test targets) and the spec-tests, the layout guard and the encoder tests run.
# The guard alone kills most format.h mutants (the word descriptions stop
# tiling 64 bits); --behaviour leaves it out, so that only what the
# validator and the encoder do can kill a mutant.
# A mutant that does not build is counted apart. A mutant that builds and
# passes is a survivor, unless it is listed below as equivalent (no test
# can tell it apart, with the reason). Prints the survivors and the totals;
# exit 1 if any survived. Not part of CI (about 2 s per mutant on 2 cores).
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
exec /usr/bin/python3 - "$here" "$@" <<'EOF'
import os, re, shutil, subprocess, sys, tempfile

here, args = sys.argv[1], sys.argv[2:]
only, listing, keep, behaviour = None, False, False, False
while args:
    a = args.pop(0)
    if a == "--only" and args:
        only = re.compile(args.pop(0))
    elif a == "--list":
        listing = True
    elif a == "--keep":
        keep = True
    elif a == "--behaviour":
        behaviour = True
    elif a in ("-h", "--help"):
        for line in open(os.path.join(here, "scripts", "mutate-layout.sh")).read().split("\n")[1:]:
            if not line.startswith("#"):
                break
            print(line[2:])
        sys.exit(0)
    else:
        sys.exit(f"mutate-layout.sh: unknown option '{a}' (try --help)")

# Mutants no test can kill, and why. Keep this list short and explained.
TRUNC = "the value is read through a cast to a type as wide as the field, which drops the extra bit"
EQUIVALENT = {
    "FXT_EV_THREAD [24..31] grow -> [24..32]": TRUNC,
    "FXT_EV_CATEGORY [32..47] grow -> [32..48]": TRUNC,
    "FXT_BLOB_NAME [16..31] grow -> [16..32]": TRUNC,
    "FXT_UOBJ_PROCESS [16..23] grow -> [16..24]": TRUNC,
    "FXT_UOBJ_NAME [24..39] grow -> [24..40]": TRUNC,
    "FXT_KOBJ_NAME [24..39] grow -> [24..40]": TRUNC,
    "FXT_LCSW_OUT_THREAD [28..35] grow -> [28..36]": TRUNC,
    "FXT_LCSW_IN_THREAD [36..43] grow -> [36..44]": TRUNC,
    "FXT_LOG_THREAD [32..39] grow -> [32..40]": TRUNC,
    "FXT_ARG_NAME [16..31] grow -> [16..32]": TRUNC,
    "FXT_ARG_STR_VALUE [32..47] grow -> [32..48]": TRUNC,
    "FXT_LBLOB_CATEGORY [0..15] grow -> [0..16]": TRUNC,
    "FXT_LBLOB_NAME [16..31] grow -> [16..32]": TRUNC,
    "FXT_LBLOB0_THREAD [36..43] grow -> [36..44]": TRUNC,
    "FXT_META_PROVIDER_ID [20..51] grow -> [20..52]": TRUNC,
    "FXT_MAGIC_VALUE_FIELD [24..55] grow -> [24..56]": TRUNC,
    "FXT_LBLOB_RSV [44..63] grow-down -> [43..63]":
        "bit 43 is the top bit of the blob format; every format with it set is undefined, "
        "and the reserved bits of an undefined format are not checked",
    "FXT_WAKE_RSV [36..59] grow -> [36..60]":
        "bit 60 is the low bit of the scheduling subtype, which is 2 (bit 60 clear) in every wakeup record",
    "FXT_KOBJ_TYPE [16..23] shrink-top -> [16..22]":
        "any kernel object type is valid: the value is never checked, only handed to the visitor",
    "FXT_CSW_CPU [20..35] shrink-top -> [20..34]":
        "any cpu number is valid: the value is never checked, only handed to the visitor",
    "FXT_TINFO_TYPE [20..23] grow -> [20..24]":
        "not equivalent but out of these tests' reach: a trace info type of 16 or more indexes "
        "past the 16-entry table of defined types into the next one (inside the same struct, "
        "so no sanitizer sees it); bit 24 is bit 0 of the magic number, 0 in every valid trace",
}
# Layout-row mutants no behaviour can show: the value is never read there.
NEVER_READ = "r1 and r2 do not define the record or metadata type that holds this subtype, so it is never read"
for r in ("r1", "r2"):
    for f in ("trace_info_types", "large_types", "large_blob_formats"):
        EQUIVALENT[f"{r}.{f} add the lowest undefined value"] = NEVER_READ

# Fields only the layout guard can see (with --behaviour they are counted
# apart): nothing the validator or the encoder does depends on them.
GUARD_ONLY = {
    "FXT_TINFO_DATA": "used only by the word description of an undefined trace info type "
                      "(the layout guard's tiling test sees it)",
}

work = tempfile.mkdtemp(prefix="fxt-mutate.")
src, build = os.path.join(work, "src"), os.path.join(work, "build")
shutil.copytree(here, src, ignore=shutil.ignore_patterns("build*", ".git"))

# ---- the mutants ------------------------------------------------------------
fmt = os.path.join(src, "include/fxt/format.h")
fmt_lines = open(fmt).read().split("\n")
mutants = []  # (label, kind, payload)
for n, line in enumerate(fmt_lines):
    m = re.match(r"#define (FXT_\w+) (\d+), (\d+)(.*)$", line)
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
            mutants.append((f"{name} [{lo}..{hi}] {label} -> [{a}..{b}]", "format",
                            (n, f"#define {name} {a}, {b}{rest}")))

# layout rows: fxt_layout_get() returns a copy with one member changed
lay = os.path.join(src, "format/layout.c")
lay_text = open(lay).read()
hook_from = "return (unsigned)r < FXT_REV_COUNT ? &k_layouts[r] : NULL;"
if hook_from not in lay_text:
    sys.exit("mutate-layout.sh: cannot hook fxt_layout_get() in format/layout.c: update the script")
hook_to = """if ((unsigned)r >= FXT_REV_COUNT)
        return NULL;
#ifdef FXT_MUT_REV
    static fxt_layout mut[FXT_REV_COUNT];
    static int mut_ready;
    if (!mut_ready) {
        for (unsigned i = 0; i < FXT_REV_COUNT; i++)
            mut[i] = k_layouts[i];
        FXT_MUT_APPLY(mut[FXT_MUT_REV].FXT_MUT_FIELD);
        mut_ready = 1;
    }
    return &mut[r];
#else
    return &k_layouts[r];
#endif"""
lay_text = lay_text.replace(hook_from, hook_to).replace(
    '#include "fxt/layout.h"\n', '#include "fxt/layout.h"\n#include "mutant.h"\n', 1)
open(lay, "w").write(lay_text)
mut_h = os.path.join(src, "format/mutant.h")
open(mut_h, "w").write("/* no mutant */\n")
MASKS = ("record_types", "metadata_types", "trace_info_types", "event_types", "arg_types",
         "large_types", "large_blob_formats", "sched_types", "blob_types")
FLAGS = ("has_priorities", "has_magic", "numbering")
OPS = {
    "drop the highest value":
        "do { unsigned long long m_ = (X); int t_ = 63; while (t_ >= 0 && !((m_ >> t_) & 1)) t_--; "
        "if (t_ >= 0) (X) &= ~(1ull << t_); } while (0)",
    "add the lowest undefined value": "(X) |= ~(X) & ((X) + 1)",
}
REVS = (("FXT_REV_R1", "r1"), ("FXT_REV_R2", "r2"), ("FXT_REV_R3", "r3"),
        ("FXT_REV_CURRENT", "current"))

def layout_mutants(masks):
    """MASKS: (revision, member) -> its value in the unmutated table. An
    empty mask has no highest value to drop (that mutant would change
    nothing)."""
    out = []
    for rev, rname in REVS:
        for f in MASKS:
            for op, code in OPS.items():
                if op.startswith("drop") and masks.get((rname, f)) == 0:
                    continue
                out.append((f"{rname}.{f} {op}", "layout", (rev, f, code)))
        for f in FLAGS:
            out.append((f"{rname}.{f} flipped", "layout", (rev, f, "(X) = !(X)")))
    return out

def probe_masks():
    """The unmutated table's masks, read through the built library."""
    c = os.path.join(work, "probe.c")
    with open(c, "w") as f:
        f.write('#include <stdio.h>\n#include "fxt/layout.h"\nint main(void) {\n')
        for rev, rname in REVS:
            for m in MASKS:
                f.write(f'printf("{rname} {m} %llu\\n", (unsigned long long)fxt_layout_get({rev})->{m});\n')
        f.write("return 0; }\n")
    exe = os.path.join(work, "probe")
    libs = [os.path.join(build, "validator", "libfxt.a"), os.path.join(build, "format", "libfxtformat.a")]
    subprocess.run(["cc", "-fsanitize=bounds", "-I", os.path.join(src, "include"), c] + libs + ["-o", exe],
                   check=True)
    vals = {}
    for line in subprocess.run([exe], capture_output=True, text=True, check=True).stdout.split("\n"):
        if line:
            r, m, v = line.split()
            vals[(r, m)] = int(v)
    return vals

if listing:
    mutants += layout_mutants({})
    for label, _, _ in mutants:
        print(label)
    print(f"{len(mutants)} mutants (a run leaves out dropping a value from an empty mask)")
    shutil.rmtree(work, ignore_errors=True)
    sys.exit(0)

TARGETS = ["spec_conformance", "spec_layout_guard", "test_encode"]
def sh(cmd, timeout=600):
    try:
        return subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              timeout=timeout, env=dict(os.environ, CK_FORK="no")).returncode == 0
    except subprocess.TimeoutExpired:
        return False
def build_ok():
    return sh(["cmake", "--build", build, "-j2", "--target"] + TARGETS)
def tests_pass():
    return (sh([f"{build}/spec-tests/spec_conformance"], 300) and
            (behaviour or sh([f"{build}/spec-tests/spec_layout_guard"], 120)) and
            sh([f"{build}/generator/tests/test_encode"], 120))

# Array bounds are checked: a field grown past the table sized for it must
# fail, not read the next table (as a sanitizer build in CI would).
print(f"configuring in {build} (gcc -O0 -fsanitize=bounds)", file=sys.stderr)
if not sh(["cmake", "-S", src, "-B", build, "-G", "Ninja", "-DCMAKE_BUILD_TYPE=Debug",
           "-DCMAKE_C_FLAGS=-O0 -fsanitize=bounds -fno-sanitize-recover=bounds",
           "-DCMAKE_EXE_LINKER_FLAGS=-fsanitize=bounds",
           "-DPython3_EXECUTABLE=/usr/bin/python3"]) or not build_ok():
    sys.exit("mutate-layout.sh: the unmutated copy does not build")
if not tests_pass():
    sys.exit("mutate-layout.sh: the unmutated copy fails its tests")
mutants += layout_mutants(probe_masks())

import atexit, signal
if not keep:
    atexit.register(shutil.rmtree, work, True)
signal.signal(signal.SIGTERM, lambda *a: sys.exit(143))
killed = nobuild = 0
survivors, equivalent, guard_only = [], [], []
todo = [m for m in mutants if not only or only.search(m[0])]
for i, (label, kind, payload) in enumerate(todo, 1):
    if kind == "format":
        n, new = payload
        lines = list(fmt_lines)
        lines[n] = new
        open(fmt, "w").write("\n".join(lines))
    else:
        rev, field, code = payload
        open(mut_h, "w").write(f"#define FXT_MUT_REV {rev}\n#define FXT_MUT_FIELD {field}\n"
                               f"#define FXT_MUT_APPLY(X) {code}\n")
    if not build_ok():
        nobuild += 1
        verdict = "does not build"
    elif tests_pass():
        if label in EQUIVALENT:
            equivalent.append(label)
            verdict = "equivalent"
        elif behaviour and label.split()[0] in GUARD_ONLY:
            guard_only.append(label)
            verdict = "guard only"
        else:
            survivors.append(label)
            verdict = "SURVIVED"
    else:
        killed += 1
        verdict = "killed"
    print(f"{i:4d}/{len(todo)} {verdict:14s} {label}", file=sys.stderr, flush=True)
    if kind == "format":
        open(fmt, "w").write("\n".join(fmt_lines))
    else:
        open(mut_h, "w").write("/* no mutant */\n")

print()
if equivalent:
    print("equivalent mutants (no test can tell them apart):")
    for e in equivalent:
        print(f"  {e}: {EQUIVALENT[e]}")
if guard_only:
    print("seen only by the layout guard (left out with --behaviour):")
    for g in guard_only:
        print(f"  {g}: {GUARD_ONLY[g.split()[0]]}")
if survivors:
    print("surviving mutants:")
    for s in survivors:
        print(f"  {s}")
print(f"tests: spec-tests{'' if behaviour else ', layout guard'}, encoder")
print(f"mutants: {len(todo)}, killed: {killed}, did not build: {nobuild}, "
      f"equivalent: {len(equivalent)}, "
      f"{f'guard only: {len(guard_only)}, ' if behaviour else ''}survived: {len(survivors)}")
if keep:
    print(f"kept {work}", file=sys.stderr)
sys.exit(1 if survivors else 0)
EOF
