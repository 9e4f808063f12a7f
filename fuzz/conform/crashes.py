# SPDX-License-Identifier: MIT
"""crashes.py - recognise how a reader failed, in any runtime, and group the
failures into distinct bugs (part of fxt-conform; Python 3 standard library).

detect(output, signal_name, exit_code) looks for the crash report of each
runtime in a run's output (standard output and error together) and returns a
Crash: its kind ("crash" or "oom"), the runtime, a one-line summary, the
frames of the reader's own code, and a signature: the same bug (same runtime,
same kind of failure, same site in the reader's code) gives the same
signature whatever the input and whatever the addresses, numbers and sizes in
the message.

Recognised (formats as the runtimes print them):
  C/C++ sanitizers   ==N==ERROR: AddressSanitizer: heap-buffer-overflow ...
                     #0 0x4005d6 in func /src/r.c:12:5
                     file.c:3:9: runtime error: division by zero (UBSan)
                     AddressSanitizer: requested allocation size ... / out of memory (oom)
                     C++ frames by their demangled function (cxxnames.py): templates,
                     operators, lambdas, (anonymous namespace); libstdc++/libc++ frames
                     skipped; libFuzzer's "deadly signal" after an abort: the abort's message
  C/C++ runtime      prog: file.c:12: func: Assertion `x' failed.   (func: void ns::f(int) too)
                     libstdc++ (_GLIBCXX_ASSERTIONS): stl_vector.h:1123: ...: Assertion '..' failed.
                     libc++: vector:1440: _LIBCPP_ASSERT '..' failed. / libc++ assertion '..' failed.
                     terminate called after throwing an instance of 'std::bad_alloc' (oom)
                     libc++abi: terminating with uncaught exception of type std::out_of_range: ..
                     glibc: free(): invalid pointer, *** stack smashing detected ***
  Go                 panic: runtime error: index out of range [9] with length 3
                     goroutine 1 [running]: / main.parse(...) / <TAB>/src/r.go:12 +0x1d
                     fatal error: runtime: out of memory (oom), fatal error: stack overflow
  Rust               thread 'main' panicked at src/lib.rs:5:5:\\n<message>   (1.73+)
                     thread 'main' panicked at '<message>', src/lib.rs:5:5 (older)
                     memory allocation of N bytes failed (oom)
  Python             Traceback (most recent call last): ... File "r.py", line 3, in parse
                     IndexError: index out of range     (MemoryError: oom)
  Java, Kotlin       Exception in thread "main" java.lang.X: msg / <TAB>at Cls.m(R.java:1)
                     java.lang.OutOfMemoryError (oom)
  Node.js            RangeError [ERR_OUT_OF_RANGE]: ... / at parse (/r.js:1:29) ... Node.js v20
                     FATAL ERROR: ... JavaScript heap out of memory (oom)
  any                killed by a signal without a report: grouped by the signal
"""

import re

from cxxnames import function_name

# ---------------------------------------------------------------- helpers ---

_NUM_RE = re.compile(r"0x[0-9a-fA-F]+|\b\d+\b")


def generalise(msg, limit=120):
    """A message with its numbers and addresses taken out, for signatures."""
    return _NUM_RE.sub("N", msg.strip())[:limit]


class Crash:
    def __init__(self, kind, runtime, summary, frames, site, what):
        self.kind = kind            # "crash" or "oom"
        self.runtime = runtime      # "sanitizer", "c", "go", "rust", "python", "jvm", "node", "signal"
        self.summary = summary[:300]
        self.frames = frames        # reader's own frames, innermost first (function names)
        self.site = site            # where: "func (file:line)" or "file:line:col" or ""
        self.what = what            # the kind of failure, generalised
        self.signature = "%s %s: %s%s" % (runtime, kind, what, (" at " + site) if site else "")


# -------------------------------------------------------------- sanitizers ---

_SAN_ERROR_RE = re.compile(
    r"(?:ERROR|WARNING): (AddressSanitizer|LeakSanitizer|MemorySanitizer|ThreadSanitizer|"
    r"HWAddressSanitizer|UndefinedBehaviorSanitizer|libFuzzer): ([^\n]*)")
