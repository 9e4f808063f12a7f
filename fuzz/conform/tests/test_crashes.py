#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Crash classification and grouping of fxt-conform, with fake readers that
print each runtime's real crash report (ctest conform-crashes).

  test_crashes.py --conform FXT_CONFORM

The reports below were printed by the real runtimes on the project's machine
kind (Go 1.19.8, OpenJDK 17, Node.js 20, Python 3.11, rustc 1.95, glibc,
libstdc++), except the older Rust format (before 1.73) and the ASan reports,
whose shapes are the ones in public issue threads (those of a build without
debug info as this machine's gcc -O3 ASan build prints them, with the
function names gcc gives the parts it splits off); paths and numbers vary
per vector where the same bug must still be grouped as one.
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


# The fake reader: the vector's first line says how to end (exit:N,
# signal:NAME, alloc:MB then sleep, sleep:S), the rest up to "--pad--" is
# printed on standard error first.
FAKE = r'''
import os, signal, sys, time
data = open(sys.argv[1], "rb").read().decode()
head, _, rest = data.partition("\n")
body = rest.split("--pad--")[0]
sys.stderr.write(body)
sys.stderr.flush()
how, _, arg = head.partition(":")
if how == "exit":
    sys.exit(int(arg))
if how == "signal":
    os.kill(os.getpid(), getattr(signal, "SIG" + arg))
if how == "alloc":
    hog = b"x" * (int(arg) << 20)
    time.sleep(20)
if how == "sleep":
    time.sleep(float(arg))
'''

GO_PANIC = """panic: runtime error: index out of range [%d] with length 3

goroutine 1 [running]:
main.(*Reader).parse(...)
\t/home/dev/fxtread/%s:4
main.main()
\t/home/dev/fxtread/main.go:6 +0x139
"""

GO_PANIC_OTHER = """panic: runtime error: integer divide by zero

goroutine 1 [running]:
fxtread.ticksToSeconds(0x3e8, 0x0)
\t/home/dev/fxtread/time.go:17 +0x1d
fxtread.(*Reader).event(0xc000010000, {0xc00001a0c0, 0x20, 0x20})
\t/home/dev/fxtread/event.go:40 +0x65
main.main()
\t/home/dev/fxtread/main.go:6 +0x139
"""

GO_OOM = """runtime: out of memory: cannot allocate %d-byte block (3964928 in use)
fatal error: out of memory

goroutine 1 [running]:
runtime.throw({0x499b0a?, 0x7f0daf41e0e8?})
\t/usr/lib/go-1.19/src/runtime/panic.go:1047 +0x5d fp=0xc000088e18 sp=0xc000088de8 pc=0x4317bd
runtime.makeslice(0x60?, 0x529ae0?, 0xc000082000?)
\t/usr/lib/go-1.19/src/runtime/slice.go:103 +0x52 fp=0xc000088f08 sp=0xc000088ee0 pc=0x446852
main.(*Reader).blob(...)
\t/home/dev/fxtread/blob.go:5
main.main()
\t/home/dev/fxtread/main.go:6 +0x7e fp=0xc000088f80 sp=0xc000088f08 pc=0x48103e
"""

RUST_NEW = """
thread 'main' (15593) panicked at src/record.rs:88:21:
index out of bounds: the len is 3 but the index is %d
note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace
"""

RUST_OLD = """thread 'main' panicked at 'attempt to subtract with overflow', src/record.rs:120:9
note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace
"""

RUST_OOM = "memory allocation of 18446744073709551608 bytes failed\n"

PY_TB = """Traceback (most recent call last):
  File "/home/dev/fxtread/read.py", line 40, in <module>
    main()
  File "/home/dev/fxtread/read.py", line %d, in parse_event
    name = strings[idx]
           ~~~~~~~^^^^^
IndexError: list index out of range
"""

PY_OOM = """Traceback (most recent call last):
  File "/home/dev/fxtread/read.py", line 40, in <module>
    main()
  File "/home/dev/fxtread/read.py", line 12, in read_blob
    payload = bytearray(size)
MemoryError
"""

