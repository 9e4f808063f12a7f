# SPDX-License-Identifier: MIT
"""controls.py - the control of an invalid vector: the same trace with the
violation fixed, for fxt-conform to tell a conclusive agreement from a
coincidence. A reader that rejects an invalid vector "agrees" with it only
by its exit status; if it also rejects the same trace without the violation
(say, it cannot read the record kind the violation is in), the agreement
says nothing about the rule. Python 3 standard library.

Where controls come from: fxt-gen violate writes a realistic fxt-gen random
trace (the base) with one offending record inserted, or its magic record
replaced or dropped, or a record cut at the end; the golden corpus's
invalid/ vectors are made the same way (seed 1, a base of 100 records).
`fxt-gen violate ... --control` writes, for the same arguments, the vector's
twin: the same trace with the offending record made valid (the same record
kinds, the violating field set to a valid value: the generator knows what
it changed), or, where a rule has no twin (empty input, a dropped or second
magic record, an undefined record or metadata type), the base trace, which
then stands in (the run says so). A control is used only after fxt-gen
violate with the same arguments gave the vector's very bytes, so a change
of the generator shows as "no control", never as a wrong one. A corpus
truncation that has no such base (a record built to run past the end) has
the trace up to that record as its stand-in (the manifest gives where it
starts). An invalid vector without a control (hand-made ones) is
inconclusive, whatever the reader did with it.
"""

import concurrent.futures
import os
import re
import shlex

from vectors import OPTIONAL_TYPES, gen_run, rev_args, without_args

CORPUS_SEED = 1
CORPUS_RECORDS = 100
# what stands in for the vector, by the kind of control
KINDS = {"twin": "the same trace with the violation fixed",
         "base": "the base trace without the violation, standing in: the rule has no twin",
         "prefix": "the trace up to the cut record, standing in: no generated base"}


def violate_args(vec):
    """The fxt-gen violate arguments (rule, seed, records or None,
    big-endian, revision, record types left out) that may have made VEC:
    fxt-gen violate vectors, and the corpus's invalid/ vectors
    (E0048-log-reserved-bits[-be].fxt: a base of events, OPTIONAL_TYPES
    left out)."""
    if vec.get("expected") != "invalid":
        return None
    rev = vec.get("revision")
    if vec.get("source") == "violate" and vec.get("seed") is not None:
        rule = str(vec.get("rule", "")).split()[0]
        return rule, vec["seed"], None, bool(vec.get("big_endian")), rev, vec.get("without", [])
    if vec.get("source") == "corpus" and "/invalid/" in "/" + vec["id"]:
        m = re.match(r"^([EW]\d{4})-[a-z0-9-]+?(-be)?\.fxt$", os.path.basename(vec["path"]))
        if m:
            return m.group(1), CORPUS_SEED, CORPUS_RECORDS, bool(m.group(2)), rev, OPTIONAL_TYPES
    return None


def violate_argv(fxt_gen, args, path, control):
    rule, seed, records, be, rev, without = args
    return [fxt_gen, "violate", "--rule", rule, "--seed", str(seed)] + \
        (["--records", str(records)] if records else []) + \
        (["--big-endian"] if be else []) + rev_args(rev) + without_args(without) + \
        (["--control"] if control else []) + ["-o", path]


class Controls:
    """Makes and checks control traces, one file per vector."""

    def __init__(self, fxt_gen, outdir):
        self.fxt_gen = fxt_gen
        self.outdir = outdir

    def control_for(self, vec):
        """The control of VEC: {"id", "path", "regenerate", "kind"} (kind:
        twin, base or prefix, see KINDS), or None (no control known, or
        fxt-gen violate does not make VEC's bytes)."""
        try:
            with open(vec["path"], "rb") as f:
                data = f.read()
        except OSError:
            return None
        args = violate_args(vec) if self.fxt_gen else None
        if args is not None:
            stem = os.path.basename(vec["path"])[:-4]
            again = os.path.join(self.outdir, "again-" + stem + ".fxt")
            path = os.path.join(self.outdir, "control-" + stem + ".fxt")
            p, _ = gen_run(violate_argv(self.fxt_gen, args, again, False))
            same = False
            if p is not None and p.returncode == 0:
                try:
                    with open(again, "rb") as f:
                        same = f.read() == data
                    os.remove(again)
                except OSError:
                    pass
            argv = violate_argv(self.fxt_gen, args, path, True)
            p, msg = gen_run(argv) if same else (None, "")
            if p is not None and p.returncode == 0:
                m = re.search(r"control=(twin|base)", msg)
                if m:
                    return {"id": "control/" + os.path.basename(path), "path": path,
                            "kind": m.group(1),
                            "regenerate": " ".join(shlex.quote(x) for x in argv)}
        return self._prefix_control(vec, data)

    def _prefix_control(self, vec, data):
        """A truncation with no generated base (the corpus's word-aligned
        truncations, built by golden_truncated.c): the trace up to the
        record that runs past the end, which the manifest gives, stands in."""
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
        return {"id": "control/" + name, "path": path, "kind": "prefix",
                "regenerate": "head -c %d %s" % (cut, shlex.quote(vec["path"]))}


def run_controls(runs, ctl, one, jobs):
    """Runs the control of every invalid vector that agreed by exit status;
    such a vector stays "agrees" if the reader accepted its control (exit
    0), else becomes "inconclusive"; one without a control is inconclusive
    too. Returns the control runs (one per distinct control)."""
    need = {}
    agreed = [r for r in runs if r["class"] == "agrees" and r["expected"] == "invalid"]
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as ex:
        found = list(ex.map(ctl.control_for, agreed))
    for r, c in zip(agreed, found):
        if c is None:
            r["control"] = None
            r["class"] = "inconclusive"
            r["detail"] = "%s, but there is no control (the same trace without the violation) " \
                "to tell the rule from a coincidence" % r["detail"]
            continue
        r["control"] = c["id"]
        r["control_kind"] = c["kind"]
        need.setdefault(c["id"], dict(c, source="control", expected="valid", rule="control"))
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as ex:
        done = {c["id"]: c for c in ex.map(one, list(need.values()))}
    for r in runs:
        c = done.get(r.get("control"))
        if c is None or c["class"] == "agrees":
            continue
        r["class"] = "inconclusive"
        r["detail"] = "%s, but the control (%s, %s) was not accepted either: %s %s" % (
            r["detail"], KINDS[c["kind"]], c["id"], c["class"], c["detail"])
        r["output_tail"] = c.get("output_tail", "")
    return list(done.values())


def agreement_line(runs, control_runs):
    """Conclusive agreement: valid and warn vectors read, invalid vectors
    rejected while their control was accepted."""
    agree = [r for r in runs if r["class"] == "agrees"]
    inconc = [r for r in runs if r["class"] == "inconclusive"]
    no_ctl = sum(1 for r in inconc if not r.get("control"))
    standin = sum(1 for r in agree if r.get("control_kind") in ("base", "prefix"))
    scored = [r for r in runs if r["class"] != "unsupported"]
    return ("agreement: %d of %d vectors agree conclusively (%.1f%%: valid and warn vectors "
            "read, invalid vectors rejected while their control was accepted; %d of them with "
            "a stand-in control, the rule having no twin); %d inconclusive (%d: the control was "
            "rejected too; %d: no control); %d controls run, %d accepted" % (
                len(agree), len(scored), 100.0 * len(agree) / len(scored) if scored else 0.0,
                standin, len(inconc), len(inconc) - no_ctl, no_ctl, len(control_runs),
                sum(1 for c in control_runs if c["class"] == "agrees")))
