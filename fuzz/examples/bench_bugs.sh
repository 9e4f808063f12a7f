#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# shellcheck disable=SC2086  # $SAN, $HARNESS_DEFS, $flags: flag lists, split on purpose
# bench_bugs.sh - a FuzzBench-style bug-finding benchmark on the naive reader.
#
# Builds naive_reader_fuzz (naive_reader.c + naive_reader_fuzz.c) for each
# fuzzer configuration, runs TRIALS trials of SECONDS each seeded from
# corpus/valid, records when each planted bug was first hit, and prints the
# median time to each bug per configuration.
#
#   libfuzzer       clang -fsanitize=fuzzer,address,undefined, libFuzzer's own mutations
#   libfuzzer-mut   the same, linked with fxtkit's structure-aware mutator
#                   (fuzz/libfuzzer_mutator.c + fuzz/mutator*.c: LLVMFuzzerCustomMutator)
#   afl             AFL++ (afl-clang-fast, ASan+UBSan, libFuzzer entry via libAFLDriver)
#   afl-mut         the same with AFL_CUSTOM_MUTATOR_LIBRARY (fuzz/afl_mutator.c)
#
# Configurations whose tools or sources are missing are skipped with a note.
# libFuzzer runs in fork mode with -ignore_crashes/-ignore_timeouts so that
# one trial can find every bug; AFL++ keeps going after crashes anyway. Each
# crash or hang input is replayed on the libFuzzer build and attributed to a
# planted bug by the function it fails in (naive_reader.c names them):
#   1 nr_ticks_to_seconds  2 nr_read_inline_string  3 oracle_misframed_record
#   4 oracle_no_progress   5 nr_blob_checksum       6 nr_count_event
#   7 nr_blob_copy         8 nr_event_kind_name     9 nr_event_time
#  10 nr_blob_alloc       11 nr_check_size_limit
# (Bugs 12 and 13, a stale string or thread after re-registration, do not
# crash: only fxt-conform --compare sees them, so they are not part of this
# benchmark.)
# The harness's two oracles (naive_reader_fuzz.c) make bug 3 visible and turn
# bug 4's hang into an immediate abort; with -O they are left out, bug 3 is
# then not findable and bug 4 is a timeout (and the hangs, which cost a whole
# -H each, slow everything else down).
# Anything else is reported as "other" (an unplanted bug: please report it).
# The trials run interleaved (every configuration's trial 1, then every
# trial 2...), so that other jobs' load falls on all alike. Time to a bug is
# read on the fuzzer's CPU clock: bench_cpu.py samples the user + system
# time of the fuzzer's process tree every 10 ms, and the modification time
# of the first input that sets the bug off is looked up on that timeline
# (the wall clock, the same time minus the trial's start, is printed too).
# With -C every trial gets a budget of CPU seconds instead of wall seconds.
# The median counts a miss as "longer than the limit"; a median that is a
# miss prints as "-". The summary ends with the targets of issue 25, per
# pair of configurations (with the mutator against without).
#
# -P cxx: the profile of Fuchsia's C++ trace reader (issue 32): the reader
# built with every planted bug fixed but its deep size wraps (5, 7) and
# its shallow enum loads (8, and 14: an undefined trace-info type, in the
# magic record), the README's recipe (seeds from
# `fxt-mutate seeds --byte-order le corpus/valid`, fxt.dict, -max_len=65536);
# the targets: 8 and 14 no later than plain, 5 and 7 5x sooner. A
# mutator that sets the deep bugs off often pays for each crash with a
# restart of libFuzzer's fork job there.
#
# This is a benchmark, not a test: the defaults (3 trials x 120 s x 4
# configurations) take about 25 minutes on one core.

set -euo pipefail

