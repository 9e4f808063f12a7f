#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""End-to-end test of 'fxt-gen violate'.

usage: test_violate.py FXT_GEN FXT_VALIDATE

1. 'fxt-gen violate --list --revision R' must name exactly the rules of the
   catalogue ('fxt-validate --list-rules --json') that apply to R, in the
   same order, for every revision R; rules that do not apply to R are
   refused (exit 2, a reason, no file).
2. For every rule and seeds 1..5 (1..2 with FXT_SANITIZED=1), in little-endian and big-endian: generate
   the trace into a file, then 'fxt-validate --json' must report exactly
   one issue, of that rule, at the record offset and field offset fxt-gen
   printed (which fxt-gen knows from construction), and exit 1 for errors,
   0 for warnings. W0012 (no magic record) cannot exist in a big-endian
   trace (byte order is recognised by the magic record): fxt-gen must refuse
   it with exit status 2 and a reason. E0014-E0016 leave enough of the magic
   record to tell the byte order and are checked in big-endian too.
3. The same for r1, r2 and r3 through standard input,
   'fxt-gen violate --revision R -o - | fxt-validate --revision R --json -'
   (the offsets line goes to standard error with '-o -'): r1 and r2 in
   little-endian only (they have no magic record), r3 in both byte orders;
   and seed 1 of every rule in every revision (current included) with
   fxt-gen's standard output connected to fxt-validate's by an OS pipe.
4. Determinism, argument errors and '-o -'.

