# SPDX-License-Identifier: MIT
"""vectors.py - the test vectors of fxt-conform: the golden corpus (its
manifest.json) and traces made by fxt-gen (random valid traces, one-violation
traces). Python 3 standard library.
"""

import json
import os
import re
import shlex
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.normpath(os.path.join(HERE, "..", ".."))
VERDICTS = ("valid", "warn", "invalid")


class UsageError(Exception):
    pass


def note(msg):
    print("fxt-conform: " + msg, file=sys.stderr)


# ---------------------------------------------------------------- corpus ---

RULE_ID_RE = re.compile(r"^[EW]\d{4}$", re.I)


def issue_label(issue):
    """An expected issue (string or object) -> (id or None, label)."""
    if isinstance(issue, str):
        toks = issue.split()
        rid = toks[0].upper() if toks and RULE_ID_RE.match(toks[0]) else None
        if rid and len(toks) > 1 and re.match(r"^[a-z0-9-]+$", toks[1]):
            return rid, "%s %s" % (rid, toks[1])
        return rid, issue
    if isinstance(issue, dict):
        rid = None
        name = None
        for k in ("id", "rule", "rule_id", "code"):
            v = issue.get(k)
            if isinstance(v, str) and RULE_ID_RE.match(v):
                rid = v.upper()
            elif isinstance(v, str) and v and name is None:
                name = v
            elif isinstance(v, int) and rid is None:
                sev = issue.get("severity", "")
                letter = "W" if str(sev).lower().startswith("w") else "E"
                rid = "%s%04d" % (letter, v)
        for k in ("name", "rule_name"):
            v = issue.get(k)
            if isinstance(v, str) and v:
                name = v
        if rid and name and name != rid:
            return rid, "%s %s" % (rid, name)
        return rid, rid or name or json.dumps(issue, sort_keys=True)
    return None, str(issue)


def manifest_entries(doc):
    if isinstance(doc, list):
        return doc
    if isinstance(doc, dict):
        for k in ("vectors", "cases", "entries", "files", "tests", "corpus"):
            if isinstance(doc.get(k), list):
                return doc[k]
        # {"path": {...}} mapping
        if doc and all(isinstance(v, dict) for v in doc.values()):
            out = []
            for k, v in doc.items():
                e = dict(v)
                e.setdefault("path", k)
                out.append(e)
            return out
    raise ValueError("no list of vectors found")


REVISIONS = ("r1", "r2", "r3", "current")
# Rules about fxt-validate itself, not the format: W0055 (a capacity limit of
# the validator stopped some checks). Their vectors are conforming traces
# built to pass fxtkit's limits (4097 providers); they say nothing about a
# reader, so fxt-conform leaves them out.
TOOL_RULES = ("W0055",)


def revision_entry(e, revision):
    """The part of manifest entry E that is about REVISION: (verdict or None,
    issues), or None when the entry says nothing about it. A `revisions`
    object gives each revision it lists its own verdict and issues; without
    one, the entry's verdict is for its `revision` (current when absent)."""
    revs = e.get("revisions")
    if isinstance(revs, dict):
        r = revs.get(revision)
        if not isinstance(r, dict):
            return None
        v = r.get("verdict")
        return (v.lower() if isinstance(v, str) and v.lower() in VERDICTS else None,
                r.get("issues") if isinstance(r.get("issues"), list) else [])
    own = e.get("revision", "current")
    if not isinstance(own, str) or own.lower() != revision:
        return None
    return (None, None)  # the entry's own verdict and issues


