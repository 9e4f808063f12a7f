#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The npm package's fxt-gen (WebAssembly under node:wasi) against the
native fxt-gen: the same stdout bytes, stderr bytes, exit status and files
written, for every command: random traces of each profile and revision
(seeds, byte orders, --without, --order, tiny budgets; to a file and to
standard output), violate of every rule (--list too), the golden corpus
(the whole tree it writes), roundtrip of corpus traces (files, standard
input, .fxtkitrc, --revision), help, version, usage and I/O errors, and
the refusal to write a trace to a terminal.

    test_gen_same_as_native.py NATIVE_FXT_GEN NPM_BIN_JS CORPUS_DIR

FXT_TEST_EVERY=N: violate one rule in N, round-trip one corpus trace in
12 N (default 1: every rule, one trace in 12).
Exits 77 (skipped) when Node.js >= 18 is not there.
"""
import glob
import os
import pty
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_same_as_native import Compare, arguments  # noqa: E402

REVISIONS = ['r1', 'r2', 'r3', 'current']


def tree(d):
    """Every file under D: relative path -> bytes."""
    out = {}
    for root, _, names in os.walk(d):
        for n in names:
            p = os.path.join(root, n)
            out[os.path.relpath(p, d)] = open(p, 'rb').read()
    return out


def on_terminal(cmd, cwd):
    """Run CMD with standard output on a pseudo-terminal: (exit status,
    what reached the terminal, stderr)."""
    master, slave = pty.openpty()
    p = subprocess.Popen(cmd, stdout=slave, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, cwd=cwd)
    os.close(slave)
    seen = b''
    while True:
        try:
            k = os.read(master, 4096)
        except OSError:  # EIO: the terminal's other side is closed
            break
        if not k:
            break
        seen += k
    err = p.stderr.read()
    p.wait()
    os.close(master)
    return p.returncode, seen, err


def main():
    native, npm_bin, corpus, node = arguments(__doc__)
    every = int(os.environ.get('FXT_TEST_EVERY', '1'))
    exits = set()
    with tempfile.TemporaryDirectory() as tmp:
        c = Compare(native, npm_bin, node, tmp)

        def same(what, args, **kw):
            rc, out = c.same(what, args, **kw)
            exits.add(rc)
            return out

        # What prints no trace.
        for args in (['--version'], ['--help'], ['help'], [], ['random', '--help'], ['violate', '--help'],
                     ['golden', '--help'], ['roundtrip', '--help'], ['frobnicate']):
            same('info', args)

        # random: each profile and revision, to a file (relative to the
        # working directory) or to standard output.
        for p in ('realistic', 'coverage'):
            for i, r in enumerate(REVISIONS):
                base = ['random', '--profile', p, '--revision', r, '--seed', str(i + 1), '--records', '3000']
                if (i + len(p)) % 2:
                    same('random', base + ['-o', 'r.fxt'], files=[os.path.join(tmp, 'r.fxt')])
                else:
                    same('random stdout', base + ['-o', '-'])
                if r in ('r3', 'current'):
                    same('random big-endian', base + ['--big-endian', '-o', '-'])
        for args in (['--seed', '3', '--records', '300000', '-o', '-'],  # ~13 MB through the pipe
                     ['--records', '0', '-o', '-'], ['--records', '76', '--revision', 'r1', '-o', '-'],
                     ['--records', '2000', '--without', 'blob,log,scheduling', '-o', '-'],
                     ['--records', '2000', '--order', 'provider,section,init', '-o', '-'],
                     ['--records', '2000', '--order', 'init,provider', '-o', '-'],
                     ['--records', '5', '--revision', 'r1', '--big-endian', '-o', '-'],
                     ['--records', '-5', '-o', '-'], ['--records', '1000000000001', '-o', '-'],
                     ['--records', '5', '--bogus', '-o', '-'], ['--records', '5', '--profile', 'nope', '-o', '-'],
                     ['--records', '5'], ['--records'], ['--records', '5', '-o', 'no/such/dir/t.fxt'],
                     ['--records', '5', '-o', '.']):
            same('random', ['random'] + args)

        # violate: the list, and every rule (one in FXT_TEST_EVERY),
        # seeds 1-3, big-endian every other one, to a file and to stdout.
        for r in [None] + REVISIONS:
            same('violate --list', ['violate', '--list'] + (['--revision', r] if r else []))
        rules = [line.split()[0] for line in subprocess.run([native, 'violate', '--list'], capture_output=True,
                                                            check=True).stdout.decode().splitlines()]
        assert len(rules) > 40, rules
        for i, rule in enumerate(rules):
            if i % every:
                continue
            args = ['violate', '--rule', rule, '--seed', str(1 + i % 3)] + (['--big-endian'] if i % 2 else [])
            if i % 4 == 3:
                same('violate stdout', args + ['-o', '-'])
            else:
                same('violate', args + ['-o', 'v.fxt'], files=[os.path.join(tmp, 'v.fxt')])
        for args in (['--rule', 'async-unmatched', '--seed', '2', '--revision', 'r1'],
                     ['--rule', 'E0014', '--revision', 'r2'], ['--rule', 'no-such-rule'], ['--rule', 'E0004'],
                     ['--rule', 'E0004', '--revision', 'r1', '--big-endian']):
            same('violate', ['violate'] + args + ['-o', 'v.fxt'], files=[os.path.join(tmp, 'v.fxt')])

        # golden: the whole tree, then into a directory that is a file.
        trees = []
        for cmd in ([native], [node, npm_bin]):
            d = os.path.join(tmp, 'golden-%d' % len(trees))
            p = subprocess.run(cmd + ['golden', d], capture_output=True, cwd=tmp)
            trees.append((p.returncode, p.stdout.replace(d.encode(), b'DIR'), p.stderr, tree(d)))
        c.runs += 1
        exits.add(trees[0][0])
        if trees[0] != trees[1]:
            c.failures += 1
            a, b = trees[0][3], trees[1][3]
            print('FAIL golden: exit %s/%s, stdout %r/%r, %d/%d files, differing: %s'
                  % (trees[0][0], trees[1][0], trees[0][1], trees[1][1], len(a), len(b),
                     sorted(k for k in set(a) | set(b) if a.get(k) != b.get(k))[:10]))
        assert len(trees[0][3]) > 200, 'golden wrote %d files' % len(trees[0][3])
        open(os.path.join(tmp, 'plain'), 'w').close()
        same('golden', ['golden', 'plain'])
        same('golden', ['golden', ''])

        # roundtrip: corpus traces (a clean round trip, traces with issues,
        # other revisions' traces), standard input, .fxtkitrc, errors.
        traces = sorted(glob.glob(os.path.join(corpus, '*', '*.fxt')))
        assert len(traces) > 150, 'corpus not found: %d files' % len(traces)
        for i, t in enumerate(traces):
            if i % (12 * every) == 0:
                same('roundtrip', ['roundtrip', t])
            if i % (36 * every) == 6:
                same('roundtrip stdin', ['roundtrip', '-'], stdin=open(t, 'rb').read())
        for t in glob.glob(os.path.join(corpus, 'revisions', '*-r1.fxt'))[:3]:
            same('roundtrip r1', ['roundtrip', '--revision', 'r1', t])
        same('roundtrip sample', ['roundtrip', os.path.join(corpus, 'sample.fxt')])
        sub = os.path.join(tmp, 'rc')
        os.mkdir(sub)
        r1 = os.path.join(sub, 'r1.fxt')
        subprocess.run([native, 'random', '--seed', '4', '--records', '500', '--profile', 'coverage',
                        '--revision', 'r1', '-o', r1], check=True)
        with open(os.path.join(sub, '.fxtkitrc'), 'w') as f:
            f.write('revision = r1\n')
        for args in (['rc/r1.fxt'], ['--no-config', 'rc/r1.fxt'], ['--config', 'rc/.fxtkitrc', 'rc/r1.fxt'],
                     ['--config', 'rc/none', 'rc/r1.fxt'], ['--config', 'rc/.fxtkitrc', '--no-config', 'rc/r1.fxt'],
                     ['no/such.fxt'], ['rc'], [], ['--revision', 'auto', 'rc/r1.fxt']):
            same('roundtrip', ['roundtrip'] + args)
        same('roundtrip empty stdin', ['roundtrip', '-'], stdin=b'')
        same('roundtrip text', ['roundtrip', '-'], stdin=b'hello, world\n' * 50)

        # -o - on a terminal: refused, nothing written to it.
        got = [on_terminal(cmd + ['random', '--records', '5', '-o', '-'], tmp) for cmd in ([native], [node, npm_bin])]
        c.runs += 1
        exits.add(got[0][0])
        if got[0] != got[1] or got[0][0] != 2 or got[0][1]:
            c.failures += 1
            print('FAIL -o - on a terminal: native %r, npm %r' % (got[0], got[1]))

    print('%d comparisons, %d failures; exit statuses seen: %s' % (c.runs, c.failures, sorted(exits)))
    if not {0, 1, 2} <= exits:
        print('FAIL: not every exit status (0, 1, 2) was exercised')
        sys.exit(1)
    sys.exit(1 if c.failures else 0)


if __name__ == '__main__':
    main()
