#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""ctest doc-recipes: the recipes of README.md, docs/ci.md and fuzz/README.md
run from their Markdown text (extracted, not retyped) against a prefix
install of this build (cmake --install --prefix TMP).

usage: test_doc_recipes.py --source SRC --build BUILD --cmake CMAKE [-k NAME] [--skip NAME]...
       test_doc_recipes.py --source SRC --no-install --wasm-build DIR -k readme_webassembly_build
       test_doc_recipes.py --source SRC --installed [-k NAME]

--installed runs them against what is installed on the machine (the Debian
packages, inside scripts/check-deb.sh's throw-away copy of the system:
ctest doc-recipes-deb) instead of a prefix install.

What is run, and what is changed in the text before running it (nothing
else is):
- README "Job 3" (fxt-gen): every command, in a scratch folder; what the
  block's comments promise is checked (the random trace and the r1 trace
  read as r1 are warning-free, roundtrip exits 0);
- README's Install: its configure command on a machine without Check
  (PKG_CONFIG_LIBDIR empty), into the test's own folder instead of build/,
  then fxt-validate built;
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
- fuzz/README's Go recipe (in a copy of the Go fixture module, without
  its campaign line, bounded by seconds by design: ctest fuzz_recipe_go runs
  the loop) and Python recipe (its replay loop as written, over the careful
  fixture reader: exit 0);
- fuzz/README's fxt-conform gate (a ./my_reader running fxt-validate;
  --generated 2 --jobs 2 added): --write-expect then --expect, both exit 0;
- README's Job 1 workflow steps (annotations fail on errors, SARIF does
  not, both fail on exit 3, upload-sarif@v4) and its library snippet (the
  five lines, in a main that defines what they name);
- docs/ci.md: validator/cli/tests/test_ci_recipes.py with the installed
  fxt-validate (every recipe there runs from the text);
- every fenced block of the three files is accounted for: run here, by
  ci-recipes, or not run with the reason (every_recipe_is_accounted_for).
