#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The npm package's fxt-validate (WebAssembly under node:wasi) against the
native fxt-validate: the same stdout bytes, stderr bytes and exit status
over the whole golden corpus (valid, warn, invalid, revisions), in every
format and every revision, from files and from standard input, and for the
options, usage errors and I/O errors around them.

    test_same_as_native.py NATIVE_FXT_VALIDATE NPM_BIN_JS CORPUS_DIR

Exits 77 (skipped) when Node.js >= 18 is not there.
"""
import glob
import os
import shutil
import subprocess
import sys
import tempfile

FORMATS = ['text', 'json', 'sarif', 'github', 'junit']
REVISIONS = ['r1', 'r2', 'r3', 'current', 'auto']


def node_ok():
    node = shutil.which('node')
    if not node:
        return None
    v = subprocess.run([node, '--version'], capture_output=True, text=True).stdout.strip()
    try:
        return node if int(v.lstrip('v').split('.')[0]) >= 18 else None
    except ValueError:
        return None


class Compare:
    def __init__(self, native, npm_bin, node, cwd):
        self.native, self.npm, self.node, self.cwd = native, npm_bin, node, cwd
        self.runs = self.failures = 0


    def same(self, what, args, stdin=None, env=None, files=None):
        """Both tools on ARGS; FILES: files they write (compared too, each
        removed before each run)."""
        self.runs += 1
        got = []
        for cmd in ([self.native], [self.node, self.npm]):
            for f in files or []:
                if os.path.exists(f):
                    os.unlink(f)
            e = dict(os.environ)
            e.pop('GITHUB_STEP_SUMMARY', None)
            e.update(env or {})
            p = subprocess.run(cmd + args, input=stdin, capture_output=True, cwd=self.cwd, env=e)
            written = [open(f, 'rb').read() if os.path.exists(f) else None for f in files or []]
            got.append((p.returncode, p.stdout, p.stderr, written))
        (rc1, o1, e1, w1), (rc2, o2, e2, w2) = got
        bad = []
        if rc1 != rc2:
            bad.append('exit %d (native) != %d (npm)' % (rc1, rc2))
        if o1 != o2:
            bad.append('stdout differs:\n  native %r\n  npm    %r' % first_diff(o1, o2))
        if e1 != e2:
            bad.append('stderr differs:\n  native %r\n  npm    %r' % first_diff(e1, e2))
        if w1 != w2:
            bad.append('written files differ')
        if bad:
            self.failures += 1
            print('FAIL %s: %s\n  %s' % (what, ' '.join(args)[:300], '\n  '.join(bad)))
        return rc1, o1


def first_diff(a, b):
    i = 0
    while i < min(len(a), len(b)) and a[i] == b[i]:
        i += 1
    lo = max(0, i - 60)
    return a[lo:i + 80], b[lo:i + 80]


def arguments(doc):
    """NATIVE NPM_BIN CORPUS from the command line (absolute) and Node.js;
    exits with DOC on a wrong command line, 77 (skipped) without Node."""
    if len(sys.argv) != 4:
        sys.exit(doc)
    node = node_ok()
    if not node:
        print('SKIP: Node.js >= 18 not found')
        sys.exit(77)
    return [os.path.abspath(a) for a in sys.argv[1:]] + [node]


def main():
    native, npm_bin, corpus, node = arguments(__doc__)
    c = Compare(native, npm_bin, node, os.path.dirname(corpus))
    rel = os.path.basename(corpus)
    files = sorted(os.path.relpath(f, c.cwd) for d in ('valid', 'warn', 'invalid', 'revisions')
                   for f in glob.glob(os.path.join(corpus, d, '*.fxt')))
    assert len(files) > 150, 'corpus not found: %d files' % len(files)
    files.append(os.path.join(rel, 'sample.fxt'))
    exits = set()

    # The whole corpus in one run each, and with -m 0 per format:
    # every format with auto (every revision's checks, the issues' masks)
    # and with the current revision; every single revision (they differ in
    # the checks, not in how a format writes them) in JSON and text: 16
    # runs of the 25 pairs.
    pairs = [(f, r) for f in FORMATS for r in REVISIONS
             if r in ('auto', 'current') or f in ('json', 'text')]
    for fmt, rev in pairs:
        rc, _ = c.same('corpus %s %s' % (fmt, rev), ['-f', fmt, '-r', rev] + files)
        exits.add(rc)
    for fmt in FORMATS:
        c.same('corpus %s -m 0' % fmt, ['-f', fmt, '-m', '0', '-r', 'auto'] + files)
    # Files alone (exit status per file) and from standard input (JSON has
    # every field; every format for one of them in two): one file in
    # twelve, every kind of vector among them (the runs above hold every
    # file; each run here starts Node and compiles the module, 0.1-0.3 s).
    for i, f in enumerate(files):
        if i % 12 and 'W0055' not in f:  # (W0055's vectors: exit 3 alone)
            continue
        rc, _ = c.same('file', [f])
        exits.add(rc)
        data = open(os.path.join(c.cwd, f), 'rb').read()
        for fmt in FORMATS if i % 24 == 0 else ['json']:
            c.same('stdin %s' % fmt, ['-f', fmt, '-r', 'auto', '-'], stdin=data)
        if i % 24 == 12:
            c.same('stdin named', ['--stdin-filename', f, '-r', 'r1', '-'], stdin=data)
    # Options around the checks.
    for opts in (['--explain'], ['--explain', '-r', 'auto'], ['-q'], ['--Werror'],
                 ['--allow-unknown'], ['-m', '1'], ['-i', 'E0010,string-ref-unregistered'],
                 ['--max-threads=1', '--max-providers=1', '--max-async=1', '--max-flows=1'],
                 ['--color=always'], ['--color=never']):
        rc, _ = c.same('options %s' % ' '.join(opts), opts + files)
        exits.add(rc)
    # GitHub's step summary (a file the tool appends to).
    with tempfile.TemporaryDirectory() as tmp:
        summary = os.path.join(tmp, 'summary.md')
        c.same('github summary', ['-f', 'github'] + files[:40], env={'GITHUB_STEP_SUMMARY': summary},
               files=[summary])
    # Usage and I/O errors, and what prints no trace at all.
    with tempfile.TemporaryDirectory() as tmp:
        empty = os.path.join(tmp, 'empty.fxt')
        open(empty, 'wb').close()
        for args in (['--help'], ['--version'], ['--list-rules'], ['--list-rules', '--json'],
                     ['--explain-rule=E0010'], ['--explain-rule', 'no-such-rule'], [],
                     ['--no-such-option'], ['-r', 'r9', files[0]], ['-f', 'yaml', files[0]],
                     ['no/such/file.fxt'], [tmp], [empty], ['-', '-'],
                     ['--explain', '-f', 'json', files[0]], ['-m', 'x', files[0]],
                     [files[0], 'no/such/file.fxt', files[-1]]):
            rc, _ = c.same('edge', args, stdin=b'')
            exits.add(rc)
    # Standard input that is not FXT.
    c.same('stdin text', ['-'], stdin=b'hello, world\n' * 100)
    c.same('stdin empty', ['-f', 'json', '-'], stdin=b'')

    print('%d comparisons, %d failures; exit statuses seen: %s' % (c.runs, c.failures, sorted(exits)))
    if not {0, 1, 2, 3} <= exits:
        print('FAIL: not every exit status (0, 1, 2, 3) was exercised')
        sys.exit(1)
    sys.exit(1 if c.failures else 0)


if __name__ == '__main__':
    main()