usage() {
    cat <<'EOF'
usage: bench_bugs.sh [-n TRIALS] [-t SECONDS] [-C CPU_SECONDS] [-c CONFIGS] [-o OUTDIR] [-H HANG_S]
                     [-j JOBS] [-O] [-A] [-P PROFILE] [-x DICT] [-F FLAGS]

  -n TRIALS    trials per configuration (default 3)
  -t SECONDS   wall-clock limit of each trial (default 120; with -C, 10 x CPU_SECONDS)
  -C CPU_SECONDS  CPU budget of each trial: the fuzzer is stopped once its
               process tree has used that much CPU time (a budget the load
               of other jobs on the machine does not shrink)
  -c CONFIGS   comma-separated subset of libfuzzer,libfuzzer-mut,afl,afl-mut
               (default: all that can be built here)
  -o OUTDIR    build and results folder (default: build-bench-bugs/ in the repository)
  -H HANG_S    seconds after which an input counts as a hang (default 2)
  -j JOBS      trials run at the same time (default 1; keep <= cores)
  -O           no harness oracles (-DNAIVE_READER_NO_ORACLE): crashes and timeouts only
  -A           only attribute and summarise the runs already in OUTDIR (same -n, -t, -H, -P)
  -P PROFILE   all (default: every planted bug, seeds corpus/valid) or cxx (only
               bugs 5, 7, 8 and 14; seeds from fxt-mutate seeds --byte-order le,
               fxt.dict, -max_len=65536: the README's recipe)
  -x DICT      a dictionary for both fuzzers (-dict= / -x; cxx: fuzz/fxt.dict)
  -F FLAGS     libFuzzer's run-mode flags (default: -fork=1 -ignore_crashes=1
               -ignore_timeouts=1 -ignore_ooms=1)
  -h           this help

environment: CC (default clang), AFL_CC (default afl-clang-fast), SEEDS (a folder
of seed traces instead of corpus/valid), MUT_DEFS (compiler flags for the mutator's
objects, e.g. -DFXT_RAW_SHARE=4), FXT_MUTATE (fxt-mutate for -P cxx; default
build/fuzz/fxt-mutate, else on PATH).
Results: OUTDIR/results.tsv (one line per trial and bug), OUTDIR/summary.txt.
EOF
}

TRIALS=3
SECS=120
CONFIGS=""
OUT=""
HANG=2
JOBS=1
ORACLE=""
ANALYSE_ONLY=0
CPU=""
SECS_SET=0
PROFILE=all
DICT=""
LF_MODE="-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1"
while getopts "n:t:C:c:o:H:j:OAP:x:F:h" opt; do
    case $opt in
    n) TRIALS=$OPTARG ;;
    t) SECS=$OPTARG; SECS_SET=1 ;;
    C) CPU=$OPTARG ;;
    c) CONFIGS=$OPTARG ;;
    o) OUT=$OPTARG ;;
    H) HANG=$OPTARG ;;
    j) JOBS=$OPTARG ;;
    O) ORACLE="-DNAIVE_READER_NO_ORACLE" ;;
    A) ANALYSE_ONLY=1 ;;
    P) PROFILE=$OPTARG ;;
    x) DICT=$OPTARG ;;
    F) LF_MODE=$OPTARG ;;
    h) usage; exit 0 ;;
    *) usage >&2; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
if [ $# -ne 0 ]; then usage >&2; exit 2; fi
for v in "$TRIALS" "$SECS" "$HANG" "$JOBS" ${CPU:+"$CPU"}; do
    case $v in '' | *[!0-9]* | 0) echo "bench_bugs.sh: -n, -t, -C, -H and -j take positive integers" >&2; exit 2 ;; esac
done
case $PROFILE in all | cxx) ;; *) echo "bench_bugs.sh: -P takes all or cxx" >&2; exit 2 ;; esac
CPU_ARGS=()
if [ -n "$CPU" ]; then
    [ "$SECS_SET" = 1 ] || SECS=$((CPU * 10))
    CPU_ARGS=(--cpu-limit "$CPU")
fi

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
OUT=${OUT:-$ROOT/build-bench-bugs}
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
CC=${CC:-clang}
AFL_CC=${AFL_CC:-afl-clang-fast}
PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3

# the profile: the bugs planted, the deep ones (issue 25's and 32's targets)
LEN_ARGS=()
if [ "$PROFILE" = cxx ]; then
    # fixed: 1 2 3 4 6 9 10 11 12 13 (bits); planted: 5 7 8 14
    PROFILE_DEFS="-DNAIVE_READER_FIX_MASK=0x3e5e -DNAIVE_READER_META_ENUM"
    export BENCH_BUGS=5,7,8,14 BENCH_DEEP=5,7
    DICT=${DICT:-$ROOT/fuzz/fxt.dict}
    LEN_ARGS=(-max_len=65536)
else
    PROFILE_DEFS=""
    export BENCH_BUGS=1,2,3,4,5,6,7,8,9,10,11 BENCH_DEEP=5,6,7,9,10
fi
if [ -n "$DICT" ]; then
    [ -f "$DICT" ] || { echo "bench_bugs.sh: no dictionary $DICT" >&2; exit 2; }
    DICT=$(cd "$(dirname "$DICT")" && pwd)/$(basename "$DICT")