def load_corpus(cdir, revision=None):
    """The vectors of the corpus in CDIR; with REVISION, only its part
    (revision_entry), each expected as that revision says. Vectors about
    fxtkit's own limits (TOOL_RULES) are left out."""
    manifest = cdir
    if os.path.isdir(cdir):
        manifest = os.path.join(cdir, "manifest.json")
    if not os.path.isfile(manifest):
        raise UsageError("no corpus manifest: %s" % manifest)
    base = os.path.dirname(os.path.abspath(manifest))
    try:
        with open(manifest, encoding="utf-8") as f:
            doc = json.load(f)
        entries = manifest_entries(doc)
    except (OSError, ValueError) as e:
        raise UsageError("%s: cannot read the manifest: %s" % (manifest, e))
    vectors = []
    for i, e in enumerate(entries):
        if isinstance(e, str):
            e = {"path": e}
        if not isinstance(e, dict):
            raise UsageError("%s: entry %d is not an object" % (manifest, i))
        part = None
        if revision is not None:
            part = revision_entry(e, revision)
            if part is None:
                continue
        rel = next((e[k] for k in ("path", "file", "vector", "name") if isinstance(e.get(k), str)),
                   None)
        if rel is None:
            raise UsageError("%s: entry %d has no path" % (manifest, i))
        verdict = None
        for k in ("expect", "expected", "verdict", "expected_verdict", "status", "result"):
            v = e.get(k)
            if isinstance(v, str) and v.lower() in VERDICTS:
                verdict = v.lower()
                break
            if isinstance(v, dict):
                vv = v.get("verdict") or v.get("status")
                if isinstance(vv, str) and vv.lower() in VERDICTS:
                    verdict = vv.lower()
                    break
        if part is not None and part[0] is not None:
            verdict = part[0]
        if verdict is None:  # fall back on the folder: valid/ warn/ invalid/
            parts = rel.replace("\\", "/").split("/")
            verdict = next((p for p in parts if p in VERDICTS), None)
        if verdict is None:
            raise UsageError("%s: %s: no expected verdict (valid|warn|invalid)" % (manifest, rel))
        issues = None
        for k in ("issues", "expected_issues", "expect_issues", "rules", "expected_rules"):
            if isinstance(e.get(k), list):
                issues = e[k]
                break
        if issues is None and isinstance(e.get("expected"), dict):
            issues = e["expected"].get("issues")
        if part is not None and part[1] is not None:
            issues = part[1]
        issues = issues or []
        labels = [issue_label(x) for x in issues]
        if labels and all(rid in TOOL_RULES for rid, _ in labels):
            continue
        path = os.path.normpath(os.path.join(base, rel))
        if not os.path.isfile(path):
            raise UsageError("%s: vector missing: %s" % (manifest, path))
        if verdict == "valid":
            rule = "valid"
        else:
            want = "E" if verdict == "invalid" else "W"
            pick = next((lab for rid, lab in labels if rid and rid.startswith(want)), None)
            if pick is None and labels:
                pick = labels[0][1]
            rule = pick or "(%s, rule not given)" % verdict
        vec = {"id": "corpus/" + rel, "path": path, "source": "corpus",
               "expected": verdict, "rule": rule,
               "expected_issues": [lab for _, lab in labels]}
        if revision:
            vec["revision"] = revision
        if e.get("byte_order") in ("big", "little"):
            vec["byte_order"] = e["byte_order"]
        # where a truncated record starts (E0002): the prefix before it is
        # the vector's control when no generated base is (controls.py)
        cut = next((x.get("record_offset") for x in issues if isinstance(x, dict) and
                    str(x.get("rule", "")).startswith("E0002") and
                    isinstance(x.get("record_offset"), int)), None)
        if verdict == "invalid" and cut:
            vec["truncated_at"] = cut
        vectors.append(vec)
    return vectors


# ------------------------------------------------------------- generated ---

def find_tool(explicit, option, envvar, name, subdir):
    """EXPLICIT (from OPTION), $ENVVAR, NAME on PATH, or build*/SUBDIR/NAME."""
    if explicit:
        if not (os.path.isfile(explicit) and os.access(explicit, os.X_OK)):
            raise UsageError("%s: not an executable file: %s" % (option, explicit))
        return explicit
    env = os.environ.get(envvar)
    if env and os.access(env, os.X_OK):
        return env
    w = shutil.which(name)
    if w:
        return w
    beside = os.path.join(os.path.dirname(os.path.abspath(sys.argv[0])), name)
    if os.access(beside, os.X_OK):  # installed side by side with fxt-conform
        return beside
    for d in ["build"] + sorted(x for x in os.listdir(REPO) if x.startswith("build-")):
        cand = os.path.join(REPO, d, subdir, name)
        if os.path.isfile(cand) and os.access(cand, os.X_OK):
            return cand
    return None


def find_fxt_gen(explicit):
    return find_tool(explicit, "--fxt-gen", "FXT_GEN", "fxt-gen", "generator")


def gen_run(argv):
    try:
        p = subprocess.run(argv, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, timeout=300)
    except (OSError, subprocess.TimeoutExpired) as e:
        return None, str(e)
    return p, (p.stdout + p.stderr).decode("utf-8", "replace").strip()


def rev_args(revision):
    """fxt-gen's --revision for REVISION (nothing when None: fxt-gen's default)."""
    return ["--revision", revision] if revision else []


# The legal orders of the leading records (fxt-gen random --order; the
# FXT_GEN_ORDER_* bits of fxt/gen.h are the index): seed S of the mix gets
# order S // 2 % 8, so that 16 seeds hold every order in both profiles.
ORDERS = ("magic,init,provider", "init,provider", "magic,provider,init", "provider,init",
          "magic,init,provider,section", "init,provider,section",
          "magic,provider,section,init", "provider,section,init")


# The record types fxt-gen can leave out of a realistic trace (--without):
# what is left (metadata, initialization, string, thread, event) every reader
# reads. The corpus's invalid/ and warn/ vectors have a base without them
# (golden.c: VIOLATE_BASE_OMIT).
OPTIONAL_TYPES = ("blob", "userspace", "kernel-object", "scheduling", "log")


def without_for(claimed):
    """The record types fxt-gen is to leave out of its traces for a reader
    that claims CLAIMED (--supports; None: everything): those of
    OPTIONAL_TYPES it does not name, when it names record types at all."""
    from compare import RECORD_TYPE_NAMES  # (the record type names --supports takes)
    if not claimed or not claimed & set(RECORD_TYPE_NAMES.values()):
        return []
    return [t for t in OPTIONAL_TYPES if t not in claimed]


