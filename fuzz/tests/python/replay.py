# SPDX-License-Identifier: MIT
"""Replay loop: run a Python FXT reader over every file fxt-mutate wrote,
the way the reader reads traces: from the file (not from bytes in memory,
which would hide what reading a huge record from a file does).

    python3 replay.py DIR [--zero-ticks] [--trust-size] [--init-after-provider]

A clean rejection (the reader's own exception, here fxtread.FxtError) is
fine; any other exception is a bug (MemoryError too): the loop prints the
file and the traceback, goes on, and exits 1 at the end if there was any.
"""

import os
import sys
import traceback

import fxtread

bugs = rejected = 0
folder = sys.argv[1]
planted = fxtread.bugs_from(sys.argv[2:])  # the fixture's planted bugs
names = sorted(os.listdir(folder))
for name in names:
    try:
        fxtread.read_file(os.path.join(folder, name), **planted)
    except fxtread.FxtError:
        rejected += 1  # rejected cleanly
    except Exception:  # noqa: BLE001 - anything else is a bug in the reader
        bugs += 1
        print("BUG on %s:" % name)
        traceback.print_exc(file=sys.stdout)
print("%d files, %d read, %d rejected, %d bugs" % (len(names), len(names) - rejected - bugs,
                                                   rejected, bugs))
sys.exit(1 if bugs else 0)
