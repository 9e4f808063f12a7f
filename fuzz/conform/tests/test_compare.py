#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""fxt-conform --compare and --supports (ctest conform-compare).

  test_compare.py --conform FXT_CONFORM --dump FXT_DUMP --fxt-gen FXT_GEN --corpus DIR

fxt-dump is the reference, so without it (FXT_DUMP missing or empty) the
test is skipped (exit 77). Readers under test:
  - fxt-dump itself: every vector agrees (100%);
  - fake readers wrapping fxt-dump that change one thing each: event
    timestamps off by one (differs, and only fields.timestamp in the
    mismatch table), numbers and strings where fxt-dump prints objects
    (agrees), stopping at the first scheduling record (rejects-valid and
    stops-early), never reporting errors (accepts-invalid);
  - --supports le: big-endian vectors not run, listed unsupported;
  - with --naive READER (the planted-bug reader, --jsonl): bug 12 (a stale
    string) differs in fields.name, bug 13 (a stale thread) in
    fields.thread only, every crashing planted bug is its own
    distinct bug named after its function, and bug 3 (large records framed
    with 12 bits) makes coverage-profile traces fail.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

failures = []


def check(cond, msg):
    print(("ok   " if cond else "FAIL ") + msg)
    if not cond:
        failures.append(msg)


WRAPPER = r'''
import json, subprocess, sys
mode, dump, path = sys.argv[1], sys.argv[2], sys.argv[3]
p = subprocess.run([dump, "--jsonl", path], stdout=subprocess.PIPE)
rc = 1 if p.returncode and mode != "accept" else 0
for line in p.stdout.decode().splitlines():
    r = json.loads(line)
    if r.get("kind") != "record":
        continue
    if mode == "ts" and r["type"]["value"] == 4 and "timestamp" in r["fields"]:
        r["fields"]["timestamp"] += 1
    if mode == "scalar":
        r["type"] = r["type"]["value"]
        for k, v in list(r["fields"].items()):
            if isinstance(v, dict) and "text" in v:
                r["fields"][k] = v["text"]
            elif isinstance(v, dict) and "value" in v and "name" in v:
                r["fields"][k] = v["name"]
    if mode == "stop-sched" and r["type"]["value"] == 8:
        print(json.dumps({"kind": "error", "index": r["index"], "message": "unsupported"}))
        sys.exit(1)
    if mode == "accept":
        r["issues"] = []
    print(json.dumps(r))
sys.exit(rc)
'''


# the fake readers' vectors: few, to stay fast (each run starts Python twice)
FEW = ["--no-corpus", "--generated", "6", "--violations",
       "E0004,E0023,E0045,E0048,E0053,E0054,W0030,W0031"]


def conform(a, args, full=False, vectors=None):
    """fxt-conform --compare: FULL over the corpus, 4 generated traces and one
    trace per violated rule; else over VECTORS (options), by default FEW."""
    if vectors is None:
        vectors = ["--generated", "4", "--corpus", a.corpus] if full else FEW
    argv = [sys.executable, a.conform, "--compare", "--dump", a.dump, "--fxt-gen", a.fxt_gen,
            "--records", "400"] + vectors + args
    p = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=600)
    return p.returncode, p.stdout.decode("utf-8", "replace")


