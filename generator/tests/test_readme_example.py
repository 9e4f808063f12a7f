#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""The README's fxt-gen/fxt-validate session must be what the tools print.

Runs each `$ command` line of the README code block that starts with
`$ fxt-gen violate`, in a temporary directory, with the built tools, and
compares the output with the lines that follow it in the README. Only the
timing in the summary line, "(0.000 s, 100.0 MB/s)", is not compared.

usage: test_readme_example.py README.md FXT_GEN FXT_VALIDATE
"""
import os
import re
import shlex
import subprocess
import sys
import tempfile

TIMING = re.compile(r'\(\d+\.\d+ s, [\d.]+ MB/s\)$')


def session(readme):
    """The first code block holding a `$ fxt-gen violate` line, as lines."""
    blocks = re.findall(r'^```[a-z]*\n(.*?)^```', readme, re.S | re.M)
    for b in blocks:
        if re.search(r'^\$ fxt-gen violate', b, re.M):
            return b.splitlines()
    sys.exit('no "$ fxt-gen violate" session in the README')


def main():
    readme_path = sys.argv[1]
    gen, val = (os.path.abspath(x) for x in sys.argv[2:4])
    with open(readme_path, encoding='utf-8') as f:
        lines = session(f.read())
    tools = {'fxt-gen': gen, 'fxt-validate': val}
    failures, rc, i = [], None, 0
    with tempfile.TemporaryDirectory(prefix='fxt-readme-') as tmp:
        while i < len(lines):
            cmd = lines[i][2:]
            i += 1
            want = []
            while i < len(lines) and not lines[i].startswith('$ '):
                want.append(lines[i])
                i += 1
            if cmd == 'echo $?':
                got = [str(rc)]
            else:
                argv = shlex.split(cmd)
                argv[0] = tools[argv[0]]
                p = subprocess.run(argv, cwd=tmp, capture_output=True, text=True, timeout=60)
                rc = p.returncode
                got = (p.stdout + p.stderr).splitlines()
            norm = lambda ls: [TIMING.sub('(TIME)', l) for l in ls]
            if norm(got) != norm(want):
                failures.append('$ %s\n  README says:\n    %s\n  the tool prints:\n    %s' % (
                    cmd, '\n    '.join(want), '\n    '.join(got)))
    for f in failures:
        print('FAIL ' + f)
    print('%d commands, %d differ' % (len([l for l in lines if l.startswith('$ ')]), len(failures)))
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
