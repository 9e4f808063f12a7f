#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Tests of the golden corpus (corpus/).

usage:
  test_golden.py regen FXT_GEN CORPUS_DIR
      regenerate the corpus with 'fxt-gen golden' into a temporary directory
      and fail if the file list or any byte differs from CORPUS_DIR (the
      manifest and sample.fxt included; README.md, manifest.schema.json,
      .gitattributes and tests/ are hand-written and not compared).
  test_golden.py check FXT_VALIDATE CORPUS_DIR
      validate manifest.json against manifest.schema.json (jsonschema), check
      the sha256 and size of every vector, that the manifest lists exactly the
      files of valid/ invalid/ warn/, and run 'fxt-validate --json' on every
      vector: exactly the expected issues (rule ids, record offsets and
      field offsets, nothing more) and the verdict (valid: exit 0, no issues; warn: exit 0,
      warnings only, or exit 3 with W0055: not fully checked; invalid: exit 1). Also checks that every rule of the
      catalogue has a vector, that the valid vectors cover every record type
      and event type, the byte order of every vector, and sample.fxt.

Standard library plus jsonschema (Debian python3-jsonschema 4.10).
"""
import collections
import concurrent.futures
import filecmp
import hashlib
import json
import os
import subprocess
import sys
import tempfile

HAND_WRITTEN = {'README.md', 'manifest.schema.json', '.gitattributes'}
HAND_WRITTEN_DIRS = {'tests'}
BE_MAGIC = bytes.fromhex('0016547846040010')
LE_MAGIC = bytes.fromhex('1000044678541600')


def issue_key(i):
    """What an issue of the manifest and of fxt-validate --json must agree on."""
    return (i['rule'], i['record_offset'], i['field_offset'])


def tree(root):
    """Relative paths of the generated files under ROOT."""
    out = set()
    for d, dirs, files in os.walk(root):
        rel = os.path.relpath(d, root)
        if rel == '.':
            dirs[:] = [x for x in dirs if x not in HAND_WRITTEN_DIRS]
        for f in files:
            p = os.path.normpath(os.path.join(rel, f)).replace(os.sep, '/')
            if p not in HAND_WRITTEN:
                out.add(p)
    return out


def regen(fxt_gen, corpus):
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, 'corpus')
        p = subprocess.run([fxt_gen, 'golden', out], capture_output=True, text=True)
        if p.returncode != 0:
            print('fxt-gen golden failed (%d): %s' % (p.returncode, p.stderr))
            return 1
        fresh, committed = tree(out), tree(corpus)
        bad = 0
        for f in sorted(fresh - committed):
            print('missing from %s: %s' % (corpus, f))
            bad += 1
        for f in sorted(committed - fresh):
            print('not generated any more (stale): %s' % f)
            bad += 1
        for f in sorted(fresh & committed):
            if not filecmp.cmp(os.path.join(out, f), os.path.join(corpus, f), shallow=False):
                print('differs: %s' % f)
                bad += 1
        if bad:
            print('%d difference(s). If the change is intended, regenerate the corpus:\n'
                  '  fxt-gen golden %s' % (bad, corpus))
            return 1
        print('regenerated corpus is identical: %d files' % len(fresh))
        return 0


class Checker:
    def __init__(self, validate, corpus):
        self.validate = validate
        self.corpus = corpus
        self.failures = []

    def fail(self, msg):
        self.failures.append(msg)

    def run_validator(self, path, revision=None):
        rev = ['--revision', revision] if revision else []
        p = subprocess.run([self.validate, '--json', '--max-issues', '0'] + rev + [path],
                           capture_output=True, text=True)
        try:
            doc = json.loads(p.stdout)
        except ValueError:
            return p.returncode, None, p.stderr
        return p.returncode, doc, p.stderr

    def check_vector(self, v):
        path = os.path.join(self.corpus, v['path'])
        msgs = []
        try:
            with open(path, 'rb') as f:
                data = f.read()
        except OSError as e:
            return ['%s: cannot read: %s' % (v['path'], e)], None
        if hashlib.sha256(data).hexdigest() != v['sha256']:
            msgs.append('%s: sha256 differs from the manifest' % v['path'])
        if len(data) != v['bytes']:
            msgs.append('%s: %d bytes, manifest says %d' % (v['path'], len(data), v['bytes']))
        # big-endian: the magic number field [24..55] (bytes 1..4) or the
        # fields before it (bytes 5..7) read right byte-swapped
        if v['byte_order'] == 'big' and data[1:5] != BE_MAGIC[1:5] and data[5:8] != BE_MAGIC[5:8]:
            msgs.append('%s: big-endian vector does not start with a byte-swapped magic record'
                        % v['path'])
        rc, doc, err = self.run_validator(path, v['revision'])
        if doc is None:
            return msgs + ['%s: fxt-validate gave no JSON (exit %d): %s' % (v['path'], rc, err)], None
        fr = doc['files'][0]
        got = sorted(issue_key(i) for i in fr['issues'])
        want = sorted(issue_key(i) for i in v['issues'])
        if got != want:
            msgs.append('%s: issues %s, expected %s (messages: %s)' % (
                v['path'], got, want, [i['message'] for i in fr['issues']][:5]))
        msgs += self.check_revisions(v, path)
        if fr['truncated_issues']:
            msgs.append('%s: issues were truncated' % v['path'])
        if 'records' in v and fr['records'] != v['records']:
            msgs.append('%s: fxt-validate counted %d records, manifest says %d'
                        % (v['path'], fr['records'], v['records']))
        sev = {i['severity'] for i in fr['issues']}
        verdict = v['verdict']
        if verdict == 'valid' and (rc != 0 or fr['issues'] or fr['errors'] or fr['warnings']):
            msgs.append('%s: valid vector: exit %d, %d errors, %d warnings'
                        % (v['path'], rc, fr['errors'], fr['warnings']))
        # a vector past a capacity limit (W0055) conforms, but fxt-validate
        # cannot say so with its default limits: exit 3, not fully checked
        want_rc = 3 if any(i['rule'] == 'W0055' for i in v['issues']) else 0
        if verdict == 'warn' and (rc != want_rc or fr['errors'] or not fr['warnings']
                                  or sev != {'warning'}):
            msgs.append('%s: warn vector: exit %d, %d errors, %d warnings'
                        % (v['path'], rc, fr['errors'], fr['warnings']))
        if verdict == 'invalid' and (rc != 1 or not fr['errors']):
            msgs.append('%s: invalid vector: exit %d, %d errors' % (v['path'], rc, fr['errors']))
        if len(data) >= 8 and fr['big_endian'] != (v['byte_order'] == 'big'):
            msgs.append('%s: fxt-validate read it as %s-endian, manifest says %s' % (
                v['path'], 'big' if fr['big_endian'] else 'little', v['byte_order']))
        return msgs, fr

    def check_revisions(self, v, path):
        """revisions/ vectors: exact issues and verdict under each listed
        revision, and --revision auto names exactly the conforming ones."""
        msgs = []
        revs = v.get('revisions', {})
        for rev, e in sorted(revs.items()):
            rc, doc, err = self.run_validator(path, rev)
            if doc is None:
                msgs.append('%s --revision %s: no JSON (exit %d): %s' % (v['path'], rev, rc, err))
                continue
            fr = doc['files'][0]
            got = sorted(issue_key(i) for i in fr['issues'])
            want = sorted(issue_key(i) for i in e['issues'])
            if got != want:
                msgs.append('%s --revision %s: issues %s, expected %s' % (v['path'], rev, got, want))
            verdict = 'invalid' if fr['errors'] else 'warn' if fr['warnings'] else 'valid'
            if verdict != e['verdict'] or rc != (1 if verdict == 'invalid' else 0):
                msgs.append('%s --revision %s: %s (exit %d), expected %s'
                            % (v['path'], rev, verdict, rc, e['verdict']))
        if len(revs) == 4:
            rc, doc, err = self.run_validator(path, 'auto')
            if doc is None:
                msgs.append('%s --revision auto: no JSON (exit %d): %s' % (v['path'], rc, err))
                return msgs
            fr = doc['files'][0]
            got = sorted(r for r, x in fr['revisions'].items() if x['verdict'] == 'conforms')
            want = sorted(r for r, e in revs.items() if e['verdict'] != 'invalid')
            if got != want:
                msgs.append('%s --revision auto: conforms to %s, expected %s'
                            % (v['path'], got, want))
            if rc != (0 if want else 1):
                msgs.append('%s --revision auto: exit %d' % (v['path'], rc))
        return msgs

    def check(self):
        import jsonschema
        with open(os.path.join(self.corpus, 'manifest.schema.json')) as f:
            schema = json.load(f)
        with open(os.path.join(self.corpus, 'manifest.json')) as f:
            manifest = json.load(f)
        cls = jsonschema.Draft202012Validator
        cls.check_schema(schema)
        errors = sorted(cls(schema).iter_errors(manifest), key=lambda e: list(e.path))
        for e in errors[:20]:
            self.fail('manifest.json does not match the schema at %s: %s'
                      % ('/'.join(str(x) for x in e.path), e.message))
        vectors = manifest['vectors']

        # the manifest lists exactly the vector files
        paths = [v['path'] for v in vectors]
        dupes = [p for p, n in collections.Counter(paths).items() if n > 1]
        if dupes:
            self.fail('paths listed twice: %s' % dupes)
        on_disk = {p for p in tree(self.corpus)
                   if p.split('/')[0] in ('valid', 'invalid', 'warn', 'revisions')}
        for p in sorted(on_disk - set(paths)):
            self.fail('%s is not in the manifest' % p)
        for p in sorted(set(paths) - on_disk):
            self.fail('%s is in the manifest but not on disk' % p)

        # every vector through fxt-validate
        record_types, event_types = set(), set()
        with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as ex:
            for v, (msgs, fr) in zip(vectors, ex.map(self.check_vector, vectors)):
                for m in msgs:
                    self.fail(m)
                if fr is not None and v['verdict'] == 'valid':
                    record_types |= set(fr['record_types'])
                    event_types |= set(fr['event_types'])

        # coverage promises of the corpus
        want_rt = {'metadata', 'initialization', 'string', 'thread', 'event', 'blob', 'userspace',
                   'kernel-object', 'scheduling', 'log', 'large'}
        want_et = {'instant', 'counter', 'duration-begin', 'duration-end', 'duration-complete',
                   'async-begin', 'async-instant', 'async-end', 'flow-begin', 'flow-step',
                   'flow-end'}
        if want_rt - record_types:
            self.fail('no valid vector has record types %s' % sorted(want_rt - record_types))
        if want_et - event_types:
            self.fail('no valid vector has event types %s' % sorted(want_et - event_types))
        p = subprocess.run([self.validate, '--list-rules'], capture_output=True, text=True)
        catalogue = [l.split()[0] for l in p.stdout.splitlines()[1:] if l.strip()]
        covered = {i['rule'] for v in vectors if v['verdict'] != 'valid' and v['revision'] == 'current'
                   for i in v['issues']}
        for r in catalogue:
            if r not in covered:
                self.fail('no invalid or warn vector for rule %s' % r)
        # the revisions/ part: every revision has a vector valid under it and
        # one invalid under it, and some vector's verdict differs by revision
        for rev in ('r1', 'r2', 'r3', 'current'):
            for verdict in ('valid', 'invalid'):
                if not any(v.get('revisions', {}).get(rev, {}).get('verdict') == verdict
                           for v in vectors):
                    self.fail('no revisions/ vector %s under %s' % (verdict, rev))
        for order in ('little', 'big'):
            for verdict in ('valid', 'invalid', 'warn'):
                if not any(v['byte_order'] == order and v['verdict'] == verdict for v in vectors):
                    self.fail('no %s-endian %s vector' % (order, verdict))

        # the quick-start sample
        rc, doc, err = self.run_validator(os.path.join(self.corpus, 'sample.fxt'))
        if doc is None or rc != 0 or doc['files'][0]['issues'] or doc['files'][0]['records'] < 250:
            self.fail('sample.fxt: exit %d, %s' % (rc, doc and doc['files'][0]['issues'][:3]))

        for m in self.failures[:60]:
            print('FAIL', m)
        if len(self.failures) > 60:
            print('... and %d more' % (len(self.failures) - 60))
        if self.failures:
            print('(the vectors and their expectations are built by generator/golden.c, which lists '
                  'each vector and its builder in generator/golden_records.c, golden_events.c, '
                  'golden_revisions.c, golden_truncated.c, where a valid vector\'s builder also says '
                  'what it holds; regenerate corpus/ with fxt-gen golden)')
        counts = collections.Counter(v['verdict'] for v in vectors)
        print('%d vectors (%d valid, %d invalid, %d warn), %d rules covered: %s' % (
            len(vectors), counts['valid'], counts['invalid'], counts['warn'], len(covered),
            'FAILED' if self.failures else 'ok'))
        return 1 if self.failures else 0


def main(argv):
    if len(argv) != 4 or argv[1] not in ('regen', 'check'):
        print(__doc__, file=sys.stderr)
        return 2
    if argv[1] == 'regen':
        return regen(argv[2], argv[3])
    return Checker(argv[2], argv[3]).check()


if __name__ == '__main__':
    sys.exit(main(sys.argv))
