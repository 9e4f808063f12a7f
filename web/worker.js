// SPDX-License-Identifier: MIT
// The page's Web Worker: runs fxt-validate.wasm (the native tool's
// sources) with the small WASI host of npm/lib/wasi.js (fxtWasi), reading
// the dropped File in parts with FileReaderSync: the file is never loaded
// whole, and the page stays responsive. build.js joins this file to
// wasi.js into the worker's source (a Blob: workers cannot be loaded from
// file:// pages).
'use strict';

/* global fxtWasi, FileReaderSync */
let wasmModule = null;
const PART = 1 << 20;

function run(args, read) {
  const r = fxtWasi.runModule(wasmModule, { args: ['fxt-validate', ...args], env: {}, read: read || (() => 0) });
  const dec = new TextDecoder();
  return { code: r.code, stdout: dec.decode(r.stdout), stderr: dec.decode(r.stderr) };
}

function validateFile(file, options) {
  const reader = new FileReaderSync();
  let pos = 0;
  let last = 0;
  const t0 = performance.now();
  const read = (b) => {
    const k = Math.min(b.length, PART, file.size - pos);
    if (k <= 0) return 0;
    b.set(new Uint8Array(reader.readAsArrayBuffer(file.slice(pos, pos + k))));
    pos += k;
    const now = performance.now();
    if (now - last > 100) {
      last = now;
      postMessage({ type: 'progress', done: pos, total: file.size });
    }
    return k;
  };
  const args = ['--format=json', `--revision=${options.revision || 'auto'}`, `--max-issues=${options.maxIssues ?? 1000}`,
    `--stdin-filename=${file.name}`];
  if (options.allowUnknown) args.push('--allow-unknown');
  args.push('-');
  const r = run(args, read);
  return { ...r, seconds: (performance.now() - t0) / 1000, bytes: pos };
}

onmessage = (ev) => {
  const m = ev.data;
  try {
    if (m.type === 'init') {
      wasmModule = new WebAssembly.Module(m.wasm);
      const rules = JSON.parse(run(['--list-rules', '--json']).stdout);
      postMessage({ type: 'ready', rules, version: run(['--version']).stdout.trim() });
    } else if (m.type === 'validate') {
      postMessage({ type: 'result', id: m.id, ...validateFile(m.file, m.options || {}) });
    } else if (m.type === 'explain') {
      postMessage({ type: 'explained', rule: m.rule, text: run([`--explain-rule=${m.rule}`]).stdout });
    }
  } catch (e) {
    postMessage({ type: 'failed', id: m.id, message: String(e && e.message || e) });
  }
};
