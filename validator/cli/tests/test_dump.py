#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""End-to-end tests of fxt-dump.

usage: test_dump.py [--corpus | --corpus-schema | --real] FXT_DUMP FXT_VALIDATE FXT_GEN SCHEMA_JSON CORPUS_DIR

Expectations come from outside fxt-dump: the golden corpus manifest (record
counts, issue ids and record offsets), fxt-validate's own counts, and
traces built here from literal words. Every --jsonl line is validated
against SCHEMA_JSON (Debian python3-jsonschema 4.10, draft-07).

--corpus: only the check of every golden vector against the manifest, its
lines checked against the schema one in 25 (and every end object).
--corpus-schema: the same with every line checked against the schema (about
a millisecond a line, most of the time the check takes: ctest runs it in one
configuration, dump-corpus in every one).
--real: only the traces in $FXT_SHARED_DIR/real-traces (exit 77, skipped,
when that folder is absent). Neither: every other test.

Prints one line per test and 'N passed, N failed'; exits 1 if anything failed.
"""
import collections
import json
import os
import re
import resource
import struct
import subprocess
import sys
import tempfile
import time
import traceback

import jsonschema

DUMP = VALIDATE = GEN = CORPUS = None
SCHEMA = None
SCHEMA_CHECKED = set()  # the --jsonl lines already checked against SCHEMA
CORPUS_EVERY = 1  # the corpus check validates every CORPUS_EVERY-th line
TMP = None

# ---------------------------------------------------------------------------
# literal words (little-endian) for hand-made traces


def w(x):
    return struct.pack('<Q', x & 0xFFFFFFFFFFFFFFFF)


def pad(b):
    return b + bytes(-len(b) % 8)


MAGIC = bytes.fromhex('1000044678541600')


def string_rec(index, s):
    body = pad(s)
    return w(2 | ((1 + len(body) // 8) << 4) | (index << 16) | (len(s) << 32)) + body


def provider_info(pid, name):
    body = pad(name)
    return w(0 | ((1 + len(body) // 8) << 4) | (1 << 16) | (pid << 20) | (len(name) << 52)) + body


def instant(ts, name_ref, cat_ref=0, pid=1, tid=2):
    """Instant event, inline thread, indexed name and category."""
    return w(4 | (4 << 4) | (cat_ref << 32) | (name_ref << 48)) + w(ts) + w(pid) + w(tid)


def write(name, data):
    path = os.path.join(TMP, name)
    with open(path, 'wb') as f:
        f.write(data)
    return path


# ---------------------------------------------------------------------------
# running


def run(args, stdin=None):
    return subprocess.run(args, stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          timeout=120)


def dump_jsonl(path, *opts, every=1):
    """Run fxt-dump --jsonl; return (process, records, end object). Every
    EVERY-th line and the last are checked against the schema (jsonschema
    takes about a millisecond a line), and the end object must come last.
    A line already checked, byte for byte, is not checked again: the corpus
    vectors share their first records (the same text at the same offset), so
    --corpus-schema's 23,600 lines hold 11,000 distinct ones."""
    r = run([DUMP, '--jsonl', *opts, path])
    lines = r.stdout.decode('utf-8').splitlines()
    objs = [json.loads(line) for line in lines]
    picked = list(range(0, len(lines), every) if every else []) + [len(lines) - 1]
    for i in picked:
        if i >= 0 and lines[i] not in SCHEMA_CHECKED:
            SCHEMA.validate(objs[i])
            SCHEMA_CHECKED.add(lines[i])
    assert objs and objs[-1]['kind'] == 'end', 'no end object last'
    recs = objs[:-1]
    assert all(o['kind'] == 'record' for o in recs), 'end object before the last line'
    return r, recs, objs[-1]


def all_issues(recs, end):
    out = []
    for rec in recs:
        for i in rec['issues']:
            assert i['record_offset'] == rec['offset'], \
                f"issue {i['rule']} at record {i['record_offset']} shown under {rec['offset']}"
            out.append(i)
    return out + end['issues']


def check(cond, what):
    if not cond:
        raise AssertionError(what)


TESTS = []


def test(fn):
    TESTS.append(fn)
    return fn


# ---------------------------------------------------------------------------
# golden corpus


def manifest():
    with open(os.path.join(CORPUS, 'manifest.json')) as f:
        return json.load(f)['vectors']


