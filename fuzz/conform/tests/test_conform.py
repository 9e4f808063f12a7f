#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Tests of fxt-conform.

  test_conform.py naive  --conform FXT_CONFORM --reader NAIVE --fxt-gen FXT_GEN [--corpus DIR]
      the naive reader (planted bugs) over the golden corpus, the planted
      bugs' own tiny traces and some generated traces: fxt-conform reports
      crashes and hangs, exits 1, and its JSON report classifies the known
      vectors as expected.

  test_conform.py strict --conform FXT_CONFORM --reader FXT_VALIDATE --fxt-gen FXT_GEN [--corpus DIR]
      fxt-validate agrees on every vector (exit 0 for valid/warn, 1 for
      invalid), and fxt-conform exits 0.

  test_conform.py revision --conform FXT_CONFORM --reader FXT_VALIDATE --fxt-gen FXT_GEN --corpus DIR
                  [--dump FXT_DUMP]
      --revision R for each revision: the corpus part and verdicts are what
      the manifest says for R (worked out here from manifest.json), the
      generated traces are R's, fxt-validate --revision R agrees on all; a
      reader of another revision is scored by R's verdicts; with --compare,
      fxt-dump read as R agrees on all, read as current it does not.

  test_conform.py cli --conform FXT_CONFORM
      classification with fake readers (signal, sanitizer report, hang with a
      child process that must die with it, tolerant, picky), usage errors
      (exit 2), --help.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.join(HERE, "..", "..", "examples", "tests"))
import bug_traces  # noqa: E402

failures = []


def check(cond, msg):
    print(("ok   " if cond else "FAIL ") + msg)
    if not cond:
        failures.append(msg)


def conform(a, args, timeout=600):
    argv = [sys.executable, a.conform] + args
    print("$ " + " ".join(argv))
    p = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=timeout)
    out = p.stdout.decode("utf-8", "replace")
    return p.returncode, out


def load(path):
    with open(path) as f:
        return json.load(f)


def corpus_args(a):
    if a.corpus and os.path.isfile(os.path.join(a.corpus, "manifest.json")):
        return ["--corpus", a.corpus]
    print("note: no golden corpus; using generated traces and the bug traces only")
    return []


def cmd_naive(a):
    with tempfile.TemporaryDirectory() as tmp:
        bugs = os.path.join(tmp, "bugs")
        bug_traces.write_corpus(bugs)
        rep = os.path.join(tmp, "report.json")
        rc, out = conform(a, ["--reader", a.reader + " {file}", "--timeout", "3",
                              "--generated", "6", "--records", "500",
                              "--fxt-gen", a.fxt_gen, "--json", rep]
                          + corpus_args(a) + ["--corpus", bugs])
        print(out)
        check(rc == 1, "fxt-conform exits 1 on a reader that crashes and hangs (got %d)" % rc)
        r = load(rep)
        counts = r["counts"]
        for cls in ("crash", "hang", "accepts-invalid", "agrees"):
            check(counts.get(cls, 0) > 0, "the report has %s runs (%d)" % (cls, counts.get(cls, 0)))
        check(sum(counts.values()) == len(r["runs"]), "counts add up to the runs")
        check(set(counts) == {"agrees", "inconclusive", "rejects-valid", "accepts-invalid",
                              "crash", "oom", "hang"},
              "the report has exactly the seven classes")
        for rule, row in r["by_rule"].items():
            check(set(row) == set(counts), "by_rule[%s] has the seven classes" % rule)
            break
        byid = {run["id"]: run for run in r["runs"]}
        # the planted bugs' traces (the second corpus)
        for bug, t in sorted(bug_traces.TRACES.items()):
            want = t[3]
            run = next((x for x in r["runs"] if x["id"].endswith("/bug%d.fxt" % bug)), None)
            if run is None:
                check(False, "bug %d's trace was run" % bug)
                continue
            if bug in (2, 8) and not a.sanitized:
                print("skip bug %d's class (an out-of-bounds read needs ASan): %s"
                      % (bug, run["class"]))
                continue
            if bug == 10 and a.sanitized:
                want = "oom"  # ASan: allocation-size-too-big
            check(run["class"] == want, "bug %d's trace: %s (got %s: %s)"
                  % (bug, want, run["class"], run["detail"]))
            if want in ("crash", "oom") and run["frames"]:
                check(t[4] in run["frames"], "bug %d's crash names %s (%s)"
                      % (bug, t[4], run["frames"][:3]))
        # known corpus vectors, when the corpus has them
        for vid, want in (("corpus/invalid/E0023-init-zero-ticks.fxt", "crash"),
                          ("corpus/valid/metadata-providers.fxt", "crash"),
                          ("corpus/valid/minimal.fxt", "agrees"),
                          ("corpus/invalid/E0003-record-size-zero.fxt", None)):
            if vid in byid and want:
                check(byid[vid]["class"] == want, "%s: %s (got %s)" % (vid, want, byid[vid]["class"]))
        # every generated realistic trace is read cleanly
        for run in r["runs"]:
            if run["source"] == "generated" and "realistic" in run["id"]:
                check(run["class"] == "agrees", "%s agrees (got %s)" % (run["id"], run["class"]))
        # the distinct bugs: one line each, the planted bugs apart
        check("CRASH " in out and "HANG " in out, "the text output lists crashes and hangs")
        sigs = {}
        for b in r["bugs"]:
            for v in b["vectors"]:
                sigs[v] = b["signature"]
        bug_sigs = {}
        for bug, t in sorted(bug_traces.TRACES.items()):
            run = next((x for x in r["runs"] if x["id"].endswith("/bug%d.fxt" % bug)), None)
            if run is not None and run["class"] in ("crash", "oom") and \
                    (bug not in (2, 8) or a.sanitized):
                bug_sigs[bug] = sigs.get(run["id"])
                check(t[4] in (sigs.get(run["id"]) or ""),
                      "bug %d is grouped under its function %s (%s)" % (bug, t[4], sigs.get(run["id"])))
        check(len(set(bug_sigs.values())) == len(bug_sigs),
              "each crashing planted bug is its own distinct bug (%s)" % bug_sigs)
        for b in r["bugs"]:
            sm = b["smallest"]
            sizes = [x["bytes"] for x in r["runs"] if x["id"] in b["vectors"]]
            check(sm["bytes"] == min(sizes), "%s: smallest reproducer has the fewest bytes"
                  % b["signature"])


