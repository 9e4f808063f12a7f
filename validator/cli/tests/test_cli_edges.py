#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The command-line tools' edges: option errors, unusual inputs, --explain
on every golden vector, fxt-dump's selections and number parsing, escaping
of file names in every format, failed writes, and (with a fault-injection
library) out-of-memory and I/O errors.

usage: test_cli_edges.py FXT_VALIDATE FXT_DUMP CORPUS_DIR [FAULTS_SO]

FAULTS_SO is libfxt_faults.so (faults.c: FXT_FAULTS=WHAT:N makes the Nth
big allocation, read, pread, fstat, lseek, mmap, tmpfile or pthread_create
fail); without
it (sanitizer builds, whose allocator comes first) those cases say
"skipped". Expected outputs are stated here from the documented formats,
the corpus manifest (offsets known from construction) and the words built
here, never taken from a run of the tool.

Standard library only. Prints one line per test and a closing summary;
exits non-zero if anything failed.
"""
import errno
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import traceback

VALIDATE = DUMP = CORPUS = FAULTS = TMP = None
TESTS = []


def test(fn):
    TESTS.append(fn)
    return fn


class Fail(Exception):
    pass


def check(cond, msg):
    if not cond:
        raise Fail(msg)


def run(argv, faults=None, stdin=None, input_bytes=None, stdout=None):
    env = dict(os.environ)
    env.pop('FXT_FAULTS', None)
    if faults is not None:
        env['FXT_FAULTS'] = faults
        env['LD_PRELOAD'] = FAULTS
    p = subprocess.run(argv, env=env, stdin=stdin, input=input_bytes,
                       stdout=stdout if stdout is not None else subprocess.PIPE,
                       stderr=subprocess.PIPE, timeout=120)
    p.out = p.stdout.decode('utf-8', 'replace') if p.stdout is not None else ''
    p.err = p.stderr.decode('utf-8', 'replace')
    return p


def expect(p, rc, out=None, err=None, what=''):
    """Exit status RC; OUT/ERR: substrings (or lists of them) that must occur."""
    check(p.returncode == rc, '%s: exit %d, expected %d\nstdout: %s\nstderr: %s'
          % (what, p.returncode, rc, p.out[-800:], p.err[-800:]))
    for name, text, want in (('stdout', p.out, out), ('stderr', p.err, err)):
        for s in ([want] if isinstance(want, str) else want or []):
            check(s in text, '%s: %r not in %s:\n%s' % (what, s, name, text[-1500:]))


def w(x):
    return struct.pack('<Q', x & 0xFFFFFFFFFFFFFFFF)


MAGIC = w(0x0016547846040010)


def tmpfile(name, data):
    path = os.path.join(TMP, name)
    with open(path, 'wb') as f:
        f.write(data)
    return path


def vec(rel):
    return os.path.join(CORPUS, rel)


def manifest():
    with open(os.path.join(CORPUS, 'manifest.json')) as f:
        return json.load(f)['vectors']


def usage_error(tool, args, msg):
    name = os.path.basename(tool)
    p = run([tool] + args)
    expect(p, 2, err=['%s: %s' % (name, msg), "Try '%s --help'" % name], what=' '.join(args))
    check(p.out == '', '%s: usage errors print nothing on stdout' % args)


# ---------------------------------------------------------------------------
# fxt-validate: options


@test
def validate_option_errors():
    usage_error(VALIDATE, ['--format', 'xml', 'x.fxt'],
                "--format: 'xml' is not text, short, json, sarif, github, junit or gitlab")
    usage_error(VALIDATE, ['-m'], "option '-m' needs a value")
    usage_error(VALIDATE, ['--max-issues'], "option '--max-issues' needs a value")
    usage_error(VALIDATE, ['--list-rules', '--format', 'sarif'],
                '--list-rules prints text or JSON (--json)')
    usage_error(VALIDATE, ['--explain', '--json', 'x.fxt'], '--explain goes with the text format only')
    usage_error(VALIDATE, ['--explain', '--format', 'github', 'x.fxt'],
                '--explain goes with the text format only')
    usage_error(VALIDATE, ['--no-such-option', 'x.fxt'], "unknown option '--no-such-option'")
    usage_error(VALIDATE, ['-z', 'x.fxt'], "unknown option '-z'")


@test
def validate_limits():
    """NOTES.md: no "conforms" for what was not checked. 257 providers, then
    a thread ref that provider 257 never registered: with the default
    limits an error (exit 1); with --max-providers 256 it is not checked,
    and the file does not pass: exit 3, and the message names the option.
    Exit statuses of several files: 2 over 1 over 3 over 0."""
    for opt in ('--max-providers', '--max-threads', '--max-async', '--max-flows'):
        for bad in ('0', 'x', '-1', '1073741825', ''):
            usage_error(VALIDATE, [opt, bad, 'x.fxt'],
                        "%s: '%s' is not a whole number from 1 to 1073741824" % (opt, bad))
    out = bytearray(MAGIC)
    for pid in range(1, 258):  # provider info: 1 word, metadata type 1, id [20..51], no name
        out += w(0 | (1 << 4) | (1 << 16) | (pid << 20))
    ev_at = len(out)
    out += w(4 | (2 << 4) | (5 << 24)) + w(1000)  # instant event, thread ref 5
    t = tmpfile('limits.fxt', bytes(out))
    p = run([VALIDATE, t])
    expect(p, 1, out=['limits.fxt:0x%x: error: [E0011 thread-ref-unregistered]' % ev_at])
    p = run([VALIDATE, '--max-providers', '256', t])
    expect(p, 3, out=['limits.fxt:0x%x: warning: [W0055 tracking-limit]' % (8 + 256 * 8),
                      '--max-providers', '0 errors, 1 warning'])
    check('E0011' not in p.out, p.out)
    p = run([VALIDATE, '--max-providers', '257', '--max-threads', '1', '--max-async', '1',
             '--max-flows', '1', t])
    expect(p, 1, out=['[E0011 thread-ref-unregistered]'])
    w55 = vec('warn/W0055-tracking-limit.fxt')
    expect(run([VALIDATE, w55]), 3, out=['[W0055 tracking-limit]',
                                          '1 warning; NOT FULLY CHECKED (a limit on providers'])
    # every output format says it
    p = run([VALIDATE, '--json', w55])
    check(p.returncode == 3 and json.loads(p.out)['files'][0]['unchecked'] == ['providers'],
          'json: %d %s' % (p.returncode, p.out[-300:]))
    p = run([VALIDATE, '--json', vec('valid/minimal.fxt')])
    check(json.loads(p.out)['files'][0]['unchecked'] == [], 'json, a checked file: ' + p.out[-300:])
    p = run([VALIDATE, '--format', 'sarif', w55])
    files = json.loads(p.out)['runs'][0]['properties']['files']
    check(p.returncode == 3 and files[0]['unchecked'] == ['providers'], 'sarif: %s' % files)
    p = run([VALIDATE, '--format', 'junit', w55])
    check(p.returncode == 3 and '<failure type="not-fully-checked"' in p.out, 'junit: ' + p.out)
    p = run([VALIDATE, '--format', 'github', w55])
    check(p.returncode == 3 and 'not fully checked (a limit on providers' in p.out,
          'github: ' + p.out[-400:])
    expect(run([VALIDATE, '--max-providers', '65536', w55]), 0,
           out=['W0055-tracking-limit.fxt: ', ' records, 0 errors, 0 warnings'])
    bad = vec('invalid/E0004-record-too-small.fxt')
    clean = vec('valid/minimal.fxt')
    expect(run([VALIDATE, w55, clean]), 3)
    expect(run([VALIDATE, w55, bad]), 1)
    expect(run([VALIDATE, bad, w55]), 1)
    expect(run([VALIDATE, w55, os.path.join(TMP, 'no-such.fxt')]), 2)
    # two limits reached in one trace: both named. Duration begins (event
    # type 2, 4 words: header, timestamp, inline process and thread koids)
    # on threads 1/2 and 1/3 (one past --max-threads 1), then providers 1
    # and 2 (one past --max-providers 1)
    two = bytearray(MAGIC)
    for tid in (2, 3):
        two += w(4 | (4 << 4) | (2 << 16)) + w(1000) + w(1) + w(tid)
    for pid in (1, 2):
        two += w(0 | (1 << 4) | (1 << 16) | (pid << 20))
    t = tmpfile('two-limits.fxt', bytes(two))
    expect(run([VALIDATE, '--max-providers', '1', '--max-threads', '1', t]), 3,
           out=['NOT FULLY CHECKED (a limit on providers, threads'])
    p = run([VALIDATE, '--json', '--max-providers', '1', '--max-threads', '1', t])
    check(p.returncode == 3 and json.loads(p.out)['files'][0]['unchecked'] == ['providers', 'threads'],
          'json, two limits: %d %s' % (p.returncode, p.out[-300:]))


@test
def duplicate_flow_cites_flow_section():
    """W0056 on a duplicate flow begin cites the flow begin section (the
    rule's own is the async begin's), in text and JSON."""
    def flow_begin(ts):  # event, 5 words, type 8, inline thread 1/2, id 7
        return w(4 | (5 << 4) | (8 << 16)) + w(ts) + w(1) + w(2) + w(7)
    t = tmpfile('dup-flow.fxt', MAGIC + flow_begin(1) + flow_begin(2) +
                w(4 | (5 << 4) | (10 << 16)) + w(3) + w(1) + w(2) + w(7))  # one flow end
    p = run([VALIDATE, t])
    expect(p, 0, out=['[W0056 duplicate-begin]', '(spec: Flow begin event (event type = 8))'])
    check('(spec: Async begin' not in p.out, p.out)
    p = run([VALIDATE, '--json', t])
    secs = [i['spec'] for i in json.loads(p.out)['files'][0]['issues']
            if i['rule'] == 'W0056']
    check(secs == ['Flow begin event (event type = 8)'], 'json: %s' % secs)


@test
def validate_ignore_lists():
    # blanks and tabs around the names are dropped
    p = run([VALIDATE, '--ignore', ' E0004 ,\trecord-size-extra\t',
             vec('invalid/E0004-record-too-small.fxt'), vec('warn/W0005-record-size-extra.fxt')])
    expect(p, 0, out=['E0004-record-too-small.fxt: 101 records, 0 errors, 0 warnings',
                      'W0005-record-size-extra.fxt: 101 records, 0 errors, 0 warnings'],
           what='--ignore with blanks')
    # what is quoted back is cut at 100 bytes
    p = run([VALIDATE, '--ignore', ',' * 150, 'x.fxt'])
    expect(p, 2, err="--ignore: empty rule name in '%s'\n" % (',' * 100), what='empty names')
    p = run([VALIDATE, '--ignore', 'a' * 70, 'x.fxt'])
    expect(p, 2, err="--ignore: unknown rule '%s'\n" % ('a' * 70), what='a long name')
    p = run([VALIDATE, '--ignore', 'E0004,' + 'b' * 150, 'x.fxt'])
    expect(p, 2, err="--ignore: unknown rule '%s'\n" % ('b' * 100), what='a very long name')
    check('Try \'fxt-validate --list-rules\'' in p.err, p.err)


@test
def validate_empty_inputs():
    empty = tmpfile('empty.fxt', b'')
    # E0001 ignored: nothing to say, not even the empty-file note
    p = run([VALIDATE, '--ignore', 'E0001', empty])
    expect(p, 0, out='empty.fxt: 0 records, 0 errors, 0 warnings\n', what='--ignore E0001')
    check('note' not in p.out, p.out)
    # --explain has no word to show
    p = run([VALIDATE, '--explain', empty])
    expect(p, 1, out=['empty.fxt:0x0: error: [E0001 empty-input]',
                      '    (no bytes at 0x0: the input ends before it)\n'], what='--explain empty')
    # --stats of an empty file: no type counts, no providers
    p = run([VALIDATE, '--stats', '--ignore', 'E0001', empty])
    expect(p, 0, what='--stats empty')
    check('by type' not in p.out and 'providers' not in p.out, p.out)
    # standard input that is a regular file already at its end: 0 bytes
    with open(vec('valid/minimal.fxt'), 'rb') as f:
        f.seek(0, 2)
        p = run([VALIDATE, '-'], stdin=f)
    expect(p, 1, out=['<stdin>:0x0: error: [E0001 empty-input]',
                      '<stdin>: note: the file is empty'], what='stdin at its end')


@test
def validate_stdin_directory():
    fd = os.open(TMP, os.O_RDONLY)
    try:
        p = run([VALIDATE, '-'], stdin=fd)
        expect(p, 2, err='fxt-validate: <stdin>: cannot read: Is a directory', what='validate')
        p = run([DUMP, '-'], stdin=fd)
        expect(p, 2, err='fxt-dump: <stdin>: cannot read: Is a directory', what='dump')
    finally:
        os.close(fd)


@test
def validate_stats_and_timing():
    p = run([VALIDATE, '--stats', vec('valid/minimal.fxt')])
    expect(p, 0, out=['minimal.fxt: 1 record, 0 errors, 0 warnings (', 'records by type:',
                      '    metadata                            1\n', 'providers:',
                      '(implicit: records before any provider record): 1 record'])
    check('events by type' not in p.out, 'a trace without events lists no event types')
    for opt in ('--timing', '--stats'):  # the schema: "only with --timing or --stats"
        p = run([VALIDATE, '--json', opt, vec('valid/minimal.fxt')])
        expect(p, 0, what=opt)
        f = json.loads(p.out)['files'][0]
        check(isinstance(f.get('seconds'), float) and f['seconds'] >= 0, '%s: %r' % (opt, f))
    p = run([VALIDATE, '--json', vec('valid/minimal.fxt')])
    check('seconds' not in json.loads(p.out)['files'][0], 'seconds without --timing')


@test
def validate_github_format():
    bad = vec('invalid/E0004-record-too-small.fxt')
    p = run([VALIDATE, '--format', 'github', '--quiet', bad])
    # --quiet keeps the annotations (they are the point of the format)
    expect(p, 1, out=['::error file=%s,line=1,title=E0004 record-too-small::' % bad.replace(':', '%3A'),
                      'at 0x860\n', ',line=1,title=fxt-validate totals::101 records, 1 error, '
                      '0 warnings; fails current%0Atop rules: E0004 record-too-small (1)\n'])
    p = run([VALIDATE, '--format', 'github', os.path.join(TMP, 'missing.fxt')])
    expect(p, 2, out='::error file=%s,line=1,title=I/O error::cannot open: %s\n'
           % (os.path.join(TMP, 'missing.fxt'), os.strerror(errno.ENOENT)), what='missing file')
    p = run([VALIDATE, '--format', 'github', '--revision', 'auto', vec('revisions/magic-only.fxt')])
    expect(p, 0, out='::1 record, 0 errors, 0 warnings; conforms to r3, current; not r1 (E0017 '
           'metadata-type-unknown at 0x0), not r2 (E0017 metadata-type-unknown at 0x0)\n',
           what='github + auto')


@test
def file_names_escaped_in_every_format():
    src = vec('invalid/E0004-record-too-small.fxt')
    odd = os.path.join(TMP.encode(), b'a\tb\xff\x7f%:,.fxt')
    utf = os.path.join(TMP.encode(), b'u\xed\x9f\xbf-\xed\xa0\x80.fxt')  # U+D7FF, then a surrogate
    plain = os.path.join(TMP.encode(), b'a_b~c-d.e.fxt')
    for n in (odd, utf, plain):
        shutil.copy(src, n)
    tmpb = TMP.encode()

    def out(fmt, name):
        p = subprocess.run([VALIDATE.encode(), b'--format', fmt, b'--quiet', name],
                           capture_output=True)
        check(p.returncode == 1, '%s %r: exit %d' % (fmt, name, p.returncode))
        return p.stdout
    # text: control bytes and bytes that are not UTF-8 as \xNN, the rest as is
    check(out(b'text', odd) == tmpb + b'/a\\x09b\\xff\\x7f%:,.fxt: 101 records, 1 error, 0 warnings\n',
          out(b'text', odd))
    check(out(b'text', utf).startswith(tmpb + b'/u\xed\x9f\xbf-\\xed\\xa0\\x80.fxt: '), out(b'text', utf))
    # GitHub: in file= also % : , escaped as %XX
    g = out(b'github', odd)
    check(g.startswith(b'::error file=' + tmpb.replace(b':', b'%3A').replace(b',', b'%2C')
                       + b'/a\\x09b\\xff\\x7f%25%3A%2C.fxt,line=1,title=E0004 record-too-small::'), g)
    # SARIF: a file:// URI, unreserved characters and / as they are
    for name, uri in ((odd, b'a%09b%FF%7F%25%3A%2C.fxt'), (utf, b'u%ED%9F%BF-%ED%A0%80.fxt'),
                      (plain, b'a_b~c-d.e.fxt')):
        doc = json.loads(out(b'sarif', name))
        got = doc['runs'][0]['results'][0]['locations'][0]['physicalLocation']['artifactLocation']['uri']
        check(got.encode().endswith(b'/' + uri) and got.startswith('file:///'), got)


@test
def failed_writes():
    full = open('/dev/full', 'wb')
    try:
        # auto mode spools issues and prints them at the end: the write error
        # stops the replay
        p = run([VALIDATE, '--revision', 'auto', '--max-issues', '0',
                 vec('invalid/E0010-string-ref-unregistered.fxt'), vec('valid/coverage-1.fxt')],
                stdout=full)
        expect(p, 2, err='fxt-validate: error writing standard output: %s' % os.strerror(errno.ENOSPC))
        for args in (['--help'], ['--version']):
            p = run([DUMP] + args, stdout=full)
            check(p.returncode == 2, 'fxt-dump %s > /dev/full: exit %d' % (args, p.returncode))
    finally:
        full.close()


# ---------------------------------------------------------------------------
# fxt-validate --explain


def explain_blocks(text):
    """(issue offset, rule, explain lines) for each issue of --explain text."""
    out = []
    for line in text.splitlines():
        m = re.match(r'^.*?:0x([0-9a-f]+): (?:error|warning): \[([EW]\d{4}) ', line)
        if m:
            out.append((int(m.group(1), 16), m.group(2), []))
        elif out and line.startswith('    '):
            out[-1][2].append(line)
    return out


@test
def explain_every_golden_vector():
    """The word shown is the one holding the manifest's field offset; byte
    faults get carets under that byte; the byte order is named."""
    n = 0
    for v in manifest():
        if not v['issues']:
            continue
        p = run([VALIDATE, '--explain', '--max-issues', '0', '--revision', v['revision'],
                 vec(v['path'])])
        want_rc = (1 if v['verdict'] == 'invalid' else
                   3 if any(i['rule'] == 'W0055' for i in v['issues']) else 0)
        check(p.returncode == want_rc, '%s: exit %d' % (v['path'], p.returncode))
        blocks = explain_blocks(p.out)
        check(sorted((o, r) for o, r, _ in blocks) ==
              sorted((i['field_offset'], i['rule']) for i in v['issues']),
              '%s: issues %s, manifest %s' % (v['path'], [(o, r) for o, r, _ in blocks], v['issues']))
        for off, rule, lines in blocks:
            check(lines, '%s %s: no explanation' % (v['path'], rule))
            if rule == 'E0001':
                check(lines[0] == '    (no bytes at 0x0: the input ends before it)', lines)
                continue
            if rule == 'E0002' and v['bytes'] - off < 8:  # 1..7 trailing bytes
                check(lines[0].startswith('    bytes at 0x%x:' % off) and '??' in lines[0], lines)
                continue
            m = re.match(r'^    word at 0x([0-9a-f]+) \(.*, (little|big)-endian\): 0x[0-9a-f]{16}$',
                         lines[0])
            check(m, '%s %s: %r' % (v['path'], rule, lines[0]))
            check(int(m.group(1), 16) == off - off % 8, '%s %s: word at %s for field %d'
                  % (v['path'], rule, m.group(1), off))
            check(m.group(2) == v['byte_order'], '%s: %s-endian' % (v['path'], m.group(2)))
            check(lines[1].startswith('      bytes:'), lines[1])
            if off % 8 or rule in ('E0007', 'E0008'):  # a byte at fault
                carets = lines[2]
                check(set(carets.strip()) == {'^'}, '%s %s: no byte carets: %s' % (v['path'], rule, lines))
                check((carets.index('^') - 13) // 3 == off % 8,
                      '%s %s: carets under byte %d, field at byte %d'
                      % (v['path'], rule, (carets.index('^') - 13) // 3, off % 8))
            n += 1
    check(n > 100, 'only %d issues explained' % n)


@test
def explain_header_fields():
    # an event of undefined type 11 with an inline name "a" and an inline
    # thread: E0029 at its header, whose fields are listed
    h = 4 | (5 << 4) | (11 << 16) | (0x8001 << 48)
    t = tmpfile('ev11.fxt', MAGIC + w(h) + w(100) + w(1) + w(2) + b'a' + bytes(7))
    p = run([VALIDATE, '--explain', t])
    expect(p, 1, out=['ev11.fxt:0x8: error: [E0029 event-type-unknown]',
                      '    word at 0x8 (event record header, little-endian): 0x%016x' % h,
                      '0x8001 (inline, 1 bytes)', '0 (inline koids)', '11 (event-type-11)',
                      '5 (words)', '4 (event)'])
    # a name byte that is not UTF-8 at the start of its word: a caret under byte 0
    h = 4 | (5 << 4) | (0x8001 << 48)
    t = tmpfile('ff.fxt', MAGIC + w(h) + w(100) + w(1) + w(2) + b'\xff' + bytes(7))
    p = run([VALIDATE, '--explain', t])
    expect(p, 1, out=['ff.fxt:0x28: error: [E0008 utf8-invalid]',
                      '    word at 0x28 (payload, little-endian): 0x00000000000000ff\n'
                      '      bytes: ff 00 00 00 00 00 00 00\n'
                      '             ^^\n'])


def unended_begin_then(filler_bytes):
    """magic, a duration begin at 8 (never ended), then FILLER_BYTES of
    valid large blobs (format 1, empty category and name, zero payload)."""
    recs = [MAGIC, w(4 | (4 << 4) | (2 << 16)) + w(100) + w(1) + w(2)]
    while filler_bytes > 0:
        payload = min(filler_bytes, 1 << 19)
        words = 3 + payload // 8
        recs.append(w(15 | (words << 4) | (1 << 40)) + w(0) + w(payload) + bytes(payload))
        filler_bytes -= payload
    return b''.join(recs)


@test
def explain_from_a_pipe():
    # issues found at the end of a pipe: the word is shown from the kept
    # input while it is within the last 1024 KiB...
    small = unended_begin_then(1 << 16)
    p = run([VALIDATE, '--explain', '-'], input_bytes=small)
    expect(p, 0, out=['<stdin>:0x8: warning: [W0031 duration-begin-unended]',
                      '    word at 0x8 (event record header, little-endian): 0x%016x'
                      % (4 | (4 << 4) | (2 << 16))], what='small pipe')
    p = run([VALIDATE, '--explain', '-'], input_bytes=vec_bytes('invalid/E0002-truncated.fxt'))
    expect(p, 1, out='    word at 0x928 (event record header, little-endian)', what='truncated pipe')
    # ...and said to be gone when it is older
    big = unended_begin_then(3 << 20)
    p = run([VALIDATE, '--explain', '-'], input_bytes=big)
    expect(p, 0, out=['<stdin>:0x8: warning: [W0031 duration-begin-unended]',
                      '    (the word at 0x8 is no longer at hand: this input cannot be re-read, '
                      'and only its last 1024 KiB are kept)'], what='big pipe')


def vec_bytes(rel):
    with open(vec(rel), 'rb') as f:
        return f.read()


# ---------------------------------------------------------------------------
# fxt-dump


@test
def dump_option_errors():
    f = vec('warn/W0031-duration-begin-unended.fxt')
    for args, msg in ((['--at', ''], "--at: '' is not a byte offset (decimal or 0x hex)"),
                      (['--at', '0xag'], "--at: '0xag' is not a byte offset"),
                      (['--at', '0x8-'], "--at: '0x8-' is not a byte offset"),
                      (['--at', '1.5'], "--at: '1.5' is not a byte offset"),
                      (['--at', '0x1FFFFFFFFFFFFFFFF'], "--at: '0x1FFFFFFFFFFFFFFFF' is not a byte offset"),
                      (['--at', '18446744073709551616'], "--at: '18446744073709551616' is not"),
                      (['--records', '123456789012345678901'],
                       "--records: '123456789012345678901' is not a range A..B"),
                      (['--records', 'abc'], "--records: 'abc' is not a range"),
                      (['--records', 'x..5'], "--records: 'x..5' is not a range"),
                      (['--records', '5..y'], "--records: '5..y' is not a range"),
                      (['--records', '7..5'], "--records: '7..5' is not a range"),
                      (['--records', '..'], "--records: '..' is not a range"),
                      (['--at', '1', '--records', '2'], 'give one of --at and --records, once'),
                      (['--records', '2', '--at', '1'], 'give one of --at and --records, once'),
                      (['--revision', 'auto'], "--revision: 'auto' is not one of r1, r2, r3, current"),
                      (['-z'], "unknown option '-z'")):
        usage_error(DUMP, args + [f], msg)
    usage_error(DUMP, [f, '-r'], "option '-r' needs a value")
    usage_error(DUMP, [f, '--no-such-option'], "unknown option '--no-such-option'")
    usage_error(DUMP, [f, '--records'], "option '--records' needs a value")


@test
def dump_number_forms():
    """--at in decimal (a leading 0 is still decimal, not octal), 0x and 0X
    hex, upper and lower case digits: the same record (#96 at 0x8b0 = 2224,
    the unended begin) and its issue."""
    f = vec('warn/W0031-duration-begin-unended.fxt')
    outs = set()
    for at in ('2224', '02224', '0x8b0', '0X8B0', '0x8B7', '0X8b7', '0x00000000000008b0'):
        p = run([DUMP, '--at', at, f])
        expect(p, 0, out=['#96 @0x8b0 event, ', 'end of trace:\n',
                          '    warning W0031 duration-begin-unended at 0x8b0: '], what='--at ' + at)
        outs.add(p.out)
    check(len(outs) == 1, '--at forms give different output')


@test
def dump_selection_of_end_issues():
    f = vec('warn/W0031-duration-begin-unended.fxt')  # W0031 of record #96, found at the end
    p = run([DUMP, '--records', '96', f])
    expect(p, 0, out=['#96 @0x8b0', 'end of trace:', 'W0031'])
    p = run([DUMP, '--records', '5..6', f])
    expect(p, 0, out=['#5 @', '#6 @', '1 warning'])
    check('warning W0031' not in p.out and 'end of trace' not in p.out, 'issue of #96 shown for 5..6')
    p = run([DUMP, '--records', '97..', f])
    check('warning W0031' not in p.out and '#97 @' in p.out, p.out)
    # issues of the whole trace are shown whatever the selection
    f = vec('warn/W0012-magic-missing.fxt')
    p = run([DUMP, '--records', '3..3', f])
    expect(p, 0, out=['#3 @', 'end of trace:\n', '    warning W0012 magic-missing at 0x0: '])
    p = run([DUMP, '--jsonl', '--records', '3..3', f])
    end = json.loads(p.out.splitlines()[-1])
    check([i['rule'] for i in end['issues']] == ['W0012'], end)
    # --at past every whole record: the issue of the incomplete one
    f = vec('invalid/E0002-truncated.fxt')  # 48-byte record at 0x928, 26 bytes of it
    p = run([DUMP, '--at', '0x930', f])
    expect(p, 1, out=['end of trace:', 'error E0002 truncated at 0x928'],
           err='no whole record contains offset 0x930')
    p = run([DUMP, '--at', '0x10', f])
    check('error E0002' not in p.out, 'the issue of a later record shown for --at 0x10')


@test
def dump_hex_large_blob_and_long_record():
    p = run([DUMP, '--hex', vec('valid/large-blob-metadata.fxt')])
    expect(p, 0)
    # the word after each large blob header is its format header word
    # (format 0: category [0..15], name [16..31], argument count [32..35],
    # thread [36..43], reserved [44..63])
    lines = p.out.splitlines()
    large = [int(m, 16) for m in re.findall(r'^#\d+ @0x([0-9a-f]+) large, ', p.out, re.M)]
    fmt = [l for l in lines for off in large if l.startswith('      @0x%08x  ' % (off + 8))]
    check(len(large) == 3 and len(fmt) == 3, (large, fmt))
    check(all('[0..15]=' in x and '[16..31]=' in x and '[32..35]=' in x and '[36..43]=' in x
              and '[44..63]=0' in x for x in fmt), fmt)
    # the largest normal record: 4095 words, 512 shown
    p = run([DUMP, '--hex', '--records', '1..', vec('valid/max-record.fxt')])
    expect(p, 0, out='      (%d more words not shown)\n' % (4095 - 512))


def colliding_providers():
    """Two provider ids in the same slot of fxt-dump's provider cache (the
    top 10 bits of id * 2654435761 mod 2^32)."""
    slot = lambda i: ((i * 2654435761) & 0xFFFFFFFF) >> 22
    a = 1
    b = next(i for i in range(2, 1 << 20) if slot(i) == slot(a))
    return a, b


@test
def dump_strings_never_cross_providers():
    """Provider B's string 1 evicts provider A's (same cache slot); back in
    A, its string 1 shows as an index, never as B's text."""
    a, b = colliding_providers()

    def pinfo(pid, name):
        return w(0 | (2 << 4) | (1 << 16) | (pid << 20) | (len(name) << 52)) + name.ljust(8, b'\0')

    def psection(pid):
        return w(0 | (1 << 4) | (2 << 16) | (pid << 20))

    def string(idx, s):
        return w(2 | (2 << 4) | (idx << 16) | (len(s) << 32)) + s.ljust(8, b'\0')

    def instant(name_idx):
        return w(4 | (4 << 4) | (name_idx << 48)) + w(100) + w(1) + w(2)
    t = tmpfile('prov.fxt', MAGIC + pinfo(a, b'A') + string(1, b'alpha') + pinfo(b, b'B')
                + string(1, b'beta') + instant(1) + psection(a) + instant(1))
    p = run([DUMP, t])
    expect(p, 0, out=['name="beta" (index 1)'])
    last = p.out.split('#7 @')[1]
    check('beta' not in last and 'alpha' not in last and 'name=(index 1)' in last,
          'provider %d after %d: %s' % (a, b, last))