@test
def corpus_jsonl_matches_manifest():
    vectors = manifest()
    check(len(vectors) > 100, 'manifest lists few vectors')
    # FXT_TEST_VECTORS_EVERY=N: one vector in N (a slow fxt-dump, such as
    # the npm package's, whose every run starts Node.js)
    every = int(os.environ.get('FXT_TEST_VECTORS_EVERY', '1'))
    for v in vectors[::every]:
        path = os.path.join(CORPUS, v['path'])
        r, recs, end = dump_jsonl(path, '--revision', v.get('revision', 'current'),
                                  every=CORPUS_EVERY)
        want_rc = 1 if v['verdict'] == 'invalid' else 0
        check(r.returncode == want_rc, f"{v['path']}: exit {r.returncode}, want {want_rc}")
        if 'records' in v:
            check(len(recs) == v['records'] == end['records'],
                  f"{v['path']}: {len(recs)} records dumped, manifest {v['records']}")
        check([x['index'] for x in recs] == list(range(len(recs))),
              f"{v['path']}: record indexes are not 0..n-1")
        off = 0
        for x in recs:  # records follow each other
            check(x['offset'] == off, f"{v['path']}: record #{x['index']} at {x['offset']}")
            off += x['size_words'] * 8
        got = collections.Counter((i['rule'], i['name'], i['record_offset'], i['field_offset'])
                                  for i in all_issues(recs, end))
        want = collections.Counter((i['rule'], i['name'], i['record_offset'], i['field_offset'])
                                   for i in v['issues'])
        check(got == want, f"{v['path']}: issues {sorted(got)} != manifest {sorted(want)}")
        if v['verdict'] == 'valid':
            check(all(x['errors'] == 0 and x['decoded'] for x in recs),
                  f"{v['path']}: a valid vector has an undecoded record")
        be = v['byte_order'] == 'big'
        check(all(x['big_endian'] == be for x in recs), f"{v['path']}: byte order")
        for rev, exp in v.get('revisions', {}).items():  # the same bytes read as REV
            r, recs, end = dump_jsonl(path, '--revision', rev, every=CORPUS_EVERY)
            got = collections.Counter((i['rule'], i['record_offset'], i['field_offset'])
                                      for i in all_issues(recs, end))
            want = collections.Counter((i['rule'], i['record_offset'], i['field_offset'])
                                       for i in exp['issues'])
            check(got == want and r.returncode == (exp['verdict'] == 'invalid'),
                  f"{v['path']} as {rev}: issues {sorted(got)} != {sorted(want)}")


@test
def corpus_text_shows_the_manifest_issues():
    line = re.compile(rb'^    (error|warning) ([EW]\d{4}) (\S+) at 0x([0-9a-f]+): ', re.M)
    for v in manifest():
        r = run([DUMP, '--revision', v.get('revision', 'current'),
                 os.path.join(CORPUS, v['path'])])
        want_rc = 1 if v['verdict'] == 'invalid' else 0
        check(r.returncode == want_rc, f"{v['path']}: text exit {r.returncode}")
        got = collections.Counter(m.group(2).decode() for m in line.finditer(r.stdout))
        want = collections.Counter(i['rule'] for i in v['issues'])
        check(got == want, f"{v['path']}: text issues {got} != {want}")
        if 'records' in v:
            n = len(re.findall(rb'^#\d+ @0x[0-9a-f]+ ', r.stdout, re.M))
            check(n == v['records'], f"{v['path']}: {n} record lines, want {v['records']}")


@test
def schema_rejects_malformed_lines():
    """The schema is not vacuous: lines that break it in one place fail."""
    _, recs, end = dump_jsonl(os.path.join(CORPUS, 'valid', 'event-counter.fxt'), '--hex')
    counter = next(x for x in recs if x['fields'].get('event_type', {}).get('name') == 'counter')
    withargs = next(x for x in recs if x['args'])
    bad = []
    for rec, edit in ((counter, lambda x: x['fields'].pop('counter_id')),
                      (counter, lambda x: x['fields'].update(end_time=1)),
                      (counter, lambda x: x['fields'].update(colour='red')),
                      (counter, lambda x: x.pop('offset')),
                      (counter, lambda x: x.update(header='0x12')),
                      (counter, lambda x: x['fields']['thread'].update(pid=-1)),
                      (counter, lambda x: x['fields']['name'].update(text=5)),
                      (counter, lambda x: x['words'][0].update(hex='0xzz')),
                      (withargs, lambda x: x['args'][0].pop('value')),
                      (withargs, lambda x: x['args'][0]['type'].update(value='int32')),
                      (end, lambda x: x.pop('errors')),
                      (end, lambda x: x['issues'].append({'id': 'E0001'}))):
        copy = json.loads(json.dumps(rec))
        edit(copy)
        bad.append(copy)
    for b in bad:
        check(not SCHEMA.is_valid(b), f'schema accepts {b}')


