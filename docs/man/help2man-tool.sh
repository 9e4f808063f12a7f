#!/bin/sh
# SPDX-License-Identifier: MIT
# docs/man/help2man-tool.sh OPTION - what help2man runs in place of the tool
# named by $FXT_MAN_TOOL (cmake/manpages.cmake): the tool's --help or
# --version output, with the help's "Exit status:" heading (or "exit
# status:", as fxt-conform's argparse epilog writes it) turned into
# help2man's mark of a section of its own ("*Exit status*"), so that the exit
# statuses --help lists become the page's EXIT STATUS section.
set -eu
out=$("$FXT_MAN_TOOL" "$@")
printf '%s\n' "$out" | sed 's/^[Ee]xit status:$/*Exit status*/'
