// SPDX-License-Identifier: MIT
// The page's Web Worker: runs fxt-validate.wasm (the native tool's
// sources) with the small WASI host of npm/lib/wasi.js (fxtWasi), reading
// the dropped File in parts (its stream, or FileReaderSync): the file is
// never loaded whole, and the page stays responsive. build.js joins this
// file to wasi.js into the worker's source (a Blob: workers cannot be
// loaded from file:// pages).
'use strict';

/* global fxtWasi, FileReaderSync */
let wasmModule = null;
/** Whether to read with JSPI (the page's #sync turns it off, for its test). */
let suspend = fxtWasi.canSuspend;
const PART = 1 << 20;

/** Run the module with ARGS, standard input from SOURCE ({read} or
 *  {readAsync}, see wasi.js; none: empty). A promise with readAsync. */
function run(args, source) {
  const dec = new TextDecoder();
  const text = (r) => ({ code: r.code, stdout: dec.decode(r.stdout), stderr: dec.decode(r.stderr) });
  const o = { args: ['fxt-validate', ...args], env: {}, read: () => 0, ...(source || {}) };
  const r = fxtWasi.runModule(wasmModule, o);
  return r.then ? r.then(text) : text(r);
}

/** Reading FILE: where the engine can suspend WebAssembly (JSPI), the
 *  file's stream, awaited between the module's reads (the worker's event
 *  loop runs, and a byte stream is read into one buffer: memory stays flat);
 *  elsewhere FileReaderSync, SLICE bytes at a time (a new buffer each, freed
 *  later: the page's memory grows with the file). */
const SLICE = 4 << 20;
function reading(file, progress) {
  let pos = 0;
  // for bench/wasm_page.js: the module's reads, the parts that came, and the
  // milliseconds spent waiting for them (the browser reading the file)
  const stats = { calls: 0, chunks: 0, waited: 0 };
  if (suspend) {
    const stream = file.stream();
    let byob = null;
    try {
      byob = stream.getReader({ mode: 'byob' }); // reads into our one buffer: no garbage per part
    } catch (_) {
      // not a byte stream here
    }
    const plain = byob ? null : stream.getReader();
    let buf = new ArrayBuffer(PART);
    let left = new Uint8Array(0);
    return {
      readAsync: async (max) => {
        stats.calls++;
        if (!left.length) {
          const t = performance.now();
          const { done, value } = byob ? await byob.read(new Uint8Array(buf, 0, Math.min(max, PART))) : await plain.read();
          stats.waited += performance.now() - t;
          stats.chunks++;
          if (byob && value) buf = value.buffer;
          left = done || !value ? new Uint8Array(0) : value;
        }
        const b = left.subarray(0, Math.min(max, left.length));
        left = left.subarray(b.length);
        pos += b.length;
        progress(pos);
        return b;
      },
      done: () => pos,
      stats,
    };
  }
  // larger slices than the module asks for: each FileReaderSync call costs
  // a round trip to the browser process (1 MiB: twice the time of 4 MiB)
  const reader = new FileReaderSync();
  let left = new Uint8Array(0);
  return {
    read: (b) => {
      if (!left.length) {
        const k = Math.min(SLICE, file.size - pos);
        if (k <= 0) return 0;
        const t = performance.now();
        left = new Uint8Array(reader.readAsArrayBuffer(file.slice(pos, pos + k)));
        stats.waited += performance.now() - t;
        stats.chunks++;
      }
      stats.calls++;
      const k = Math.min(b.length, left.length);
      b.set(left.subarray(0, k));
      left = left.subarray(k);
      pos += k;
      progress(pos);
      return k;
    },
    done: () => pos,
    stats,
  };
}

async function validateFile(file, options) {
  let last = 0;
  const t0 = performance.now();
  const source = reading(file, (pos) => {
    const now = performance.now();
    if (now - last > 100) {
      last = now;
      postMessage({ type: 'progress', done: pos, total: file.size });
    }
  });
  const args = ['--format=json', `--revision=${options.revision || 'auto'}`, `--max-issues=${options.maxIssues ?? 1000}`,
    `--stdin-filename=${file.name}`];
  if (options.allowUnknown) args.push('--allow-unknown');
  args.push('-');
  const r = await run(args, source);
  return { ...r, seconds: (performance.now() - t0) / 1000, bytes: source.done(), jspi: suspend, stats: { ...source.stats, warmed } };
}

/** Bytes of warm-up: SAMPLE (corpus/sample.fxt) over and over. */
const WARM = 1 << 19;
/** V8 first runs WebAssembly as its baseline compiler made it and
 *  optimizes a function in the background once it has run a while (no
 *  switch inside a running call): the first file dropped spent its first
 *  parts in that slower code while the optimizer took CPU from it
 *  (bench/README.md, issue 30). So the worker validates a small trace once
 *  at start, before any file comes (20-45 ms; 2 MiB did no better); its
 *  result is not used.
 *  Returns the milliseconds it took (shown by bench/wasm_page.js). */
function warmUp(sample) {
  const t = performance.now();
  let pos = 0;
  run(['--format=json', '--revision=auto', '-'], {
    read: (b) => {
      const at = pos % sample.length;
      const k = Math.min(b.length, sample.length - at, WARM - pos);
      b.set(sample.subarray(at, at + k));
      pos += k;
      return k;
    },
  });
  return performance.now() - t;
}
let warmed = 0;

onmessage = async (ev) => {
  const m = ev.data;
  try {
    if (m.type === 'init') {
      wasmModule = new WebAssembly.Module(m.wasm);
      suspend = fxtWasi.canSuspend && !m.noSuspend;
      const rules = JSON.parse(run(['--list-rules', '--json']).stdout);
      postMessage({ type: 'ready', rules, version: run(['--version']).stdout.trim() });
      if (m.sample && m.sample.byteLength) warmed = warmUp(new Uint8Array(m.sample)); // after 'ready': the page is usable meanwhile
    } else if (m.type === 'validate') {
      postMessage({ type: 'result', id: m.id, ...(await validateFile(m.file, m.options || {})) });
    } else if (m.type === 'explain') {
      postMessage({ type: 'explained', rule: m.rule, text: run([`--explain-rule=${m.rule}`]).stdout });
    }
  } catch (e) {
    postMessage({ type: 'failed', id: m.id, message: String(e && e.message || e) });
  }
};
