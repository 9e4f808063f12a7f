#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Adopting fxt-validate in a repository that already has bad traces:
--baseline / --write-baseline, the .fxtkitrc configuration file,
--format gitlab, --srcroot, read as the consuming tool reads them.

usage: test_adopt.py FXT_VALIDATE FXT_DUMP JSON_SCHEMA [-k NAME]

- baselines: identity = file + SARIF's fxtIssue/v1 (compared with the
  SARIF of the same run), records inserted before a known issue keep it
  known, a new issue is reported and fails, "N known issues not reported"
  and the entries that no longer occur on stderr;
- configuration: found upward from each trace, per-glob sections,
  revision, ignore, max-issues, --max-* limits, Werror, the command line
  winning, --print-config, errors with FILE:LINE, fxt-dump reading it;
- --format gitlab: the fields GitLab documents for a Code Quality report
  (docs.gitlab.com/ci/testing/code_quality, "Code Quality report format":
  an array of objects with description, check_name, fingerprint unique in
  the report, severity one of info/minor/major/critical/blocker,
  location.path relative to the repository, location.lines.begin);
- --srcroot: SARIF URIs resolved against %SRCROOT% as code scanning does
  name the real file.

Standard library only. The expected values are worked out from the trace
bytes written here, never from the tool's own output.
"""
import json
import os
import struct
import subprocess
import sys
import tempfile
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import test_cli  # noqa: E402  (the test runner)


class Ctx:
    exe = None
    dump = None
    tmp = None
    schema = None


def w(x):
    return struct.pack('<Q', x & 0xFFFFFFFFFFFFFFFF)


MAGIC = bytes.fromhex('1000044678541600')
INIT = w(0x21) + w(1_000_000_000)                    # initialization record, 2 words
BAD_INIT = w(0x21 | (1 << 16)) + w(1_000_000_000)    # E0022: reserved bits 16..63 set


def string_rec(index, s):
    body = s + bytes(-len(s) % 8)
    return w(2 | ((1 + len(body) // 8) << 4) | (index << 16) | (len(s) << 32)) + body


def instant(ts, name_ref):
    # event record (type 4), 4 words, instant (event type 0), inline thread
    # (pid 1, tid 2), name string ref NAME_REF (bits 48..63)
    return w(4 | (4 << 4) | (name_ref << 48)) + w(ts) + w(1) + w(2)


def write(rel, data):
    p = os.path.join(Ctx.tmp, rel)
    os.makedirs(os.path.dirname(p), exist_ok=True)
    with open(p, 'wb' if isinstance(data, bytes) else 'w') as f:
        f.write(data)
    return p


def run(args, cwd=None, tool=None):
    p = subprocess.run([tool or Ctx.exe] + args, cwd=cwd or Ctx.tmp, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, timeout=120)
    return p.returncode, p.stdout.decode('utf-8', 'replace'), p.stderr.decode('utf-8', 'replace')


def expect(cond, what, *ctx):
    if not cond:
        raise AssertionError(what + ''.join('\n  %r' % (c,) for c in ctx))


TESTS = []


def test(fn):
    TESTS.append(fn)
    return fn


def sarif_ids(rel, cwd=None, *extra):
    """(ruleId, fxtIssue/v1) of each SARIF result for REL."""
    rc, out, err = run(['--format', 'sarif', '--max-issues', '0'] + list(extra) + [rel], cwd)
    res = json.loads(out)['runs'][0]['results']
    return [(x['ruleId'], x['partialFingerprints']['fxtIssue/v1']) for x in res]


def read_baseline(path):
    """The baseline's entries as (file, fingerprint, rule), as a reader of
    the documented format (tab-separated, '#' comments) sees them."""
    rows = []
    with open(path, encoding='utf-8') as f:
        for line in f:
            line = line.rstrip('\n')
            if not line or line.startswith('#'):
                continue
            fp, rule, name = line.split('\t')
            rows.append((name, fp, rule))
    return rows


# Two issues of the trace below: E0022 at the second initialization record,
# and another E0022 at the end.
TAIL = string_rec(1, b'a') + instant(1, 1) + BAD_INIT + instant(2, 1) + BAD_INIT


@test
def baseline_hides_known_issues_and_fails_on_new_ones():
    write('repo/traces/old.fxt', MAGIC + INIT + TAIL)
    rc, out, err = run(['traces/old.fxt'], cwd=os.path.join(Ctx.tmp, 'repo'))
    expect(rc == 1 and out.count('error: [E0022') == 2, 'two E0022 to start with', rc, out)
    # write it: the report as usual, exit 0, an entry per issue, with
    # SARIF's fxtIssue/v1 as identity
    rc, out, err = run(['--write-baseline', '.fxt-baseline', 'traces/old.fxt'],
                       cwd=os.path.join(Ctx.tmp, 'repo'))
    expect(rc == 0 and out.count('error: [E0022') == 2, 'write-baseline exits 0', rc, out, err)
    rows = read_baseline(os.path.join(Ctx.tmp, 'repo/.fxt-baseline'))
    sarif = sarif_ids('traces/old.fxt', os.path.join(Ctx.tmp, 'repo'))
    expect(sorted((f, fp) for f, fp, _ in rows) ==
           sorted(('traces/old.fxt', fp) for _, fp in sarif) and len(rows) == 2,
           'baseline = SARIF fingerprints', rows, sarif)
    expect({r for _, _, r in rows} == {'E0022'}, 'rules', rows)
    # records inserted before the issues: still known; nothing reported, exit 0
    write('repo/traces/old.fxt', MAGIC + INIT + string_rec(2, b'more') + instant(0, 2) * 3 +
          TAIL)
    rc, out, err = run(['--baseline', '.fxt-baseline', 'traces/old.fxt'],
                       cwd=os.path.join(Ctx.tmp, 'repo'))
    expect(rc == 0 and 'error:' not in out, 'known issues hidden', rc, out, err)
    expect('0 errors' in out and '2 known issues not shown' in out, 'summary', out)
    expect('2 known issues not reported; 0 entries no longer occur' in err, 'stderr', err)
    # a new issue (a third bad record at the end): reported, exit 1
    write('repo/traces/old.fxt', MAGIC + INIT + TAIL + BAD_INIT)
    rc, out, err = run(['--baseline', '.fxt-baseline', 'traces/old.fxt'],
                       cwd=os.path.join(Ctx.tmp, 'repo'))
    issues = [ln for ln in out.splitlines() if ': error: ' in ln]
    size = len(MAGIC + INIT + TAIL)
    expect(rc == 1 and len(issues) == 1 and issues[0].startswith('traces/old.fxt:%#x:' % size),
           'only the new issue (at %#x)' % size, rc, out)
    expect('1 error' in out, 'counts only the new one', out)
    # the same with SARIF: the new result, then the known ones as
    # "unchanged" (test_known.py has the rest)
    rc, out, err = run(['--format', 'sarif', '--baseline', '.fxt-baseline', 'traces/old.fxt'],
                       cwd=os.path.join(Ctx.tmp, 'repo'))
    res = json.loads(out)['runs'][0]['results']
    expect(rc == 1 and [(x['baselineState'], x['locations'][0]['physicalLocation']['region']
                         ['byteOffset']) for x in res][0] == ('new', size) and
           [x['baselineState'] for x in res[1:]] == ['unchanged'] * 2,
           'SARIF: the new result, then two unchanged', rc, res)
    # --json: the known issues counted apart, the document still valid
    rc, out, err = run(['--json', '--baseline', '.fxt-baseline', 'traces/old.fxt'],
                       cwd=os.path.join(Ctx.tmp, 'repo'))
    doc = json.loads(out)
    import jsonschema
    jsonschema.validate(doc, Ctx.schema)
    f0 = doc['files'][0]
    expect(f0['known_issues'] == 2 and len(f0['issues']) == 1 and f0['errors'] == 1 and
           f0['issues_by_rule'] == {'E0022': 1} and doc['errors'] == 1, 'JSON with a baseline', f0)
    rc, out, err = run(['--json', 'traces/old.fxt'], cwd=os.path.join(Ctx.tmp, 'repo'))
    expect('known_issues' not in json.loads(out)['files'][0], 'no known_issues without --baseline')
    # fixed: both entries no longer occur, each named
    write('repo/traces/old.fxt', MAGIC + INIT + string_rec(1, b'a') + instant(1, 1))
    rc, out, err = run(['--baseline', '.fxt-baseline', 'traces/old.fxt'],
                       cwd=os.path.join(Ctx.tmp, 'repo'))
    expect(rc == 0, 'clean', rc, out, err)
    expect('0 known issues not reported; 2 entries no longer occur' in err and
           err.count('traces/old.fxt: E0022 ') == 2, 'gone entries named', err)
    # a file named twice (here also as ./): known both times, exit 0
    write('repo/traces/old.fxt', MAGIC + INIT + TAIL)
    rc, out, err = run(['--baseline', '.fxt-baseline', 'traces/old.fxt', './traces/old.fxt'],
                       cwd=os.path.join(Ctx.tmp, 'repo'))
    expect(rc == 0 and 'error:' not in out and '4 known issues not reported' in err,
           'known each time the file is checked', rc, out, err)
    # a file the run did not check is not "gone"
    write('repo/traces/other.fxt', MAGIC + INIT)
    rc, out, err = run(['--baseline', '.fxt-baseline', 'traces/other.fxt'],
                       cwd=os.path.join(Ctx.tmp, 'repo'))
    expect(rc == 0 and '0 entries no longer occur' in err, 'unchecked files', err)


@test
def baseline_covers_issues_past_max_issues():
    # 25 issues of one key: --max-issues (20) shows 20, the baseline has
    # all 25, and SARIF's 20 fingerprints are the baseline's first 20
    write('many/t.fxt', MAGIC + INIT + BAD_INIT * 25)
    cwd = os.path.join(Ctx.tmp, 'many')
    rc, out, err = run(['--write-baseline', 'b', 't.fxt'], cwd=cwd)
    rows = read_baseline(os.path.join(cwd, 'b'))
    expect(rc == 0 and len(rows) == 25 and len({fp for _, fp, _ in rows}) == 25, 'all 25', rows)
    sarif = sarif_ids('t.fxt', cwd)  # --max-issues 0: all 25
    expect(sorted(fp for _, fp in sarif) == sorted(fp for _, fp, _ in rows), 'SARIF -m 0 = baseline')
    rc, out, err = run(['--format', 'sarif', 't.fxt'], cwd=cwd)
    shown = [x['partialFingerprints']['fxtIssue/v1'] for x in json.loads(out)['runs'][0]['results']]
    expect(len(shown) == 20 and set(shown) <= {fp for _, fp, _ in rows} and
           sorted(int(x.split(':')[1]) for x in shown) == list(range(1, 21)),
           'SARIF -m 20: occurrences 1..20 of the baseline', shown)
    rc, out, err = run(['--baseline', 'b', 't.fxt'], cwd=cwd)
    expect(rc == 0 and '25 known issues not reported' in err, 'all known', rc, err)


@test
def baseline_errors_are_usage_errors():
    write('b/bad-baseline', 'no tabs here\n')
    write('b/t.fxt', MAGIC + INIT)
    rc, out, err = run(['--baseline', 'bad-baseline', 't.fxt'], cwd=os.path.join(Ctx.tmp, 'b'))
    expect(rc == 2 and 'bad-baseline:1:' in err, 'bad baseline line', rc, err)
    rc, out, err = run(['--baseline', 'missing', 't.fxt'], cwd=os.path.join(Ctx.tmp, 'b'))
    expect(rc == 2 and 'missing' in err, 'missing baseline', rc, err)
    # --write-baseline never destroys on failure: a directory is refused
    os.makedirs(os.path.join(Ctx.tmp, 'b/dir'), exist_ok=True)
    rc, out, err = run(['--write-baseline', 'dir', 't.fxt'], cwd=os.path.join(Ctx.tmp, 'b'))
    expect(rc == 2, 'baseline onto a directory', rc, err)


@test
def gitlab_code_quality_report_has_the_documented_fields():
    write('gl/traces/a.fxt', MAGIC + INIT + TAIL)
    write('gl/traces/b.fxt', MAGIC + INIT + BAD_INIT)
    write('gl/traces/good.fxt', MAGIC + INIT)
    rc, out, err = run(['--format', 'gitlab', 'traces/a.fxt', './traces/b.fxt',
                        'traces/good.fxt'], cwd=os.path.join(Ctx.tmp, 'gl'))
    expect(rc == 1, 'exit 1 on errors', rc, err)
    doc = json.loads(out)
    expect(isinstance(doc, list) and len(doc) == 3, 'an array of 3 issues', doc)
    for it in doc:
        for key in ('description', 'check_name', 'fingerprint'):
            expect(isinstance(it.get(key), str) and it[key], 'string ' + key, it)
        expect(it['severity'] in ('info', 'minor', 'major', 'critical', 'blocker'), 'severity', it)
        loc = it['location']
        path = loc['path']
        expect(not path.startswith(('/', './')), 'relative path', path)
        expect(os.path.isfile(os.path.join(Ctx.tmp, 'gl', path)), 'path names the file', path)
        expect(isinstance(loc['lines']['begin'], int) and loc['lines']['begin'] >= 1, 'line', loc)
        expect('E0022' in it['description'] and 'E0022' in it['check_name'], 'the rule', it)
    expect(len({it['fingerprint'] for it in doc}) == 3, 'fingerprints unique in the report', doc)
    expect(sorted(it['location']['path'] for it in doc) ==
           ['traces/a.fxt', 'traces/a.fxt', 'traces/b.fxt'], 'paths', doc)
    # a clean run is an empty array (GitLab: no degradation)
    rc, out, err = run(['--format', 'gitlab', 'traces/good.fxt'], cwd=os.path.join(Ctx.tmp, 'gl'))
    expect(rc == 0 and json.loads(out) == [], 'clean: []', rc, out)
    # format names in any case
    rc2, out2, _ = run(['--format=GitLab', 'traces/b.fxt'], cwd=os.path.join(Ctx.tmp, 'gl'))
    rc3, out3, _ = run(['--format=SARIF', 'traces/b.fxt'], cwd=os.path.join(Ctx.tmp, 'gl'))
    expect(rc2 == 1 and len(json.loads(out2)) == 1 and rc3 == 1 and
           json.loads(out3)['version'] == '2.1.0', 'case-insensitive --format', out2, out3)


@test
def srcroot_makes_uris_resolve_from_the_repository_root():
    write('sr/repo/sub/bad.fxt', MAGIC + INIT + BAD_INIT)
    sub = os.path.join(Ctx.tmp, 'sr/repo/sub')
    for args in (['--srcroot', '..'], ['--srcroot=' + os.path.join(Ctx.tmp, 'sr/repo')]):
        rc, out, err = run(['--format', 'sarif'] + args + ['bad.fxt'], cwd=sub)
        run0 = json.loads(out)['runs'][0]
        base = run0['originalUriBaseIds']['%SRCROOT%']['uri']
        loc = run0['results'][0]['locations'][0]['physicalLocation']['artifactLocation']
        expect(loc == {'uri': 'sub/bad.fxt', 'uriBaseId': '%SRCROOT%'}, 'relative uri', loc)
        target = urllib.parse.urlparse(urllib.parse.urljoin(base, loc['uri'])).path
        expect(os.path.samefile(target, os.path.join(sub, 'bad.fxt')), 'resolves', base, loc)
        # annotations and GitLab name it the same way
        rc, out, err = run(['--format', 'github'] + args + ['bad.fxt'], cwd=sub)
        expect('::error file=sub/bad.fxt,' in out, 'annotation path', out)
        rc, out, err = run(['--format', 'gitlab'] + args + ['bad.fxt'], cwd=sub)
        expect(json.loads(out)[0]['location']['path'] == 'sub/bad.fxt', 'gitlab path', out)
    # the configuration's srcroot (relative to the file) does the same
    write('sr/repo/.fxtkitrc', 'srcroot = .\n')
    rc, out, err = run(['--format', 'github', 'bad.fxt'], cwd=sub)
    expect('::error file=sub/bad.fxt,' in out, 'srcroot from .fxtkitrc', out, err)
    os.remove(os.path.join(Ctx.tmp, 'sr/repo/.fxtkitrc'))
    rc, out, err = run(['--srcroot', 'nope', 'bad.fxt'], cwd=sub)
    expect(rc == 2 and 'not a directory' in err, 'bad srcroot', rc, err)


@test
def config_file_is_found_upward_with_sections_and_the_command_line_wins():
    root = os.path.join(Ctx.tmp, 'cfg')
    write('cfg/traces/legacy/bad.fxt', MAGIC + INIT + BAD_INIT)
    write('cfg/traces/new/bad.fxt', MAGIC + INIT + BAD_INIT)
    write('cfg/traces/new/many.fxt', MAGIC + INIT + BAD_INIT * 5)
    write('cfg/.fxtkitrc', '# fxtkit settings\n'
          'max-issues = 2\n'
          '\n'
          '[traces/legacy/*]\n'
          'ignore = init-reserved-bits   # decided to live with it\n'
          '[many.fxt]\n'
          'max-issues = 3\n')
    rc, out, err = run(['traces/legacy/bad.fxt'], cwd=root)
    expect(rc == 0 and 'error:' not in out, 'ignored by the legacy section', rc, out, err)
    rc, out, err = run(['traces/new/bad.fxt'], cwd=root)
    expect(rc == 1 and out.count('[E0022') == 1, 'not ignored elsewhere', rc, out)
    rc, out, err = run(['traces/new/many.fxt'], cwd=root)
    expect(rc == 1 and out.count('error: [E0022') == 3, 'max-issues 3 by file name', out)
    # found from each trace, not from the current directory
    rc, out, err = run(['cfg/traces/legacy/bad.fxt', 'cfg/traces/new/bad.fxt'], cwd=Ctx.tmp)
    expect(rc == 1 and out.count('error: [E0022') == 1, 'upward from each trace', out)
    # the command line wins: -m 1
    rc, out, err = run(['-m', '1', 'traces/new/many.fxt'], cwd=root)
    expect(out.count('error: [E0022') == 1, 'command line max-issues wins', out)
    # --no-config and --config FILE
    rc, out, err = run(['--no-config', 'traces/legacy/bad.fxt'], cwd=root)
    expect(rc == 1, '--no-config', rc, out)
    write('other.rc', 'ignore = E0022\n')
    rc, out, err = run(['--config', os.path.join(Ctx.tmp, 'other.rc'), 'traces/new/bad.fxt'],
                       cwd=root)
    expect(rc == 0, '--config FILE', rc, out, err)
    # both: a contradiction, a usage error (exit 2)
    rc, out, err = run(['--config', os.path.join(Ctx.tmp, 'other.rc'), '--no-config',
                        'traces/new/bad.fxt'], cwd=root)
    expect(rc == 2 and '--config' in err and '--no-config' in err and out == '',
           '--config with --no-config', rc, out, err)
    # --print-config says what applies and where from
    rc, out, err = run(['--print-config', 'traces/legacy/bad.fxt', '-m', '7'], cwd=root)
    lines = dict(ln.split(' = ', 1) for ln in out.splitlines() if ' = ' in ln
                 and not ln.startswith('#'))
    expect(rc == 0 and lines['ignore'].split('#')[0].strip() == 'E0022', 'ignore', out)
    expect(lines['max-issues'].split('#')[0].strip() == '7' and
           'command line' in lines['max-issues'], 'command line shown winning', out)
    expect(lines['revision'].split('#')[0].strip() == 'current', 'revision default', out)
    expect(os.path.join(root, '.fxtkitrc') in out.splitlines()[0], 'names the file', out)
    rc, out, err = run(['--print-config', 'traces/new/many.fxt'], cwd=root)
    expect('.fxtkitrc:7' in out and 'E0022' not in out.split('ignore =')[1].splitlines()[0],
           'many.fxt: max-issues from line 7, nothing ignored', out)


@test
def config_sets_revision_werror_and_limits():
    root = os.path.join(Ctx.tmp, 'cfg2')
    # the magic number record came with r3: under r1 it is a record of
    # an undefined type (an error), under current it is fine
    write('cfg2/t.fxt', MAGIC + INIT)
    rc, out, err = run(['t.fxt'], cwd=root)
    expect(rc == 0, 'current: fine', rc, out)
    write('cfg2/.fxtkitrc', 'revision = r1\n')
    rc, out, err = run(['t.fxt'], cwd=root)
    expect(rc == 1 and 'error:' in out, 'r1 from the file: the magic record is unknown', out)
    rc, out, err = run(['-r', 'current', 't.fxt'], cwd=root)
    expect(rc == 0, '-r wins', rc, out)
    # max-providers from the file, the same as on the command line
    write('cfg2/.fxtkitrc', 'max-providers = 1\nWerror = yes\n')
    rc, out, err = run(['--print-config', 't.fxt'], cwd=root)
    expect('max-providers = 1 ' in out and 'Werror = true' in out, 'print', out)
    # bad lines: exit 2 with FILE:LINE
    write('cfg2/.fxtkitrc', 'revision = r9\n')
    rc, out, err = run(['t.fxt'], cwd=root)
    expect(rc == 2 and '.fxtkitrc:1: revision: bad value' in err, 'bad value', rc, err)
    write('cfg2/.fxtkitrc', 'max-issues = 3\nfoo = 1\n')
    rc, out, err = run(['t.fxt'], cwd=root)
    expect(rc == 2 and ".fxtkitrc:2: unknown key 'foo'" in err, 'unknown key', rc, err)
    write('cfg2/.fxtkitrc', '[unclosed\n')
    rc, out, err = run(['t.fxt'], cwd=root)
    expect(rc == 2 and '.fxtkitrc:1:' in err, 'bad section', rc, err)
    os.remove(os.path.join(root, '.fxtkitrc'))


@test
def fxt_dump_reads_the_config_file():
    root = os.path.join(Ctx.tmp, 'cfg3')
    write('cfg3/t.fxt', MAGIC + INIT + BAD_INIT)
    rc, out, err = run(['t.fxt'], cwd=root, tool=Ctx.dump)
    expect('E0022' in out, 'dump shows the issue', out)
    write('cfg3/.fxtkitrc', 'ignore = E0022\n')
    rc, out, err = run(['t.fxt'], cwd=root, tool=Ctx.dump)
    expect('E0022' not in out and rc == 0, 'ignored by the config', rc, out, err)
    write('cfg3/.fxtkitrc', 'revision = r1\n')
    rc, out, err = run(['t.fxt'], cwd=root, tool=Ctx.dump)
    expect('error' in out and rc == 1, 'r1 from the config', rc, out, err)
    # --config FILE in place of the one found; --no-config; not both
    write('cfg3/other.rc', 'ignore = E0022\n')
    rc, out, err = run(['--config', 'other.rc', 't.fxt'], cwd=root, tool=Ctx.dump)
    expect(rc == 0 and 'E0022' not in out, '--config FILE read instead', rc, out, err)
    rc, out, err = run(['--no-config', 't.fxt'], cwd=root, tool=Ctx.dump)
    expect(rc == 1 and 'E0022' in out, '--no-config', rc, out, err)
    rc, out, err = run(['--config', 'missing.rc', 't.fxt'], cwd=root, tool=Ctx.dump)
    expect(rc == 2 and 'missing.rc' in err, '--config: a missing file is an error', rc, err)
    rc, out, err = run(['--config', 'other.rc', '--no-config', 't.fxt'], cwd=root, tool=Ctx.dump)
    expect(rc == 2 and 'contradict' in err, '--config with --no-config', rc, err)
    write('cfg3/.fxtkitrc', 'bogus = 1\n')
    rc, out, err = run(['t.fxt'], cwd=root, tool=Ctx.dump)
    expect(rc == 2 and ".fxtkitrc:1: unknown key 'bogus'" in err, 'bad config', rc, err)


@test
def auto_names_the_warnings_of_each_conforming_revision():
    # an r1 trace (no magic record: it came with r3): async begin (r1
    # event type 4) and async end (6) of id 7. Read as r1/r2: fine. Read
    # as r3/current: W0012 magic-missing, type 4 is a duration complete
    # ending (7) before it starts (W0032), type 6 an async instant with
    # no open begin (W0033): 3 warnings.
    def ev(etype, ts, extra):
        return w(4 | ((4 + len(extra)) << 4) | (etype << 16)) + w(ts) + w(1) + w(2) + b''.join(
            w(x) for x in extra)
    write('auto/r1.fxt', INIT + ev(4, 100, [7]) + ev(6, 200, [7]))
    rc, out, err = run(['--revision', 'auto', 'r1.fxt'], cwd=os.path.join(Ctx.tmp, 'auto'))
    expect(rc == 0 and 'r1.fxt: conforms to r1 (0 warnings), r2 (0 warnings), r3 (3 warnings), '
           'current (3 warnings)' in out, 'per-revision warnings', rc, out)
    rc, out, err = run(['--revision', 'r1', 'r1.fxt'], cwd=os.path.join(Ctx.tmp, 'auto'))
    expect(rc == 0 and '0 errors, 0 warnings' in out, 'warning-free as r1', out)
    # the same counts: the verdict stays short
    write('auto/cur.fxt', MAGIC + INIT)
    rc, out, err = run(['--revision', 'auto', 'cur.fxt'], cwd=os.path.join(Ctx.tmp, 'auto'))
    expect('cur.fxt: conforms to r3, current; not r1' in out, 'short verdict', out)


@test
def fxt_dump_help_points_to_explain():
    rc, out, err = run(['--help'], tool=Ctx.dump)
    expect(rc == 0 and 'fxt-validate --explain-rule' in out and 'fxt-validate --explain' in out,
           'fxt-dump --help names fxt-validate --explain', out)
    rc, out, err = run(['--explain', 'x.fxt'], tool=Ctx.dump)
    expect(rc == 2 and "'--explain' is fxt-validate's: fxt-validate --explain FILE" in err,
           'fxt-dump --explain says where it is', rc, err)

def config_lines(out):
    """--print-config's 'key = value  # source' lines as {key: (value, source)}."""
    rows = {}
    for ln in out.splitlines():
        if ' = ' in ln and not ln.startswith('#'):
            key, rest = ln.split(' = ', 1)
            value, _, source = rest.partition('#')
            rows[key.strip()] = (value.strip(), source.strip())
    return rows


