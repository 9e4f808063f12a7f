#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""check_independence.py - the spec-tests stay independent of the code's
own description of the format.

Every name that include/fxt/format.h or include/fxt/layout.h defines
(macros, enum constants, types, functions) is collected from those headers,
and no spec-test file may use one, nor include either header: the cases are
literal words worked out by hand from the spec, and a wrong constant in the
headers must not be able to make them pass. Two files are exceptions:
  spec_main.c         the harness: the API's revision values (FXT_REV_*,
                      fxt_revision), to map the cases' own revision numbers;
  spec_layout_guard.c the guard that checks every revision difference of
                      the layout table has a case (coverage, not behaviour).

  check_independence.py SOURCE_DIR      (the repository root)
Exit 0 when independent, 1 with the offending names and lines.
"""
import os
import re
import sys

ALLOWED = {
    "spec_main.c": {"fxt_revision", "FXT_REV_R1", "FXT_REV_R2", "FXT_REV_R3",
                    "FXT_REV_CURRENT", "FXT_REV_AUTO", "FXT_REV_COUNT", "FXT_REV_BIT"},
    "spec_layout_guard.c": None,  # anything
}
HEADERS = ("include/fxt/format.h", "include/fxt/layout.h")


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    text = re.sub(r"//[^\n]*", "", text)
    return re.sub(r'"(\\.|[^"\\])*"', '""', text)


def defined_names(path):
    """Names a header defines: macros, enum constants, typedefs, struct
    tags and functions (all start with fxt_/FXT_)."""
    text = strip_comments(open(path).read())
    names = set(re.findall(r"^\s*#\s*define\s+([A-Za-z_]\w*)", text, flags=re.M))
    for body in re.findall(r"\benum\b[^{;]*\{([^}]*)\}", text):
        names.update(re.findall(r"^\s*([A-Za-z_]\w*)\s*(?:=|,|$)", body, flags=re.M))
    names.update(re.findall(r"\}\s*([A-Za-z_]\w*)\s*;", text))          # typedef'd structs/enums
    names.update(re.findall(r"\b(?:struct|enum)\s+([A-Za-z_]\w*)", text))
    names.update(re.findall(r"\b([A-Za-z_]\w*)\s*\(", text))              # functions (and macro calls)
    guard = os.path.basename(path).upper().replace(".", "_")
    return {n for n in names if re.match(r"(?i)fxt_", n) and not n.endswith(guard)}


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..")
    forbidden = set()
    for h in HEADERS:
        forbidden |= defined_names(os.path.join(root, h))
    # names the API headers the cases do use define themselves are not format knowledge
    for api in ("include/fxt/rules.h", "include/fxt/rule_ids.h", "include/fxt/fxt.h", "include/fxt/revision.h"):
        forbidden -= defined_names(os.path.join(root, api))
    if len(forbidden) < 50:
        print(f"only {len(forbidden)} names found in {HEADERS}: the parser is broken")
        return 1
    spec = os.path.join(root, "spec-tests")
    bad = []
    checked = 0
    for name in sorted(os.listdir(spec)):
        if not name.endswith((".c", ".h")):
            continue
        allowed = ALLOWED.get(name, set())
        if allowed is None:
            continue
        checked += 1
        raw = open(os.path.join(spec, name)).read()
        code = strip_comments(raw)
        for h in HEADERS:
            if re.search(r'#\s*include\s*[<"]' + re.escape(h.split("include/")[1]) + '[>"]', raw):
                bad.append(f"{name}: includes {h.split('include/')[1]}")
        for n, line in enumerate(code.split("\n"), 1):
            for ident in re.findall(r"\b[A-Za-z_]\w*\b", line):
                if ident in forbidden and ident not in allowed:
                    bad.append(f"{name}:{n}: uses {ident}")
    if checked < 5:
        print(f"only {checked} spec-test files checked: wrong directory?")
        return 1
    if bad:
        print("spec-tests must not use format.h / layout.h names:")
        print("\n".join("  " + b for b in bad))
        return 1
    print(f"{checked} spec-test files use none of {len(forbidden)} format.h/layout.h names")
    return 0


if __name__ == "__main__":
    sys.exit(main())