def check_naive(a, tmp):
    here = os.path.dirname(os.path.abspath(__file__))
    sys.path.insert(0, os.path.join(here, "..", "..", "examples", "tests"))
    sys.dont_write_bytecode = True
    import bug_traces
    bugs = os.path.join(tmp, "bugs")
    bug_traces.write_corpus(bugs)
    rep = os.path.join(tmp, "naive.json")
    rc, out = conform(a, ["--reader", a.naive + " --jsonl {file}", "--json", rep,
                          "--timeout", "3", "--rss-limit", "512"],
                      vectors=["--corpus", bugs, "--generated", "2", "--violations", "none"])
    print(out[-4000:])
    r = json.load(open(rep))
    runs = {os.path.basename(x["id"]): x for x in r["runs"]}
    x = runs.get("bug12.fxt")
    check(x is not None and x["class"] == "differs" and "fields.name" in x["detail"],
          "bug 12 (stale string): differs in fields.name (%s)" % (x and x["detail"]))
    x = runs.get("bug13.fxt")
    check(x is not None and x["class"] == "differs" and "fields.thread" in x["detail"],
          "bug 13 (stale thread): differs in fields.thread (%s)" % (x and x["detail"]))
    d = [x[2] for x in runs["bug13.fxt"].get("field_diffs", [])] if "bug13.fxt" in runs else []
    check(d and all(p.startswith("fields.thread") for p in d),
          "bug 13: only the event's thread differs (%s)" % d)
    sigs = {}
    for b in r["bugs"]:
        for v in b["vectors"]:
            sigs[os.path.basename(v)] = b["signature"]
    seen = {}
    for bug, t in sorted(bug_traces.TRACES.items()):
        if t[3] not in ("crash",) or (bug in (2, 8) and not a.sanitized):
            continue
        sig = sigs.get("bug%d.fxt" % bug)
        check(sig is not None and t[4] in sig, "bug %d grouped under %s (%s)" % (bug, t[4], sig))
        seen[bug] = sig
    check(len(set(seen.values())) == len(seen), "the crashing planted bugs are %d distinct bugs"
          % len(seen))
    cov = [x for x in r["runs"] if "coverage" in x["id"] and "-be" not in x["id"]]
    check(cov and all(x["class"] in ("rejects-valid", "differs") for x in cov),
          "bug 3: coverage traces with big large records fail (%s)" % [x["class"] for x in cov])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--conform", required=True)
    ap.add_argument("--dump", default="")
    ap.add_argument("--fxt-gen", required=True)
    ap.add_argument("--corpus", required=True)
    ap.add_argument("--naive", help="the planted-bug reader (ASan build if there is one)")
    ap.add_argument("--sanitized", action="store_true")
    a = ap.parse_args()
    if not a.dump or not os.access(a.dump, os.X_OK):
        print("skip: no fxt-dump built (--compare needs it as the reference)")
        return 77
    with tempfile.TemporaryDirectory() as tmp:
        wrapper = os.path.join(tmp, "wrap.py")
        with open(wrapper, "w") as f:
            f.write(WRAPPER)

        def run(mode, extra=(), full=False):
            rep = os.path.join(tmp, mode + ".json")
            reader = "%s %s %s %s {file}" % (sys.executable, wrapper, mode, a.dump)
            if mode == "self":
                reader = "%s --jsonl {file}" % a.dump
            rc, out = conform(a, ["--reader", reader, "--json", rep] + list(extra), full)
            print(out[-3000:])
            return rc, out, json.load(open(rep))

        # fxt-dump itself: 100%
        rc, out, r = run("self", full=True)
        n = len(r["runs"])
        check(rc == 0 and r["counts"]["agrees"] == n and n > 200,
              "fxt-dump agrees on all %d vectors (%s)" % (n, r["counts"]))
        check("conformance: %d of %d vectors agree (100.0%%)" % (n, n) in out,
              "the text says 100%")
        check(all(f["mismatches"] == 0 for f in r["fields"]) and len(r["fields"]) > 30,
              "no field mismatches over %d fields" % len(r["fields"]))
        valid_with_events = [x for x in r["runs"] if x["expected"] != "invalid"
                             and x["records_compared"] > 0]

        # a .fxtkitrc above the vectors (here: ignoring every rule violated)
        # is not the reference's: fxt-dump runs with --no-config, like the
        # reader, so every vector still agrees
        with open(os.path.join(tmp, ".fxtkitrc"), "w") as f:
            f.write("ignore = E0004, E0023, E0045, E0048, E0053, E0054, W0030, W0031\n")
        rc, out = conform(a, ["--reader", a.dump + " --jsonl --no-config {file}", "--keep",
                              os.path.join(tmp, "kept"), "--json", os.path.join(tmp, "rc.json")])
        r = json.load(open(os.path.join(tmp, "rc.json")))
        check(rc == 0 and r["counts"]["agrees"] == len(r["runs"]) > 10,
              "a .fxtkitrc above the vectors changes no reference (%s)" % r["counts"])
        os.remove(os.path.join(tmp, ".fxtkitrc"))

        # timestamps of events off by one
        rc, out, r = run("ts")
        bad = {f["field"]: f["mismatches"] for f in r["fields"] if f["mismatches"]}
        check(list(bad) == ["fields.timestamp"], "only fields.timestamp mismatches (%s)" % bad)
        gen = [x for x in r["runs"] if x["source"] == "generated"]
        check(gen and all(x["class"] == "differs" for x in gen),
              "every generated trace differs (%s)" % [x["class"] for x in gen])
        check(all("fields.timestamp" in x["detail"] for x in gen),
              "the detail names the field: %s" % (gen[0]["detail"] if gen else None))
        check("fields.timestamp" in out and "first mismatch" in out, "the mismatch table is printed")

        # numbers and strings in place of fxt-dump's objects
        rc, out, r = run("scalar")
        check(r["counts"]["agrees"] == len(r["runs"]),
              "scalars for enums and string refs agree (%s)" % r["counts"])

        # stops at the first scheduling record
        rc, out, r = run("stop-sched")
        c = r["counts"]
        check(c["rejects-valid"] > 0 and c["stops-early"] > 0,
              "stopping at scheduling records: rejects-valid %d, stops-early %d"
              % (c["rejects-valid"], c["stops-early"]))
        early = [x for x in r["runs"] if x["class"] == "stops-early"]
        check(all("(scheduling), before the offending record" in x["detail"] for x in early),
              "stops-early names the record it stopped at: %s" % (early[0]["detail"] if early else ""))

        # never reports an error
        rc, out, r = run("accept")
        inv = [x for x in r["runs"] if x["expected"] == "invalid"]
        check(inv and all(x["class"] == "accepts-invalid" for x in inv),
              "an invalid vector accepted is accepts-invalid")

        # --supports le: big-endian vectors not run
        rc, out, r = run("self", ["--supports", "le"])
        uns = [x for x in r["runs"] if x["class"] == "unsupported"]
        check(len(uns) == 1 and all("be" in x["features"] and x["detail"] == "needs be"
                                    for x in uns),
              "--supports le: %d big-endian vectors unsupported" % len(uns))
        check(all(x.get("exit_code") is None for x in uns), "unsupported vectors are not run")
        scored = len(r["runs"]) - len(uns)
        check("conformance: %d of %d vectors agree (100.0%%); %d unsupported not scored"
              % (scored, scored, len(uns)) in out, "unsupported vectors are not scored")
        rc, out = conform(a, ["--reader", "cat {file}", "--supports", "le,middle"])
        check(rc == 2 and "unknown feature 'middle'" in out, "--supports with an unknown feature: exit 2")
        check(bool(valid_with_events), "some valid vectors had records compared")

        if a.naive:
            check_naive(a, tmp)
    if failures:
        print("%d check(s) failed" % len(failures))
        return 1
    print("all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