@test
def print_config_says_where_each_value_comes_from():
    root = os.path.join(Ctx.tmp, 'pc')
    write('pc/t.fxt', MAGIC + INIT)
    write('pc/.fxtkitrc', 'ignore = E0022\nallow-unknown = true\nsrcroot = .\nWerror = true\n')
    rc, out, err = run(['--print-config', 't.fxt'], cwd=root)
    rows = config_lines(out)
    expect(rc == 0 and rows['ignore'] == ('E0022', 'file'), 'ignore from the file', out)
    expect(rows['allow-unknown'] == ('true', '%s:2' % os.path.join(root, '.fxtkitrc')),
           'allow-unknown from line 2', out)
    expect(rows['srcroot'][1].endswith('.fxtkitrc:3'), 'srcroot from line 3', out)
    expect(rows['Werror'][0] == 'true' and rows['Werror'][1].endswith('.fxtkitrc:4'),
           'Werror from line 4', out)
    # the command line wins; --ignore adds to the file's ignores
    os.makedirs(os.path.join(root, 'elsewhere'), exist_ok=True)
    rc, out, err = run(['--print-config', 't.fxt', '--ignore', 'E0010', '--srcroot', 'elsewhere',
                        '--Werror'], cwd=root)
    rows = config_lines(out)
    expect(rc == 0 and rows['ignore'][1] == 'command line and file' and
           set(rows['ignore'][0].replace(',', ' ').split()) == {'E0010', 'E0022'},
           'ignore from both', out)
    expect(rows['srcroot'] == (os.path.join(root, 'elsewhere'), 'command line'), 'srcroot', out)
    expect(rows['Werror'] == ('true', 'command line'), 'Werror', out)
    # --no-config: none read, everything from the command line or the defaults
    rc, out, err = run(['--print-config', 't.fxt', '--no-config', '-i', 'E0010'], cwd=root)
    rows = config_lines(out)
    expect(rc == 0 and '--no-config' in out.splitlines()[0], 'says --no-config', out)
    expect(rows['ignore'] == ('E0010', 'command line') and rows['allow-unknown'] ==
           ('false', 'default') and rows['srcroot'][1] == 'default', 'defaults', out)
    # none found (the temporary directory has none above it): defaults
    write('pc-none/t.fxt', MAGIC + INIT)
    rc, out, err = run(['--print-config', 't.fxt'], cwd=os.path.join(Ctx.tmp, 'pc-none'))
    rows = config_lines(out)
    expect(rc == 0 and 'no configuration file (.fxtkitrc) in its directory or above' in
           out.splitlines()[0] and rows['revision'] == ('current', 'default') and
           rows['ignore'][1] == 'default' and
           not any(c.isdigit() for c in rows['ignore'][0]), 'no file: nothing ignored', out)
    # a bad configuration file: FILE:LINE, exit 2 (the trace's, not the
    # current directory's)
    write('pc-none/sub/.fxtkitrc', 'revision = r7\n')
    write('pc-none/sub/t.fxt', MAGIC + INIT)
    rc, out, err = run(['--print-config', 'sub/t.fxt'], cwd=os.path.join(Ctx.tmp, 'pc-none'))
    expect(rc == 2 and 'sub/.fxtkitrc:1:' in err, 'bad file of the trace', rc, out, err)
    # a bad configuration file: FILE:LINE, exit 2
    write('pc/.fxtkitrc', 'max-issues = 3\nWerror = maybe\n')
    rc, out, err = run(['--print-config', 't.fxt'], cwd=root)
    expect(rc == 2 and '.fxtkitrc:2:' in err, 'bad value', rc, out, err)
    os.remove(os.path.join(root, '.fxtkitrc'))