@test
def every_record_type_is_decoded():
    seen = set()
    for v in manifest():
        if v['verdict'] != 'valid':
            continue
        _, recs, _ = dump_jsonl(os.path.join(CORPUS, v['path']), every=0)
        for x in recs:
            f = x['fields']
            sub = (f.get('metadata_type') or f.get('event_type') or f.get('sched_type') or
                   f.get('format') or {}).get('name')
            seen.add((x['type']['name'], sub))
            seen.update(('arg', a['type']['name']) for a in x['args'])
    want = {('metadata', 'provider-info'), ('metadata', 'provider-section'),
            ('metadata', 'provider-event'), ('metadata', 'trace-info'),
            ('initialization', None), ('string', None), ('thread', None), ('blob', None),
            ('userspace', None), ('kernel-object', None), ('log', None),
            ('scheduling', 'legacy-context-switch'), ('scheduling', 'context-switch'),
            ('scheduling', 'thread-wakeup'), ('large', 'metadata'), ('large', 'no-metadata')}
    want |= {('event', n) for n in ('instant', 'counter', 'duration-begin', 'duration-end',
                                    'duration-complete', 'async-begin', 'async-instant',
                                    'async-end', 'flow-begin', 'flow-step', 'flow-end')}
    want |= {('arg', n) for n in ('null', 'int32', 'uint32', 'int64', 'uint64', 'double',
                                  'string', 'pointer', 'koid', 'bool')}
    check(want <= seen, f'not seen in the valid corpus dumps: {sorted(want - seen)}')


@test
def big_endian_twin_dumps_the_same_fields():
    for name in ('event-async', 'arg-double', 'log', 'large-blob-metadata', 'kernel-object'):
        _, le, _ = dump_jsonl(os.path.join(CORPUS, 'valid', name + '.fxt'))
        _, be, _ = dump_jsonl(os.path.join(CORPUS, 'valid', name + '-be.fxt'))
        strip = lambda rs: [(x['fields'], x['args']) for x in rs]  # noqa: E731
        check(strip(le) == strip(be), f'{name}: big-endian twin dumps differently')


@test
def hex_words_split_into_fields():
    names = ['valid/large-blob-metadata-be.fxt', 'valid/sched-legacy-context-switch.fxt',
             'valid/max-record.fxt', 'valid/arg-string.fxt', 'invalid/E0053-arg-reserved-bits.fxt',
             'invalid/E0006-record-type-unknown-be.fxt', 'valid/coverage-1.fxt']
    for name in names:
        path = os.path.join(CORPUS, name)
        with open(path, 'rb') as f:
            data = f.read()
        be = name.endswith('-be.fxt')
        _, recs, _ = dump_jsonl(path, '--hex')
        for x in recs:
            words = x['words']
            check(len(words) + x['words_omitted'] == x['size_words'] and
                  len(words) == min(512, x['size_words']), f'{name} #{x["index"]}: word count')
            for k, wd in enumerate(words):  # the words are the file's bytes
                raw = data[x['offset'] + 8 * k:x['offset'] + 8 * k + 8]
                check(int(wd['hex'], 16) == struct.unpack('>Q' if be else '<Q', raw)[0],
                      f'{name} #{x["index"]} word {k}')
                check(wd['offset'] == x['offset'] + 8 * k, 'word offset')
                if 'fields' in wd:  # fields cover the word, lowest first, no overlap
                    bit = 0
                    for fd in wd['fields']:
                        check(fd['lo'] == bit and fd['hi'] >= fd['lo'], f'{name}: {wd}')
                        bit = fd['hi'] + 1
                    check(bit == 64, f'{name}: fields end at bit {bit}')
                    check(sum(fd['value'] << fd['lo'] for fd in wd['fields']) ==
                          int(wd['hex'], 16), f'{name}: field values do not make the word')
            check('fields' in words[0], f'{name}: header not split')
            if x['decoded'] and not x['words_omitted']:
                nargs = sum(1 for wd in words if wd.get('desc') == 'argument header')
                check(nargs == len(x['args']), f'{name} #{x["index"]}: {nargs} argument '
                      f'headers split, {len(x["args"])} arguments')
    t = run([DUMP, '--hex', '--records', '93', os.path.join(CORPUS, names[4])]).stdout.decode()
    check('reserved [48..63]=0x4000 (must be 0)' in t and 'argument 1 header:' in t, t)


