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

# C++ readers. Printed on this machine (Debian 12: g++ 12.2, clang++ 14,
# glibc 2.36, libstdc++ 12, libc++ 14) by a tiny C++ reader built with
# -fsanitize=address,undefined (UBSAN_OPTIONS=print_stacktrace=1), with
# -D_GLIBCXX_ASSERTIONS, with -stdlib=libc++ -D_LIBCPP_DEBUG=0, and as a
# libFuzzer harness; only the paths, the program name and the numbers that
# vary per run are changed (line numbers where the same function must give
# two sites).
CXX_ASSERT = ("fxtread: reader.cc:%d: void fxt::checkArg(int): "
              "Assertion `type < 9 && \"argument type\"' failed.\n")
CXX_ASSERT_LAMBDA_CLANG = ("fxtread: r.cc:65: auto main(int, char **)::(anonymous class)::"
                           "operator()(int) const: Assertion `k < 3' failed.\n")
CXX_ASSERT_LAMBDA_GCC = "fxtread: r.cc:65: main(int, char**)::<lambda(int)>: Assertion `k < 3' failed.\n"
# clang: a templated parameter list, libstdc++'s own frames first, BuildId notes
ASAN_CXX_STRING = """=================================================================
==%d==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x602000000020 at pc 0x55ec602e1664 bp 0x7fff3f77aea0 sp 0x7fff3f77a668
READ of size 40 at 0x602000000020 thread T0
    #0 0x55ec602e1663 in __interceptor_memcpy (/home/dev/fxtread/build/fxtread+0x48663) (BuildId: bcdb3a14616ab101e2d6b0b072f5304b762b4993)
    #1 0x7f5dee53fd1f in std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >::_M_mutate(unsigned long, unsigned long, char const*, unsigned long) (/lib/x86_64-linux-gnu/libstdc++.so.6+0x13fd1f) (BuildId: 289ee39f8c07bd4fa48102dfeeb7e6f9c76158b4)
    #2 0x7f5dee540d6d in std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >::_M_replace(unsigned long, unsigned long, char const*, unsigned long) (/lib/x86_64-linux-gnu/libstdc++.so.6+0x140d6d) (BuildId: 289ee39f8c07bd4fa48102dfeeb7e6f9c76158b4)
    #3 0x55ec603877fa in fxt::readString(fxt::DecodeState&, std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >&, unsigned long) /home/dev/fxtread/r.cc:%d:7
    #4 0x55ec60387cca in main /home/dev/fxtread/r.cc:55:13
    #5 0x7f5dee165249 in __libc_start_call_main csu/../sysdeps/nptl/libc_start_call_main.h:58:16
    #6 0x7f5dee165304 in __libc_start_main csu/../csu/libc-start.c:360:3
    #7 0x55ec602c7410 in _start (/home/dev/fxtread/build/fxtread+0x2e410) (BuildId: bcdb3a14616ab101e2d6b0b072f5304b762b4993)

0x602000000020 is located 0 bytes to the right of 16-byte region [0x602000000010,0x602000000020)
allocated by thread T0 here:
    #0 0x55e9933fa02d in operator new(unsigned long) (/home/dev/fxtread/build/fxtread+0xec02d) (BuildId: bcdb3a14616ab101e2d6b0b072f5304b762b4993)
    #1 0x55e9934056d7 in std::__new_allocator<unsigned long>::allocate(unsigned long, void const*) /usr/bin/../lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12/bits/new_allocator.h:137:27
    #2 0x55e993405ab1 in fxt::DecodeState::grow(unsigned long) /home/dev/fxtread/r.cc:12:3
"""
# gcc: a function template (return type first), no column
ASAN_CXX_TEMPLATE = """=================================================================
==%d==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x602000000038 at pc 0x55f215384a2f bp 0x7ffed99fc5c0 sp 0x7ffed99fc5b8
READ of size 8 at 0x602000000038 thread T0
    #0 0x55f215384a2e in long fxt::readValue<long>(fxt::DecodeState&, unsigned long) /home/dev/fxtread/r.cc:38
    #1 0x55f215381b6b in main /home/dev/fxtread/r.cc:56
    #2 0x7f1858645249 in __libc_start_call_main ../sysdeps/nptl/libc_start_call_main.h:58
    #3 0x7f1858645304 in __libc_start_main_impl ../csu/libc-start.c:360
    #4 0x55f215381300 in _start (/home/dev/fxtread/build/fxtread+0x16300)

0x602000000038 is located 24 bytes to the right of 16-byte region [0x602000000010,0x602000000020)
allocated by thread T0 here:
    #0 0x7f18594b94c8 in operator new(unsigned long) ../../../../src/libsanitizer/asan/asan_new_delete.cpp:95
    #1 0x55f21538b050 in std::__new_allocator<unsigned long>::allocate(unsigned long, void const*) /usr/include/c++/12/bits/new_allocator.h:137
"""
ASAN_CXX_ANON = """=================================================================
==%d==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x602000000058 at pc 0x5618828fc5af bp 0x7ffcd9f504f0 sp 0x7ffcd9f504e8
READ of size 8 at 0x602000000058 thread T0
    #0 0x5618828fc5ae in fxt::(anonymous namespace)::peek(fxt::DecodeState const&, unsigned long) /home/dev/fxtread/r.cc:15:64
    #1 0x5618828fbda5 in main /home/dev/fxtread/r.cc:59:25
    #2 0x7f9b9fe45249 in __libc_start_call_main csu/../sysdeps/nptl/libc_start_call_main.h:58:16
    #3 0x7f9b9fe45304 in __libc_start_main csu/../csu/libc-start.c:360:3
    #4 0x56188283b410 in _start (/home/dev/fxtread/build/fxtread+0x2e410) (BuildId: bcdb3a14616ab101e2d6b0b072f5304b762b4993)

"""
ASAN_CXX_LAMBDA = """=================================================================
==%d==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x602000000048 at pc 0x55b754f5c70c bp 0x7ffed91f2fe0 sp 0x7ffed91f2fd8
READ of size 8 at 0x602000000048 thread T0
    #0 0x55b754f5c70b in main::$_1::operator()(unsigned long) const /home/dev/fxtread/r.cc:62:55
    #1 0x55b754f5bee1 in main /home/dev/fxtread/r.cc:62:81
    #2 0x7fec56565249 in __libc_start_call_main csu/../sysdeps/nptl/libc_start_call_main.h:58:16

"""
UBSAN_CXX_TEMPLATE = """r.cc:40:27: runtime error: shift exponent %d is too large for 64-bit type 'uint64_t' (aka 'unsigned long')
    #0 0x564f26c84396 in int fxt::readValue<int>(fxt::DecodeState&, unsigned long) /home/dev/fxtread/r.cc:40:27
    #1 0x564f26c824e4 in main /home/dev/fxtread/r.cc:57:25
    #2 0x7f0fe8965249 in __libc_start_call_main csu/../sysdeps/nptl/libc_start_call_main.h:58:16
    #3 0x7f0fe8965304 in __libc_start_main csu/../csu/libc-start.c:360:3
    #4 0x564f26c584c0 in _start (/home/dev/fxtread/build/fxtread+0xf4c0) (BuildId: 23423de3e035eda0eb5ba78439c4de9a8d0174ba)

SUMMARY: UndefinedBehaviorSanitizer: undefined-behavior r.cc:40:27 in 
"""
GLIBCXX_ASSERT = ("/usr/include/c++/12/bits/stl_vector.h:1123: std::vector<_Tp, _Alloc>::reference "
                  "std::vector<_Tp, _Alloc>::operator[](size_type) [with _Tp = int; _Alloc = "
                  "std::allocator<int>; reference = int&; size_type = long unsigned int]: "
                  "Assertion '__n < this->size()' failed.\n")
