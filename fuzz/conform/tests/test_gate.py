#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""fxt-conform's controls and its CI gate (ctest conform-controls,
conform-gate).

  test_gate.py controls --conform FXT_CONFORM --validate FXT_VALIDATE --fxt-gen FXT_GEN
                        --corpus DIR
      conclusive agreement: fxt-validate agrees on every invalid vector with
      its control accepted (the twin: the same record kinds, validating
      clean); a reader that rejects every trace holding a log record is
      inconclusive on E0048 (log reserved bits), its twin holding the log
      record too; a reader that cannot read big-endian traces
      "agrees" with the big-endian invalid vectors only by exit status, and
      those are inconclusive (their control, the same trace without the
      violation, is rejected too), the little-endian ones conclusive; a
      reader that rejects everything has no agreement at all; hand-made
      invalid vectors have no control and are inconclusive; --no-controls
      turns them off.

  test_gate.py gate --conform FXT_CONFORM --validate FXT_VALIDATE --fxt-gen FXT_GEN
      --write-expect, --expect and --junit with a reader whose behaviour
      changes between runs (a state file says what it gets wrong): the list
      written, the gate passing on the same behaviour, failing on a new
      failure, on a listed failure that now passes, on a changed result and
      on a listed vector that did not run; bad expectation files (exit 2);
      writing never clobbers (atomic replace, nothing left behind, a
      directory or a missing folder refused); the JUnit XML parses, one
      testcase per vector, failures and skips where they belong.