@test
def revision_names_event_types_its_way():
    """REVISIONS.md: r1 and r2 number async begin..flow end 4..9; r3 and
    current have duration complete at 4 and async begin..flow end at 5..10."""
    path = os.path.join(CORPUS, 'valid', 'event-async.fxt')
    want = {'r1': {5: 'async-instant', 6: 'async-end', 7: 'flow-begin'},
            'r2': {5: 'async-instant', 6: 'async-end', 7: 'flow-begin'},
            'r3': {5: 'async-begin', 6: 'async-instant', 7: 'async-end'},
            'current': {5: 'async-begin', 6: 'async-instant', 7: 'async-end'}}
    for rev, names in want.items():
        _, recs, end = dump_jsonl(path, '--revision', rev)
        check(end['revision'] == rev, end)
        seen = {x['fields']['event_type']['value']: x['fields']['event_type']['name']
                for x in recs if x['type']['name'] == 'event'}
        check(set(seen) == set(names) and seen == names, f'{rev}: {seen}')
    r = run([DUMP, '--revision', 'r9', path])
    check(r.returncode == 2 and b'--revision' in r.stderr, r)


# ---------------------------------------------------------------------------
# hand-made traces: refs, escaping, string cache


@test
def refs_are_resolved_per_provider():
    data = (MAGIC + provider_info(1, b'one') + string_rec(1, b'alpha') + instant(5, 1) +
            provider_info(2, b'two') + string_rec(1, b'beta') + instant(6, 1) +
            w(0 | (1 << 4) | (2 << 16) | (1 << 20)) +        # provider section 1
            instant(7, 1) + string_rec(1, b'gamma') + instant(8, 1) +
            provider_info(1, b'one again') + instant(9, 1))  # a fresh table: unregistered
    r, recs, end = dump_jsonl(write('refs.fxt', data))
    names = [(x['provider'], x['fields']['name']['text'])
             for x in recs if x['type']['name'] == 'event']
    check(names == [(1, 'alpha'), (2, 'beta'), (1, 'alpha'), (1, 'gamma'), (1, None)], names)
    last = recs[-1]
    check([i['rule'] for i in last['issues']] == ['E0010'], last['issues'])
    check(last['fields']['name'] == {'ref': 1, 'inline': False, 'text': None}, last)
    check(r.returncode == 1, 'unregistered ref is an error')
    t = run([DUMP, write('refs.fxt', data)]).stdout.decode()
    check('name="gamma" (index 1)' in t and re.search(r'name=\(index 1\)', t), t)


@test
def json_and_text_escape_every_byte():
    raw = b'a"\\\x01\x7f\xff\n\xe2\x82\xac'
    data = MAGIC + string_rec(1, raw) + instant(1, 1)
    r, recs, _ = dump_jsonl(write('esc.fxt', data))
    check(recs[1]['fields']['text'] == 'a"\\\x01\x7f\ufffd\n\u20ac', recs[1]['fields'])
    check(recs[2]['fields']['name']['text'] == 'a"\\\x01\x7f\ufffd\n\u20ac', recs[2])
    check(b'\\u0001' in r.stdout and b'\\ufffd' in r.stdout, r.stdout)
    t = run([DUMP, write('esc.fxt', data)]).stdout
    check(b'text="a\\"\\\\\\x01\\x7f\\xff\\n\xe2\x82\xac"' in t, t)


@test
def evicted_strings_show_the_index_alone():
    """A 32 MiB text budget: 1100 strings of 32000 bytes push out the first."""
    big = [string_rec(i, bytes([0x41 + i % 26]) * 32000) for i in range(1, 1101)]
    data = MAGIC + b''.join(big) + instant(1, 1) + instant(2, 1100)
    path = write('evict.fxt', data)
    r, recs, end = dump_jsonl(path, '--records', '1101..')
    check(r.returncode == 0, r.stderr)
    check(recs[0]['fields']['name'] == {'ref': 1, 'inline': False, 'text': None}, recs[0])
    check(recs[1]['fields']['name']['text'] == chr(0x41 + 1100 % 26) * 32000, 'last text')
    check(end['strings_evicted'] > 0, end)
    t = run([DUMP, '--records', '1101', path]).stdout.decode()
    check('name=(index 1)' in t and re.search(r'\(\d+ string texts? evicted', t), t)


@test
def large_blob_beyond_the_buffer_is_streamed():
    """A 1.5 MiB large blob (format 1) does not fit the validator's 1 MiB
    buffer: its payload is checked as it streams and not kept."""
    size = 3 << 19
    words = 3 + size // 8
    data = (MAGIC + w(15 | (words << 4) | (1 << 40)) + w(0) + w(size) + bytes(size) +
            instant(1, 0))
    path = write('large.fxt', data)
    r, recs, end = dump_jsonl(path, '--hex')
    blob = recs[1]
    check(r.returncode == 0 and len(recs) == 3 and blob['decoded'], recs)
    check(blob['fields']['payload_size'] == size and blob['fields']['payload_preview'] is None,
          blob['fields'])
    check(len(blob['words']) == 1 and blob['words_omitted'] == words - 1, blob['words'])
    check(recs[2]['offset'] == 8 + words * 8, recs[2])
    t = run([DUMP, '--hex', '--records', '1', path]).stdout.decode()
    check('payload_preview=(streamed, not kept)' in t and 'streamed, not kept)' in t, t)


