#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""feed_hops.py - walk the static call graph of fxt_validator_feed through
the files, as a reader following the bytes would (issue 29's measure).

    bench/feed_hops.py [SOURCE_DIR] [-v] [-c] [--skip FUNCTION]...

Compiles libfxt's and libfxtformat's sources with gcc -O0 -fcallgraph-info
(nothing inlined: every call a reader follows is an edge; macros are
expanded), then walks depth-first from ENTRY, each function once, its calls
in source order. Prints:
  hops     calls in the walk from one file into another (headers count:
           their functions are where the reader goes);
  returns  hops into a file the walk had already entered and left;
  files    the files the walk enters.
-c counts the .c files only: a function of a header (an inline helper) is
read as part of each caller. Calls through function pointers (the caller's callbacks, auto.c's issue
queue that sub-validators report into) are not in a static graph; -v lists
the walk and which files are entered from auto.c and from other files.
--skip FUNCTION leaves FUNCTION's calls out of the walk (the call to it
still counts): e.g. --skip fxt__one_init --skip fxt__one_fini, for the
walk without building and freeing par.c's shadow validators.
"""
import os
import re
import subprocess
import sys
import tempfile

ENTRY = "fxt_validator_feed"
LIBS = {"validator": "CMakeLists.txt", "format": "CMakeLists.txt"}


def sources(root):
    out = []
    for d in LIBS:
        if not os.path.exists(os.path.join(root, d, LIBS[d])):
            continue  # before format/ was split from validator/
        text = open(os.path.join(root, d, LIBS[d])).read()
        m = re.search(r"add_library\(\w+ STATIC ([^)]*)\)", text)
        out += [os.path.join(d, f) for f in m.group(1).split()]
    return out


def callgraph(root, tmp):
    nodes = {}  # title -> (name, file)
    edges = []  # (caller title, callee title, site)
    for i, src in enumerate(sources(root)):
        subprocess.run(["gcc", "-O0", "-std=c11", "-D_GNU_SOURCE", "-Iinclude", "-Iformat",
                        "-Ivalidator", "-Isupport", "-c", "-fcallgraph-info", src, "-o",
                        os.path.join(tmp, "%d.o" % i), "-dumpdir", tmp + "/"],
                       cwd=root, check=True)
        for line in open(os.path.join(tmp, "%d.ci" % i)):
            m = re.match(r'node: \{ title: "([^"]*)" label: "([^\\]*)\\n([^:]*):\d+:\d+"( shape)?', line)
            if m:
                title, name, where, extern = m.groups()
                if not extern or title not in nodes:
                    nodes[title] = (name, where, bool(extern))
                continue
            m = re.match(r'edge: \{ sourcename: "([^"]*)" targetname: "([^"]*)" label: "([^:]*):(\d+):(\d+)"', line)
            if m:
                edges.append((m.group(1), m.group(2), (m.group(3), int(m.group(4)), int(m.group(5)))))
    # One node per function: globals by name (where they are defined), an
    # inline function of a header once, whichever file included it.
    defined = {t: (n, f) for t, (n, f, ext) in nodes.items() if not ext}
    def key(title):
        if title in defined:
            return defined[title]
        return None  # declared only: the C library
    calls = {}
    for a, b, site in edges:
        ka, kb = key(a), key(b)
        if ka and kb:
            calls.setdefault(ka, {})[kb] = min(site, calls.get(ka, {}).get(kb, site))
    return calls


def sources_only(calls):
    """The graph with every function of a header inlined into its callers
    (the .c files alone, as the issue's walk counted them)."""
    def expand(fn, seen):
        out = {}
        for callee, site in calls.get(fn, {}).items():
            if callee[1].endswith(".h"):
                if callee not in seen:
                    for k, v in expand(callee, seen | {callee}).items():
                        out.setdefault(k, site)
            else:
                out.setdefault(callee, site)
        return out
    return {fn: expand(fn, {fn}) for fn in calls if not fn[1].endswith(".h")}


def walk(calls, verbose, skip=()):
    start = next(k for k in calls if k[0] == ENTRY)
    calls = {fn: ({} if fn[0] in skip else out) for fn, out in calls.items()}
    seen, entered, walk_out = set(), [], []
    hops = returns = 0
    def visit(fn, depth):
        nonlocal hops, returns
        seen.add(fn)
        for callee in sorted(calls.get(fn, {}), key=lambda k: calls[fn][k]):
            if callee in seen:
                continue
            if callee[1] != fn[1]:
                hops += 1
                back = callee[1] in entered
                returns += back
                if not back:
                    entered.append(callee[1])
                walk_out.append("%s%s -> %s%s" % ("  " * depth, fn[1], callee[1],
                                                    "  (back)" if back else ""))
            visit(callee, depth + 1)
    entered.append(start[1])
    visit(start, 0)
    print("hops %d, returns %d, files %d" % (hops, returns, len(entered)))
    # Who enters each file, over every call reachable from ENTRY.
    into = {}
    for fn in seen:
        for callee in calls.get(fn, {}):
            if callee in seen and callee[1] != fn[1]:
                into.setdefault(callee[1], set()).add(fn[1])
    both = sorted(f for f, src in into.items()
                  if "validator/auto.c" in src and src - {"validator/auto.c", "validator/api.c"})
    print("entered from auto.c and from the core: %s" % (", ".join(both) or "none"))
    if verbose:
        print("\n".join(walk_out))
        for f in sorted(into):
            print("%s <- %s" % (f, ", ".join(sorted(into[f]))))
    return 0


def main():
    args, skip = [], []
    argv = sys.argv[1:]
    while argv:
        a = argv.pop(0)
        if a == "--skip" and argv:
            skip.append(argv.pop(0))
        elif a not in ("-v", "-c"):
            args.append(a)
    root = os.path.abspath(args[0] if args else os.path.join(os.path.dirname(__file__), ".."))
    with tempfile.TemporaryDirectory() as tmp:
        calls = callgraph(root, tmp)
    if "-c" in sys.argv:
        calls = sources_only(calls)
    return walk(calls, "-v" in sys.argv, skip)


if __name__ == "__main__":
    sys.exit(main())