# ---------------------------------------------------------------------------
# faults (LD_PRELOAD=libfxt_faults.so)


def fault_test(fn):
    def wrapped():
        if not FAULTS:
            return 'skipped'
        return fn()
    wrapped.__name__ = fn.__name__
    return test(wrapped)


NOMEM = os.strerror(errno.ENOMEM)
EIO = os.strerror(errno.EIO)


@fault_test
def validate_out_of_memory():
    f = vec('invalid/E0004-record-too-small.fxt')
    # the validator's own memory (small, first), then the big ones: the
    # read buffer, [--explain: the ring]
    for faults, args in (('smallalloc_after:0', []), ('bigalloc:1', []),
                         ('bigalloc:2', ['--explain']), ('bigalloc:1', ['--format', 'sarif'])):
        p = run([VALIDATE] + args + [f], faults=faults)
        expect(p, 2, err='fxt-validate: %s\n' % NOMEM, what='%s %s' % (faults, args))
        check(p.out == '', p.out)
    # the validator's record buffer, taken for the first record that does
    # not lie whole in a part (a large blob of 12 MiB across two mapped
    # windows of 8 MiB, input.h): no memory for it is not a pass (exit 3, W0055)
    payload = 3 << 22
    words = 3 + payload // 8
    big = tmpfile('big-blob.fxt', MAGIC + w(0xf | (words << 4) | (1 << 40)) + w(0) + w(payload)
                  + bytes(payload))
    expect(run([VALIDATE, big]), 0, out='big-blob.fxt: 2 records, 0 errors, 0 warnings')
    p = run([VALIDATE, '--threads', '1', big], faults='bigalloc:2')
    expect(p, 3, out=['[W0055 tracking-limit]', 'out of memory for a record that does not lie '
                      'whole in a chunk', 'NOT FULLY CHECKED (a limit on memory'])
    # with two threads too (the workers' shadow validators are small
    # allocations: the second big one is still the record buffer)
    p = run([VALIDATE, '--threads', '2', big], faults='bigalloc:2')
    expect(p, 3, out=['[W0055 tracking-limit]', 'out of memory for a record that does not lie '
                      'whole in a chunk', 'NOT FULLY CHECKED (a limit on memory'],
           what='no memory for the record buffer, two threads')
    # no worker thread (the first thread made is the reader's): the file
    # is checked on one thread, whole
    p = run([VALIDATE, '--threads', '2', big], faults='pthread_create:2')
    expect(p, 0, out='big-blob.fxt: 2 records, 0 errors, 0 warnings', what='no thread for workers')
    # the SARIF notes file cannot be made
    p = run([VALIDATE, '--format', 'sarif', f], faults='tmpfile:1')
    expect(p, 2, err='fxt-validate: ', what='sarif tmpfile')
    # no memory for the file's own state: an I/O error of that file
    p = run([VALIDATE, f], faults='smallalloc_after:1')
    expect(p, 2, err='fxt-validate: %s: cannot start: %s\n' % (f, NOMEM), what='per-file state')
    # --revision auto cannot spool its issues
    p = run([VALIDATE, '--revision', 'auto', f], faults='tmpfile:1')
    expect(p, 2, err='fxt-validate: %s: cannot create a temporary file' % f, what='auto spool')
    # --explain-rule: its example cannot be held, or validated
    p = run([VALIDATE, '--explain-rule', 'E0004'], faults='smallalloc_after:0')
    expect(p, 2, out='E0004 record-too-small (error)', err='fxt-validate: out of memory\n')
    p = run([VALIDATE, '--explain-rule', 'E0004'], faults='alloc8k:1')
    expect(p, 2, out=['A minimal trace that breaks it', '  0x0008: 0x0000000500010012'],
           err='fxt-validate: out of memory\n')
    check('What fxt-validate says' not in p.out, p.out)
    # W0009's example is 4003 words (32 KiB): the first allocation of 8 KiB
    p = run([VALIDATE, '--explain-rule', 'W0009'], faults='alloc8k:1')
    expect(p, 2, out='W0009 string-too-long (warning)', err='fxt-validate: out of memory\n')
    check('A minimal trace that breaks it' not in p.out, p.out)