def cmd_strict(a):
    with tempfile.TemporaryDirectory() as tmp:
        rep = os.path.join(tmp, "report.json")
        # (limits raised past the W0055 vectors' 4097 providers: checked in full,
        # they conform)
        rc, out = conform(a, ["--reader", a.reader + " -q --max-providers 65536 {file}",
                              "--timeout", "60",
                              "--generated", "4", "--records", "500",
                              "--fxt-gen", a.fxt_gen, "--json", rep] + corpus_args(a))
        print(out)
        check(rc == 0, "fxt-conform exits 0 for the strict reader (got %d)" % rc)
        r = load(rep)
        # (an invalid vector with no control, hand-made, is inconclusive
        # whatever the reader does: there is nothing to tell a coincidence by)
        no_ctl = [x for x in r["runs"] if x["class"] == "inconclusive" and not x.get("control")]
        bad = [x for x in r["runs"] if x["class"] != "agrees" and x not in no_ctl]
        for x in bad[:20]:
            print("  disagrees: %s [%s] %s: %s" % (x["id"], x["expected"], x["class"], x["detail"]))
        check(not bad and len(no_ctl) <= 2,
              "fxt-validate agrees on all %d vectors but %d without a control (%s)"
              % (len(r["runs"]), len(no_ctl), [x["id"] for x in no_ctl]))
        corpus_runs = [x for x in r["runs"] if x["source"] == "corpus"]
        for x in corpus_runs:
            want = 0 if x["expected"] in ("valid", "warn") else 1
            if x["exit_code"] != want:
                check(False, "%s: fxt-validate exits %d (got %s)" % (x["id"], want, x["exit_code"]))
        if corpus_runs:
            check(True, "fxt-validate exits 0 for valid/warn and 1 for invalid on %d corpus vectors"
                  % len(corpus_runs))


REVISIONS = ("r1", "r2", "r3", "current")


def manifest_part(corpus, rev):
    """{vector id: expected verdict} of REV's part of the corpus, from the
    manifest: the revisions object's entry for REV where there is one, else
    the entry's own verdict if its revision is REV."""
    with open(os.path.join(corpus, "manifest.json")) as f:
        doc = json.load(f)
    part = {}
    for e in doc["vectors"]:
        if os.path.basename(e["path"]).startswith("W0055-"):
            continue  # about fxt-validate's own capacity: not in a reader's set
        if "revisions" in e:
            if rev in e["revisions"]:
                part["corpus/" + e["path"]] = e["revisions"][rev]["verdict"]
        elif e["revision"] == rev:
            part["corpus/" + e["path"]] = e["verdict"]
    return part


