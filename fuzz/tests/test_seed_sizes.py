#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Every seed the fuzzing recipes start from fits their -max_len (ctest
fuzz_seed_sizes); libFuzzer would cut a longer one, so its end would never
be fuzzed.

  test_seed_sizes.py --seeds FUZZ_SEEDS --validate FXT_VALIDATE --root SRC

The limit is read from the recipes themselves (fuzz/build.sh's options file,
fuzz/smoke.sh's default, fuzz/README.md's commands; all must agree). Checks:
fuzz_seeds writes its seeds, each a conforming trace (fxt-validate exit 0)
of 1..limit bytes; the other seeds the recipes copy in (corpus/**/*.fxt,
fuzz/regressions/*) are no longer than the limit either.
"""

import argparse
import glob
import os
import re
import subprocess
import tempfile

failures = []


def check(cond, msg):
    print(("ok   " if cond else "FAIL ") + msg)
    if not cond:
        failures.append(msg)


def recipe_limits(root):
    """{where: max_len} as each recipe states it."""
    found = {}
    for rel, pattern in (("fuzz/build.sh", r"(?m)^max_len = (\d+)$"),
                         ("fuzz/smoke.sh", r"FXT_SMOKE_MAX_LEN:-(\d+)"),
                         ("fuzz/README.md", r"-max_len=(\d+)")):
        with open(os.path.join(root, rel), encoding="utf-8") as f:
            for m in re.finditer(pattern, f.read()):
                found.setdefault(rel, set()).add(int(m.group(1)))
    return found


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", required=True, help="the fuzz_seeds program")
    ap.add_argument("--validate", required=True, help="fxt-validate")
    ap.add_argument("--root", required=True, help="the source tree")
    a = ap.parse_args()

    found = recipe_limits(a.root)
    values = set().union(*found.values()) if found else set()
    check(len(found) == 3 and len(values) == 1,
          "the recipes state one -max_len: %s" % {k: sorted(v) for k, v in found.items()})
    limit = min(values) if values else 65536
    check(limit <= 65536, "the limit, %d bytes, is at most 65536" % limit)

    with tempfile.TemporaryDirectory(prefix="fxt-seeds-") as tmp:
        p = subprocess.run([a.seeds, tmp], capture_output=True, text=True, timeout=120)
        check(p.returncode == 0, "fuzz_seeds exits 0 (%d: %s)" % (p.returncode, p.stderr.strip()))
        seeds = sorted(glob.glob(os.path.join(tmp, "*.fxt")))
        check(len(seeds) >= 9, "fuzz_seeds writes its 9 seeds (got %d)" % len(seeds))
        for s in seeds:
            n = os.path.getsize(s)
            check(0 < n <= limit, "%s: %d bytes, 1..%d" % (os.path.basename(s), n, limit))
        v = subprocess.run([a.validate, "--quiet"] + seeds, capture_output=True, text=True,
                           timeout=120)
        check(v.returncode == 0, "every generated seed conforms (fxt-validate exit %d: %s)"
              % (v.returncode, (v.stdout + v.stderr).strip()[:300]))

    others = glob.glob(os.path.join(a.root, "corpus", "**", "*.fxt"), recursive=True)
    others += [f for f in glob.glob(os.path.join(a.root, "fuzz", "regressions", "*"))
               if os.path.isfile(f) and not f.endswith(".md")]
    big = sorted("%s (%d)" % (os.path.relpath(f, a.root), os.path.getsize(f)) for f in others
                 if os.path.getsize(f) > limit)
    check(others and not big, "the %d corpus and regression seeds fit in %d bytes%s"
          % (len(others), limit, (": not " + ", ".join(big)) if big else ""))


if __name__ == "__main__":
    main()
    if failures:
        print("%d check(s) failed" % len(failures))
        raise SystemExit(1)
    print("all checks passed")
