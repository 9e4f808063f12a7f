#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""ctest doc-links: every relative link of the project's Markdown files
names a file or folder of the source tree, and none leaves it; no user doc
names ../shared (this machine's data, not the user's: dead wherever the
docs are read, installed or on a forge).

usage: docs_links.py SOURCE_DIR
"""
import os
import re
import sys

LINK = re.compile(r'\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)')


def markdown_files(src):
    for root, dirs, files in os.walk(src):
        dirs[:] = [d for d in dirs if not d.startswith(('.', 'build')) and d != 'node_modules']
        for f in files:
            if f.endswith('.md'):
                yield os.path.join(root, f)


def main():
    src = os.path.abspath(sys.argv[1])
    bad = []
    n = 0
    for path in sorted(markdown_files(src)):
        with open(path, encoding='utf-8') as f:
            text = f.read()
        # links inside code blocks are code, not links
        text = re.sub(r'^```.*?^```', '', text, flags=re.S | re.M)
        for m in LINK.finditer(text):
            target = m.group(1).split('#')[0]
            if not target or re.match(r'^[a-z]+:', target):
                continue
            n += 1
            full = os.path.normpath(os.path.join(os.path.dirname(path), target))
            rel = os.path.relpath(path, src)
            if not (full == src or full.startswith(src + os.sep)):
                bad.append('%s: %s leaves the source tree' % (rel, m.group(1)))
            elif not os.path.exists(full):
                bad.append('%s: %s does not exist' % (rel, m.group(1)))
        # ../shared named anywhere in a user doc (a link, a path in the text
        # or in a recipe): the user has no such folder (the history in
        # CHANGELOG.md may name it)
        if os.path.basename(path) != 'CHANGELOG.md':
            with open(path, encoding='utf-8') as f:
                for i, line in enumerate(f, 1):
                    if '../shared' in line:
                        bad.append('%s:%d: names ../shared' % (os.path.relpath(path, src), i))
    for b in bad:
        print('FAIL: ' + b)
    print('%d relative links, %d bad' % (n, len(bad)))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