The fuzzing parts are skipped (said) without clang's libFuzzer or AFL++.
"""
import argparse
import glob
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time


class Ctx:
    src = prefix = tmp = wasm_build = None
    installed = False
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


def fixture(name):
    d = os.path.join(Ctx.tmp, name)
    shutil.copytree(os.path.join(Ctx.src, 'fuzz', 'tests', name), d)
    return d


@test
def fuzz_go_recipe():
    if not shutil.which('go'):
        return 'skipped (no go)'
    body = block_with(os.path.join(Ctx.src, 'fuzz', 'README.md'), 'sh', "go test -run 'FuzzRead$'")
    # the campaign line (go-fuzz-loop.sh) is bounded by seconds by design:
    # ctest fuzz_recipe_go runs the loop; the rest runs here as written
    lines = [ln for ln in body.splitlines() if 'go-fuzz-loop.sh' not in ln.split('#')[0]]
    expect(len(lines) == len(body.splitlines()) - 1, 'one campaign line')
    d = fixture('go')  # a module with FuzzRead (fuzz/tests/go)
    # (Go's build cache: FXT_GOCACHE, shared by the build tree's Go tests, or
    # one of its own)
    gocache = os.environ.get('FXT_GOCACHE') or os.path.join(Ctx.tmp, 'gocache')
    env = {'FXT': Ctx.src, 'GOCACHE': gocache,
           'GOPATH': os.path.join(Ctx.tmp, 'gopath'), 'GOFLAGS': '-mod=mod', 'GOPROXY': 'off',
           'GOTOOLCHAIN': 'local'}
    r = sh('\n'.join(lines), d, env)
    expect(r.returncode == 0, 'Go recipe: exit %d\n%s%s' % (r.returncode, r.stdout[-2000:], r.stderr[-2000:]))
    n = len(os.listdir(os.path.join(d, 'testdata', 'fuzz', 'FuzzRead')))
    expect(n > 0 and re.search(r'^ok\s', r.stdout, re.M), 'go test replayed %d files:\n%s' % (n, r.stdout[-1000:]))


@test
def fuzz_python_recipe():
    body = block_with(os.path.join(Ctx.src, 'fuzz', 'README.md'), 'sh', 'python3 replay.py')
    loop = block_with(os.path.join(Ctx.src, 'fuzz', 'README.md'), 'python', 'os.listdir(folder)')
    d = scratch('python')
    shutil.copy(os.path.join(Ctx.src, 'fuzz', 'tests', 'python', 'fxtread.py'), d)
    # replay.py: the README's loop as written, with what it leaves to the
    # reader around it (imports, the folder, the exit status)
    with open(os.path.join(d, 'replay.py'), 'w') as f:
        f.write('import os, sys, traceback\nimport fxtread\nbugs = 0\nfolder = sys.argv[1]\n' +
                loop + 'sys.exit(1 if bugs else 0)\n')
    r = sh(body, d, {'FXT': Ctx.src})
    expect(r.returncode == 0 and 'BUG' not in r.stdout,
           'Python recipe over a careful reader: exit %d\n%s%s' % (r.returncode, r.stdout[-2000:], r.stderr[-1000:]))
    expect(len(os.listdir(os.path.join(d, 'traces'))) > 32, 'seeds and mutations written')


@test
def readme_library_snippet():
    snippet = block_with(os.path.join(Ctx.src, 'README.md'), 'c', 'fxt_validator_new')
    d = scratch('lib')
    # the five lines as written, in a function with what they name around it
    prog = ('#include <stdio.h>\n#include <fxt/validate.h>\n'
            'static unsigned issues;\n'
            'static fxt_rule first = FXT_R_NONE;\n'
            'static void on_issue(void *ctx, const fxt_issue *is) { (void)ctx; if (!issues++) first = is->rule; }\n'
            'int main(void) {\n'
            '    static const unsigned char chunk[24] = {0x10, 0, 0x04, 0x46, 0x78, 0x54, 0x16, 0,\n'
            '        0x21, 0, 1, 0, 0, 0, 0, 0, 0x00, 0xca, 0x9a, 0x3b, 0, 0, 0, 0};\n'

            '    size_t n = sizeof chunk;\n' + snippet +
            '    fxt_validator_free(v);\n'
            '    const fxt_rule_info *ri = fxt_rule_get(first);\n'
            '    printf("%u issues, %s\\n", issues, ri ? ri->id : "-");\n'

            '    return 0;\n}\n')
    with open(os.path.join(d, 'use.c'), 'w') as f:
        f.write(prog)
    # an initialization record with bit 16 set: one issue (E0022)
    r = sh('cc -std=c11 use.c $(pkg-config --cflags --libs fxt) -o use && ./use', d)
    expect(r.returncode == 0 and '1 issues, E0022' in r.stdout, 'the library snippet: %s%s' % (r.stdout, r.stderr))


@test
def fxt_conform_gate_bootstrap():
    body = block_with(os.path.join(Ctx.src, 'fuzz', 'README.md'), 'sh', '--write-expect conform-expect.txt')
    d = scratch('conform')
    # ./my_reader: a reader for the recipe to run (the fixture: fxt-validate)
    with open(os.path.join(d, 'my_reader'), 'w') as f:
        f.write('#!/bin/sh\nexec fxt-validate -q "$1"\n')
    os.chmod(os.path.join(d, 'my_reader'), 0o755)
    for line in body.splitlines():
        cmd = line.split('#')[0].strip()
        if not cmd:
            continue
        # the generated traces: fewer than the default, the same on both lines
        r = sh(cmd + ' --generated 2 --jobs 2', d, timeout=900)
        expect(r.returncode == 0, '%s: exit %d\n%s%s' % (cmd, r.returncode, r.stdout[-1500:], r.stderr[-1500:]))
    expect(os.path.isfile(os.path.join(d, 'conform-expect.txt')) and
           os.path.isfile(os.path.join(d, 'conform.xml')), 'the list and the JUnit report')


@test
def fuzz_mutate_recipes():
    body = block_with(os.path.join(Ctx.src, 'fuzz', 'README.md'), 'sh', '-o seeds corpus/')
    d = scratch('mutate')
    # corpus/: the tree's golden corpus, where the block names it
    os.symlink(os.path.join(Ctx.src, 'corpus'), os.path.join(d, 'corpus'))
    r = sh(body, d)
    expect(r.returncode == 0, 'fxt-mutate recipes: exit %d\n%s%s' % (r.returncode, r.stdout[-1500:],
                                                                   r.stderr[-1500:]))
    # what the comments promise: seeds little-endian only; Go corpus files
    seeds = os.listdir(os.path.join(d, 'seeds'))
    be = [f for f in seeds if open(os.path.join(d, 'seeds', f), 'rb').read(8) ==
          bytes.fromhex('0016547846040010')]
    expect(seeds and not be, 'seeds: %d, %d big-endian' % (len(seeds), len(be)))
    go = os.listdir(os.path.join(d, 'testdata', 'fuzz', 'FuzzRead'))
    expect(go and all(open(os.path.join(d, 'testdata', 'fuzz', 'FuzzRead', f)).readline()
                      == 'go test fuzz v1\n' for f in go), 'Go corpus files')
    expect(os.listdir(os.path.join(d, 'mutated')) and os.listdir(os.path.join(d, 'm')), 'mutations')


@test
def readme_job1_github_steps():
    import yaml
    text = block_with(os.path.join(Ctx.src, 'README.md'), 'yaml', 'Validate (annotations)')
    steps = yaml.safe_load(text)
    d = scratch('job1')
    os.makedirs(os.path.join(d, 'traces'))
    # an initialization record with bit 16 set (E0022): exit 1
    with open(os.path.join(d, 'traces', 'bad.fxt'), 'wb') as f:
        f.write(bytes.fromhex('1000044678541600') + bytes.fromhex('2100010000000000') +
                bytes.fromhex('00ca9a3b00000000'))
    rcs = {}
    for st in steps:
        if 'run' in st:
            rcs[st['name']] = sh(st['run'], d).returncode
    expect(rcs == {'Validate (annotations)': 1, 'Validate (SARIF)': 0},
           'the annotations step fails on errors, the SARIF step leaves them to code scanning: %r' % rcs)
    up = [st for st in steps if 'uses' in st]
    expect(len(up) == 1 and up[0]['uses'] == 'github/codeql-action/upload-sarif@v4' and
           os.path.isfile(os.path.join(d, up[0]['with']['sarif_file'])), 'upload-sarif@v4 %r' % up)
    # exit 3 (not fully checked: two providers, --max-providers 1 from a
    # .fxtkitrc) fails the SARIF step too
    with open(os.path.join(d, '.fxtkitrc'), 'w') as f:
        f.write('max-providers = 1\n')
    # magic, initialization, provider info 1 "a" and 2 "b" (metadata type 1,
    # provider id [20..51], name length [52..59])
    words = [0x0016547846040010, 0x21, 1_000_000_000,
             0x0 | (2 << 4) | (1 << 16) | (1 << 20) | (1 << 52), ord('a'),
             0x0 | (2 << 4) | (1 << 16) | (2 << 20) | (1 << 52), ord('b')]
    with open(os.path.join(d, 'traces', 'bad.fxt'), 'wb') as f:
        f.write(b''.join(w.to_bytes(8, 'little') for w in words))
    r = sh('fxt-validate traces/bad.fxt', d)
    expect(r.returncode == 3, 'the trace is not fully checked: %r' % r)
    r = sh(next(st['run'] for st in steps if st.get('name') == 'Validate (SARIF)'), d)
    expect(r.returncode != 0, 'the SARIF step fails on exit 3: %r' % r)


@test
def readme_install_without_check():
    if Ctx.installed:
        return 'skipped (needs the source tree)'
    body = block_with(os.path.join(Ctx.src, 'README.md'), 'sh', '-B build -DCMAKE_BUILD_TYPE=Release')
    configure = body.splitlines()[0].split('&&')[0].strip()
    expect(configure.startswith('cmake -S . -B build '), configure)
    d = scratch('release')
    # on a machine without Check (pkg-config finds nothing), into a folder of
    # the test's own (not the developer's build/): the tools configure and build
    empty = scratch('no-pkgconfig')
    cmd = configure.replace('-B build', '-B ' + shlex.quote(d), 1)
    r = sh(cmd, Ctx.src, {'PKG_CONFIG_LIBDIR': empty, 'PKG_CONFIG_PATH': ''})
    expect(r.returncode == 0, '%s without Check: exit %d\n%s%s' % (configure, r.returncode,
                                                                     r.stdout[-1500:], r.stderr[-1500:]))
    r = sh('cmake --build %s --target fxt-validate' % shlex.quote(d), Ctx.src)
    expect(r.returncode == 0, 'building fxt-validate: %s' % r.stdout[-1500:])


@test
def readme_webassembly_build():
    if Ctx.installed:
        return 'skipped (needs the source tree)'
    if not os.path.exists('/usr/lib/wasm32-wasi/libc.a'):
        return 'skipped (no wasi-libc: scripts/setup.sh installs it)'
    body = block_with(os.path.join(Ctx.src, 'README.md'), 'sh', 'wasm32-wasi.cmake')
    expect(body.count('build-wasm') == 2, 'the WebAssembly block names build-wasm twice: %r' % body)
    # into a folder of the test's own, not the developer's build-wasm/:
    # --wasm-build's (from scratch; the npm package's tests then reuse it)
    # or a scratch one
    if Ctx.wasm_build:
        shutil.rmtree(Ctx.wasm_build, ignore_errors=True)
    d = Ctx.wasm_build or scratch('wasm')
    r = sh(body.replace('build-wasm', shlex.quote(d)), Ctx.src, timeout=900)
    expect(r.returncode == 0, 'the WebAssembly build: exit %d\n%s%s' % (
        r.returncode, r.stdout[-1500:], r.stderr[-1500:]))
    for tool in ('validator/cli/fxt-validate', 'validator/cli/fxt-dump', 'generator/fxt-gen'):
        wasm = os.path.join(d, tool + '.wasm')  # what the README says it builds
        expect(os.path.exists(wasm), '%s was not built' % wasm)
        if os.path.exists(wasm):
            with open(wasm, 'rb') as f:
                expect(f.read(4) == b'\0asm', '%s is not a WebAssembly module' % wasm)


ACCOUNTED = {
    # (file, a string of the block): what runs it, or why it is not run here
    ('README.md', 'bash scripts/setup.sh && cmake -S . -B build'): 'doc-recipes-fresh readme_quick_start (in a fresh copy of the tree)',
    ('README.md', 'bash scripts/setup.sh && bash scripts/test.sh'): 'not run here: it is the whole CI (.ci/run)',
    ('README.md', '-DCMAKE_BUILD_TYPE=Release && cmake --build build -j'): 'readme_install_without_check (its configure step, and fxt-validate built); its install line: doc-recipes-fresh readme_install_line (sudo shim, DESTDIR)',
    ('README.md', 'Validate (annotations)'): 'readme_job1_github_steps',
    ('README.md', 'my_reader_fuzz'): 'readme_job2_libfuzzer',
    ('README.md', 'fxt-gen random'): 'readme_job3_generator',
    ('README.md', 'fxt_validator_new'): 'readme_library_snippet',
    ('README.md', 'wasm32-wasi.cmake'): 'readme_webassembly_build',
    ('fuzz/README.md', 'LLVMFuzzerTestOneInput'): 'the harness of the libFuzzer and AFL++ recipes',
    ('fuzz/README.md', 'build-release'): 'fuzz_quick_start_libfuzzer; its first line: doc-recipes-fresh-fuzz fuzz_quick_start_install_line (ctest -L extended)',
    ('fuzz/README.md', './my_reader_afl'): 'fuzz_afl_recipe',
    ('fuzz/README.md', 'func FuzzRead'): 'the fuzz target of the Go fixture (fuzz/tests/go)',
    ('fuzz/README.md', "go test -run 'FuzzRead$'"): 'fuzz_go_recipe (but its time-bounded campaign line: ctest fuzz_recipe_go)',
    ('fuzz/README.md', 'python3 replay.py'): 'fuzz_python_recipe',
    ('fuzz/README.md', 'os.listdir(folder)'): 'fuzz_python_recipe',
    ('fuzz/README.md', 'atheris'): 'not run: untested, as the README says (not installable here)',
    ('fuzz/README.md', '--timeout 5 --json report.json'): 'doc-recipes-fresh fxt_conform_in_the_tree',
    ('fuzz/README.md', '--write-expect conform-expect.txt'): 'fxt_conform_gate_bootstrap',
    ('fuzz/README.md', 'jobs:'): 'not run: a GitHub Actions job (runs-on, actions/checkout of OWNER/fxtkit: no published repository; make my_reader: your build)',
    ('fuzz/README.md', '--compare --reader'): 'not run here: fxtkit\'s own tree (ctest conform-compare)',
    ('fuzz/README.md', '--revision r2 --reader'): 'doc-recipes-fresh fxt_conform_in_the_tree',
    ('fuzz/README.md', 'bench_bugs.sh'): 'not run: a measurement campaign of hours',
    ('fuzz/README.md', '-o seeds corpus/'): 'fuzz_mutate_recipes',
    ('fuzz/README.md', '#include <fxt/mutator.h>'): 'not run: an API sketch (ctest install-fuzz-kit builds a mutator program)',
    ('fuzz/README.md', 'ctest --test-dir build -R fuzz_'): 'doc-recipes-fresh fuzz_replay_lines (but its ctest line: it is fxtkit\'s own test suite, which ctest runs in every build)',
    ('fuzz/README.md', 'fuzz/smoke.sh'): 'not run here: scripts/test.sh runs it (its stage 5, 4-5 minutes)',
    ('fuzz/README.md', '-DFXT_FUZZ=ON'): 'not run: its libFuzzer and afl-fuzz lines are campaigns with no bound (fuzz/smoke.sh builds the same targets and runs them bounded)',
    ('fuzz/README.md', 'fuzz/build.sh'): 'not run here: the OSS-Fuzz build script (a third clang build of the tree; fuzz/smoke.sh builds and runs the same fuzz targets)',
    ('docs/ci.md', 'apt-get install -y ./fxtkit_'): 'ci-recipes install_from_the_package (the file name cpack writes)',
    ('docs/ci.md', 'build-essential cmake ninja-build'): 'not run here: its first line is the package manager (apt-get as root); the rest would be a third build of the tree (doc-recipes-fresh runs the quick start\'s build and its install line, doc-recipes-fresh-fuzz, ctest -L extended, the fuzz quick start\'s Release build and install)',
}


@test
def every_recipe_is_accounted_for():
    # every fenced block with a language (blocks without one are sample
    # output) of the user docs: run here, run by ci-recipes (docs/ci.md's
    # <!-- recipe --> blocks), or not run, said why
    missing = []
    for rel in ('README.md', 'fuzz/README.md', 'docs/ci.md'):
        path = os.path.join(Ctx.src, rel)
        with open(path, encoding='utf-8') as f:
            text = f.read()
        recipe_blocks = {m.group(1) for m in re.finditer(
            r'^<!-- recipe: [a-z-]+ -->\n```[a-z]*\n(.*?)^```', text, re.S | re.M)}
        for lang, body in blocks(path):
            if not lang or body in recipe_blocks or (rel == 'docs/ci.md' and lang == 'xml'):
                continue
            if not any(f == rel and needle in body for (f, needle) in ACCOUNTED):
                missing.append('%s: %s' % (rel, body.strip().splitlines()[0][:80]))
    expect(not missing, 'blocks no test accounts for: %s' % missing)
    return '%d blocks accounted for' % len(ACCOUNTED)


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
    ap.add_argument('--skip', action='append', default=[], help='leave out this recipe (repeatable)')
    ap.add_argument('--wasm-build', help='readme_webassembly_build builds here (emptied first)')
    ap.add_argument('--no-install', action='store_true',
                    help='no prefix install (for recipes that build from the source tree)')
    a = ap.parse_args()
    if not a.installed and not a.no_install and not (a.build and a.cmake):
        ap.error('--build and --cmake, --installed or --no-install')
    Ctx.src = os.path.abspath(a.source)
    Ctx.wasm_build = os.path.abspath(a.wasm_build) if a.wasm_build else None
    failed = 0
    with tempfile.TemporaryDirectory(prefix='fxt-doc-recipes-') as tmp:
        Ctx.tmp = tmp
        Ctx.env = dict(os.environ)
        Ctx.installed = a.installed
        if a.installed:
            exe = shutil.which('fxt-validate')
            if not exe:
                print('no installed fxt-validate')
                return 1
            Ctx.prefix = os.path.dirname(os.path.dirname(exe))
            print('against the installation in %s' % Ctx.prefix)
        elif a.no_install:
            Ctx.prefix = None
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
            if a.only and a.only not in fn.__name__ or fn.__name__ in a.skip:
                continue
            t0 = time.monotonic()
            try:
                note = fn()
                print('ok   %s%s [%.1f s]' % (fn.__name__, ' (%s)' % note if note else '',
                                          time.monotonic() - t0))
            except Exception as e:  # noqa: BLE001 - report and go on
                failed += 1
                print('FAIL %s: %s' % (fn.__name__, e))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