PY_STRUCT = """Traceback (most recent call last):
  File "/home/dev/fxtread/read.py", line 40, in <module>
    main()
  File "/home/dev/fxtread/read.py", line 31, in read_record
    words = struct.unpack_from("<%%dQ" %% size, data, off)
            ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
struct.error: unpack_from requires a buffer of at least %d bytes for unpacking 56 bytes at offset 376 (actual buffer size is 424)
"""

PY_REJECT = """Traceback (most recent call last):
  File "/home/dev/fxtread/read.py", line 40, in <module>
    main()
  File "/home/dev/fxtread/read.py", line 22, in header
    raise FxtError("record size 0")
fxtread.FxtError: record size 0
"""

JAVA = """Exception in thread "main" java.lang.ArrayIndexOutOfBoundsException: Index %d out of bounds for length 3
\tat dev.fxt.Reader.parseArgs(Reader.java:212)
\tat dev.fxt.Reader.next(Reader.java:90)
\tat dev.fxt.Main.main(Main.java:12)
"""

KOTLIN_OOM = """Exception in thread "main" java.lang.OutOfMemoryError: Java heap space
\tat java.base/java.util.Arrays.copyOf(Arrays.java:3537)
\tat FxtReaderKt.readBlob(FxtReader.kt:57)
\tat FxtReaderKt.main(FxtReader.kt:12)
"""

NODE = """node:internal/buffer:88
  throw new ERR_OUT_OF_RANGE(type || 'offset',
  ^

RangeError [ERR_OUT_OF_RANGE]: The value of "offset" is out of range. It must be >= 0 and <= %d. Received 8
    at boundsError (node:internal/buffer:88:9)
    at Buffer.readUInt32LE (node:internal/buffer:222:5)
    at readHeader (/home/dev/fxtread/reader.js:31:18)
    at Object.<anonymous> (/home/dev/fxtread/main.js:2:1)
    at Module._compile (node:internal/modules/cjs/loader:1521:14)
  code: 'ERR_OUT_OF_RANGE'
}

Node.js v20.20.2
"""

NODE_OOM = """
<--- JS stacktrace --->

FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory
 1: 0xb8d11b node::OOMErrorHandler(char const*, v8::OOMDetails const&) [node]
"""

C_ASSERT = "fxtread: reader.c:%d: read_record: Assertion `size <= 4096' failed.\n"
# clang names the function with its signature (__PRETTY_FUNCTION__)
C_ASSERT_CLANG = ("fxtread: reader.c:%d: int read_record(const struct rd *, size_t): "
                  "Assertion `size <= 4096' failed.\n")

CXX_BAD_ALLOC = "terminate called after throwing an instance of 'std::bad_alloc'\n  what():  std::bad_alloc\n"

ASAN_OVERFLOW = """=================================================================
==%d==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x602000000%03x at pc 0x4c3a2b bp 0x7ffd sp 0x7ffd
READ of size 8 at 0x602000000018 thread T0
    #0 0x4c3a2a in read_word /src/fxtread/words.c:10:12
    #1 0x4c3b10 in read_event /src/fxtread/event.c:44:9
    #2 0x4c4000 in main /src/fxtread/main.c:20:5
SUMMARY: AddressSanitizer: heap-buffer-overflow /src/fxtread/words.c:10:12 in read_word
"""

ASAN_ALLOC = """==7==ERROR: AddressSanitizer: requested allocation size 0xfffffffffffffff8 (0x800 after adjustments for alignment, red zones etc.) exceeds maximum supported size of 0x10000000000 (thread T0)
    #0 0x4a1b2d in malloc
    #1 0x4c3b10 in read_blob /src/fxtread/blob.c:30:15
SUMMARY: AddressSanitizer: allocation-size-too-big in malloc
"""

# A build without debug info (Release): module+offset instead of file:line,
# and the names of the parts gcc splits off or specialises (.cold,
# .constprop.N, .isra.N, .part.N); C++ demangled: " [clone .cold]".
ASAN_NODEBUG = """==%d==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x6020000000%02x at pc 0x55f7b3890170 bp 0x7ffd sp 0x7ffd
READ of size 8 at 0x602000000018 thread T0
    #0 0x55f7b3890170 in read_varint%s (/home/dev/fxtread/build/fxtread+0x18170)
    #1 0x55f7b38963f4 in read_event (/home/dev/fxtread/build/fxtread+0x1e3f4)
    #2 0x55f7b38981f0 in main (/home/dev/fxtread/build/fxtread+0x201f0)
SUMMARY: AddressSanitizer: heap-buffer-overflow (/home/dev/fxtread/build/fxtread+0x18170) in read_varint%s
"""

