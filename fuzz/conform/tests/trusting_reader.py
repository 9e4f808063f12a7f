#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""trusting_reader.py FILE - a test fixture, not a reader to copy: the
reader of issue 22 (section 6) that checks that the file is a whole number
of 8-byte words and starts with the magic record, and then trusts every
record's size field. It reads each record whole (its size field's words) and
counts records by type. A record whose size runs past the end of the file
makes struct raise (an uncaught exception: a crash for fxt-conform).

Exit 0: accepted (the counts on standard output); 1: rejected.
"""

import struct
import sys

MAGIC = 0x0016547846040010
LARGE = 15


def reject(why):
    print("trusting_reader: " + why, file=sys.stderr)
    return 1


def read(data):
    if not data:
        return reject("empty file")
    if len(data) % 8:
        return reject("%d bytes: not a whole number of words" % len(data))
    if struct.unpack_from("<Q", data, 0)[0] != MAGIC:
        return reject("no little-endian magic record first")
    counts = {}
    strings = 0
    off = 0
    while off < len(data):
        header = struct.unpack_from("<Q", data, off)[0]
        rtype = header & 0xF
        # bits [4..15], or [4..35] for a large record: trusted
        size = (header >> 4) & (0xFFFFFFFF if rtype == LARGE else 0xFFF)
        if size == 0:
            return reject("record of size 0 at %d" % off)
        words = struct.unpack_from("<%dQ" % size, data, off)
        if rtype == 2:  # string record: index [16..30], length [32..46]
            strings += ((words[0] >> 32) & 0x7FFF) > 0
        counts[rtype] = counts.get(rtype, 0) + 1
        off += size * 8
    print("records by type: %s; %d strings" % (dict(sorted(counts.items())), strings))
    return 0


def main():
    if len(sys.argv) != 2:
        print("usage: trusting_reader.py FILE", file=sys.stderr)
        return 2
    try:
        with open(sys.argv[1], "rb") as f:
            data = f.read()
    except OSError as e:
        return reject(str(e))
    return read(data)


if __name__ == "__main__":
    sys.exit(main())