_UBSAN_RE = re.compile(r"([^\s:]+:\d+(?::\d+)?): runtime error: ([^\n]*)")
# "    #3 0x55ec603877fa in fxt::readString(fxt::DecodeState&, std::__cxx11::basic_string<char,
# std::char_traits<char>, std::allocator<char> >&, unsigned long) /src/r.cc:32:7 (BuildId: ..)":
# a demangled C++ function has spaces, so the location is taken from the end
_SAN_FRAME_RE = re.compile(r"^\s*#\d+ 0x[0-9a-fA-F]+(?:\s+in (.*?)|\s+\([^()\n]*\))?"
                           r"(?: \(BuildId: [0-9a-fA-F]+\))?\s*$")
_SAN_LOC_RE = re.compile(r"^(.*?) (?:\(([^()\s]+\+0x[0-9a-fA-F]+)\)|(\S+:\d+(?::\d+)?))$")
_SAN_SKIP_PREFIX = ("__asan", "__ubsan", "__sanitizer", "__interceptor", "___interceptor",
                    "__libc_", "__lsan", "__msan", "__tsan", "fuzzer::", "LLVMFuzzerRunDriver",
                    "operator new", "operator delete", "std::", "__gnu_cxx::", "__cxxabiv1::",
                    "__cxa_", "__pthread_", "__GI_", "__assert_fail")
_SAN_SKIP = ("_start", "malloc", "calloc", "realloc", "free", "reallocarray", "aligned_alloc",
             "abort", "raise", "gsignal", "pthread_kill", "memcpy", "memmove", "memset", "memcmp",
             "strlen", "strcmp", "strncmp", "bcmp")
# frames in the C and C++ runtimes (libstdc++, libc++ headers inlined into the reader)
_SYS_LOC_RE = re.compile(r"(?:^|/)lib(?:c|m|stdc\+\+|c\+\+|c\+\+abi|gcc_s|pthread)\.so|"
                         r"^/usr/include/|/include/c\+\+/")
_SAN_OOM_RE = re.compile(r"allocation-size-too-big|requested allocation size|out of memory|"
                         r"out-of-memory|allocator is out of memory|rss limit exhausted|"
                         r"malloc limit")


# Suffixes compilers give the parts and copies of a function they split,
# specialise or localise (gcc: .cold, .part.N, .isra.N, .constprop.N,
# .lto_priv.N, .clone.N, .localalias; clang: .llvm.N, .__uniq.N,
# .specialized.N; target_clones: .avx2, .default), chained at times
# ("f.isra.0.cold"); demangled C++ says " [clone .cold]". Without debug
# info a crash in a split-off part names the part: it is grouped under the
# function the source calls it. A C identifier has no dot, so whatever
# follows one in a plain name is the compiler's; in C++ and Rust names only
# the known suffixes are taken off.
_C_CLONE_RE = re.compile(r"([A-Za-z_]\w*)\.[\w.$]+")
_CLONE_SUFFIX_RE = re.compile(r"(?:\.(?:cold|hot|unlikely|part|isra|constprop|lto_priv|clone|"
                              r"localalias|llvm|__uniq|specialized)(?:\.\d+)*)+$")
_CLONE_NOTE_RE = re.compile(r"(?: \[clone \.[^\]]*\])+$")


def source_function(name):
    """NAME without the suffixes a compiler adds to the parts and copies of
    a function ("nr_blob_alloc.constprop.0" -> "nr_blob_alloc")."""
    name = _CLONE_NOTE_RE.sub("", name)
    m = _C_CLONE_RE.fullmatch(name)
    if m:
        return m.group(1)
    return _CLONE_SUFFIX_RE.sub("", name) or name


def _san_frames(out, start=0):
    """The reader's own frames of the first stack trace after START, and
    their locations ("r.cc:32:7", or "reader+0x143d2" without debug info)."""
    frames, sites, seen = [], [], False
    for line in out[start:].split("\n"):
        m = _SAN_FRAME_RE.match(line)
        if not m:
            if seen:
                break  # the end of the first stack ("allocated by thread T0 here:" follows)
            continue
        seen = True
        rest = m.group(1) or ""
        loc = _SAN_LOC_RE.match(rest)
        fn, where = (loc.group(1), loc.group(2) or loc.group(3)) if loc else (rest, "")
        if not fn:
            continue
        name = function_name(source_function(fn))
        if name.startswith(_SAN_SKIP_PREFIX) or name in _SAN_SKIP or _SYS_LOC_RE.search(where):
            continue
        frames.append(name)
        sites.append(re.sub(r"^.*/", "", where))
        if len(frames) == 8:
            break
    return frames, sites