UBSAN_CXX_NODEBUG = """reader.cc:%d:9: runtime error: division by zero
    #0 0x55f7b3892a1f in fxt::Reader::seconds() %s (/home/dev/fxtread/build/fxtread+0x2a1f)
    #1 0x55f7b38963f4 in fxt::Reader::event() (/home/dev/fxtread/build/fxtread+0x1e3f4)
    #2 0x55f7b38981f0 in main (/home/dev/fxtread/build/fxtread+0x201f0)
"""

# (name, first line, body, pad bytes, expected class, expected runtime, group tag)
CASES = [
    ("go-panic-a", "exit:2", GO_PANIC % (9, "parse.go"), 50, "crash", "go", "goidx"),
    ("go-panic-b", "exit:2", GO_PANIC % (4711, "parse.go"), 0, "crash", "go", "goidx"),
    ("go-panic-c", "exit:2", GO_PANIC % (12, "parse.go"), 900, "crash", "go", "goidx"),
    ("go-div", "exit:2", GO_PANIC_OTHER, 0, "crash", "go", "godiv"),
    ("go-oom-a", "exit:2", GO_OOM % 1099511627776, 0, "oom", "go", "gooom"),
    ("go-oom-b", "exit:2", GO_OOM % 4096000, 10, "oom", "go", "gooom"),
    ("rust-a", "exit:101", RUST_NEW % 9, 0, "crash", "rust", "rustidx"),
    ("rust-b", "exit:101", RUST_NEW % 77, 5, "crash", "rust", "rustidx"),
    ("rust-old", "exit:101", RUST_OLD, 0, "crash", "rust", "rustsub"),
    ("rust-oom", "signal:ABRT", RUST_OOM, 0, "oom", "rust", "rustoom"),
    ("py-a", "exit:1", PY_TB % 17, 0, "crash", "python", "pyidx17"),
    ("py-b", "exit:1", PY_TB % 17, 30, "crash", "python", "pyidx17"),
    ("py-c", "exit:1", PY_TB % 18, 0, "crash", "python", "pyidx18"),
    ("py-oom", "exit:1", PY_OOM, 0, "oom", "python", "pyoom"),
    ("py-struct-a", "exit:1", PY_STRUCT % 432, 0, "crash", "python", "pystruct"),
    ("py-struct-b", "exit:1", PY_STRUCT % 33400, 0, "crash", "python", "pystruct"),
    ("java-a", "exit:1", JAVA % 7, 0, "crash", "jvm", "java"),
    ("java-b", "exit:1", JAVA % 123456, 0, "crash", "jvm", "java"),
    ("kotlin-oom", "exit:1", KOTLIN_OOM, 0, "oom", "jvm", "ktoom"),
    ("node-a", "exit:1", NODE % 0, 0, "crash", "node", "node"),
    ("node-b", "exit:1", NODE % 16, 0, "crash", "node", "node"),
    ("node-oom", "signal:ABRT", NODE_OOM, 0, "oom", "node", "nodeoom"),
    ("c-assert-a", "signal:ABRT", C_ASSERT % 55, 0, "crash", "c", "assert55"),
    ("c-assert-b", "signal:ABRT", C_ASSERT_CLANG % 55, 0, "crash", "c", "assert55"),
    ("cxx-oom", "signal:ABRT", CXX_BAD_ALLOC, 0, "oom", "c", "badalloc"),
    ("asan-a", "exit:1", ASAN_OVERFLOW % (1, 0x10), 0, "crash", "sanitizer", "asan"),
    ("asan-b", "exit:1", ASAN_OVERFLOW % (2, 0x38), 0, "crash", "sanitizer", "asan"),
    ("asan-alloc", "exit:1", ASAN_ALLOC, 0, "oom", "sanitizer", "asanalloc"),
    ("asan-cold", "exit:1", ASAN_NODEBUG % (3, 0x10, ".cold", ".cold"), 0, "crash", "sanitizer",
     "asannodebug"),
    ("asan-constprop", "exit:1", ASAN_NODEBUG % (4, 0x18, ".constprop.0", ".constprop.0"), 0,
     "crash", "sanitizer", "asannodebug"),
    ("asan-isra-part", "exit:1", ASAN_NODEBUG % (5, 0x20, ".isra.0.part.1", ".isra.0.part.1"), 0,
     "crash", "sanitizer", "asannodebug"),
    ("ubsan-cxx-cold", "exit:1", UBSAN_CXX_NODEBUG % (12, "[clone .cold]"), 0, "crash", "sanitizer",
     "ubsancxx"),
    ("ubsan-cxx-clones", "exit:1", UBSAN_CXX_NODEBUG % (12, "[clone .constprop.0] [clone .isra.0]"),
     0, "crash", "sanitizer", "ubsancxx"),
    ("segv", "signal:SEGV", "", 0, "crash", "signal", "segv"),
    ("hog", "alloc:400", "", 0, "oom", "any", "rss"),
    ("hang", "sleep:30", "", 0, "hang", None, "hang"),
]