def violate_list(fxt_gen, rev):
    p = subprocess.run([fxt_gen, "violate", "--list", "--revision", rev], stdout=subprocess.PIPE,
                       check=True)
    return [line.split()[0] for line in p.stdout.decode().splitlines()
            if line.strip() and not line.startswith("W0055")]  # (fxt-validate's own capacity)


def cmd_revision(a):
    if not (a.corpus and os.path.isfile(os.path.join(a.corpus, "manifest.json"))):
        print("no golden corpus: cannot check the revision parts")
        sys.exit(1)
    parts = {rev: manifest_part(a.corpus, rev) for rev in REVISIONS}
    check(all(parts.values()), "the manifest has a part for every revision (%s)"
          % {r: len(p) for r, p in parts.items()})
    with tempfile.TemporaryDirectory() as tmp:
        # a reader of revision R, on R's vectors: it agrees on every one
        for rev in REVISIONS:
            rep = os.path.join(tmp, "report-%s.json" % rev)
            rc, out = conform(a, ["--revision", rev, "--reader",
                                  a.reader + " -q --max-providers 65536 --revision %s {file}"
                                  % rev, "--timeout", "60",
                                  "--generated", "4", "--records", "300",
                                  "--fxt-gen", a.fxt_gen, "--json", rep, "--corpus", a.corpus])
            print(out)
            r = load(rep)
            check(rc == 0 and r["revision"] == rev, "%s: exit 0, report for %s (got %d, %s)"
                  % (rev, rev, rc, r["revision"]))
            # (hand-made invalid vectors have no control: inconclusive)
            no_ctl = [x for x in r["runs"] if x["class"] == "inconclusive" and
                      not x.get("control") and x["id"].startswith("corpus/revisions/")]
            bad = [x for x in r["runs"] if x["class"] != "agrees" and x not in no_ctl]
            for x in bad[:10]:
                print("  disagrees: %s [%s] %s: %s" % (x["id"], x["expected"], x["class"],
                                                       x["detail"]))
            check(not bad, "%s: fxt-validate --revision %s agrees on all %d vectors but %d "
                  "hand-made ones without a control" % (rev, rev, len(r["runs"]), len(no_ctl)))
            got = {x["id"]: x["expected"] for x in r["runs"] if x["source"] == "corpus"}
            check(got == parts[rev], "%s: the corpus part is the manifest's, %d vectors, each "
                  "expected as %s's verdict says (got %d)" % (rev, len(parts[rev]), rev, len(got)))
            gen = [x for x in r["runs"] if x["source"] == "generated"]
            check(len(gen) == 4 and all("--revision %s" % rev in x["regenerate"] for x in gen),
                  "%s: 4 random traces made with --revision %s" % (rev, rev))
            nbe = sum("--big-endian" in x["regenerate"] for x in gen)
            check(nbe == (1 if rev in ("r3", "current") else 0),
                  "%s: big-endian (seed 4) only from r3 on (got %d)" % (rev, nbe))
            viol = [x for x in r["runs"] if x["source"] == "violate"]
            want = violate_list(a.fxt_gen, rev)
            check(sorted(x["rule"].split()[0] for x in viol) == sorted(want) and
                  all("--revision %s" % rev in x["regenerate"] for x in viol),
                  "%s: one violation trace per rule fxt-gen violates in %s (%d, got %d)"
                  % (rev, rev, len(want), len(viol)))
        # a reader of another revision is scored by R's verdicts: where the
        # manifest's verdicts for R and for the reader's revision differ on
        # invalid, it accepts an invalid vector or rejects a valid one
        for rev, reader_rev in (("r1", "current"), ("current", "r1"), ("r3", "r2")):
            rep = os.path.join(tmp, "cross-%s.json" % rev)
            rc, out = conform(a, ["--revision", rev, "--reader",
                                  a.reader + " -q --revision %s {file}" % reader_rev,
                                  "--generated", "0", "--violations", "none", "--json", rep,
                                  "--corpus", a.corpus])
            print(out)
            runs = {x["id"]: x["class"] for x in load(rep)["runs"]}
            # an invalid vector without a control rejected: inconclusive
            runs = {v: "agrees" if c == "inconclusive" else c for v, c in runs.items()}
            want = {}
            for vid, verdict in parts[rev].items():
                other = parts[reader_rev].get(vid)
                if other is None:
                    continue
                if verdict == "invalid" and other != "invalid":
                    want[vid] = "accepts-invalid"
                elif verdict != "invalid" and other == "invalid":
                    want[vid] = "rejects-valid"
                else:
                    want[vid] = "agrees"
            check(any(c != "agrees" for c in want.values()),
                  "%s vs a %s reader: some verdicts differ in the manifest" % (rev, reader_rev))
            wrong = {v: (runs.get(v), c) for v, c in want.items() if runs.get(v) != c}
            check(not wrong, "%s, scored for a %s reader: %d vectors classified as the two "
                  "revisions' verdicts say (wrong: %s)" % (rev, reader_rev, len(want), wrong))
        # --compare: fxt-dump --revision R is the reference; fxt-dump reading
        # the same vectors as R agrees on all of them, read as current it
        # does not (r1's event numbering, large records and so on)
        if not a.dump:
            print("skip --compare: no fxt-dump")
            return
        for rev, reader_rev, full in (("r1", "r1", True), ("r2", "r2", True), ("r3", "r3", True),
                                      ("r1", "current", False)):
            rep = os.path.join(tmp, "compare-%s-%s.json" % (rev, reader_rev))
            rc, out = conform(a, ["--revision", rev, "--compare", "--dump", a.dump, "--reader",
                                  a.dump + " --jsonl --revision %s {file}" % reader_rev,
                                  "--generated", "2", "--records", "300", "--violations", "none",
                                  "--fxt-gen", a.fxt_gen, "--json", rep, "--corpus", a.corpus])
            print(out)
            runs = load(rep)["runs"]
            agree = sum(x["class"] == "agrees" for x in runs)
            check((agree == len(runs)) == full and len(runs) == len(parts[rev]) + 2,
                  "--compare --revision %s, fxt-dump read as %s: %s (%d of %d agree)"
                  % (rev, reader_rev, "all agree" if full else "not all agree", agree, len(runs)))