@fault_test
def validate_io_errors():
    f = vec('invalid/E0004-record-too-small.fxt')
    normal = run([VALIDATE, '--explain', f])
    expect(normal, 1, out='    word at 0x860 (event record header, little-endian)')
    # fstat of the opened file
    p = run([VALIDATE, f], faults='fstat:1')
    expect(p, 2, err='fxt-validate: %s: cannot read: %s\n' % (f, EIO), what='fstat')
    # the input's own fstat or lseek failing, or mmap refused: read(2)
    # instead, the same output
    # (or no reader thread: the same, read in turn)
    for faults in ('fstat:2', 'lseek:1', 'mmap:1', 'pread:1:EINTR', 'pthread_create:1',
                   'pthread_create:1,mmap:1'):
        p = run([VALIDATE, '--explain', f], faults=faults)
        check(p.returncode == 1 and p.out == normal.out, '%s: exit %d\n%s' % (faults, p.returncode, p.out))
    # mmap refused and the way back to read(2) fails
    p = run([VALIDATE, f], faults='mmap:1,lseek:2')
    expect(p, 2, err='fxt-validate: %s: cannot read: %s\n' % (f, EIO), what='mmap then lseek')
    # the word cannot be re-read for --explain (pread fails): not shown
    p = run([VALIDATE, '--explain', f], faults='pread:1')
    expect(p, 1, out='    (the word at 0x860 is no longer at hand', what='pread')
    # read errors on a pipe: EINTR is retried, EIO ends the file
    data = vec_bytes('invalid/E0004-record-too-small.fxt')
    p = run([VALIDATE, '-'], input_bytes=data, faults='read:1:EINTR')
    expect(p, 1, out='<stdin>:0x860: error: [E0004 record-too-small]', what='read EINTR')
    p = run([VALIDATE, '-'], input_bytes=data, faults='read:1')
    expect(p, 2, err='fxt-validate: <stdin>: cannot read: %s\n' % EIO, what='read EIO')
    check('records' not in p.out, 'a summary after a read error: %s' % p.out)
    for faults in ('pthread_create:1', 'pthread_create:1,read:1:EINTR'):
        p = run([VALIDATE, '-'], input_bytes=data, faults=faults)
        expect(p, 1, out='<stdin>:0x860: error: [E0004 record-too-small]', what=faults)
    p = run([VALIDATE, '-'], input_bytes=data, faults='pthread_create:1,read:1')
    expect(p, 2, err='fxt-validate: <stdin>: cannot read: %s\n' % EIO, what='read EIO, no thread')