@test
def each_trace_gets_the_config_file_of_its_directory():
    # two directories, two .fxtkitrc: one run, each trace under its own
    write('two/a/.fxtkitrc', 'ignore = E0022\n')
    write('two/a/bad.fxt', MAGIC + INIT + BAD_INIT)
    write('two/b/.fxtkitrc', 'max-issues = 1\n')
    write('two/b/bad.fxt', MAGIC + INIT + BAD_INIT * 3)
    write('two/a/again.fxt', MAGIC + INIT + BAD_INIT)
    rc, out, err = run(['a/bad.fxt', 'b/bad.fxt', 'a/again.fxt'], cwd=os.path.join(Ctx.tmp, 'two'))
    issues = [ln for ln in out.splitlines() if ': error: ' in ln]
    expect(rc == 1 and len(issues) == 1 and issues[0].startswith('b/bad.fxt:'),
           'a/ ignores E0022, b/ shows one of three', rc, out, err)


@test
def srcroot_must_be_a_directory():
    write('sr2/t.fxt', MAGIC + INIT)
    rc, out, err = run(['--srcroot', 't.fxt', 't.fxt'], cwd=os.path.join(Ctx.tmp, 'sr2'))
    expect(rc == 2 and "'t.fxt' is not a directory" in err, '--srcroot FILE', rc, out, err)