@test
def undecoded_record_has_no_fields():
    data = MAGIC + w(10 | (2 << 4)) + w(0)  # record type 10 is undefined
    r, recs, end = dump_jsonl(write('t10.fxt', data))
    check(not recs[1]['decoded'] and recs[1]['fields'] == {} and recs[1]['args'] == [], recs)
    check([i['rule'] for i in recs[1]['issues']] == ['E0006'] and r.returncode == 1, recs)
    r, recs, end = dump_jsonl(write('t10.fxt', data), '--allow-unknown')
    check(r.returncode == 0 and recs[1]['issues'][0]['severity'] == 'warning', recs)


@test
def mutated_traces_still_give_valid_json_lines():
    """Random byte and word changes to corpus vectors (fixed seed): fxt-dump
    never crashes, every line fits the schema, and it counts the records
    fxt-validate counts."""
    import random
    rng = random.Random(1234)
    seeds = ['valid/event-async.fxt', 'valid/large-blob-metadata-be.fxt', 'valid/log.fxt',
             'valid/metadata-providers.fxt', 'valid/arg-string-be.fxt',
             'valid/sched-context-switch-be.fxt']
    for k in range(90):
        with open(os.path.join(CORPUS, seeds[k % len(seeds)]), 'rb') as f:
            data = bytearray(f.read())
        for _ in range(rng.randint(1, 6)):
            i = rng.randrange(len(data))
            if rng.random() < 0.5:
                data[i] = rng.randrange(256)
            else:  # a whole word: sizes, types, refs
                j = i & ~7
                data[j:j + 8] = rng.randbytes(8)
        if rng.random() < 0.2:
            del data[rng.randrange(len(data)):]
        path = write('mut.fxt', bytes(data))
        r, recs, end = dump_jsonl(path, *(['--hex'] if k % 3 == 0 else []))
        check(r.returncode in (0, 1), f'mutant {k}: exit {r.returncode} {r.stderr}')
        v = json.loads(run([VALIDATE, '--json', path]).stdout)['files'][0]
        check(len(recs) == v['records'] == end['records'], f'mutant {k}: record count')
        check((end['errors'], end['warnings']) == (v['errors'], v['warnings']),
              f'mutant {k}: totals')


# ---------------------------------------------------------------------------
# selection


@test
def records_and_at_select_the_same_lines():
    path = os.path.join(CORPUS, 'sample.fxt')
    full = run([DUMP, '--jsonl', path]).stdout.decode().splitlines()
    n = len(full) - 1
    cases = {'3..5': range(3, 6), '7': [7], '..2': range(0, 3), f'{n - 2}..': range(n - 2, n),
             '0x10..0x11': [16, 17], f'{n}..': []}
    for arg, idx in cases.items():
        r = run([DUMP, '--jsonl', '--records', arg, path])
        lines = r.stdout.decode().splitlines()
        check(lines[:-1] == [full[i] for i in idx], f'--records {arg}')
        check(lines[-1] == full[-1], f'--records {arg}: end object differs')
    recs = [json.loads(x) for x in full[:-1]]
    for rec in (recs[0], recs[5], recs[-1], max(recs, key=lambda x: x['size_words'])):
        last = rec['offset'] + rec['size_words'] * 8 - 1
        for at in (str(rec['offset']), hex(last), str(rec['offset'] + 3)):
            r = run([DUMP, '--jsonl', '--at', at, path])
            check(r.stdout.decode().splitlines()[:-1] == [full[rec['index']]], f'--at {at}')
    r = run([DUMP, '--at', str(os.path.getsize(path)), path])
    check(r.returncode == 0 and b'no whole record contains offset' in r.stderr, r.stderr)
    check(not re.search(rb'^#', r.stdout, re.M), r.stdout)


