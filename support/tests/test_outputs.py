#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Outputs that never destroy (ctest outputs-never-destroy; issue 22).

usage: test_outputs.py --gen FXT-GEN --mutate FXT-MUTATE --seeds FUZZ_SEEDS

Every tool that writes a file named on its command line (fxt-gen random,
violate and golden, fxt-mutate's outputs and --list, fuzz_seeds) is run:
 (a) into a new file and over an existing one, also through a symlink: the
     content is replaced, the symlink stays, permission bits are kept (a new
     file gets 0666 minus the umask), no temporary file is left;
 (b) with failing writes (a file-size limit; a read-only folder when not
     root; fxt-gen killed by SIGTERM mid-write): the old file is
     byte-identical, the same inode, and no temporary file is left;
 (c) onto things that are not regular files: a FIFO whose reader leaves
     early, a socket, a symlink to /dev/full, a symlink to /proc/self/fd/1
     whose pipe is closed, and as root a character device made with mknod
     (like /dev/full) and a symlink to it: each still exists afterwards and
     is of the same kind; the tool reports the error and is not killed by a
     signal. Nothing here waits without a timeout.
What is expected comes from the file system (lstat, inode numbers, bytes
written before the run), never from the tools' own output.
"""

import argparse
import os
import resource
import select
import signal
import socket
import stat
import subprocess
import sys
import tempfile
import threading
import time

TIMEOUT = 120
failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL: " + what)
    return cond


def kind(path):
    """The kind of PATH itself (a symlink is a symlink)."""
    try:
        m = os.lstat(path).st_mode
    except FileNotFoundError:
        return "missing"
    for name, test in (("symlink", stat.S_ISLNK), ("regular", stat.S_ISREG),
                       ("chardev", stat.S_ISCHR), ("fifo", stat.S_ISFIFO),
                       ("socket", stat.S_ISSOCK), ("dir", stat.S_ISDIR)):
        if test(m):
            return name
    return "other"


def leftovers(top):
    """Hidden files under TOP: the tools' temporary files are .NAME.XXXXXX
    and this test makes no hidden file."""
    found = []
    for d, dirs, names in os.walk(top):
        found += [os.path.join(d, n) for n in names + dirs if n.startswith(".")]
    return found


def read(path):
    with open(path, "rb") as f:
        return f.read()


def preexec(umask=None, fsize=None):
    def fn():
        if umask is not None:
            os.umask(umask)
        if fsize is not None:
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # write fails with EFBIG
            resource.setrlimit(resource.RLIMIT_FSIZE, (fsize, fsize))
    return fn


def run(argv, **kw):
    """(exit status, stderr); a run that outlives TIMEOUT is killed and fails."""
    out = subprocess.DEVNULL
    if kw.get("closed_pipe"):
        # standard output a pipe whose reader is gone before the tool starts:
        # every write gets EPIPE
        r, out = os.pipe()
        os.close(r)
    p = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.PIPE,
                         preexec_fn=kw.get("preexec"))
    if out != subprocess.DEVNULL:
        os.close(out)
    try:
        _, err = p.communicate(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        p.kill()
        _, err = p.communicate()
        check(False, "%s: still running after %d s (killed)" % (" ".join(argv), TIMEOUT))
    return p.returncode, err.decode(errors="replace")


class Tool:
    """A tool writing one output file TARGET (the -o argument, or a fixed
    name in the output folder). argv(work, target) builds the command."""

    def __init__(self, name, fail_rc, target_in_dir, argv, big=False):
        self.name, self.fail_rc, self.in_dir, self.argv = name, fail_rc, target_in_dir, argv
        self.big = big  # writes megabytes: a reader leaving early always causes EPIPE


def tools(a, work):
    src = os.path.join(work, "input", "in.fxt")
    os.makedirs(os.path.dirname(src))
    subprocess.run([a.gen, "random", "--seed", "5", "--records", "120", "-o", src], check=True)
    n = [0]

    def fresh(prefix):
        n[0] += 1
        return os.path.join(work, "%s-%d" % (prefix, n[0]))

    return [
        Tool("fxt-gen random", 2, None,
             lambda t: [a.gen, "random", "--seed", "3", "--records", "200000", "-o", t], big=True),
        Tool("fxt-gen violate", 2, None,
             lambda t: [a.gen, "violate", "--rule", "E0004", "--seed", "1", "-o", t]),
        Tool("fxt-mutate --list", 2, None,
             lambda t: [a.mutate, "mutate", "-q", "--gen", "2", "--count", "40", "-o",
                        fresh("mutate-out"), "--list", t]),
        # the other tools write several files into a folder; TARGET is one of them
        Tool("fxt-mutate outputs", 2, "in.fxt",
             lambda t: [a.mutate, "seeds", "-q", "-o", os.path.dirname(t), src]),
        Tool("fxt-gen golden", 2, "sample.fxt",
             lambda t: [a.gen, "golden", os.path.dirname(t)]),
        Tool("fuzz_seeds", 1, "magic-only.fxt",
             lambda t: [a.seeds, os.path.dirname(t)]),
    ]


def target_path(tool, box):
    """Where TOOL's output goes in sandbox BOX (a folder of its own for the
    folder-writing tools)."""
    if tool.in_dir is None:
        return os.path.join(box, "out.fxt")
    d = os.path.join(box, "outdir")
    os.makedirs(d, exist_ok=True)
    return os.path.join(d, tool.in_dir)


OLD = b"an old file that must survive\n" * 40


# ---- (a) success: new file, existing file, symlink to a file ----

def case_success(tool, work):
    box = tempfile.mkdtemp(dir=work)
    t = target_path(tool, box)
    rc, err = run(tool.argv(t), preexec=preexec(umask=0o027))
    if not check(rc == 0, "%s: new file: exit %d (%s)" % (tool.name, rc, err.strip())):
        return
    ref = read(t)
    check(len(ref) > 0, "%s: new file is empty" % tool.name)
    check(stat.S_IMODE(os.stat(t).st_mode) == 0o640,
          "%s: new file mode %o, want 0640 under umask 027" % (tool.name,
                                                              stat.S_IMODE(os.stat(t).st_mode)))
    # an existing file: replaced, its permission bits (and owner, as root) kept
    with open(t, "wb") as f:
        f.write(OLD)
    os.chmod(t, 0o604)
    if os.geteuid() == 0:
        os.chown(t, 4321, 4322)
    rc, err = run(tool.argv(t), preexec=preexec(umask=0o077))
    check(rc == 0, "%s: existing file: exit %d (%s)" % (tool.name, rc, err.strip()))
    check(read(t) == ref, "%s: existing file: content not replaced" % tool.name)
    st = os.stat(t)
    check(stat.S_IMODE(st.st_mode) == 0o604,
          "%s: existing file: mode %o, want 0604 kept" % (tool.name, stat.S_IMODE(st.st_mode)))
    if os.geteuid() == 0:
        check((st.st_uid, st.st_gid) == (4321, 4322),
              "%s: existing file: owner %d:%d not kept" % (tool.name, st.st_uid, st.st_gid))
    # a symlink to a file elsewhere: the link stays, the file it leads to is replaced
    real = os.path.join(box, "elsewhere", "real.fxt")
    os.makedirs(os.path.dirname(real))
    with open(real, "wb") as f:
        f.write(OLD)
    os.unlink(t)
    os.symlink(os.path.relpath(real, os.path.dirname(t)), t)
    rc, err = run(tool.argv(t))
    check(rc == 0, "%s: symlink to a file: exit %d (%s)" % (tool.name, rc, err.strip()))
    check(kind(t) == "symlink" and os.readlink(t) == os.path.relpath(real, os.path.dirname(t)),
          "%s: symlink to a file: the link is now %s" % (tool.name, kind(t)))
    check(kind(real) == "regular" and read(real) == ref,
          "%s: symlink to a file: the file it leads to was not replaced" % tool.name)
    # a dangling symlink: the file it names is created, the link stays
    os.unlink(real)
    rc, err = run(tool.argv(t))
    check(rc == 0 and kind(t) == "symlink" and kind(real) == "regular" and read(real) == ref,
          "%s: dangling symlink: exit %d, link %s, file %s (%s)" % (tool.name, rc, kind(t),
                                                                     kind(real), err.strip()))
    check(not leftovers(box), "%s: success: left %s" % (tool.name, leftovers(box)))


# ---- (b) failed writes: the old file untouched ----

def old_file(t):
    with open(t, "wb") as f:
        f.write(OLD)
    os.chmod(t, 0o640)
    return os.stat(t).st_ino


def same_old(name, t, ino, what):
    ok = kind(t) == "regular" and read(t) == OLD and os.stat(t).st_ino == ino
    check(ok, "%s: %s: the old file was %s" % (name, what,
                                              "removed" if kind(t) == "missing" else "changed"))


def case_fsize(tool, work):
    box = tempfile.mkdtemp(dir=work)
    t = target_path(tool, box)
    ino = old_file(t)
    rc, err = run(tool.argv(t), preexec=preexec(fsize=16))  # every output is larger
    check(rc == tool.fail_rc and "cannot write" in err and "File too large" in err,
          "%s: file-size limit: exit %d, want %d and the reason (%s)" % (tool.name, rc,
                                                                        tool.fail_rc, err.strip()))
    same_old(tool.name, t, ino, "file-size limit")
    check(not leftovers(box), "%s: file-size limit: left %s" % (tool.name, leftovers(box)))
    # a new file cut short is not left behind either (no partial output)
    if tool.in_dir is None:
        if os.path.lexists(t):
            os.unlink(t)
        rc, err = run(tool.argv(t), preexec=preexec(fsize=16))
        check(rc == tool.fail_rc and kind(t) == "missing" and not leftovers(box),
              "%s: file-size limit, new file: exit %d, %s, left %s" % (tool.name, rc, kind(t),
                                                                      leftovers(box)))


def case_readonly(tool, work):
    box = tempfile.mkdtemp(dir=work)
    t = target_path(tool, box)
    ino = old_file(t)
    d = os.path.dirname(t)
    if tool.in_dir is not None:  # the folder tools make their subfolders first
        subprocess.run(tool.argv(t), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        with open(t, "wb") as f:
            f.write(OLD)
        ino = os.stat(t).st_ino
    os.chmod(d, 0o555)
    try:
        rc, err = run(tool.argv(t))
    finally:
        os.chmod(d, 0o755)
    check(rc == tool.fail_rc and "Permission denied" in err,
          "%s: read-only folder: exit %d (%s)" % (tool.name, rc, err.strip()))
    same_old(tool.name, t, ino, "read-only folder")
    check(not leftovers(box), "%s: read-only folder: left %s" % (tool.name, leftovers(box)))


def case_killed(a, work):
    """fxt-gen killed by SIGTERM while writing: the old file stays, the
    temporary file is removed."""
    box = tempfile.mkdtemp(dir=work)
    t = os.path.join(box, "out.fxt")
    ino = old_file(t)
    p = subprocess.Popen([a.gen, "random", "--records", "1000000000", "-o", t],
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.time() + TIMEOUT
    while time.time() < deadline and p.poll() is None:
        tmp = leftovers(box)
        if tmp and os.path.getsize(tmp[0]) > (1 << 20):
            break
        time.sleep(0.02)
    seen = leftovers(box)
    p.send_signal(signal.SIGTERM)
    try:
        rc = p.wait(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        p.kill()
        rc = p.wait()
    check(len(seen) == 1, "fxt-gen killed: the temporary file was not seen (%s)" % seen)
    check(rc == -signal.SIGTERM, "fxt-gen killed: exit %d, want death by SIGTERM" % rc)
    same_old("fxt-gen random", t, ino, "killed by SIGTERM")
    check(not leftovers(box), "fxt-gen killed: left %s" % leftovers(box))


# ---- (c) not regular files: written as they are, never removed ----

class EarlyReader(threading.Thread):
    """Reads a FIFO until the first bytes arrive, then closes it (the writer
    then gets EPIPE). Opened before the writer starts, so the writer's open
    never waits; gives up when the writer has exited."""

    def __init__(self, path):
        super().__init__(daemon=True)
        self.fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
        self.proc = None

    def run(self):
        deadline = time.time() + TIMEOUT
        try:
            while time.time() < deadline:
                r, _, _ = select.select([self.fd], [], [], 0.05)
                if r:
                    try:
                        if os.read(self.fd, 64):
                            break
                    except BlockingIOError:
                        pass
                if self.proc is not None and self.proc.poll() is not None:
                    break
        finally:
            os.close(self.fd)


def run_special(tool, argv, reader=None):
    p = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE)
    if reader is not None:
        reader.proc = p
        reader.start()
    try:
        _, err = p.communicate(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        p.kill()
        _, err = p.communicate()
        check(False, "%s: hung on %s (killed)" % (tool.name, argv))
    if reader is not None:
        reader.join(TIMEOUT)
    return p.returncode, err.decode(errors="replace")


def specials(box, root):
    """({name: (make(path), the kind it must keep)}, the FIFO and (as root)
    the device in BOX that the symlinks lead to)."""
    out = {}

    def fifo(p):
        os.mkfifo(p)

    def sock(p):
        s = socket.socket(socket.AF_UNIX)
        s.bind(p)
        s.close()

    out["fifo"] = (fifo, "fifo")
    out["socket"] = (sock, "socket")
    out["symlink to /dev/full"] = (lambda p: os.symlink("/dev/full", p), "symlink")
    fifo_real = os.path.join(box, "real-fifo")
    os.mkfifo(fifo_real)
    out["symlink to a fifo"] = (lambda p: os.symlink(fifo_real, p), "symlink")
    if root:
        full_real = os.path.join(box, "real-full")
        os.mknod(full_real, 0o666 | stat.S_IFCHR, os.makedev(1, 7))
        out["char device (mknod c 1 7)"] = (
            lambda p: os.mknod(p, 0o666 | stat.S_IFCHR, os.makedev(1, 7)), "chardev")
        out["symlink to the char device"] = (lambda p: os.symlink(full_real, p), "symlink")
    return out, fifo_real, root and os.path.join(box, "real-full")


SPECIALS = ["fifo", "socket", "symlink to /dev/full", "symlink to a fifo"]
SPECIALS_ROOT = ["char device (mknod c 1 7)", "symlink to the char device"]


def case_specials(tool, work, root):
    for what in SPECIALS + (SPECIALS_ROOT if root else []):
        box = tempfile.mkdtemp(dir=work)
        made, fifo_real, full_real = specials(box, root)
        make, want = made[what]
        t = target_path(tool, box)
        make(t)
        before = os.lstat(t)
        reader = None
        if kind(t) == "fifo" or (kind(t) == "symlink" and os.readlink(t) == fifo_real):
            reader = EarlyReader(t)
        rc, err = run_special(tool, tool.argv(t), reader)
        label = "%s -> %s" % (tool.name, what)
        check(rc >= 0, "%s: killed by signal %d" % (label, -rc))
        check(kind(t) == want, "%s: now %s, was %s" % (label, kind(t), want))
        if kind(t) == want:
            after = os.lstat(t)
            check((after.st_ino, after.st_rdev) == (before.st_ino, before.st_rdev),
                  "%s: replaced by another %s" % (label, want))
        if want == "symlink":
            check(kind(fifo_real) == "fifo", "%s: the fifo a link leads to is gone" % label)
            if full_real:
                check(kind(full_real) == "chardev", "%s: the device is gone" % label)
        if "full" in what or "device" in what:
            check(rc == tool.fail_rc and "No space left on device" in err,
                  "%s: exit %d, want %d and ENOSPC (%s)" % (label, rc, tool.fail_rc, err.strip()))
        if what == "socket":
            check(rc == tool.fail_rc and "cannot write" in err,
                  "%s: exit %d, want %d (%s)" % (label, rc, tool.fail_rc, err.strip()))
        if reader is not None and tool.big:
            check(rc == tool.fail_rc and "Broken pipe" in err,
                  "%s: reader left early: exit %d (%s)" % (label, rc, err.strip()))
        check(not leftovers(box), "%s: left %s" % (label, leftovers(box)))


def case_proc_fd(tool, work):
    """-o naming a symlink to /proc/self/fd/1, standard output a pipe whose
    reader is gone (the issue's case)."""
    box = tempfile.mkdtemp(dir=work)
    t = target_path(tool, box)
    os.symlink("/proc/self/fd/1", t)
    rc, err = run(tool.argv(t), closed_pipe=True)
    label = "%s -> symlink to /proc/self/fd/1, closed pipe" % tool.name
    check(rc == tool.fail_rc and "Broken pipe" in err,
          "%s: exit %d, want %d and EPIPE (%s)" % (label, rc, tool.fail_rc, err.strip()))
    check(kind(t) == "symlink" and os.readlink(t) == "/proc/self/fd/1",
          "%s: the link is now %s" % (label, kind(t)))
    check(not leftovers(box), "%s: left %s" % (label, leftovers(box)))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--gen", required=True)
    ap.add_argument("--mutate", required=True)
    ap.add_argument("--seeds", required=True)
    a = ap.parse_args()
    root = os.geteuid() == 0
    with tempfile.TemporaryDirectory() as work:
        all_tools = tools(a, work)
        for tool in all_tools:
            case_success(tool, work)
            case_fsize(tool, work)
            if not root:
                case_readonly(tool, work)
            case_specials(tool, work, root)
            if os.path.isdir("/proc/self/fd"):
                case_proc_fd(tool, work)
        case_killed(a, work)
    if root:
        print("read-only folder cases: SKIPPED (root writes anyway; the file-size limit "
              "and SIGTERM cases cover failed writes)")
    else:
        print("char device (mknod) cases: SKIPPED (not root; CI runs them as root)")
    if not os.path.isdir("/proc/self/fd"):
        print("/proc/self/fd cases: SKIPPED (no /proc)")
    if failures:
        print("%d failure(s)" % len(failures))
        return 1
    print("ok: %d tools" % len(all_tools))
    return 0


if __name__ == "__main__":
    sys.exit(main())
