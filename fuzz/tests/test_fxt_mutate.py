#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Tests of fxt-mutate (ctest fuzz_fxt_mutate).

usage: test_fxt_mutate.py --mutate PATH --validate PATH --corpus DIR

The expectations come from outside the tool: byte order from the magic
bytes as the spec writes them, record types from a walk of the headers
written here from the spec's header layout, validity from fxt-validate's exit
status, and the `go test fuzz v1` files decoded here and compared with the
raw files of the same run.
"""

import argparse
import ast
import filecmp
import os
import subprocess
import sys
import tempfile

LE_MAGIC = bytes.fromhex("1000044678541600")
BE_MAGIC = bytes.fromhex("0016547846040010")

failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL: " + what)


def run(argv):
    p = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    return p.returncode, p.stdout.decode(), p.stderr.decode()


def files(d):
    return sorted(os.listdir(d))


def record_types(data):
    """Types of the records, walking headers (spec: type bits 0..3, size in
    words bits 4..15; large records (15) bits 4..35). Stops at a size 0 or a
    record running past the end. Little- or big-endian from the magic."""
    big = data[:8] == BE_MAGIC
    out, off = [], 0
    while off + 8 <= len(data):
        w = int.from_bytes(data[off:off + 8], "big" if big else "little")
        t = w & 15
        size = (w >> 4) & (0xFFFFFFFF if t == 15 else 0xFFF)
        if size == 0 or off + 8 * size > len(data):
            break
        out.append(t)
        off += 8 * size
    return out


def go_decode(text):
    lines = text.split("\n")
    assert lines[0] == "go test fuzz v1", lines[0]
    lit = lines[1]
    assert lit.startswith('[]byte(') and lit.endswith(')'), lit[:40]
    # Go's \xNN escapes read the same in a Python bytes literal
    return ast.literal_eval("b" + lit[len("[]byte("):-1])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mutate", required=True)
    ap.add_argument("--validate", required=True)
    ap.add_argument("--corpus", required=True)
    ap.add_argument("--dump", default="", help="fxt-dump, for the --revision check")
    a = ap.parse_args()
    m = a.mutate
    tmp = tempfile.mkdtemp(prefix="fxt-mutate-test-")

    def valid(path):
        return run([a.validate, "-q", path])[0] == 0

    # determinism, and a mix of valid and invalid outputs that differ from the bases
    d1, d2 = os.path.join(tmp, "a"), os.path.join(tmp, "b")
    args = ["mutate", "--gen", "4", "--gen-records", "100", "--count", "6", "--seed", "5"]
    rc1, _, err1 = run([m] + args + ["-o", d1])
    rc2, _, _ = run([m] + args + ["-o", d2])
    check(rc1 == 0 and rc2 == 0, "mutate exits 0: %s" % err1)
    check(len(files(d1)) == 24, "4 bases x 6 mutations = 24 files, got %d" % len(files(d1)))
    same = filecmp.cmpfiles(d1, d2, files(d1), shallow=False)[0]
    check(len(same) == len(files(d1)) and files(d1) == files(d2), "same arguments, same files")
    verdicts = [valid(os.path.join(d1, f)) for f in files(d1)]
    check(any(verdicts) and not all(verdicts),
          "some outputs valid, some invalid: %d of %d valid" % (sum(verdicts), len(verdicts)))
    d3 = os.path.join(tmp, "c")
    run([m] + args[:-1] + ["6", "-o", d3])
    diff = [f for f in files(d1) if open(os.path.join(d1, f), "rb").read()
            != open(os.path.join(d3, f), "rb").read()]
    check(len(diff) > 12, "another --seed gives other mutations (%d of 24 differ)" % len(diff))

    # --byte-order le over a corpus that is half big-endian
    dle = os.path.join(tmp, "le")
    rc, _, err = run([m, "mutate", "--byte-order", "le", "--count", "3", "-o", dle,
                      os.path.join(a.corpus, "valid")])
    check(rc == 0, "mutate --byte-order le exits 0: " + err)
    outs = files(dle)
    be = [f for f in outs if open(os.path.join(dle, f), "rb").read(8) == BE_MAGIC]
    check(outs and not be, "--byte-order le: no big-endian output (%d of %d)" % (len(be), len(outs)))
    check(any(f.endswith("-be-m0000.fxt") for f in outs) is False,
          "--byte-order le: no mutation of a -be base")

    # seeds: valid only, filtered; with --byte-order be every seed is big-endian
    ds = os.path.join(tmp, "seeds")
    rc, _, err = run([m, "seeds", "--byte-order", "be", "--gen", "4", "-o", ds, a.corpus])
    check(rc == 0, "seeds exits 0: " + err)
    outs = files(ds)
    check(len(outs) > 10, "seeds: more than 10 big-endian seeds, got %d" % len(outs))
    for f in outs:
        data = open(os.path.join(ds, f), "rb").read()
        check(data[:8] == BE_MAGIC, "seeds --byte-order be: %s starts with the BE magic" % f)
        check(valid(os.path.join(ds, f)), "seeds: %s validates" % f)
    invalid_names = set(files(os.path.join(a.corpus, "invalid")))
    check(not (set(outs) & invalid_names), "seeds: nothing from corpus/invalid")

    # --record-types: no defined type outside the list in any output
    allowed = {0, 1, 2, 3, 4}
    dt = os.path.join(tmp, "types")
    rc, _, err = run([m, "mutate", "--record-types", "metadata,initialization,string,thread,4",
                      "--byte-order", "le", "--count", "4", "--gen", "8", "-o", dt])
    check(rc == 0, "mutate --record-types exits 0: " + err)
    outs = files(dt)
    check(len(outs) >= 8, "--record-types: outputs written (%d)" % len(outs))
    for f in outs:
        ts = set(record_types(open(os.path.join(dt, f), "rb").read()))
        extra = {t for t in ts if t not in allowed and (t <= 9 or t == 15)}
        check(not extra, "--record-types: %s holds types %s" % (f, sorted(extra)))

    # go format: the same bytes as the raw files of the same run
    dg, dr = os.path.join(tmp, "go"), os.path.join(tmp, "raw")
    base = [m, "mutate", "--gen", "2", "--count", "5", "--seed", "9"]
    run(base + ["--format", "go", "-o", dg])
    run(base + ["-o", dr])
    gf, rf = files(dg), files(dr)
    check([f + ".fxt" for f in gf] == rf, "go and raw runs name the same files")
    for f in gf:
        try:
            got = go_decode(open(os.path.join(dg, f), encoding="ascii").read())
        except (AssertionError, ValueError, SyntaxError, UnicodeDecodeError) as e:
            check(False, "go file %s does not parse: %s" % (f, e))
            continue
        check(got == open(os.path.join(dr, f + ".fxt"), "rb").read(),
              "go file %s holds the raw file's bytes" % f)

    # --revision: current is what the validator checks by default (same files);
    # an older revision either works (every output valid there or nowhere) or
    # is refused until the validator checks it
    dc, dn = os.path.join(tmp, "rev-current"), os.path.join(tmp, "rev-none")
    run([m, "mutate", "--gen", "2", "--count", "4", "--revision", "current", "-o", dc])
    run([m, "mutate", "--gen", "2", "--count", "4", "-o", dn])
    check(files(dc) == files(dn) and len(filecmp.cmpfiles(dc, dn, files(dc), shallow=False)[0])
          == len(files(dc)), "--revision current: the same files as without")
    rc, _, err = run([m, "seeds", "--gen", "2", "--revision", "r1", "--order", "as-is", "-o",
                      os.path.join(tmp, "r1")])
    check(rc == 0 and len(files(os.path.join(tmp, "r1"))) == 2,
          "seeds --revision r1 --gen 2: two generated r1 traces (%d: %s)" % (rc, err.strip()))
    # mutations in r2: little-endian (r2 has no magic record to say otherwise),
    # and none valid only in another revision (the validator's --revision
    # auto verdicts, through fxt-validate)
    d2 = os.path.join(tmp, "r2")
    rc, _, err = run([m, "mutate", "--gen", "3", "--count", "6", "--revision", "r2", "-o", d2])
    outs = files(d2)
    check(rc == 0 and len(outs) == 18, "mutate --revision r2: 18 outputs (%d: %s)" % (rc, err))
    valid_r2 = 0
    for f in outs:
        data = open(os.path.join(d2, f), "rb").read()
        check(data[:8] != BE_MAGIC, "--revision r2: %s is not big-endian" % f)
        r2 = run([a.validate, "-q", "--revision", "r2", os.path.join(d2, f)])[0] == 0
        cur = run([a.validate, "-q", os.path.join(d2, f)])[0] == 0
        check(r2 or not cur, "--revision r2: %s valid in current but not in r2" % f)
        valid_r2 += r2
    check(3 <= valid_r2 < len(outs), "--revision r2: %d of %d outputs valid in r2"
          % (valid_r2, len(outs)))
    if a.dump:
        # seeds --revision r3 from corpus/valid: exactly the files fxt-dump
        # --revision r3 reads without errors
        d3 = os.path.join(tmp, "r3")
        rc, _, err = run([m, "seeds", "--revision", "r3", "--order", "as-is", "-o", d3,
                          os.path.join(a.corpus, "valid")])
        kept = set(files(d3)) if rc == 0 else set()
        want = set()
        valid = os.path.join(a.corpus, "valid")
        for f in sorted(os.listdir(valid)):
            out = subprocess.run([a.dump, "--revision", "r3", "--jsonl", os.path.join(valid, f)],
                                 stdout=subprocess.PIPE).stdout.decode().splitlines()
            if out and '"errors":0,' in out[-1]:
                want.add(f)
        check(rc == 0 and kept == want and 0 < len(kept) < len(os.listdir(valid)),
              "--revision r3 keeps the %d of %d valid files that conform to r3 (kept %d: %s)"
              % (len(want), len(os.listdir(valid)), len(kept), sorted(kept ^ want)[:4]))

    # --list: one line per output
    dl = os.path.join(tmp, "l")
    lst = os.path.join(tmp, "l.tsv")
    run([m, "mutate", "--gen", "1", "--count", "3", "-o", dl, "--list", lst])
    rows = [r.split("\t") for r in open(lst).read().splitlines()]
    check(len(rows) == 3 and all(len(r) == 8 for r in rows), "--list: 3 rows of 8 fields")

    # usage and I/O errors exit 2; nothing passing the filters exits 1
    for argv, want in [([m], 2), ([m, "frobnicate", "-o", tmp], 2),
                       ([m, "mutate"], 2), ([m, "mutate", "--byte-order", "xx", "-o", tmp], 2),
                       ([m, "mutate", "--record-types", "events", "-o", tmp], 2),
                       ([m, "mutate", "--count", "-1", "-o", tmp], 2),
                       ([m, "mutate", "--revision", "r9", "-o", tmp], 2),
                       ([m, "mutate", "--revision", "r1", "--byte-order", "be", "-o", tmp], 2),
                       ([m, "mutate", "--revision", "r1", "--record-types", "large", "-o", tmp], 2),
                       ([m, "mutate", "--count", "x1", "-o", tmp], 2),
                       ([m, "mutate", "-o", tmp, os.path.join(tmp, "missing.fxt")], 2),
                       ([m, "seeds", "--gen", "0", "-o", os.path.join(tmp, "e"),
                         os.path.join(a.corpus, "invalid")], 1),
                       ([m, "--help"], 0)]:
        rc, out, err = run(argv)
        check(rc == want, "%s: exit %d, want %d (%s)" % (" ".join(argv[1:]), rc, want,
                                                         err.strip()[:200]))
        if want == 2:
            check(err.startswith("fxt-mutate: "), "%s: error says fxt-mutate:" % argv[1:])

    # .fxtkitrc: fxt-validate there takes the E0022 trace as clean (its rule
    # ignored), fxt-mutate does not read it (a seed is valid by the spec),
    # and its --help says so
    cfgd = os.path.join(tmp, "cfg")
    os.makedirs(cfgd)
    with open(os.path.join(a.corpus, "invalid", "E0022-init-reserved-bits.fxt"), "rb") as f:
        data = f.read()
    with open(os.path.join(cfgd, "t.fxt"), "wb") as f:
        f.write(data)
    with open(os.path.join(cfgd, ".fxtkitrc"), "w") as f:
        f.write("ignore = E0022\n")
    check(run([a.validate, "-q", os.path.join(cfgd, "t.fxt")])[0] == 0,
          ".fxtkitrc: fxt-validate ignores E0022 there")
    rc, out, err = run([m, "seeds", "--gen", "0", "-o", os.path.join(tmp, "cfg-out"), cfgd])
    check(rc == 1, "fxt-mutate seeds: the E0022 trace is no seed, .fxtkitrc or not (exit %d)" % rc)
    rc, out, err = run([m, "--help"])
    check(".fxtkitrc" in out and "reads no" in out, "--help says it reads no .fxtkitrc")

    # the real error and nothing else: no false "out of memory" after it
    # (issue 22: -o naming a file, a missing input)
    notdir = os.path.join(tmp, "not-a-dir")
    with open(notdir, "wb") as f:
        f.write(b"keep")
    nosuch = os.path.join(tmp, "nosuch")
    for argv, needle in [([m, "mutate", "-o", notdir, os.path.join(a.corpus, "valid")],
                          "fxt-mutate: %s: not a directory" % notdir),
                         ([m, "mutate", "-o", os.path.join(tmp, "out-n"), nosuch],
                          "fxt-mutate: %s: No such file or directory" % nosuch)]:
        rc, out, err = run(argv)
        check(rc == 2 and err.strip() == needle,
              "%s: exit %d, stderr %r, want exit 2 and only %r" % (" ".join(argv[1:]), rc,
                                                                   err, needle))
        check("out of memory" not in err, "%s: a false 'out of memory'" % " ".join(argv[1:]))
    with open(notdir, "rb") as f:
        check(f.read() == b"keep", "-o FILE: the file is left as it was")

    if failures:
        print("%d failure(s)" % len(failures))
        return 1
    print("ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
