# SPDX-License-Identifier: MIT
"""Replay loop: run a Python FXT reader over every file fxt-mutate wrote.

    python3 replay.py DIR [--buggy]

A clean rejection (the reader's own exception, here fxtread.FxtError) is
fine; any other exception is a bug: the loop prints the file and the
traceback, goes on, and exits 1 at the end if there was any.
"""

import os
import sys
import traceback

import fxtread

bugs = 0
folder = sys.argv[1]
for name in sorted(os.listdir(folder)):
    with open(os.path.join(folder, name), "rb") as f:
        data = f.read()
    try:
        fxtread.read(data, buggy="--buggy" in sys.argv)
    except fxtread.FxtError:
        pass  # rejected cleanly
    except Exception:  # noqa: BLE001 - anything else is a bug in the reader
        bugs += 1
        print("BUG on %s:" % name)
        traceback.print_exc(file=sys.stdout)
print("%d files, %d bugs" % (len(os.listdir(folder)), bugs))
sys.exit(1 if bugs else 0)