"""

import argparse
import json
import os
import shlex
import stat
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

failures = []

# A reader wrapping fxt-validate whose faults a state file names:
#   no-be          big-endian traces: exit 1
#   reject-all     every trace: exit 1
#   no-log         traces holding a log record (type 9): exit 1
#   accept:RULE    vectors whose file name holds RULE: exit 0
#   crash:RULE     ... abort (a C-style crash report)
#   reject:NAME    ... exit 1
FAKE = r'''
import os, subprocess, sys
state, validate, path = sys.argv[1:4]
faults = open(state).read().split()
name = os.path.basename(path)
with open(path, "rb") as f:
    head = f.read(8)
for x in faults:
    what, _, arg = x.partition(":")
    if what == "no-log":
        # (imported here only: the reader runs once per vector)
        sys.path.insert(0, @CONFORM_DIR@)
        import compare  # its record walk (what --supports reads)
        if "log" in compare.vector_features(open(path, "rb").read()):
            sys.exit(1)
    if what == "no-be" and head == bytes.fromhex("0016547846040010"):
        sys.exit(1)
    if what == "reject-all":
        sys.exit(1)
    if arg and arg in name:
        if what == "accept":
            sys.exit(0)
        if what == "reject":
            sys.exit(1)
        if what == "crash":
            sys.stderr.write("reader: reader.c:42: read_thing: Assertion `ok' failed.\n")
            sys.stderr.flush()
            os.abort()
sys.exit(subprocess.run([validate, "-q", path]).returncode)
'''


def check(cond, msg):
    print(("ok   " if cond else "FAIL ") + msg)
    if not cond:
        failures.append(msg)


def conform(a, args):
    argv = [sys.executable, a.conform] + args
    print("$ " + " ".join(argv))
    p = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=900)
    return p.returncode, p.stdout.decode("utf-8", "replace")


# The same faults as shell readers, for the controls' whole-corpus runs:
# a Python reader's start-up, once per vector, was most of those runs' time.
SHELL_FAKES = {
    "no-be": ('[ "$(head -c 8 "$1" | od -An -tx1 | tr -d \' \\n\')" = 0016547846040010 ] && exit 1\n'
              'exec "$FXT_VALIDATE" -q "$1"\n'),
    "reject-all": "exit 1\n",
}


def shell_reader(a, tmp, faults):
    path = os.path.join(tmp, "fake_%s.sh" % faults)
    with open(path, "w") as f:
        f.write("#!/bin/sh\n# fxt-conform's test reader: %s (test_gate.py)\nFXT_VALIDATE=%s\n%s"
                % (faults, shlex.quote(a.validate), SHELL_FAKES[faults]))
    os.chmod(path, 0o755)
    return "%s {file}" % path


def setup(a, tmp, faults):
    fake = os.path.join(tmp, "fake_reader.py")
    state = os.path.join(tmp, "state")
    if not os.path.exists(fake):
        with open(fake, "w") as f:
            f.write(FAKE.replace("@CONFORM_DIR@",
                                 repr(os.path.dirname(os.path.abspath(a.conform)))))
    with open(state, "w") as f:
        f.write(faults)
    return "%s %s %s %s {file}" % (sys.executable, fake, state, a.validate)


def record_types(a, path):
    """The record types in the trace at PATH (fxt-conform's record walk)."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(a.conform)))
    import compare
    with open(path, "rb") as f:
        return compare.vector_features(f.read()) - set(compare.BYTE_ORDERS + compare.REVISIONS)


def cmd_controls(a, tmp):
    base = ["--fxt-gen", a.fxt_gen, "--corpus", a.corpus, "--generated", "2",
            "--records", "300", "-j", "2"]
    rep = os.path.join(tmp, "r.json")
    # fxt-validate: every invalid vector with a control agrees, its control accepted
    # (--max-providers: the W0055 vectors introduce 4097 providers, one past
    # fxt-validate's default limit, where it exits 3, not fully checked; a
    # reader has no such limit, and the traces are valid)
    # (kept: the twins are read below)
    keep = os.path.join(tmp, "keep")
    rc, out = conform(a, ["--reader", a.validate + " -q --max-providers 8192 {file}", "--json",
                          rep, "--keep", keep] + base)
    print(out[-1200:])
    r = json.load(open(rep))
    inval = [x for x in r["runs"] if x["expected"] == "invalid"]
    with_ctl = [x for x in inval if x.get("control")]
    no_ctl = [x for x in inval if not x.get("control")]
    check(rc == 0 and all(x["class"] == "agrees" or (x in no_ctl and x["class"] == "inconclusive")
                          for x in r["runs"]),
          "fxt-validate agrees on every vector with a control, the rest inconclusive (exit %d)"
          % rc)
    check(len(with_ctl) >= len(inval) - 5 and len(with_ctl) > 100,
          "nearly every invalid vector has a control (%d of %d)" % (len(with_ctl), len(inval)))
    viol = [x for x in inval if x["source"] == "violate"]
    check(viol and all(x.get("control") for x in viol),
          "every fxt-gen violate vector has its control (%d)" % len(viol))
    corp = [x for x in inval if x["id"].startswith("corpus/invalid/")]
    check(corp and all(x.get("control") for x in corp),
          "every corpus invalid/ vector has its control (%d)" % len(corp))
    ctls = r["controls"]
    check(ctls and all(c["class"] == "agrees" for c in ctls) and
          all(c["expected"] == "valid" for c in ctls),
          "the controls are valid traces fxt-validate accepts (%d)" % len(ctls))
    # each twin holds every record type its vector holds (the violation
    # fixed, not removed); the stand-ins are said to be ones
    sys.path.insert(0, tmp)
    sys.dont_write_bytecode = True
    twins, lacking = 0, []
    for x in r["runs"]:
        if x.get("control_kind") == "twin":
            twins += 1
            cpath = os.path.join(keep, x["control"][len("control/"):])
            vt, ct = record_types(a, x["path"]), record_types(a, cpath)
            if not vt <= ct:
                lacking.append((x["id"], sorted(vt - ct)))
    check(twins > 70 and not lacking,
          "every twin holds its vector's record types (%d twins; lacking: %s)" % (twins, lacking))
    kinds = {x.get("control_kind") for x in r["runs"] if x.get("control")}
    check(kinds == {"twin", "base", "prefix"}, "control kinds twin, base, prefix (%s)" % kinds)
    m = [ln for ln in out.splitlines() if ln.startswith("agreement:")]
    check(m and "agree conclusively" in m[0], "the summary gives conclusive agreement (%s)" % m)

    # a reader that cannot read big-endian: the big-endian invalid vectors
    # are inconclusive, the little-endian ones conclusive
    reader = shell_reader(a, tmp, "no-be")
    rc, out = conform(a, ["--reader", reader, "--json", rep] + base)
    print(out[-1500:])
    r = json.load(open(rep))
    be = [x for x in r["runs"] if x["expected"] == "invalid" and x.get("control")
          and x["control"].endswith("-be.fxt")]
    le = [x for x in r["runs"] if x["expected"] == "invalid" and x.get("control")
          and not x["control"].endswith("-be.fxt")]
    check(be and all(x["class"] == "inconclusive" for x in be),
          "big-endian invalid vectors with a control: inconclusive (%d, %s)"
          % (len(be), sorted({x["class"] for x in be})))
    check(be and all("control" in x["detail"] for x in be),
          "the detail says the control was rejected too (%s)" % (be and be[0]["detail"]))
    check(le and all(x["class"] == "agrees" for x in le),
          "little-endian ones: agrees (%d, %s)" % (len(le), sorted({x["class"] for x in le})))
    n_inc = r["counts"].get("inconclusive")
    no_ctl = [x for x in r["runs"] if x["expected"] == "invalid" and not x.get("control")
              and x["class"] == "inconclusive"]
    check(n_inc == len(be) + len(no_ctl), "counts: inconclusive %s = %d + %d without a control"
          % (n_inc, len(be), len(no_ctl)))
    line = next((ln for ln in out.splitlines() if ln.startswith("agreement:")), "")
    conclusive = sum(1 for x in r["runs"] if x["class"] == "agrees")
    check(("agreement: %d of %d vectors agree conclusively" % (conclusive, len(r["runs"])))
          in line and ("%d inconclusive (%d: the control was rejected too; %d: no control)"
                       % (n_inc, len(be), len(no_ctl))) in line,
          "the summary counts them apart (%s)" % line[:400])
    rows = {}
    for x in r["runs"]:
        rows.setdefault(x["rule"], {}).setdefault(x["class"], 0)
        rows[x["rule"]][x["class"]] += 1
    check(rows == {k: {c: n for c, n in v.items() if n} for k, v in r["by_rule"].items()},
          "the by-rule table counts the same classes")
    check(rc == 0, "inconclusive is not a crash: exit 0 (got %d)" % rc)

    # a reader that rejects everything: no conclusive agreement at all
    reader = shell_reader(a, tmp, "reject-all")
    rc, out = conform(a, ["--reader", reader, "--json", rep] + base)
    r = json.load(open(rep))
    agree = [x for x in r["runs"] if x["class"] == "agrees"]
    check(not agree, "rejecting everything: no vector agrees, not even one without a control "
          "(%s)" % [x["id"] for x in agree][:5])
    check("agreement: 0 of " in out, "0 conclusive")

    # --no-controls: agreement by exit status alone
    rc, out = conform(a, ["--reader", reader, "--json", rep, "--no-controls"] + base)
    r = json.load(open(rep))
    check("inconclusive" not in r["counts"] and r["controls"] == [] and
          r["counts"]["agrees"] == sum(1 for x in r["runs"] if x["expected"] == "invalid"),
          "--no-controls: every invalid vector agrees by exit status (%s)" % r["counts"])
    # hand-made invalid vectors (not one edit away from a generated base) have none
    hand = os.path.join(tmp, "hand")
    os.makedirs(hand)
    with open(os.path.join(hand, "x.fxt"), "wb") as f:
        f.write(bytes(8))
    with open(os.path.join(hand, "manifest.json"), "w") as f:
        json.dump({"vectors": [{"path": "invalid/x.fxt", "verdict": "invalid"}]}, f)
    os.makedirs(os.path.join(hand, "invalid"))
    os.rename(os.path.join(hand, "x.fxt"), os.path.join(hand, "invalid", "x.fxt"))
    rc, out = conform(a, ["--reader", a.validate + " -q {file}", "--json", rep, "--corpus", hand,
                          "--fxt-gen", a.fxt_gen, "--generated", "0", "--violations", "none"])
    r = json.load(open(rep))
    x = r["runs"][0]
    check(x["class"] == "inconclusive" and x.get("control") is None and
          "1 inconclusive (0: the control was rejected too; 1: no control)" in out and
          r["by_rule"][x["rule"]].get("inconclusive") == 1,
          "a hand-made invalid vector: no control, inconclusive, counted apart (%s, %s)"
          % (x.get("control"), x["class"]))

    # a reader that rejects every trace holding a log record: inconclusive
    # on the log rules (their twins hold the log record, made valid)
    reader = setup(a, tmp, "no-log")
    rc, out = conform(a, ["--reader", reader, "--json", rep] + base)
    r = json.load(open(rep))
    e48 = [x for x in r["runs"] if x["rule"].startswith("E0048")]
    check(len(e48) >= 3 and all(x["class"] == "inconclusive" for x in e48),
          "no-log reader: E0048 inconclusive (%s)" % [(x["id"], x["class"]) for x in e48])
    check(all(x.get("control_kind") == "twin" for x in e48), "... by its twin")


def run_gate(a, reader, tmp, extra):
    rep = os.path.join(tmp, "g.json")
    rc, out = conform(a, ["--reader", reader, "--fxt-gen", a.fxt_gen, "--no-corpus",
                          "--generated", "4", "--records", "300", "--violations",
                          "E0004,E0023,E0053,W0031", "--violation-seeds", "2", "-j", "2",
                          "--json", rep] + extra)
    print(out[-2500:])
    return rc, out, json.load(open(rep))


def junit(path):
    root = ET.parse(path).getroot()
    cases = {c.get("name"): c for c in root.iter("testcase")}
    return root, cases


def cmd_gate(a, tmp):
    exp = os.path.join(tmp, "expect.txt")
    xml = os.path.join(tmp, "conform.xml")
    faults = "accept:E0004 crash:E0023 reject:random-coverage-seed2"
    reader = setup(a, tmp, faults)
    # 1. start the list
    rc, out, r = run_gate(a, reader, tmp, ["--write-expect", exp, "--junit", xml])
    check(rc == 0, "first run: a crash, but the list is written: exit 0 (got %d)" % rc)
    text = open(exp).read()
    print(text)
    lines = [ln.split("#")[0].split() for ln in text.splitlines()
             if ln.strip() and not ln.startswith("#")]
    listed = {ln[0]: ln[1] for ln in lines}
    bad = {x["id"]: x["class"] for x in r["runs"] if x["class"] not in ("agrees",)}
    check(listed == bad and len(listed) == 5,
          "--write-expect lists exactly the %d failures with their results: %s" % (len(bad), listed))
    check(set(listed.values()) == {"accepts-invalid", "crash", "rejects-valid"},
          "the results listed: %s" % sorted(set(listed.values())))
    root, cases = junit(xml)
    check(len(cases) == len(r["runs"]) and root.get("tests") == str(len(r["runs"])),
          "JUnit: one testcase per vector (%d)" % len(cases))
    fails = {n for n, c in cases.items() if c.find("failure") is not None}
    check(fails == set(bad) and root.get("failures") == str(len(bad)),
          "JUnit without --expect: the failures are the vectors that did not agree")
    c = cases[next(i for i in bad if bad[i] == "crash")]
    check(c.find("failure").get("type") == "crash" and "Assertion" in c.find("failure").text,
          "a crash's failure carries its type and output")
    check(all(c.get("classname", "").startswith("fxt-conform.") for c in cases.values()),
          "classname fxt-conform.SOURCE")

    # 2. the same behaviour, gated: exit 0, known failures skipped in JUnit
    rc, out, r = run_gate(a, reader, tmp, ["--expect", exp, "--junit", xml])
    check(rc == 0 and "gate: passed" in out, "same behaviour with --expect: exit 0 (got %d)" % rc)
    root, cases = junit(xml)
    skipped = {n for n, c in cases.items() if c.find("skipped") is not None}
    check(skipped == set(listed) and root.get("failures") == "0",
          "JUnit with --expect: the known failures are skipped, none fail")
    check(r["expect"]["failed"] is False and not r["expect"]["not_run"],
          "the JSON report has the gate's verdicts")

    # 3. the reader changes: a listed failure now passes (E0004 fixed)
    reader = setup(a, tmp, "crash:E0023 reject:random-coverage-seed2")
    rc, out, r = run_gate(a, reader, tmp, ["--expect", exp, "--junit", xml])
    fixed = [v for v, c in listed.items() if c == "accepts-invalid"]
    check(rc == 1 and all(("NOW PASSES   %s" % v) in out for v in fixed),
          "a listed failure that now passes: exit 1, named (got %d)" % rc)
    root, cases = junit(xml)
    check(all(cases[v].find("failure") is not None and
              cases[v].find("failure").get("type") == "now-passes" for v in fixed),
          "JUnit: now-passes failures")
    # 4. a new failure
    reader = setup(a, tmp, faults + " reject:random-realistic-seed1")
    rc, out, r = run_gate(a, reader, tmp, ["--expect", exp])
    check(rc == 1 and "NEW FAILURE  generated/random-realistic-seed1" in out,
          "a new failure: exit 1, named (got %d)" % rc)
    # 5. a listed failure whose result changed (the crash became an acceptance)
    reader = setup(a, tmp, "accept:E0004 accept:E0023 reject:random-coverage-seed2")
    rc, out, r = run_gate(a, reader, tmp, ["--expect", exp])
    check(rc == 1 and "CHANGED      violate/violate-E0023" in out and
          "listed as crash, now" in out, "a changed result: exit 1 (got %d)" % rc)
    # the reader as it was: passes again (the gate is about behaviour, not history)
    reader = setup(a, tmp, faults)
    rc, out, r = run_gate(a, reader, tmp, ["--expect", exp])
    check(rc == 0, "back to the listed behaviour: exit 0 (got %d)" % rc)
    # 6. a listed vector that did not run
    with open(exp, "a") as f:
        f.write("violate/violate-E9999-seed1.fxt crash   # gone\n")
    rc, out, r = run_gate(a, reader, tmp, ["--expect", exp])
    check(rc == 1 and "NOT RUN      violate/violate-E9999-seed1.fxt" in out,
          "a listed vector that did not run: exit 1 (got %d)" % rc)

    # 7. bad expectation files: exit 2, named by line
    for body, why in (("corpus/x.fxt\n", "no result"), ("corpus/x.fxt bogus\n", "unknown result"),
                      ("corpus/x.fxt agrees\n", "agrees listed"),
                      ("a.fxt crash\na.fxt crash\n", "listed twice")):
        bad_exp = os.path.join(tmp, "bad.txt")
        with open(bad_exp, "w") as f:
            f.write("# comment\n\n" + body)
        rc, out = conform(a, ["--reader", reader, "--expect", bad_exp, "--no-corpus",
                              "--generated", "1", "--violations", "none", "--fxt-gen", a.fxt_gen])
        check(rc == 2 and "bad.txt:" in out, "bad expectation file (%s): exit 2, line named "
              "(got %d: %s)" % (why, rc, out.strip()[-120:]))
    rc, out = conform(a, ["--reader", reader, "--expect", os.path.join(tmp, "nope.txt"),
                          "--no-corpus", "--generated", "1", "--violations", "none",
                          "--fxt-gen", a.fxt_gen])
    check(rc == 2, "a missing expectation file: exit 2 (got %d)" % rc)

    # 8. writing never clobbers: atomic replace of an existing file, nothing left behind
    out_dir = os.path.join(tmp, "out")
    os.makedirs(out_dir)
    target = os.path.join(out_dir, "list.txt")
    with open(target, "w") as f:
        f.write("old\n")
    os.chmod(target, 0o640)
    short = ["--reader", reader, "--no-corpus", "--generated", "2", "--violations", "E0023",
             "--fxt-gen", a.fxt_gen]
    rc, out = conform(a, short + ["--write-expect", target])
    check(open(target).read().startswith("# fxt-conform expectations") and
          os.listdir(out_dir) == ["list.txt"] and stat.S_IMODE(os.stat(target).st_mode) == 0o640,
          "an existing file is replaced whole, its mode kept, no temporary file left (%s)"
          % os.listdir(out_dir))
    for args, why in ((["--write-expect", out_dir], "a directory"),
                      (["--junit", out_dir], "a directory (--junit)"),
                      (["--write-expect", os.path.join(tmp, "no", "such", "x.txt")],
                       "a missing folder")):
        rc, out = conform(a, short + args)
        check(rc == 2 and os.path.isdir(out_dir), "--write-expect/--junit on %s: exit 2 "
              "(got %d)" % (why, rc))
    if os.geteuid() != 0:  # root writes anywhere
        ro = os.path.join(tmp, "ro")
        os.makedirs(ro)
        keep = os.path.join(ro, "list.txt")
        with open(keep, "w") as f:
            f.write("keep me\n")
        os.chmod(ro, 0o555)
        rc, out = conform(a, short + ["--write-expect", keep])
        os.chmod(ro, 0o755)
        check(rc == 2 and open(keep).read() == "keep me\n" and os.listdir(ro) == ["list.txt"],
              "a folder that cannot be written: exit 2, the file untouched, nothing left "
              "(got %d, %s)" % (rc, os.listdir(ro)))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("cmd", choices=("controls", "gate"))
    ap.add_argument("--conform", required=True)
    ap.add_argument("--validate", required=True)
    ap.add_argument("--fxt-gen", required=True)
    ap.add_argument("--corpus")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        (cmd_controls if a.cmd == "controls" else cmd_gate)(a, tmp)
    if failures:
        print("%d check(s) failed" % len(failures))
        return 1
    print("all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
