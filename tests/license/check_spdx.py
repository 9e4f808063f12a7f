#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""Every source file of the tree names its license (ctest license-headers).

A source file is any file below the source root but data and prose (.fxt,
.json, .md, .png; .wasm and .tgz, which npm pack makes), LICENSE and git's
own files; build trees (build*/), .git and npm's node_modules are left out. Each must carry `SPDX-License-Identifier: MIT` in its first three
lines (after a #! line, or before a Go package's doc comment). The LICENSE
file must be the MIT license. Exit 0 when all do, 1 listing those that do not.
"""
import os
import sys

DATA = ('.fxt', '.json', '.md', '.png', '.wasm', '.tgz')
# .git is a file in a git worktree (it names the real repository)
OWN = {'LICENSE', '.gitignore', '.gitattributes', '.git'}
TAG = 'SPDX-License-Identifier: MIT'


def source_files(root):
    for d, dirs, files in os.walk(root):
        dirs[:] = sorted(x for x in dirs
                         if x != '.git' and not x.startswith('build')
                         and x not in ('out', '__pycache__', 'node_modules'))
        for f in sorted(files):
            if f.endswith(DATA) or f in OWN or f.endswith('.pyc'):
                continue
            yield os.path.join(d, f)


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else '.'
    lic = open(os.path.join(root, 'LICENSE'), encoding='utf-8').read()
    bad = []
    if not lic.startswith('MIT License') or 'Permission is hereby granted' not in lic:
        bad.append('LICENSE: not the MIT license text')
    n = 0
    for p in source_files(root):
        n += 1
        with open(p, 'rb') as fh:
            head = fh.read(512).decode('utf-8', 'replace').split('\n')[:3]
        if not any(TAG in line for line in head):
            bad.append(os.path.relpath(p, root) + ': no "' + TAG + '" in its first 3 lines')
    if n == 0:
        bad.append('no source files found under ' + root)
    for b in bad:
        print(b)
    print('license-headers: %d source files, %d without the line' % (n, len(bad)))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
