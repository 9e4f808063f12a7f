# SPDX-License-Identifier: MIT
"""The pre-commit hook (.pre-commit-hooks.yaml) under pre-commit itself
(Debian's pre-commit, its node language: nodeenv on the system's Node.js,
then in a clone of the hook repository `npm install`, `npm pack`,
`npm install -g` of that), offline:

- `pre-commit try-repo HOOK_REPO fxt-validate` on good traces passes; with
  bad ones it fails, and what the hook printed is what the native
  fxt-validate prints for the files pre-commit chose (.fxt only);
- `pre-commit install`, then `git commit` refuses a commit with a bad
  trace staged and makes one with good traces.

The hook repository is a git repository holding the source tree's
.pre-commit-hooks.yaml, package.json and hooks/, with one change: the root
package.json's dependency fxtkit@VERSION points at the tarball of ctest
npm-pack (file:...) instead of the npm registry, where fxtkit is not
published. npm runs with --offline and its own cache.

    test_pre_commit.py NATIVE_FXT_VALIDATE PACKAGE_OUT SOURCE_DIR
Exits 77 (skipped) without pre-commit, git, node, npm or the tarball.
"""
import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile

failures = []


def expect(ok, what):
    print('%s: %s' % ('ok' if ok else 'FAIL', what))
    if not ok:
        failures.append(what)


def git(cwd, *args):
    subprocess.run(['git', '-c', 'user.name=fxtkit test', '-c', 'user.email=test@fxtkit.invalid',
                    '-c', 'init.defaultBranch=main', '-c', 'commit.gpgsign=false'] + list(args),
                   cwd=cwd, check=True, capture_output=True)


def hook_repo(src, tgz, at):
    """A git repository with what pre-commit installs of the source tree."""
    os.makedirs(at)
    shutil.copy(os.path.join(src, '.pre-commit-hooks.yaml'), at)
    shutil.copytree(os.path.join(src, 'hooks'), os.path.join(at, 'hooks'))
    root = json.load(open(os.path.join(src, 'package.json')))
    version = json.load(open(os.path.join(src, 'npm', 'package.json')))['version']
    expect(root.get('dependencies') == {'fxtkit': version},
           'the hook depends on fxtkit@%s only (npm/package.json)' % version)
    root['dependencies'] = {'fxtkit': 'file:' + tgz}
    json.dump(root, open(os.path.join(at, 'package.json'), 'w'), indent=2)
    git(at, 'init', '-q')
    git(at, 'add', '-A')
    git(at, 'commit', '-q', '-m', 'the hook')
    return subprocess.run(['git', 'rev-parse', 'HEAD'], cwd=at, check=True, capture_output=True,
                          text=True).stdout.strip()


