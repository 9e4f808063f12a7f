#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""fxt-validate --format sarif on every golden corpus vector.

usage: test_sarif_corpus.py FXT_VALIDATE CORPUS_DIR

Runs the tool once (per revision named in the manifest) over every vector of
CORPUS_DIR/manifest.json, validates the SARIF log against the published
SARIF 2.1.0 schema, read in place from $FXT_SHARED_DIR/schemas (exit 77,
skipped, when it is absent: it is never copied into the repository), and
checks that each vector's results are exactly the manifest's issues (rule id
and record offset, field offset where the manifest gives it), that every
ruleIndex names its rule, and that every region lies inside its file.

Standard library plus jsonschema (Debian python3-jsonschema 4.10).
"""
import collections
import json
import os
import subprocess
import sys
import urllib.parse

import jsonschema


def main():
    exe, corpus = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    shared = os.environ.get('FXT_SHARED_DIR') or os.path.join(corpus, '..', '..', 'shared')
    schema_path = os.path.join(shared, 'schemas', 'sarif-schema-2.1.0.json')
    if not os.path.exists(schema_path):
        print('skipped: no %s' % schema_path)
        return 77
    with open(schema_path, encoding='utf-8') as f:
        schema = json.load(f)
    validator = jsonschema.validators.validator_for(schema)(schema)
    with open(os.path.join(corpus, 'manifest.json'), encoding='utf-8') as f:
        manifest = json.load(f)

    by_rev = collections.defaultdict(list)
    for v in manifest['vectors']:
        by_rev[v.get('revision', 'current')].append(v)
    failures, checked, results_seen = [], 0, 0
    for rev, vectors in sorted(by_rev.items()):
        paths = [v['path'] for v in vectors]
        p = subprocess.run([exe, '--format', 'sarif', '--max-issues', '0', '--revision', rev] + paths,
                           cwd=corpus, capture_output=True, timeout=240)
        doc = json.loads(p.stdout.decode('utf-8'))
        errs = sorted(validator.iter_errors(doc), key=lambda e: list(e.path))
        for e in errs[:10]:
            failures.append('%s: schema: %s: %s' % (rev, list(e.path), e.message))
        run = doc['runs'][0]
        rules = run['tool']['driver']['rules']
        got = collections.defaultdict(list)
        for res in run['results']:
            loc = res['locations'][0]['physicalLocation']
            path = urllib.parse.unquote(loc['artifactLocation']['uri'])
            got[path].append(res)
            if rules[res['ruleIndex']]['id'] != res['ruleId']:
                failures.append('%s: ruleIndex %d is not %s' % (path, res['ruleIndex'], res['ruleId']))
            size = os.path.getsize(os.path.join(corpus, path))
            reg = loc['region']
            if reg['byteOffset'] + reg['byteLength'] > size:
                failures.append('%s: region %r past the end (%d bytes)' % (path, reg, size))
        for v in vectors:
            checked += 1
            res = got.pop(v['path'], [])
            results_seen += len(res)
            want = sorted((i['rule'], i['record_offset']) for i in v['issues'])
            have = sorted((r['ruleId'], r['properties']['recordOffset']) for r in res)
            if want != have:
                failures.append('%s: results %r, manifest %r' % (v['path'], have, want))
            want_f = sorted((i['rule'], i['field_offset']) for i in v['issues'])
            have_f = sorted((r['ruleId'], r['locations'][0]['physicalLocation']['region']['byteOffset'])
                            for r in res)
            if want_f != have_f:
                failures.append('%s: field offsets %r, manifest %r' % (v['path'], have_f, want_f))
            if v['verdict'] == 'warn' and any(r['level'] != 'warning' for r in res):
                failures.append('%s: a warn vector with non-warning results' % v['path'])
        for path in got:
            failures.append('%s: results for a file not asked for' % path)
    for f in failures[:40]:
        print('FAIL ' + f)
    print('%d vectors, %d results, %d failures' % (checked, results_seen, len(failures)))
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
