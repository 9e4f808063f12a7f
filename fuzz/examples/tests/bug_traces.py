#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The naive reader's planted bugs, one tiny hand-made trace each.

Every trace is a list of literal 64-bit words (written little-endian).
`python3 bug_traces.py DIR` writes them into DIR with a manifest.json in the
golden corpus's format, so that fxt-conform can take DIR as a --corpus.

Also: planted_bugs_in(data), which of bugs 3 and 6 a *conforming* trace sets
off (the only two a valid trace can reach), so that tests know when the naive
reader may fail on a valid trace.
"""

import json
import os
import struct
import sys

MAGIC = 0x0016547846040010      # magic number record
PROVIDER = 0x0000000000110010   # provider info: id 1, empty name, 1 word
EVENT_INSTANT = 0x0000000000000044  # instant event, 4 words, inline thread, empty strings
INIT = 0x0000000000000021       # initialization record, 2 words (ticks per second follows)
LARGE_BLOB_META = 0x000000000000006f  # large blob, format 0 (metadata), 6 words

# bug -> (words, verdict a strict reader gives, rule, what the naive reader does,
#         the function it fails in, description)
TRACES = {
    1: ([MAGIC, PROVIDER,
         0x0000000000000021, 0,              # initialization: 0 ticks per second
         EVENT_INSTANT, 1000, 1, 2],         # instant event: timestamp, pid, tid
        "invalid", "E0023 init-zero-ticks", "crash", "nr_ticks_to_seconds",
        "an event after an initialization record of 0 ticks per second: "
        "integer division by zero"),
    2: ([MAGIC, PROVIDER,
         0xffff000000000044, 1000, 1, 2],    # name: inline, 0x7fff bytes, not there
        "invalid", "E0004 record-too-small", "crash", "nr_read_inline_string",
        "an instant event whose name is an inline string of 32767 bytes in a "
        "4-word record at the end of the file: read past the buffer (ASan)"),
    3: ([MAGIC, PROVIDER,
         0x000001000001003f,                 # large blob, no metadata, 32-bit size 0x1003 words
         0, 0],                              # format header, blob size 0
        "invalid", "E0002 truncated", "accepts-invalid", "oracle_misframed_record",
        "a large blob record whose 32-bit size (0x1003 words) runs far past the "
        "end of the file; framed with the 12-bit size it is a tidy 3-word record, "
        "so the naive reader accepts the trace (the fuzz harness's framing "
        "oracle aborts)"),
    4: ([MAGIC, PROVIDER,
         0x0000000000000000],                # a record of size 0
        "invalid", "E0003 record-size-zero", "hang", "nr_walk",
        "a record of size 0: the reader never advances"),
    5: ([MAGIC, PROVIDER,
         0x000001000000003f,                 # large blob, no metadata, 3 words
         0,                                  # format header: empty category and name
         0xfffffffffffffff8],                # blob size 2^64 - 8
        "invalid", "E0004 record-too-small", "crash", "nr_blob_checksum",
        "a large blob of 2^64-8 bytes: the bounds check wraps and the checksum "
        "reads past the buffer"),
    6: ([MAGIC,
         EVENT_INSTANT, 1000, 1, 2],         # an event before any provider record
        "valid", "valid", "crash", "nr_count_event",
        "a conforming trace whose event comes before any provider info record: "
        "NULL dereference"),
    7: ([MAGIC, PROVIDER, INIT, 1000000000,
         LARGE_BLOB_META, 0, 1000, 1, 2,     # format header, timestamp, inline thread
         0xfffffffffffffffc],                # blob size 2^64 - 4: padded, it wraps to 0
        "invalid", "E0004 record-too-small", "crash", "nr_blob_copy",
        "a large blob with metadata of 2^64-4 bytes: rounded up to a multiple of 8 "
        "the size wraps to 0, the check passes and the copy overruns a 0-byte buffer"),
    8: ([MAGIC, PROVIDER, INIT, 1000000000,
         EVENT_INSTANT | 11 << 16, 1000, 1, 2],  # event type 11: not defined
        "invalid", "E0029 event-type-unknown", "crash", "nr_event_kind_name",
        "an event of the undefined type 11, loaded into an enum and used as an "
        "index into an 11-entry table (ASan/UBSan)"),
    9: ([MAGIC, PROVIDER,
         EVENT_INSTANT, 1000, 1, 2],         # an event before any initialization record
        "valid", "valid", "crash", "nr_event_time",
        "a conforming trace whose event comes before any initialization record "
        "(1 tick is then 1 ns): NULL dereference"),
    10: ([MAGIC, PROVIDER, INIT, 1000000000,
          LARGE_BLOB_META, 0, 1000, 1, 2,
          0x4000000000000000],               # blob size 2^62
         "invalid", "E0004 record-too-small", "crash", "nr_blob_alloc",
         "a 10-word trace whose large blob asks for 2^62 bytes: allocated before "
         "the size is checked (ASan: allocation-size-too-big; plain: malloc "
         "returns NULL)"),
    11: ([MAGIC, PROVIDER, INIT, 1000000000,
          EVENT_INSTANT, 1000, 1, 2],        # written big-endian
         "valid", "valid", "crash", "nr_check_size_limit",
         "a short conforming big-endian trace: the size sanity check reads the "
         "header before the byte order is applied and the assert fires"),
    12: ([MAGIC, PROVIDER, INIT, 1000000000,
          0x0000000100010022, 0x61,          # string index 1 = "a"
          0x0000000200010022, 0x6262,        # string index 1 = "bb" (replaces "a")
          EVENT_INSTANT | 1 << 48, 1000, 1, 2],  # event named by index 1: "bb"
         "valid", "valid", "agrees", "",
         "string index 1 registered twice: the second registration replaces the "
         "first, but the reader keeps \"a\" as the event's name (no crash: "
         "fxt-conform --compare finds it, fields.name differs)"),
    13: ([MAGIC, PROVIDER, INIT, 1000000000,
          0x0000000000010033, 1, 2,          # thread index 1 = process 1, thread 2
          0x0000000000010033, 3, 4,          # thread index 1 = process 3, thread 4 (replaces)
          0x0000000001000024, 1000],         # instant event on thread index 1: 3/4
         "valid", "valid", "agrees", "",
         "thread index 1 registered twice: the second registration replaces the "
         "first, but the reader keeps process 1, thread 2 for the event (no crash: "
         "fxt-conform --compare finds it, fields.thread differs)"),
}
BIG_ENDIAN = {11}  # traces written big-endian


def trace_bytes(bug):
    words = TRACES[bug][0]
    return struct.pack("%s%dQ" % (">" if bug in BIG_ENDIAN else "<", len(words)), *words)


def write_corpus(outdir):
    """Write bugN.fxt and manifest.json into OUTDIR; returns the manifest."""
    os.makedirs(outdir, exist_ok=True)
    vectors = []
    for bug in sorted(TRACES):
        words, verdict, rule, naive, func, desc = TRACES[bug]
        name = "bug%d.fxt" % bug
        with open(os.path.join(outdir, name), "wb") as f:
            f.write(trace_bytes(bug))
        issues = []
        if verdict != "valid" and rule:
            rid, rname = rule.split()
            issues = [{"rule": rid, "name": rname}]
        vectors.append({"path": name, "verdict": verdict, "issues": issues,
                        "planted_bug": bug, "naive_reader": naive, "function": func,
                        "description": "PLANTED BUG %d: %s" % (bug, desc)})
    manifest = {"format": "fxtkit-golden-corpus", "format_version": 1,
                "generator": "fuzz/examples/tests/bug_traces.py", "vectors": vectors}
    with open(os.path.join(outdir, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=2)
        f.write("\n")
    return manifest


def planted_bugs_in(data):
    """Which planted bugs the conforming trace DATA sets off (the ones a
    valid trace can reach): 3 if a large record is 4096 words or more (the
    12-bit size cuts it short), 6 if an event comes before any provider info
    or section record, 9 if an event comes before any initialization record,
    11 if the reader's raw size check (bits [4..15] of a header word as
    stored, before byte swapping) exceeds the words left, which only a
    big-endian trace can do, 12 if a string index is registered twice, 13
    if a thread index is."""
    found = set()
    be = len(data) >= 8 and data[:8] == struct.pack(">Q", MAGIC)
    fmt = ">Q" if be else "<Q"
    off, provider, init, strings, threads = 0, False, False, set(), set()
    while off + 8 <= len(data):
        h = struct.unpack_from(fmt, data, off)[0]
        rtype = h & 0xF
        words = (h >> 4) & (0xFFFFFFFF if rtype == 15 else 0xFFF)
        left = (len(data) - off) // 8
        if words == 0:
            break
        if rtype == 15 and words > 0xFFF:
            found.add(3)
        stored = struct.unpack_from("<Q", data, off)[0]
        if be and ((h >> 4) & 0xFFF) <= left and ((stored >> 4) & 0xFFF) > left:
            found.add(11)
        if rtype == 0 and ((h >> 16) & 0xF) in (1, 2):
            provider = True
            if ((h >> 16) & 0xF) == 1:
                strings, threads = set(), set()
        if rtype == 1:
            init = True
        if rtype == 2:
            idx = (h >> 16) & 0x7FFF
            if idx and idx in strings:
                found.add(12)
            strings.add(idx)
        if rtype == 3:
            idx = (h >> 16) & 0xFF
            if idx and idx in threads:
                found.add(13)
            threads.add(idx)
        if rtype == 4 and not provider:
            found.add(6)
        if rtype == 4 and not init:
            found.add(9)
        off += words * 8
    return found


if __name__ == "__main__":
    if len(sys.argv) != 2:
        print("usage: bug_traces.py OUTDIR   (writes bug1.fxt .. bug13.fxt and manifest.json)",
              file=sys.stderr)
        sys.exit(2)
    m = write_corpus(sys.argv[1])
    for v in m["vectors"]:
        print("%s: %s" % (v["path"], v["description"]))
