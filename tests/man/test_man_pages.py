#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""ctest man-pages: the man page of every tool and libfxt(3) (cmake/manpages.cmake).

usage: test_man_pages.py MANDIR NAME=PROGRAM...

For each tool NAME, MANDIR/NAME.1 must
  - have the sections NAME, SYNOPSIS, DESCRIPTION, OPTIONS, EXIT STATUS,
    EXAMPLES and SEE ALSO, in that order;
  - render without a single warning, as lintian renders it
    (man --warnings -E UTF-8 -l -Tutf8 -Z PAGE prints nothing on stderr);
  - show every form of the command in SYNOPSIS: each "Usage:" / "or:" line of
    PROGRAM --help, and the forms listed in FORMS below (written here by hand:
    every subcommand and mode, so that a form missing from --help fails too);
  - name in OPTIONS every option that PROGRAM --help lists;
  - give exit statuses 0, 1 and 2 in EXIT STATUS (every tool has them).
Exit 0 when every page passes, 1 otherwise.
"""
import os
import re
import subprocess
import sys

SECTIONS = ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "EXIT STATUS", "EXAMPLES", "SEE ALSO"]
# Every form of every tool, as its SYNOPSIS must show it (words in order).
FORMS = {
    "fxt-validate": ["fxt-validate [OPTION]... FILE...", "fxt-validate --explain-rule",
                     "fxt-validate --list-rules"],
    "fxt-dump": ["fxt-dump [OPTION]... FILE"],
    "fxt-gen": ["fxt-gen random --records N", "fxt-gen violate --rule RULE",
                "fxt-gen violate --list", "fxt-gen golden DIR", "fxt-gen roundtrip"],
    "fxt-mutate": ["fxt-mutate mutate", "fxt-mutate seeds"],
    "fxt-conform": ["fxt-conform --reader"],
}
ENV = dict(os.environ, LC_ALL="C.UTF-8", MANROFFSEQ="", MANWIDTH="80")

fails = 0


def check(cond, what):
    global fails
    print(("ok: " if cond else "FAIL: ") + what)
    if not cond:
        fails += 1


def render(page):
    """The page as man shows it (plain text), and man's warnings."""
    r = subprocess.run(["man", "--warnings", "-E", "UTF-8", "-l", "-Tutf8", "-Z", page],
                       env=ENV, capture_output=True, text=True)
    warnings = r.stderr.strip()
    if r.returncode != 0 and not warnings:
        warnings = "man exited %d" % r.returncode
    text = subprocess.run(["man", "-l", page], env=dict(ENV, MAN_KEEP_FORMATTING=""),
                          capture_output=True, text=True).stdout
    text = re.sub(r".\x08", "", text)  # overstrike (bold, underline)
    return text, warnings


def sections(text):
    """{SECTION: body} of the rendered page, and the order of the headings."""
    out, order, cur = {}, [], None
    for line in text.splitlines():
        if re.match(r"^[A-Z][A-Z ]+$", line):
            cur = line.strip()
            order.append(cur)
            out[cur] = ""
        elif cur is not None:
            out[cur] += line + "\n"
    return out, order


def words(s):
    return " ".join(s.replace("\u2010", "-").split())


def help_text(prog):
    r = subprocess.run([prog, "--help"], capture_output=True, text=True)
    return r.stdout


def main():
    mandir = sys.argv[1]
    tools = dict(a.split("=", 1) for a in sys.argv[2:])
    check(set(tools) == set(FORMS), "pages for every tool: %s" % " ".join(sorted(tools)))
    for name, prog in sorted(tools.items()):
        page = os.path.join(mandir, name + ".1")
        if not os.path.isfile(page):
            check(False, "%s: no page %s" % (name, page))
            continue
        text, warnings = render(page)
        check(warnings == "", "%s: man --warnings prints nothing%s" %
              (name, "" if not warnings else ":\n" + warnings))
        secs, order = sections(text)
        check([s for s in order if s in SECTIONS] == SECTIONS,
              "%s: sections %s (has %s)" % (name, ", ".join(SECTIONS), ", ".join(order)))
        synopsis = words(secs.get("SYNOPSIS", ""))
        help_out = help_text(prog)
        usage = [words(re.sub(r"^(Usage|\s*or):\s*", "", line))
                 for line in help_out.splitlines() if re.match(r"^(Usage:|\s+or:)", line)]
        check(len(usage) >= 1, "%s: --help has a Usage: line" % name)
        for form in usage + FORMS.get(name, []):
            check(form in synopsis, "%s: SYNOPSIS shows '%s'" % (name, form))
        options = words(secs.get("OPTIONS", ""))
        opts = sorted(set(re.findall(r"^\s+(?:-\w, )?(--[a-zA-Z][\w-]*)", help_out, re.M)))
        check(len(opts) >= 2, "%s: --help lists options (%d)" % (name, len(opts)))
        missing = [o for o in opts if not re.search(re.escape(o) + r"\b", options)]
        check(not missing, "%s: OPTIONS names every option of --help%s" %
              (name, "" if not missing else " (missing: %s)" % " ".join(missing)))
        status = secs.get("EXIT STATUS", "")
        check(all(re.search(r"^\s+%d\s" % c, status, re.M) for c in (0, 1, 2)),
              "%s: EXIT STATUS gives 0, 1 and 2" % name)
        check(secs.get("EXAMPLES", "").count(name) >= 1, "%s: EXAMPLES run %s" % (name, name))
        see = secs.get("SEE ALSO", "")
        check(re.search(r"fxt-\w+\(1\)", see) is not None, "%s: SEE ALSO names other tools" % name)
    # libfxt(3), the library's page (written by hand): renders cleanly, has
    # the sections of a section-3 page and names the functions of the example
    lib = os.path.join(mandir, "libfxt.3")
    check(os.path.isfile(lib), "libfxt.3 exists")
    if os.path.isfile(lib):
        text, warnings = render(lib)
        check(warnings == "", "libfxt.3: man --warnings prints nothing%s" %
              ("" if not warnings else ":\n" + warnings))
        secs, order = sections(text)
        want = ["NAME", "LIBRARY", "SYNOPSIS", "DESCRIPTION", "RETURN VALUE", "EXAMPLES",
                "SEE ALSO"]
        check([s for s in order if s in want] == want, "libfxt.3: sections %s (has %s)" %
              (", ".join(want), ", ".join(order)))
        syn = words(secs.get("SYNOPSIS", ""))
        check(all(f in syn for f in ("fxt_validator_new", "fxt_validator_feed",
                                     "fxt_validator_finish", "fxt_validator_stats")),
              "libfxt.3: SYNOPSIS names the validator's functions")
    print("man-pages: %d failure(s)" % fails)
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
