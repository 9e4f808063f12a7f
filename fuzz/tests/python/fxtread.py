# SPDX-License-Identifier: MIT
"""A tiny little-endian FXT reader: a test fixture for the Python recipe of
fuzz/README.md (a replay loop over fxt-mutate's output), not a tool.

read(data) walks the records, keeps the initialization record's ticks per
second and sums the event timestamps in seconds; it raises FxtError on a
malformed trace. read(data, buggy=True) leaves out the ticks check: an
initialization record of 0 ticks per second raises ZeroDivisionError.
"""

import struct
import sys

MAGIC_BE = bytes.fromhex("0016547846040010")


class FxtError(Exception):
    """The trace is malformed (a clean rejection, not a bug)."""


def read(data, buggy=False):
    if data[:8] == MAGIC_BE:
        raise FxtError("big-endian traces are not supported")
    tps, off, records, seconds = 1000000000, 0, 0, 0.0
    while off < len(data):
        if len(data) - off < 8:
            raise FxtError("%d trailing bytes" % (len(data) - off))
        (h,) = struct.unpack_from("<Q", data, off)
        rt = h & 0xF
        words = (h >> 4) & (0xFFFFFFFF if rt == 15 else 0xFFF)
        if words == 0 or words > (len(data) - off) // 8:
            raise FxtError("record at %d: bad size %d" % (off, words))
        if rt == 1 and words >= 2:
            (tps,) = struct.unpack_from("<Q", data, off + 8)
            if tps == 0 and not buggy:
                raise FxtError("0 ticks per second")
        elif rt == 4 and words >= 2:
            (ts,) = struct.unpack_from("<Q", data, off + 8)
            seconds += ts // tps + (ts % tps) / tps
        records += 1
        off += words * 8
    return records, seconds


if __name__ == "__main__":
    # fxtread.py [--buggy] FILE: exit 0 read, 1 malformed (for fxt-conform)
    args = sys.argv[1:]
    buggy = args[:1] == ["--buggy"]
    with open(args[-1], "rb") as f:
        blob = f.read()
    try:
        print("%d records, %.9f s" % read(blob, buggy))
    except FxtError as e:
        print("fxtread: %s" % e, file=sys.stderr)
        sys.exit(1)
