// SPDX-License-Identifier: MIT
// A small WASI (preview 1) host for fxt-validate.wasm where node:wasi is not
// there or cannot serve the input: in a browser's Web Worker, and for the
// JavaScript API (bytes, a readable stream, a file read in parts). It gives
// the module its arguments, environment, clock and randomness; standard
// input from a synchronous source; standard output and error to callbacks;
// and a directory /tmp held in memory (tmpfile(): --revision auto's spool).
// Nothing else of the host is reachable. Plain script: a CommonJS module
// under Node, a global (fxtWasi) in a worker.
'use strict';

(function (root) {
  const E = { SUCCESS: 0, BADF: 8, EXIST: 20, INVAL: 28, ISDIR: 31, NOENT: 44, NOSYS: 52, SPIPE: 70 };
  const FT = { UNKNOWN: 0, DIR: 3, FILE: 4 };
  const ALL_RIGHTS = 0x1fffffffn;

  /** Thrown by proc_exit: the module's exit status. */
  class Exit {
    constructor(code) {
      this.code = code;
    }
  }

  /**
   * A host for one run. O: args (with the program name), env (object),
   * read(Uint8Array) -> bytes put there (0 at the end) for standard input,
   * stdout(Uint8Array), stderr(Uint8Array) (copies of what was written).
   * With readAsync(max) -> Promise of a Uint8Array of at most max bytes
   * (empty at the end) instead of read,
   * where JavaScript Promise Integration is there (WebAssembly.Suspending:
   * Chromium), the module waits for standard input without blocking the
   * thread (startAsync).
   */
  function createHost(o) {
    let memory = null;
    const enc = new TextEncoder();
    const dec = new TextDecoder();
    const tmp = new Map(); // name -> {data: Uint8Array, size}
    const fds = new Map([
      [0, { kind: 'in' }],
      [1, { kind: 'out', sink: o.stdout }],
      [2, { kind: 'out', sink: o.stderr }],
      [3, { kind: 'dir', name: '/tmp' }],
    ]);
    let nextFd = 4;
    const view = () => new DataView(memory.buffer);
    const bytes = (p, n) => new Uint8Array(memory.buffer, p, n);
    const str = (p, n) => dec.decode(bytes(p, n).slice());
    const list = (items, countPtr, sizePtr) => {
      const v = view();
      v.setUint32(countPtr, items.length, true);
      v.setUint32(sizePtr, items.reduce((s, x) => s + enc.encode(x).length + 1, 0), true);
      return E.SUCCESS;
    };
    const put = (items, ptrs, buf) => {
      const v = view();
      items.forEach((x, i) => {
        const b = enc.encode(x + '\0');
        v.setUint32(ptrs + 4 * i, buf, true);
        bytes(buf, b.length).set(b);
        buf += b.length;
      });
      return E.SUCCESS;
    };
    const args = o.args;
    const env = Object.entries(o.env || {}).map(([k, v]) => `${k}=${v}`);
    const iovs = (ptr, n) => {
      const v = view();
      const out = [];
      for (let i = 0; i < n; i++) out.push([v.getUint32(ptr + 8 * i, true), v.getUint32(ptr + 8 * i + 4, true)]);
      return out;
    };
    // A /tmp file's bytes from AT into the iovecs; returns the count.
    const fileRead = (f, at, list_) => {
      let n = 0;
      for (const [p, len] of list_) {
        const k = Math.max(0, Math.min(len, f.size - at - n));
        bytes(p, k).set(f.data.subarray(at + n, at + n + k));
        n += k;
        if (k < len) break;
      }
      return n;
    };
    const fileWrite = (f, at, chunk) => {
      const end = at + chunk.length;
      if (end > f.data.length) {
        const grown = new Uint8Array(Math.max(end, f.data.length * 2, 4096));
        grown.set(f.data.subarray(0, f.size));
        f.data = grown;
      }
      f.data.set(chunk, at);
      f.size = Math.max(f.size, end);
    };
    const imp = {
      args_sizes_get: (c, s) => list(args, c, s),
      args_get: (p, b) => put(args, p, b),
      environ_sizes_get: (c, s) => list(env, c, s),
      environ_get: (p, b) => put(env, p, b),
      clock_time_get: (id, prec, out) => {
        const ns = id === 0 ? BigInt(Date.now()) * 1000000n : BigInt(Math.round(performance.now() * 1e6));
        view().setBigUint64(out, ns, true);
        return E.SUCCESS;
      },
      random_get: (p, n) => {
        crypto.getRandomValues(bytes(p, n));
        return E.SUCCESS;
      },
      proc_exit: (code) => {
        throw new Exit(code);
      },
      fd_prestat_get: (fd, out) => {
        const d = fds.get(fd);
        if (!d || d.kind !== 'dir') return E.BADF;
        const v = view();
        v.setUint8(out, 0);
        v.setUint32(out + 4, enc.encode(d.name).length, true);
        return E.SUCCESS;
      },
      fd_prestat_dir_name: (fd, p, n) => {
        const d = fds.get(fd);
        if (!d || d.kind !== 'dir') return E.BADF;
        bytes(p, n).set(enc.encode(d.name).subarray(0, n));
        return E.SUCCESS;
      },
      fd_fdstat_get: (fd, out) => {
        const d = fds.get(fd);
        if (!d) return E.BADF;
        const v = view();
        v.setUint8(out, d.kind === 'dir' ? FT.DIR : d.kind === 'file' ? FT.FILE : FT.UNKNOWN);
        v.setUint16(out + 2, 0, true);
        v.setBigUint64(out + 8, ALL_RIGHTS, true);
        v.setBigUint64(out + 16, ALL_RIGHTS, true);
        return E.SUCCESS;
      },
      fd_fdstat_set_flags: () => E.SUCCESS,
      fd_filestat_get: (fd, out) => {
        const d = fds.get(fd);
        if (!d) return E.BADF;
        const v = view();
        for (let i = 0; i < 64; i += 8) v.setBigUint64(out + i, 0n, true);
        v.setUint8(out + 16, d.kind === 'dir' ? FT.DIR : d.kind === 'file' ? FT.FILE : FT.UNKNOWN);
        v.setBigUint64(out + 24, 1n, true);
        if (d.kind === 'file') v.setBigUint64(out + 32, BigInt(d.f.size), true);
        return E.SUCCESS;
      },
      fd_filestat_set_size: (fd, size) => {
        const d = fds.get(fd);
        if (!d || d.kind !== 'file') return E.BADF;
        d.f.size = Math.min(Number(size), d.f.size);
        return E.SUCCESS;
      },
      path_filestat_get: () => E.NOENT,
      path_open: (dirfd, dirflags, p, n, oflags, rb, ri, fdflags, out) => {
        const d = fds.get(dirfd);
        if (!d || d.kind !== 'dir') return E.BADF;
        const name = str(p, n);
        let f = tmp.get(name);
        if (f && oflags & 4) return E.EXIST;
        if (!f) {
          if (!(oflags & 1)) return E.NOENT;
          f = { data: new Uint8Array(0), size: 0 };
          tmp.set(name, f);
        }
        if (oflags & 8) f.size = 0;
        const fd = nextFd++;
        fds.set(fd, { kind: 'file', f, pos: 0, append: !!(fdflags & 1) });
        view().setUint32(out, fd, true);
        return E.SUCCESS;
      },
      path_unlink_file: (dirfd, p, n) => (tmp.delete(str(p, n)) ? E.SUCCESS : E.NOENT),
      // imported by fxt-validate's output files and input thread, which
      // validate() never reaches (no baselines, no pipes): they fail cleanly
      path_readlink: () => E.INVAL,
      path_rename: () => E.NOSYS,
      poll_oneoff: () => E.NOSYS,
      fd_close: (fd) => (fds.delete(fd) ? E.SUCCESS : E.BADF),
      fd_seek: (fd, off, whence, out) => {
        const d = fds.get(fd);
        if (!d) return E.BADF;
        if (d.kind !== 'file') return E.SPIPE;
        const base = whence === 0 ? 0 : whence === 1 ? d.pos : d.f.size;
        const pos = base + Number(off);
        if (pos < 0) return E.INVAL;
        d.pos = pos;
        view().setBigUint64(out, BigInt(pos), true);
        return E.SUCCESS;
      },
      fd_tell: (fd, out) => imp.fd_seek(fd, 0n, 1, out),
      fd_read: (fd, iov, n, out) => {
        const d = fds.get(fd);
        if (!d) return E.BADF;
        let got = 0;
        if (d.kind === 'file') {
          got = fileRead(d.f, d.pos, iovs(iov, n));
          d.pos += got;
        } else if (d.kind === 'in') {
          for (const [p, len] of iovs(iov, n)) {
            if (!len) continue;
            if (o.readAsync) { // suspends the module until the bytes are there
              return o.readAsync(bytes(p, len).length).then((b) => {
                bytes(p, b.length).set(b);
                view().setUint32(out, b.length, true);
                return E.SUCCESS;
              });
            }
            got = o.read(bytes(p, len)); // one read per call, as read(2)
            break;
          }
        } else {
          return E.BADF;
        }
        view().setUint32(out, got, true);
        return E.SUCCESS;
      },
      fd_pread: (fd, iov, n, off, out) => {
        const d = fds.get(fd);
        if (!d) return E.BADF;
        if (d.kind !== 'file') return E.SPIPE;
        view().setUint32(out, fileRead(d.f, Number(off), iovs(iov, n)), true);
        return E.SUCCESS;
      },
      fd_write: (fd, iov, n, out) => {
        const d = fds.get(fd);
        if (!d) return E.BADF;
        let put_ = 0;
        for (const [p, len] of iovs(iov, n)) {
          const chunk = bytes(p, len);
          if (d.kind === 'out') d.sink(chunk.slice());
          else if (d.kind === 'file') {
            if (d.append) d.pos = d.f.size;
            fileWrite(d.f, d.pos, chunk);
            d.pos += len;
          } else return E.BADF;
          put_ += len;
        }
        view().setUint32(out, put_, true);
        return E.SUCCESS;
      },
    };
    const imports = { wasi_snapshot_preview1: imp };
    if (o.readAsync) imports.wasi_snapshot_preview1 = { ...imp, fd_read: new WebAssembly.Suspending(imp.fd_read) };
    return {
      imports,
      /** Run the instance's _start with readAsync: a promise of its exit status. */
      async startAsync(instance) {
        memory = instance.exports.memory;
        try {
          await WebAssembly.promising(instance.exports._start)();
          return 0;
        } catch (e) {
          if (e instanceof Exit) return e.code;
          throw e;
        }
      },
      /** Run the instance's _start; its exit status. */
      start(instance) {
        memory = instance.exports.memory;
        try {
          instance.exports._start();
          return 0;
        } catch (e) {
          if (e instanceof Exit) return e.code;
          throw e;
        }
      },
    };
  }

  /** Run MODULE (a WebAssembly.Module of fxt-validate or fxt-gen) once
   *  with O (see createHost); returns {code, stdout, stderr} (Uint8Arrays),
   *  or a promise of it with O.readAsync. */
  function runModule(module, o) {
    const out = [];
    const err = [];
    const host = createHost({ ...o, stdout: (b) => out.push(b), stderr: (b) => err.push(b) });
    // what this host does not give (fxt-gen's directories, renames...):
    // "not supported", as a system without them would say
    const wasi = host.imports.wasi_snapshot_preview1;
    for (const { module: m, name, kind } of WebAssembly.Module.imports(module)) {
      if (m === 'wasi_snapshot_preview1' && kind === 'function' && !wasi[name]) wasi[name] = () => E.NOSYS;
    }
    const instance = new WebAssembly.Instance(module, host.imports);
    const done = (code) => ({ code, stdout: join(out), stderr: join(err) });
    if (o.readAsync) return host.startAsync(instance).then(done);
    return done(host.start(instance));
  }

  /** Whether this JavaScript engine can suspend WebAssembly (JSPI). */
  const canSuspend = typeof WebAssembly.Suspending === 'function' && typeof WebAssembly.promising === 'function';

  function join(parts) {
    const all = new Uint8Array(parts.reduce((n, b) => n + b.length, 0));
    let at = 0;
    for (const b of parts) {
      all.set(b, at);
      at += b.length;
    }
    return all;
  }

  const api = { createHost, runModule, canSuspend };
  if (typeof module === 'object' && module.exports) module.exports = api;
  else root.fxtWasi = api;
})(typeof self !== 'undefined' ? self : globalThis);
