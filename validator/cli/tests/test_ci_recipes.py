#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""docs/ci.md's recipes, run as far as this machine allows.

usage: test_ci_recipes.py FXT_VALIDATE DOCS_DIR [-k NAME]

Each recipe of docs/ci.md is the fenced block after a `<!-- recipe: NAME -->`
comment. The YAML ones are parsed (python3-yaml: a recipe that is not valid
YAML fails here), and their command lines run as the CI system would run
them (bash -eo pipefail for GitHub's `run:`, a line at a time for GitLab's
`script:`, /bin/sh for Jenkins' `sh`, Azure's `$(...)` macros filled in),
with fxt-validate on PATH, in a directory of good, warned and bad traces.
The files they write are then parsed and checked as the CI system reads
them: GitHub annotations and the step summary, SARIF against GitHub's
requirements (test_ci.github_sarif_problems), JUnit XML (test_ci's shape
check). The Git hook runs in a real repository (git commit refused, then
accepted); the pre-commit framework is not installed here, so its hook is
run as it would run it (entry + the staged paths that match `files`).
What cannot run here (checkout, cmake of fxtkit, upload-sarif, the JUnit
plugins) is checked for the file names it reads.
"""
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

import yaml

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import test_ci  # noqa: E402  (trace builders, SARIF and JUnit checks)
from test_ci import MAGIC, INIT, BAD_INIT, string_rec, expect  # noqa: E402
from test_cli import provider_info  # noqa: E402


class Ctx:
    exe = None
    docs = None


TRACES = {
    'traces/good.fxt': MAGIC + INIT + string_rec(1, b'cat'),
    'traces/warn.fxt': MAGIC + INIT + string_rec(1, b''),
    'traces/bad.fxt': MAGIC + BAD_INIT,
    'traces/sub/deep.fxt': MAGIC + INIT + BAD_INIT,
}
FLAT = ['traces/good.fxt', 'traces/warn.fxt', 'traces/bad.fxt']  # what traces/*.fxt finds


def recipes():
    with open(os.path.join(Ctx.docs, 'ci.md'), encoding='utf-8') as f:
        text = f.read()
    out = {}
    for m in re.finditer(r'^<!-- recipe: ([a-z-]+) -->\n```([a-z]*)\n(.*?)^```', text, re.S | re.M):
        out[m.group(1)] = (m.group(2), m.group(3))
    return out


# a trace that needs two providers, with a .fxtkitrc allowing one: exit 3
LIMITED = {'traces/good.fxt': MAGIC + INIT + provider_info(1, b'a') + provider_info(2, b'b'),
           '.fxtkitrc': b'max-providers = 1\n'}


def repo(traces=None):
    """A fresh directory holding the traces."""
    d = tempfile.mkdtemp(prefix='fxt-recipe-')
    for name, data in (traces or TRACES).items():
        p = os.path.join(d, name)
        os.makedirs(os.path.dirname(p), exist_ok=True)
        with open(p, 'wb') as f:
            f.write(data)
    return d


def shell(cmd, cwd, env=None, argv0=('bash', '--noprofile', '--norc', '-eo', 'pipefail', '-c')):
    e = dict(os.environ)
    e['PATH'] = os.path.dirname(Ctx.exe) + os.pathsep + e.get('PATH', '')
    e.pop('GITHUB_STEP_SUMMARY', None)
    e.update(env or {})
    return subprocess.run(list(argv0) + [cmd], cwd=cwd, env=e, capture_output=True, text=True,
                          timeout=120)


def doc_text():
    with open(os.path.join(Ctx.docs, 'ci.md'), encoding='utf-8') as f:
        return f.read()


def check_code_quality(path, issues):
    """PATH as GitLab reads a Code Quality report (the fields its docs name:
    description, check_name, fingerprint unique in the report, severity
    info/minor/major/critical/blocker, location.path, location.lines.begin);
    ISSUES: the expected sorted (path, severity) pairs."""
    with open(path, encoding='utf-8') as f:
        doc = json.load(f)
    expect(isinstance(doc, list), 'an array')
    for it in doc:
        expect(all(isinstance(it.get(k), str) and it[k] for k in
                   ('description', 'check_name', 'fingerprint')), 'fields %r' % it)
        expect(it['severity'] in ('info', 'minor', 'major', 'critical', 'blocker'), it)
        expect(isinstance(it['location']['lines']['begin'], int), it)
    expect(len({it['fingerprint'] for it in doc}) == len(doc), 'unique fingerprints')
    got = sorted((it['location']['path'], it['severity']) for it in doc)
    expect(got == sorted(issues), 'issues %r' % got)


def check_junit(path, names, failing):
    with open(path, 'rb') as f:
        root = ET.fromstring(f.read())
    cases = test_ci.check_junit_shape(root)
    expect(sorted(c.get('name') for c in cases) == sorted(names), 'test cases %r' %
           [c.get('name') for c in cases])
    got = sorted(c.get('name') for c in cases if c.find('failure') is not None)
    expect(got == sorted(failing), 'failing cases %r' % got)


TESTS = []


def test(fn):
    TESTS.append(fn)
    return fn


@test
def github():
    lang, body = recipes()['github']
    wf = yaml.safe_load(body)
    steps = wf['jobs']['fxt-validate']['steps']
    d = repo()
    summary = os.path.join(d, 'summary.md')
    outs = {}
    for st in steps:
        if not st.get('name', '').startswith('Validate'):
            continue
        # GitHub's default shell for run: bash --noprofile --norc -eo pipefail
        outs[st['name']] = shell(st['run'], d, {'GITHUB_STEP_SUMMARY': summary})
    ann, sar = outs['Validate (annotations)'], outs['Validate (SARIF)']
    expect(ann.returncode == 1, 'the annotations step fails on errors: %r' % ann)
    cmds = [l for l in ann.stdout.splitlines() if l.startswith('::')]
    files = sorted(TRACES)
    notices = [l for l in cmds if l.startswith('::notice ')]
    expect(sorted(l.split('file=')[1].split(',')[0] for l in notices) == files, 'a notice per file %r' % cmds)
    expect(sum(l.startswith('::error ') for l in cmds) == 2 and sum(l.startswith('::warning ') for l in cmds) == 1,
           'two errors, a warning %r' % cmds)
    with open(summary, encoding='utf-8') as f:
        table = f.read()
    rows = [l for l in table.splitlines() if l.startswith('| traces')]
    expect(len(rows) == 4 and 'fails current | 1 | 0' in table, 'step summary %r' % table)
    expect(sar.returncode == 0, 'the SARIF step passes when the tool says 1: %r' % sar)
    # the documented summary row is what the tool writes for that trace
    doc_rows = [l for l in doc_text().splitlines() if l.startswith('| traces/bad')]
    expect(len(doc_rows) == 1 and doc_rows[0] in table.splitlines(),
           'docs/ci.md\'s summary example %r is the real row:\n%s' % (doc_rows, table))
    upload = next(s for s in steps if s.get('uses', '').startswith('github/codeql-action/upload-sarif'))
    # v3 is deprecated in December 2026
    expect(upload['uses'] == 'github/codeql-action/upload-sarif@v4', upload['uses'])
    sarif = os.path.join(d, upload['with']['sarif_file'])
    with open(sarif, encoding='utf-8') as f:
        doc = json.load(f)
    bad = test_ci.github_sarif_problems(doc, d)
    expect(not bad, 'SARIF: %s' % '; '.join(bad[:5]))
    uris = sorted({r['locations'][0]['physicalLocation']['artifactLocation']['uri']
                   for r in doc['runs'][0]['results']})
    expect(uris == ['traces/bad.fxt', 'traces/sub/deep.fxt', 'traces/warn.fxt'],
           'paths relative to the repository root %r' % uris)
    shutil.rmtree(d)
    # exit 3 (not fully checked) fails both steps, as the recipe says
    d = repo(LIMITED)
    for st in steps:
        if st.get('name', '').startswith('Validate'):
            r = shell(st['run'], d, {'GITHUB_STEP_SUMMARY': summary.replace(os.path.dirname(summary), d)})
            expect(r.returncode != 0, '%s fails on exit 3: %r' % (st['name'], r))
    shutil.rmtree(d)


@test
def gitlab():
    lang, body = recipes()['gitlab']
    job = yaml.safe_load(body)['fxt-validate']
    # GitLab's runner runs the script lines as one bash script that stops at
    # the first failing command
    script = '\n'.join(job['script'])
    d = repo()
    rc = shell(script, d).returncode
    expect(rc == 1, 'the job fails on errors (exit %d)' % rc)
    expect(job['artifacts']['when'] == 'always', 'the report is kept when the job fails')
    reports = job['artifacts']['reports']
    check_junit(os.path.join(d, reports['junit']), sorted(TRACES),
                ['traces/bad.fxt', 'traces/sub/deep.fxt'])
    check_code_quality(os.path.join(d, reports['codequality']),
                       [('traces/bad.fxt', 'major'), ('traces/sub/deep.fxt', 'major'),
                        ('traces/warn.fxt', 'minor')])
    shutil.rmtree(d)
    d = repo(LIMITED)
    rc = shell(script, d).returncode
    expect(rc == 3, 'a trace not fully checked fails the job (exit %d)' % rc)
    check_code_quality(os.path.join(d, reports['codequality']), [('traces/good.fxt', 'minor')])
    shutil.rmtree(d)


@test
def jenkins():
    lang, body = recipes()['jenkins']
    sh = re.findall(r"^\s*sh '(.*)'$", body, re.M)
    junit = re.findall(r"^\s*junit '(.*)'$", body, re.M)
    expect(len(sh) == 1 and len(junit) == 1, 'one sh step and one junit step')
    d = repo()
    r = shell(sh[0], d, argv0=('/bin/sh', '-xec'))  # Jenkins runs sh steps with sh -xe
    expect(r.returncode == 0, 'errors leave the verdict to the junit step: %r' % r)
    check_junit(os.path.join(d, junit[0]), FLAT, ['traces/bad.fxt'])
    # a usage or I/O error still fails the step
    os.remove(os.path.join(d, 'traces', 'good.fxt'))
    os.mkdir(os.path.join(d, 'traces', 'dir.fxt'))
    r = shell(sh[0], d, argv0=('/bin/sh', '-xec'))
    expect(r.returncode != 0, 'an I/O error fails the step')
    shutil.rmtree(d)
    d = repo(LIMITED)
    r = shell(sh[0], d, argv0=('/bin/sh', '-xec'))
    expect(r.returncode != 0, 'a trace not fully checked fails the step')
    shutil.rmtree(d)


@test
def azure():
    lang, body = recipes()['azure']
    steps = yaml.safe_load(body)['steps']
    d = repo()
    stage = os.path.join(d, 'staging')
    os.mkdir(stage)
    macro = lambda s: s.replace('$(Build.ArtifactStagingDirectory)', stage)  # noqa: E731
    script = next(s for s in steps if 'script' in s)
    r = shell(macro(script['script']), d, argv0=('bash', '-c'))
    expect(r.returncode == 1, 'the step fails on errors: %r' % r)
    pub = next(s for s in steps if s.get('task', '').startswith('PublishTestResults'))
    expect(pub['inputs']['testResultsFormat'] == 'JUnit' and pub['condition'] == 'always()', pub)
    check_junit(macro(pub['inputs']['testResultsFiles']), FLAT, ['traces/bad.fxt'])
    shutil.rmtree(d)


@test
def buildkite():
    lang, body = recipes()['buildkite']
    steps = yaml.safe_load(body)['steps']
    d = repo()
    cmd = next(s for s in steps if 'command' in s)
    r = shell(cmd['command'], d, argv0=('bash', '-c'))
    expect(r.returncode == 1, 'the step fails on errors: %r' % r)
    plugin = next(s for s in steps if 'plugins' in s)['plugins'][0]
    (name, conf), = plugin.items()
    expect(name.startswith('junit-annotate#') and conf['artifacts'] == cmd['artifact_paths'], plugin)
    check_junit(os.path.join(d, cmd['artifact_paths']), FLAT, ['traces/bad.fxt'])
    shutil.rmtree(d)


def git(d, *args, **kw):
    e = dict(os.environ, GIT_AUTHOR_NAME='t', GIT_AUTHOR_EMAIL='t@example.com',
             GIT_COMMITTER_NAME='t', GIT_COMMITTER_EMAIL='t@example.com',
             PATH=os.path.dirname(Ctx.exe) + os.pathsep + os.environ.get('PATH', ''))
    return subprocess.run(['git', '-C', d] + list(args), capture_output=True, text=True, env=e,
                           timeout=60, **kw)


@test
def git_hook():
    if not shutil.which('git'):
        return 'skipped (no git)'
    lang, body = recipes()['git-hook']
    d = repo()
    git(d, 'init', '-q')
    hook = os.path.join(d, '.git', 'hooks', 'pre-commit')
    with open(hook, 'w') as f:
        f.write(body)
    os.chmod(hook, 0o755)
    git(d, 'add', 'traces/good.fxt', 'traces/sub/deep.fxt')
    # the working copy is mended, the staged content is not: refused
    with open(os.path.join(d, 'traces', 'sub', 'deep.fxt'), 'wb') as f:
        f.write(TRACES['traces/good.fxt'])
    r = git(d, 'commit', '-q', '-m', 'traces')
    expect(r.returncode != 0 and 'traces/sub/deep.fxt:0x18: error: [E0022 init-reserved-bits]' in
           r.stdout + r.stderr and
           'pre-commit: fxt-validate found errors in staged traces' in r.stderr,
           'refused, naming the staged file: %r' % r)
    git(d, 'add', 'traces/sub/deep.fxt')
    r = git(d, 'commit', '-q', '-m', 'traces')
    expect(r.returncode == 0, 'accepted once the staged traces are good: %r' % r)
    shutil.rmtree(d)


@test
def pre_commit_framework():
    lang, body = recipes()['pre-commit']
    hook = yaml.safe_load(body)['repos'][0]['hooks'][0]
    expect(hook['language'] == 'system', hook)
    d = repo()
    staged = [p for p in sorted(TRACES) if re.search(hook['files'], p)]
    expect(staged == sorted(TRACES), 'files matches the traces %r' % staged)
    # what pre-commit runs: the entry, then the matching staged paths
    r = subprocess.run(shlex.split(hook['entry']) + staged, cwd=d, capture_output=True, text=True,
                       env=dict(os.environ, PATH=os.path.dirname(Ctx.exe) + os.pathsep +
                                os.environ.get('PATH', '')))
    lines = r.stdout.splitlines()
    expect(r.returncode == 1 and lines[0].startswith('traces/bad.fxt:0x8: error: [E0022 ') and
           lines[1].startswith('traces/sub/deep.fxt:0x18: error: [E0022 ') and
           lines[2].startswith('traces/warn.fxt:') and len(lines) == 3,
           'the first issue of each file %r' % r)
    r = subprocess.run(shlex.split(hook['entry']) + ['traces/good.fxt'], cwd=d, capture_output=True,
                       env=dict(os.environ, PATH=os.path.dirname(Ctx.exe) + os.pathsep +
                                os.environ.get('PATH', '')))
    expect(r.returncode == 0, 'a good trace passes')
    shutil.rmtree(d)
    return 'the hook run as pre-commit runs it (pre-commit itself is not installed)'


@test
def baseline():
    lang, body = recipes()['baseline']
    cmds = [l.split('#')[0].strip() for l in body.splitlines() if l.strip()]
    expect(len(cmds) == 2, cmds)
    d = repo()
    r = shell(cmds[0], d)
    expect(r.returncode == 0, 'writing the baseline passes: %r' % r)
    r = shell(cmds[1], d)
    expect(r.returncode == 0 and 'error:' not in r.stdout and
           '2 known issues not reported; 0 entries no longer occur' in r.stderr,
           'known issues only: passes %r' % r)
    # a new bad trace: reported, fails
    with open(os.path.join(d, 'traces', 'new.fxt'), 'wb') as f:
        f.write(TRACES['traces/bad.fxt'])
    r = shell(cmds[1], d)
    expect(r.returncode == 1 and 'traces/new.fxt:0x8: error: [E0022' in r.stdout and
           'traces/bad.fxt:' not in r.stdout.split('traces/bad.fxt: 2 records')[0],
           'only the new issue %r' % r)
    shutil.rmtree(d)


@test
def fxtkitrc():
    lang, body = recipes()['fxtkitrc']
    d = repo()
    with open(os.path.join(d, '.fxtkitrc'), 'w') as f:
        f.write(body)
    os.makedirs(os.path.join(d, 'traces', 'legacy'))
    shutil.copy(os.path.join(d, 'traces', 'bad.fxt'), os.path.join(d, 'traces', 'legacy', 'x.fxt'))
    shutil.copy(os.path.join(d, 'traces', 'warn.fxt'), os.path.join(d, 'traces', 'w-strict.fxt'))
    r = shell('fxt-validate --print-config traces/legacy/x.fxt', d)
    expect(r.returncode == 0 and re.search(r'^revision = r1 ', r.stdout, re.M) and
           re.search(r'^max-issues = 50 ', r.stdout, re.M) and
           re.search(r'^max-providers = 8192 ', r.stdout, re.M), 'settings %r' % r)
    r = shell('fxt-validate traces/w-strict.fxt', d)
    expect(r.returncode == 1, 'Werror for *-strict.fxt: %r' % r)
    r = shell('fxt-validate traces/warn.fxt', d)
    expect(r.returncode == 0, 'not elsewhere: %r' % r)
    r = shell('cd traces && fxt-validate --format github bad.fxt', d)
    expect('::error file=traces/bad.fxt,' in r.stdout, 'srcroot = . names files from the root %r' % r)
    shutil.rmtree(d)


@test
def install_from_the_package():
    # the file name cpack gives the tools' package (cmake/package.cmake:
    # DEB-DEFAULT, NAME_VERSION-REVISION_ARCH.deb, revision 1)
    version = subprocess.run([Ctx.exe, '--version'], capture_output=True, text=True).stdout.split()[1]
    debs = re.findall(r'\./(\S+\.deb)', doc_text())
    expect(debs and all(x == 'fxtkit_%s-1_amd64.deb' % version for x in debs),
           'package file names %r (cpack writes fxtkit_%s-1_ARCH.deb)' % (debs, version))


@test
def every_recipe_is_run():
    expect(sorted(recipes()) == sorted(['github', 'gitlab', 'jenkins', 'azure', 'buildkite', 'git-hook',
                                        'pre-commit', 'baseline', 'fxtkitrc']),
           'recipes %r' % sorted(recipes()))


def main():
    args, only = test_ci.test_cli.split_k(sys.argv[1:])
    Ctx.exe, Ctx.docs = os.path.abspath(args[0]), os.path.abspath(args[1])
    test_ci.Ctx.exe = Ctx.exe
    _, failed, _ = test_ci.test_cli.run_tests(TESTS, only)
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
