#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""ctest doc-recipes-fresh: the recipes that start from fxtkit's own source
tree, run from their Markdown text (extracted, not retyped) in a fresh copy
of it (the files git tracks, as they are in the working tree) under a
temporary folder:

- README's quick start, as written: scripts/setup.sh (it installs nothing
  when every package is present: "setup: all packages present"; else it
  installs them, as .ci/run's first step would), the default build, and
  fxt-validate on corpus/sample.fxt (exit 0, no error, no warning);
- README's Install, its second line (sudo cmake --install build && sudo
  ldconfig) on the quick start's build/ (its first line, the Release
  configure, is doc-recipes' readme_install_without_check), and the fuzz
  quick start's first line (setup.sh, the build-release Ninja build, its
  install), both through a `sudo` shim: the command runs as this user with
  DESTDIR set to a folder of the test, and ldconfig with its configuration
  and cache there (-f, -C) instead of /etc; checked: the installed
  fxt-validate runs, the cache lists libfxt;
- fuzz/README's fxt-conform lines that run in the tree: the conformance
  run (`./my_reader`: a fixture running fxt-validate -q --no-config; exit
  0, report.json written) and the r2 reader (exit 0: fxt-validate agrees);
- fuzz/README's replay lines (some.fxt and some/dir/: a corpus trace and
  the corpus's valid/ folder, copied there), after the block's build line.

usage: test_fresh_recipes.py --source SRC [-k NAME]   (77: not a git tree)
Slow (two builds of the tree): labels slow, install, once.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import test_doc_recipes as D  # noqa: E402  (blocks, block_with, sh, expect)
from test_doc_recipes import block_with, expect, sh  # noqa: E402


class Ctx:
    src = copy = tmp = None


SUDO = r'''#!/bin/sh
# sudo for the recipes (a test fixture): run the command as this user with
# DESTDIR=$FXT_TEST_ROOT; ldconfig on $FXT_TEST_ROOT's own configuration
# and cache (its ld.so.conf lists the folders of libraries installed there)
if [ "$1" = ldconfig ]; then
  shift
  exec ldconfig -f "$FXT_TEST_ROOT/etc/ld.so.conf" -C "$FXT_TEST_ROOT/etc/ld.so.cache" "$@"
fi
exec env DESTDIR="$FXT_TEST_ROOT" "$@"
'''


def root(name):
    """A DESTDIR folder with an ld.so.conf naming /usr/local's library
    folders under it."""
    r = os.path.join(Ctx.tmp, name)
    os.makedirs(os.path.join(r, 'etc'))
    with open(os.path.join(r, 'etc', 'ld.so.conf'), 'w') as f:
        for d in ('usr/local/lib', 'usr/local/lib/x86_64-linux-gnu', 'usr/local/lib64'):
            f.write(os.path.join(r, d) + '\n')
            os.makedirs(os.path.join(r, d), exist_ok=True)
    return r


def check_installed(r, what):
    exe = os.path.join(r, 'usr', 'local', 'bin', 'fxt-validate')
    libs = [os.path.join(r, d) for d in ('usr/local/lib', 'usr/local/lib/x86_64-linux-gnu')]
    p = subprocess.run([exe, os.path.join(Ctx.src, 'corpus', 'sample.fxt')], capture_output=True,
                       text=True, env=dict(os.environ, LD_LIBRARY_PATH=os.pathsep.join(libs)))
    expect(p.returncode == 0 and ' 0 errors, 0 warnings' in p.stdout,
           '%s: the installed fxt-validate: %r' % (what, p))
    p = subprocess.run(['ldconfig', '-p', '-C', os.path.join(r, 'etc', 'ld.so.cache')],
                       capture_output=True, text=True)
    expect(re.search(r'libfxt\.so\.[0-9.]+ .*=> ' + re.escape(r), p.stdout),
           '%s: ldconfig\'s cache lists libfxt: %s' % (what, p.stdout[-800:]))


def run_in_copy(script, what, env=None, timeout=900):
    e = {'PATH': os.path.join(Ctx.tmp, 'shim') + os.pathsep + os.environ.get('PATH', '')}
    e.update(env or {})
    r = sh(script, Ctx.copy, e, timeout=timeout)
    expect(r.returncode == 0, '%s: exit %d\n%s%s' % (what, r.returncode, r.stdout[-2500:],
                                                     r.stderr[-2500:]))
    return r


TESTS = []


def test(fn):
    TESTS.append(fn)
    return fn


@test
def readme_quick_start():
    body = block_with(os.path.join(Ctx.src, 'README.md'), 'sh', 'bash scripts/setup.sh && cmake')
    r = run_in_copy(body, 'README quick start')
    out = r.stdout + r.stderr
    expect(re.search(r'^setup: (all packages present|done)$', out, re.M), 'setup.sh: ' + out[:500])
    expect(re.search(r'^corpus/sample\.fxt: .* 0 errors, 0 warnings', r.stdout, re.M),
           'the sample conforms: ' + r.stdout[-500:])


