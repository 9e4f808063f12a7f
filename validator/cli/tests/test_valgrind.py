#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""usage: test_valgrind.py VALGRIND FXT_VALIDATE FXT_DUMP CORPUS

fxt-validate and fxt-dump under valgrind memcheck, on a sample of inputs
chosen to reach every output path once: every output format (the list is
read from fxt-validate's own answer to an unknown format, so a new format is
sampled without editing this file), each in the current revision and with
--revision auto, each on files of every verdict at once (valid, warnings,
errors, truncated, empty, not fully checked) and on standard input; the text
options (--explain, --stats, --quiet, --max-issues, --Werror, --color); the
rule catalogue; I/O errors (a missing file, a directory, a failed write);
fxt-dump's text, --jsonl, --hex and selections. Any memory error or leak
(definite, indirect or possible) fails, and so does an exit status other
than the one the inputs' verdicts call for.

Every CLI case of test_cli.py, test_formats.py and test_cli_edges.py runs in
the AddressSanitizer + UndefinedBehaviorSanitizer build (scripts/test.sh);
this sample is what memcheck adds on top: uninitialised reads and leaks in
the plain optimised build that is shipped. The whole of test_cli.py can
still be run under valgrind by hand: test_cli.py --valgrind VALGRIND ...
"""
import os
import re
import subprocess
import sys
import tempfile

VG_ERROR = 99
failures = []
runs = 0


def vg(valgrind, argv, stdin=None, stdout=subprocess.PIPE, expect=(0,)):
    """Run ARGV under memcheck; record a failure on a memcheck error or an
    exit status not in EXPECT."""
    global runs
    runs += 1
    cmd = [valgrind, '--quiet', '--leak-check=full',
           '--show-leak-kinds=definite,indirect,possible',
           '--errors-for-leak-kinds=definite,indirect,possible',
           '--error-exitcode=%d' % VG_ERROR] + argv
    p = subprocess.run(cmd, stdin=stdin, stdout=stdout, stderr=subprocess.PIPE, timeout=600)
    what = ' '.join(os.path.basename(a) if os.path.isabs(a) else a for a in argv)
    err = p.stderr.decode('utf-8', 'replace')
    if p.returncode == VG_ERROR:
        failures.append('%s: memcheck errors:\n%s' % (what, err[-4000:]))
        print('FAIL %s: memcheck' % what)
    elif p.returncode not in expect:
        failures.append('%s: exit %d, expected %s\n%s' % (what, p.returncode, expect, err[-2000:]))
        print('FAIL %s: exit %d' % (what, p.returncode))
    else:
        print('ok   %s (exit %d)' % (what, p.returncode))
    return p


def formats(validate):
    """The output formats, from fxt-validate's message on an unknown one:
    "--format: 'x' is not text, json, sarif, github or junit"."""
    p = subprocess.run([validate, '--format=no-such-format', 'x'], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, timeout=60)
    m = re.search(r"is not (.*)$", p.stderr.decode(), re.M)
    if p.returncode != 2 or not m:
        sys.exit('cannot read the format list from: %r' % p.stderr)
    names = re.split(r',\s*|\s+or\s+', m.group(1).strip())
    return [n for n in names if n]


def main():
    if len(sys.argv) != 5:
        sys.exit(__doc__.split('\n')[0])
    valgrind, validate, dump, corpus = sys.argv[1:]
    c = lambda *p: os.path.join(corpus, *p)  # noqa: E731
    valid = c('valid', 'arg-bool.fxt')
    warn = c('warn', 'W0026-string-empty.fxt')
    invalid = c('invalid', 'E0010-string-ref-unregistered-be.fxt')
    truncated = c('invalid', 'E0002-truncated-large-many-words.fxt')
    empty = c('invalid', 'E0001-empty-input.fxt')
    unchecked = c('warn', 'W0055-tracking-limit.fxt')
    old = c('revisions', 'event-4-async-r1.fxt')
    every = [valid, warn, invalid, truncated, empty, unchecked, old]
    for f in every:
        if not os.path.isfile(f):
            sys.exit('missing corpus file %s' % f)

    fmts = formats(validate)
    print('formats: %s' % ', '.join(fmts))
    with tempfile.TemporaryDirectory(prefix='fxt-vg-') as tmp:
        # --format github appends its table here
        os.environ['GITHUB_STEP_SUMMARY'] = os.path.join(tmp, 'summary.md')
        for fmt in fmts:
            for rev in ('current', 'auto'):
                # errors in some file: 1, whatever else the files hold; the
                # files, then standard input, in one process (each run
                # under memcheck costs about a CPU-second, mostly its start)
                with open(unchecked, 'rb') as f:
                    vg(valgrind, [validate, '--format', fmt, '--revision', rev, '--stats',
                                  '--stdin-filename', 'staged.fxt'] + every + ['-'], stdin=f,
                       expect=(1,))
            vg(valgrind, [validate, '--format', fmt, valid, warn], expect=(0,))
        # standard input alone: not fully checked, 3
        with open(unchecked, 'rb') as f:
            vg(valgrind, [validate, '--stats', '--stdin-filename', 'staged.fxt', '-'], stdin=f,
               expect=(3,))
        # the text format's options
        vg(valgrind, [validate, '--explain', '--max-issues', '1', invalid, truncated, warn],
           expect=(1,))
        vg(valgrind, [validate, '--stats', '--timing', '--color=always', valid, warn, old],
           expect=(0,))
        vg(valgrind, [validate, '--quiet', '--Werror', '--ignore', 'E0010', invalid, warn],
           expect=(1,))
        vg(valgrind, [validate, '--max-providers', '1', '--max-threads', '1', unchecked],
           expect=(3,))
        # the rule catalogue
        vg(valgrind, [validate, '--list-rules'])
        vg(valgrind, [validate, '--list-rules', '--json'])
        vg(valgrind, [validate, '--explain-rule=E0010'])
        vg(valgrind, [validate, '--explain-rule=no-such-rule'], expect=(2,))
        # I/O errors: a missing file and a directory among good ones, a full disk
        vg(valgrind, [validate, valid, os.path.join(tmp, 'missing.fxt'), tmp], expect=(2,))
        with open('/dev/full', 'wb') as full:
            vg(valgrind, [validate, '--json', valid, invalid], stdout=full, expect=(2,))
        # fxt-dump: every output, a selection, standard input, an error
        for opts in ([], ['--jsonl'], ['--hex'], ['--hex', '--revision', 'r1'],
                     ['--records', '1..3'], ['--at', '0x10']):
            vg(valgrind, [dump] + opts + [invalid], expect=(1,))
        vg(valgrind, [dump, '--jsonl', truncated], expect=(1,))
        with open(warn, 'rb') as f:
            vg(valgrind, [dump, '--hex', '-'], stdin=f, expect=(0,))
        vg(valgrind, [dump, tmp], expect=(2,))
    print('%d runs under memcheck' % runs)
    for f in failures:
        print('\n' + f)
    print('%d passed, %d failed' % (runs - len(failures), len(failures)))
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