FAKE_READER = r'''
import os, signal, subprocess, sys, time
path = sys.argv[1]
what = open(path, "rb").read().decode().strip()
if what == "segv":
    os.kill(os.getpid(), signal.SIGSEGV)
elif what == "asan":
    print("==1==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x1", file=sys.stderr)
    print("    #0 0x4005d6 in read_thing /src/r.c:12:5", file=sys.stderr)
    sys.exit(1)
elif what == "ubsan":
    print("r.c:3:9: runtime error: division by zero", file=sys.stderr)
    sys.exit(0)
elif what == "hang":
    child = subprocess.Popen(["sleep", "60"])
    with open(path + ".child", "w") as f:
        f.write(str(child.pid))
    time.sleep(60)
elif what == "accept":
    sys.exit(0)
elif what == "reject":
    sys.exit(1)
'''


def cmd_cli(a):
    with tempfile.TemporaryDirectory() as tmp:
        reader = os.path.join(tmp, "fake_reader.py")
        with open(reader, "w") as f:
            f.write(FAKE_READER)
        cdir = os.path.join(tmp, "corpus")
        os.makedirs(cdir)
        cases = [("segv", "valid", "crash"), ("asan", "invalid", "crash"),
                 ("ubsan", "valid", "crash"), ("hang", "valid", "hang"),
                 ("accept", "valid", "agrees"), ("accept", "warn", "agrees"),
                 ("accept", "invalid", "accepts-invalid"), ("reject", "valid", "rejects-valid"),
                 ("reject", "warn", "rejects-valid"),
                 # a hand-made invalid vector has no control: the rejection
                 # cannot be told from a coincidence
                 ("reject", "invalid", "inconclusive")]
        vectors = []
        for i, (what, verdict, _) in enumerate(cases):
            name = "%02d-%s-%s.fxt" % (i, what, verdict)
            with open(os.path.join(cdir, name), "w") as f:
                f.write(what + "\n")
            issues = [] if verdict == "valid" else [
                {"rule": "E0004" if verdict == "invalid" else "W0031",
                 "name": "record-too-small" if verdict == "invalid" else "duration-begin-unended"}]
            vectors.append({"path": name, "verdict": verdict, "issues": issues})
        with open(os.path.join(cdir, "manifest.json"), "w") as f:
            json.dump({"vectors": vectors}, f)
        rep = os.path.join(tmp, "r.json")
        t0 = time.monotonic()
        rc, out = conform(a, ["--reader", "%s %s {file}" % (sys.executable, reader),
                              "--corpus", cdir, "--generated", "0", "--violations", "none",
                              "--timeout", "2", "--json", rep])
        took = time.monotonic() - t0
        print(out)
        check(rc == 1, "exit 1 when a run crashes or hangs (got %d)" % rc)
        # (no bound on the time taken: the machine may be busy; a hang not
        # cut would run into conform()'s own timeout and fail there, and
        # each case's class is checked below)
        print("took %.1f s" % took)
        r = load(rep)
        got = {os.path.basename(x["path"]): x for x in r["runs"]}
        for i, (what, verdict, want) in enumerate(cases):
            name = "%02d-%s-%s.fxt" % (i, what, verdict)
            x = got.get(name)
            check(x is not None and x["class"] == want, "%s: %s (got %s: %s)" % (
                name, want, x and x["class"], x and x["detail"]))
        check(got["01-asan-invalid.fxt"]["frames"] == ["read_thing"],
              "sanitizer stack frames are reported")
        check(r["by_rule"].get("E0004 record-too-small", {}).get("accepts-invalid") == 1,
              "by_rule is keyed by the manifest's rule")
        # the hung reader's child was killed with its process group
        pidfile = os.path.join(cdir, "03-hang-valid.fxt.child")
        alive = None
        if os.path.isfile(pidfile):
            pid = int(open(pidfile).read())
            time.sleep(0.2)
            try:
                os.kill(pid, 0)
                # a zombie is dead too
                with open("/proc/%d/stat" % pid) as f:
                    alive = f.read().split(")")[-1].split()[0] != "Z"
            except (ProcessLookupError, FileNotFoundError):
                alive = False
        check(alive is False, "the hung reader's child process was killed with it")

        # agreement only: exit 0
        cdir2 = os.path.join(tmp, "corpus2")
        os.makedirs(cdir2)
        with open(os.path.join(cdir2, "a.fxt"), "w") as f:
            f.write("accept\n")
        with open(os.path.join(cdir2, "manifest.json"), "w") as f:
            json.dump({"vectors": [{"path": "a.fxt", "verdict": "valid", "issues": []}]}, f)
        rc, out = conform(a, ["--reader", "%s %s" % (sys.executable, reader), "--corpus", cdir2,
                              "--generated", "0", "--violations", "none"])
        check(rc == 0, "exit 0 without crash or hang; {file} appended when absent (got %d)" % rc)
        rc, out = conform(a, ["--shell", "--reader", "%s %s {file} | cat" % (sys.executable, reader),
                              "--corpus", cdir2, "--generated", "0", "--violations", "none"])
        check(rc == 0, "--shell runs a pipeline (got %d)" % rc)

        # usage errors
        for args, why in (([], "no --reader"),
                          (["--reader", "/nonexistent/reader {file}"], "reader not found"),
                          (["--reader", "cat {file}", "--corpus", os.path.join(tmp, "nope")],
                           "bad corpus path"),
                          (["--reader", "cat {file}", "--corpus", tmp], "folder without manifest"),
                          (["--reader", "cat {file}", "--corpus", cdir2, "--generated", "2",
                            "--fxt-gen", "/nonexistent/fxt-gen"], "bad --fxt-gen"),
                          (["--reader", "cat {file}", "--timeout", "0", "--corpus", cdir2],
                           "bad --timeout"),
                          (["--bogus"], "unknown option")):
            rc, out = conform(a, args)
            check(rc == 2, "usage error (%s): exit 2 (got %d)" % (why, rc))
        rc, out = conform(a, ["--help"])
        check(rc == 0 and "rejects-valid" in out and "{file}" in out and "exit status" in out,
              "--help explains the classes, {file} and the exit status")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("cmd", choices=("naive", "strict", "revision", "cli"))
    ap.add_argument("--conform", required=True)
    ap.add_argument("--reader")
    ap.add_argument("--fxt-gen")
    ap.add_argument("--corpus")
    ap.add_argument("--sanitized", action="store_true")
    ap.add_argument("--dump", help="fxt-dump, for --compare (revision)")
    a = ap.parse_args()
    {"naive": cmd_naive, "strict": cmd_strict, "revision": cmd_revision,
     "cli": cmd_cli}[a.cmd](a)
    if failures:
        print("%d check(s) failed" % len(failures))
        sys.exit(1)
    print("all checks passed")


if __name__ == "__main__":
    main()