@test
def baseline_file_format_edges():
    cwd = os.path.join(Ctx.tmp, 'bl2')
    # a file name with a tab, a backslash and a newline: written escaped (one
    # line per issue), read back as the same name
    name = 'we\tird\\na\nme.fxt'
    write(os.path.join('bl2', name), MAGIC + INIT + BAD_INIT)
    rc, out, err = run(['--write-baseline', 'b', name], cwd=cwd)
    with open(os.path.join(cwd, 'b'), encoding='utf-8') as f:
        body = [ln for ln in f.read().split('\n') if ln and not ln.startswith('#')]
    expect(rc == 0 and len(body) == 1 and body[0].split('\t', 2)[2] == 'we\\tird\\\\na\\nme.fxt',
           'escaped name', rc, body, err)
    rc, out, err = run(['--baseline', 'b', name], cwd=cwd)
    expect(rc == 0 and '1 known issue not reported; 0 entries no longer occur' in err,
           'escaped name read back', rc, out, err)
    # comments and blank lines are skipped, a last line needs no newline;
    # a gone entry is "1 entry ... occurs"
    fp = body[0].split('\t')[0]
    write('bl2/ok.fxt', MAGIC + INIT)
    write('bl2/c', '# a comment\n\n%s\tE0022\tok.fxt' % fp)
    rc, out, err = run(['--baseline', 'c', 'ok.fxt'], cwd=cwd)
    expect(rc == 0 and '0 known issues not reported; 1 entry no longer occurs' in err and
           'ok.fxt: E0022 ' + fp in err, 'one gone entry', rc, err)
    # a bad escape, an empty fingerprint, a directory: exit 2 with the line
    write('bl2/e', '%s\tE0022\tx\\qy.fxt\n' % fp)
    rc, out, err = run(['--baseline', 'e', 'ok.fxt'], cwd=cwd)
    expect(rc == 2 and 'e:1: bad escape' in err, 'bad escape', rc, err)
    write('bl2/t', '# header\n\tE0022\tok.fxt\n')
    rc, out, err = run(['--baseline', 't', 'ok.fxt'], cwd=cwd)
    expect(rc == 2 and 't:2: expected FINGERPRINT<TAB>RULE<TAB>FILE' in err, 'no fingerprint',
           rc, err)
    os.makedirs(os.path.join(cwd, 'd'), exist_ok=True)
    rc, out, err = run(['--baseline', 'd', 'ok.fxt'], cwd=cwd)
    expect(rc == 2 and '--baseline' in err, 'a directory', rc, err)