fi

log() { printf '== %s\n' "$*"; }
note() { printf 'bench_bugs.sh: %s\n' "$*" >&2; }

if [ "$ANALYSE_ONLY" = 1 ]; then
    REPRO=$OUT/bin/naive_reader_fuzz
    RES=$OUT/runs
    RUN=()
    for c in libfuzzer libfuzzer-mut afl afl-mut; do
        [ -d "$RES/$c" ] && RUN+=("$c")
    done
    [ -x "$REPRO" ] && [ ${#RUN[@]} -gt 0 ] || { note "no runs in $OUT"; exit 2; }
else
# ---------------------------------------------------------------- build ---

BIN=$OUT/bin
OBJ=$OUT/obj
mkdir -p "$BIN" "$OBJ"
SAN="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
HARNESS_SRC=("$HERE/naive_reader.c" "$HERE/naive_reader_fuzz.c")
HARNESS_DEFS="$ORACLE $PROFILE_DEFS"
BUILT=()

if ! command -v "$CC" >/dev/null; then
    note "$CC not found: nothing can be built"
    exit 2
fi

log "building libfuzzer (plain)"
$CC -g -O1 $SAN -fsanitize=fuzzer $HARNESS_DEFS -I"$HERE" "${HARNESS_SRC[@]}" \
    -o "$BIN/naive_reader_fuzz"
BUILT+=(libfuzzer)
REPRO=$BIN/naive_reader_fuzz   # replays every configuration's findings

# libfxt, the encoder and the generator (the mutator decodes, re-encodes and
# inserts generated records): plain -O2, no coverage instrumentation, -fPIC for
# the AFL++ shared library.
# (every source of format/, validator/ and generator/ but version.c, which
# needs the generated fxt/version.h)
LIB_SRCS=()
for f in "$ROOT"/format/*.c "$ROOT"/validator/*.c "$ROOT"/generator/*.c; do
    case $f in */version.c) ;; *) LIB_SRCS+=("$f") ;; esac
done
have_fxt_libs=1
[ ${#LIB_SRCS[@]} -gt 0 ] && [ -f "$ROOT/validator/report.c" ] || have_fxt_libs=0
OBJS=()
build_objs() { # build_objs TAG FLAGS SRC... -> the objects in OBJS
    local tag=$1 flags=$2 s o
    shift 2
    OBJS=()
    for s in "$@"; do
        o="$OBJ/$tag-$(basename "${s%.c}").o"
        $CC -std=c11 -D_POSIX_C_SOURCE=200809L -O2 -g $flags -I"$ROOT/include" -I"$ROOT/format" -I"$ROOT/support" \
            -I"$ROOT/fuzz" -c "$s" -o "$o"
        OBJS+=("$o")
    done
}

MUT_SRCS=("$ROOT"/fuzz/mutator*.c)   # the mutator's files (fuzz/mutator_impl.h)
if [ -f "$ROOT/fuzz/libfuzzer_mutator.c" ] && [ -f "$ROOT/fuzz/mutator.c" ] && [ $have_fxt_libs = 1 ]; then
    log "building libfuzzer-mut (fuzz/libfuzzer_mutator.c + fuzz/mutator*.c)"
    build_objs lf "${MUT_DEFS:-}" "$ROOT/fuzz/libfuzzer_mutator.c" "${MUT_SRCS[@]}" "${LIB_SRCS[@]}"
    $CC -g -O1 $SAN -fsanitize=fuzzer $HARNESS_DEFS -I"$HERE" "${HARNESS_SRC[@]}" "${OBJS[@]}" \
        -o "$BIN/naive_reader_fuzz_mut"
    syms=$(nm "$BIN/naive_reader_fuzz_mut")
    if grep -q ' T LLVMFuzzerCustomMutator$' <<<"$syms"; then
        BUILT+=(libfuzzer-mut)
    else
        note "the mutator does not export LLVMFuzzerCustomMutator: libfuzzer-mut skipped"
    fi
else
    note "no fuzz/libfuzzer_mutator.c + fuzz/mutator.c (or libfxt sources): libfuzzer-mut skipped"
fi

if command -v "$AFL_CC" >/dev/null && command -v afl-fuzz >/dev/null; then
    log "building afl ($AFL_CC, libAFLDriver)"
    if AFL_QUIET=1 "$AFL_CC" -g -O1 $SAN -fsanitize=fuzzer $HARNESS_DEFS -I"$HERE" \
        "${HARNESS_SRC[@]}" -o "$BIN/naive_reader_afl" >"$OUT/afl-build.log" 2>&1; then
        BUILT+=(afl)
        if [ -f "$ROOT/fuzz/afl_mutator.c" ] && [ -f "$ROOT/fuzz/mutator.c" ] && [ $have_fxt_libs = 1 ]; then
            log "building afl-mut (fuzz/afl_mutator.c + fuzz/mutator*.c as a shared library)"
            build_objs afl "-fPIC ${MUT_DEFS:-}" "$ROOT/fuzz/afl_mutator.c" "${MUT_SRCS[@]}" "${LIB_SRCS[@]}"
            $CC -shared -o "$BIN/libfxt_afl_mutator.so" "${OBJS[@]}"
            BUILT+=(afl-mut)
        else
            note "no fuzz/afl_mutator.c + fuzz/mutator.c: afl-mut skipped"
        fi
    else
        note "$AFL_CC could not build the harness (see $OUT/afl-build.log): afl, afl-mut skipped"
    fi
else
    note "no $AFL_CC / afl-fuzz: afl, afl-mut skipped"
fi

if [ -n "$CONFIGS" ]; then
    RUN=()
    IFS=, read -r -a want <<<"$CONFIGS"
    for c in "${want[@]}"; do
        case " ${BUILT[*]} " in
        *" $c "*) RUN+=("$c") ;;
        *) note "configuration $c is not available here (built: ${BUILT[*]})"; exit 2 ;;
        esac
    done