@test
def records_past_the_end_are_said():
    """--records that select no record, or run past the last one, say so on
    stderr (as --at does), with the trace's record count."""
    path = os.path.join(CORPUS, 'valid', 'coverage-1.fxt')
    n = len(run([DUMP, '--jsonl', path]).stdout.decode().splitlines()) - 1
    name = path.encode()
    for arg, note in ((str(n), b'no record #%d: the trace has %d records (#0 to #%d)' % (n, n, n - 1)),
                      ('%d..%d' % (n + 5, n + 9), b'no records #%d to #%d: the trace has %d records '
                       b'(#0 to #%d)' % (n + 5, n + 9, n, n - 1)),
                      ('%d..%d' % (n - 2, n + 3), b'records #%d to #%d shown; no records #%d to #%d: '
                       b'the trace has %d records (#0 to #%d)' % (n - 2, n - 1, n, n + 3, n, n - 1)),
                      ('%d..' % n, b'no records from #%d on: the trace has %d records' % (n, n))):
        r = run([DUMP, '--records', arg, path])
        check(r.returncode == 0 and r.stderr == b'fxt-dump: ' + name + b': ' + note + b'\n',
              '--records %s: %r' % (arg, r.stderr))
    for arg in ('0..%d' % (n - 1), str(n - 1), '3..'):  # inside the trace: nothing said
        r = run([DUMP, '--records', arg, path])
        check(r.returncode == 0 and r.stderr == b'', '--records %s: %r' % (arg, r.stderr))


@test
def hex_labels_every_word():
    """--hex names what every word holds, in the spec's order: an event with
    an inline thread, inline category and name, a 64-bit and an inline
    string argument and its counter id; stream words get an ASCII column of
    their bytes; every address has one width."""
    cat, name, aname, sval = b'gfx', b'Frame-begin', b'n', b'hello world'
    ev_words = [w(100), w(7), w(8), pad(cat), pad(name),
                w(4 | (3 << 4) | (((1 << 15) | len(aname)) << 16)), pad(aname), w(42),
                w(6 | (3 << 4) | (0 << 16) | (((1 << 15) | len(sval)) << 32)), pad(sval), w(9)]
    # argument 2's name is the empty string (ref 0); its value inline
    body = b''.join(ev_words)
    size = 1 + len(body) // 8
    hdr = (4 | (size << 4) | (1 << 16) | (2 << 20) | (0 << 24) | (((1 << 15) | len(cat)) << 32)
           | (((1 << 15) | len(name)) << 48))
    path = write('labels.fxt', MAGIC + w(0x21) + w(10**9) + w(hdr) + body)
    _, recs, end = dump_jsonl(path, '--hex')
    check(end['errors'] == 0, end)
    ev = recs[2]
    got = [(wd['desc'], wd.get('ascii')) for wd in ev['words']]
    want = [('event record header', None), ('timestamp', None), ('process koid', None),
            ('thread koid', None), ('category (inline)', 'gfx.....'),
            ('name (inline)', 'Frame-be'), ('name (inline)', 'gin.....'),
            ('argument header', None), ('argument 1 name (inline)', 'n.......'),
            ('argument 1 value', None), ('argument header', None),
            ('argument 2 value (inline)', 'hello wo'), ('argument 2 value (inline)', 'rld.....'),
            ('counter id', None)]
    check(got == want, 'labels %r' % got)
    check([wd.get('argument') for wd in ev['words'] if wd['desc'] == 'argument header'] == [1, 2],
          ev['words'])
    t = run([DUMP, '--hex', path]).stdout.decode()
    addrs = re.findall(r'^      @0x([0-9a-f]+)  ', t, re.M)
    check(len(addrs) == 1 + 2 + size and {len(a) for a in addrs} == {8}, addrs)
    check(re.search(r'^      @0x00000040  [0-9a-f]{16}  \|Frame-be\|  name \(inline\)$', t, re.M), t)
    check(re.search(r'^      @0x00000020  0000000000000064              timestamp$', t, re.M), t)
    # an event whose size (3 words) is too small for its inline thread: its
    # header is split, and the rest is said not to be decoded
    bad = write('bad-layout.fxt', MAGIC + w(4 | (3 << 4)) + w(5) + w(7))
    _, recs, _ = dump_jsonl(bad, '--hex')
    check([wd['desc'] for wd in recs[1]['words']] == ['event record header'] +
          ['word of a record that was not decoded'] * 2, recs[1]['words'])


@test
def selection_keeps_issues_of_selected_records_only():
    path = os.path.join(CORPUS, 'warn', 'W0031-duration-begin-unended.fxt')
    _, recs, end = dump_jsonl(path, '--records', '0..5')
    check(end['issues'] == [] and len(recs) == 6, end)  # the unended begin is record #96
    _, recs, end = dump_jsonl(path, '--records', '96')
    check([i['rule'] for i in end['issues']] == ['W0031'], end)
    _, recs, end = dump_jsonl(os.path.join(CORPUS, 'invalid', 'E0002-truncated.fxt'),
                              '--at', '0x930')
    check(recs == [] and [i['rule'] for i in end['issues']] == ['E0002'], end)


# ---------------------------------------------------------------------------
# bad inputs and usage