Standard library only. Prints the failures and a closing summary; exits
non-zero if anything failed.
"""
import concurrent.futures
import json
import os
import re
import subprocess
import sys
import tempfile

# (seeds 1 and 2 in a sanitized build, FXT_SANITIZED=1, where every process
# costs ten times as much; the plain build runs all five)
SEEDS = range(1, 3) if os.environ.get('FXT_SANITIZED') == '1' else range(1, 6)
REVISIONS = ('r1', 'r2', 'r3', 'current')
HAS_MAGIC = {'r1': False, 'r2': False, 'r3': True, 'current': True}
NO_BIG_ENDIAN = {'W0012'}
BE_MAGIC = bytes.fromhex('0016547846040010')


def run(args, **kw):
    return subprocess.run(args, capture_output=True, **kw)


def parse_line(line, rule):
    """'RULE record_offset=0xR field_offset=0xF' (hex, as fxt-validate prints
    offsets) -> (record, field), or None."""
    m = re.match(r'^([EW]\d{4}) record_offset=0x([0-9a-f]+) field_offset=0x([0-9a-f]+)\n?$', line)
    if not m or m.group(1) != rule:
        return None
    return int(m.group(2), 16), int(m.group(3), 16)


def check_result(tag, rule, offs, data, be, q_rc, q_out, q_err):
    """The validator's verdict on one violation trace: exactly one issue, of
    RULE, at the record and field offsets OFFS."""
    msgs = []
    # the magic number field (bytes 1..4) or the fields before it (bytes
    # 5..7) read right byte-swapped
    if be and rule != 'E0001' and data[1:5] != BE_MAGIC[1:5] and data[5:8] != BE_MAGIC[5:8]:
        msgs.append('%s: not a big-endian trace' % tag)
    try:
        fr = json.loads(q_out)['files'][0]
    except (ValueError, KeyError, IndexError):
        return msgs + ['%s: fxt-validate gave no JSON (exit %d): %s' % (tag, q_rc, q_err)]
    got = [(i['rule'], i['record_offset'], i['field_offset']) for i in fr['issues']]
    want = [(rule,) + offs]
    if got != want:
        msgs.append('%s: expected exactly %s, fxt-validate reported %s %s'
                    % (tag, want, got[:6], [i['message'] for i in fr['issues']][:3]))
    if fr['issues'] and not (fr['issues'][0]['record_offset'] <= fr['issues'][0]['field_offset']
                             < fr['issues'][0]['record_offset'] + max(8, len(data))):
        msgs.append('%s: field offset outside the trace' % tag)
    # errors fail; a capacity limit (W0055) means "not fully checked": 3
    want_rc = 1 if rule.startswith('E') else 3 if rule == 'W0055' else 0
    if q_rc != want_rc:
        msgs.append('%s: fxt-validate exit %d, expected %d' % (tag, q_rc, want_rc))
    return msgs


def main(argv):
    if len(argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    gen, validate = argv[1], argv[2]
    failures = []

    cat = run([validate, '--list-rules', '--json'], text=True)
    catalogue = [(r['id'], r['revisions']) for r in json.loads(cat.stdout)['rules']]
    by_rev = {}
    for rev in REVISIONS:
        listed = run([gen, 'violate', '--list', '--revision', rev], text=True)
        rules = [l.split()[0] for l in listed.stdout.splitlines() if l.strip()]
        want = [i for i, revs in catalogue if rev in revs]
        if listed.returncode != 0 or not rules:
            failures.append('violate --list --revision %s failed: %s' % (rev, listed.stderr))
        if rules != want:
            failures.append('violate --list --revision %s: %d rules differ from the catalogue\'s '
                            '%d (missing %s, extra %s; a rule\'s generator goes in '
                            'generator/violate_records.c or violate_events.c)'
                            % (rev, len(rules), len(want), sorted(set(want) - set(rules)),
                               sorted(set(rules) - set(want))))
        by_rev[rev] = rules
    if run([gen, 'violate', '--list'], text=True).stdout != \
            run([gen, 'violate', '--list', '--revision', 'current'], text=True).stdout:
        failures.append('violate --list differs from violate --list --revision current')

    tmp = tempfile.mkdtemp(prefix='fxt-violate-')

    def one_file(job):
        """current revision, through a file"""
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
        offs = parse_line(p.stdout, rule)
        if offs is None:
            return ['%s: unexpected output %r' % (tag, p.stdout)]
        with open(out, 'rb') as f:
            data = f.read()
        q = run([validate, '--json', '--max-issues', '0', out], text=True)
        os.unlink(out)
        return check_result(tag, rule, offs, data, be, q.returncode, q.stdout, q.stderr)

    def one_pipe(job):
        """revision REV, fxt-gen's standard output piped into fxt-validate"""
        rule, seed, be, rev = job
        tag = '%s seed %d --revision %s%s (pipe)' % (rule, seed, rev, ' big-endian' if be else '')
        args = [gen, 'violate', '--rule', rule, '--seed', str(seed), '--revision', rev, '-o', '-']
        if be:
            args.append('--big-endian')
        # the bytes pass through this process (kept for the byte-order
        # check) into fxt-validate's standard input
        g = run(args)
        data, g_err = g.stdout, g.stderr.decode()
        if be and rule in NO_BIG_ENDIAN:
            if g.returncode != 2 or not g_err.strip() or data:
                return ['%s: expected a refusal (exit 2, a reason, no bytes), got exit %d'
                        % (tag, g.returncode)]
            return []
        if g.returncode != 0:
            return ['%s: fxt-gen violate exit %d: %s' % (tag, g.returncode, g_err.strip())]
        offs = parse_line(g_err, rule)
        if offs is None:
            return ['%s: unexpected line on stderr %r' % (tag, g_err)]
        q = subprocess.run([validate, '--json', '--max-issues', '0', '--revision', rev, '-'],
                           input=data, capture_output=True)
        return check_result(tag, rule, offs, data, be, q.returncode, q.stdout.decode(),
                            q.stderr.decode())

    def pipe_gen_to_validate(job):
        """fxt-gen's standard output is fxt-validate's standard input (an OS pipe)"""
        rule, seed, rev = job
        r, w = os.pipe()
        g = subprocess.Popen([gen, 'violate', '--rule', rule, '--seed', str(seed), '--revision',
                              rev, '-o', '-'], stdout=w, stderr=subprocess.PIPE)
        os.close(w)
        q = subprocess.Popen([validate, '--json', '--max-issues', '0', '--revision', rev, '-'],
                             stdin=r, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        os.close(r)
        q_out, q_err = q.communicate()
        g_err = g.communicate()[1].decode()
        tag = '%s seed %d --revision %s (real pipe)' % (rule, seed, rev)
        offs = parse_line(g_err, rule)
        if g.returncode != 0 or offs is None:
            return ['%s: fxt-gen exit %d, %r' % (tag, g.returncode, g_err)]
        try:
            fr = json.loads(q_out)['files'][0]
        except (ValueError, KeyError, IndexError):
            return ['%s: fxt-validate gave no JSON (exit %d)' % (tag, q.returncode)]
        got = [(i['rule'], i['record_offset'], i['field_offset']) for i in fr['issues']]
        if got != [(rule,) + offs] or fr['file'] != '<stdin>':
            return ['%s: expected exactly %s from <stdin>, got %s from %r'
                    % (tag, [(rule,) + offs], got, fr['file'])]
        return []

    def refused(job):
        rule, rev = job
        out = os.path.join(tmp, 'refused-%s-%s.fxt' % (rule, rev))
        p = run([gen, 'violate', '--rule', rule, '--revision', rev, '-o', out], text=True)
        if p.returncode != 2 or 'does not apply to revision %s' % rev not in p.stderr \
                or os.path.exists(out):
            return ['%s --revision %s: expected a refusal (exit 2, "does not apply", no file), '
                    'got exit %d: %s' % (rule, rev, p.returncode, p.stderr.strip())]
        return []

    all_rules = [i for i, _ in catalogue]
    file_jobs = [(r, s, be) for r in by_rev['current'] for s in SEEDS for be in (0, 1)]
    # current through files above; the older revisions through pipes
    pipe_jobs = [(r, s, be, rev) for rev in REVISIONS[:-1] for r in by_rev[rev] for s in SEEDS
                 for be in ((0, 1) if HAS_MAGIC[rev] else (0,))]
    real_pipe_jobs = [(r, 1, rev) for rev in REVISIONS for r in by_rev[rev]]
    refuse_jobs = [(r, rev) for rev in REVISIONS for r in all_rules if r not in by_rev[rev]]
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 2)) as ex:
        for fn, jobs in ((one_file, file_jobs), (one_pipe, pipe_jobs),
                         (pipe_gen_to_validate, real_pipe_jobs), (refused, refuse_jobs)):
            for msgs in ex.map(fn, jobs):
                failures.extend(msgs)

    # determinism: the same arguments give the same bytes and offsets
    for rule in ('E0004', 'W0031', 'E0041', 'W0055', 'E0008'):
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
                 ['--rule', 'E0004', '--revision', 'r4', '-o', os.path.join(tmp, 'y.fxt')],
                 ['--rule', 'E0004', '--revision', 'auto', '-o', os.path.join(tmp, 'y.fxt')],
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
    print('%d rules x %d seeds x 2 byte orders through files; %d traces of r1, r2, r3 (and '
          'current) through pipes (%s rules); %d refusals: %s' % (
              len(by_rev['current']), len(SEEDS), len(pipe_jobs) + len(real_pipe_jobs),
              '/'.join(str(len(by_rev[r])) for r in REVISIONS), len(refuse_jobs),
              'FAILED (%d)' % len(failures) if failures else 'ok'))
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
