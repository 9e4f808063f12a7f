# SPDX-License-Identifier: MIT
"""gate.py - fxt-conform as a gate in a reader's CI: the expectation file
(--expect, --write-expect: the vectors a reader is known to fail, with the
result expected, in the manner of protobuf's conformance failure lists),
the JUnit XML report (--junit), and writing report files without
clobbering anything. Python 3 standard library.

Expectation file: one "VECTOR-ID RESULT" a line, VECTOR-ID as fxt-conform
names vectors (corpus/invalid/E0004-record-too-small.fxt,
violate/violate-E0023-seed1.fxt, generated/random-realistic-seed3.fxt...),
RESULT one of FAILING; "#" starts a comment (at the start of a line or
after a blank), blank lines are ignored. A vector not listed must agree.
"""

import os
import re
import tempfile
from xml.sax.saxutils import escape, quoteattr

from vectors import UsageError

# Results that are not a pass: what an expectation line may name.
FAILING = ("rejects-valid", "accepts-invalid", "crash", "oom", "hang", "differs",
           "stops-early", "inconclusive")
# Results that need no line: agreement, and vectors the reader does not claim.
PASSING = ("agrees", "unsupported")

# Verdicts of judge(), per run.
AS_EXPECTED, KNOWN, NEW, FIXED, CHANGED = "pass", "known", "new-failure", "now-passes", "changed"

COMMENT = re.compile(r"(^|\s)#.*$")


def read_expect(path):
    """{vector id: expected result} from the expectation file PATH."""
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.read().splitlines()
    except (OSError, UnicodeDecodeError) as e:
        raise UsageError("--expect %s: cannot read it: %s" % (path, e))
    want = {}
    for n, line in enumerate(lines, 1):
        text = COMMENT.sub("", line).strip()
        if not text:
            continue
        toks = text.split()
        if len(toks) < 2:
            raise UsageError("%s:%d: want 'VECTOR-ID RESULT', got '%s'" % (path, n, text))
        vid, res = " ".join(toks[:-1]), toks[-1]
        if res in PASSING:
            raise UsageError("%s:%d: %s is not a failure: a vector that agrees needs no line"
                             % (path, n, res))
        if res not in FAILING:
            raise UsageError("%s:%d: unknown result '%s' (one of %s)"
                             % (path, n, res, ", ".join(FAILING)))
        if vid in want:
            raise UsageError("%s:%d: %s is listed twice" % (path, n, vid))
        want[vid] = res
    return want


def judge(runs, want):
    """Each run's verdict against the expectations WANT: {id: verdict}, and
    the listed ids that did not run (stale lines)."""
    verdicts = {}
    for r in runs:
        exp = want.get(r["id"])
        cls = r["class"]
        if exp is None:
            verdicts[r["id"]] = AS_EXPECTED if cls in PASSING else NEW
        elif cls == exp:
            verdicts[r["id"]] = KNOWN
        elif cls in PASSING:
            verdicts[r["id"]] = FIXED
        else:
            verdicts[r["id"]] = CHANGED
    ran = {r["id"] for r in runs}
    return verdicts, sorted(v for v in want if v not in ran)


def gate_failed(verdicts, stale):
    return bool(stale) or any(v in (NEW, FIXED, CHANGED) for v in verdicts.values())


def summary_lines(path, runs, want, verdicts, stale):
    """The lines fxt-conform prints about the expectations."""
    count = {}
    for v in verdicts.values():
        count[v] = count.get(v, 0) + 1
    out = ["expectations %s: %d listed; %d as expected (%d known failures), %d new failures, "
           "%d now pass, %d changed, %d listed but not run"
           % (path, len(want), count.get(AS_EXPECTED, 0) + count.get(KNOWN, 0),
              count.get(KNOWN, 0), count.get(NEW, 0), count.get(FIXED, 0),
              count.get(CHANGED, 0), len(stale))]
    by_id = {r["id"]: r for r in runs}
    for vid in sorted(verdicts):
        v = verdicts[vid]
        r = by_id[vid]
        if v == NEW:
            out.append("  NEW FAILURE  %s: %s (%s)" % (vid, r["class"], r.get("detail", "")))
        elif v == FIXED:
            out.append("  NOW PASSES   %s: listed as %s, now %s: remove its line"
                       % (vid, want[vid], r["class"]))
        elif v == CHANGED:
            out.append("  CHANGED      %s: listed as %s, now %s (%s)"
                       % (vid, want[vid], r["class"], r.get("detail", "")))
    for vid in stale:
        out.append("  NOT RUN      %s: listed as %s, but no such vector ran (remove its line, "
                   "or run the same vectors)" % (vid, want[vid]))
    out.append("gate: %s" % ("FAILED" if gate_failed(verdicts, stale)
                             else "passed: every result as expected"))
    return out


