# SPDX-License-Identifier: MIT
"""controls.py - the control of an invalid vector: the same trace without
its violation, for fxt-conform to tell a conclusive agreement from a
coincidence. A reader that rejects an invalid vector "agrees" with it only
by its exit status; if it also rejects the same trace without the violation
(say, it cannot read the base trace at all), the agreement says nothing
about the rule. Python 3 standard library.

Where controls come from: fxt-gen violate writes a realistic fxt-gen random
trace (the base) with one offending record inserted, or its magic record
replaced or dropped, or a record cut at the end; the golden corpus's
invalid/ vectors are made the same way. The base is

    fxt-gen random --seed S --records N --profile realistic [--big-endian]
                   [--revision R]

with S the seed, and N 100 for the corpus (golden.c: VIOLATE_SEED 1,
VIOLATE_BASE_RECORDS 100) or, for fxt-gen violate without a base size,
100 + a seeded draw below 201 (violate.c). Both facts are the generator's;
a control is used only after its bytes were checked to be the vector's
base (the vector is the control with one contiguous span changed, that
span at most one word of the control: one_edit), so a change of the
generator shows as "no control", never as a wrong one. A corpus truncation
that has no such base (a record built to run past the end) has the trace
up to that record as its control (the manifest gives where it starts).
"""

import concurrent.futures
import os
import shlex

from vectors import gen_run, rev_args

MASK64 = (1 << 64) - 1
CORPUS_SEED = 1
CORPUS_RECORDS = 100


def splitmix(s):
    """One splitmix64 step: (new state, output), as fxt_rng_next (gen_rng.h)."""
    s = (s + 0x9E3779B97F4A7C15) & MASK64
    z = s
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return s, z ^ (z >> 31)


def rng_below(s, n):
    """fxt_rng_below(&{S}, N) for N < 2^32 (gen_rng.c: Lemire's method)."""
    s, x = splitmix(s)
    m = (x >> 32) * n
    if (m & 0xFFFFFFFF) < n:
        t = ((1 << 32) - n) % n
        while (m & 0xFFFFFFFF) < t:
            s, x = splitmix(s)
            m = (x >> 32) * n
    return m >> 32


def violate_base_records(seed):
    """Records of the base trace of fxt-gen violate --seed SEED (violate.c)."""
    return 100 + rng_below((seed ^ 0xBA5EBA5EBA5EBA5E) & MASK64, 201)


def one_edit(vector, control):
    """Whether VECTOR is CONTROL with one contiguous span replaced by other
    bytes, the span at most one word of CONTROL (an insertion, an append, a
    truncated record at the end, a replaced or dropped magic record); an
    empty vector (the empty-input rule) is every control's edit."""
    if not vector:
        return bool(control)
    n = min(len(vector), len(control))
    p = 0
    while p < n and vector[p] == control[p]:
        p += 1
    s = 0
    while s < n - p and vector[-1 - s] == control[-1 - s]:
        s += 1
    return vector != control and p + s >= len(control) - 8


def base_argv(fxt_gen, seed, records, big_endian, revision, path):
    return [fxt_gen, "random", "--seed", str(seed), "--records", str(records), "--profile",
            "realistic"] + (["--big-endian"] if big_endian else []) + rev_args(revision) + \
        ["-o", path]


def candidates(vec):
    """The bases (seed, records, big-endian, revision) VEC may have been
    made from, most likely first: invalid vectors of fxt-gen violate and of
    the corpus's invalid/ folder (either byte order: a vector whose magic
    record is the violation does not tell its order by its first word)."""
    if vec.get("expected") != "invalid":
        return []
    rev = vec.get("revision")
    if vec.get("source") == "violate" and vec.get("seed") is not None:
        return [(vec["seed"], violate_base_records(vec["seed"]), bool(vec.get("big_endian")),
                 rev)]
    if vec.get("source") == "corpus" and "/invalid/" in "/" + vec["id"]:
        try:
            with open(vec["path"], "rb") as f:
                be = f.read(8) == bytes.fromhex("0016547846040010")
        except OSError:
            return []
        return [(CORPUS_SEED, CORPUS_RECORDS, b, rev) for b in (be, not be)
                if not b or rev not in ("r1", "r2")]
    return []


