#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The legal orders of a trace's leading records in the tools (ctest
fuzz_orders): a magic record or none, the initialization record before or
after the provider info, a provider section record after the provider info
or none.

  test_orders.py --gen FXT_GEN --mutate FXT_MUTATE --dump FXT_DUMP
                 --validate FXT_VALIDATE --corpus DIR

  - fxt-gen random --order: every order by name (and init-first,
    provider-first), the leading records as named (read by fxt-dump), no
    error; without --order the same bytes as --order init-first; refused:
    an unknown order, no magic record in a big-endian trace;
  - fxt-mutate seeds: by default the set holds every order, each file
    valid, the copies in another order keeping the magic record in most
    (at least 70%); --order ORDER puts every base in that order (big-endian bases
    cannot lose their magic record: left out and counted); --order as-is
    writes the bases unchanged;
  - a reader that insists on one order (the Python fixture with
    --init-after-provider rejects an initialization record before the
    provider info, as two readers did): it rejects every seed as the corpus
    has it (every input would stop at byte 8), reads some of the default
    seed set and all of --order provider-first, and reads mutations of
    init-first bases that the reorder mutation moved.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "python"))
sys.dont_write_bytecode = True
import fxtread  # noqa: E402

ORDERS = ["magic,init,provider", "init,provider", "magic,provider,init", "provider,init",
          "magic,init,provider,section", "init,provider,section",
          "magic,provider,section,init", "provider,section,init"]
LEAD = {"trace-info": "magic", "initialization": "init", "provider-info": "provider",
        "provider-section": "section"}
failures = []


def check(cond, msg):
    print(("ok   " if cond else "FAIL ") + msg)
    if not cond:
        failures.append(msg)


def run(argv):
    p = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=600)
    return p.returncode, p.stdout.decode("utf-8", "replace")


def lead_of(a, path):
    """The leading records of PATH as fxt-dump reads them, in the names of
    the orders; None for a trace whose leading records are not an order."""
    rc, out = run([a.dump, "--jsonl", path])
    names = []
    for line in out.splitlines():
        d = json.loads(line)
        if d.get("kind") != "record":
            continue
        t = d["type"]["name"]
        if t == "metadata":
            t = d["fields"]["metadata_type"]["name"]
        if t not in LEAD:
            break
        names.append(LEAD[t])
    return ",".join(names)


def fits(got, want):
    """Whether leading records GOT are in order WANT: the same, or WANT
    without the initialization record or the provider (and its section)
    where the trace has none."""
    w = want.split(",")
    forms = {want}
    for drop in ({"init"}, {"provider", "section"}, {"init", "provider", "section"}):
        forms.add(",".join(x for x in w if x not in drop))
    return got in forms


def errors(a, path):
    rc, out = run([a.validate, "-q", path])
    return rc


def cmd_gen(a, tmp):
    base = [a.gen, "random", "--seed", "5", "--records", "300"]
    plain = os.path.join(tmp, "plain.fxt")
    run(base + ["-o", plain])
    for order in ORDERS + ["init-first", "provider-first"]:
        for prof in ("realistic", "coverage"):
            path = os.path.join(tmp, "o.fxt")
            rc, out = run(base + ["--profile", prof, "--order", order, "-o", path])
            want = {"init-first": ORDERS[0], "provider-first": ORDERS[2]}.get(order, order)
            got = lead_of(a, path)
            check(rc == 0 and got == want and errors(a, path) == 0,
                  "fxt-gen random --profile %s --order %s: leading records %s, valid" %
                  (prof, order, got))
            if order == "init-first" and prof == "realistic":
                check(open(path, "rb").read() == open(plain, "rb").read(),
                      "--order init-first gives the bytes of no --order")
    rc, out = run(base + ["--order", "init,provider", "--big-endian", "-o", plain + "x"])
    check(rc == 2 and "magic record" in out and not os.path.exists(plain + "x"),
          "no magic record in a big-endian trace: refused (exit %d)" % rc)
    rc, out = run(base + ["--order", "provider,magic,init", "-o", plain + "x"])
    check(rc == 2 and "--order" in out, "an order that is not one: refused (exit %d)" % rc)
    for order in ("provider,init", "provider,section,init"):
        rc, out = run(base + ["--revision", "r2", "--order", order, "-o", plain + "x"])
        check(rc == 0 and lead_of(a, plain + "x") == order and
              run([a.validate, "-q", "--revision", "r2", plain + "x"])[0] == 0,
              "r2 (no magic record anyway): --order %s" % order)
    rc, out = run([a.gen, "--help"])
    check("--order" in out, "fxt-gen --help tells of --order")


