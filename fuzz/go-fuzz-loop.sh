#!/bin/sh
# SPDX-License-Identifier: MIT
# go-fuzz-loop.sh - keep `go test -fuzz` going past the crashes it finds.
#
# `go test -fuzz` stops at the first failure: a panic, or Go's fatal
# out-of-memory error (which no recover() catches and which kills the fuzz
# worker). It leaves the failing input in testdata/fuzz/TARGET/, where the
# next run replays it first and stops again, so a reader with one known bug
# is never fuzzed past it. This loop runs the campaign in the package's
# folder; after each failure it moves the failing input (a new crasher, or a
# seed corpus entry that fails) into the crashers folder with the output that
# names the bug, and starts the campaign again, until the time is up.
#
#   go-fuzz-loop.sh [-t SECONDS] [-m MEMORY_MB] [-d CRASHERS] [-C PKG_DIR] TARGET [-- GO_TEST_FLAGS...]
#
#   -t SECONDS    the whole campaign (default 600)
#   -m MEMORY_MB  memory of the test process and its fuzz workers: GOMEMLIMIT
#                 (the garbage collector's target) and, twice that, a hard
#                 limit on their address space (ulimit -v), so that a huge
#                 allocation fails at once (fatal error: runtime: out of
#                 memory) instead of swapping the machine; default 2048
#   -d CRASHERS   where failing inputs go (default: crashers, in PKG_DIR)
#   -C PKG_DIR    the package's folder (default: the current one)
#
# Each crasher CRASHERS/NAME comes with NAME.log: the campaign's output and
# the input replayed alone (go test -run TARGET/NAME, under the same memory
# limit), which shows the panic or the out-of-memory report with its stack
# (a worker's fatal error shows in the campaign only as "fuzzing process
# hung or terminated unexpectedly"). The loop prints each one's signature
# (the failure and the first frame outside the runtime) and, at the end,
# the distinct ones with their counts. To replay one, copy it back to
# testdata/fuzz/TARGET/ (keep it there once the bug is fixed: a regression
# test).
# Exit status: 0 the time ran out and nothing failed, 1 crashers were found,
# 2 usage error or a failure that left no input (a build error...).
set -u

usage() {
    sed -n 's/^#   \{0,1\}//p' "$0" | sed -n '/^go-fuzz-loop.sh \[/,/^-C PKG_DIR/p'
}

# The failure in LOG: its first panic or fatal error, and the first stack
# frame outside the runtime, testing and reflect, with its file and line.
signature() {
    awk '
        !what && match($0, /(panic|fatal error): .*/) {
            what = substr($0, RSTART, RLENGTH); sub(/ \[recovered\]$/, "", what)
        }
        what && !frame && /^[ \t]*[A-Za-z0-9_.\/-]+\.[^ (]+\(/ &&
            !/^[ \t]*(runtime|testing|reflect|internal)[.\/]/ && !/^[ \t]*panic\(/ {
            frame = $1; sub(/\(.*/, "", frame); want_line = 1; next
        }
        want_line { line = $1; sub(/^.*\//, "", line); want_line = 0 }
        END { printf "%s at %s (%s)\n", what ? what : "unknown failure", frame ? frame : "?", line }
    ' "$1"
}

secs=600 mem=2048 dir=crashers pkg=.
while getopts "t:m:d:C:h" o; do
    case $o in
    t) secs=$OPTARG ;;
    m) mem=$OPTARG ;;
    d) dir=$OPTARG ;;
    C) pkg=$OPTARG ;;
    h) usage; exit 0 ;;
    *) usage >&2; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
[ $# -ge 1 ] || { usage >&2; exit 2; }
target=$1
shift
[ "${1:-}" = "--" ] && shift
for v in "$secs" "$mem"; do
    case $v in '' | *[!0-9]*) echo "go-fuzz-loop.sh: -t and -m take whole numbers" >&2; exit 2 ;; esac
done
cd "$pkg" || exit 2
mkdir -p "$dir" || exit 2
corpus=testdata/fuzz/$target

end=$(($(date +%s) + secs))
found=0
run=0
while :; do
    left=$((end - $(date +%s)))
    [ "$left" -gt 0 ] || break
    run=$((run + 1))
    log=$dir/.run.log
    (
        ulimit -v $((mem * 2 * 1024)) 2>/dev/null
        GOMEMLIMIT=${mem}MiB exec go test -run XXX -fuzz "^$target\$" -fuzztime "${left}s" "$@" .
    ) >"$log" 2>&1
    rc=$?
    [ "$rc" -eq 0 ] && break
    # the failing input: a new one go wrote, or a seed corpus entry
    name=$(sed -n "s|.*Failing input written to $corpus/\([^ ]*\).*|\1|p" "$log" | tail -n 1)
    [ -n "$name" ] ||
        name=$(sed -n "s|^failure while testing seed corpus entry: $target/\([^ ]*\).*|\1|p" "$log" |
            head -n 1)
    if [ -z "$name" ] || [ ! -f "$corpus/$name" ]; then
        echo "go-fuzz-loop.sh: run $run failed without a failing input (exit $rc):" >&2
        tail -n 30 "$log" >&2
        exit 2
    fi
    {
        echo "== replayed alone: go test -run '^$target/$name\$'"
        (
            ulimit -v $((mem * 2 * 1024)) 2>/dev/null
            GOMEMLIMIT=${mem}MiB exec go test -run "^$target/$name\$" .
        ) 2>&1
    } >>"$log"
    mv "$corpus/$name" "$dir/$name" && mv "$log" "$dir/$name.log" || exit 2
    found=$((found + 1))
    sig=$(signature "$dir/$name.log")
    echo "$sig" >>"$dir/.signatures"
    echo "go-fuzz-loop.sh: run $run: $dir/$name: $sig"
done
rm -f "$dir/.run.log"
echo "go-fuzz-loop.sh: $found crasher(s) in $dir after $run run(s)"
if [ -f "$dir/.signatures" ]; then
    echo "go-fuzz-loop.sh: distinct failures (count, signature):"
    sort "$dir/.signatures" | uniq -c | sort -rn
    rm -f "$dir/.signatures"
fi
[ "$found" -eq 0 ] || exit 1
exit 0
