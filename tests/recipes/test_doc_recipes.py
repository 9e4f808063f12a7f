#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""ctest doc-recipes: the recipes of README.md, docs/ci.md and fuzz/README.md
run from their Markdown text (extracted, not retyped) against a prefix
install of this build (cmake --install --prefix TMP).

usage: test_doc_recipes.py --source SRC --build BUILD --cmake CMAKE [-k NAME]
       test_doc_recipes.py --source SRC --installed [-k NAME]

--installed runs them against what is installed on the machine (the Debian
packages, inside scripts/check-deb.sh's throw-away copy of the system:
ctest doc-recipes-deb) instead of a prefix install.

What is run, and what is changed in the text before running it (nothing
else is):
- README "Job 3" (fxt-gen): every command, in a scratch folder; what the
  block's comments promise is checked (the random trace and the r1 trace
  read as r1 are warning-free, roundtrip exits 0);
- README "Job 2" and fuzz/README's quick start (libFuzzer): the fuzz/README
  harness (its C block) and a tiny reader behind the my_reader.h API it
  names (the test's own fixture), then the shell block; the libFuzzer run
  gets -runs=N appended (bounded by executions, never by time); the
  product's promise checked: libFuzzer finds the custom mutator. The quick
  start's first command (setup.sh and `sudo cmake --install`) is what the
  prefix install stands for; its build folder must not be the one the
  README's quick start makes with another generator;
- fuzz/README's AFL++ recipe: afl-fuzz gets -E N (executions) and
  AFL_NO_UI=1 (the text says to add it where there is no terminal);
  checked: afl-fuzz exits 0 and writes its fuzzer_stats;
- docs/ci.md: validator/cli/tests/test_ci_recipes.py with the installed
  fxt-validate (every recipe there runs from the text).
The fuzzing parts are skipped (said) without clang's libFuzzer or AFL++.
"""
import argparse
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile


class Ctx:
    src = prefix = tmp = None
    env = None


def blocks(path):
    """[(lang, text)] of the fenced blocks of Markdown file PATH."""
    with open(path, encoding='utf-8') as f:
        text = f.read()
    return [(m.group(1), m.group(2))
            for m in re.finditer(r'^```([a-z]*)\n(.*?)^```', text, re.S | re.M)]


def block_with(path, lang, needle):
    found = [t for lg, t in blocks(path) if lg == lang and needle in t]
    if len(found) != 1:
        raise AssertionError('%s: %d %s blocks hold %r' % (path, len(found), lang, needle))
    return found[0]


def expect(cond, what):
    if not cond:
        raise AssertionError(what)


def sh(script, cwd, env=None, timeout=600):
    e = dict(Ctx.env)
    e.update(env or {})
    return subprocess.run(['bash', '--noprofile', '--norc', '-eo', 'pipefail', '-c', script],
                          cwd=cwd, env=e, capture_output=True, text=True, timeout=timeout)


def scratch(name):
    d = os.path.join(Ctx.tmp, name)
    os.makedirs(d)
    return d


TESTS = []


def test(fn):
    TESTS.append(fn)
    return fn


@test
def readme_job3_generator():
    body = block_with(os.path.join(Ctx.src, 'README.md'), 'sh', 'fxt-gen random')
    d = scratch('job3')
    for line in body.splitlines():
        cmd = line.split('#')[0].strip()
        if not cmd:
            continue
        r = sh(cmd, d)
        expect(r.returncode == 0, 'README Job 3: %s: exit %d\n%s%s' % (cmd, r.returncode,
                                                                         r.stdout[-2000:], r.stderr[-2000:]))
        if cmd.startswith('fxt-validate'):
            # the block's promise: "warning-free read as r1"
            expect(' 0 errors, 0 warnings' in r.stdout, '%s: %s' % (cmd, r.stdout[-500:]))
        if cmd.startswith('fxt-gen roundtrip'):
            expect('identical after decode and re-encode' in r.stdout, r.stdout)
    # "valid, warning-free": the first trace
    r = sh('fxt-validate trace.fxt', d)
    expect(r.returncode == 0 and ' 0 errors, 0 warnings' in r.stdout, r.stdout)


MY_READER_H = r'''
/* the tiny reader behind fuzz/README.md's harness (a test fixture) */
#include <stddef.h>
#include <stdint.h>
typedef struct my_trace { const uint8_t *p; size_t n, at; } my_trace;
typedef struct my_record { uint64_t header; } my_record;
enum { MY_OK = 0, MY_END = 1 };
my_trace *my_reader_open_memory(const uint8_t *data, size_t size);
int my_reader_next(my_trace *t, my_record *r);
void my_reader_close(my_trace *t);
'''
MY_READER_C = r'''
#include <stdlib.h>
#include <string.h>
#include "my_reader.h"
my_trace *my_reader_open_memory(const uint8_t *data, size_t size)
{
    my_trace *t = malloc(sizeof *t);
    if (t) { t->p = data; t->n = size; t->at = 0; }
    return t;
}
int my_reader_next(my_trace *t, my_record *r)
{
    if (t->n - t->at < 8) return MY_END;
    memcpy(&r->header, t->p + t->at, 8);
    size_t words = (size_t)((r->header >> 4) & 0xfff);
    if (words == 0 || words > (t->n - t->at) / 8) return MY_END;
    t->at += 8 * words;
    return MY_OK;
}
void my_reader_close(my_trace *t) { free(t); }
'''


def reader_sources(d):
    harness = block_with(os.path.join(Ctx.src, 'fuzz', 'README.md'), 'c', 'LLVMFuzzerTestOneInput')
    for name, text in (('my_reader_fuzz.c', harness), ('my_reader.h', MY_READER_H),
                       ('my_reader.c', MY_READER_C)):
        with open(os.path.join(d, name), 'w') as f:
            f.write(text)


def have_libfuzzer():
    d = tempfile.mkdtemp(dir=Ctx.tmp)
    with open(os.path.join(d, 'x.c'), 'w') as f:
        f.write('#include <stdint.h>\n#include <stddef.h>\n'
                'int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { return 0; }\n')
    return shutil.which('clang') and subprocess.run(
        ['clang', '-fsanitize=fuzzer', 'x.c', '-o', 'x'], cwd=d, capture_output=True).returncode == 0


RUNS = 3000


def run_libfuzzer_block(body, where):
    d = scratch(where)
    reader_sources(d)
    # bounded by executions: -runs=N on the fuzzing command
    script, n = re.subn(r'(\./my_reader_fuzz work seeds[^\n]*)', r'\1 -runs=%d' % RUNS, body)
    expect(n == 1, '%s: one libFuzzer run in the block' % where)
    r = sh(script, d, {'ASAN_OPTIONS': 'detect_leaks=0'})
    log = r.stdout + r.stderr
    expect(r.returncode == 0, '%s: exit %d\n%s' % (where, r.returncode, log[-3000:]))
    expect('INFO: found LLVMFuzzerCustomMutator' in log, '%s: the custom mutator\n%s' % (where, log[-2000:]))
    expect(re.search(r'^Done %d runs' % RUNS, log, re.M), '%s: %d runs\n%s' % (where, RUNS, log[-2000:]))
    expect(os.listdir(os.path.join(d, 'seeds')), '%s: seeds written' % where)


@test
def readme_job2_libfuzzer():
    if not have_libfuzzer():
        return 'skipped (no clang with libFuzzer)'
    body = block_with(os.path.join(Ctx.src, 'README.md'), 'sh', 'my_reader_fuzz')
    run_libfuzzer_block(body, 'job2')


@test
def fuzz_quick_start_libfuzzer():
    body = block_with(os.path.join(Ctx.src, 'fuzz', 'README.md'), 'sh', 'pkg-config --cflags --libs fxtmut-libfuzzer')
    # the install step (setup.sh, sudo cmake --install): the prefix install
    # stands for it; its build folder must not clash with the README's
    # quick start (another generator in the same folder fails)
    first, rest = body.split('&& cd -\n', 1)
    quick = block_with(os.path.join(Ctx.src, 'README.md'), 'sh', 'bash scripts/setup.sh && cmake')
    dirs = lambda t: set(re.findall(r'-B (\S+)', t))  # noqa: E731
    gen = lambda t: re.findall(r'-G (\S+)', t)  # noqa: E731
    clash = dirs(first) & dirs(quick)
    expect(not clash or gen(first) == gen(quick),
           'fuzz quick start builds in %s, which the README quick start makes with another '
           'generator (%s vs %s)' % (sorted(clash), gen(first), gen(quick)))
    if not have_libfuzzer():
        return 'skipped the run (no clang with libFuzzer)'
    run_libfuzzer_block(rest, 'quick')


@test
def fuzz_afl_recipe():
    if not (shutil.which('afl-clang-fast') and shutil.which('afl-fuzz')):
        return 'skipped (no AFL++)'
    body = block_with(os.path.join(Ctx.src, 'fuzz', 'README.md'), 'sh', './my_reader_afl')
    d = scratch('afl')
    reader_sources(d)
    # what a shared machine or a CI runner needs is in the text, not added here
    expect('AFL_NO_AFFINITY=1' in body, 'the recipe sets AFL_NO_AFFINITY=1')
    script, n = re.subn(r'\bafl-fuzz ', 'afl-fuzz -E 2000 ', body)
    expect(n == 1, 'one afl-fuzz run')
    r = sh(script, d, {'AFL_NO_UI': '1'}, timeout=900)
    log = r.stdout + r.stderr
    expect(r.returncode == 0, 'AFL++ recipe: exit %d\n%s' % (r.returncode, log[-3000:]))
    expect(os.path.isfile(os.path.join(d, 'out', 'default', 'fuzzer_stats')), 'fuzzer_stats\n' + log[-2000:])


@test
def installed_help_names_installed_schemas():
    # --help says where the schemas are: files of this installation
    seen = 0
    for tool in ('fxt-validate', 'fxt-dump'):
        r = sh('%s --help' % tool, Ctx.tmp)
        text = ' '.join(r.stdout.split())
        for name, folder in re.findall(r'(\S+\.schema\.json) in (/[^\s)]+)\)', text):
            expect(os.path.isfile(os.path.join(folder, name)) and
                   folder.startswith(Ctx.prefix), '%s --help: %s in %s' % (tool, name, folder))
            seen += 1
    expect(seen >= 3, 'the schemas named by --help (%d)' % seen)


@test
def ci_md_recipes_with_the_installed_tool():
    r = subprocess.run([sys.executable, os.path.join(Ctx.src, 'validator', 'cli', 'tests', 'test_ci_recipes.py'),
                        os.path.join(Ctx.prefix, 'bin', 'fxt-validate'), os.path.join(Ctx.src, 'docs')],
                       env=Ctx.env, capture_output=True, text=True, timeout=600)
    expect(r.returncode == 0, 'docs/ci.md recipes:\n' + r.stdout[-3000:] + r.stderr[-2000:])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--source', required=True)
    ap.add_argument('--build')
    ap.add_argument('--cmake')
    ap.add_argument('--installed', action='store_true')
    ap.add_argument('-k', dest='only')
    a = ap.parse_args()
    if not a.installed and not (a.build and a.cmake):
        ap.error('--build and --cmake, or --installed')
    Ctx.src = os.path.abspath(a.source)
    failed = 0
    with tempfile.TemporaryDirectory(prefix='fxt-doc-recipes-') as tmp:
        Ctx.tmp = tmp
        Ctx.env = dict(os.environ)
        if a.installed:
            exe = shutil.which('fxt-validate')
            if not exe:
                print('no installed fxt-validate')
                return 1
            Ctx.prefix = os.path.dirname(os.path.dirname(exe))
            print('against the installation in %s' % Ctx.prefix)
        else:
            Ctx.prefix = os.path.join(tmp, 'prefix')
            r = subprocess.run([a.cmake, '--install', os.path.abspath(a.build), '--prefix',
                                Ctx.prefix], capture_output=True, text=True)
            if r.returncode != 0:
                print(r.stdout, r.stderr)
                return 1
            libdirs = glob.glob(os.path.join(Ctx.prefix, 'lib*', '**', 'pkgconfig'), recursive=True)
            Ctx.env['PATH'] = os.path.join(Ctx.prefix, 'bin') + os.pathsep + os.environ.get('PATH', '')
            Ctx.env['PKG_CONFIG_PATH'] = os.pathsep.join(libdirs)
            Ctx.env['LD_LIBRARY_PATH'] = os.pathsep.join(os.path.dirname(p) for p in libdirs)
        for fn in TESTS:
            if a.only and a.only not in fn.__name__:
                continue
            try:
                note = fn()
                print('ok   %s%s' % (fn.__name__, ' (%s)' % note if note else ''))
            except Exception as e:  # noqa: BLE001 - report and go on
                failed += 1
                print('FAIL %s: %s' % (fn.__name__, e))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