def cmd_seeds(a, tmp):
    valid = os.path.join(a.corpus, "valid")
    d = os.path.join(tmp, "all")
    rc, out = run([a.mutate, "seeds", "-o", d, valid])
    print(out.strip())
    got = {}
    bad = []
    for name in sorted(os.listdir(d)):
        p = os.path.join(d, name)
        got.setdefault(lead_of(a, p), []).append(name)
        if errors(a, p) != 0:
            bad.append(name)
    check(rc == 0 and set(ORDERS) <= set(got),
          "seeds: the default set holds every order (%s)" % {k: len(v) for k, v in got.items()})
    check(not bad, "seeds: every file is valid (%s)" % bad[:5])
    copies = [n for n in os.listdir(d) if ".order-" in n]
    for name in copies:
        want = name.split(".order-")[1][:-4].replace("-", ",")
        if not fits(lead_of(a, os.path.join(d, name)), want):
            check(False, "%s: leading records %s" % (name, lead_of(a, os.path.join(d, name))))
    # a reader that needs the magic record reads most of the copies
    magic = [n for n in copies if n.split(".order-")[1].startswith("magic")]
    check(copies and len(magic) >= 0.7 * len(copies),
          "seeds: the copies in other orders keep the magic record in most (%d of %d)"
          % (len(magic), len(copies)))
    for order in ("provider-first", "provider,section,init", "init,provider"):
        d = os.path.join(tmp, order.replace(",", "-"))
        rc, out = run([a.mutate, "seeds", "--order", order, "-o", d, valid])
        want = {"provider-first": ORDERS[2]}.get(order, order)
        leads = {}
        for name in os.listdir(d):
            leads.setdefault(lead_of(a, os.path.join(d, name)), []).append(name)
        ok = all(fits(k, want) for k in leads)
        check(rc == 0 and ok, "seeds --order %s: every file in that order (%s)"
              % (order, {k: len(v) for k, v in leads.items()}))
        if "magic" not in want:
            # the big-endian bases, and minimal.fxt (the magic record alone)
            n_out = sum(1 for n in os.listdir(valid) if n.endswith("-be.fxt")) + 1
            check("%d base(s) not in order %s left out" % (n_out, want) in out and
                  not any("-be" in n for n in os.listdir(d)) and
                  "minimal.fxt" not in os.listdir(d),
                  "seeds --order %s: the %d big-endian bases and the magic record alone left "
                  "out, counted (%s)" % (order, n_out - 1, out.strip()[-120:]))
    d = os.path.join(tmp, "as-is")
    rc, out = run([a.mutate, "seeds", "--order", "as-is", "-o", d, valid])
    same = all(open(os.path.join(d, n), "rb").read() == open(os.path.join(valid, n), "rb").read()
               for n in os.listdir(d))
    check(rc == 0 and same and len(os.listdir(d)) == len(
        [n for n in os.listdir(valid) if n.endswith(".fxt")]),
        "seeds --order as-is: the bases unchanged")
    rc, out = run([a.mutate, "seeds", "--order", "bogus", "-o", d, valid])
    check(rc == 2, "seeds --order bogus: exit 2 (got %d)" % rc)


def strict_reads(folder):
    """Files of FOLDER the order-strict fixture reads (and how many there are)."""
    ok = 0
    names = sorted(os.listdir(folder))
    for n in names:
        try:
            fxtread.read_file(os.path.join(folder, n), init_after_provider=True)
            ok += 1
        except fxtread.FxtError:
            pass
    return ok, len(names)


def cmd_strict(a, tmp):
    valid = os.path.join(a.corpus, "valid")
    res = {}
    for order in ("as-is", "all", "provider-first"):
        d = os.path.join(tmp, "strict-" + order)
        run([a.mutate, "seeds", "--byte-order", "le", "--order", order, "-o", d, valid])
        res[order] = strict_reads(d)
    print(res)
    d = os.path.join(tmp, "strict-as-is")
    no_init_first = sum(1 for n in os.listdir(d)
                        if "init,provider" not in lead_of(a, os.path.join(d, n)))
    check(res["as-is"][0] == no_init_first and no_init_first <= 2,
          "a reader insisting on provider-first reads none of the corpus as it is but the %d "
          "traces with no initialization record first (%d of %d)"
          % ((no_init_first,) + res["as-is"]))
    check(res["all"][0] >= res["all"][1] // 4, "... %d of %d of the default seed set"
          % res["all"])
    check(res["provider-first"][0] == res["provider-first"][1],
          "... all %d of seeds --order provider-first" % res["provider-first"][1])
    d = os.path.join(tmp, "mut")
    lst = os.path.join(tmp, "mut.tsv")
    run([a.mutate, "mutate", "--byte-order", "le", "--order", "as-is", "--count", "64", "--list",
         lst, "-o", d] + [os.path.join(valid, n) for n in ("event-duration.fxt", "log.fxt",
                                                          "realistic.fxt")])
    ops = [ln.split("\t")[4] for ln in open(lst).read().splitlines()]
    read = []
    for ln in open(lst).read().splitlines():
        name = ln.split("\t")[0]
        try:
            fxtread.read_file(os.path.join(d, name + ".fxt"), init_after_provider=True)
            read.append(ln.split("\t")[4])
        except fxtread.FxtError:
            pass
    check(sum("reorder" in o for o in read) >= 2,
          "mutations of init-first bases: %d of %d read by the strict reader, %d of them moved "
          "by the reorder mutation (%s)" % (len(read), len(ops),
                                            sum("reorder" in o for o in read), read))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--gen", required=True)
    ap.add_argument("--mutate", required=True)
    ap.add_argument("--dump", required=True)
    ap.add_argument("--validate", required=True)
    ap.add_argument("--corpus", required=True)
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        cmd_gen(a, tmp)
        cmd_seeds(a, tmp)
        cmd_strict(a, tmp)
    if failures:
        print("%d check(s) failed" % len(failures))
        return 1
    print("all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
