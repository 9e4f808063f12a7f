# SPDX-License-Identifier: MIT
"""The npm fxt-dump and fxt-validate writing a lot to a pipe read slowly:
every run's output and exit status are the native tool's. Under Node.js 20
node:wasi's calls, once V8 has optimized them into fast API calls, could
start a garbage collection that freed node:wasi's state under the running
call: an abort (exit 134) or a crash mid-output in about half the runs of
`fxt-dump --jsonl` on the corpus's W0055 trace (npm/lib/cli.js turns fast
API calls off). Each case runs RUNS times (default 10).

    test_slow_pipe.py NATIVE_BIN_DIR NPM_BIN_DIR CORPUS
"""
import os
import subprocess
import sys
import time

RUNS = int(os.environ.get('RUNS', '10'))


def slowly(cmd):
    """Run CMD with its standard output a pipe that is first left full for
    0.2 s, then read 4 KiB at a time: (exit status, output, error output)."""
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    time.sleep(0.2)
    out = bytearray()
    while True:
        b = p.stdout.read1(4096)
        if not b:
            break
        out += b
    err = p.stderr.read()
    return p.wait(), bytes(out), err


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    native, npm, corpus = sys.argv[1:]
    trace = os.path.join(corpus, 'warn', 'W0055-tracking-limit.fxt')
    cases = [('fxt-dump', ['--jsonl', trace]), ('fxt-dump', ['--hex', trace]),
             ('fxt-validate', ['--format', 'json', '--max-issues', '0', trace])]
    failures = 0
    for tool, args in cases:
        want = subprocess.run([os.path.join(native, tool)] + args, capture_output=True)
        bad = 0
        for _ in range(RUNS):
            rc, out, err = slowly([os.path.join(npm, tool)] + args)
            if (rc, out, err) != (want.returncode, want.stdout, want.stderr):
                bad += 1
                last = (rc, len(out), len(want.stdout), err[-300:])
        print('%s: %s %s, %d of %d runs differ from the native tool%s'
              % ('ok' if not bad else 'FAIL', tool, ' '.join(args[:-1]), bad, RUNS,
                 '' if not bad else ' (last: exit %d, %d bytes of %d, %r)' % last))
        failures += bad > 0
    sys.exit(1 if failures else 0)


if __name__ == '__main__':
    main()
