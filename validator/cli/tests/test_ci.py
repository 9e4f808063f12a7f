#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""fxt-validate's outputs for CI systems, checked as those systems read them.

usage: test_ci.py FXT_VALIDATE CORPUS_DIR [-k NAME]

- SARIF against GitHub code scanning's documented requirements and limits
  ("SARIF support for code scanning", docs.github.com: required properties
  and their non-empty values, rule name <= 255 and descriptions <= 1024
  characters, <= 20 runs, <= 25,000 rules and results per run, <= 20 tags
  per rule, 1 to 10 locations per result, region.startLine, ruleId and
  ruleIndex that name the rule, partialFingerprints.primaryLocationLineHash,
  a file of at most 10 MB gzip-compressed), and against the SARIF 2.1.0
  schema in $FXT_SHARED_DIR/schemas (read in place; said when absent);
  relative URIs against %SRCROOT% (also run from /, and "./" dropped
  only as a prefix); the 25,000-result cap; fingerprints
  that survive records inserted before an issue; per-file verdicts and
  --stats in run.properties (with the provider contexts);
- --stdin-filename in every format;
- --format github: line=1, a ::notice of totals per file, the step summary
  appended to $GITHUB_STEP_SUMMARY (never truncated), a failed summary,
  --Werror's verdicts, control bytes in a summary cell;
- --format junit: parsed as XML (strict), the structure GitLab and Jenkins
  read, escaping of any bytes, time with --timing or --stats, --Werror,
  --revision auto's verdict;
- --color: on a pseudo-terminal (auto, the default or named; TERM unset),
  NO_COLOR, TERM=dumb, pipes.

