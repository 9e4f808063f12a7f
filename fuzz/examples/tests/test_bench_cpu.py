#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""bench_cpu.py, the CPU clock of bench_bugs.sh (ctest bench-cpu-clock).

  test_bench_cpu.py BENCH_CPU

A process tree like a fuzzer's: a parent that starts workers one after the
other (each reaped when it is done, as libFuzzer's fork mode does) and one
that stays alive to the end (as AFL++'s fork server does); each worker
reports the CPU time it used itself. The timeline's last figure must
account for all of them (the reaped ones through their parent's children
time, the live ones through their own), never go back, and --cpu-limit must
stop a tree that would run forever. Nothing is asserted about how fast
anything runs.
"""

import os
import subprocess
import sys
import tempfile

failures = []

TREE = r'''
import os, subprocess, sys, time
out = sys.argv[1]
BURN = """
import os, sys, time
t = time.process_time()
while time.process_time() - t < float(sys.argv[2]):
    pass
c = os.times()
open(sys.argv[1], "a").write("%f\\n" % (c.user + c.system))
if len(sys.argv) > 3:  # stay alive until killed
    while True:
        pass
"""
live = subprocess.Popen([sys.executable, "-c", BURN, out, "0.3", "live"])
for k in range(4):  # reaped one after the other
    subprocess.run([sys.executable, "-c", BURN, out, "0.2"])
# Wait (by what is seen, not for a time: the machine may be busy) until the
# live one has reported and a sample of the clock, taken while it still
# runs, holds at least half of what the five reported.
deadline = time.time() + 120
while time.time() < deadline:
    got = open(out).read().split()
    if len(got) == 5:
        done = sum(float(x) for x in got)
        samples = [l.split() for l in open(sys.argv[2]).read().splitlines() if l.strip()]
        if samples and float(samples[-1][1]) >= 0.5 * done:
            break
    time.sleep(0.05)
live.kill()
live.wait()
'''


def check(cond, msg):
    print(("ok   " if cond else "FAIL ") + msg)
    if not cond:
        failures.append(msg)


def timeline(path):
    with open(path) as f:
        return [tuple(float(x) for x in line.split()) for line in f if line.strip()]


def main():
    bench_cpu = sys.argv[1]
    with tempfile.TemporaryDirectory() as tmp:
        rep, tl = os.path.join(tmp, "reported"), os.path.join(tmp, "timeline")
        rc = subprocess.run([sys.executable, bench_cpu, tl, "--", sys.executable, "-c", TREE,
                             rep, tl]).returncode
        reported = sum(float(x) for x in open(rep).read().split())
        pts = timeline(tl)
        check(rc == 0 and len(open(rep).read().split()) == 5,
              "the tree ran: 4 reaped workers and a live one reported (exit %d)" % rc)
        check(all(b[1] >= a[1] for a, b in zip(pts, pts[1:])), "the clock never goes back")
        check(pts[-1][1] >= 0.95 * reported,
              "the clock's last figure (%.2f s) holds every worker's own CPU time (%.2f s)"
              % (pts[-1][1], reported))
        mid = [c for _, c in pts[:-1]]
        check(mid and max(mid) >= 0.5 * reported,
              "while running, the samples already count the live and reaped workers (%.2f s "
              "of %.2f s)" % (max(mid) if mid else 0, reported))
        # --cpu-limit: a tree that would run long (a worker burning 20 s of
        # CPU) is stopped at the limit (SIGINT to its group)
        burn = "import time\nwhile time.process_time() < 20: pass"
        long_tree = "import subprocess, sys\nsubprocess.run([sys.executable, '-c', %r])" % burn
        tl2 = os.path.join(tmp, "t2")
        p = subprocess.run([sys.executable, bench_cpu, "--cpu-limit", "0.5", tl2, "--",
                            sys.executable, "-c", long_tree], stderr=subprocess.DEVNULL)
        pts = timeline(tl2)
        check(p.returncode != 0 and 0.5 <= pts[-1][1] < 10,
              "--cpu-limit 0.5 stopped a tree that would use 20 s (exit %d, %.2f s used)"
              % (p.returncode, pts[-1][1]))
        p = subprocess.run([sys.executable, bench_cpu, "only-one-argument"],
                           stderr=subprocess.DEVNULL)
        check(p.returncode == 2, "usage error: exit 2 (got %d)" % p.returncode)
    if failures:
        print("%d check(s) failed" % len(failures))
        return 1
    print("all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