@test
def write_baseline_needs_a_file_and_keeps_the_old_one_on_failure():
    cwd = os.path.join(Ctx.tmp, 'bl3')
    write('bl3/bad.fxt', MAGIC + INIT + BAD_INIT)
    rc, out, err = run(['--write-baseline', '-', 'bad.fxt'], cwd=cwd)
    expect(rc == 2 and '--write-baseline' in err and out == '', 'not standard output', rc, err)
    # the report stops being written (stdout a full disk, a report far
    # past stdio's buffer): exit 2, and the baseline already there is left
    # as it was, with nothing else left beside it
    write('bl3/many.fxt', MAGIC + INIT + BAD_INIT * 3000)
    old = write('bl3/base', '# kept\n')
    before = sorted(os.listdir(cwd))
    with open('/dev/full', 'w') as full:
        p = subprocess.run([Ctx.exe, '-m', '0', '--write-baseline', 'base', 'many.fxt',
                            'bad.fxt'], cwd=cwd,
                           stdout=full, stderr=subprocess.PIPE, timeout=120)
    with open(old, encoding='utf-8') as f:
        expect(p.returncode == 2 and f.read() == '# kept\n', 'old baseline kept', p.returncode,
               p.stderr)
    expect(sorted(os.listdir(cwd)) == before, 'no file left', before, os.listdir(cwd))

