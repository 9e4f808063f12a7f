#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""End-to-end tests of fxt-validate.

usage: test_cli.py [--valgrind VALGRIND] FXT_VALIDATE SCHEMA_JSON

Builds its input traces from literal bytes in a temporary directory, runs the
tool on them and checks exit codes, the text output, the --json document
(validated against SCHEMA_JSON with jsonschema), per-rule issue limits,
stdin, and that memory does not grow with the input. With --valgrind every
run goes through valgrind memcheck (leaks and memory errors fail the test;
the slow large-input tests are skipped).

Standard library plus jsonschema (Debian python3-jsonschema 4.10) only.
Prints one line per test and a closing 'N passed, N failed'; exits non-zero
if anything failed.
"""
import argparse
import json
import os
import pty
import random
import re
import select
import struct
import subprocess
import sys
import tempfile
import threading
import time
import traceback

import jsonschema

# ---------------------------------------------------------------------------
# Trace building blocks (little-endian words unless said otherwise)


def w(x):
    return struct.pack('<Q', x & 0xFFFFFFFFFFFFFFFF)


def wbe(x):
    return struct.pack('>Q', x & 0xFFFFFFFFFFFFFFFF)


def pad(b):
    return b + bytes(-len(b) % 8)


def hdr(rtype, size_words, bits=0):
    return rtype | (size_words << 4) | bits


MAGIC = bytes.fromhex('1000044678541600')          # magic record, LE
MAGIC_BE = bytes.fromhex('0016547846040010')       # the same, big-endian
INIT = bytes.fromhex('2100000000000000') + bytes.fromhex('00ca9a3b00000000')  # 1e9 ticks/s


def init(ticks=1_000_000_000, reserved=0):
    """Initialization record; RESERVED goes into bits [16..63] (must be 0)."""
    return w(hdr(1, 2, reserved << 16)) + w(ticks)


def string_rec(index, s):
    body = pad(s)
    return w(hdr(2, 1 + len(body) // 8, (index << 16) | (len(s) << 32))) + body


def thread_rec(index, pid, tid):
    return w(hdr(3, 3, index << 16)) + w(pid) + w(tid)


def event(etype, ts, name_ref=0, cat_ref=0, pid=1, tid=2, extra=()):
    """Event with an inline thread and indexed (or empty) category/name."""
    words = [ts, pid, tid] + list(extra)
    h = hdr(4, 1 + len(words), (etype << 16) | (cat_ref << 32) | (name_ref << 48))
    return w(h) + b''.join(w(x) for x in words)


def instant(ts, name_ref=0, cat_ref=0):
    return event(0, ts, name_ref, cat_ref)


def counter(ts, counter_id, name_ref=0):
    return event(1, ts, name_ref, extra=(counter_id,))


def provider_info(pid, name):
    body = pad(name)
    return w(hdr(0, 1 + len(body) // 8, (1 << 16) | (pid << 20) | (len(name) << 52))) + body


BAD_INIT = init(reserved=1)  # E0022 init-reserved-bits

FILES = {
    'valid.fxt': MAGIC + INIT + string_rec(1, b'cat') + instant(100, name_ref=1, cat_ref=1),
    'warn.fxt': MAGIC + INIT + string_rec(1, b''),                 # W0026 string-empty only
    'no-magic.fxt': INIT + instant(1),                             # W0012 magic-missing only
    'invalid.fxt': MAGIC + BAD_INIT,                               # E0022 at offset 8
    # magic record of 2 words (hand-worked: size field 2): E0015 only
    'bad-magic-size.fxt': w(0x0016547846040020) + w(0) + INIT,
    'empty.fxt': b'',
    'trunc-partial-word.fxt': MAGIC + INIT[:12],
    'trunc-short-record.fxt': MAGIC + INIT[:8],
    'random.bin': random.Random(7).randbytes(4096),
    'text.txt': b'#!/bin/sh\necho "this is not a trace"\n' * 8,
    'zeros.fxt': bytes(64),
    'big-endian.fxt': MAGIC_BE + wbe(hdr(1, 2)) + wbe(1_000_000_000),
    'unknown-type.fxt': MAGIC + INIT + w(hdr(10, 1)),              # E0006, FXT_RF_UNKNOWN
    # Strings registered in one file must not leak into the next one.
    'ref-a.fxt': MAGIC + INIT + string_rec(1, b'name') + instant(5, name_ref=1),
    'ref-b.fxt': MAGIC + INIT + instant(5, name_ref=1),
    # Many identical issues of two rules.
    'many.fxt': MAGIC + BAD_INIT * 50 + b''.join(instant(i, name_ref=5) for i in range(30)),
    # Provider, several record and event types.
    'stats.fxt': (MAGIC + provider_info(7, b'prov') + INIT + string_rec(1, b'n')
                  + instant(1, 1) + instant(2, 1) + instant(3, 1) + counter(4, 9, 1)),
    # A string record whose content is not UTF-8 and holds quotes, a
    # backslash and a control byte: whatever the message echoes must come
    # out as valid, escaped JSON and as clean text.
    'bad-utf8.fxt': MAGIC + INIT + string_rec(1, b'"q\\\xff\x01\x1b[31m"'),
}
WEIRD_NAME = b'we"ird\\na\x01me\xff.fxt'

ISSUE_RE = re.compile(
    r'^(?P<file>.+?):0x(?P<off>[0-9a-f]+): (?P<sev>error|warning): '
    r'\[(?P<id>[EW]\d{4}) (?P<name>[a-z0-9-]+)\] '
    r'(?:record #(?P<idx>\d+) \((?P<type>[^)]+)\): )?(?P<msg>.*?) \(spec: (?P<spec>.*)\)$')
SUMMARY_RE = re.compile(
    r'^(?P<file>.+): (?P<records>\d+) records?, (?P<errors>\d+) errors?, '
    r'(?P<warnings>\d+) warnings?(?: \((?P<secs>\d+\.\d+) s(?:, [\d.]+ MB/s)?\))?$')

# ---------------------------------------------------------------------------
# Harness


class Ctx:
    exe = None
    schema = None
    validator = None
    valgrind = None
    tmp = None


class Result:
    def __init__(self, p):
        self.rc = p.returncode
        self.raw = p.stdout or b''
        self.out = self.raw.decode('utf-8', 'replace')
        self.err = p.stderr.decode('utf-8', 'replace')
        self.lines = self.out.splitlines()

    def issues(self):
        return [m.groupdict() for m in map(ISSUE_RE.match, self.lines) if m]

    def summaries(self):
        return [m.groupdict() for m in map(SUMMARY_RE.match, self.lines) if m]

    def __repr__(self):
        return 'rc=%d\n--- stdout:\n%s--- stderr:\n%s' % (self.rc, self.out[:3000], self.err[:3000])


def run(args, input=None, stdin=None, stdout=subprocess.PIPE, timeout=120):
    cmd = [Ctx.exe] + list(args)
    if Ctx.valgrind:
        cmd = [Ctx.valgrind, '--quiet', '--leak-check=full',
               '--show-leak-kinds=definite,indirect,possible',
               '--errors-for-leak-kinds=definite,indirect,possible',
               '--error-exitcode=99'] + cmd
        timeout *= 10
    p = subprocess.run(cmd, input=input, stdin=stdin, stdout=stdout, stderr=subprocess.PIPE,
                       cwd=Ctx.tmp, timeout=timeout)
    r = Result(p)
    if Ctx.valgrind and r.rc == 99:
        raise AssertionError('valgrind reported errors:\n%r' % r)
    return r


def run_json(args, **kw):
    r = run(['--json'] + list(args), **kw)
    text = r.raw.decode('utf-8')  # strict: the document must be valid UTF-8
    doc = json.loads(text)
    errors = sorted(Ctx.validator.iter_errors(doc), key=lambda e: list(e.path))
    if errors:
        raise AssertionError('schema violations: %s\n%r' % (
            '; '.join('%s: %s' % (list(e.path), e.message) for e in errors[:5]), r))
    return r, doc


def expect(cond, what, r=None):
    if not cond:
        raise AssertionError(what + ('\n%r' % r if r is not None else ''))


def expect_rc(r, rc):
    expect(r.rc == rc, 'exit code %d, expected %d' % (r.rc, rc), r)


def one_summary(r, name):
    s = [x for x in r.summaries() if x['file'] == name]
    expect(len(s) == 1, 'expected one summary line for %s' % name, r)
    return {k: (int(v) if k in ('records', 'errors', 'warnings') else v) for k, v in s[0].items()}


TESTS = []


def test(fn):
    TESTS.append(fn)
    return fn


def slow(fn):
    fn.slow = True
    return fn

# ---------------------------------------------------------------------------
# Exit codes and basic output


@test
def valid_file_exits_0():
    r = run(['valid.fxt'])
    expect_rc(r, 0)
    s = one_summary(r, 'valid.fxt')
    expect(s['records'] == 4 and s['errors'] == 0 and s['warnings'] == 0, 'summary counts', r)
    expect(r.issues() == [], 'no issue lines', r)
    expect(r.err == '', 'nothing on stderr', r)


@test
def invalid_file_exits_1_with_compiler_style_line():
    r = run(['invalid.fxt'])
    expect_rc(r, 1)
    iss = r.issues()
    expect(len(iss) == 1, 'one issue line', r)
    i = iss[0]
    expect(i['file'] == 'invalid.fxt' and i['sev'] == 'error', 'file and severity', r)
    expect(i['id'] == 'E0022' and i['name'] == 'init-reserved-bits', 'rule id and name', r)
    expect(i['idx'] == '1', 'record #1 (the magic record is #0)', r)
    expect(int(i['off'], 16) == 8, 'field offset: the header word at 8 (bit 16 is set there)', r)
    expect(i['spec'].startswith('Initialization record'), 'spec section', r)
    expect(len(i['msg']) > 0, 'a message', r)
    s = one_summary(r, 'invalid.fxt')
    expect(s['records'] == 2 and s['errors'] == 1, 'summary counts', r)


@test
def warning_only_exits_0_and_werror_exits_1():
    r = run(['warn.fxt'])
    expect_rc(r, 0)
    s = one_summary(r, 'warn.fxt')
    expect(s['errors'] == 0 and s['warnings'] == 1, 'one warning counted', r)
    # the string record at 24 (after magic and init) holds the empty string
    expect([(i['id'], i['sev'], int(i['off'], 16)) for i in r.issues()] ==
           [('W0026', 'warning', 24)], 'exactly W0026 string-empty at 0x18', r)
    expect_rc(run(['--Werror', 'warn.fxt']), 1)
    expect_rc(run(['--Werror', 'valid.fxt']), 0)
    # A missing magic record is a warning about the whole trace: no record
    # is named, and no not-FXT hint (there are no errors).
    r = run(['no-magic.fxt'])
    expect_rc(r, 0)
    iss = r.issues()
    expect([(i['id'], i['name'], i['sev'], i['idx']) for i in iss] ==
           [('W0012', 'magic-missing', 'warning', None)], 'W0012 without a record', r)
    expect('note:' not in r.out, 'no note', r)
    expect_rc(run(['--Werror', 'no-magic.fxt']), 1)


@test
def empty_file_is_e0001_with_clear_note():
    r = run(['empty.fxt'])
    expect_rc(r, 1)
    iss = r.issues()
    expect([i['id'] for i in iss] == ['E0001'], 'exactly E0001 empty-input', r)
    expect(iss[0]['name'] == 'empty-input', 'name', r)
    expect(iss[0]['idx'] is None, 'no "record #N" for an empty file', r)
    expect('empty.fxt: note: the file is empty (0 bytes)' in r.out, 'empty note', r)
    expect('does not look like an FXT trace' not in r.out, 'no not-FXT hint for empty', r)
    s = one_summary(r, 'empty.fxt')
    expect(s['records'] == 0 and s['errors'] == 1, 'summary', r)


@test
def truncated_files_are_e0002():
    for name in ('trunc-partial-word.fxt', 'trunc-short-record.fxt'):
        r = run([name])
        expect_rc(r, 1)
        # the init record at 8 (size 2) is cut: 12 or 8 of its 16 bytes are there
        expect([(i['id'], int(i['off'], 16)) for i in r.issues()] == [('E0002', 8)],
               'exactly E0002 at 0x8 for ' + name, r)
        expect('does not look like an FXT trace' not in r.out, 'starts with magic', r)


@test
def random_bytes_and_text_get_not_fxt_hint():
    for name in ('random.bin', 'text.txt'):
        r = run([name])
        expect_rc(r, 1)
        note = '%s: note: this does not look like an FXT trace (no magic number at offset 0)' % name
        expect(r.lines.count(note) == 1, 'one not-FXT hint line for ' + name, r)
        one_summary(r, name)


@test
def all_zero_file_is_size_zero_record():
    r = run(['zeros.fxt'])
    expect_rc(r, 1)
    iss = r.issues()
    expect([(i['id'], i['name'], int(i['off'], 16)) for i in iss] ==
           [('E0003', 'record-size-zero', 0)], 'exactly E0003 at 0 (validation stops there)', r)
    expect('validation stopped' in r.out, 'stopped note', r)
    _, doc = run_json(['zeros.fxt'])
    f = doc['files'][0]
    expect(f['stopped'] is True, 'json stopped', doc)
    expect([(i['rule'], i['record_offset']) for i in f['issues']] == [('E0003', 0)],
           'json: exactly E0003 at 0', doc)


@test
def big_endian_trace_is_accepted():
    r, doc = run_json(['big-endian.fxt'])
    expect_rc(r, 0)
    f = doc['files'][0]
    expect(f['big_endian'] is True and f['errors'] == 0 and f['records'] == 2, 'big-endian', r)
    expect('does not look like' not in r.out, 'no hint')


@test
def allow_unknown_downgrades_to_warning():
    r = run(['unknown-type.fxt'])
    expect_rc(r, 1)
    expect([(i['id'], i['sev']) for i in r.issues()] == [('E0006', 'error')], 'E0006 error', r)
    r = run(['--allow-unknown', 'unknown-type.fxt'])
    expect_rc(r, 0)
    expect([(i['id'], i['sev']) for i in r.issues()] == [('E0006', 'warning')],
           'E0006 reported as a warning', r)
    expect_rc(run(['--allow-unknown', '--Werror', 'unknown-type.fxt']), 1)
    _, doc = run_json(['--allow-unknown', 'unknown-type.fxt'])
    i = doc['files'][0]['issues'][0]
    expect(i['rule'] == 'E0006' and i['severity'] == 'warning' and i['record_offset'] == 24,
           'json severity', doc)


@test
def missing_file_exits_2():
    r = run(['no-such.fxt'])
    expect_rc(r, 2)
    expect('fxt-validate: no-such.fxt: cannot open: No such file or directory' in r.err, 'strerror', r)
    expect(r.out == '', 'nothing on stdout', r)


@test
def directory_exits_2():
    os.makedirs(os.path.join(Ctx.tmp, 'adir'), exist_ok=True)
    r = run(['adir'])
    expect_rc(r, 2)
    expect('fxt-validate: adir: cannot read: Is a directory' in r.err, 'message', r)


@test
def unreadable_file_exits_2():
    if os.geteuid() == 0:
        return 'skipped (root can read anything)'
    p = os.path.join(Ctx.tmp, 'noread.fxt')
    with open(p, 'wb') as f:
        f.write(FILES['valid.fxt'])
    os.chmod(p, 0)
    r = run(['noread.fxt'])
    expect_rc(r, 2)
    expect('fxt-validate: noread.fxt: cannot open: Permission denied' in r.err, 'message', r)


@test
def io_error_still_validates_the_others_and_wins():
    r = run(['valid.fxt', 'no-such.fxt', 'invalid.fxt'])
    expect_rc(r, 2)
    one_summary(r, 'valid.fxt')
    expect(one_summary(r, 'invalid.fxt')['errors'] == 1, 'invalid.fxt validated', r)
    expect('No such file or directory' in r.err, 'reported', r)
    # the file that could not be read is counted as such, not as clean
    expect(r.lines[-1] == 'total: 3 files (1 could not be read), 1 error, 0 warnings', 'total line', r)
    r = run(['valid.fxt', 'invalid.fxt'])
    expect_rc(r, 1)
    expect(r.lines[-1] == 'total: 2 files, 1 error, 0 warnings', 'total line, all read', r)
    # JSON: one form for every io_error ('cannot WHAT: REASON', the schema's
    # pattern), and the count of files not read
    os.makedirs(os.path.join(Ctx.tmp, 'adir'), exist_ok=True)
    r, doc = run_json(['valid.fxt', 'no-such.fxt', 'adir', 'invalid.fxt'])
    errs = [f.get('io_error') for f in doc['files']]
    expect(errs == [None, 'cannot open: No such file or directory', 'cannot read: Is a directory', None],
           'io_error texts: %r' % errs, r)
    expect(doc['unreadable'] == 2 and doc['errors'] == 1, 'unreadable count', doc)


@test
def usage_errors_exit_2():
    for args, needle in [
            (['--bogus', 'valid.fxt'], '--help'),
            (['-x', 'valid.fxt'], '--help'),
            ([], 'no input files'),
            (['--ignore', 'no-such-rule', 'valid.fxt'], "unknown rule 'no-such-rule'"),
            (['--ignore', 'E0022,nope', 'valid.fxt'], "unknown rule 'nope'"),
            (['--ignore'], '--help'),
            (['--max-issues', 'abc', 'valid.fxt'], 'abc'),
            (['--max-issues', '-1', 'valid.fxt'], '-1'),
            (['--max-issues', '', 'valid.fxt'], 'max-issues'),
            (['--max-issues=12x', 'valid.fxt'], '12x'),
            (['--max-issues', '99999999999999999999999', 'valid.fxt'], 'max-issues'),
            (['--ignore', '', 'valid.fxt'], 'empty rule name'),
            (['--ignore', 'E0022,,E0023', 'valid.fxt'], 'empty rule name'),
            (['-', '-'], 'standard input'),
            (['--help=3'], "option '--help=3' takes no value"),
            (['--max-issues'], "option '--max-issues' needs a value"),
            (['-qx', 'valid.fxt'], "unknown option '-x'"),
    ]:
        r = run(args)
        expect(r.rc == 2, 'exit 2 for %s' % args, r)
        expect(needle in r.err, '%r in stderr for %s' % (needle, args), r)
        expect(r.out == '', 'nothing on stdout for %s' % args, r)
        # messages start with the program's name, not the path it was run by
        expect(r.err.startswith('fxt-validate: '), 'prefix for %s' % args, r)


@test
def stops_reading_after_a_size_zero_record():
    # /dev/zero never ends: the first record has size 0, validation stops, and
    # so must reading (a hang here is a failure by timeout)
    r = run(['/dev/zero'], timeout=20)
    expect_rc(r, 1)
    expect([i['id'] for i in r.issues()] == ['E0003'], 'one E0003', r)
    # the same on a pipe whose writer keeps it open
    p = subprocess.Popen([Ctx.exe, '-'], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE)
    try:
        p.stdin.write(MAGIC + w(0))  # a record of size 0 after the magic record
        p.stdin.flush()
        rc = p.wait(timeout=20)
    except subprocess.TimeoutExpired:
        p.kill()
        rc = 'still running after 20 s'
    finally:
        p.stdin.close()
        p.stdout.close()
        p.stderr.close()
    expect(rc == 1, 'exit 1 before the writer closes the pipe (got %r)' % (rc,))


@test
def broken_magic_record_is_not_called_non_fxt():
    # magic number intact, size field wrong: the issue says what is wrong; no
    # "does not look like an FXT trace" note
    r = run(['bad-magic-size.fxt'])
    expect_rc(r, 1)
    expect([i['id'] for i in r.issues()] == ['E0015'], 'E0015 only', r)
    expect('does not look like' not in r.out, 'no not-FXT note', r)


@test
def rule_sections_are_spec_headings():
    shared = os.environ.get('FXT_SHARED_DIR') or os.path.join(
        os.path.dirname(os.path.abspath(__file__)), '..', '..', '..', '..', 'shared')
    spec = os.path.join(shared, 'spec', 'trace-format.md')
    if not os.path.exists(spec):
        return 'skipped (no %s)' % spec
    with open(spec, encoding='utf-8') as f:
        heads = {re.sub(r'\s*\{#[^}]*\}\s*$', '', l.lstrip('#').strip())
                 for l in f if l.startswith('#')}
    r = run(['--list-rules'])
    expect_rc(r, 0)
    bad = []
    for line in r.lines[1:]:
        cols = re.split(r'\s{2,}', line.strip(), maxsplit=4)
        if len(cols) == 5 and cols[4] not in heads:
            bad.append('%s: %r' % (cols[0], cols[4]))
    expect(not bad, 'sections that are not headings of trace-format.md: ' + ', '.join(bad), r)
    return '%d rules' % (len(r.lines) - 1)


@test
def write_error_exits_2():
    if not os.path.exists('/dev/full'):
        return 'skipped (no /dev/full)'
    for args in (['valid.fxt'], ['--json', 'valid.fxt'], ['--list-rules'], ['--help']):
        with open('/dev/full', 'wb') as full:
            r = run(args, stdout=full)
        expect(r.rc == 2 and 'error writing standard output' in r.err,
               'a full disk is not success for %s' % args, r)


@test
def stdin_dash():
    r = run(['-'], input=FILES['valid.fxt'])
    expect_rc(r, 0)
    one_summary(r, '<stdin>')
    r = run(['-'], input=FILES['invalid.fxt'])
    expect_rc(r, 1)
    expect([i['file'] for i in r.issues()] == ['<stdin>'], 'issues named <stdin>', r)
    _, doc = run_json(['-'], input=FILES['invalid.fxt'])
    expect(doc['files'][0]['file'] == '<stdin>', 'json name')
    r = run(['-'], input=b'')
    expect_rc(r, 1)
    expect([i['id'] for i in r.issues()] == ['E0001'], 'empty stdin', r)


@test
def each_file_gets_a_fresh_validator():
    r = run(['ref-a.fxt', 'ref-b.fxt'])
    expect_rc(r, 1)
    expect(one_summary(r, 'ref-a.fxt')['errors'] == 0, 'a clean', r)
    expect(one_summary(r, 'ref-b.fxt')['errors'] >= 1, 'b errors', r)
    expect({(i['file'], i['id']) for i in r.issues()} == {('ref-b.fxt', 'E0010')},
           'string table does not carry over', r)
    expect_rc(run(['ref-a.fxt', 'ref-a.fxt', 'valid.fxt']), 0)

# ---------------------------------------------------------------------------
# Options


@test
def ignore_suppresses_a_rule():
    for spec in ['E0022', 'e0022', 'init-reserved-bits', 'E0001, init-reserved-bits',
                 'string-ref-unregistered,E0022']:
        r = run(['--ignore', spec, 'invalid.fxt'])
        expect_rc(r, 0)
        expect(not any(i['id'] == 'E0022' for i in r.issues()), 'E0022 gone for ' + spec, r)
        expect(one_summary(r, 'invalid.fxt')['errors'] == 0, 'not counted', r)
    r = run(['-i', 'E0022', '--ignore=E0010', 'many.fxt'])
    expect_rc(r, 0)
    r = run(['--ignore', 'E0022', 'many.fxt'])
    expect_rc(r, 1)
    expect({i['id'] for i in r.issues()} == {'E0010'}, 'only E0010 left', r)


@test
def max_issues_limits_per_rule_and_summarises():
    r = run(['--max-issues', '3', 'many.fxt'])
    expect_rc(r, 1)
    ids = [i['id'] for i in r.issues()]
    expect(ids.count('E0022') == 3 and ids.count('E0010') == 3, '3 lines per rule', r)
    expect('many.fxt: note: 47 more [E0022 init-reserved-bits] issues not shown' in r.out,
           'E0022 remainder', r)
    expect('many.fxt: note: 27 more [E0010 string-ref-unregistered] issues not shown' in r.out,
           'E0010 remainder', r)
    s = one_summary(r, 'many.fxt')
    expect(s['errors'] == 80 and s['records'] == 81, 'summary counts all', r)

    r = run(['many.fxt'])  # default 20
    ids = [i['id'] for i in r.issues()]
    expect(ids.count('E0022') == 20 and ids.count('E0010') == 20, 'default limit 20', r)
    expect('30 more [E0022' in r.out and '10 more [E0010' in r.out, 'default remainder', r)

    r = run(['--max-issues', '0', 'many.fxt'])
    ids = [i['id'] for i in r.issues()]
    expect(ids.count('E0022') == 50 and ids.count('E0010') == 30, 'unlimited', r)
    expect('more [' not in r.out, 'no remainder notes', r)

    r, doc = run_json(['--max-issues', '2', 'many.fxt'])
    f = doc['files'][0]
    expect(len(f['issues']) == 4 and f['truncated_issues'] == 76, 'json truncation', doc)
    expect(f['errors'] == 80 and f['issues_by_rule'] == {'E0022': 50, 'E0010': 30},
           'json counts', doc)
    expect([i['record_offset'] for i in f['issues'] if i['rule'] == 'E0022'] == [8, 24],
           'E0022 record offsets', doc)
    expect([i['record_index'] for i in f['issues'] if i['rule'] == 'E0010'] == [51, 52],
           'E0010 record indexes', doc)


@test
def quiet_prints_summaries_only():
    r = run(['--quiet', 'many.fxt', 'invalid.fxt', 'random.bin'])
    expect_rc(r, 1)
    expect(len(r.summaries()) == 3 and len(r.lines) == 4, 'summaries and total only', r)
    r2, doc = run_json(['--quiet', 'invalid.fxt'])
    expect(len(doc['files'][0]['issues']) == 1, '--quiet has no effect with --json', r2)


@test
def stats_prints_counts():
    r, doc = run_json(['stats.fxt'])
    expect_rc(r, 0)
    f = doc['files'][0]
    expect(sum(f['record_types'].values()) == f['records'] == 8, 'record type counts', doc)
    expect(sorted(f['event_types'].values()) == [1, 3], 'event type counts', doc)
    provs = {p['id']: p for p in f['providers']}
    expect(7 in provs and provs[7]['name'] == 'prov' and not provs[7]['implicit'],
           'provider 7', doc)
    expect(provs[7]['records'] >= 6, 'provider 7 has the records after its info record', doc)
    expect(sum(p['records'] for p in f['providers']) <= f['records'], 'provider records', doc)

    r = run(['--stats', 'stats.fxt'])
    expect_rc(r, 0)
    for key in ('record_types', 'event_types'):
        for name, n in f[key].items():
            expect(any(re.match(r'^\s+%s\s+%d$' % (re.escape(name), n), l) for l in r.lines),
                   'stats line for %s %d' % (name, n), r)
    expect(any(re.match(r'^\s+7\s+"prov": %d records?$' % provs[7]['records'], l)
               for l in r.lines), 'provider line', r)
    expect(len(run(['stats.fxt']).lines) == 1, 'no stats without --stats')


@test
def help_version_list_rules():
    r = run(['--help'])
    expect_rc(r, 0)
    for opt in ('--ignore', '--max-issues', '--allow-unknown', '--Werror', '--quiet', '--stats',
                '--json', '--list-rules', '--help', '--version', 'Exit status'):
        expect(opt in r.out, 'help mentions ' + opt, r)
    for code in ('0 ', '1 ', '2 '):
        expect(('\n  ' + code) in r.out, 'help lists exit code ' + code, r)
    expect_rc(run(['-h']), 0)

    r = run(['--version'])
    expect_rc(r, 0)
    m = re.match(r'^fxt-validate (\d+\.\d+\.\d+) \(FXT spec revisions: [^()]+\)$', r.out.strip())
    expect(m is not None, 'version line', r)
    _, doc = run_json(['valid.fxt'])
    expect(doc['version'] == m.group(1), 'same version in --json', doc)

    r = run(['--list-rules'])
    expect_rc(r, 0)
    rows = [l.split() for l in r.lines[1:]]
    expect(len(rows) >= 50, 'all rules listed', r)
    expect(all(re.match(r'^[EW]\d{4}$', x[0]) and x[2] in ('error', 'warning') for x in rows),
           'id and severity columns', r)
    expect(any(x[:4] == ['E0004', 'record-too-small', 'error', 'all'] and ' '.join(x[4:]) == 'Records'
               for x in rows), 'E0004 row', r)
    expect(any(x[:4] == ['W0012', 'magic-missing', 'warning', 'r3,current'] for x in rows),
           'W0012 row', r)
    expect(any(x[:4] == ['E0054', 'bool-value-invalid', 'error', 'current'] for x in rows),
           'E0054 row', r)

# ---------------------------------------------------------------------------
# JSON


@test
def json_document_for_several_files():
    r, doc = run_json(['valid.fxt', 'invalid.fxt', 'no-such.fxt', 'random.bin', 'empty.fxt'])
    expect_rc(r, 2)
    expect(doc['tool'] == 'fxt-validate', 'tool')
    names = [f['file'] for f in doc['files']]
    expect(names == ['valid.fxt', 'invalid.fxt', 'no-such.fxt', 'random.bin', 'empty.fxt'],
           'files in order', doc)
    valid, invalid, missing, rnd, empty = doc['files']
    expect(valid['errors'] == 0 and valid['issues'] == [] and 'io_error' not in valid, 'valid', doc)
    expect(valid['records'] == 4 and valid['bytes'] == len(FILES['valid.fxt']), 'valid counts')
    i = invalid['issues']
    expect(len(i) == 1 and i[0]['rule'] == 'E0022' and i[0]['name'] == 'init-reserved-bits'
           and i[0]['severity'] == 'error' and i[0]['record_offset'] == 8
           and i[0]['record_index'] == 1 and i[0]['spec'].startswith('Initialization record'),
           'invalid issue', doc)
    expect(missing['io_error'] == 'cannot open: No such file or directory' and missing['issues'] == [],
           'io_error', doc)
    expect(any('does not look like an FXT trace' in n for n in rnd['notes']), 'hint', doc)
    expect(rnd['errors'] >= 1 and rnd['errors'] + rnd['warnings'] ==
           len(rnd['issues']) + rnd['truncated_issues'], 'random counts', doc)
    expect([(x['rule'], x['record_type']) for x in empty['issues']] == [('E0001', None)],
           'empty', doc)
    expect(i[0]['record_type'] == 'initialization', 'record type name', doc)
    total = sum(f['errors'] for f in doc['files'])
    expect(doc['errors'] == total and doc['warnings'] == sum(f['warnings'] for f in doc['files']),
           'totals', doc)
    expect(r.err.count('No such file or directory') == 1, 'io error on stderr too', r)


@test
def json_matches_text_output():
    for name in ('many.fxt', 'random.bin', 'zeros.fxt', 'warn.fxt', 'trunc-short-record.fxt'):
        t = run(['--max-issues', '0', name])
        _, doc = run_json(['--max-issues', '0', name])
        a = [(i['id'], int(i['off'], 16), i['sev']) for i in t.issues()]
        b = [(i['rule'], i['field_offset'], i['severity']) for i in doc['files'][0]['issues']]
        expect(a == b, 'same issues in text and json for ' + name, t)
        s = one_summary(t, name)
        f = doc['files'][0]
        expect((s['records'], s['errors'], s['warnings']) ==
               (f['records'], f['errors'], f['warnings']), 'same counts for ' + name)


@test
def json_escapes_names_and_messages():
    with open(os.path.join(os.fsencode(Ctx.tmp), WEIRD_NAME), 'wb') as f:
        f.write(FILES['bad-utf8.fxt'])
    r, doc = run_json([WEIRD_NAME, 'bad-utf8.fxt'])
    expect_rc(r, 1)
    f0, f1 = doc['files']
    expect(f0['file'] == 'we"ird\\na\x01me\ufffd.fxt', 'file name escaped: %r' % f0['file'])
    expect('\\u0001' in r.out and '\\ufffd' in r.out, 'escapes used', r)
    expect(any(i['rule'] == 'E0008' for i in f1['issues']), 'E0008 utf8-invalid', doc)
    expect(all(b >= 0x20 or b == 0x0a for b in r.raw), 'no raw control bytes in the JSON', r)
    # Text output: no raw control bytes either (a terminal would obey them).
    t = run([WEIRD_NAME, 'bad-utf8.fxt'])
    body = t.raw.replace(WEIRD_NAME, b'')
    expect(all(b >= 0x20 or b == 0x0a for b in body), 'no raw control bytes in text', t)
    t.raw.replace(WEIRD_NAME, b'').decode('utf-8')  # the rest is valid UTF-8


@test
def json_on_real_traces():
    shared = os.environ.get('FXT_SHARED_DIR') or os.path.join(
        os.path.dirname(os.path.abspath(__file__)), '..', '..', '..', '..', 'shared')
    d = os.path.join(shared, 'real-traces')
    if not os.path.isdir(d):
        return 'skipped (no %s)' % d
    expected = {  # from real-traces/README.md: (exit code, errors)
        'magic-trace.fxt': (0, 0),
        'fxt-cpp-writer.fxt': (0, 0),
        'ftfrs-writer.fxt': (0, 0),
        'fxt-go-writer-bad-blob.fxt': (1, 1),
    }
    names = [n for n in expected if os.path.exists(os.path.join(d, n))]
    for n in names:
        path = os.path.join(d, n)
        r, doc = run_json([path])
        f = doc['files'][0]
        expect((r.rc, f['errors']) == expected[n], '%s: exit %d, %d errors' % (n, r.rc, f['errors']),
               r)
        expect(f['bytes'] == os.path.getsize(path) and f['records'] > 0, n + ' counts', doc)
        if n == 'magic-trace.fxt':
            expect(f['warnings'] > 0, 'magic-trace has warnings', doc)
        if n == 'fxt-go-writer-bad-blob.fxt':
            errs = [i for i in f['issues'] if i['severity'] == 'error']
            expect(errs and errs[0]['record_offset'] == 14848, 'bad blob at 14848', doc)
    return '%d traces' % len(names)

# ---------------------------------------------------------------------------
# Streaming and memory


def thread_records(count):
    """COUNT thread records (24 bytes each: chunk borders fall inside records)."""
    block = b''.join(thread_rec(i % 255 + 1, 1000 + i, 2000 + i) for i in range(255))
    full, rest = divmod(count, 255)
    return block * full + block[:rest * 24]


def vm_hwm_kib(pid):
    """Peak resident memory of process PID so far (this program image only)."""
    with open('/proc/%d/status' % pid) as f:
        for line in f:
            if line.startswith('VmHWM:'):
                return int(line.split()[1])
    raise AssertionError('no VmHWM in /proc/%d/status' % pid)


def run_streamed(args, parts, fifo=None):
    """Run the tool (never under valgrind) and write PARTS to its input: a
    pipe on stdin ('-' in ARGS), or the named pipe FIFO. A part is bytes, or
    None: measure the tool's peak memory now (after it has read what was
    written so far). Returns (rc, stdout, [VmHWM KiB at each None])."""
    if fifo:
        os.mkfifo(os.path.join(Ctx.tmp, fifo))
    p = subprocess.Popen([Ctx.exe] + args, cwd=Ctx.tmp, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE,
                         stdin=subprocess.DEVNULL if fifo else subprocess.PIPE)
    outs = {}

    def drain(name, f):
        outs[name] = f.read()

    threads = [threading.Thread(target=drain, args=('out', p.stdout)),
               threading.Thread(target=drain, args=('err', p.stderr))]
    for t in threads:
        t.start()
    marks = []
    try:
        sink = open(os.path.join(Ctx.tmp, fifo), 'wb') if fifo else p.stdin
        with sink:
            for part in parts:
                if part is None:
                    sink.flush()
                    time.sleep(0.3)  # let it drain the pipe buffer (64 KiB)
                    marks.append(vm_hwm_kib(p.pid))
                else:
                    sink.write(part)
        p.wait(timeout=120)
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
        for t in threads:
            t.join()
        if fifo:
            os.unlink(os.path.join(Ctx.tmp, fifo))
    return p.returncode, outs['out'].decode('utf-8', 'replace'), marks


def thread_trace_parts(blocks, mark_after):
    """MAGIC + INIT + BLOCKS x 102000 thread records (2.4 MB a block; 24-byte
    records, so chunk borders fall inside records), with a memory mark after
    MARK_AFTER blocks and at the end."""
    chunk = thread_records(255 * 400)
    yield MAGIC + INIT
    for i in range(blocks):
        yield chunk
        if i + 1 == mark_after:
            yield None
    yield None


@test
@slow
def memory_is_constant_on_large_input():
    # A streaming reader's peak memory must not follow the input: compare
    # the peak after 7 MB with the peak after 120 MB, on stdin and on a
    # named file (a FIFO, so that the test can watch the reader mid-way).
    blocks, n = 50, 2 + 50 * 255 * 400
    notes = []
    for how in ('stdin', 'file'):
        args, fifo = (['-'], None) if how == 'stdin' else (['in.fifo'], 'in.fifo')
        rc, out, (early, late) = run_streamed(args, thread_trace_parts(blocks, 3), fifo)
        name = '<stdin>' if how == 'stdin' else 'in.fifo'
        expect(rc == 0 and ('%s: %d records, 0 errors, 0 warnings' % (name, n)) in out,
               '%s: exit %d: %s' % (how, rc, out))
        expect(late - early < 2048, '%s: peak memory grew by %d KiB (%d -> %d KiB)' % (
            how, late - early, early, late))
        notes.append('%s: peak %d KiB at 7 MB, %d KiB at 120 MB' % (how, early, late))
    return '; '.join(notes)


@test
@slow
def many_issues_stream_without_memory_growth():
    # 2 million errors: all counted, 20 printed, memory flat.
    def parts():
        yield MAGIC
        for i in range(20):
            yield BAD_INIT * 100_000
            if i == 1:
                yield None
        yield None
    rc, out, (early, late) = run_streamed(['-'], parts())
    expect(rc == 1 and '<stdin>: 2000001 records, 2000000 errors' in out, out[-500:])
    expect('1999980 more [E0022' in out, 'remainder note: ' + out[-500:])
    expect(len(out.splitlines()) == 22, '20 issues, 1 note, 1 summary: ' + out[-500:])
    expect(late - early < 2048, 'peak memory grew by %d KiB (%d -> %d KiB)' % (
        late - early, early, late))
    return 'peak %d KiB after 200000 issues, %d KiB after 2000000' % (early, late)


# ---------------------------------------------------------------------------


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--valgrind', metavar='VALGRIND', help='run every case under valgrind')
    ap.add_argument('exe')
    ap.add_argument('schema')
    ap.add_argument('-k', dest='only', help='run only tests whose name contains this')
    a = ap.parse_args()

    Ctx.exe = os.path.abspath(a.exe)
    Ctx.valgrind = a.valgrind
    with open(a.schema) as f:
        Ctx.schema = json.load(f)
    cls = jsonschema.validators.validator_for(Ctx.schema)
    cls.check_schema(Ctx.schema)
    Ctx.validator = cls(Ctx.schema)

    return run_suite(TESTS, a.only, 'fxt-cli-')


def pty_run(cmd, cwd, on, env=None):
    """Run CMD in CWD with its ON stream ('stdout' or 'stderr') on a
    pseudo-terminal and the other on a pipe; returns (exit status, what the
    pipe got, what the terminal got), as bytes."""
    master, slave = pty.openpty()
    streams = {'stdout': slave, 'stderr': subprocess.PIPE} if on == 'stdout' else \
        {'stdout': subprocess.PIPE, 'stderr': slave}
    p = subprocess.Popen(cmd, cwd=cwd, env=env, **streams)
    os.close(slave)
    term = b''
    while True:
        ready, _, _ = select.select([master], [], [], 30)
        if not ready:
            break
        try:
            chunk = os.read(master, 4096)
        except OSError:  # EIO: the other side is closed
            break
        if not chunk:
            break
        term += chunk
    piped = (p.stderr if on == 'stdout' else p.stdout).read()
    p.wait(timeout=30)
    os.close(master)
    return p.returncode, piped, term


def split_k(args):
    """ARGS without '-k NAME', and NAME (None without it)."""
    if '-k' not in args:
        return list(args), None
    i = args.index('-k')
    return args[:i] + args[i + 2:], args[i + 1]


def sarif_validator(shared):
    """A validator of the SARIF 2.1.0 schema in SHARED/schemas (read in
    place), or None when it is absent."""
    p = os.path.join(shared, 'schemas', 'sarif-schema-2.1.0.json')
    if not os.path.exists(p):
        return None
    with open(p, encoding='utf-8') as f:
        schema = json.load(f)
    return jsonschema.validators.validator_for(schema)(schema)


def run_tests(tests, only=None, skip_slow=False):
    """Run TESTS (only those whose name contains ONLY; not the slow ones
    with SKIP_SLOW; not those named in $FXT_TEST_SKIP, comma-separated: the
    npm package's run of these tests leaves out what measures the native
    process itself), a line each; returns (passed, failed, skipped)."""
    passed = failed = skipped = 0
    unwanted = set(filter(None, os.environ.get('FXT_TEST_SKIP', '').split(',')))
    for fn in tests:
        if only and only not in fn.__name__:
            continue
        if fn.__name__ in unwanted:
            print('skip %s (FXT_TEST_SKIP)' % fn.__name__)
            continue
        if skip_slow and getattr(fn, 'slow', False):
            print('skip %s (slow under valgrind)' % fn.__name__)
            continue
        try:
            note = fn()
            print('ok   %s%s' % (fn.__name__, ' (%s)' % note if note else ''))
            passed += 1
            skipped += bool(note and note.startswith('skipped'))
        except Exception as e:  # noqa: BLE001 - report and go on
            failed += 1
            print('FAIL %s: %s' % (fn.__name__, e if isinstance(e, AssertionError)
                                   else traceback.format_exc()))
        sys.stdout.flush()
    print('%d passed, %d failed' % (passed, failed))
    return passed, failed, skipped


def run_suite(tests, only=None, prefix='fxt-cli-'):
    """Write FILES into a fresh temporary directory and run TESTS there (only
    those whose name contains ONLY); prints a line per test and a closing
    count; returns the exit status."""
    with tempfile.TemporaryDirectory(prefix=prefix) as tmp:
        Ctx.tmp = tmp
        for name, data in FILES.items():
            with open(os.path.join(tmp, name), 'wb') as f:
                f.write(data)
        passed, failed, skipped = run_tests(tests, only, bool(Ctx.valgrind))
    if not failed and passed and skipped == passed:
        return 77  # every test run was skipped: ctest says so (SKIP_RETURN_CODE)
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
