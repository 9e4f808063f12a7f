#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""--baseline in every output format, read as each consumer reads it: what
is new, what was hidden as known, which baseline entries no longer occur.

usage: test_known.py FXT_VALIDATE FXT_DUMP JSON_SCHEMA [-k NAME]

The trace: two initialization records with different reserved bits set
(E0022, distinct fingerprints) are baselined; then the first is fixed and
a third kind is appended. Expected: one new issue (at the byte offset
worked out from the bytes written here), one known, one entry absent.

- SARIF 2.1.0 (validated against the OASIS schema in ../shared/schemas
  when present): baselineState "new" / "unchanged" on every result, the
  known one kept with its fingerprint (code scanning ignores
  baselineState and closes as fixed an alert whose result is left out),
  no "absent" result (code scanning would open an alert for it), the
  absent entry in run.properties and a notification;
- JSON (its schema), JUnit (ElementTree), GitHub annotations and step
  summary, GitLab (a JSON array: only new issues), text and short.
"""
import json
import os
import sys
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import test_cli  # noqa: E402  (the test runner)
import test_adopt as A  # noqa: E402  (trace helpers, run, write)
from test_adopt import MAGIC, INIT, expect, run, test, w  # noqa: E402

TESTS = A.TESTS
del TESTS[:]  # only this file's tests


def bad_init(bits):
    return w(0x21 | (bits << 16)) + w(1_000_000_000)  # E0022: reserved bits set


X, Y, Z = bad_init(1), bad_init(3), bad_init(2)
OLD = MAGIC + INIT + X + Y          # X at 24, Y at 40
NOW = MAGIC + INIT + Y + Z          # X fixed: Y known (at 24), Z new (at 40)
NEW_AT = len(MAGIC + INIT + Y)      # 40
KNOWN_TEXT = '1 known issue not shown, 1 baseline entry no longer occurs'


def repo():
    return os.path.join(A.Ctx.tmp, 'k')


def setup():
    """Baseline of OLD; NOW in place. The fingerprints of X and Y, from
    the SARIF of OLD (their byte offsets tell them apart)."""
    A.write('k/traces/t.fxt', OLD)
    rc, out, err = run(['--write-baseline', 'b', 'traces/t.fxt'], cwd=repo())
    expect(rc == 0, 'baseline written', rc, err)
    rc, out, err = run(['--format', 'sarif', 'traces/t.fxt'], cwd=repo())
    fp = {r['locations'][0]['physicalLocation']['region']['byteOffset']:
          r['partialFingerprints']['fxtIssue/v1'] for r in json.loads(out)['runs'][0]['results']}
    expect(sorted(fp) == [24, 40] and fp[24] != fp[40], 'two distinct issues', fp)
    A.write('k/traces/t.fxt', NOW)
    return fp[24], fp[40]


def sarif_schema():
    p = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', '..', '..',
                     'shared')
    return test_cli.sarif_validator(p)


@test
def sarif_marks_new_and_unchanged_and_lists_absent_entries():
    fp_x, fp_y = setup()
    rc, out, err = run(['--format', 'sarif', '--baseline', 'b', 'traces/t.fxt'], cwd=repo())
    doc = json.loads(out)
    v = sarif_schema()
    if v is not None:
        errs = sorted(v.iter_errors(doc), key=lambda e: list(e.path))
        expect(not errs, 'SARIF 2.1.0 schema', [(list(e.path), e.message) for e in errs[:3]])
    run0 = doc['runs'][0]
    res = run0['results']
    states = [(r['baselineState'], r['locations'][0]['physicalLocation']['region']['byteOffset'],
               r['level']) for r in res]
    expect(rc == 1 and states == [('new', NEW_AT, 'error'), ('unchanged', 24, 'error')],
           'new first, then the known one kept as unchanged', rc, states)
    expect(res[1]['partialFingerprints']['fxtIssue/v1'] == fp_y and
           res[0]['partialFingerprints']['fxtIssue/v1'] not in (fp_x, fp_y),
           'the unchanged result keeps the fingerprint code scanning matches', res)
    expect(all(r['baselineState'] != 'absent' for r in res) and
           fp_x not in [r['partialFingerprints']['fxtIssue/v1'] for r in res],
           'the fixed issue is no result', res)
    f0 = run0['properties']['files'][0]
    expect(f0['knownIssues'] == 1 and f0['errors'] == 1 and
           f0['baselineAbsent'] == [{'ruleId': 'E0022', 'fingerprint': fp_x}],
           'per-file known and absent', f0)
    notes = [n['message']['text'] for n in run0['invocations'][0]['toolExecutionNotifications']]
    expect(any(t.startswith('1 --baseline entry no longer occurs') for t in notes), 'note', notes)
    expect(run0['invocations'][0]['exitCode'] == 1, 'exit code: the new issue', run0)
    # without --baseline: no baselineState at all
    rc, out, err = run(['--format', 'sarif', 'traces/t.fxt'], cwd=repo())
    expect('baselineState' not in out and 'knownIssues' not in out, 'plain SARIF', out[:200])


@test
def known_issues_do_not_take_the_new_ones_max_issues_budget():
    setup()
    rc, out, err = run(['--format', 'sarif', '-m', '1', '--baseline', 'b', 'traces/t.fxt'],
                       cwd=repo())
    res = json.loads(out)['runs'][0]['results']
    expect(rc == 1 and [r['baselineState'] for r in res] == ['new', 'unchanged'],
           '-m 1: the new one and the known one', rc, res)


@test
def json_junit_text_short_say_new_known_and_absent():
    fp_x, fp_y = setup()
    rc, out, err = run(['--json', '--baseline', 'b', 'traces/t.fxt'], cwd=repo())
    doc = json.loads(out)
    import jsonschema
    jsonschema.validate(doc, A.Ctx.schema)
    f0 = doc['files'][0]
    expect(rc == 1 and [(i['field_offset'], i['baseline']) for i in f0['issues']] ==
           [(NEW_AT, 'new')] and f0['known_issues'] == 1 and
           f0['baseline_absent'] == [{'rule': 'E0022', 'fingerprint': fp_x}], 'JSON', f0)
    # JUnit: one failure (the new issue); the rest said in system-out
    rc, out, err = run(['--format', 'junit', '--baseline', 'b', 'traces/t.fxt'], cwd=repo())
    case = ET.fromstring(out).find('testsuite/testcase')
    fails = case.findall('failure')
    expect(rc == 1 and len(fails) == 1 and ('at %#x' % NEW_AT) in fails[0].get('message'),
           'JUnit failure', out)
    expect(KNOWN_TEXT + ' (--baseline)' in case.find('system-out').text, 'JUnit system-out', out)
    # text: the new issue and the summary; short: the same line
    for fmt in ('text', 'short'):
        rc, out, err = run(['--format', fmt, '--baseline', 'b', 'traces/t.fxt'], cwd=repo())
        errs = [ln for ln in out.splitlines() if ': error: ' in ln]
        expect(rc == 1 and len(errs) == 1 and errs[0].startswith('traces/t.fxt:%#x:' % NEW_AT)
               and '(%s: --baseline)' % KNOWN_TEXT in out, fmt, rc, out)
    expect('1 known issue not reported; 1 entry no longer occurs' in err and
           ('traces/t.fxt: E0022 %s' % fp_x) in err, 'stderr names the absent entry', err)


@test
def github_and_gitlab_show_only_new_issues_and_never_say_conforms():
    setup()
    summ = os.path.join(A.Ctx.tmp, 'summary.md')
    env = dict(os.environ, GITHUB_STEP_SUMMARY=summ)
    import subprocess
    p = subprocess.run([A.Ctx.exe, '--format', 'github', '--baseline', 'b', 'traces/t.fxt'],
                       cwd=repo(), env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out = p.stdout.decode()
    ann = [ln for ln in out.splitlines() if ln.startswith('::error ')]
    expect(p.returncode == 1 and len(ann) == 1 and ann[0].endswith('at %#x' % NEW_AT),
           'one error annotation', out)
    notice = [ln for ln in out.splitlines() if ln.startswith('::notice ')]
    expect(len(notice) == 1 and (KNOWN_TEXT + ' (--baseline)') in notice[0].replace('%0A', '\n'),
           'the totals notice', notice)
    rc, out, err = run(['--format', 'gitlab', '--baseline', 'b', 'traces/t.fxt'], cwd=repo())
    rep = json.loads(out)
    expect(rc == 1 and len(rep) == 1 and rep[0]['description'].find('at %#x' % NEW_AT) > 0,
           'GitLab: the new issue only', rep)
    # only the known issue left: the build passes, but the file does not conform
    A.write('k/traces/t.fxt', MAGIC + INIT + Y)
    os.remove(summ)
    p = subprocess.run([A.Ctx.exe, '--format', 'github', '--baseline', 'b', 'traces/t.fxt'],
                       cwd=repo(), env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    with open(summ, encoding='utf-8') as f:
        row = [ln for ln in f if ln.startswith('| traces/t.fxt |')]
    expect(p.returncode == 0 and len(row) == 1 and 'conforms' not in row[0] and
           'fails current, known issues only; 1 known issue not shown' in row[0], 'summary row', row)
    expect('conforms' not in p.stdout.decode(), 'no "conforms" in the notice', p.stdout)


@test
def entries_of_a_file_not_checked_in_full_are_not_absent():
    setup()
    os.remove(os.path.join(repo(), 'traces/t.fxt'))
    rc, out, err = run(['--baseline', 'b', 'traces/t.fxt'], cwd=repo())
    expect(rc == 2 and '0 entries no longer occur' in err, 'unreadable: nothing gone', rc, err)
    # stopped early (a record of size 0 after the first word): not gone either
    A.write('k/traces/t.fxt', MAGIC + w(0x1))
    rc, out, err = run(['--json', '--baseline', 'b', 'traces/t.fxt'], cwd=repo())
    f0 = json.loads(out)['files'][0]
    expect(f0['stopped'] and f0['baseline_absent'] == [] and '0 entries no longer occur' in err,
           'stopped: nothing gone', f0, err)


def main():
    args, only = test_cli.split_k(sys.argv[1:])
    A.Ctx.exe, A.Ctx.dump = os.path.abspath(args[0]), os.path.abspath(args[1])
    with open(args[2], encoding='utf-8') as f:
        A.Ctx.schema = json.load(f)
    import tempfile
    with tempfile.TemporaryDirectory(prefix='fxt-known-') as tmp:
        A.Ctx.tmp = tmp
        _, failed, _ = test_cli.run_tests(TESTS, only)
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
