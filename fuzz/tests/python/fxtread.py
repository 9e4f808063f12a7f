# SPDX-License-Identifier: MIT
"""A tiny little-endian FXT reader: a test fixture for the Python recipe of
fuzz/README.md (a replay loop over fxt-mutate's output), not a tool.

read_file(path) reads a trace file record by record, as real readers do
(a header word, then the rest of the record), keeps the initialization
record's ticks per second and sums the event timestamps in seconds; it
raises FxtError on a malformed trace. Planted bugs, each off by default:

  zero_ticks   leaves out the ticks check: an initialization record of 0
               ticks per second raises ZeroDivisionError
  trust_size   reads the rest of a record without checking its size against
               the file first: a large record (type 15) claiming 2^32 words
               asks for 32 GiB and raises MemoryError
  init_after_provider
               insists on one order of the leading records: an
               initialization record before the provider info is rejected
               (legal, but two readers did so), a clean FxtError
"""

import os
import struct
import sys

MAGIC_BE = bytes.fromhex("0016547846040010")


class FxtError(Exception):
    """The trace is malformed (a clean rejection, not a bug)."""


def read(f, size, zero_ticks=False, trust_size=False, init_after_provider=False):
    """Reads the SIZE bytes of the open binary file F."""
    tps, off, records, seconds, provider = 1000000000, 0, 0, 0.0, False
    while off < size:
        head = f.read(8)
        if len(head) < 8:
            raise FxtError("%d trailing bytes" % len(head))
        if off == 0 and head == MAGIC_BE:
            raise FxtError("big-endian traces are not supported")
        (h,) = struct.unpack("<Q", head)
        rt = h & 0xF
        words = (h >> 4) & (0xFFFFFFFF if rt == 15 else 0xFFF)
        if words == 0 or (not trust_size and words > (size - off) // 8):
            raise FxtError("record at %d: bad size %d" % (off, words))
        body = f.read(words * 8 - 8)  # trust_size: as much as the header asks for
        if len(body) < words * 8 - 8:
            raise FxtError("record at %d: truncated" % off)
        if rt == 0 and (h >> 16) & 0xF == 1:
            provider = True
        if rt == 1 and words >= 2:
            if init_after_provider and not provider:
                raise FxtError("initialization record before the provider info")
            (tps,) = struct.unpack_from("<Q", body, 0)
            if tps == 0 and not zero_ticks:
                raise FxtError("0 ticks per second")
        elif rt == 4 and words >= 2:
            (ts,) = struct.unpack_from("<Q", body, 0)
            seconds += ts // tps + (ts % tps) / tps
        records += 1
        off += words * 8
    return records, seconds


def read_file(path, **bugs):
    with open(path, "rb") as f:
        return read(f, os.fstat(f.fileno()).st_size, **bugs)


BUGS = {"--zero-ticks": "zero_ticks", "--trust-size": "trust_size",
        "--init-after-provider": "init_after_provider"}


def bugs_from(args):
    return {BUGS[a]: True for a in args if a in BUGS}


if __name__ == "__main__":
    # fxtread.py [--zero-ticks] [--trust-size] [--init-after-provider] FILE:
    # exit 0 read, 1 malformed (for fxt-conform)
    try:
        print("%d records, %.9f s" % read_file(sys.argv[-1], **bugs_from(sys.argv[1:-1])))
    except FxtError as e:
        print("fxtread: %s" % e, file=sys.stderr)
        sys.exit(1)