@test
def bad_inputs():
    r = run([DUMP, TMP])
    check(r.returncode == 2 and b'cannot read: Is a directory' in r.stderr and r.stdout == b'', r)
    r = run([DUMP, os.path.join(TMP, 'missing.fxt')])
    check(r.returncode == 2 and b'No such file' in r.stderr, r)
    empty = write('empty.fxt', b'')
    r, recs, end = dump_jsonl(empty)
    check(r.returncode == 1 and recs == [] and [i['rule'] for i in end['issues']] == ['E0001'], end)
    check(b'empty' in r.stderr, r.stderr)
    text = write('notes.txt', b'These are my notes, not a trace.\n' * 3)
    r = run([DUMP, text])
    check(r.returncode == 1 and b'does not look like an FXT trace' in r.stderr, r.stderr)
    zeros = write('zeros.fxt', bytes(64))
    r, recs, end = dump_jsonl(zeros)
    check(r.returncode == 1 and end['stopped'] and 'E0003' in [i['rule'] for i in end['issues']],
          end)
    if os.geteuid() != 0:
        locked = write('locked.fxt', MAGIC)
        os.chmod(locked, 0)
        r = run([DUMP, locked])
        check(r.returncode == 2 and b'Permission denied' in r.stderr, r)


@test
def usage_errors_exit_2():
    for args in ([], ['--nope', 'x'], ['-q', 'x'], ['--at'], ['--at', '12z', 'x'],
                 ['--records', '5..3', 'x'], ['--records', '..', 'x'],
                 ['--records', '1', '--at', '0', 'x'], ['a', 'b'], ['--hex=1', 'x']):
        r = run([DUMP, *args])
        check(r.returncode == 2 and r.stdout == b'' and b"Try 'fxt-dump --help'" in r.stderr,
              f'{args}: {r}')
    r = run([DUMP, '--help'])
    check(r.returncode == 0 and b'--records=A..B' in r.stdout and b'Exit status' in r.stdout, r)
    r = run([DUMP, '--version'])
    check(r.returncode == 0 and re.match(rb'fxt-dump \d+\.\d+\.\d+ \(FXT spec revisions: r1 ', r.stdout), r)


@test
def write_error_exits_2():
    if not os.path.exists('/dev/full'):
        return
    with open('/dev/full', 'wb') as full:
        r = subprocess.run([DUMP, os.path.join(CORPUS, 'sample.fxt')], stdout=full,
                           stderr=subprocess.PIPE, timeout=60)
    check(r.returncode == 2 and r.stderr.count(b'error writing standard output') == 1, r)


@test
def stdin_dash_reads_standard_input():
    path = os.path.join(CORPUS, 'valid', 'log-be.fxt')
    with open(path, 'rb') as f:
        r = run([DUMP, '--jsonl', '-'], stdin=f)
    check(r.stdout == run([DUMP, '--jsonl', path]).stdout, 'stdin dump differs')


@test
def readme_example_is_what_fxt_dump_prints():
    root = os.path.dirname(os.path.abspath(CORPUS))
    with open(os.path.join(root, 'README.md')) as f:
        text = f.read()
    block = text.split('## fxt-dump\n', 1)[1].split('```\n', 2)[1]
    sessions = re.findall(r'^\$ (.*)\n((?:(?!\$ ).*\n)*)', block, re.M)
    check(len(sessions) >= 2, 'no fxt-dump session in the README')
    env = dict(os.environ, PATH=os.path.dirname(os.path.abspath(DUMP)) + os.pathsep +
               os.environ.get('PATH', ''))
    for cmd, want in sessions:
        r = subprocess.run(cmd, shell=True, cwd=root, env=env, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, timeout=60)
        check(r.stdout.decode() == want, f'$ {cmd}\nREADME:\n{want}\nprints:\n{r.stdout.decode()}')


# ---------------------------------------------------------------------------
# generated traces: fxt-dump and fxt-validate count the same records


def validate_counts(path):
    r = run([VALIDATE, '--stats', path])
    m = re.search(rb': (\d+) records?,', r.stdout)
    counts = {}
    part = r.stdout.split(b'records by type:')[1].split(b'events by type:')[0]
    for name, n in re.findall(rb'^ +([a-z-]+) +(\d+)$', part, re.M):
        counts[name.decode()] = int(n)
    return int(m.group(1)), counts


@test
def generated_traces_count_like_fxt_validate():
    for seed, profile, be in ((1, 'realistic', False), (2, 'coverage', False),
                              (3, 'realistic', True), (4, 'coverage', True)):
        path = os.path.join(TMP, f'gen{seed}.fxt')
        args = [GEN, 'random', '--seed', str(seed), '--records', '5000', '--profile', profile,
                '-o', path] + (['--big-endian'] if be else [])
        subprocess.run(args, check=True, stdout=subprocess.DEVNULL)
        r, recs, end = dump_jsonl(path, every=50)
        total, by_type = validate_counts(path)
        check(r.returncode == 0 and len(recs) == total == end['records'] == 5000,
              f'{args}: {len(recs)} dumped, fxt-validate {total}')
        check(collections.Counter(x['type']['name'] for x in recs) == by_type,
              f'{args}: per-type counts differ from fxt-validate --stats')
        check(all(x['big_endian'] == be and x['issues'] == [] for x in recs), args)