else
    RUN=("${BUILT[@]}")
fi

# ---------------------------------------------------------------- seeds ---

SEEDS_SRC=${SEEDS:-$ROOT/corpus/valid}
SEED_DIR=$OUT/seeds
rm -rf "$SEED_DIR"
mkdir -p "$SEED_DIR"
if [ "$PROFILE" = cxx ] && [ -z "${SEEDS:-}" ]; then
    # the README's seed set, little-endian as Fuchsia's reader reads
    FXT_MUTATE=${FXT_MUTATE:-$ROOT/build/fuzz/fxt-mutate}
    [ -x "$FXT_MUTATE" ] || FXT_MUTATE=$(command -v fxt-mutate || true)
    [ -n "$FXT_MUTATE" ] || { note "-P cxx needs fxt-mutate (build it, or set FXT_MUTATE)"; exit 2; }
    SEEDS_SRC=$OUT/fxt-mutate-seeds
    rm -rf "$SEEDS_SRC"
    "$FXT_MUTATE" seeds --byte-order le -o "$SEEDS_SRC" "$ROOT/corpus/valid" >/dev/null 2>&1
fi
if [ -d "$SEEDS_SRC" ] && ls "$SEEDS_SRC"/*.fxt >/dev/null 2>&1; then
    cp "$SEEDS_SRC"/*.fxt "$SEED_DIR"/
else
    note "no seeds in $SEEDS_SRC: using one hand-made valid trace"
    # magic, provider info (id 1), initialization (1e9 ticks/s), instant event
    $PY -c 'import struct,sys; sys.stdout.buffer.write(struct.pack("<8Q",0x0016547846040010,0x110010,0x21,1000000000,0x44,1000,1,2))' \
        >"$SEED_DIR/minimal.fxt"
fi
# A seed that already sets off a planted bug would make "time to find" 0:
# drop those (FuzzBench requires non-crashing seeds).
dropped=""
for s in "$SEED_DIR"/*; do
    if ! ASAN_OPTIONS=detect_leaks=0 timeout $((HANG + 10)) "$REPRO" -timeout="$HANG" -runs=1 "$s" \
        >"$OUT/seedcheck.log" 2>&1; then
        dropped="$dropped $(basename "$s")"
        rm -f "$s"
    fi
done
nseeds=$(find "$SEED_DIR" -type f | wc -l)
[ -n "$dropped" ] && note "seeds dropped because they already crash or hang the naive reader:$dropped"
if [ "$nseeds" -eq 0 ]; then
    note "no usable seeds"
    exit 2
fi
log "$nseeds seeds from $SEEDS_SRC; configurations: ${RUN[*]}; $TRIALS trial(s) x ${SECS}s${CPU:+ (CPU budget ${CPU}s)}"

# --------------------------------------------------------------- trials ---

RES=$OUT/runs
rm -rf "$RES"
mkdir -p "$RES"

run_trial() { # run_trial CONFIG TRIAL
    local cfg=$1 trial=$2 dir=$RES/$1/trial$2
    mkdir -p "$dir"
    local start
    start=$(date +%s.%N)
    echo "$start" >"$dir/start"
    case $cfg in
    libfuzzer | libfuzzer-mut)
        local bin=$BIN/naive_reader_fuzz
        [ "$cfg" = libfuzzer-mut ] && bin=$BIN/naive_reader_fuzz_mut
        mkdir -p "$dir/corpus" "$dir/artifacts"
        # fork mode: a crash or timeout ends a job, not the trial
        ASAN_OPTIONS=detect_leaks=0 "$PY" "$HERE/bench_cpu.py" ${CPU_ARGS[@]+"${CPU_ARGS[@]}"} "$dir/cpu" -- \
            timeout -k 10 $((SECS + 60)) "$bin" $LF_MODE ${DICT:+-dict="$DICT"} \
            ${LEN_ARGS[@]+"${LEN_ARGS[@]}"} -timeout="$HANG" -rss_limit_mb=2048 -max_total_time="$SECS" -seed=$((trial * 7919)) \
            -artifact_prefix="$dir/artifacts/" "$dir/corpus" "$SEED_DIR" \
            >"$dir/fuzzer.log" 2>&1 || true
        ;;
    afl | afl-mut)
        # AFL++'s own ASAN_OPTIONS defaults, but an allocation over 2 GiB is
        # an error, as libFuzzer's -malloc_limit_mb (= -rss_limit_mb, 2048)
        # makes it there: with none, a reader that allocates what a size
        # field says runs on for 0.5-1 s touching gigabytes, at every such
        # input
        local asan=abort_on_error=1:symbolize=0:detect_leaks=0:malloc_context_size=0
        asan+=:allocator_may_return_null=0:max_allocation_size_mb=2048:detect_odr_violation=0
        asan+=:handle_segv=0:handle_sigbus=0:handle_abort=0:handle_sigfpe=0:handle_sigill=0
        # (every variable here must be one afl-fuzz knows: on a name it does
        # not know it warns "Mistyped AFL environment variable" and sleeps
        # 2 s before it starts)
        local env=(AFL_NO_UI=1 AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1
            AFL_NO_AFFINITY=1 AFL_SKIP_CRASHES=1 AFL_QUIET=1 ASAN_OPTIONS="$asan")
        [ "$cfg" = afl-mut ] && env+=(AFL_CUSTOM_MUTATOR_LIBRARY="$BIN/libfxt_afl_mutator.so")
        env -u UBSAN_OPTIONS "${env[@]}" "$PY" "$HERE/bench_cpu.py" ${CPU_ARGS[@]+"${CPU_ARGS[@]}"} "$dir/cpu" -- \
            timeout -s INT -k 10 "$SECS" afl-fuzz -i "$SEED_DIR" -o "$dir/out" \
            -V "$SECS" -t $((HANG * 1000)) -m none ${DICT:+-x "$DICT"} -s $((trial * 7919)) -- "$BIN/naive_reader_afl" \
            >"$dir/fuzzer.log" 2>&1 || true
        mkdir -p "$dir/artifacts"
        # crashes/ and hangs/ of every AFL++ instance (default/); -tMS keeps
        # AFL++'s own time of the find (the name's time:, ms since its start_time)
        for f in "$dir"/out/*/crashes/id:* "$dir"/out/*/hangs/id:*; do
            [ -e "$f" ] || continue
            kind=crash
            case $f in */hangs/*) kind=timeout ;; esac
            b=$(basename "$f")
            ms=$(sed -n 's/.*,time:\([0-9]*\).*/-t\1/p' <<<"$b")
            cp -p "$f" "$dir/artifacts/$kind-$(basename "$(dirname "$(dirname "$f")")")-$(cut -d, -f1 <<<"$b" | tr : _)$ms"
        done
        ;;
    esac
    date +%s.%N >"$dir/end"
}

