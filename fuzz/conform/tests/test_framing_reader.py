#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""A reader that frames large records by 12 bits is caught on a valid vector
(ctest conform-framing).

  test_framing_reader.py --conform FXT_CONFORM --validate FXT_VALIDATE --corpus DIR

The reader below is fxt-validate, except that it first walks the records
taking every record's size from bits 4..15 (a normal record's 12-bit size),
large records included (whose size is bits 4..35), and rejects the trace
(exit 1) when that walk hits a size of 0 or runs past the end. On the
golden corpus, scored for the current revision and for r3 (the other one
with large records), it must come out rejects-valid on a valid vector holding a
large record of 4096 words or more, agree on the one of exactly 4095 words,
and on nothing else be worse than fxt-validate.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

READER = r'''
import subprocess, sys
validate, extra, path = sys.argv[1], sys.argv[2:-1], sys.argv[-1]  # extra: --revision R
data = open(path, "rb").read()
order = "big" if data[:8] == bytes.fromhex("0016547846040010") else "little"
at = 0
while at + 8 <= len(data):
    words = (int.from_bytes(data[at:at + 8], order) >> 4) & 0xFFF  # 12 bits, large records too
    if words == 0 or at + 8 * words > len(data):
        sys.stderr.write("bad record size at byte %d\n" % at)
        sys.exit(1)
    at += 8 * words
sys.exit(subprocess.run([validate, "-q"] + extra + [path]).returncode)
'''

failures = []


def check(cond, msg):
    print(("ok   " if cond else "FAIL ") + msg)
    if not cond:
        failures.append(msg)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--conform", required=True)
    ap.add_argument("--validate", required=True)
    ap.add_argument("--corpus", required=True)
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        reader = os.path.join(tmp, "framing12.py")
        with open(reader, "w") as f:
            f.write(READER)
        for rev in (None, "r3"):  # the current revision's part, and r3's
            print("-- %s" % (rev or "every revision"))
            r = run(a, tmp, reader, rev)
            check_run(r, rev or "current")


def run(a, tmp, reader, rev):
    rep = os.path.join(tmp, "r.json")
    argv = [sys.executable, a.conform, "--reader",
            "%s %s %s%s {file}" % (sys.executable, reader, a.validate,
                                   " --revision " + rev if rev else ""),
            "--corpus", a.corpus, "--generated", "0", "--violations", "none",
            "--no-controls", "--json", rep, "-j", "2"] + (["--revision", rev] if rev else [])
    p = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=600)
    print(p.stdout.decode("utf-8", "replace")[-1500:])
    return json.load(open(rep))


def check_run(r, rev):
    bad = {os.path.basename(x["path"]): x for x in r["runs"]
           if x["class"] == "rejects-valid" and x["expected"] == "valid"}
    big = sorted(n for n in bad if n.startswith("large-record-"))
    check(any(n.startswith("large-record-4096-words") for n in big),
          "%s: rejects-valid on the valid large record of 4096 words (%s)" % (rev, big))
    check(len(big) >= 4, "%s: ... and on the larger one, both byte orders (%d: %s)"
          % (rev, len(big), big))
    ok4095 = [x for x in r["runs"] if "large-record-4095-words" in x["path"]]
    check(ok4095 and all(x["class"] == "agrees" for x in ok4095),
          "%s: agrees on the one of exactly 4095 words (%s)" % (rev, [x["class"] for x in ok4095]))
    check(all("bad record size" in x.get("output_tail", "") for x in bad.values()),
          "%s: every rejection is the framing's (%s)" % (rev, sorted(bad)))


if __name__ == "__main__":
    main()
    if failures:
        print("%d check(s) failed" % len(failures))
        sys.exit(1)
    print("all checks passed")