def _sanitizer(out):
    m = _SAN_ERROR_RE.search(out)
    u = _UBSAN_RE.search(out)
    if not m and not u:
        return None
    first = min(x.start() for x in (m, u) if x)
    frames, sites = _san_frames(out, first)
    if m:
        tool, msg = m.group(1), m.group(2)
        # "heap-buffer-overflow on address 0x... at pc ..." -> "heap-buffer-overflow"
        what = "%s: %s" % (tool, generalise(re.split(r" on (?:unknown )?address| at pc|\(", msg)[0]))
        if "SEGV" in msg:
            what = "%s: SEGV" % tool
        kind = "oom" if _SAN_OOM_RE.search(msg) else "crash"
        summary = m.group(0)
    else:
        what = "UBSan: " + generalise(u.group(2), 80)
        kind = "crash"
        summary = u.group(0)
    site = ""
    if frames:
        site = frames[0] + (" (%s)" % sites[0] if sites[0] else "")
    elif u:
        site = re.sub(r"^.*/", "", u.group(1))
    return Crash(kind, "sanitizer", summary.strip(), frames, site, what)


# ------------------------------------------------------------------ C/C++ ---

# glibc assert() and libstdc++'s _GLIBCXX_ASSERTIONS (no program name, 'x'):
#   prog: r.cc:27: void fxt::checkArg(int): Assertion `type < 9' failed.
#   /usr/include/c++/12/bits/stl_vector.h:1123: std::vector<_Tp, _Alloc>::reference
#     std::vector<_Tp, _Alloc>::operator[](size_type) [with _Tp = int; ...]: Assertion '__n < this->size()' failed.
# The function is C++'s __PRETTY_FUNCTION__: colons and spaces anywhere.
_ASSERT_RE = re.compile(r"(?m)^(?:[^\n:]*: )?([^\s:]+:\d+): (.+?): Assertion [`']([^\n]*)' failed\.[ \t]*$")
# libc++: 14 "vector:1440: _LIBCPP_ASSERT '__n < size()' failed. vector[] index out of bounds",
# 15-16 "...: libc++ assertion '...' failed. msg", 17+ "...: assertion __n < size() failed: msg"
_LIBCXX_ASSERT_RE = re.compile(r"(?m)^([^\s:]+:\d+): (?:_LIBCPP_ASSERT '([^\n]*)' failed\.|"
                               r"libc\+\+ assertion '([^\n]*)' failed\.|"
                               r"(?:libc\+\+ Hardening )?assertion ([^\n]*?) failed:)[ \t]*([^\n]*)$")
_TERMINATE_RE = re.compile(r"terminate called after throwing an instance of '([^'\n]+)'"
                           r"(?:\n  what\(\):  ([^\n]*))?|"
                           r"libc\+\+abi: terminating (?:with|due to) uncaught exception of type "
                           r"([^\n:]+(?:::[^\n:]+)*)(?:: ([^\n]*))?")
_TERMINATE_PLAIN_RE = re.compile(r"terminate called without an active exception|"
                                 r"libc\+\+abi: terminating\s*$", re.M)
_GLIBC_RE = re.compile(r"(?m)^(?:\*\*\* )?((?:malloc|free|realloc|double free|corrupted|"
                       r"munmap_chunk|stack smashing)[^\n]*?)(?: \*\*\*)?(?:: terminated)?$")


