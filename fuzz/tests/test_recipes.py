#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The Go and Python recipes of fuzz/README.md, end to end, on tiny readers
of our own (fuzz/tests/go, fuzz/tests/python; ctest fuzz_recipe_go and
fuzz_recipe_python).

  test_recipes.py go     --mutate FXT_MUTATE --conform FXT_CONFORM --corpus DIR
  test_recipes.py python --mutate FXT_MUTATE --conform FXT_CONFORM --corpus DIR

go (skipped, exit 77, without a `go` command): fxt-mutate writes the valid
little-endian seeds and mutations as `go test fuzz v1` files into the
fixture's testdata/fuzz/FuzzRead; `go test` replays them all (the careful
reader passes), `go test -fuzz` runs a short campaign; mutations of the
zero-ticks vector make `go test` fail on the planted division by zero of
FuzzReadBuggy, naming the file; the supervised loop (fuzz/go-fuzz-loop.sh)
keeps fuzzing FuzzReadBuggy past that panic and past the fatal
out-of-memory errors of its planted huge allocation, moving each crasher
aside and naming both bugs; fxt-conform on the built reader classifies the
panic as a Go crash at fxtread.ReadFrom, the out-of-memory error as an oom.

python: fxt-mutate writes seeds and mutations into a directory; the replay
loop (fuzz/tests/python/replay.py, shown in the README), reading each file
as the reader does, under a memory limit (ulimit -v), passes with the
careful reader and reports the planted ZeroDivisionError, and the
MemoryError of a record size trusted while reading the file; fxt-conform
--reject-exceptions FxtError classifies them as a Python crash and an oom.
"""

import argparse
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
failures = []


def check(cond, msg):
    print(("ok   " if cond else "FAIL ") + msg)
    if not cond:
        failures.append(msg)


def run(argv, cwd=None, env=None, timeout=600):
    print("$ " + " ".join(argv))
    p = subprocess.run(argv, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       timeout=timeout)
    out = p.stdout.decode("utf-8", "replace")
    return p.returncode, out


def conform_bugs(a, reader, tmp, extra=(), corpus=None):
    rep = os.path.join(tmp, "conform.json")
    rc, out = run([sys.executable, a.conform, "--reader", reader, "--corpus", corpus or a.corpus,
                   "--generated", "0", "--violations", "none", "--json", rep] + list(extra))
    print(out[-1500:])
    return rc, json.load(open(rep))


def cmd_go(a, tmp):
    if shutil.which("go") is None:
        print("skip: no go command (Debian: apt-get install golang-go)")
        return 77
    src = os.path.join(tmp, "fxtread")
    shutil.copytree(os.path.join(HERE, "go"), src)
    # Go's build cache: FXT_GOCACHE, the one the build tree's Go tests share
    # (ctest: the standard library compiled once for them all), without the
    # fuzzing cache a run before this one left there; else one of its own
    gocache = os.environ.get("FXT_GOCACHE") or os.path.join(tmp, "gocache")
    shutil.rmtree(os.path.join(gocache, "fuzz"), ignore_errors=True)
    env = dict(os.environ, GOCACHE=gocache,
               GOPATH=os.path.join(tmp, "gopath"), GOFLAGS="-mod=mod", GOPROXY="off",
               GOTOOLCHAIN="local")
    corpus_dir = os.path.join(src, "testdata", "fuzz", "FuzzRead")
    valid = os.path.join(a.corpus, "valid")
    rc, out = run([a.mutate, "seeds", "--byte-order", "le", "--format", "go", "--max-size",
                   "16384", "-o", corpus_dir, valid])
    check(rc == 0, "fxt-mutate seeds --format go (%s)" % out.strip()[-200:])
    rc, out = run([a.mutate, "mutate", "--byte-order", "le", "--format", "go", "--count", "4",
                   "--max-size", "16384", "--gen", "4", "-o", corpus_dir, valid])
    check(rc == 0, "fxt-mutate mutate --format go (%s)" % out.strip()[-200:])
    n = len(os.listdir(corpus_dir))
    rc, out = run(["go", "test", "-run", "FuzzRead$", "-v", "."], cwd=src, env=env)
    check(rc == 0 and out.count("--- PASS: FuzzRead/") == n,
          "go test replays all %d corpus files through FuzzRead (%d passed)"
          % (n, out.count("--- PASS: FuzzRead/")))
    rc, out = run(["go", "test", "-run", "XXX", "-fuzz", "FuzzRead$", "-fuzztime", "300x",
                   "-parallel", "1", "."], cwd=src, env=env)
    check(rc == 0 and "fuzz: elapsed" in out, "go test -fuzz runs a campaign from them (%s)"
          % out.strip().splitlines()[-1:])
    buggy_dir = os.path.join(src, "testdata", "fuzz", "FuzzReadBuggy")
    zero = os.path.join(a.corpus, "invalid", "E0023-init-zero-ticks.fxt")
    rc, out = run([a.mutate, "mutate", "--format", "go", "--count", "8", "-o", buggy_dir, zero])
    rc, out = run(["go", "test", "-run", "FuzzReadBuggy$", "."], cwd=src, env=env)
    check(rc != 0 and "integer divide by zero" in out and "FuzzReadBuggy/b000-E0023" in out,
          "go test finds the planted division by zero and names the corpus file")
    # the supervised loop (fuzz/go-fuzz-loop.sh, as the README runs it): it
    # goes on past the seeds that panic and past the fatal out-of-memory
    # errors of the planted huge allocation, and moves each crasher aside
    run([a.mutate, "seeds", "--byte-order", "le", "--format", "go", "--max-size", "16384",
         "-o", buggy_dir, valid])
    run([a.mutate, "mutate", "--byte-order", "le", "--format", "go", "--count", "4",
         "--max-size", "16384", "-o", buggy_dir, os.path.join(valid, "large-blob-metadata.fxt"),
         os.path.join(valid, "large-blob-no-metadata.fxt")])
    # The planted huge allocation, reached by a seed rather than left to the
    # fuzzer's luck within a budget: a large record claiming 2^32-1 words
    # (the -trust-size reader asks for 32 GiB: Go's fatal out-of-memory
    # error under -m, which kills the fuzz worker).
    huge = struct.pack("<3Q", 0x0016547846040010, 0xFFFFFFFF << 4 | 15, 0)
    with open(os.path.join(buggy_dir, "huge-record"), "w") as f:
        f.write('go test fuzz v1\n[]byte("%s")\n' % "".join("\\x%02x" % c for c in huge))
    before = set(os.listdir(buggy_dir))
    loop = os.path.join(HERE, "..", "go-fuzz-loop.sh")
    # Bounded by executions, not by the clock: each campaign stops after
    # 200 inputs (a later -fuzztime wins over the loop's own), so the runs
    # that fail are the planted seeds' (the zero-ticks and huge-allocation
    # ones above, one run each) however busy the machine is; -t is only a
    # safety net.
    rc, out = run([loop, "-t", "280", "-m", "1024", "-d", "crashers", "FuzzReadBuggy", "--",
                   "-parallel", "1", "-fuzztime", "200x"], cwd=src, env=env, timeout=300)
    print(out[-3000:])
    crashers = os.path.join(src, "crashers")
    moved = sorted(f for f in os.listdir(crashers) if not f.endswith(".log")) \
        if os.path.isdir(crashers) else []
    runs = [ln for ln in out.splitlines() if ln.startswith("go-fuzz-loop.sh: run ")]
    check(rc == 1 and len(runs) >= 2 and len(moved) >= 2,
          "the loop went on past the first failure: %d failing runs, %d crashers (exit %d)"
          % (len(runs), len(moved), rc))
    check(all(os.path.isfile(os.path.join(crashers, f + ".log")) for f in moved) and
          not (set(moved) & set(os.listdir(buggy_dir))),
          "each crasher moved out of testdata/fuzz/FuzzReadBuggy, with its log")
    check(bool(set(moved) & before), "a seed that fails was moved aside too")
    check("integer divide by zero at example.com/fxtread.ReadFrom (fxtread.go:" in out,
          "the planted panic: named by the loop")
    check("fatal error: out of memory at example.com/fxtread.ReadFrom (fxtread.go:" in out,
          "the planted huge allocation (Go's fatal out-of-memory error, under -m): named")
    check("distinct failures" in out, "the loop sums up the distinct failures")
    binary = os.path.join(tmp, "fxtread-bin")
    rc, out = run(["go", "build", "-o", binary, "./cmd/fxtread"], cwd=src, env=env)
    check(rc == 0, "go build the reader (%s)" % out.strip()[-200:])
    rc, r = conform_bugs(a, binary + " -zero-ticks {file}", tmp, ["--supports", "le"])
    crashes = [x for x in r["runs"] if x["class"] == "crash"]
    check(rc == 1 and crashes and all(x["runtime"] == "go" for x in crashes),
          "fxt-conform: the Go panics are crashes (%d)" % len(crashes))
    sigs = {b["signature"] for b in r["bugs"]}
    check(len(sigs) == 1 and "fxtread.ReadFrom" in next(iter(sigs)) and "divide by zero" in
          next(iter(sigs)), "grouped as one bug at fxtread.ReadFrom: %s" % sigs)
    # a large record claiming 2^32-1 words: the -trust-size reader asks for 32 GiB
    only = os.path.join(tmp, "oom")
    os.makedirs(only)
    with open(os.path.join(only, "oom.fxt"), "wb") as f:
        f.write(struct.pack("<3Q", 0x0016547846040010, 0xFFFFFFFF << 4 | 15, 0))
    with open(os.path.join(only, "manifest.json"), "w") as f:
        json.dump({"vectors": [{"path": "oom.fxt", "verdict": "invalid"}]}, f)
    rc, r = conform_bugs(a, "ulimit -v 2097152; %s -trust-size {file}" % binary, tmp,
                         ["--shell"], corpus=only)
    check(rc == 1 and r["runs"][0]["class"] == "oom" and r["runs"][0].get("runtime") == "go",
          "fxt-conform: the reader's fatal out-of-memory error is a Go oom (%s)"
          % r["runs"][0]["detail"])
    return 0


def limited(mib):
    """preexec_fn: an address-space limit of MIB MiB (the recipe's ulimit -v)."""
    import resource

    def set_limit():
        resource.setrlimit(resource.RLIMIT_AS, (mib << 20, mib << 20))
    return set_limit


def cmd_python(a, tmp):
    d = os.path.join(tmp, "traces")
    valid = os.path.join(a.corpus, "valid")
    rc, out = run([a.mutate, "seeds", "--byte-order", "le", "-o", d, valid])
    check(rc == 0, "fxt-mutate seeds (%s)" % out.strip()[-200:])
    rc, out = run([a.mutate, "mutate", "--byte-order", "le", "--count", "32", "-o", d, valid,
                   os.path.join(a.corpus, "invalid", "E0023-init-zero-ticks.fxt")])
    check(rc == 0, "fxt-mutate mutate (%s)" % out.strip()[-200:])
    replay = os.path.join(HERE, "python", "replay.py")
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")

    def replay_run(*bugs):
        argv = [sys.executable, replay, d] + list(bugs)
        print("$ ulimit -v 2097152; " + " ".join(argv))
        p = subprocess.run(argv, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           preexec_fn=limited(2048), timeout=600)
        return p.returncode, p.stdout.decode("utf-8", "replace")
    rc, out = replay_run()
    check(rc == 0 and ", 0 bugs" in out, "the replay loop passes the careful reader (%s)"
          % out.strip().splitlines()[-1:])
    rc, out = replay_run("--zero-ticks")
    check(rc == 1 and "ZeroDivisionError" in out and "BUG on b" in out,
          "the replay loop reports the planted ZeroDivisionError with its file (%s)"
          % out.strip().splitlines()[-1:])
    # reading from the file: a record size trusted asks the file for gigabytes
    rc, out = replay_run("--trust-size")
    check(rc == 1 and "MemoryError" in out and "in read\n    body = f.read(" in out,
          "the replay loop reports the MemoryError of reading a huge record from the file (%s)"
          % out.strip().splitlines()[-1:])
    fxtread = os.path.join(HERE, "python", "fxtread.py")
    reader = "%s %s --zero-ticks {file}" % (sys.executable, fxtread)
    rc, r = conform_bugs(a, reader, tmp, ["--reject-exceptions", "FxtError"])
    crashes = [x for x in r["runs"] if x["class"] == "crash"]
    check(rc == 1 and crashes and all(x["runtime"] == "python" for x in crashes),
          "fxt-conform: the ZeroDivisionErrors are Python crashes (%d)" % len(crashes))
    sigs = {b["signature"] for b in r["bugs"]}
    check(len(sigs) == 1 and "ZeroDivisionError at read (fxtread.py:" in next(iter(sigs)),
          "grouped as one bug at read(): %s" % sigs)
    # fxt-conform, the reader reading files, on the files the replay flagged
    # and some others: the MemoryErrors are ooms
    flagged = [ln[len("BUG on "):-1] for ln in out.splitlines() if ln.startswith("BUG on ")]
    reader = "%s %s --trust-size {file}" % (sys.executable, fxtread)
    only = os.path.join(tmp, "memerr")
    os.makedirs(only)
    names = sorted(set(flagged) | set(sorted(os.listdir(d))[:20]))
    for name in names:
        shutil.copy(os.path.join(d, name), only)
    with open(os.path.join(only, "manifest.json"), "w") as f:
        json.dump({"vectors": [{"path": n, "verdict": "invalid" if n in flagged else "valid"}
                               for n in names]}, f)
    rc, r = conform_bugs(a, "ulimit -v 2097152; " + reader, tmp,
                         ["--shell", "--reject-exceptions", "FxtError"], corpus=only)
    ooms = [x for x in r["runs"] if x["class"] == "oom"]
    check(rc == 1 and ooms and all("MemoryError" in x["detail"] for x in ooms) and
          {os.path.basename(x["path"]) for x in ooms} == set(flagged),
          "fxt-conform: the %d MemoryErrors are ooms (%d)" % (len(flagged), len(ooms)))
    return 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("cmd", choices=("go", "python"))
    ap.add_argument("--mutate", required=True)
    ap.add_argument("--conform", required=True)
    ap.add_argument("--corpus", required=True)
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        rc = (cmd_go if a.cmd == "go" else cmd_python)(a, tmp)
    if rc == 77:
        return 77
    if failures:
        print("%d check(s) failed" % len(failures))
        return 1
    print("all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
