#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""Write a trace that keeps many flows open at once, for timing the
validator's flow table: ROUNDS times, N flow begins with ids
(first + k) * STRIDE, then the N matching ends. Conforming (no issues).

usage: bench/open_ids.py N ROUNDS [STRIDE] > trace.fxt
e.g.   bench/open_ids.py 16000 100 4096 > /dev/shm/open.fxt
       hyperfine -N 'build/validator/cli/fxt-validate /dev/shm/open.fxt'
"""
import struct
import sys


def main():
    if len(sys.argv) not in (3, 4) or sys.stdout.isatty():
        sys.exit(__doc__)
    n, rounds = int(sys.argv[1]), int(sys.argv[2])
    stride = int(sys.argv[3], 0) if len(sys.argv) == 4 else 1
    w = [0x0016547846040010,                           # magic
         1 | 2 << 4, 1000000000,                        # initialization
         2 | 2 << 4 | 1 << 16 | 1 << 32, ord('a'),      # string 1 = "a"
         3 | 3 << 4 | 1 << 16, 100, 101]                # thread 1
    ts, first = 1000, 1

    def event(etype, ident):
        nonlocal ts
        ts += 1
        # event, 3 words, thread 1, category 1, name 1, then timestamp and id
        return [4 | 3 << 4 | etype << 16 | 1 << 24 | 1 << 32 | 1 << 48, ts,
                ident & 0xffffffffffffffff]

    for _ in range(rounds):
        ids = [(first + k) * stride for k in range(n)]
        first += n
        for i in ids:
            w += event(8, i)   # flow begin
        for i in ids:
            w += event(10, i)  # flow end
    sys.stdout.buffer.write(struct.pack('<%dQ' % len(w), *w))


main()
