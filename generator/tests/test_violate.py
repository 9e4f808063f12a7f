#!/usr/bin/env python3
"""End-to-end test of 'fxt-gen violate'.

usage: test_violate.py FXT_GEN FXT_VALIDATE

1. 'fxt-gen violate --list' must name exactly the rules of the catalogue
   ('fxt-validate --list-rules'), in the same order.
2. For every rule and seeds 1..5, in little-endian and big-endian: generate
   the trace, then 'fxt-validate --json' must report exactly one issue, of
   that rule, at the record offset fxt-gen printed (which fxt-gen knows from
   construction), and exit 1 for errors, 0 for warnings. W0012 (no magic
   record) cannot exist in a big-endian trace (byte order is recognised by
   the magic record): fxt-gen must refuse it with exit status 2 and a
   reason. E0014-E0016 leave enough of the magic record to tell the byte
   order and are checked in big-endian too.
3. Determinism, argument errors and '-o -'.

Standard library only. Prints the failures and a closing summary; exits
non-zero if anything failed.
"""
import concurrent.futures
import json
import os
import subprocess
import sys
import tempfile

SEEDS = range(1, 6)
NO_BIG_ENDIAN = {'W0012'}
BE_MAGIC = bytes.fromhex('0016547846040010')


def run(args, **kw):
    return subprocess.run(args, capture_output=True, **kw)


def main(argv):
    if len(argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    gen, validate = argv[1], argv[2]
    failures = []

    listed = run([gen, 'violate', '--list'], text=True)
    rules = [l.split()[0] for l in listed.stdout.splitlines() if l.strip()]
    cat = run([validate, '--list-rules'], text=True)
    catalogue = [l.split()[0] for l in cat.stdout.splitlines()[1:] if l.strip()]
    if listed.returncode != 0 or not rules:
        failures.append('violate --list failed: %s' % listed.stderr)
    if rules != catalogue:
        failures.append('violate --list %s differs from the catalogue %s (missing %s, extra %s)'
                        % (len(rules), len(catalogue), sorted(set(catalogue) - set(rules)),
                           sorted(set(rules) - set(catalogue))))

    tmp = tempfile.mkdtemp(prefix='fxt-violate-')

    def one(job):
        rule, seed, be = job
        out = os.path.join(tmp, '%s-%d-%d.fxt' % (rule, seed, be))
        args = [gen, 'violate', '--rule', rule, '--seed', str(seed), '-o', out]
        if be:
            args.append('--big-endian')
        p = run(args, text=True)
        tag = '%s seed %d%s' % (rule, seed, ' big-endian' if be else '')
        if be and rule in NO_BIG_ENDIAN:
            if p.returncode != 2 or not p.stderr.strip() or os.path.exists(out):
                return ['%s: expected a refusal (exit 2, a reason, no file), got exit %d'
                        % (tag, p.returncode)]
            return []
        if p.returncode != 0:
            return ['%s: fxt-gen violate exit %d: %s' % (tag, p.returncode, p.stderr.strip())]
        fields = p.stdout.split()
        if len(fields) != 2 or fields[0] != rule or not fields[1].isdigit():
            return ['%s: unexpected output %r' % (tag, p.stdout)]
        off = int(fields[1])
        with open(out, 'rb') as f:
            data = f.read()
        msgs = []
        # the magic number field (bytes 1..4) or the fields before it (bytes
        # 5..7) read right byte-swapped
        if be and rule != 'E0001' and data[1:5] != BE_MAGIC[1:5] and data[5:8] != BE_MAGIC[5:8]:
            msgs.append('%s: not a big-endian trace' % tag)
        q = run([validate, '--json', '--max-issues', '0', out], text=True)
        try:
            fr = json.loads(q.stdout)['files'][0]
        except (ValueError, KeyError, IndexError):
            return msgs + ['%s: fxt-validate gave no JSON (exit %d): %s'
                           % (tag, q.returncode, q.stderr)]
        got = [(i['rule'], i['record_offset']) for i in fr['issues']]
        if got != [(rule, off)]:
            msgs.append('%s: expected exactly [(%r, %d)], fxt-validate reported %s %s'
                        % (tag, rule, off, got[:6], [i['message'] for i in fr['issues']][:3]))
        want_rc = 1 if rule.startswith('E') else 0
        if q.returncode != want_rc:
            msgs.append('%s: fxt-validate exit %d, expected %d' % (tag, q.returncode, want_rc))
        os.unlink(out)
        return msgs

    jobs = [(r, s, be) for r in rules for s in SEEDS for be in (0, 1)]
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 2)) as ex:
        for msgs in ex.map(one, jobs):
            failures.extend(msgs)

    # determinism: the same arguments give the same bytes and offset
    for rule in ('E0004', 'W0031', 'E0041', 'W0055'):
        outs = []
        for k in range(2):
            path = os.path.join(tmp, 'det%d.fxt' % k)
            p = run([gen, 'violate', '--rule', rule, '--seed', '42', '-o', path])
            with open(path, 'rb') as f:
                outs.append((p.stdout, f.read()))
            os.unlink(path)
        if outs[0] != outs[1]:
            failures.append('%s: two runs with seed 42 differ' % rule)

    # names are accepted like ids; '-o -' writes the trace to stdout and the line to stderr
    p = run([gen, 'violate', '--rule', 'record-too-small', '--seed', '3', '-o', '-'])
    q = run([gen, 'violate', '--rule', 'E0004', '--seed', '3', '-o', os.path.join(tmp, 'x.fxt')])
    with open(os.path.join(tmp, 'x.fxt'), 'rb') as f:
        if p.returncode != 0 or p.stdout != f.read() or p.stderr != q.stdout:
            failures.append('-o - / rule name: output differs from -o FILE / rule id')
    os.unlink(os.path.join(tmp, 'x.fxt'))

    # argument errors
    for args in (['--rule', 'E9999', '-o', os.path.join(tmp, 'y.fxt')],
                 ['--rule', 'E0004', '--seed', 'abc', '-o', os.path.join(tmp, 'y.fxt')],
                 ['-o', os.path.join(tmp, 'y.fxt')],
                 ['--rule', 'E0004', 'extra']):
        p = run([gen, 'violate'] + args, text=True)
        if p.returncode != 2 or not p.stderr:
            failures.append('violate %s: exit %d, expected 2 with a message' % (args, p.returncode))
    os.rmdir(tmp)

    for f in failures[:80]:
        print('FAIL', f)
    if len(failures) > 80:
        print('... and %d more' % (len(failures) - 80))
    print('%d rules x %d seeds x 2 byte orders: %s' % (
        len(rules), len(SEEDS), 'FAILED (%d)' % len(failures) if failures else 'ok'))
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