def _c_runtime(out):
    m = _ASSERT_RE.search(out)
    if m:
        site = re.sub(r"^.*/", "", m.group(1))
        fn = function_name(source_function(m.group(2)))
        return Crash("crash", "c", m.group(0), [fn], "%s (%s)" % (fn, site),
                     "assertion `%s' failed" % m.group(3)[:80])
    m = _LIBCXX_ASSERT_RE.search(out)
    if m:
        expr = m.group(2) or m.group(3) or m.group(4)
        return Crash("crash", "c", m.group(0), [], re.sub(r"^.*/", "", m.group(1)),
                     "libc++ assertion `%s' failed" % expr[:80])
    m = _TERMINATE_RE.search(out)
    if m:
        exc = m.group(1) or m.group(3)
        msg = m.group(2) if m.group(1) else m.group(4)
        kind = "oom" if exc in ("std::bad_alloc", "std::length_error") else "crash"
        what = "uncaught C++ exception " + exc
        if msg and msg.strip() != exc:  # "what():  vector::_M_range_check: __n (which is N) ..."
            what += ": " + generalise(msg, 80)
        return Crash(kind, "c", m.group(0), [], "", what)
    m = _TERMINATE_PLAIN_RE.search(out)
    if m:
        return Crash("crash", "c", m.group(0), [], "", "std::terminate called")
    m = _GLIBC_RE.search(out)
    if m:
        return Crash("crash", "c", m.group(0), [], "", "glibc: " + generalise(m.group(1), 60))
    return None


# --------------------------------------------------------------------- Go ---

_GO_PANIC_RE = re.compile(r"(?m)^panic: ([^\n]*)")
_GO_FATAL_RE = re.compile(r"(?m)^fatal error: ([^\n]*)")
_GO_GOROUTINE_RE = re.compile(r"(?m)^goroutine \d+ (?:gp=\S+ m=\S+ (?:mp=\S+ )?)?\[[^\]]*\]:\n")
# "main.(*Reader).parse(0xc000010000, {0xc00001, 0x3, 0x3})" then "<TAB>/src/r.go:12 +0x1d":
# the function is everything before the last, paren-free argument list
_GO_FRAME_RE = re.compile(r"(?m)^(\S[^\n]*)\([^()\n]*\)\n\t([^\n:]+):(\d+)")


def _go_frames(out, start):
    """Frames of the first goroutine after START: (function, file:line), the
    runtime's own and panic() left out."""
    g = _GO_GOROUTINE_RE.search(out, start)
    if not g:
        return [], []
    end = out.find("\n\n", g.end())
    block = out[g.end():end if end >= 0 else len(out)]
    frames, sites = [], []
    for m in _GO_FRAME_RE.finditer(block):
        fn = m.group(1)
        if fn.startswith(("runtime.", "panic", "testing.", "created by", "internal/")):
            continue
        frames.append(fn)
        sites.append("%s:%s" % (re.sub(r"^.*/", "", m.group(2)), m.group(3)))
        if len(frames) == 8:
            break
    return frames, sites


def _go(out):
    p = _GO_PANIC_RE.search(out)
    f = _GO_FATAL_RE.search(out)
    if p and (not f or p.start() < f.start()) and _GO_GOROUTINE_RE.search(out, p.end()):
        msg = p.group(1)
        # "runtime error: index out of range [9] with length 3" -> "... [N] with length N"
        what = "panic: " + generalise(re.sub(r"\s*\[recovered\].*", "", msg), 80)
        frames, sites = _go_frames(out, p.end())
        kind = "crash"
        site = "%s (%s)" % (frames[0], sites[0]) if frames else ""
        return Crash(kind, "go", p.group(0), frames, site, what)
    if f and (_GO_GOROUTINE_RE.search(out, f.end()) or "runtime stack:" in out):
        msg = f.group(1)
        kind = "oom" if "out of memory" in msg else "crash"
        frames, sites = _go_frames(out, f.end())
        site = "%s (%s)" % (frames[0], sites[0]) if frames else ""
        return Crash(kind, "go", f.group(0), frames, site, "fatal error: " + generalise(msg, 80))
    return None


# ------------------------------------------------------------------- Rust ---