Standard library plus jsonschema (Debian python3-jsonschema).
"""
import gzip
import json
import os
import re
import struct
import subprocess
import sys
import tempfile
import urllib.parse
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import test_cli  # noqa: E402  (the test runner, the pseudo-terminal)


class Ctx:
    exe = None
    corpus = None
    tmp = None


def w(x):
    return struct.pack('<Q', x & 0xFFFFFFFFFFFFFFFF)


MAGIC = bytes.fromhex('1000044678541600')
INIT = w(0x21) + w(1_000_000_000)
BAD_INIT = w(0x21 | (1 << 16)) + w(1_000_000_000)    # E0022 at its header


def string_rec(index, s):
    body = s + bytes(-len(s) % 8)
    return w(2 | ((1 + len(body) // 8) << 4) | (index << 16) | (len(s) << 32)) + body


def instant(ts, name_ref):
    return w(4 | (4 << 4) | (name_ref << 48)) + w(ts) + w(1) + w(2)


class Result:
    def __init__(self, p):
        self.rc = p.returncode
        self.raw = p.stdout or b''
        self.out = self.raw.decode('utf-8', 'replace')
        self.err = (p.stderr or b'').decode('utf-8', 'replace')
        self.lines = self.out.splitlines()

    def __repr__(self):
        return 'rc=%d\n--- stdout:\n%s--- stderr:\n%s' % (self.rc, self.out[:3000], self.err[:2000])


def run(args, input=None, env=None, cwd=None):
    e = dict(os.environ)
    for k in ('GITHUB_STEP_SUMMARY', 'NO_COLOR'):
        e.pop(k, None)
    e.update(env or {})
    p = subprocess.run([Ctx.exe] + list(args), input=input, capture_output=True,
                       cwd=cwd or Ctx.tmp, env=e, timeout=300)
    return Result(p)


def expect(cond, what, r=None):
    if not cond:
        raise AssertionError(what + ('\n%r' % r if r is not None else ''))


def write(name, data):
    path = os.path.join(Ctx.tmp, name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, 'wb') as f:
        f.write(data)
    return path


def shared_dir():
    return os.environ.get('FXT_SHARED_DIR') or os.path.join(Ctx.corpus, '..', '..', 'shared')


def sarif_schema():
    return test_cli.sarif_validator(shared_dir())


TESTS = []


def test(fn):
    TESTS.append(fn)
    return fn

# ---------------------------------------------------------------------------
# SARIF and GitHub code scanning


def nonempty(x):
    return isinstance(x, str) and x != ''


def github_sarif_problems(doc, cwd):
    """What GitHub code scanning's documentation asks of a SARIF log that DOC
    does not meet (a list of strings, empty when all is well)."""
    bad = []
    add = bad.append
    if not nonempty(doc.get('$schema')):
        add('sarifLog.$schema missing')
    if doc.get('version') != '2.1.0':
        add('sarifLog.version is not 2.1.0')
    runs = doc.get('runs')
    if not isinstance(runs, list) or not 1 <= len(runs) <= 20:
        add('runs: 1 to 20 runs')
        return bad
    for ri, run_ in enumerate(runs):
        where = 'runs[%d]' % ri
        drv = run_.get('tool', {}).get('driver', {})
        if not nonempty(drv.get('name')):
            add(where + ': tool.driver.name')
        if 'semanticVersion' in drv and not re.match(r'^\d+\.\d+\.\d+', drv['semanticVersion']):
            add(where + ': semanticVersion is not Semantic Versioning 2.0')
        rules = drv.get('rules')
        if not isinstance(rules, list) or len(rules) > 25000:
            add(where + ': tool.driver.rules: a list of at most 25,000')
            continue
        if len(run_.get('tool', {}).get('extensions', [])) > 100:
            add(where + ': more than 100 tool extensions')
        ids = [x.get('id') for x in rules]
        if len(set(ids)) != len(ids):
            add(where + ': rule ids are not unique')
        for r in rules:
            rw = '%s rule %s' % (where, r.get('id'))
            if not nonempty(r.get('id')):
                add(rw + ': id')
            if 'name' in r and not (nonempty(r['name']) and len(r['name']) <= 255):
                add(rw + ': name, at most 255 characters')
            for k in ('shortDescription', 'fullDescription'):
                t = r.get(k, {}).get('text')
                if not (nonempty(t) and len(t) <= 1024):
                    add(rw + ': %s.text, at most 1024 characters' % k)
            if not nonempty(r.get('help', {}).get('text')):
                add(rw + ': help.text')
            if 'markdown' in r.get('help', {}) and not nonempty(r['help']['markdown']):
                add(rw + ': help.markdown is empty')
            lvl = r.get('defaultConfiguration', {}).get('level')
            if lvl is not None and lvl not in ('note', 'warning', 'error'):
                add(rw + ': defaultConfiguration.level %r' % lvl)
            props = r.get('properties', {})
            if len(props.get('tags', [])) > 20:
                add(rw + ': more than 20 tags')
            if 'precision' in props and props['precision'] not in ('very-high', 'high', 'medium', 'low'):
                add(rw + ': precision')
            if 'problem.severity' in props and props['problem.severity'] not in (
                    'error', 'warning', 'recommendation'):
                add(rw + ': problem.severity')
            if 'helpUri' in r and not r['helpUri'].startswith('https://'):
                add(rw + ': helpUri')
        bases = run_.get('originalUriBaseIds', {})
        for k, v in bases.items():
            if not (v.get('uri', '').startswith('file:///') and v['uri'].endswith('/')):
                add(where + ': originalUriBaseIds %s is not an absolute file URI ending in /' % k)
        results = run_.get('results')
        if not isinstance(results, list) or len(results) > 25000:
            add(where + ': results: a list of at most 25,000')
            continue
        for i, res in enumerate(results):
            rw = '%s.results[%d]' % (where, i)
            rid = res.get('ruleId')
            if rid is not None and rid not in ids:
                add(rw + ': ruleId %r is not a rule' % rid)
            if 'ruleIndex' in res:
                k = res['ruleIndex']
                if not (isinstance(k, int) and 0 <= k < len(rules) and rules[k].get('id') == rid):
                    add(rw + ': ruleIndex does not name ruleId')
            if res.get('level', 'warning') not in ('none', 'note', 'warning', 'error'):
                add(rw + ': level')
            if not nonempty(res.get('message', {}).get('text')):
                add(rw + ': message.text')
            locs = res.get('locations')
            if not isinstance(locs, list) or not 1 <= len(locs) <= 10:
                add(rw + ': 1 to 10 locations')
                continue
            pl = locs[0].get('physicalLocation', {})
            al = pl.get('artifactLocation', {})
            if not nonempty(al.get('uri')):
                add(rw + ': artifactLocation.uri')
            if 'uriBaseId' in al and al['uriBaseId'] not in bases:
                add(rw + ': uriBaseId %r not in originalUriBaseIds' % al['uriBaseId'])
            reg = pl.get('region', {})
            if not (isinstance(reg.get('startLine'), int) and reg['startLine'] >= 1):
                add(rw + ': region.startLine')
            fp = res.get('partialFingerprints', {})
            if not nonempty(fp.get('primaryLocationLineHash')):
                add(rw + ': partialFingerprints.primaryLocationLineHash')
    if len(gzip.compress(json.dumps(doc).encode())) > 10 << 20:
        add('more than 10 MB gzip-compressed')
    return bad


def local_path(res, bases):
    al = res['locations'][0]['physicalLocation']['artifactLocation']
    uri = urllib.parse.unquote(al['uri'])
    if 'uriBaseId' in al:
        uri = urllib.parse.unquote(bases[al['uriBaseId']]['uri']) + uri
    return uri[len('file://'):]


@test
def sarif_meets_github_requirements():
    """Every vector of the golden corpus that has issues, a relative and an
    absolute path, a missing file: GitHub's requirements, the schema, and
    regions inside their files."""
    with open(os.path.join(Ctx.corpus, 'manifest.json')) as f:
        vecs = [v['path'] for v in json.load(f)['vectors']
                if v['issues'] and v.get('revision', 'current') == 'current']
    r = run(['--format', 'sarif', '--max-issues', '0'] + vecs +
            [os.path.join(Ctx.corpus, vecs[0]), 'no-such.fxt'], cwd=Ctx.corpus)
    expect(r.rc == 2, 'exit 2 (a missing file)', r)
    doc = json.loads(r.raw)
    bad = github_sarif_problems(doc, Ctx.corpus)
    expect(not bad, 'GitHub requirements: %s' % '; '.join(bad[:10]))
    run0 = doc['runs'][0]
    bases = run0['originalUriBaseIds']
    expect(bases['%SRCROOT%']['uri'] == 'file://' + urllib.parse.quote(Ctx.corpus) + '/',
           '%SRCROOT% is the current directory', bases)
    expect(run0['invocations'][0]['workingDirectory']['uri'] == bases['%SRCROOT%']['uri'],
           'workingDirectory', run0['invocations'])
    results = run0['results']
    expect(len(results) >= len(vecs), '%d results for %d vectors' % (len(results), len(vecs)))
    rel = [x for x in results if 'uriBaseId' in x['locations'][0]['physicalLocation']['artifactLocation']]
    absl = [x for x in results if x not in rel]
    expect(rel and absl and all(x['locations'][0]['physicalLocation']['artifactLocation']['uri']
                                .startswith('file:///') for x in absl), 'relative and absolute URIs')
    for x in results:
        path = local_path(x, bases)
        reg = x['locations'][0]['physicalLocation']['region']
        expect(reg['startLine'] == 1 and reg['byteOffset'] + reg['byteLength'] <= os.path.getsize(path),
               'region of %s' % path, x)
    # distinct issues of one file never share a fingerprint (GitHub would
    # take them for one alert)
    seen = {}
    for x in results:
        key = (x['ruleId'], x['locations'][0]['physicalLocation']['artifactLocation']['uri'],
               x['partialFingerprints']['primaryLocationLineHash'])
        expect(key not in seen, 'two results with one fingerprint: %r' % (key,))
        seen[key] = x
        expect(x['partialFingerprints']['fxtIssue/v1'] == key[2], 'fxtIssue/v1', x)
        expect(re.match(r'^[0-9a-f]{16}:[1-9]\d*$', key[2]), 'fingerprint form %r' % key[2])
    v = sarif_schema()
    if v:
        errs = sorted(v.iter_errors(doc), key=lambda e: list(e.path))
        expect(not errs, 'SARIF schema: %s' % '; '.join('%s: %s' % (list(e.path), e.message)
                                                        for e in errs[:5]))
    return '%d results, %d rules%s' % (len(results), len(run0['tool']['driver']['rules']),
                                       '' if v else '; schema skipped (no %s)' % shared_dir())


@test
def sarif_caps_results_at_githubs_limit():
    """GitHub rejects a run of more than 25,000 results: the rest are
    counted in a notification, and the log stays valid."""
    data = MAGIC + BAD_INIT * 30000
    write('many-issues.fxt', data)
    r = run(['--format', 'sarif', '--max-issues', '0', 'many-issues.fxt'])
    expect(r.rc == 1, 'exit 1', r)
    doc = json.loads(r.raw)
    run0 = doc['runs'][0]
    expect(len(run0['results']) == 25000, '%d results' % len(run0['results']))
    notes = run0['invocations'][0]['toolExecutionNotifications']
    expect(any(n['level'] == 'warning' and n['message']['text'].startswith('5000 more results not written')
               for n in notes), 'the rest said', notes)
    expect(run0['properties']['files'][0]['errors'] == 30000, 'the counts are whole',
           run0['properties'])
    bad = github_sarif_problems(doc, Ctx.tmp)
    expect(not bad, '; '.join(bad[:5]))


def fingerprints(path, *extra):
    r = run(['--format', 'sarif', '--max-issues', '0'] + list(extra) + [path])
    res = json.loads(r.raw)['runs'][0]['results']
    return [(x['ruleId'], x['partialFingerprints']['primaryLocationLineHash'],
             x['properties']['recordOffset']) for x in res]


@test
def sarif_fingerprints_survive_inserted_records():
    """The same issues keep their fingerprints when records are inserted
    before them (offsets and record numbers shift), across runs, and
    through standard input; distinct issues differ."""
    tail = (string_rec(1, b'a') + instant(1, 1) + BAD_INIT + instant(2, 9) + instant(3, 9) +
            BAD_INIT)
    a = write('fp-a.fxt', MAGIC + INIT + tail)
    b = write('fp-b.fxt', MAGIC + INIT + string_rec(2, b'more') + instant(0, 2) * 3 +
              string_rec(3, b'x') + tail)
    fa, fb = fingerprints(a), fingerprints(b)
    expect([x[0] for x in fa] == ['E0022', 'E0010', 'E0010', 'E0022'], 'issues %r' % fa)
    expect([x[:2] for x in fa] == [x[:2] for x in fb] and fa[0][2] != fb[0][2],
           'fingerprints shift with the records:\n%r\n%r' % (fa, fb))
    expect(len({x[1] for x in fa}) == 4, 'four distinct fingerprints %r' % fa)
    expect(fa[0][1].split(':')[0] == fa[3][1].split(':')[0] and fa[0][1].endswith(':1') and
           fa[3][1].endswith(':2'), 'the same issue twice: one key, occurrences 1 and 2 %r' % fa)
    expect(fingerprints(a) == fa, 'the same on every run')
    # --revision auto reports the same issues with the same fingerprints
    expect([x[:2] for x in fingerprints(a, '--revision', 'auto')] == [x[:2] for x in fa],
           'auto mode')
    # standard input: the header cannot be re-read, so the key leaves it
    # out; the same on every run all the same
    with open(a, 'rb') as f:
        data = f.read()
    outs = set()
    for _ in range(3):
        r = run(['--format', 'sarif', '--stdin-filename', 'fp-a.fxt', '-'], input=data)
        outs.add(tuple(x['partialFingerprints']['primaryLocationLineHash']
                       for x in json.loads(r.raw)['runs'][0]['results']))
    expect(len(outs) == 1 and len(next(iter(outs))) == 4, 'stdin fingerprints %r' % outs)


@test
def sarif_run_properties_carry_verdicts_and_stats():
    r = run(['--format', 'sarif', '--revision', 'auto', '--stats', 'good.fxt', 'bad.fxt', 'gone.fxt'])
    doc = json.loads(r.raw)
    props = doc['runs'][0]['properties']
    expect(props['revision'] == 'auto' and len(props['files']) == 3, 'files', props)
    good, bad, gone = props['files']
    expect(good['artifactLocation'] == {'uri': 'good.fxt', 'uriBaseId': '%SRCROOT%'}, 'location', good)
    expect(sorted(good['verdicts']) == ['current', 'r1', 'r2', 'r3'], 'four verdicts', good)
    expect(good['verdicts']['current']['verdict'] == 'conforms' and
           good['verdicts']['r1']['verdict'] == 'fails' and
           good['verdicts']['r1']['firstError']['ruleId'] == 'E0017', 'verdicts', good)
    expect(good['revision'] == 'current' and good['records'] == 3 and good['errors'] == 0, 'counts', good)
    expect(good['recordTypes'] == {'metadata': 1, 'initialization': 1, 'string': 1} and
           'providers' in good and isinstance(good['seconds'], float), '--stats', good)
    expect(bad['verdicts']['current']['verdict'] == 'fails' and bad['issuesByRule'] == {'E0022': 1},
           'bad', bad)
    expect(gone == {'artifactLocation': {'uri': 'gone.fxt', 'uriBaseId': '%SRCROOT%'},
                    'ioError': 'cannot open: No such file or directory'}, 'unreadable', gone)
    res = doc['runs'][0]['results']
    # (r1 and r2 stopped at their first error, the magic record at 0: the
    # initialization record at 8 is r3's and current's issue alone)
    expect([(x['ruleId'], x['properties']['revision'], x['properties']['revisions']) for x in res] ==
           [('E0022', 'current', ['r3', 'current'])], 'result properties %r' % res)
    # without --stats: no timing, the same bytes every run
    a = run(['--format', 'sarif', 'good.fxt']).raw
    expect(b'"seconds"' not in a and 'recordTypes' not in a.decode(), 'no stats without --stats')


@test
def sarif_uris():
    r = run(['--format', 'sarif', './sub/x.fxt', os.path.join(Ctx.tmp, 'sub', 'x.fxt')])
    res = json.loads(r.raw)['runs'][0]['results']
    locs = [x['locations'][0]['physicalLocation']['artifactLocation'] for x in res]
    expect(locs[0] == {'uri': 'sub/x.fxt', 'uriBaseId': '%SRCROOT%'}, 'relative: ./ dropped %r' % locs)
    expect(locs[-1] == {'uri': 'file://' + urllib.parse.quote(os.path.join(Ctx.tmp, 'sub', 'x.fxt'))},
           'absolute %r' % locs)

@test
def sarif_from_the_root_directory():
    """Run in /: %SRCROOT% is file:/// (the directory's URI ends in one
    '/'), and a relative path is relative to it."""
    rel = os.path.relpath(os.path.join(Ctx.tmp, 'bad.fxt'), '/')
    r = run(['--format', 'sarif', rel], cwd='/')
    run0 = json.loads(r.raw)['runs'][0]
    expect(run0['originalUriBaseIds']['%SRCROOT%']['uri'] == 'file:///', 'SRCROOT', r)
    expect(run0['results'][0]['locations'][0]['physicalLocation']['artifactLocation'] ==
           {'uri': urllib.parse.quote(rel), 'uriBaseId': '%SRCROOT%'}, 'relative to /', r)


@test
def sarif_leading_dot_slash_only():
    """"A leading ./ is dropped": also several slashes after it, and a
    name that starts with a dot keeps it."""
    write('.hidden.fxt', MAGIC + BAD_INIT)
    r = run(['--format', 'sarif', './/sub/x.fxt', './.hidden.fxt'])
    res = json.loads(r.raw)['runs'][0]['results']
    locs = [x['locations'][0]['physicalLocation']['artifactLocation']['uri'] for x in res]
    expect(locs == ['sub/x.fxt', '.hidden.fxt'], 'uris %r' % locs, r)


@test
def sarif_stats_list_providers():
    """--stats: files[].providers, one per provider context in order: the
    implicit one (records before any provider record, id 0) and provider
    7 ("p7") of a provider info record."""
    pinfo = w(0 | (2 << 4) | (1 << 16) | (7 << 20) | (2 << 52)) + b'p7' + bytes(6)
    psection = w(0 | (1 << 4) | (2 << 16) | (7 << 20))
    write('providers.fxt', MAGIC + INIT + pinfo + psection + string_rec(1, b'cat'))
    r = run(['--format', 'sarif', '--stats', 'providers.fxt'])
    expect(r.rc == 0, 'exit 0', r)
    provs = json.loads(r.raw)['runs'][0]['properties']['files'][0]['providers']
    expect([(p['id'], p['implicit'], p['name']) for p in provs] == [(0, True, ''), (7, False, 'p7')],
           'providers %r' % provs, r)

# ---------------------------------------------------------------------------
# --stdin-filename


@test
def stdin_filename_in_every_format():
    data = MAGIC + BAD_INIT
    name = 'traces/staged "one".fxt'
    for fmt, check in (
            ('text', lambda o: o.startswith(name + ':0x8: error: [E0022')),
            ('json', lambda o: json.loads(o)['files'][0]['file'] == name),
            ('sarif', lambda o: json.loads(o)['runs'][0]['results'][0]['locations'][0]
             ['physicalLocation']['artifactLocation'] == {'uri': 'traces/staged%20%22one%22.fxt',
                                                          'uriBaseId': '%SRCROOT%'}),
            ('github', lambda o: o.startswith('::error file=traces/staged "one".fxt,line=1,')),
            ('junit', lambda o: ET.fromstring(o).find('testsuite/testcase').get('name') == name)):
        r = run(['--format', fmt, '--stdin-filename', name, '-'], input=data)
        expect(r.rc == 1 and check(r.out) and '<stdin>' not in r.out, fmt, r)
    r = run(['--stdin-filename', 'x.fxt', 'good.fxt'])
    expect(r.rc == 2 and "no FILE is '-'" in r.err, 'without -', r)
    r = run(['--stdin-filename', '', '-'], input=data)
    expect(r.rc == 2 and 'empty' in r.err, 'empty name', r)

# ---------------------------------------------------------------------------
# GitHub annotations and the step summary


@test
def github_notices_and_step_summary():
    summary = write('summary.md', b'earlier step\n')
    r = run(['--format', 'github', '--revision', 'auto', 'good.fxt', 'bad.fxt', 'many.fxt',
             'gone.fxt', 'we|ird`*_name.fxt'], env={'GITHUB_STEP_SUMMARY': summary})
    expect(r.rc == 2, 'exit 2 (gone.fxt)', r)
    cmds = [l for l in r.lines if l.startswith('::')]
    expect(all(re.match(r'^::(error|warning|notice) file=[^,]*,line=1,title=', l) for l in cmds),
           'line=1 on every annotation', r)
    # per file: its annotations, then one notice of totals (or one I/O error)
    per = {}
    for l in cmds:
        per.setdefault(l.split('file=')[1].split(',line=')[0], []).append(l)
    expect(list(per) == ['good.fxt', 'bad.fxt', 'many.fxt', 'gone.fxt', 'we|ird`*_name.fxt'],
           'files %r' % list(per), r)
    for f, ls in per.items():
        totals = [l for l in ls if ',title=fxt-validate totals::' in l]
        if f == 'gone.fxt':
            expect(ls == ['::error file=gone.fxt,line=1,title=I/O error::cannot open: No such file '
                          'or directory'], 'gone', r)
            continue
        expect(len(totals) == 1 and ls[-1] == totals[0], '%s: one notice, last' % f, r)
    many = per['many.fxt'][-1]
    expect('::81 records, 80 errors, 0 warnings; conforms to no revision; not r1 (' in many and
           '%0Atop rules: E0022 init-reserved-bits (50), E0010 string-ref-unregistered (30)' in many
           and '%0A40 more issues not shown (--max-issues 20 per rule; 0 shows all)' in many,
           'totals of many.fxt', r)
    expect(r.lines[-1] == 'total: 5 files (1 could not be read), 81 errors, 0 warnings', 'total', r)
    with open(summary, encoding='utf-8') as f:
        text = f.read()
    expect(text.startswith('earlier step\n### fxt-validate\n'), 'appended, not truncated', text)
    rows = [l for l in text.splitlines() if l.startswith('| ') and not l.startswith(('| file ', '| ---'))]
    cells = [[c.strip() for c in re.split(r'(?<!\\)\|', row)[1:-1]] for row in rows]
    expect([len(c) for c in cells] == [5] * 5, 'five cells a row (escaped |) %r' % cells)
    unesc = [[re.sub(r'\\(.)', r'\1', c) for c in row] for row in cells]
    expect([c[0] for c in unesc] == ['good.fxt', 'bad.fxt', 'many.fxt', 'gone.fxt', 'we|ird`*_name.fxt'],
           'file cells %r' % unesc)
    expect(unesc[0][1].startswith('conforms to r3, current; not r1 (E0017') and unesc[0][2:4] == ['0', '0'],
           'good row %r' % unesc[0])
    expect(unesc[2][2:5] == ['80', '0', 'E0022 init-reserved-bits (50), E0010 string-ref-unregistered (30)'],
           'many row %r' % unesc[2])
    expect(unesc[3][1] == 'not read: cannot open: No such file or directory', 'gone row %r' % unesc[3])
    expect('\n5 files (1 could not be read), 81 errors, 0 warnings.\n' in text, 'totals line', text)
    # a second run appends a second table
    run(['--format', 'github', 'good.fxt'], env={'GITHUB_STEP_SUMMARY': summary})
    with open(summary, encoding='utf-8') as f:
        expect(f.read().startswith(text) and True, 'appended again')
    # a summary that cannot be written: said, exit 2, the annotations still out
    r = run(['--format', 'github', 'good.fxt'], env={'GITHUB_STEP_SUMMARY': Ctx.tmp})
    expect(r.rc == 2 and 'cannot open the step summary (GITHUB_STEP_SUMMARY=' in r.err and
           any(',title=fxt-validate totals::' in l for l in r.lines), 'unwritable summary', r)
    if os.path.exists('/dev/full'):
        r = run(['--format', 'github', 'good.fxt'], env={'GITHUB_STEP_SUMMARY': '/dev/full'})
        expect(r.rc == 2 and 'cannot write the step summary' in r.err and 'No space left' in r.err,
               'full summary', r)
    # not the github format: the summary is not touched
    run(['good.fxt'], env={'GITHUB_STEP_SUMMARY': summary})
    with open(summary, encoding='utf-8') as f:
        expect(f.read().count('### fxt-validate') == 2, 'only --format github writes it')


@test
def github_werror_verdicts():
    """--Werror: a file with warnings fails (exit 1) and its verdict says
    so, in the notice and in the step summary; a clean file still conforms."""
    summary = write('summary-werror.md', b'')
    r = run(['--format', 'github', '--Werror', 'warn.fxt'], env={'GITHUB_STEP_SUMMARY': summary})
    notice = [l for l in r.lines if ',title=fxt-validate totals::' in l]
    expect(r.rc == 1 and len(notice) == 1 and
           '::3 records, 0 errors, 1 warning; fails current' in notice[0], 'warn.fxt', r)
    with open(summary, encoding='utf-8') as f:
        row = [l for l in f.read().splitlines() if l.startswith('| warn')]
    expect(len(row) == 1 and row[0].split(' | ')[1].startswith('fails current'), 'row %r' % row)
    r = run(['--format', 'github', '--Werror', 'good.fxt'])
    expect(r.rc == 0 and r.lines[-1].endswith('::3 records, 0 errors, 0 warnings; conforms to current'),
           'good.fxt', r)


@test
def github_summary_escapes_control_bytes():
    """A step-summary cell: control characters and bytes that are not UTF-8
    become a visible \\xNN (nothing breaks the row), other UTF-8 stays."""
    name = b'c\x01t\x7fl\xff\xc3\xa9.fxt'.decode('utf-8', 'surrogateescape')
    write(name, MAGIC + INIT)
    summary = write('summary-ctl.md', b'')
    r = run(['--format', 'github', name], env={'GITHUB_STEP_SUMMARY': summary})
    expect(r.rc == 0, 'exit 0', r)
    with open(summary, 'rb') as f:
        rows = [l for l in f.read().split(b'\n') if l.startswith(b'| c')]
    expect(rows == [b'| c\\\\x01t\\\\x7fl\\\\xff\xc3\xa9.fxt | conforms to current | 0 | 0 |  |'],
           'row %r' % rows)

# ---------------------------------------------------------------------------
# JUnit XML


def junit(args, **kw):
    r = run(['--format', 'junit'] + args, **kw)
    try:
        root = ET.fromstring(r.raw)  # expat: a strict XML 1.0 parser
    except ET.ParseError as e:
        raise AssertionError('not well-formed XML: %s\n%r' % (e, r))
    return r, root


def check_junit_shape(root):
    """The shape GitLab and Jenkins read: <testsuites> with <testsuite>s of
    <testcase name= classname=>, each with <failure message=>, <error>,
    <skipped> or <system-out> children, and counts that add up."""
    expect(root.tag == 'testsuites', 'root element %s' % root.tag)
    suites = list(root)
    expect(len(suites) == 1 and suites[0].tag == 'testsuite', 'one testsuite')
    s = suites[0]
    cases = list(s)
    expect(all(c.tag == 'testcase' and c.get('name') and c.get('classname') for c in cases),
           'test cases with name and classname')
    failed = sum(1 for c in cases if c.find('failure') is not None)
    errored = sum(1 for c in cases if c.find('error') is not None)
    for el in (root, s):
        expect((el.get('tests'), el.get('failures'), el.get('errors')) ==
               (str(len(cases)), str(failed), str(errored)), 'counts of <%s>' % el.tag)
    for c in cases:
        kids = [k.tag for k in c]
        expect(all(k in ('failure', 'error', 'skipped', 'system-out', 'system-err') for k in kids),
               'children %r' % kids)
        order = {'skipped': 0, 'error': 1, 'failure': 2, 'system-out': 3, 'system-err': 4}
        expect([order[k] for k in kids] == sorted(order[k] for k in kids), 'order %r' % kids)
        for f in c.findall('failure') + c.findall('error'):
            expect(f.get('message') and f.get('type'), 'failure message and type')
    return cases


@test
def junit_xml():
    r, root = junit(['good.fxt', 'bad.fxt', 'warn.fxt', 'many.fxt', 'gone.fxt'])
    expect(r.rc == 2, 'exit 2', r)
    cases = check_junit_shape(root)
    by = {c.get('name'): c for c in cases}
    expect(list(by) == ['good.fxt', 'bad.fxt', 'warn.fxt', 'many.fxt', 'gone.fxt'], 'one per file')
    expect(by['good.fxt'].find('failure') is None and
           by['good.fxt'].find('system-out').text == '3 records, 0 errors, 0 warnings\n', 'good')
    f = by['bad.fxt'].findall('failure')
    expect(len(f) == 1 and f[0].get('type') == 'E0022 init-reserved-bits' and
           f[0].get('message') == 'record #1 (initialization): bits [16..63] must be zero, got 0x1 at 0x8'
           and f[0].text.startswith('bad.fxt:0x8: error: [E0022 init-reserved-bits]'), 'bad')
    w_ = by['warn.fxt']
    expect(w_.find('failure') is None and 'warning: [W0026 string-empty]' in w_.find('system-out').text,
           'warnings in system-out')
    m = by['many.fxt']
    expect(len(m.findall('failure')) == 20 + 20 and
           'note: 30 more [E0022 init-reserved-bits] issues not shown' in m.find('system-out').text,
           'one failure per error shown (--max-issues 20 per rule)')
    e = by['gone.fxt'].findall('error')
    expect(len(e) == 1 and e[0].get('message') == 'cannot open: No such file or directory', 'gone')
    # --Werror: a warning fails its file, as the exit status says
    r, root = junit(['--Werror', 'warn.fxt'])
    expect(r.rc == 1 and root.find('testsuite/testcase/failure').get('type') == 'W0026 string-empty',
           '--Werror', r)
    # time only with --timing
    _, root = junit(['--timing', 'good.fxt'])
    expect(float(root.find('testsuite/testcase').get('time')) >= 0, 'time with --timing')
    expect(b' time=' not in junit(['good.fxt'])[0].raw, 'no time without --timing')
    # --stats implies --timing (--help)
    _, root = junit(['--stats', 'good.fxt'])
    expect(float(root.find('testsuite/testcase').get('time')) >= 0, 'time with --stats')
    # --Werror and no warning: a pass
    r, root = junit(['--Werror', 'good.fxt'])
    expect(r.rc == 0 and root.find('testsuite/testcase/failure') is None and
           root.get('failures') == '0', '--Werror, clean file', r)
    # --revision auto: the verdict in <system-out> (r1 and r2 define no
    # metadata type 4, the magic record at 0)
    r, root = junit(['--revision', 'auto', 'good.fxt'])
    out = root.find('testsuite/testcase/system-out').text
    expect(r.rc == 0 and 'conforms to r3, current; not r1 (E0017 metadata-type-unknown at 0x0), '
           'not r2 (E0017 metadata-type-unknown at 0x0)\n' in out, 'auto verdict %r' % out, r)


@test
def junit_escapes_any_bytes():
    """A file name and a string holding markup, quotes, control characters
    XML 1.0 forbids, U+FFFE and bytes that are not UTF-8: still well-formed,
    and the text readable."""
    name = b'a<b>&"c\'\x01\x1b]]>\xef\xbf\xbe\xff.fxt'
    write(name.decode('utf-8', 'surrogateescape'), MAGIC + INIT + string_rec(1, b'<\x00\x07&\xef\xbf\xbf') +
          BAD_INIT)
    r, root = junit([name.decode('utf-8', 'surrogateescape')])
    cases = check_junit_shape(root)
    expect(cases[0].get('name') == 'a<b>&"c\'\\x01\\x1b]]>\\xef\\xbf\\xbe\\xff.fxt',
           'name %r' % cases[0].get('name'))
    expect(len(cases[0].findall('failure')) >= 1, 'failures', r)
    r, root = junit(['--stdin-filename', 'tab\there\nnewline\rreturn.fxt', '-'], input=MAGIC + BAD_INIT)
    expect(root.find('testsuite/testcase').get('name') == 'tab\there\nnewline\rreturn.fxt',
           'tab, newline and return kept in an attribute %r' % root.find('testsuite/testcase').get('name'))
    # DEL is a control character (\xNN); U+FFFD, U+F000 and U+20AC are
    # characters XML allows, kept as they are
    name = 'del\x7f\ufffd\uf000\u20ac.fxt'
    r, root = junit(['--stdin-filename', name, '-'], input=MAGIC + BAD_INIT)
    expect(root.find('testsuite/testcase').get('name') == 'del\\x7f\ufffd\uf000\u20ac.fxt',
           'name %r' % root.find('testsuite/testcase').get('name'))

# ---------------------------------------------------------------------------
# --color


def run_on_pty(args, env):
    """Run with stdout on a pseudo-terminal; returns (rc, what it printed)."""
    e = dict(os.environ)
    e.pop('NO_COLOR', None)
    e.update(env)
    for k in [k for k, v in e.items() if v is None]:  # None: not set
        del e[k]
    rc, _, out = test_cli.pty_run([Ctx.exe] + args, Ctx.tmp, 'stdout', e)
    return rc, out.replace(b'\r\n', b'\n')


ESC = re.compile(rb'\x1b\[[0-9;]*m')


@test
def color_on_a_terminal_only():
    files = ['bad.fxt', 'warn.fxt']
    plain = run(files).raw
    expect(b'\x1b' not in plain, 'no colour in a pipe (auto)')
    rc, out = run_on_pty(files, {'TERM': 'xterm'})
    expect(rc == 1 and b'\x1b[1;31merror:\x1b[0m' in out and b'\x1b[1;35mwarning:\x1b[0m' in out,
           'colour on a terminal: %r' % out)
    expect(ESC.sub(b'', out) == plain, 'the same text without the colours:\n%r\n%r' % (out, plain))
    for env, args in (({'NO_COLOR': '1', 'TERM': 'xterm'}, []), ({'TERM': 'dumb'}, []),
                      ({'TERM': 'xterm'}, ['--color=never']), ({'TERM': 'xterm'}, ['--json'])):
        rc, out = run_on_pty(args + files, env)
        expect(b'\x1b' not in out, 'no colour with %r %r: %r' % (env, args, out[:200]))
    rc, out = run_on_pty(files, {'NO_COLOR': '', 'TERM': 'xterm'})
    expect(b'\x1b[' in out, 'an empty NO_COLOR does not disable colour')
    rc, out = run_on_pty(['--color=auto'] + files, {'TERM': 'xterm'})
    expect(b'\x1b[1;31merror:' in out, '--color=auto on a terminal: %r' % out[:200])
    expect(b'\x1b' not in run(['--color=auto'] + files).raw, '--color=auto in a pipe')
    rc, out = run_on_pty(files, {'TERM': None})
    expect(b'\x1b[1;31merror:' in out, 'no TERM is not a dumb terminal: %r' % out[:200])
    r = run(['--color=always'] + files, env={'NO_COLOR': '1'})
    expect(b'\x1b[1;31merror:' in r.raw and ESC.sub(b'', r.raw) == plain, 'always: even in a pipe', r)
    r = run(['--color=sometimes', 'good.fxt'])
    expect(r.rc == 2 and '--color' in r.err, 'bad --color', r)

# ---------------------------------------------------------------------------


FILES = {
    'good.fxt': MAGIC + INIT + string_rec(1, b'cat'),
    'bad.fxt': MAGIC + BAD_INIT,
    'warn.fxt': MAGIC + INIT + string_rec(1, b''),
    'many.fxt': MAGIC + BAD_INIT * 50 + b''.join(instant(i, 5) for i in range(30)),
    'we|ird`*_name.fxt': MAGIC + INIT,
    'sub/x.fxt': MAGIC + BAD_INIT,
}


def main():
    args, only = test_cli.split_k(sys.argv[1:])
    Ctx.exe, Ctx.corpus = os.path.abspath(args[0]), os.path.abspath(args[1])
    with tempfile.TemporaryDirectory(prefix='fxt-ci-') as tmp:
        Ctx.tmp = tmp
        for name, data in FILES.items():
            write(name, data)
        _, failed, _ = test_cli.run_tests(TESTS, only)
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
