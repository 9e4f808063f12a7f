#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""'fxt-gen violate --control': the control of every one-violation trace.

usage: test_violate_controls.py FXT_GEN FXT_VALIDATE

For every revision, every rule fxt-gen violate offers for it, seeds 1..2,
both byte orders where the revision has them:
  - the control is a trace fxt-validate --json accepts with no issue at all;
  - it says what it is: 'RULE control=twin: ...' or 'RULE control=base: ...';
  - a twin is not the vector, and holds every record type the vector holds
    (fxt-conform's walk by the size fields, compare.py): the violation
    fixed, not removed;
  - the same arguments give the same control (deterministic), and the
    vector's bytes are those of fxt-gen violate without --control;
  - the rules whose control must be a twin are (the log, reserved-bit and
    argument rules a reader can reject for a reason other than the rule).
Standard library only; exits non-zero on any failure.
"""
import concurrent.futures
import json
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "fuzz",
                                "conform"))
sys.dont_write_bytecode = True
import compare  # noqa: E402

REVISIONS = ("r1", "r2", "r3", "current")
HAS_MAGIC = {"r1": False, "r2": False, "r3": True, "current": True}
# violations a reader may reject for another reason (it cannot read the
# record kind at all): these must have a twin holding that record kind
MUST_TWIN = ("E0048", "E0053", "E0054", "E0041", "E0042", "E0043", "E0045", "E0008", "E0007",
             "E0011", "E0010", "E0002")


def record_types(data):
    """The record types in DATA, by fxt-conform's record walk (compare.py)."""
    return compare.vector_features(data) - set(compare.BYTE_ORDERS + compare.REVISIONS)


def one(gen, validate, tmp, rev, rule, seed, be):
    tag = "%s %s seed %d%s" % (rev, rule, seed, " be" if be else "")
    base = [gen, "violate", "--rule", rule, "--seed", str(seed), "--revision", rev] + \
        (["--big-endian"] if be else [])
    stem = os.path.join(tmp, "%s-%s-%d-%d" % (rev, rule, seed, be))
    p = subprocess.run(base + ["-o", stem + ".v"], capture_output=True)
    if p.returncode == 2 and be:
        return []  # not possible in this byte order (fxt-gen says why)
    if p.returncode != 0:
        return ["%s: the vector: exit %d %s" % (tag, p.returncode, p.stderr[:200])]
    errs = []
    outs = []
    for k in range(2):
        c = subprocess.run(base + ["--control", "-o", "%s.c%d" % (stem, k)], capture_output=True)
        outs.append(c)
        if c.returncode != 0:
            return ["%s: the control: exit %d %s" % (tag, c.returncode, c.stderr[:200])]
    m = re.match(r"^([EW]\d{4}) control=(twin|base): \S", outs[0].stdout.decode())
    if not m or m.group(1) != rule:
        errs.append("%s: the control's line: %r" % (tag, outs[0].stdout[:200]))
    kind = m.group(2) if m else None
    vec = open(stem + ".v", "rb").read()
    ctl = open(stem + ".c0", "rb").read()
    if open(stem + ".c1", "rb").read() != ctl:
        errs.append("%s: the control differs between two runs" % tag)
    v = subprocess.run([validate, "--json", "--revision", rev, stem + ".c0"], capture_output=True)
    try:
        issues = json.loads(v.stdout)["files"][0]["issues"]
    except (ValueError, KeyError, IndexError):
        issues = None
    if v.returncode != 0 or issues != []:
        errs.append("%s: the control (%s) is not clean: exit %d, %s" % (
            tag, kind, v.returncode, (issues or v.stdout[:200])))
    if kind == "twin":
        if ctl == vec:
            errs.append("%s: the twin is the vector" % tag)
        lack = record_types(vec) - record_types(ctl)
        if lack:
            errs.append("%s: the twin lacks record types %s of the vector" % (tag, sorted(lack)))
    if rule in MUST_TWIN and kind != "twin":
        errs.append("%s: no twin (%s)" % (tag, kind))
    return errs


def main():
    gen, validate = sys.argv[1:3]
    jobs = []
    for rev in REVISIONS:
        p = subprocess.run([gen, "violate", "--list", "--revision", rev], capture_output=True)
        rules = [ln.split()[0] for ln in p.stdout.decode().splitlines() if ln.strip()]
        if p.returncode != 0 or len(rules) < 40:
            print("FAIL fxt-gen violate --list --revision %s: %d rules" % (rev, len(rules)))
            return 1
        for rule in rules:
            for seed in (1, 2):
                for be in ((0, 1) if HAS_MAGIC[rev] else (0,)):
                    jobs.append((rev, rule, seed, be))
    with tempfile.TemporaryDirectory() as tmp, \
            concurrent.futures.ThreadPoolExecutor(max_workers=2) as ex:
        results = list(ex.map(lambda j: one(gen, validate, tmp, *j), jobs))
    errs = [e for r in results for e in r]
    for e in errs[:60]:
        print("FAIL " + e)
    print("%d controls checked, %d failure(s)" % (len(jobs), len(errs)))
    return 1 if errs else 0


if __name__ == "__main__":
    sys.exit(main())