# interleaved, trial by trial (libfuzzer 1, libfuzzer-mut 1, afl 1, ...), so
# that the load of other jobs on the machine falls on every configuration alike
pids=()
for t in $(seq 1 "$TRIALS"); do
    for cfg in "${RUN[@]}"; do
        log "$cfg trial $t (${SECS}s)"
        run_trial "$cfg" "$t" &
        pids+=($!)
        if [ "${#pids[@]}" -ge "$JOBS" ]; then
            wait "${pids[0]}"
            pids=("${pids[@]:1}")
        fi
    done
done
for p in "${pids[@]}"; do wait "$p"; done

fi # ANALYSE_ONLY

# ------------------------------------------------------------- analysis ---

log "attributing crashes and hangs to planted bugs"
"$PY" - "$RES" "$REPRO" "$HANG" "$SECS" "$TRIALS" "$OUT" "${CPU:-0}" "${RUN[@]}" <<'PYEOF'
import hashlib, os, re, statistics, subprocess, sys

res, repro, hang, secs, trials, out, cpu_budget = sys.argv[1:8]
configs = sys.argv[8:]
cpu_budget = int(cpu_budget)
hang, secs, trials = int(hang), int(secs), int(trials)
BUGS = {
    1: ("nr_ticks_to_seconds", "divide by zero (0 ticks/s)"),
    2: ("nr_read_inline_string", "inline string past its record"),
    3: ("oracle_misframed_record", "large record framed by 12 bits"),
    4: ("oracle_no_progress", "size-0 record loops (hang)"),
    5: ("nr_blob_checksum", "large blob size wraps check"),
    6: ("nr_count_event", "event before provider (NULL)"),
    7: ("nr_blob_copy", "blob size wraps padding"),
    8: ("nr_event_kind_name", "undefined event type as enum"),
    9: ("nr_event_time", "event before init (NULL)"),
    10: ("nr_blob_alloc", "allocation from size field"),
    11: ("nr_check_size_limit", "size assert, valid big-endian"),
    14: ("nr_trace_info_name", "undefined trace-info type as enum"),
}
PLANTED = [int(x) for x in os.environ["BENCH_BUGS"].split(",")]
BUGS = {b: BUGS[b] for b in PLANTED}
FUNC_TO_BUG = {f: b for b, (f, _) in BUGS.items() if b not in (3, 4)}
FRAME = re.compile(r"#\d+ 0x[0-9a-f]+ in (\S+)")
# replays run unsymbolized (llvm-symbolizer costs several times the replay
# itself, and a trial leaves hundreds of crashes): a frame is
# "#N 0xPC  (BINARY+0xOFFSET)", named here from the binary's symbol table
RAW_FRAME = re.compile(r"#\d+ 0x[0-9a-f]+ +\((\S+)\+0x([0-9a-f]+)\)")
cache = {}
env = dict(os.environ, ASAN_OPTIONS="detect_leaks=0:symbolize=0",
           UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:symbolize=0")
repro_afl = os.path.join(os.path.dirname(repro), "naive_reader_afl")
env_afl = dict(env, ASAN_OPTIONS="detect_leaks=0:symbolize=0:allocator_may_return_null=0:"
               "max_allocation_size_mb=2048")
SYMTABS = {}


def symtab(binary):
    """The function symbols of BINARY, sorted by address (nm -n)."""
    if binary not in SYMTABS:
        out = subprocess.run(["nm", "-n", "--defined-only", binary], stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL).stdout.decode("utf-8", "replace")
        tab = []
        for line in out.splitlines():
            f = line.split()
            if len(f) == 3 and f[1] in "tTwW":
                tab.append((int(f[0], 16), f[2]))
        SYMTABS[binary] = ([a for a, _ in tab], [n for _, n in tab])
    return SYMTABS[binary]


def frame_funcs(text):
    """The function of each stack frame in TEXT, innermost first."""
    import bisect
    names = []
    for line in text.splitlines():
        m = FRAME.search(line)
        if m:
            names.append(m.group(1))
            continue
        m = RAW_FRAME.search(line)
        if m and os.path.exists(m.group(1)):
            addrs, funcs = symtab(m.group(1))
            k = bisect.bisect_right(addrs, int(m.group(2), 16) - 1) - 1
            if k >= 0:
                names.append(funcs[k])
    return names


for b in (repro, repro_afl):
    if os.path.exists(b):
        symtab(b)  # before the replays' threads

def attribute(path):
    data = open(path, "rb").read()
    key = hashlib.sha1(data).hexdigest()
    if key in cache:
        return cache[key]
    try:
        # the trials' limits; an explicit malloc limit reports an allocation
        # from a size field at the malloc, with its stack (else the RSS
        # limit may stop the replay first, with none)
        p = subprocess.run([repro, "-timeout=%d" % hang, "-runs=1", "-rss_limit_mb=2048",
                            "-malloc_limit_mb=2048", path], env=env,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           timeout=hang + 30)
        text = p.stdout.decode("utf-8", "replace")
        rc = p.returncode
    except subprocess.TimeoutExpired:
        text, rc = "ERROR: libFuzzer: timeout (replay killed)", -9
    bug = None
    if "framing oracle" in text and 3 in BUGS:
        bug = 3
    elif ("progress oracle" in text or "ERROR: libFuzzer: timeout" in text) and 4 in BUGS:
        bug = 4
    else:
        for fn in frame_funcs(text):
            if fn in FUNC_TO_BUG:
                bug = FUNC_TO_BUG[fn]
                break
        if bug is None and "division by zero" in text and 1 in BUGS:
            bug = 1
        if bug is None and os.access(repro_afl, os.X_OK):
            # the replay stopped without a reader frame (libFuzzer's RSS
            # limit fired first, from its own thread): the AFL++ build
            # under an ASan allocation limit names the allocating frame
            try:
                p = subprocess.run([repro_afl, path], env=env_afl, stdout=subprocess.PIPE,
                                   stderr=subprocess.STDOUT, timeout=hang + 30)
                for fn in frame_funcs(p.stdout.decode("utf-8", "replace")):
                    if fn in FUNC_TO_BUG:
                        bug = FUNC_TO_BUG[fn]
                        break
            except subprocess.TimeoutExpired:
                pass
        if bug is None:
            bug = "other" if rc != 0 else "no-repro"
    cache[key] = bug
    return bug

def cpu_clock(d):
    """The trial's CPU clock (bench_cpu.py): a function from a wall time
    (epoch seconds) to the fuzzer's CPU seconds by then, or None."""
    pts = []
    try:
        with open(os.path.join(d, "cpu")) as f:
            for line in f:
                a, b = line.split()
                pts.append((float(a), float(b)))
    except (OSError, ValueError):
        return None
    if not pts:
        return None

    def at(t):
        lo, hi = 0, len(pts) - 1
        if t <= pts[0][0]:
            return 0.0 if t < pts[0][0] else pts[0][1]
        if t >= pts[hi][0]:
            return pts[hi][1]
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if pts[mid][0] <= t:
                lo = mid
            else:
                hi = mid
        (t0, c0), (t1, c1) = pts[lo], pts[hi]
        return c0 + (c1 - c0) * (t - t0) / (t1 - t0) if t1 > t0 else c1
    return at


import concurrent.futures
CHUNK = 4 * (os.cpu_count() or 1)
pool = concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 1)
rows = []          # (config, trial, bug, cpu seconds, wall seconds, artifact)
others = []
for cfg in configs:
    for t in range(1, trials + 1):
        d = os.path.join(res, cfg, "trial%d" % t)
        try:
            start = float(open(os.path.join(d, "start")).read())
        except OSError:
            continue
        clock = cpu_clock(d)
        art = os.path.join(d, "artifacts")
        files = []
        if os.path.isdir(art):
            for f in os.listdir(art):
                p = os.path.join(art, f)
                if os.path.isfile(p) and not f.startswith(("slow-unit", "leak-")):
                    files.append((os.path.getmtime(p), p))
        files.sort()
        first = {}
        timeouts_done = False
        # replayed a chunk at a time on every core (each replay is a process
        # of its own, mostly sanitizer start-up and symbolizing), in order
        for k, (mtime, p) in enumerate(files):
            if len(first) == len(BUGS):
                break
            if k % CHUNK == 0:
                list(pool.map(attribute, [q for _, q in files[k:k + CHUNK]
                                          if not (timeouts_done and
                                                  os.path.basename(q).startswith("timeout"))]))
            is_timeout = os.path.basename(p).startswith("timeout")
            if is_timeout and timeouts_done:
                continue
            bug = attribute(p)
            if is_timeout and bug == 4:
                timeouts_done = True
            if bug in BUGS:
                if bug not in first:
                    first[bug] = (clock(mtime) if clock else None, max(0.0, mtime - start), p)
            elif bug == "other":
                others.append((cfg, t, p))
        for b in BUGS:
            if b in first:
                rows.append((cfg, t, b) + first[b])
            else:
                rows.append((cfg, t, b, None, None, ""))