@test
def readme_install_line():
    body = block_with(os.path.join(Ctx.src, 'README.md'), 'sh', '-B build -DCMAKE_BUILD_TYPE=Release')
    line = body.splitlines()[1]
    expect(line.startswith('sudo cmake --install build && sudo ldconfig'), line)
    r = root('root-readme')
    run_in_copy(line, 'README Install: ' + line, {'FXT_TEST_ROOT': r})
    check_installed(r, 'README Install')


@test
def fuzz_quick_start_install_line():
    body = block_with(os.path.join(Ctx.src, 'fuzz', 'README.md'), 'sh', 'build-release')
    first = body.split('&& cd -\n', 1)[0] + '&& cd -'
    expect(first.startswith('cd $FXT && bash scripts/setup.sh'), first)
    r = root('root-fuzz')
    run_in_copy(first, 'fuzz quick start: its build and install', {'FXT_TEST_ROOT': r,
                                                                    'FXT': Ctx.copy})
    check_installed(r, 'fuzz quick start')
    import glob
    expect(glob.glob(os.path.join(r, 'usr/local/lib*/**/fxtmut-libfuzzer.pc'), recursive=True),
           'the fuzzing kit is installed')


@test
def fxt_conform_in_the_tree():
    fz = os.path.join(Ctx.src, 'fuzz', 'README.md')
    # ./my_reader: a reader for the recipe (the fixture: fxt-validate)
    with open(os.path.join(Ctx.copy, 'my_reader'), 'w') as f:
        f.write('#!/bin/sh\nexec "$(dirname "$0")/build/validator/cli/fxt-validate" -q '
                '--no-config "$1"\n')
    os.chmod(os.path.join(Ctx.copy, 'my_reader'), 0o755)
    run_in_copy(block_with(fz, 'sh', '--timeout 5 --json report.json'), 'fxt-conform run')
    expect(os.path.isfile(os.path.join(Ctx.copy, 'report.json')), 'report.json written')
    r = run_in_copy(block_with(fz, 'sh', '--revision r2 --reader'), 'fxt-conform --revision r2')
    expect(re.search(r'crash 0, oom 0, hang 0', r.stdout), 'r2: ' + r.stdout[-800:])


@test
def fuzz_replay_lines():
    body = block_with(os.path.join(Ctx.src, 'fuzz', 'README.md'), 'sh', 'ctest --test-dir build -R fuzz_')
    lines = body.splitlines()
    # its ctest line is fxtkit's own test suite (ctest runs those tests in
    # every build): the build line and the replay lines run here
    keep = [ln for ln in lines if not ln.startswith('ctest ')]
    expect(len(keep) == len(lines) - 1, 'one ctest line')
    shutil.copy(os.path.join(Ctx.src, 'corpus', 'sample.fxt'), os.path.join(Ctx.copy, 'some.fxt'))
    shutil.copytree(os.path.join(Ctx.src, 'corpus', 'valid'), os.path.join(Ctx.copy, 'some', 'dir'))
    run_in_copy('\n'.join(keep), 'fuzz README replay lines')


def fresh_copy(dst):
    """The files git tracks in SRC, as they are in its working tree."""
    p = subprocess.run(['git', '-C', Ctx.src, 'ls-files', '-z'], capture_output=True)
    if p.returncode != 0:
        return False
    for rel in filter(None, p.stdout.decode().split('\0')):
        s = os.path.join(Ctx.src, rel)
        if not os.path.lexists(s):  # deleted, not committed yet
            continue
        d = os.path.join(dst, rel)
        os.makedirs(os.path.dirname(d), exist_ok=True)
        shutil.copy2(s, d, follow_symlinks=False)
    return True


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--source', required=True)
    ap.add_argument('-k', dest='only')
    ap.add_argument('--skip', action='append', default=[])
    a = ap.parse_args()
    Ctx.src = os.path.abspath(a.source)
    D.Ctx.env = dict(os.environ)
    if not shutil.which('git'):
        print('skipped: no git')
        return 77
    failed = 0
    with tempfile.TemporaryDirectory(prefix='fxt-fresh-') as tmp:
        Ctx.tmp = tmp
        Ctx.copy = os.path.join(tmp, 'fxtkit')
        if not fresh_copy(Ctx.copy):
            print('skipped: %s is not a git working tree' % Ctx.src)
            return 77
        os.makedirs(os.path.join(tmp, 'shim'))
        with open(os.path.join(tmp, 'shim', 'sudo'), 'w') as f:
            f.write(SUDO)
        os.chmod(os.path.join(tmp, 'shim', 'sudo'), 0o755)
        for fn in TESTS:
            if (a.only and a.only not in fn.__name__) or fn.__name__ in a.skip:
                continue
            t0 = time.time()
            try:
                note = fn()
                print('ok   %s (%.0f s)%s' % (fn.__name__, time.time() - t0,
                                             ' (%s)' % note if note else ''), flush=True)
            except Exception as e:  # noqa: BLE001 - report and go on
                failed += 1
                print('FAIL %s: %s' % (fn.__name__, e), flush=True)
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
