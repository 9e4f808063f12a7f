# SPDX-License-Identifier: MIT
"""compare.py - differential conformance for fxt-conform --compare, and the
features a vector needs for --supports (Python 3 standard library).

The reader prints the records it decoded as JSON lines in the schema of
`fxt-dump --jsonl` (docs/fxt-dump.schema.json): one {"kind":"record", ...}
object per record with at least the fields it can decode. It reports an
error either by its exit status, or by a line {"kind":"error", "index": N}
(N: the record it rejects), or by a record line with non-empty "issues".
fxt-dump's own output for the same vector is the reference.

Fields are compared leaf by leaf (paths like fields.name.text,
args[0].value) where the reader printed them; a reader may print a number or
a string where fxt-dump prints an object ({"value", "name"} enums, {"ref",
"inline", "text"} string refs): it then has to equal one of the object's
value, text or name. Fields fxt-dump prints and the reader never does are
listed as not compared.
"""

import json
import math
import re

# Keys that say what fxt-dump found, not what the record holds.
IGNORED = {"kind", "issues", "issues_dropped", "errors", "decoded"}
SCALAR_OF = ("value", "text", "name")

BE_MAGIC = bytes.fromhex("0016547846040010")
LE_MAGIC = bytes.fromhex("1000044678541600")
RECORD_TYPE_NAMES = {0: "metadata", 1: "initialization", 2: "string", 3: "thread", 4: "event",
                     5: "blob", 6: "userspace", 7: "kernel-object", 8: "scheduling", 9: "log",
                     15: "large"}
BYTE_ORDERS = ("le", "be")
REVISIONS = ("r1", "r2", "r3", "current")
FEATURES = BYTE_ORDERS + REVISIONS + tuple(sorted(set(RECORD_TYPE_NAMES.values())))


# --------------------------------------------------------------- supports ---

def vector_features(data, revision="current", byte_order=None):
    """What reading DATA takes: its byte order (BYTE_ORDER, "big" or
    "little", where the manifest says it: a damaged magic record does not
    tell it; else from the magic record, le without one), its revision, and
    the record types in it (headers walked as the spec lays them out: type
    bits 0..3, size bits 4..15, a large record's size bits 4..35; the walk
    stops at a size 0 or past the end)."""
    big = byte_order == "big" if byte_order in ("big", "little") else data[:8] == BE_MAGIC
    feats = {"be" if big else "le", revision}
    off = 0
    while off + 8 <= len(data):
        w = int.from_bytes(data[off:off + 8], "big" if big else "little")
        t = w & 15
        size = (w >> 4) & (0xFFFFFFFF if t == 15 else 0xFFF)
        if t in RECORD_TYPE_NAMES:
            feats.add(RECORD_TYPE_NAMES[t])
        if size == 0:
            break
        off += 8 * size
    return feats


def parse_supports(text):
    """--supports LIST -> set, or raises ValueError naming the unknown item."""
    got = set()
    for item in text.split(","):
        item = item.strip().lower()
        if not item:
            continue
        if item not in FEATURES:
            raise ValueError("unknown feature '%s' (known: %s)" % (item, ", ".join(FEATURES)))
        got.add(item)
    return got


def unsupported(feats, claimed):
    """Features of a vector outside CLAIMED; a group (byte orders, revisions,
    record types) the reader names nothing of counts as all supported."""
    out = []
    for group in (BYTE_ORDERS, REVISIONS, tuple(set(RECORD_TYPE_NAMES.values()))):
        if claimed & set(group):
            out += sorted(f for f in feats if f in group and f not in claimed)
    return out


# ------------------------------------------------------------------ JSONL ---

def parse_jsonl(text):
    """(records, error_indexes, end, other_lines) from JSON lines."""
    records, errors, end, other = [], [], None, 0
    for line in text.splitlines():
        line = line.strip()
        if not line.startswith("{"):
            if line:
                other += 1
            continue
        try:
            obj = json.loads(line)
        except ValueError:
            other += 1
            continue
        kind = obj.get("kind", "record")
        if kind == "record":
            records.append(obj)
            # an issue is an error unless it says otherwise (a warning is
            # not a rejection, as in ref_offending())
            if any(not isinstance(i, dict) or i.get("severity", "error") == "error"
                   for i in obj.get("issues") or []):
                errors.append(obj.get("index", len(records) - 1))
        elif kind == "error":
            idx = obj.get("index", obj.get("record_index"))
            errors.append(idx if isinstance(idx, int) else None)
        elif kind == "end":
            end = obj
        else:
            other += 1
    return records, errors, end, other


def flatten(obj, prefix="", out=None):
    if out is None:
        out = {}
    if isinstance(obj, dict):
        for k, v in obj.items():
            if not prefix and k in IGNORED:
                continue
            flatten(v, prefix + "." + k if prefix else k, out)
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            flatten(v, "%s[%d]" % (prefix, i), out)
        if not obj:
            out[prefix + "[]"] = 0  # an empty list: compared as a length
    else:
        out[prefix] = obj
    return out