with open(os.path.join(out, "results.tsv"), "w") as f:
    f.write("config\ttrial\tbug\tcpu_seconds\twall_seconds\tartifact\n")
    for cfg, t, b, c, w, p in rows:
        f.write("%s\t%d\t%d\t%s\t%s\t%s\n" % (cfg, t, b, "" if c is None else "%.3f" % c,
                                              "" if w is None else "%.3f" % w, p))

INF = float("inf")


def median(times):
    """The median, a miss counting as longer than the limit (INF)."""
    return statistics.median([INF if x is None else x for x in times]) if times else INF


def fmt(x):
    return "-" if x == INF else ("%.0fs" % x if x >= 10 else "%.1fs" % x if x >= 1
                                 else "%.2fs" % x)


def median_cell(times):
    return "%s (%d/%d)" % (fmt(median(times)), sum(x is not None for x in times), len(times))


def times_of(cfg, b, col):
    return [r[col] for r in rows if r[0] == cfg and r[2] == b]


lines = []
w = max(20, max(len(c) for c in configs) + 2) if configs else 20


def table(title, col):
    lines.append(title)
    hdr = "%-3s %-32s" % ("bug", "") + "".join("%*s" % (w, c) for c in configs)
    lines.append(hdr)
    lines.append("-" * len(hdr))
    for b, (func, what) in BUGS.items():
        cells = [median_cell(times_of(cfg, b, col)) for cfg in configs]
        lines.append("%-3d %-32s" % (b, what) + "".join("%*s" % (w, x) for x in cells))
    lines.append("-" * len(hdr))