def without_args(without):
    return ["--without", ",".join(without)] if without else []


def gen_random(fxt_gen, outdir, n, records, profile, revision=None, without=()):
    """Random valid traces, seeds 1..N (of REVISION when given; big-endian
    only where the revision has the magic record that tells the order), the
    leading records in every legal order in turn (mix profile). WITHOUT:
    record types left out (realistic profile only, so the mix is all
    realistic then)."""
    vectors = []
    for seed in range(1, n + 1):
        order = 0
        if profile == "mix":
            prof = "realistic" if seed % 2 or without else "coverage"
            be = seed % 4 == 0 and revision not in ("r1", "r2")
            order = seed // 2 % len(ORDERS)
            if revision in ("r1", "r2"):
                order &= ~1  # no magic record in these revisions anyway
        else:
            prof, be = profile, False
        name = "random-%s%s-seed%d%s%s.fxt" % (
            prof, "-" + revision if revision else "", seed, "-be" if be else "",
            "-order-" + ORDERS[order].replace(",", "-") if order else "")
        path = os.path.join(outdir, name)
        argv = [fxt_gen, "random", "--seed", str(seed), "--records", str(records),
                "--profile", prof] + (["--big-endian"] if be else []) + rev_args(revision) + \
            (["--order", ORDERS[order]] if order else []) + without_args(without) + ["-o", path]
        p, msg = gen_run(argv)
        if p is None or p.returncode != 0:
            raise UsageError("fxt-gen failed: %s: %s" % (" ".join(argv), msg))
        vec = {"id": "generated/" + name, "path": path, "source": "generated",
               "expected": "valid", "rule": "valid",
               "regenerate": " ".join(shlex.quote(a) for a in argv)}
        if revision:
            vec["revision"] = revision
        vectors.append(vec)
    return vectors


def violate_rules(fxt_gen, revision=None):
    """(rule id, name) pairs fxt-gen violate --list offers (for REVISION),
    or None."""
    p, msg = gen_run([fxt_gen, "violate", "--list"] + rev_args(revision))
    if p is None or p.returncode != 0:
        return None
    rules = []
    for line in p.stdout.decode("utf-8", "replace").splitlines():
        toks = line.split()
        for i, t in enumerate(toks[:3]):
            if RULE_ID_RE.match(t):
                name = toks[i + 1] if i + 1 < len(toks) and re.match(r"^[a-z0-9-]+$", toks[i + 1]) \
                    else None
                rules.append((t.upper(), name))
                break
    return rules


def gen_violations(fxt_gen, outdir, which, seeds, revision=None, without=()):
    """One-violation traces of the rules WHICH (all: every rule fxt-gen
    offers for REVISION), seeds 1..SEEDS, their base without the record
    types WITHOUT."""
    offered = violate_rules(fxt_gen, revision)
    if offered is None:
        if which == "all":
            note("fxt-gen violate --list failed: no one-violation traces")
            return [], []
        offered = []
    names = {rid: name for rid, name in offered}
    by_name = {name: rid for rid, name in offered if name}
    if which == "all":
        wanted = [rid for rid, _ in offered if rid not in TOOL_RULES]
    else:
        wanted = []
        for w in which.split(","):
            w = w.strip()
            if not w:
                continue
            wanted.append(w.upper() if RULE_ID_RE.match(w) else by_name.get(w, w))
    vectors, skipped = [], []
    for rule in wanted:
        for seed in range(1, seeds + 1):
            name = "violate-%s%s-seed%d.fxt" % (rule, "-" + revision if revision else "", seed)
            path = os.path.join(outdir, name)
            argv = [fxt_gen, "violate", "--rule", rule, "--seed", str(seed)] + \
                rev_args(revision) + without_args(without) + ["-o", path]
            p, msg = gen_run(argv)
            if p is None or p.returncode != 0 or not os.path.isfile(path):
                skipped.append({"rule": rule, "seed": seed, "why": msg[:200]})
                continue
            toks = p.stdout.decode("utf-8", "replace").split()
            rid = toks[0].upper() if toks and RULE_ID_RE.match(toks[0]) else rule
            offset = toks[1] if len(toks) > 1 else None
            rname = names.get(rid)
            label = "%s %s" % (rid, rname) if rname else rid
            expected = "warn" if rid.startswith("W") else "invalid"
            vec = {"id": "violate/" + name, "path": path, "source": "violate",
                   "expected": expected, "rule": label, "violation_offset": offset,
                   "seed": seed, "without": list(without),
                   "expected_issues": [label],
                   "regenerate": " ".join(shlex.quote(a) for a in argv)}
            if revision:
                vec["revision"] = revision
            vectors.append(vec)
    if skipped:
        note("fxt-gen violate could not make %d trace(s): %s" % (
            len(skipped), ", ".join(sorted({s["rule"] for s in skipped}))))
    return vectors, skipped
