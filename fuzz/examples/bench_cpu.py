#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""bench_cpu.py - run a command and record its CPU clock: the user + system
time of the command and of every process it started (a fuzzer, its fork-mode
jobs, AFL++'s fork server and targets), sampled every few milliseconds.

  bench_cpu.py [--cpu-limit S] TIMELINE -- CMD [ARG...]

TIMELINE gets one line per sample, "EPOCH_SECONDS CPU_SECONDS", the last
one after CMD ended (from getrusage of the reaped children, exact). The
exit status is CMD's. With --cpu-limit, CMD's process group (it runs in a
session of its own) gets SIGINT once it has used S seconds of CPU, as a
fuzzer gets at the end of its time (and SIGKILL 15 s later): a trial's
budget in CPU time, which the load of other jobs does not shrink. On a shared machine the wall clock of a run stretches
with the load of other jobs; its CPU time does not (much): bench_bugs.sh
maps the time of each find (a file's modification time) onto this clock.

CPU of a process tree at one instant: for every live process below CMD
(found through /proc/PID/task/TID/children), utime + stime + cutime +
cstime (the last two hold its reaped children); a child that died and was
reaped moves into its parent's cutime, so nothing is counted twice. The
sum never goes back (a race of a reap with the walk is smoothed out).
"""

import os
import signal
import subprocess
import sys
import time

TICK = os.sysconf("SC_CLK_TCK")
PERIOD = 0.01


def stat_cpu(pid):
    """utime + stime + cutime + cstime of PID in ticks, or None."""
    try:
        with open("/proc/%d/stat" % pid, "rb") as f:
            st = f.read()
    except OSError:
        return None
    fields = st[st.rindex(b")") + 2:].split()
    try:
        return sum(int(x) for x in fields[11:15])  # fields 14-17 of proc(5)
    except (ValueError, IndexError):
        return None


def children(pid):
    out = []
    try:
        tids = os.listdir("/proc/%d/task" % pid)
    except OSError:
        return out
    for tid in tids:
        try:
            with open("/proc/%d/task/%s/children" % (pid, tid)) as f:
                out += [int(x) for x in f.read().split()]
        except (OSError, ValueError):
            pass
    return out


def tree_cpu(root):
    total, todo, seen = 0, [root], set()
    while todo:
        pid = todo.pop()
        if pid in seen:
            continue
        seen.add(pid)
        c = stat_cpu(pid)
        if c is not None:
            total += c
            todo += children(pid)
    return total / TICK


def signal_group(pgid, sig):
    try:
        os.killpg(pgid, sig)
    except OSError:
        pass


def main():
    args = sys.argv[1:]
    limit = None
    if args[:1] == ["--cpu-limit"] and len(args) > 1:
        limit = float(args[1])
        args = args[2:]
    if len(args) < 3 or args[1] != "--":
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    out = open(args[0], "w")
    p = subprocess.Popen(args[2:], start_new_session=True)
    best, stopped = 0.0, None
    while p.poll() is None:
        now = time.time()
        best = max(best, tree_cpu(p.pid))
        out.write("%.4f %.3f\n" % (now, best))
        out.flush()  # readable while the tree runs (its test waits on it)
        if limit is not None and best >= limit and stopped is None:
            stopped = now
            signal_group(p.pid, signal.SIGINT)
        if stopped is not None and now - stopped > 15:
            signal_group(p.pid, signal.SIGKILL)
        time.sleep(PERIOD)
    ru = os.times()
    out.write("%.4f %.3f\n" % (time.time(), max(best, ru.children_user + ru.children_system)))
    out.close()
    return p.returncode if p.returncode >= 0 else 128 - p.returncode


if __name__ == "__main__":
    sys.exit(main())