GLIBCXX_RANGE = ("terminate called after throwing an instance of 'std::out_of_range'\n"
                 "  what():  vector::_M_range_check: __n (which is %d) >= this->size() (which is 1)\n")
GLIBCXX_MAP_AT = "terminate called after throwing an instance of 'std::out_of_range'\n  what():  map::at\n"
LIBCXX_ASSERT = ("/usr/lib/llvm-14/bin/../include/c++/v1/vector:1440: _LIBCPP_ASSERT '__n < size()' "
                 "failed. vector[] index out of bounds\n")
# libc++ 15 and 16 (src/assert.cpp: "%s:%d: libc++ assertion '%s' failed. %s\n"; the
# format from the source, not run here)
LIBCXX15_ASSERT = ("/usr/lib/llvm-15/bin/../include/c++/v1/vector:1416: libc++ assertion "
                   "'__n < size()' failed. vector[] index out of bounds\n")
LIBCXXABI_EXC = "libc++abi: terminating with uncaught exception of type std::out_of_range: vector\n"
LIBFUZZER_ASSERT = """Running: crash-0b1f
fxtread-fuzz: fz.cc:5: void fxt::(anonymous namespace)::checkArg(int): Assertion `type < 9 && "argument type"' failed.
==%d== ERROR: libFuzzer: deadly signal
    #0 0x55ccc83c1ca1 in __sanitizer_print_stack_trace (/home/dev/fxtread/build/fxtread-fuzz+0xe9ca1) (BuildId: c9521adb760be840fe8804e0454060071d92aa9e)
    #1 0x55ccc83345f8 in fuzzer::PrintStackTrace() (/home/dev/fxtread/build/fxtread-fuzz+0x5c5f8) (BuildId: c9521adb760be840fe8804e0454060071d92aa9e)
    #2 0x55ccc8319ec3 in fuzzer::Fuzzer::CrashCallback() (/home/dev/fxtread/build/fxtread-fuzz+0x41ec3) (BuildId: c9521adb760be840fe8804e0454060071d92aa9e)
    #3 0x7f62be85a04f  (/lib/x86_64-linux-gnu/libc.so.6+0x3c04f) (BuildId: 93ac61ec5a8eb1396f9fbd350e3169a558528a40)
    #4 0x7f62be8a8eeb in __pthread_kill_implementation nptl/./nptl/pthread_kill.c:43:17
    #5 0x7f62be859fb1 in raise signal/../sysdeps/posix/raise.c:26:13
    #6 0x7f62be844471 in abort stdlib/./stdlib/abort.c:79:7
    #7 0x7f62be844394 in __assert_fail_base assert/./assert/assert.c:94:3
    #8 0x7f62be852ec1 in __assert_fail assert/./assert/assert.c:103:3
    #9 0x55ccc83f5039 in fxt::(anonymous namespace)::checkArg(int) /home/dev/fxtread/fz.cc:5:27
    #10 0x55ccc83f5039 in LLVMFuzzerTestOneInput /home/dev/fxtread/fz.cc:8:14
    #11 0x55ccc831b2b3 in fuzzer::Fuzzer::ExecuteCallback(unsigned char const*, unsigned long) (/home/dev/fxtread/build/fxtread-fuzz+0x432b3) (BuildId: c9521adb760be840fe8804e0454060071d92aa9e)

NOTE: libFuzzer has rudimentary signal handlers.
      Combine libFuzzer with AddressSanitizer or similar for better crash reports.
SUMMARY: libFuzzer: deadly signal
"""
# libFuzzer's deadly signal after an uncaught exception: the site from the stack
LIBFUZZER_EXC = """terminate called after throwing an instance of 'std::length_error'
  what():  vector::_M_default_append
==%d== ERROR: libFuzzer: deadly signal
    #0 0x55ccc83c1ca1 in __sanitizer_print_stack_trace (/home/dev/fxtread/build/fxtread-fuzz+0xe9ca1) (BuildId: c9521adb760be840fe8804e0454060071d92aa9e)
    #1 0x55ccc83345f8 in fuzzer::PrintStackTrace() (/home/dev/fxtread/build/fxtread-fuzz+0x5c5f8) (BuildId: c9521adb760be840fe8804e0454060071d92aa9e)
    #2 0x7f62be8a8eeb in __pthread_kill_implementation nptl/./nptl/pthread_kill.c:43:17
    #3 0x7f62be844471 in abort stdlib/./stdlib/abort.c:79:7
    #4 0x7f62bec9d919  (/lib/x86_64-linux-gnu/libstdc++.so.6+0x9d919) (BuildId: 289ee39f8c07bd4fa48102dfeeb7e6f9c76158b4)
    #5 0x7f62beca8e19  (/lib/x86_64-linux-gnu/libstdc++.so.6+0xa8e19) (BuildId: 289ee39f8c07bd4fa48102dfeeb7e6f9c76158b4)
    #6 0x7f62beca8e84 in std::terminate() (/lib/x86_64-linux-gnu/libstdc++.so.6+0xa8e84) (BuildId: 289ee39f8c07bd4fa48102dfeeb7e6f9c76158b4)
    #7 0x7f62beca90d7 in __cxa_throw (/lib/x86_64-linux-gnu/libstdc++.so.6+0xa90d7) (BuildId: 289ee39f8c07bd4fa48102dfeeb7e6f9c76158b4)
    #8 0x7f62beca0240 in std::__throw_length_error(char const*) (/lib/x86_64-linux-gnu/libstdc++.so.6+0xa0240) (BuildId: 289ee39f8c07bd4fa48102dfeeb7e6f9c76158b4)
    #9 0x55ccc83f6a10 in std::vector<unsigned long, std::allocator<unsigned long> >::_M_default_append(unsigned long) /usr/bin/../lib/gcc/x86_64-linux-gnu/12/../../../../include/c++/12/bits/vector.tcc:650:4
    #10 0x55ccc83f5122 in fxt::Reader::readBlob(unsigned long) /home/dev/fxtread/fz.cc:%d:9
    #11 0x55ccc83f5039 in LLVMFuzzerTestOneInput /home/dev/fxtread/fz.cc:8:14

SUMMARY: libFuzzer: deadly signal
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
    ("cxx-assert-a", "signal:ABRT", CXX_ASSERT % 27, 0, "crash", "c", "cxxassert27"),
    ("cxx-assert-b", "signal:ABRT", CXX_ASSERT % 27, 9, "crash", "c", "cxxassert27"),
    ("cxx-assert-c", "signal:ABRT", CXX_ASSERT % 31, 0, "crash", "c", "cxxassert31"),
    ("cxx-assert-lambda-clang", "signal:ABRT", CXX_ASSERT_LAMBDA_CLANG, 0, "crash", "c",
     "cxxlambdaclang"),
    ("cxx-assert-lambda-gcc", "signal:ABRT", CXX_ASSERT_LAMBDA_GCC, 0, "crash", "c", "cxxlambdagcc"),
    ("asan-cxx-string-a", "exit:1", ASAN_CXX_STRING % (11, 32), 0, "crash", "sanitizer", "cxxstr32"),
    ("asan-cxx-string-b", "exit:1", ASAN_CXX_STRING % (12, 32), 4, "crash", "sanitizer", "cxxstr32"),
    ("asan-cxx-string-c", "exit:1", ASAN_CXX_STRING % (13, 34), 0, "crash", "sanitizer", "cxxstr34"),
    ("asan-cxx-template", "exit:1", ASAN_CXX_TEMPLATE % 14, 0, "crash", "sanitizer", "cxxtemplate"),
    ("asan-cxx-anon", "exit:1", ASAN_CXX_ANON % 15, 0, "crash", "sanitizer", "cxxanon"),
    ("asan-cxx-lambda", "exit:1", ASAN_CXX_LAMBDA % 16, 0, "crash", "sanitizer", "cxxlambda"),
    ("ubsan-cxx-template-a", "exit:1", UBSAN_CXX_TEMPLATE % 70, 0, "crash", "sanitizer", "cxxshift"),
    ("ubsan-cxx-template-b", "exit:1", UBSAN_CXX_TEMPLATE % 64, 0, "crash", "sanitizer", "cxxshift"),
    ("glibcxx-assert", "signal:ABRT", GLIBCXX_ASSERT, 0, "crash", "c", "glibcxxassert"),
    ("glibcxx-range-a", "signal:ABRT", GLIBCXX_RANGE % 3, 0, "crash", "c", "glibcxxrange"),
    ("glibcxx-range-b", "signal:ABRT", GLIBCXX_RANGE % 70, 0, "crash", "c", "glibcxxrange"),
    ("glibcxx-map-at", "signal:ABRT", GLIBCXX_MAP_AT, 0, "crash", "c", "glibcxxmapat"),
    ("libcxx-assert", "signal:ABRT", LIBCXX_ASSERT, 0, "crash", "c", "libcxxassert"),
    ("libcxx15-assert", "signal:ABRT", LIBCXX15_ASSERT, 0, "crash", "c", "libcxx15assert"),
    ("libcxxabi-exc", "signal:ABRT", LIBCXXABI_EXC, 0, "crash", "c", "libcxxabi"),
    ("libfuzzer-assert", "signal:ABRT", LIBFUZZER_ASSERT % 17, 0, "crash", "c", "lfassert"),
    ("libfuzzer-exc-a", "signal:ABRT", LIBFUZZER_EXC % (18, 40), 0, "oom", "c", "lfexc40"),
    ("libfuzzer-exc-b", "signal:ABRT", LIBFUZZER_EXC % (19, 44), 0, "oom", "c", "lfexc44"),
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


# (a demangled C++ name as g++/clang++ __PRETTY_FUNCTION__, ASan or UBSan print
# it, the function in it)
DEMANGLED = [
    ("void fxt::checkArg(int)", "fxt::checkArg"),
    ("long fxt::readValue<long>(fxt::DecodeState&, unsigned long)", "fxt::readValue<long>"),
    ("fxt::readString(fxt::DecodeState&, std::__cxx11::basic_string<char, std::char_traits<char>, "
     "std::allocator<char> >&, unsigned long)", "fxt::readString"),
    ("fxt::(anonymous namespace)::peek(fxt::DecodeState const&, unsigned long)",
     "fxt::(anonymous namespace)::peek"),
    ("auto main(int, char **)::(anonymous class)::operator()(int) const",
     "main(int, char **)::(anonymous class)::operator()"),
    ("main(int, char**)::<lambda(int)>", "main(int, char**)::<lambda(int)>"),
    ("main::$_1::operator()(unsigned long) const", "main::$_1::operator()"),
    ("main::{lambda(unsigned long)#1}::operator()(unsigned long) const",
     "main::{lambda(unsigned long)#1}::operator()"),
    ("std::vector<_Tp, _Alloc>::reference std::vector<_Tp, _Alloc>::operator[](size_type) "
     "[with _Tp = int; _Alloc = std::allocator<int>; reference = int&; size_type = long unsigned int]",
     "std::vector<_Tp, _Alloc>::operator[]"),
    ("bool fxt::operator<(fxt::Key const&, fxt::Key const&)", "fxt::operator<"),
    ("std::ostream& fxt::operator<< <fxt::Record>(std::ostream&, fxt::Record const&)",
     "fxt::operator<< <fxt::Record>"),
    ("fxt::Reader::operator>>(int)", "fxt::Reader::operator>>"),
    ("fxt::Reader::operator unsigned long() const", "fxt::Reader::operator unsigned long"),
    ("operator new(unsigned long)", "operator new"),
    ("void fxt::Table<std::pair<int, int> >::grow(unsigned long) &&",
     "fxt::Table<std::pair<int, int> >::grow"),
    ("std::function<int (int)>::operator()(int) const", "std::function<int (int)>::operator()"),
    ("fxt::name[abi:cxx11](int)", "fxt::name[abi:cxx11]"),
    ("fxt::Reader::seconds() [clone .cold]", "fxt::Reader::seconds"),
    ("read_varint", "read_varint"),
    ("peek", "peek"),
]


def unit_source_function(conform):
    sys.path.insert(0, os.path.dirname(os.path.abspath(conform)))
    import crashes
    for name, want in RENAMED:
        got = crashes.source_function(name)
        check(got == want, "source_function(%r) = %r (got %r)" % (name, want, got))
    try:
        import cxxnames
    except ImportError as e:
        check(False, "cxxnames: %s" % e)
        return
    for name, want in DEMANGLED:
        got = cxxnames.function_name(name)
        check(got == want, "function_name(%r) = %r (got %r)" % (name, want, got))


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
                "--json", rep, "-j", "4", "--no-controls"]
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
                           ("ubsan-cxx-clones", "fxt::Reader::seconds (fxtread+0x2a1f)"),
                           ("cxx-assert-a", "fxt::checkArg (reader.cc:27)"),
                           ("cxx-assert-lambda-clang",
                            "main(int, char **)::(anonymous class)::operator() (r.cc:65)"),
                           ("cxx-assert-lambda-gcc", "main(int, char**)::<lambda(int)> (r.cc:65)"),
                           ("asan-cxx-string-a", "fxt::readString (r.cc:32:7)"),
                           ("asan-cxx-string-c", "fxt::readString (r.cc:34:7)"),
                           ("asan-cxx-template", "fxt::readValue<long> (r.cc:38)"),
                           ("asan-cxx-anon", "fxt::(anonymous namespace)::peek (r.cc:15:64)"),
                           ("asan-cxx-lambda", "main::$_1::operator() (r.cc:62:55)"),
                           ("ubsan-cxx-template-a", "fxt::readValue<int> (r.cc:40:27)"),
                           ("glibcxx-assert", "std::vector<_Tp, _Alloc>::operator[] (stl_vector.h:1123)"),
                           ("libcxx-assert", "vector:1440"),
                           ("libcxx15-assert", "vector:1416"),
                           ("libfuzzer-assert", "fxt::(anonymous namespace)::checkArg (fz.cc:5)"),
                           ("libfuzzer-exc-a", "fxt::Reader::readBlob (fz.cc:40:9)")):
            check(runs[name].get("site") == want, "%s: site %s (got %s)"
                  % (name, want, runs[name].get("site")))
        for name, want in (("glibcxx-range-a", "uncaught C++ exception std::out_of_range: "
                                               "vector::_M_range_check: __n (which is N) >= "
                                               "this->size() (which is N)"),
                           ("glibcxx-map-at", "uncaught C++ exception std::out_of_range: map::at"),
                           ("libcxxabi-exc", "uncaught C++ exception std::out_of_range: vector"),
                           ("libcxx-assert", "libc++ assertion `__n < size()' failed"),
                           ("libfuzzer-assert", "assertion `type < 9 && \"argument type\"' failed")):
            check(want in runs[name].get("signature", ""), "%s: signature holds %r (got %s)"
                  % (name, want, runs[name].get("signature")))
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