class Controls:
    """Makes and checks control traces, one file per distinct base."""

    def __init__(self, fxt_gen, outdir):
        self.fxt_gen = fxt_gen
        self.outdir = outdir
        self.made = {}  # (seed, records, be, revision) -> (path, argv) or None

    def _make(self, key):
        if key not in self.made:
            seed, records, be, rev = key
            name = "control-seed%d-%d%s%s.fxt" % (seed, records, "-" + rev if rev else "",
                                                  "-be" if be else "")
            path = os.path.join(self.outdir, name)
            argv = base_argv(self.fxt_gen, seed, records, be, rev, path)
            p, _ = gen_run(argv)
            self.made[key] = (path, argv) if p is not None and p.returncode == 0 else None
        return self.made[key]

    def control_for(self, vec):
        """The control of VEC: {"id", "path", "regenerate"}, or None (no
        control known, or no base is VEC's: one_edit fails)."""
        if self.fxt_gen is None:
            return None
        try:
            with open(vec["path"], "rb") as f:
                data = f.read()
        except OSError:
            return None
        for key in candidates(vec):
            made = self._make(key)
            if made is None:
                continue
            path, argv = made
            try:
                with open(path, "rb") as f:
                    ctl = f.read()
            except OSError:
                continue
            if one_edit(data, ctl):
                return {"id": "control/" + os.path.basename(path), "path": path,
                        "regenerate": " ".join(shlex.quote(a) for a in argv)}
        return self._prefix_control(vec, data)

    def _prefix_control(self, vec, data):
        """A truncation with no generated base (the corpus's word-aligned
        truncations, built by golden_truncated.c): its control is the trace
        up to the record that runs past the end, which the manifest gives."""
        cut = vec.get("truncated_at")
        if not isinstance(cut, int) or not 8 <= cut < len(data):
            return None
        name = "control-first-%d-bytes-of-%s" % (cut, os.path.basename(vec["path"]))
        path = os.path.join(self.outdir, name)
        try:
            with open(path, "wb") as f:
                f.write(data[:cut])
        except OSError:
            return None
        return {"id": "control/" + name, "path": path,
                "regenerate": "head -c %d %s" % (cut, shlex.quote(vec["path"]))}


def run_controls(runs, ctl, one, jobs):
    """Runs the control of every invalid vector that agreed by exit status;
    such a vector stays "agrees" if the reader accepted its control (exit
    0), else becomes "inconclusive". Returns the control runs (one per
    distinct control)."""
    need = {}
    for r in runs:
        if r["class"] != "agrees" or r["expected"] != "invalid":
            continue
        c = ctl.control_for(r)
        if c is None:
            r["control"] = None
            continue
        r["control"] = c["id"]
        need.setdefault(c["id"], dict(c, source="control", expected="valid", rule="control"))
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as ex:
        done = {c["id"]: c for c in ex.map(one, list(need.values()))}
    for r in runs:
        c = done.get(r.get("control"))
        if c is None or c["class"] == "agrees":
            continue
        r["class"] = "inconclusive"
        r["detail"] = "%s, but the control (the same trace without the violation, %s) was " \
            "not accepted either: %s %s" % (r["detail"], c["id"], c["class"], c["detail"])
        r["output_tail"] = c.get("output_tail", "")
    return list(done.values())


def agreement_line(runs, control_runs):
    """Conclusive agreement: valid and warn vectors read, invalid vectors
    rejected while their control was accepted."""
    agree = [r for r in runs if r["class"] == "agrees"]
    no_ctl = [r for r in agree if r["expected"] == "invalid" and not r.get("control")]
    inconc = sum(1 for r in runs if r["class"] == "inconclusive")
    scored = [r for r in runs if r["class"] != "unsupported"]
    conclusive = len(agree) - len(no_ctl)
    return ("agreement: %d of %d vectors agree conclusively (%.1f%%: valid and warn vectors "
            "read, invalid vectors rejected while their control was accepted); %d inconclusive "
            "(the control was rejected too); %d invalid vectors agree without a control; "
            "%d controls run, %d accepted" % (
                conclusive, len(scored), 100.0 * conclusive / len(scored) if scored else 0.0,
                inconc, len(no_ctl), len(control_runs),
                sum(1 for c in control_runs if c["class"] == "agrees")))