def atomic_write(path, text):
    """Write TEXT to PATH through a temporary file in the same folder, then
    rename it over PATH: PATH is either untouched or complete, never half
    written. Only the temporary file (ours) is removed on failure."""
    if os.path.isdir(path):
        raise OSError("%s is a directory" % path)
    folder = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix=".%s." % os.path.basename(path), suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        if os.path.exists(path):
            os.chmod(tmp, os.stat(path).st_mode & 0o7777)
        else:
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(tmp, 0o666 & ~umask)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def expect_text(runs, reader, version):
    """An expectation file listing every run that did not pass."""
    lines = ["# fxt-conform expectations: the vectors this reader is known to fail, with the",
             "# result expected, one 'VECTOR-ID RESULT' a line ('#' starts a comment).",
             "# fxt-conform --expect FILE exits 0 while every result is as listed, and 1 on a",
             "# new failure or on a listed failure that now passes (then delete its line).",
             "# Written by fxt-conform %s --write-expect for: %s" % (version, reader)]
    bad = sorted((r for r in runs if r["class"] not in PASSING), key=lambda r: r["id"])
    w = max([len(r["id"]) for r in bad] + [0])
    for r in bad:
        lines.append("%-*s %-15s # %s" % (w, r["id"], r["class"], r.get("rule", "")))
    return "\n".join(lines) + "\n"


_XML_BAD = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def _xml(text):
    return escape(_XML_BAD.sub("?", text))


def _attr(text):
    return quoteattr(_XML_BAD.sub("?", text))


def junit_text(runs, reader, seconds, verdicts=None, want=None):
    """JUnit XML: one testcase per vector (classname fxt-conform.SOURCE,
    name the vector id). Without expectations, agreement passes, an
    unsupported or inconclusive vector is skipped and every other result
    fails; with them (VERDICTS, WANT), a known failure is skipped, a new
    failure, a changed result and a listed vector that now passes fail."""
    cases, nfail, nskip = [], 0, 0
    for r in runs:
        cls = r["class"]
        msg = "%s: %s [%s, %s]" % (cls, r.get("detail", ""), r.get("expected", ""),
                                   r.get("rule", ""))
        body = ""
        if verdicts is not None:
            v = verdicts.get(r["id"], AS_EXPECTED)
            if v == KNOWN:
                body = "<skipped message=%s/>" % _attr("known failure (listed): " + msg)
            elif v == FIXED:
                body = "<failure type=\"now-passes\" message=%s/>" % _attr(
                    "listed as %s, now %s: remove it from the expectations" % (want[r["id"]], cls))
            elif v in (NEW, CHANGED):
                what = "new failure" if v == NEW else "listed as %s, now" % want[r["id"]]
                body = "<failure type=%s message=%s>%s</failure>" % (
                    _attr(cls), _attr("%s: %s" % (what, msg)),
                    _xml(r.get("output_tail", "")))
        elif cls in ("unsupported", "inconclusive"):
            body = "<skipped message=%s/>" % _attr(msg)
        elif cls != "agrees":
            body = "<failure type=%s message=%s>%s</failure>" % (
                _attr(cls), _attr(msg), _xml(r.get("output_tail", "")))
        nfail += body.startswith("<failure")
        nskip += body.startswith("<skipped")
        attrs = "classname=%s name=%s time=\"%.3f\"" % (
            _attr("fxt-conform." + r.get("source", "vector")), _attr(r["id"]),
            r.get("seconds") or 0.0)
        cases.append("    <testcase %s>%s</testcase>" % (attrs, body) if body
                     else "    <testcase %s/>" % attrs)
    head = ('<?xml version="1.0" encoding="UTF-8"?>\n'
            '<testsuites name="fxt-conform" tests="%d" failures="%d" errors="0" skipped="%d" '
            'time="%.3f">\n  <testsuite name=%s tests="%d" failures="%d" errors="0" '
            'skipped="%d" time="%.3f">\n'
            % (len(runs), nfail, nskip, seconds, _attr("fxt-conform: " + _XML_BAD.sub(
                "?", reader)), len(runs), nfail, nskip, seconds))
    return head + "\n".join(cases) + ("\n" if cases else "") + "  </testsuite>\n</testsuites>\n"