@fault_test
def explain_from_the_ring_of_a_big_file():
    """A regular file read with read(2) (its lseek fails, so it is not
    mapped) in 4 MiB chunks, larger than the 1 MiB ring kept for --explain."""
    # ... and at the end a string record for index 1 of length 0: W0026
    t = tmpfile('ring.fxt', unended_begin_then(5 << 20) + w(2 | (1 << 4) | (1 << 16)))
    p = run([VALIDATE, '--explain', t], faults='lseek:1')
    expect(p, 0, out=['    (the word at 0x8 is no longer at hand',
                      'warning: [W0026 string-empty]'], what='ring')
    off = len(unended_begin_then(5 << 20))
    check('    word at 0x%x (string record header, little-endian): 0x%016x'
          % (off, 2 | (1 << 4) | (1 << 16)) in p.out, p.out)


@fault_test
def dump_out_of_memory_and_io_errors():
    f = vec('valid/minimal.fxt')
    # big allocations: the read buffer, the string cache's slots
    for faults in ('bigalloc:1', 'bigalloc:2', 'smallalloc_after:1'):
        p = run([DUMP, f], faults=faults)
        expect(p, 2, err='fxt-dump: %s\n' % NOMEM, what=faults)
        check(p.out == '', p.out)
    # the validator (small), once the big buffers are there
    p = run([DUMP, f], faults='smallalloc_after:2')
    expect(p, 2, err='fxt-dump: %s: cannot start: %s\n' % (f, NOMEM), what='validator')
    p = run([DUMP, f], faults='fstat:1')
    expect(p, 2, err='fxt-dump: %s: cannot read: %s\n' % (f, EIO), what='fstat')
    p = run([DUMP, f], faults='read:1:EINTR')
    expect(p, 0, out='minimal.fxt: 1 record, 0 errors, 0 warnings', what='EINTR')
    p = run([DUMP, f], faults='read:1')
    expect(p, 2, out='minimal.fxt: 0 records, 0 errors, 0 warnings',
           err='fxt-dump: %s: cannot read: %s\n' % (f, EIO))
    p = run([DUMP, '--jsonl', f], faults='read:1')
    check(p.returncode == 2 and json.loads(p.out.splitlines()[-1])['io_error'] == 'cannot read: ' + EIO,
          p.out)


# ---------------------------------------------------------------------------


def main(argv):
    global VALIDATE, DUMP, CORPUS, FAULTS, TMP
    if len(argv) not in (4, 5):
        print(__doc__, file=sys.stderr)
        return 2
    VALIDATE, DUMP, CORPUS = (os.path.abspath(x) for x in argv[1:4])
    FAULTS = os.path.abspath(argv[4]) if len(argv) == 5 and argv[4] not in ('', '-') else None
    failed = 0
    with tempfile.TemporaryDirectory(prefix='fxt-cli-edges-') as tmp:
        TMP = tmp
        for t in TESTS:
            try:
                r = t()
                print('%s %s' % ('skip' if r == 'skipped' else 'ok  ', t.__name__))
            except Fail as e:
                failed += 1
                print('FAIL %s: %s' % (t.__name__, e))
            except Exception:
                failed += 1
                print('FAIL %s:\n%s' % (t.__name__, traceback.format_exc()))
    print('%d passed, %d failed' % (len(TESTS) - failed, failed))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
