#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""fxt-conform's default set catches a reader that trusts size fields
(ctest conform-trusting-reader).

  test_trusting_reader.py --conform FXT_CONFORM --corpus DIR

Runs fxt-conform with its default corpus (no --corpus option: the
repository's corpus/, which must be DIR) and no generated traces over
trusting_reader.py, which checks only that a file is a whole number of words
and then trusts every record's size. Requires: fxt-conform's default set
holds every vector of DIR's manifest (but W0055's, about fxt-validate's own
capacity), among them the word-aligned
truncations; the reader is caught (a crash, oom, hang or an accepted invalid
trace) on every little-endian one of them, and fxt-conform exits 1. The
reader's classes on the rest of the corpus are printed, not required.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
READER = os.path.join(HERE, "trusting_reader.py")
# the word-aligned truncations (generator/golden_truncated.c), little-endian
# (the reader rejects big-endian traces at their magic record)
ALIGNED = ["invalid/E0002-truncated-one-word.fxt", "invalid/E0002-truncated-many-words.fxt",
           "invalid/E0002-truncated-large-one-word.fxt",
           "invalid/E0002-truncated-large-many-words.fxt"]
CAUGHT = ("crash", "oom", "hang", "accepts-invalid")

failures = []


def check(cond, msg):
    print(("ok   " if cond else "FAIL ") + msg)
    if not cond:
        failures.append(msg)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--conform", required=True)
    ap.add_argument("--corpus", required=True)
    a = ap.parse_args()
    corpus = os.path.realpath(a.corpus)
    with open(os.path.join(corpus, "manifest.json")) as f:
        manifest = [v["path"] for v in json.load(f)["vectors"]]
    for p in ALIGNED:
        path = os.path.join(corpus, p)
        n = os.path.getsize(path) if os.path.isfile(path) else -1
        check(p in manifest and n > 0 and n % 8 == 0, "%s: in the manifest, %d bytes, a whole "
              "number of words" % (p, n))
    with tempfile.TemporaryDirectory() as tmp:
        rep = os.path.join(tmp, "r.json")
        argv = [sys.executable, a.conform, "--reader", "%s %s {file}" % (sys.executable, READER),
                "--generated", "0", "--violations", "none", "--timeout", "20", "-j", "2",
                "--json", rep]
        print("$ " + " ".join(argv))
        p = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=600)
        out = p.stdout.decode("utf-8", "replace")
        print(out)
        check(p.returncode == 1, "fxt-conform exits 1: the reader has bugs (got %d)" % p.returncode)
        with open(rep) as f:
            runs = json.load(f)["runs"]
    by_rel = {}
    for r in runs:
        rel = os.path.relpath(os.path.realpath(r["path"]), corpus)
        by_rel[rel] = r
    # every vector but those about fxt-validate's own capacity (W0055), which
    # are not in a reader's set
    tool = {p for p in manifest if os.path.basename(p).startswith("W0055-")}
    missing = sorted(set(manifest) - tool - set(by_rel))
    check(not missing and len(tool) == 2 and not tool & set(by_rel),
          "the default set holds every corpus vector but the 2 W0055 ones (%d; missing: %s)"
          % (len(manifest), missing[:5]))
    for p in ALIGNED:
        r = by_rel.get(p, {})
        check(r.get("class") in CAUGHT, "%s: the trusting reader is caught (%s: %s)"
              % (p, r.get("class"), r.get("detail", "")[:160]))
    others = {}
    for rel, r in by_rel.items():
        if rel not in ALIGNED and r["class"] in CAUGHT and r["class"] != "accepts-invalid":
            others[rel] = r["class"]
    print("other vectors where it crashes, runs out of memory or hangs: %s" % (others or "none"))


if __name__ == "__main__":
    main()
    if failures:
        print("%d check(s) failed" % len(failures))
        sys.exit(1)
    print("all checks passed")
