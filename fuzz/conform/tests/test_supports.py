#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The vectors a reference reader can run (ctest conform-supports).

  test_supports.py --conform FXT_CONFORM --validate FXT_VALIDATE --fxt-gen FXT_GEN
                   --corpus DIR

  - --supports le runs no big-endian vector, the corpus's E0014/E0015/E0016
    -be vectors included (their magic record is the damage, so their byte
    order is the manifest's, not the first word's);
  - fxt-validate with its default limits agrees on every vector fxt-conform
    runs: the vectors about fxtkit's own capacity (W0055) are not in the
    reader set, neither from the corpus nor from fxt-gen violate;
  - --supports without userspace: the fxt-gen violate and random traces are
    still run (their base holds only the record kinds claimed: fxt-gen
    --without), and none holds a userspace object record but E0042's own;
  - the corpus's invalid/ vectors have a base of what every reader reads
    (no userspace or kernel object, blob or scheduling record but the
    violation's own), and their controls are found.
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


def conform(a, tmp, args):
    rep = os.path.join(tmp, "r.json")
    argv = [sys.executable, a.conform, "--fxt-gen", a.fxt_gen, "--corpus", a.corpus,
            "--json", rep, "-j", "2"] + args
    print("$ " + " ".join(argv))
    p = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=900)
    out = p.stdout.decode("utf-8", "replace")
    print(out[-800:])
    return p.returncode, out, json.load(open(rep))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--conform", required=True)
    ap.add_argument("--validate", required=True)
    ap.add_argument("--fxt-gen", required=True)
    ap.add_argument("--corpus", required=True)
    a = ap.parse_args()
    manifest = json.load(open(os.path.join(a.corpus, "manifest.json")))["vectors"]
    big = {"corpus/" + e["path"] for e in manifest if e.get("byte_order") == "big"}
    with tempfile.TemporaryDirectory() as tmp:
        # --supports le: every big-endian vector unsupported
        rc, out, r = conform(a, tmp, ["--reader", "true", "--generated", "0", "--violations",
                                      "none", "--no-controls", "--supports", "le"])
        ran = {x["id"] for x in r["runs"] if x["class"] != "unsupported"}
        check(big and not (ran & big), "--supports le runs no big-endian vector (%s)"
              % sorted(ran & big)[:6])
        for rule in ("E0014", "E0015", "E0016"):
            v = [x for x in r["runs"] if x["id"].startswith("corpus/invalid/" + rule)
                 and x["id"].endswith("-be.fxt")]
            check(v and all(x["class"] == "unsupported" and "be" in x["detail"] for x in v),
                  "%s-*-be: unsupported, needs be (%s)" % (rule, [x["detail"] for x in v]))

        # fxt-validate with its default limits: no vector about its own capacity
        rc, out, r = conform(a, tmp, ["--reader", a.validate + " -q {file}", "--generated", "2",
                                      "--violation-seeds", "1", "--no-controls"])
        w55 = [x["id"] for x in r["runs"] if "W0055" in x["rule"] or "W0055" in x["id"]]
        check(not w55, "no W0055 (tool capacity) vector in the reader set (%s)" % w55)
        bad = [(x["id"], x["class"]) for x in r["runs"] if x["class"] != "agrees"]
        check(rc == 0 and not bad, "fxt-validate, default limits, agrees on every vector (%s)"
              % bad[:6])
        # --supports without userspace: the base of the generated traces
        # holds only what is claimed, so they still run
        claim = "le,metadata,initialization,string,thread,event,blob,kernel-object,scheduling," \
            "log,large"
        rc, out, r = conform(a, tmp, ["--reader", a.validate + " -q {file}", "--generated", "4",
                                      "--violation-seeds", "1", "--supports", claim])
        gen = [x for x in r["runs"] if x["source"] in ("violate", "generated")]
        skipped = sorted(x["id"] for x in gen if x["class"] == "unsupported" and
                         x["detail"] != "needs be")
        check(gen and all("userspace" not in x.get("features", []) for x in gen
                          if x["id"] != "violate/violate-E0042-seed1.fxt"),
              "no generated trace holds a userspace record but E0042's own (%d)" % len(gen))
        check(skipped == ["violate/violate-E0042-seed1.fxt"],
              "every violate and generated trace runs but E0042 (userspace reserved bits): %s"
              % skipped)
        inval = [x for x in r["runs"] if x["id"].startswith("corpus/invalid/")
                 and x["class"] != "unsupported"]
        check(len(inval) > 30 and all(x.get("control") for x in inval),
              "the corpus's invalid/ vectors a little-endian reader runs have their control "
              "(%d)" % len(inval))
        common = {"metadata", "initialization", "string", "thread", "event", "le", "current"}
        for name, own in (("E0010-string-ref-unregistered", set()), ("E0048-log-reserved-bits",
                                                                     {"log"})):
            x = next(x for x in r["runs"] if x["id"] == "corpus/invalid/%s.fxt" % name)
            check(set(x.get("features", [])) == common | own,
                  "%s: a base of what every reader reads, and the violation's own record (%s)"
                  % (name, sorted(x.get("features", []))))
    if failures:
        print("%d check(s) failed" % len(failures))
        sys.exit(1)
    print("all checks passed")


if __name__ == "__main__":
    main()