def peak_rss_kib(args):
    """Run ARGS with stdout to /dev/null; its exit status and peak RSS (KiB)."""
    with open(os.devnull, 'wb') as null:
        p = subprocess.Popen(args, stdout=null)
        _, status, usage = os.wait4(p.pid, 0)
        p.returncode = os.waitstatus_to_exitcode(status)
    return p.returncode, usage.ru_maxrss


@test
def memory_does_not_grow_with_the_trace():
    peaks = []
    for n in (5000, 150000):
        path = os.path.join(TMP, f'mem{n}.fxt')
        subprocess.run([GEN, 'random', '--seed', '9', '--records', str(n), '-o', path],
                       check=True, stdout=subprocess.DEVNULL)
        rc, kib = peak_rss_kib([DUMP, '--jsonl', path])
        check(rc == 0, rc)
        peaks.append(kib)
    # 30 times the input, the same fixed buffers (chunk, validator, string cache)
    check(peaks[1] - peaks[0] < 1024, f'peak RSS {peaks[0]} KiB, then {peaks[1]} KiB')


# ---------------------------------------------------------------------------
# real traces written by other software


def real_traces():
    shared = os.environ.get('FXT_SHARED_DIR', '')
    d = os.path.join(shared, 'real-traces')
    if not shared or not os.path.isdir(d):
        return None
    return sorted(os.path.join(d, f) for f in os.listdir(d) if f.endswith('.fxt'))


def real_trace_matches_fxt_validate(path):
    r, recs, end = dump_jsonl(path, every=25)  # magic-trace.fxt has 35000 records
    v = json.loads(run([VALIDATE, '--json', '--max-issues', '0', path]).stdout)['files'][0]
    check(len(recs) == v['records'], f'{path}: {len(recs)} records, fxt-validate {v["records"]}')
    got = [(i['rule'], i['record_offset'], i['field_offset']) for i in all_issues(recs, end)]
    want = [(i['rule'], i['record_offset'], i['field_offset']) for i in v['issues']]
    check(sorted(got) == sorted(want), f'{path}: issues differ from fxt-validate')
    check(r.returncode == (1 if v['errors'] else 0), f'{path}: exit {r.returncode}')
    t = run([DUMP, path])
    check(t.returncode == r.returncode and t.stdout.count(b'\n#') + 1 >= len(recs), path)


def main():
    global DUMP, VALIDATE, GEN, CORPUS, SCHEMA, TMP, CORPUS_EVERY
    args = sys.argv[1:]
    group = args.pop(0) if args and args[0] in ('--corpus', '--corpus-schema', '--real') else None
    if group == '--corpus':
        CORPUS_EVERY = 25
    elif group == '--corpus-schema':
        group = '--corpus'
    real = group == '--real'
    DUMP, VALIDATE, GEN, schema_path, CORPUS = args
    with open(schema_path) as f:
        schema = json.load(f)
    jsonschema.Draft7Validator.check_schema(schema)
    SCHEMA = jsonschema.Draft7Validator(schema)
    tests = [t for t in TESTS if (t is corpus_jsonl_matches_manifest) == (group == '--corpus')]
    # not those named in $FXT_TEST_SKIP, comma-separated (the npm package's
    # run of these tests: npm/CMakeLists.txt says why)
    unwanted = set(filter(None, os.environ.get('FXT_TEST_SKIP', '').split(',')))
    for t in tests:
        if t.__name__ in unwanted:
            print(f'skip {t.__name__} (FXT_TEST_SKIP)')
    tests = [t for t in tests if t.__name__ not in unwanted]
    if real:
        paths = real_traces()
        if paths is None:
            print('SKIP: no real-traces folder (FXT_SHARED_DIR)')
            return 77
        tests = [(lambda p=p: real_trace_matches_fxt_validate(p)) for p in paths]
        for t, p in zip(tests, paths):
            t.__name__ = 'real trace ' + os.path.basename(p)
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        TMP = tmp
        for t in tests:
            t0 = time.monotonic()
            try:
                t()
                print(f"ok   {t.__name__} ({time.monotonic() - t0:.1f} s)")
            except Exception:
                failed += 1
                print(f'FAIL {t.__name__}')
                traceback.print_exc(limit=3)
    print(f'{len(tests) - failed} passed, {failed} failed')
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