def hook_output(out):
    """What the hook printed, in pre-commit's report: after the line
    '- exit code: N' and a blank line (None when the hook passed)."""
    marker = b'- exit code: '
    at = out.find(marker)
    if at < 0:
        return None
    body = out[out.index(b'\n', at) + 1:]
    return body[1:] if body.startswith(b'\n') else body


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    native, out, src = (os.path.abspath(a) for a in sys.argv[1:])
    tgzs = glob.glob(os.path.join(out, 'fxtkit-*.tgz'))
    missing = [t for t in ('pre-commit', 'git', 'node', 'npm') if not shutil.which(t)]
    if missing or len(tgzs) != 1:
        print('SKIP: %s missing' % (', '.join(missing) or 'the npm-pack tarball in %s' % out))
        sys.exit(77)
    with tempfile.TemporaryDirectory() as work:
        env = dict(os.environ, PRE_COMMIT_HOME=os.path.join(work, 'pre-commit-home'),
                   npm_config_cache=os.path.join(work, 'npm-cache'), npm_config_offline='true',
                   npm_config_update_notifier='false', npm_config_audit='false', npm_config_fund='false')
        env.pop('PRE_COMMIT', None)
        hooks = os.path.join(work, 'hook-repo')
        rev = hook_repo(src, tgzs[0], hooks)

        proj = os.path.join(work, 'project')
        for sub, pick in (('good', sorted(glob.glob(os.path.join(src, 'corpus', 'valid', '*.fxt')))[:3]),
                          ('bad', sorted(glob.glob(os.path.join(src, 'corpus', 'invalid', '*.fxt')))[5:7])):
            os.makedirs(os.path.join(proj, sub))
            for f in pick:
                shutil.copy(f, os.path.join(proj, sub))
        open(os.path.join(proj, 'notes.txt'), 'w').write('not a trace\n')
        shutil.copy(os.path.join(proj, 'notes.txt'), os.path.join(proj, 'notes.fxt.txt'))
        git(proj, 'init', '-q')
        git(proj, 'add', '-A')
        good = sorted(glob.glob('good/*.fxt', root_dir=proj))
        traces = sorted(glob.glob('*/*.fxt', root_dir=proj))

        def pre_commit(*args):
            return subprocess.run(['pre-commit'] + list(args), cwd=proj, env=env,
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT)

        p = pre_commit('try-repo', hooks, 'fxt-validate', '--files', *good)
        expect(p.returncode == 0 and b'Passed' in p.stdout, 'try-repo on good traces passes (exit %d)' % p.returncode)
        if p.returncode != 0:
            print(p.stdout.decode(errors='replace')[-2000:])
        # one invocation (pre-commit otherwise splits the files between
        # parallel runs); pre-commit shuffles them: the native tool is given
        # them in the order the hook's report shows
        env['PRE_COMMIT_NO_CONCURRENCY'] = '1'
        p = pre_commit('try-repo', hooks, 'fxt-validate', '--all-files')
        del env['PRE_COMMIT_NO_CONCURRENCY']
        got = hook_output(p.stdout) or b''
        order = []
        for line in got.decode(errors='replace').splitlines():
            name = line.split(':')[0]
            if name in traces and name not in order:
                order.append(name)
        expect(sorted(order) == traces, 'the hook was given the .fxt files: %s' % ' '.join(order))
        want = subprocess.run([native] + order, cwd=proj, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        expect(p.returncode == 1 and b'Failed' in p.stdout and want.returncode == 1,
               'try-repo on every file fails (exit %d, native %d)' % (p.returncode, want.returncode))
        # pre-commit strips a hook's output and ends its report with a blank line
        expect(got.strip() == want.stdout.strip(), 'the hook printed what the native tool prints for %s: %r / %r'
               % (' '.join(order), got, want.stdout))
        expect(b'notes' not in p.stdout, 'the hook is not given notes.txt or notes.fxt.txt')

        # as a commit hook: the repository by path at its commit
        open(os.path.join(proj, '.pre-commit-config.yaml'), 'w').write(
            'repos:\n  - repo: %s\n    rev: %s\n    hooks:\n      - id: fxt-validate\n' % (hooks, rev))
        p = pre_commit('install')
        expect(p.returncode == 0, 'pre-commit install: %r' % p.stdout[-300:])
        git(proj, 'add', '.pre-commit-config.yaml')
        c = subprocess.run(['git', '-c', 'user.name=t', '-c', 'user.email=t@t.invalid', 'commit', '-q', '-m', 'bad'],
                           cwd=proj, env=env, capture_output=True)
        head = subprocess.run(['git', 'rev-parse', '-q', '--verify', 'HEAD'], cwd=proj, capture_output=True)
        expect(c.returncode != 0 and head.returncode != 0 and b'[E0' in c.stdout + c.stderr,
               'git commit with bad traces staged is refused, with the issues (exit %d)' % c.returncode)
        git(proj, 'rm', '-q', '--cached', '-r', 'bad')
        c = subprocess.run(['git', '-c', 'user.name=t', '-c', 'user.email=t@t.invalid', 'commit', '-q', '-m', 'good'],
                           cwd=proj, env=env, capture_output=True)
        head = subprocess.run(['git', 'rev-parse', '-q', '--verify', 'HEAD'], cwd=proj, capture_output=True)
        expect(c.returncode == 0 and head.returncode == 0,
               'git commit with good traces is made (exit %d): %r' % (c.returncode, (c.stdout + c.stderr)[-400:]))
    print('%d failures' % len(failures))
    sys.exit(1 if failures else 0)


if __name__ == '__main__':
    main()