_IDX_RE = re.compile(r"\[\d+\]")


def general(path):
    return _IDX_RE.sub("[]", path)


def same(a, b):
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        if isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b):
            return True
        return a == b
    return a == b


def type_name(rec):
    t = rec.get("type")
    if isinstance(t, dict):
        return str(t.get("name", t.get("value")))
    return str(t)


def compare_record(ref, got):
    """[(general path, want, got)] of the fields of GOT that differ from REF,
    and the set of REF's general paths GOT printed."""
    fr, fg = flatten(ref), flatten(got)
    diffs, seen = [], set()
    for path, val in fg.items():
        if path in fr:
            seen.add(general(path))
            if not same(fr[path], val):
                diffs.append((general(path), fr[path], val))
            continue
        subs = [fr[path + "." + k] for k in SCALAR_OF if path + "." + k in fr]
        if subs:
            seen.add(general(path))
            if not any(same(s, val) for s in subs):
                diffs.append((general(path), subs[0], val))
    return diffs, seen


def ref_offending(ref_records, ref_end):
    """Index of the record a strict reader must stop or report at: the first
    record with an error, else the first error after the records (truncation,
    end of trace), else None."""
    for r in ref_records:
        if any(i.get("severity", "error") == "error" for i in r.get("issues", [])):
            return r.get("index", 0)
    if ref_end:
        for i in ref_end.get("issues", []):
            if i.get("severity", "error") == "error":
                ri = i.get("record_index")
                return ri if isinstance(ri, int) else len(ref_records)
    return None


def compare_vector(expected, ref_text, got_text, exit_code):
    """Compare a reader's output with fxt-dump's on one vector that did not
    crash or hang. Returns (class, detail, diffs, seen, compared_records):
    class agrees | differs | stops-early | rejects-valid | accepts-invalid."""
    ref, _, ref_end, _ = parse_jsonl(ref_text)
    got, got_errors, _, _ = parse_jsonl(got_text)
    by_index = {}
    for pos, g in enumerate(got):
        idx = g.get("index", pos)
        if isinstance(idx, int) and idx not in by_index:
            by_index[idx] = g
    rejected = exit_code != 0 or bool(got_errors)
    if expected in ("valid", "warn"):
        upto = len(ref)
        k = None
    else:
        k = ref_offending(ref, ref_end)
        if k is None:  # fxt-dump saw no error: compare everything
            k = len(ref)
        stop = min([e for e in got_errors if isinstance(e, int)] or [max(by_index, default=-1) + 1])
        upto = min(k, stop)
    diffs, seen, missing = [], set(), []
    for r in ref[:upto]:
        idx = r.get("index")
        g = by_index.get(idx)
        if g is None:
            missing.append(idx)
            continue
        d, s = compare_record(r, g)
        seen |= s
        tname = type_name(r)
        diffs += [(idx, tname, p, w, v) for p, w, v in d]
    if expected in ("valid", "warn"):
        if exit_code != 0:
            return ("rejects-valid", "exit %d on a %s vector (%d of %d records printed)"
                    % (exit_code, expected, len(by_index), len(ref)), diffs, seen, upto)
    else:
        if not rejected:
            return ("accepts-invalid", "exit 0 and no error reported on an invalid vector "
                    "(offending record #%d)" % k, diffs, seen, upto)
        if stop < k:
            rt = type_name(ref[stop]) if stop < len(ref) else "?"
            return ("stops-early", "stopped at record #%d (%s), before the offending record #%d"
                    % (stop, rt, k), diffs, seen, upto)
    if missing:
        return ("differs", "%d of %d records not printed (first: #%s)"
                % (len(missing), upto, missing[0]), diffs, seen, upto)
    if diffs:
        idx, tname, p, w, v = diffs[0]
        return ("differs", "record #%s (%s) %s: got %s, want %s (%d field(s) differ)"
                % (idx, tname, p, json.dumps(v)[:60], json.dumps(w)[:60], len(diffs)),
                diffs, seen, upto)
    return ("agrees", "%d record(s) equal" % upto, diffs, seen, upto)


def field_table(runs):
    """Rows (field, records compared, mismatches, example) over the runs
    that were compared, most mismatches first."""
    rows = {}
    for r in runs:
        for path in r.get("fields_seen", []):
            rows.setdefault(path, {"field": path, "vectors": 0, "mismatches": 0, "example": None})
            rows[path]["vectors"] += 1
        for idx, tname, path, want, got in r.get("field_diffs", []):
            row = rows.setdefault(path, {"field": path, "vectors": 0, "mismatches": 0,
                                         "example": None})
            row["mismatches"] += 1
            if row["example"] is None:
                row["example"] = {"id": r["id"], "record": idx, "type": tname,
                                  "want": want, "got": got}
    return sorted(rows.values(), key=lambda x: (-x["mismatches"], x["field"]))
