#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Tests of the naive reader (fuzz/examples/naive_reader.c).

  test_naive_reader.py valid --reader NAIVE --fxt-gen FXT_GEN [--corpus DIR]
      it exits 0 on generated valid traces (both profiles, both byte orders)
      and on the corpus's valid and warn vectors; where such a trace sets off
      planted bug 3 or 6 (which conforming traces can reach) it must fail
      the way that bug fails instead.

  test_naive_reader.py bugs --reader NAIVE [--sanitized] [--driver DRIVER]
                            [--fuzz FUZZ] [--strict FXT_VALIDATE]
      each planted bug's tiny hand-made trace (bug_traces.py) sets it off:
      a crash (1, 2, 5, 6; 2 only shows with --sanitized, i.e. ASan), a hang
      (4), exit 0 on a truncated trace the strict reader rejects (3); the
      fuzz harness (standalone DRIVER, or the libFuzzer binary FUZZ) aborts
      in its framing oracle on bug 3's trace, in its progress oracle on bug
      4's, and fails on the others.
"""

import argparse
import json
import os
import re
import signal
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bug_traces  # noqa: E402

SAN_RE = re.compile(r"ERROR: AddressSanitizer|runtime error:|ERROR: UndefinedBehaviorSanitizer")
failures = []


def check(cond, msg):
    if cond:
        print("ok   " + msg)
    else:
        print("FAIL " + msg)
        failures.append(msg)


def run(argv, timeout):
    env = dict(os.environ)
    env.setdefault("UBSAN_OPTIONS", "print_stacktrace=1")
    p = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                         stdin=subprocess.DEVNULL, start_new_session=True, env=env)
    try:
        out, _ = p.communicate(timeout=timeout)
        return p.returncode, out.decode("utf-8", "replace"), False
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        out, _ = p.communicate()
        return None, out.decode("utf-8", "replace"), True


def crashed(rc, out):
    return (rc is not None and rc < 0) or bool(SAN_RE.search(out))


def describe(rc, out, hung):
    if hung:
        return "hung"
    first = next((ln for ln in out.splitlines() if SAN_RE.search(ln)), "")
    return "exit %s %s" % (rc if rc is None or rc >= 0 else signal.Signals(-rc).name, first[:160])


def expect_for(data):
    """What the naive reader should do with the conforming trace DATA."""
    bugs = bug_traces.planted_bugs_in(data)
    if bugs & {6, 9, 11}:
        return "crash-or-reject", bugs  # bug 6, 9 or 11, unless bug 3 stops it first
    if 3 in bugs:
        return "not-ok", bugs  # misframed: rejected, or worse
    return "ok", bugs  # bugs 12 and 13 only give wrong names and threads: exit 0


def judge(name, reader, path, data, timeout=30):
    rc, out, hung = run([reader, path], timeout)
    want, bugs = expect_for(data)
    if want == "ok":
        check(rc == 0 and not hung, "%s: exit 0 (%s)" % (name, describe(rc, out, hung)))
    elif want == "crash-or-reject":
        check(not hung and rc != 0, "%s: sets off planted bug(s) %s: fails (%s)"
              % (name, sorted(bugs), describe(rc, out, hung)))
    else:
        check(hung or rc != 0, "%s: sets off planted bug 3: not read cleanly (%s)"
              % (name, describe(rc, out, hung)))
    return want


def cmd_valid(a):
    counts = {"ok": 0, "crash-or-reject": 0, "not-ok": 0}
    with tempfile.TemporaryDirectory() as tmp:
        for seed in range(1, a.seeds + 1):
            for profile in ("realistic", "coverage"):
                for be in (False, True):
                    path = os.path.join(tmp, "g.fxt")
                    argv = [a.fxt_gen, "random", "--seed", str(seed), "--records",
                            str(a.records), "--profile", profile, "-o", path]
                    if be:
                        argv.insert(-2, "--big-endian")
                    subprocess.run(argv, check=True)
                    with open(path, "rb") as f:
                        data = f.read()
                    name = "random seed %d %s%s" % (seed, profile, " big-endian" if be else "")
                    counts[judge(name, a.reader, path, data)] += 1
    if a.corpus and os.path.isfile(os.path.join(a.corpus, "manifest.json")):
        with open(os.path.join(a.corpus, "manifest.json")) as f:
            m = json.load(f)
        for v in m["vectors"]:
            if v.get("verdict") not in ("valid", "warn"):
                continue
            path = os.path.join(a.corpus, v["path"])
            with open(path, "rb") as f:
                data = f.read()
            counts[judge("corpus/" + v["path"], a.reader, path, data)] += 1
    else:
        print("note: no corpus manifest; generated traces only")
    print("traces read cleanly: %d; setting off planted bug 6, 9 or 11: %d; bug 3: %d"
          % (counts["ok"], counts["crash-or-reject"], counts["not-ok"]))
    check(counts["ok"] >= 10, "at least 10 conforming traces read with exit 0")


def cmd_bugs(a):
    with tempfile.TemporaryDirectory() as tmp:
        bug_traces.write_corpus(tmp)
        for bug in sorted(bug_traces.TRACES):
            words, verdict, rule, naive, func, desc = bug_traces.TRACES[bug]
            path = os.path.join(tmp, "bug%d.fxt" % bug)
            tag = "bug %d (%s)" % (bug, func)
            if a.strict:
                rc, out, hung = run([a.strict, path], 30)
                check(rc == (0 if verdict == "valid" else 1),
                      "%s: the strict reader says %s (%s)" % (tag, verdict, describe(rc, out, hung)))
            timeout = 3 if bug == 4 else 30
            rc, out, hung = run([a.reader, path], timeout)
            d = describe(rc, out, hung)
            if bug == 12:  # no crash: the name printed with --jsonl is the stale one
                check(rc == 0 and not hung, "%s: naive reader exits 0 (%s)" % (tag, d))
                p = subprocess.run([a.reader, "--jsonl", path], stdout=subprocess.PIPE)
                recs = [json.loads(x) for x in p.stdout.decode().splitlines()]
                names = [x["fields"].get("name") for x in recs if x.get("type") == 4]
                check(names == ["a"], "%s: the event is named \"a\" (the first registration), "
                      "not \"bb\" (got %s)" % (tag, names))
                continue
            if bug == 13:  # no crash: the thread printed with --jsonl is the stale one
                check(rc == 0 and not hung, "%s: naive reader exits 0 (%s)" % (tag, d))
                p = subprocess.run([a.reader, "--jsonl", path], stdout=subprocess.PIPE)
                recs = [json.loads(x) for x in p.stdout.decode().splitlines()]
                threads = [x["fields"].get("thread") for x in recs if x.get("type") == 4]
                check(threads == [{"pid": 1, "tid": 2}], "%s: the event is on process 1, "
                      "thread 2 (the first registration), not 3/4 (got %s)" % (tag, threads))
                continue
            if naive == "crash":
                if bug in (2, 8) and not a.sanitized:
                    print("skip %s: an out-of-bounds read shows only under ASan (%s)" % (tag, d))
                    continue
                check(not hung and crashed(rc, out), "%s: naive reader crashes (%s)" % (tag, d))
                if "#0 " in out or "#1 " in out:  # a stack trace: it must name the function
                    check(func in out, "%s: the crash stack names %s" % (tag, func))
            elif naive == "hang":
                check(hung, "%s: naive reader hangs (%s)" % (tag, d))
            else:  # accepts-invalid
                check(rc == 0 and not hung, "%s: naive reader accepts the invalid trace (%s)"
                      % (tag, d))
            for label, prog in (("fuzz driver", a.driver), ("libFuzzer binary", a.fuzz)):
                if not prog:
                    continue
                argv = [prog, path]
                if label == "libFuzzer binary":
                    argv = [prog, "-timeout=5", "-runs=1", path]
                rc, out, hung = run(argv, 30)
                d = describe(rc, out, hung)
                if bug == 4:  # the harness's progress oracle turns the hang into an abort
                    check(not hung and rc != 0 and "progress oracle" in out,
                          "%s: %s: the progress oracle fired (%s)" % (tag, label, d))
                elif bug in (2, 8) and not a.sanitized and label == "fuzz driver":
                    continue
                else:
                    check(not hung and (crashed(rc, out) or rc != 0),
                          "%s: %s fails (%s)" % (tag, label, d))
                    if bug == 3:
                        check("framing oracle" in out, "%s: %s: the framing oracle fired" % (tag, label))


def main():
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    v = sub.add_parser("valid")
    v.add_argument("--reader", required=True)
    v.add_argument("--fxt-gen", required=True)
    v.add_argument("--corpus")
    v.add_argument("--seeds", type=int, default=4)
    v.add_argument("--records", type=int, default=600)
    b = sub.add_parser("bugs")
    b.add_argument("--reader", required=True)
    b.add_argument("--sanitized", action="store_true")
    b.add_argument("--driver")
    b.add_argument("--fuzz")
    b.add_argument("--strict")
    a = ap.parse_args()
    if a.cmd == "valid":
        cmd_valid(a)
    else:
        cmd_bugs(a)
    if failures:
        print("%d check(s) failed" % len(failures))
        sys.exit(1)
    print("all checks passed")


if __name__ == "__main__":
    main()