# (a compiler's name for a function or a part of it, the function in the source)
RENAMED = [
    ("nr_ticks_to_seconds.cold", "nr_ticks_to_seconds"),
    ("nr_blob_alloc.constprop.0", "nr_blob_alloc"),
    ("read_varint.isra.0", "read_varint"),
    ("read_varint.part.3", "read_varint"),
    ("read_varint.isra.0.cold", "read_varint"),
    ("read_varint.constprop.0.isra.0", "read_varint"),
    ("read_varint.lto_priv.0", "read_varint"),
    ("read_varint.llvm.9175281512461402683", "read_varint"),
    ("read_varint.__uniq.1234567890", "read_varint"),
    ("read_varint.specialized.1", "read_varint"),
    ("fill.avx2", "fill"),
    ("read_varint", "read_varint"),
    ("_Z4readPKhm.cold", "_Z4readPKhm"),
    ("fxt::Reader::seconds() [clone .cold]", "fxt::Reader::seconds()"),
    ("fxt::Reader::seconds() [clone .constprop.0] [clone .isra.0]", "fxt::Reader::seconds()"),
    ("fxt::Reader::seconds.cold", "fxt::Reader::seconds"),
    ("fxt::Reader::parse.llvm.42", "fxt::Reader::parse"),
    ("fxt::Reader::parse", "fxt::Reader::parse"),
    ("core::ptr::drop_in_place<fxt::Record>", "core::ptr::drop_in_place<fxt::Record>"),
]


