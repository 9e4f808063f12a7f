#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""action.yml and .pre-commit-hooks.yaml, run as GitHub and pre-commit
would run them (neither is here), with the npm package from npm-pack:

- action.yml's step runs action/run.sh with the inputs as INPUT_* (checked
  in the YAML); run.sh runs here on good and bad traces through npx
  (offline, the package's tarball): its annotations, step summary and SARIF
  file are the native fxt-validate's bytes; exit status 0 / 1 / 2.
- README.md's npx recipe, from the README's text (the registry's
  fxtkit@VERSION replaced by the tarball): the native tools' output and
  files.
- the hook: id fxt-validate, language node, entry fxt-validate, files .fxt;
  installed as pre-commit does (npm pack of the repository root, npm
  install -g; the fxtkit dependency from the tarball instead of the
  registry), its entry run on staged-like file lists.

    test_action_hook.py NATIVE_FXT_VALIDATE PACKAGE_OUT SOURCE_DIR NATIVE_FXT_GEN

PACKAGE_OUT: where npm-pack put fxtkit-VERSION.tgz. Exits 77 (skipped)
without node/npm/npx or the tarball.
"""
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

import yaml

failures = []


def expect(cond, what):
    if not cond:
        failures.append(what)
        print('FAIL: ' + what)


def native_run(native, args, cwd, env=None):
    e = dict(os.environ)
    e.pop('GITHUB_STEP_SUMMARY', None)
    e.update(env or {})
    return subprocess.run([native] + args, cwd=cwd, capture_output=True, env=e)


def check_action(native, tgz, src, work, npm_env):
    action = yaml.safe_load(open(os.path.join(src, 'action.yml')))
    version = json.load(open(os.path.join(src, 'npm', 'package.json')))['version']
    inputs = action['inputs']
    expect(inputs['package']['default'] == 'fxtkit@' + version,
           'action.yml installs fxtkit@%s (npm/package.json)' % version)
    steps = action['runs']['steps']
    run_step = [s for s in steps if 'run' in s]
    expect(len(run_step) == 1 and 'action/run.sh' in run_step[0]['run'], 'the step runs action/run.sh')
    env = run_step[0].get('env', {})
    for name in inputs:
        expect(env.get('INPUT_' + name.upper()) == '${{ inputs.%s }}' % name,
               'input %s reaches run.sh as INPUT_%s' % (name, name.upper()))
    expect(action['outputs']['exit-code']['value'] == '${{ steps.%s.outputs.exit-code }}' % run_step[0]['id'],
           'output exit-code from the step')

    def run(paths, sarif='', extra=''):
        summary = os.path.join(work, 'summary.md')
        output = os.path.join(work, 'output.txt')
        for f in (summary, output, os.path.join(work, 'fxt.sarif')):
            if os.path.exists(f):
                os.unlink(f)
        e = dict(npm_env, INPUT_PATHS=paths, INPUT_REVISION='current', INPUT_ARGS=extra,
                 INPUT_SARIF=sarif, INPUT_PACKAGE=tgz, GITHUB_STEP_SUMMARY=summary,
                 GITHUB_OUTPUT=output, GITHUB_ACTION_PATH=src)
        p = subprocess.run(['bash', os.path.join(src, 'action', 'run.sh')], cwd=work, env=e,
                           capture_output=True)
        read = lambda f: open(f, 'rb').read() if os.path.exists(f) else None
        return p, read(summary), read(output), read(os.path.join(work, 'fxt.sarif'))

    # good and bad traces: exit 1, the native tool's annotations, summary, SARIF
    files = sorted(glob.glob('traces/**/*.fxt', root_dir=work, recursive=True))
    p, summary, output, sarif = run('traces/**/*.fxt', sarif='fxt.sarif')
    want = native_run(native, ['--format', 'github', '--revision', 'current'] + files, work,
                      {'GITHUB_STEP_SUMMARY': os.path.join(work, 'want-summary.md')})
    want_sarif = native_run(native, ['--format', 'sarif', '--revision', 'current'] + files, work)
    expect(p.returncode == 1, 'good and bad traces: exit 1 (got %d: %r)' % (p.returncode, p.stderr[-500:]))
    expect(p.stdout == want.stdout, 'annotations are the native ones:\n%r\n%r' % (p.stdout[:300], want.stdout[:300]))
    expect(b'::error file=traces/bad/' in p.stdout, 'an error annotation on a bad trace')
    expect(summary == open(os.path.join(work, 'want-summary.md'), 'rb').read(), 'the step summary is the native one')
    expect(sarif == want_sarif.stdout, 'the SARIF file is the native one')
    expect(output == b'exit-code=1\n', 'output exit-code=1 (got %r)' % output)
    # good traces only, with options: exit 0
    p, summary, output, sarif = run('traces/good/*.fxt\ntraces/good/none-*.fxt', extra='--Werror')
    expect(p.returncode == 0, 'good traces: exit 0 (got %d: %r)' % (p.returncode, p.stderr[-500:]))
    expect(b"::warning::fxt-validate: no file matches 'traces/good/none-*.fxt'" in p.stdout,
           'a pattern that matches nothing is warned about')
    expect(sarif is None and output == b'exit-code=0\n', 'no SARIF unless asked; exit-code=0')
    # nothing to check: exit 2
    p, _, output, _ = run('nothing/*.fxt')
    expect(p.returncode == 2 and b'::error::fxt-validate: no trace to check' in p.stdout,
           'no trace at all: exit 2 and an error (got %d)' % p.returncode)


def check_readme(natives, tgz, src, work, npm_env):
    text = open(os.path.join(src, 'README.md')).read()
    m = re.search(r'<!-- recipe: npx -->\s*```sh\n(.*?)```', text, re.S)
    expect(m, 'README.md has the npx recipe')
    if not m:
        return
    version = json.load(open(os.path.join(src, 'npm', 'package.json')))['version']
    lines = [l.strip() for l in m.group(1).splitlines() if l.strip()]
    expect(len(lines) >= 2 and all(('fxtkit@%s' % version) in l for l in lines),
           'the recipe names fxtkit@%s' % version)
    # the lines in turn, through npx and with the native tools, each from
    # the same files in the same folder (SARIF names it): the same exit
    # status, stdout and files
    d = os.path.join(work, 'readme')
    os.mkdir(d)
    state = {'trace.fxt': open(sorted(glob.glob(os.path.join(src, 'corpus', 'warn', '*.fxt')))[0], 'rb').read()}

    def run_from(state, c):
        for f in os.listdir(d):
            os.unlink(os.path.join(d, f))
        for f, data in state.items():
            open(os.path.join(d, f), 'wb').write(data)
        p = subprocess.run(c, shell=True, cwd=d, env=npm_env, capture_output=True)
        return p.returncode, p.stdout, {f: open(os.path.join(d, f), 'rb').read() for f in sorted(os.listdir(d))}

    for line in lines:
        print('README: ' + line)
        tool = re.match(r'npx .*? (fxt-[a-z]+)', line)
        expect(tool and tool.group(1) in natives, 'README: %s runs a tool of the package' % line)
        if not tool or tool.group(1) not in natives:
            continue
        outs = [run_from(state, line.replace('fxtkit@' + version, tgz)),
                run_from(state, natives[tool.group(1)] + line[tool.end(1):])]
        expect(outs[0] == outs[1], 'README: %s gives what the native tool gives (%r / %r; files differing: %s)'
               % (line, outs[0][:2], outs[1][:2],
                  sorted(f for f in set(outs[0][2]) | set(outs[1][2]) if outs[0][2].get(f) != outs[1][2].get(f))))
        state = outs[1][2]


def check_hook(native, tgz, src, work, npm_env):
    hooks = yaml.safe_load(open(os.path.join(src, '.pre-commit-hooks.yaml')))
    expect(len(hooks) == 1, 'one hook')
    h = hooks[0]
    expect(h['id'] == 'fxt-validate' and h['language'] == 'node' and h['entry'] == 'fxt-validate',
           'hook fxt-validate, language node, entry fxt-validate')
    rx = re.compile(h['files'])
    expect(rx.search('traces/a.fxt') and not rx.search('a.fxt.txt'), 'the hook takes .fxt files')
    root = json.load(open(os.path.join(src, 'package.json')))
    expect(root['bin'].get(h['entry']), 'the root package.json gives the bin %s' % h['entry'])
    version = json.load(open(os.path.join(src, 'npm', 'package.json')))['version']
    expect(root['dependencies'].get('fxtkit') == version, 'the hook depends on fxtkit@%s' % version)
    # pre-commit: npm install + npm pack in the repository, npm install -g
    # of that (here the dependency comes from the tarball)
    repo = os.path.join(work, 'hook-repo')
    shutil.copytree(os.path.join(src, 'hooks'), os.path.join(repo, 'hooks'))
    root['dependencies']['fxtkit'] = 'file:' + tgz
    json.dump(root, open(os.path.join(repo, 'package.json'), 'w'))
    prefix = os.path.join(work, 'hook-env')
    for cmd in (['npm', 'install', '--no-save', '--no-audit', '--no-fund', '--offline'],
                ['npm', 'pack', '--silent']):
        p = subprocess.run(cmd, cwd=repo, env=npm_env, capture_output=True)
        expect(p.returncode == 0, '%s: %r' % (' '.join(cmd), p.stderr[-500:]))
    packed = glob.glob(os.path.join(repo, 'fxtkit-pre-commit-*.tgz'))
    expect(len(packed) == 1, 'npm pack made the hook package')
    p = subprocess.run(['npm', 'install', '-g', '--offline', '--no-audit', '--no-fund', '--prefix', prefix,
                        packed[0]], cwd=repo, env=npm_env, capture_output=True)
    expect(p.returncode == 0, 'npm install -g of the hook: %r' % p.stderr[-500:])
    entry = os.path.join(prefix, 'bin', h['entry'])
    # pre-commit runs ENTRY ARGS FILE... on the staged files it selected
    staged = sorted(glob.glob('traces/**/*', root_dir=work, recursive=True))
    chosen = [f for f in staged if rx.search(f) and os.path.isfile(os.path.join(work, f))]
    for files, rc in ((chosen, 1), ([f for f in chosen if '/good/' in f], 0)):
        got = subprocess.run([entry] + files, cwd=work, capture_output=True)
        want = native_run(native, files, work)
        expect(got.returncode == rc == want.returncode, 'hook exit %d (got %d)' % (rc, got.returncode))
        expect(got.stdout == want.stdout and got.stderr == want.stderr, 'hook output is the native one')


def main():
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    native, out, src, native_gen = (os.path.abspath(a) for a in sys.argv[1:])
    tgzs = glob.glob(os.path.join(out, 'fxtkit-*.tgz'))
    if not all(shutil.which(t) for t in ('node', 'npm', 'npx')) or len(tgzs) != 1:
        print('SKIP: node/npm/npx or the npm-pack tarball (%s) missing' % out)
        sys.exit(77)
    with tempfile.TemporaryDirectory() as work:
        for sub, pick in (('good', sorted(glob.glob(os.path.join(src, 'corpus', 'valid', '*.fxt')))[:3]),
                          ('bad', sorted(glob.glob(os.path.join(src, 'corpus', 'invalid', '*.fxt')))[5:7])):
            os.makedirs(os.path.join(work, 'traces', sub))
            for f in pick:
                shutil.copy(f, os.path.join(work, 'traces', sub))
        open(os.path.join(work, 'traces', 'notes.txt'), 'w').write('not a trace\n')
        npm_env = dict(os.environ, npm_config_cache=os.path.join(work, 'npm-cache'),
                       npm_config_update_notifier='false')
        check_action(native, tgzs[0], src, work, npm_env)
        natives = {'fxt-validate': native, 'fxt-dump': os.path.join(os.path.dirname(native), 'fxt-dump'),
                   'fxt-gen': native_gen}
        check_readme(natives, tgzs[0], src, work, npm_env)
        check_hook(native, tgzs[0], src, work, npm_env)
    print('%d failures' % len(failures))
    sys.exit(1 if failures else 0)


if __name__ == '__main__':
    main()