table("median time to first hit per planted bug, on the fuzzer's CPU clock (user + system of "
      "its process tree; found in k of n trials);\n%d trial(s) x %s, interleaved, "
      "hang = %ds" % (trials, ("%ds CPU" % cpu_budget) if cpu_budget else ("%ds wall" % secs),
                       hang), 3)
cells = []
for cfg in configs:
    per_trial = [sum(1 for r in rows if r[0] == cfg and r[1] == t and r[4] is not None)
                 for t in range(1, trials + 1)]
    cells.append("%s bugs" % ("/".join(str(x) for x in per_trial) or "0"))
lines.append("%-3s %-32s" % ("", "bugs found per trial") + "".join("%*s" % (w, x) for x in cells))
lines.append("")
table("the same on the wall clock (time from the trial's start):", 4)

# The targets (issues 25, 32): with the mutator, every bug by median no later
# than 1.5x plain's time or within 2 s of it; the deep bugs at least 5x sooner.
DEEP = tuple(int(x) for x in os.environ["BENCH_DEEP"].split(","))
for plain, mut in (("libfuzzer", "libfuzzer-mut"), ("afl", "afl-mut")):
    if plain not in configs or mut not in configs:
        continue
    lines.append("")
    lines.append("targets, %s against %s (CPU clock medians; deep bugs %s):"
                 % (mut, plain, ", ".join(map(str, DEEP))))
    met = True
    for b, (func, what) in BUGS.items():
        p, m = median(times_of(plain, b, 3)), median(times_of(mut, b, 3))
        miss = []
        if not (m == p or m <= 1.5 * p or m <= p + 2.0):
            miss.append("NOT MET: later than 1.5x plain and than plain + 2 s")
        ratio = p / m if m not in (0, INF) and p != INF else None
        if b in DEEP and not (m != INF and (p == INF or (ratio is not None and ratio >= 5))):
            miss.append("NOT MET: deep, not 5x sooner")
        ok = not miss
        lines.append(("%-3d %-32s %8s %8s  %7s  %s" % (
            b, what, fmt(p), fmt(m), "-" if ratio is None else "%.1fx" % ratio,
            "; ".join(miss) or ("ok (deep: 5x)" if b in DEEP else "ok"))).rstrip())
        met = met and ok
    lines.append("all targets met" if met else "some targets NOT met")
for cfg in configs:
    if cfg == "libfuzzer-mut":
        try:
            txt = open(os.path.join(res, cfg, "trial1", "fuzzer.log"), errors="replace").read()
        except OSError:
            txt = ""
        if "LLVMFuzzerCustomMutator" not in txt:
            lines.append("note: %s: libFuzzer did not report the custom mutator in its log" % cfg)
if others:
    lines.append("")
    lines.append("UNPLANTED failures (not one of the planted bugs) - look at these:")
    for cfg, t, p in others[:20]:
        lines.append("  %s trial %d: %s" % (cfg, t, p))
text = "\n".join(lines)
print(text)
with open(os.path.join(out, "summary.txt"), "w") as f:
    f.write(text + "\n")
PYEOF
log "results: $OUT/results.tsv, $OUT/summary.txt"