def unit_source_function(conform):
    sys.path.insert(0, os.path.dirname(os.path.abspath(conform)))
    import crashes
    for name, want in RENAMED:
        got = crashes.source_function(name)
        check(got == want, "source_function(%r) = %r (got %r)" % (name, want, got))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--conform", required=True)
    a = ap.parse_args()
    unit_source_function(a.conform)
    with tempfile.TemporaryDirectory() as tmp:
        reader = os.path.join(tmp, "fake.py")
        with open(reader, "w") as f:
            f.write(FAKE)
        cdir = os.path.join(tmp, "corpus")
        os.makedirs(cdir)
        vectors = []
        for name, head, body, pad, *_ in CASES:
            with open(os.path.join(cdir, name + ".fxt"), "w") as f:
                f.write(head + "\n" + body + "--pad--" + "p" * pad)
            vectors.append({"path": name + ".fxt", "verdict": "invalid",
                            "issues": [{"rule": "E0004", "name": "record-too-small"}]})
        # an exception the reader raises on purpose, with --reject-exceptions: a rejection
        with open(os.path.join(cdir, "py-reject.fxt"), "w") as f:
            f.write("exit:1\n" + PY_REJECT + "--pad--")
        vectors.append({"path": "py-reject.fxt", "verdict": "invalid", "issues": []})
        with open(os.path.join(cdir, "manifest.json"), "w") as f:
            json.dump({"vectors": vectors}, f)
        rep = os.path.join(tmp, "r.json")
        argv = [sys.executable, a.conform, "--reader", "%s %s {file}" % (sys.executable, reader),
                "--corpus", cdir, "--generated", "0", "--violations", "none",
                "--timeout", "4", "--rss-limit", "150", "--reject-exceptions", "FxtError",
                "--json", rep, "-j", "4"]
        p = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=300)
        out = p.stdout.decode("utf-8", "replace")
        print(out)
        check(p.returncode == 1, "exit 1 (got %d)" % p.returncode)
        r = json.load(open(rep))
        runs = {os.path.basename(x["path"])[:-4]: x for x in r["runs"]}
        for name, head, body, pad, cls, runtime, tag in CASES:
            x = runs[name]
            check(x["class"] == cls, "%s: class %s (got %s: %s)" % (name, cls, x["class"],
                                                                   x["detail"]))
            if runtime:
                check(x.get("runtime") == runtime, "%s: runtime %s (got %s)"
                      % (name, runtime, x.get("runtime")))
        check(runs["py-reject"]["class"] == "agrees",
              "--reject-exceptions FxtError: an uncaught FxtError is a rejection (got %s)"
              % runs["py-reject"]["class"])
        # grouping: same tag <=> same bug
        tags = {}
        for name, *_, tag in CASES:
            tags.setdefault(tag, []).append(name)
        bug_of = {}
        for b in r["bugs"]:
            for v in b["vectors"]:
                bug_of[os.path.basename(v)[:-4]] = b["signature"]
        check(len(r["bugs"]) == len(tags), "%d distinct bugs (got %d)" % (len(tags), len(r["bugs"])))
        for tag, names in tags.items():
            sigs = {bug_of.get(n) for n in names}
            check(len(sigs) == 1 and None not in sigs, "%s: one bug for %s (%s)" % (tag, names, sigs))
        others = [bug_of.get(names[0]) for names in tags.values()]
        check(len(set(others)) == len(others), "different bugs have different signatures")
        # sites: the reader's own frame, not the runtime's
        for name, want in (("go-panic-a", "main.(*Reader).parse (parse.go:4)"),
                           ("go-div", "fxtread.ticksToSeconds (time.go:17)"),
                           ("go-oom-a", "main.(*Reader).blob (blob.go:5)"),
                           ("rust-a", "src/record.rs:88:21"),
                           ("rust-old", "src/record.rs:120:9"),
                           ("py-a", "parse_event (read.py:17)"),
                           ("py-struct-a", "read_record (read.py:31)"),
                           ("java-a", "dev.fxt.Reader.parseArgs (Reader.java:212)"),
                           ("kotlin-oom", "FxtReaderKt.readBlob (FxtReader.kt:57)"),
                           ("node-a", "readHeader (reader.js:31)"),
                           ("c-assert-a", "read_record (reader.c:55)"),
                           ("asan-a", "read_word (words.c:10:12)"),
                           ("asan-alloc", "read_blob (blob.c:30:15)"),
                           ("asan-cold", "read_varint (fxtread+0x18170)"),
                           ("asan-isra-part", "read_varint (fxtread+0x18170)"),
                           ("ubsan-cxx-clones", "fxt::Reader::seconds() (fxtread+0x2a1f)")):
            check(runs[name].get("site") == want, "%s: site %s (got %s)"
                  % (name, want, runs[name].get("site")))
        check(runs["py-struct-a"].get("signature", "").startswith("python crash: struct.error "),
              "struct.error named (got %s)" % runs["py-struct-a"].get("signature"))
        # count and smallest reproducer
        goidx = next(b for b in r["bugs"] if "go-panic-a.fxt" in b["smallest"]["id"]
                     or "go-panic-b.fxt" in b["smallest"]["id"])
        check(goidx["count"] == 3, "the Go index panic counted 3 times (got %d)" % goidx["count"])
        check(goidx["smallest"]["id"].endswith("go-panic-b.fxt"),
              "smallest reproducer: go-panic-b (got %s)" % goidx["smallest"]["id"])
        check("3x CRASH go crash: panic: runtime error: index out of range [N] with length N at "
              "main.(*Reader).parse (parse.go:4)" in out, "one text line for the Go index panic")
        check(out.count("smallest: ") == len(tags), "one smallest: line per bug")


if __name__ == "__main__":
    main()
    if failures:
        print("%d check(s) failed" % len(failures))
        sys.exit(1)
    print("all checks passed")