@test
def many_distinct_issues_keep_distinct_fingerprints():
    # 700 initialization records, each with other reserved bits set: 700
    # header words, so 700 fingerprints HASH:1 (docs/ci.md), all in the
    # baseline and all hidden by it
    n = 700
    write('fp/t.fxt', MAGIC + INIT + b''.join(w(0x21 | (k << 16)) + w(1) for k in range(1, n + 1)))
    cwd = os.path.join(Ctx.tmp, 'fp')
    fps = [fp for _, fp in sarif_ids('t.fxt', cwd)]
    expect(len(fps) == n and len(set(fps)) == n and all(x.endswith(':1') for x in fps),
           'distinct fingerprints', len(fps), len(set(fps)), fps[:3])
    rc, out, err = run(['--write-baseline', 'b', 't.fxt'], cwd=cwd)
    rows = read_baseline(os.path.join(cwd, 'b'))
    expect(rc == 0 and sorted(fp for _, fp, _ in rows) == sorted(fps), 'baseline = SARIF', rc, err)
    rc, out, err = run(['--baseline', 'b', 't.fxt'], cwd=cwd)
    expect(rc == 0 and '%d known issues not reported; 0 entries no longer occur' % n in err,
           'all hidden', rc, err)


def main():
    args, only = test_cli.split_k(sys.argv[1:])
    Ctx.exe, Ctx.dump = os.path.abspath(args[0]), os.path.abspath(args[1])
    with open(args[2], encoding='utf-8') as f:
        Ctx.schema = json.load(f)
    with tempfile.TemporaryDirectory(prefix='fxt-adopt-') as tmp:
        Ctx.tmp = tmp
        _, failed, _ = test_cli.run_tests(TESTS, only)
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