# 1.73+: thread 'main' panicked at src/main.rs:5:5:\n<msg>   (1.80+ adds " (TID)")
_RUST_NEW_RE = re.compile(r"thread '([^'\n]*)'(?: \(\d+\))? panicked at ([^\n']+?):(\d+):(\d+):\n([^\n]*)")
# before 1.73: thread 'main' panicked at '<msg>', src/main.rs:5:5
_RUST_OLD_RE = re.compile(r"thread '([^'\n]*)'(?: \(\d+\))? panicked at '([^\n]*)', ([^\n]+?):(\d+):(\d+)")
_RUST_OOM_RE = re.compile(r"memory allocation of \d+ bytes failed")
_RUST_BT_RE = re.compile(r"(?m)^\s+\d+: (\S+)\n\s+at ([^\n]+)")


def _rust(out):
    m = _RUST_NEW_RE.search(out)
    if m:
        loc, msg = "%s:%s:%s" % (m.group(2), m.group(3), m.group(4)), m.group(5)
    else:
        m = _RUST_OLD_RE.search(out)
        if m:
            loc, msg = "%s:%s:%s" % (m.group(3), m.group(4), m.group(5)), m.group(2)
    if m:
        frames = [f.group(1) for f in _RUST_BT_RE.finditer(out)
                  if not f.group(1).startswith(("std::", "core::", "alloc::", "__rust",
                                                "rust_begin_unwind", "<alloc", "<core"))][:8]
        kind = "oom" if "capacity overflow" in msg else "crash"
        return Crash(kind, "rust", m.group(0).replace("\n", " "), frames, loc,
                     "panicked: " + generalise(msg, 80))
    m = _RUST_OOM_RE.search(out)
    if m:
        return Crash("oom", "rust", m.group(0), [], "", "memory allocation of N bytes failed")
    return None


# ----------------------------------------------------------------- Python ---

_PY_TB_RE = re.compile(r"(?m)^Traceback \(most recent call last\):\n")
_PY_FILE_RE = re.compile(r'(?m)^  File "([^"\n]+)", line (\d+), in ([^\n]+)')
# (module exceptions named in lower case too: struct.error, zlib.error)
_PY_EXC_RE = re.compile(r"(?m)^([A-Za-z_][\w.]*(?:Error|Exception|Exit|Interrupt|Warning|"
                        r"Iteration|[A-Z]\w*)|[A-Za-z_]\w*\.error)(?:: ([^\n]*))?$")


def _python(out, reject_exceptions):
    tbs = list(_PY_TB_RE.finditer(out))
    if not tbs:
        return None
    tb = tbs[-1]  # the last one: "During handling ... another exception occurred" chains
    rest = out[tb.end():]
    files = list(_PY_FILE_RE.finditer(rest))
    exc = None
    after = files[-1].end() if files else 0
    for m in _PY_EXC_RE.finditer(rest, after):
        exc = m
        break
    name = exc.group(1) if exc else "exception"
    msg = (exc.group(2) or "") if exc else ""
    if name.split(".")[-1] in reject_exceptions:
        return None
    frames = [f.group(3) for f in reversed(files)][:8]
    site = ""
    if files:
        f = files[-1]
        site = "%s (%s:%s)" % (f.group(3), re.sub(r"^.*/", "", f.group(1)), f.group(2))
    kind = "oom" if name == "MemoryError" else "crash"
    return Crash(kind, "python", (name + (": " + msg if msg else "")), frames, site, name)


# ------------------------------------------------------------ JVM (Java/Kotlin) ---

_JVM_EXC_RE = re.compile(r'(?m)^Exception in thread "[^"\n]*" ([\w.$]+)(?:: ([^\n]*))?$')
_JVM_AT_RE = re.compile(r"(?m)^\s+at ([\w.$<>/]+)\(([^)\n]*)\)")
_JVM_SKIP = ("java.", "javax.", "jdk.", "sun.", "kotlin.", "com.sun.")


def _jvm(out, reject_exceptions):
    m = _JVM_EXC_RE.search(out)
    if not m:
        return None
    name = m.group(1)
    if name.split(".")[-1] in reject_exceptions:
        return None
    ats = [(a.group(1), a.group(2)) for a in _JVM_AT_RE.finditer(out, m.end())]
    own = [a for a in ats if not a[0].startswith(_JVM_SKIP)] or ats
    frames = [a[0] for a in own][:8]
    site = "%s (%s)" % own[0] if own else ""
    kind = "oom" if name.endswith("OutOfMemoryError") else "crash"
    return Crash(kind, "jvm", m.group(0), frames, site, name)


