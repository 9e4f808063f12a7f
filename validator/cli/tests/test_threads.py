#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""fxt-validate --threads N gives the output of one thread, byte for byte.

The parallel path (validator/par.c) checks pieces of 512 KiB ahead, a
round of one per thread, and merges what they could not know: these
traces are a few MiB, so that fxt-validate's parts hold rounds (a file
is one window of up to 8 MiB, standard input parts of up to 1 MiB)
(durations, async operations and flows open across pieces). For each trace (realistic and coverage
profiles, every revision, big-endian, copies with bytes changed at random,
one with a record of size 0 in the middle, one cut short), each output
format, --revision auto, small tracking limits and standard input, the
stdout bytes, stderr bytes and exit status of --threads 2 and 3 (and of
no --threads: the default) must be those of --threads 1. And --threads takes a whole number from 1 to 64.

usage: test_threads.py FXT_VALIDATE FXT_GEN
"""
import os
import random
import struct
import subprocess
import sys
import tempfile

VALIDATE, GEN = sys.argv[1], sys.argv[2]
failures = 0


def fail(msg):
    global failures
    failures += 1
    print('FAIL ' + msg)


def run(args, stdin=None):
    p = subprocess.run([VALIDATE] + args, stdin=stdin, capture_output=True, timeout=300)
    return p.returncode, p.stdout, p.stderr


def gen(path, *args):
    subprocess.run([GEN, 'random', '--seed', '3', '-o', path] + list(args), check=True,
                   capture_output=True)


def main():
    tmp = tempfile.mkdtemp(prefix='fxt-threads-')
    traces = []
    real = os.path.join(tmp, 'real.fxt')
    gen(real, '--records', '60000')  # about 2.6 MB: one window of several rounds
    traces.append(real)
    cov = os.path.join(tmp, 'cov.fxt')
    gen(cov, '--records', '1200', '--profile', 'coverage')
    traces.append(cov)
    for rev in ('r1', 'r3'):
        t = os.path.join(tmp, 'real-%s.fxt' % rev)
        gen(t, '--records', '30000', '--revision', rev)
        traces.append(t)
    be = os.path.join(tmp, 'real-be.fxt')
    gen(be, '--records', '30000', '--big-endian')
    traces.append(be)
    data = bytearray(open(real, 'rb').read())
    rng = random.Random(34)
    for k, flips in enumerate((3, 400)):
        m = bytearray(data)
        for _ in range(flips):
            i = rng.randrange(64, len(m))
            m[i] ^= 1 << rng.randrange(8)
        t = os.path.join(tmp, 'mutated-%d.fxt' % k)
        open(t, 'wb').write(m)
        traces.append(t)
    # a record of size 0 at about 1.8 MB (a record boundary): checking stops there
    off, stop_at = 0, 1_800_000
    while off < stop_at:
        (h,) = struct.unpack_from('<Q', data, off)
        off += ((h >> 4) & 0xfff) * 8
    z = bytearray(data)
    struct.pack_into('<Q', z, off, 4)  # an event header with size 0
    t = os.path.join(tmp, 'size-zero.fxt')
    open(t, 'wb').write(z)
    traces.append(t)
    t = os.path.join(tmp, 'cut.fxt')
    open(t, 'wb').write(data[:len(data) - 13])
    traces.append(t)
    # begins turned into instants, steps into begins (the same words): ends,
    # steps and begins whose match is in an earlier piece, or missing
    u, off = bytearray(data), 0
    swap = {2: 0, 5: 6, 8: 9, 9: 8, 6: 5}  # duration, async, flow (event numbers)
    while off + 8 <= len(u):
        (h,) = struct.unpack_from('<Q', u, off)
        size = ((h >> 4) & 0xfff) * 8
        if size == 0:
            break
        et = (h >> 16) & 0xf
        if h & 0xf == 4 and et in swap and rng.randrange(150) == 0:
            struct.pack_into('<Q', u, off, h & ~(0xf << 16) | swap[et] << 16)
        off += size
    t = os.path.join(tmp, 'unmatched.fxt')
    open(t, 'wb').write(u)
    traces.append(t)

    option_sets = [[], ['--format', 'json'], ['--format', 'sarif'], ['--format', 'github'],
                   ['--format', 'junit'], ['--format', 'gitlab'], ['--format', 'short'],
                   ['--revision', 'auto'], ['--revision', 'auto', '--format', 'json'],
                   ['--max-providers', '1', '--max-flows', '1', '--max-async', '2'],
                   ['--max-issues', '0']]
    runs = 0
    for t in traces:
        for opts in option_sets:
            one = run(opts + ['--threads', '1', t])
            # (None: no --threads, the default of the cores online, at most 2)
            for n in ('2', '3', None) if not opts else ('2',):
                got = run(opts + (['--threads', n] if n else []) + [t])
                runs += 1
                if got != one:
                    fail('%s %s: --threads %s differs from one thread (exit %d vs %d)'
                         % (os.path.basename(t), ' '.join(opts), n or '(default)', got[0],
                            one[0]))
                    for a, b in zip(one[1].splitlines(), got[1].splitlines()):
                        if a != b:
                            print('  1: %r\n  %s: %r' % (a[:200], n, b[:200]))
                            break
        # standard input, read in parts of a pipe
        with open(t, 'rb') as f:
            one = run(['--threads', '1', '-'], stdin=f)
        with open(t, 'rb') as f:
            got = run(['--threads', '2', '-'], stdin=f)
        runs += 1
        if got != one:
            fail('%s from stdin: --threads 2 differs from one thread' % os.path.basename(t))
    # the counts too (--json has them; --stats adds the wall time)
    one = run(['--json', '--threads', '1', real])
    got = run(['--json', '--threads', '2', real])
    if got != one:
        fail('--json counts differ')
    # bad values
    for bad in ('0', '65', '-1', 'x', '2x', ''):
        code, out, err = run(['--threads', bad, real])
        if code != 2 or b'--threads' not in err:
            fail("--threads '%s': exit %d, %r (a usage error naming --threads expected)"
                 % (bad, code, err[:200]))
    code, out, err = run(['--help'])
    if b'--threads=N' not in out:
        fail('--help does not describe --threads')
    for f in os.listdir(tmp):
        os.unlink(os.path.join(tmp, f))
    os.rmdir(tmp)
    if failures:
        print('%d failures' % failures)
        return 1
    print('--threads 2 and 3 == one thread: %d comparisons on %d traces' % (runs, len(traces)))
    return 0


if __name__ == '__main__':
    sys.exit(main())