# ---------------------------------------------------------------- Node.js ---

_NODE_OOM_RE = re.compile(r"FATAL ERROR: [^\n]*(?:JavaScript heap out of memory|Allocation failed)"
                          r"[^\n]*")
_NODE_ERR_RE = re.compile(r"(?m)^(?:Uncaught )?([A-Z]\w*(?:Error|Exception)|Error)"
                          r"(?: \[(\w+)\])?: ([^\n]*)\n(?=\s+at )")
_NODE_AT_RE = re.compile(r"(?m)^\s+at (?:(?:async )?(\S[^\n(]*?) \()?([^\n()]+?):(\d+):(\d+)\)?$")


def _node(out, reject_exceptions):
    m = _NODE_OOM_RE.search(out)
    if m:
        return Crash("oom", "node", m.group(0), [], "", "JavaScript heap out of memory")
    m = _NODE_ERR_RE.search(out)
    if not m or not re.search(r"(?m)^Node\.js v\d|node:internal|\(node:", out):
        return None
    name = m.group(1) + (" [%s]" % m.group(2) if m.group(2) else "")
    if m.group(1) in reject_exceptions:
        return None
    frames, site = [], ""
    for a in _NODE_AT_RE.finditer(out, m.end()):
        fn, path = (a.group(1) or "<anonymous>").strip(), a.group(2)
        if path.startswith(("node:", "internal/")) or "/node_modules/" in path:
            continue
        frames.append(fn)
        if not site:
            site = "%s (%s:%s)" % (fn, re.sub(r"^.*/", "", path), a.group(3))
        if len(frames) == 8:
            break
    kind = "oom" if "Array buffer allocation failed" in m.group(3) else "crash"
    return Crash(kind, "node", m.group(0).strip(), frames, site, name)


# ------------------------------------------------------------------ entry ---

def detect(out, signal=None, exit_code=None, reject_exceptions=()):
    """The crash in a run's OUTPUT, or None. SIGNAL names the signal that
    killed the reader (None if it exited). REJECT_EXCEPTIONS: exception class
    names (Python, JVM, Node) that the reader throws on purpose to reject a
    trace; an uncaught one of these is a rejection, not a crash."""
    c = _sanitizer(out)
    if c and c.what == "libFuzzer: deadly signal":
        # an assert() or uncaught exception under libFuzzer: its message says
        # what failed, the stack where (when the message does not)
        r = _c_runtime(out)
        if r:
            if not r.site and c.site:
                r = Crash(r.kind, r.runtime, r.summary, c.frames, c.site, r.what)
            return r
    if c:
        return c
    for fn in (_go, _rust):
        c = fn(out)
        if c:
            return c
    for fn in (_python, _jvm, _node):
        c = fn(out, reject_exceptions)
        if c:
            return c
    c = _c_runtime(out)
    if c:
        return c
    if signal:
        return Crash("crash", "signal", "killed by " + signal, [], "", "killed by " + signal)
    return None


def group(runs):
    """Groups failed runs (class crash, oom or hang) into distinct bugs:
    [{signature, class, runtime, count, smallest, summary, vectors}], most
    frequent first. A run needs: class, signature (crash/oom), id, bytes."""
    bugs = {}
    for r in runs:
        if r["class"] not in ("crash", "oom", "hang"):
            continue
        sig = r.get("signature") or ("hang: no exit within the timeout" if r["class"] == "hang"
                                     else r["class"])
        b = bugs.setdefault(sig, {"signature": sig, "class": r["class"],
                                  "runtime": r.get("runtime", ""), "count": 0,
                                  "smallest": None, "summary": r.get("detail", ""),
                                  "vectors": []})
        b["count"] += 1
        b["vectors"].append(r["id"])
        size = r.get("bytes")
        s = b["smallest"]
        if s is None or (size is not None and (s["bytes"] is None or size < s["bytes"])):
            b["smallest"] = {"id": r["id"], "bytes": size, "path": r.get("path"),
                             "regenerate": r.get("regenerate")}
            b["summary"] = r.get("detail", b["summary"])
    return sorted(bugs.values(), key=lambda b: (-b["count"], b["signature"]))
