// SPDX-License-Identifier: MIT
// The JavaScript API: validate(input, options) runs the WebAssembly
// fxt-validate (the native tool's sources) on INPUT, read in parts so that
// memory stays bounded however large the trace, and returns what
// `fxt-validate --format json` says about it. generate(options) and
// violate(rule, options) run the WebAssembly fxt-gen: a trace's bytes.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { runModule } = require('./wasi.js');

const WASM = path.join(__dirname, '..', 'fxt-validate.wasm');
const GEN_WASM = path.join(__dirname, '..', 'fxt-gen.wasm');
/** Bytes handed to the module per read (as the native tool's parts). */
const PART = 1 << 20;

const compiled = new Map();
/** The compiled module of the file WASM (default fxt-validate's), cached. */
function wasmModule(wasm = WASM) {
  if (!compiled.has(wasm)) compiled.set(wasm, new WebAssembly.Module(fs.readFileSync(wasm)));
  return compiled.get(wasm);
}

/** The command line for OPTIONS (see index.d.ts). */
function argsOf(options) {
  const o = options || {};
  const a = ['fxt-validate', '--format=json'];
  if (o.revision) a.push(`--revision=${o.revision}`);
  for (const r of [].concat(o.ignore || [])) a.push(`--ignore=${r}`);
  if (o.maxIssues !== undefined) a.push(`--max-issues=${o.maxIssues}`);
  if (o.allowUnknown) a.push('--allow-unknown');
  if (o.werror) a.push('--Werror');
  for (const [k, opt] of [['maxProviders', 'providers'], ['maxThreads', 'threads'], ['maxAsync', 'async'], ['maxFlows', 'flows']]) {
    if (o[k] !== undefined) a.push(`--max-${opt}=${o[k]}`);
  }
  a.push(`--stdin-filename=${o.name || '<stdin>'}`, '-');
  return a;
}

/** The result of one run: the JSON output's file entry, shaped for JS. */
function resultOf(run) {
  const text = Buffer.from(run.stdout).toString('utf8');
  const err = Buffer.from(run.stderr).toString('utf8').trim();
  let doc = null;
  try {
    doc = JSON.parse(text);
  } catch (_) {
    // usage errors print no document
  }
  if (run.code === 2 || !doc || !doc.files || !doc.files[0]) {
    throw new Error(err || `fxt-validate failed (exit status ${run.code})`);
  }
  const f = doc.files[0];
  const rev = f.revisions && f.revisions[f.revision];
  return {
    exitCode: run.code,
    verdict: rev ? rev.verdict : f.errors ? 'fails' : 'conforms',
    revision: f.revision,
    revisions: f.revisions,
    issues: f.issues,
    truncatedIssues: f.truncated_issues,
    errors: f.errors,
    warnings: f.warnings,
    unchecked: f.unchecked,
    notes: f.notes,
    stats: {
      records: f.records,
      bytes: f.bytes,
      bigEndian: f.big_endian,
      stopped: f.stopped,
      recordTypes: f.record_types,
      eventTypes: f.event_types,
      issuesByRule: f.issues_by_rule,
      providers: f.providers,
    },
    json: f,
  };
}

/** Run on a synchronous reader READ(Uint8Array) -> count (0 at the end). */
function runOn(read, options) {
  const progress = options && options.onProgress;
  let done = 0;
  const counted = (b) => {
    const n = read(b);
    done += n;
    if (progress && n) progress(done);
    return n;
  };
  return resultOf(runModule(wasmModule(), { args: argsOf(options), env: {}, read: counted }));
}

function isNodeStream(x) {
  return x && typeof x.pipe === 'function' && typeof x.on === 'function';
}
function isWebStream(x) {
  return x && typeof x.getReader === 'function';
}

/** A stream: the module runs in a worker thread that blocks on a shared
 *  buffer the stream fills part by part (constant memory). */
function runOnStream(stream, options) {
  const { Worker } = require('node:worker_threads');
  const ctl = new Int32Array(new SharedArrayBuffer(12)); // [state, length, ended]
  const data = new Uint8Array(new SharedArrayBuffer(PART));
  const { onProgress, ...plain } = options || {};
  const worker = new Worker(path.join(__dirname, 'stream-worker.js'), {
    workerData: { wasm: WASM, args: argsOf(plain), ctl: ctl.buffer, data: data.buffer },
  });
  const finished = new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  let stop = false;
  const pump = (async () => {
    let done = 0;
    const put = async (chunk) => {
      for (let at = 0; at < chunk.length && !stop; ) {
        while (Atomics.load(ctl, 0) !== 0 && !stop) {
          const w = Atomics.waitAsync(ctl, 0, 1);
          if (w.async) await Promise.race([w.value, finished]);
        }
        if (stop) return;
        const k = Math.min(PART, chunk.length - at);
        data.set(chunk.subarray(at, at + k));
        at += k;
        done += k;
        Atomics.store(ctl, 1, k);
        Atomics.store(ctl, 0, 1);
        Atomics.notify(ctl, 0);
        if (onProgress) onProgress(done);
      }
    };
    const chunks = isWebStream(stream) ? webChunks(stream) : stream;
    for await (const c of chunks) {
      if (stop) break;
      await put(c instanceof Uint8Array ? c : new Uint8Array(Buffer.from(c)));
    }
    Atomics.store(ctl, 2, 1);
    Atomics.notify(ctl, 0);
  })();
  return finished.then((run) => {
    stop = true; // the module may stop reading early (after a size-0 record)
    if (typeof stream.destroy === 'function') stream.destroy();
    else if (isWebStream(stream)) pump.then(() => {}, () => {});
    worker.terminate();
    return resultOf(run);
  });
}

async function* webChunks(stream) {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

/**
 * Validate INPUT: a Uint8Array/Buffer/ArrayBuffer (the trace's bytes), a
 * string (a file's path), a Node readable stream, a web ReadableStream or a
 * Blob. Resolves to the verdict, issues and stats (index.d.ts); rejects on
 * an I/O error or bad options (what makes fxt-validate exit with status 2).
 */
async function validate(input, options) {
  const o = { ...(options || {}) };
  if (typeof input === 'string') {
    const fd = fs.openSync(input, 'r');
    try {
      if (fs.fstatSync(fd).isDirectory()) throw new Error(`${input}: is a directory`);
      if (!o.name) o.name = input;
      return runOn((b) => fs.readSync(fd, b, 0, Math.min(b.length, PART), null), o);
    } finally {
      fs.closeSync(fd);
    }
  }
  if (input instanceof ArrayBuffer) input = new Uint8Array(input);
  if (input instanceof Uint8Array) {
    let at = 0;
    return runOn((b) => {
      const k = Math.min(b.length, PART, input.length - at);
      b.set(input.subarray(at, at + k));
      at += k;
      return k;
    }, o);
  }
  if (typeof Blob !== 'undefined' && input instanceof Blob) return runOnStream(input.stream(), o);
  if (isNodeStream(input) || isWebStream(input)) return runOnStream(input, o);
  throw new TypeError('validate: input must be bytes, a file path, a Node stream, a ReadableStream or a Blob');
}

/** fxt-gen's options common to random and violate (see index.d.ts). */
function genArgs(o) {
  const a = [];
  if (o.seed !== undefined) a.push(`--seed=${o.seed}`);
  if (o.bigEndian) a.push('--big-endian');
  if (o.revision) a.push(`--revision=${o.revision}`);
  if (o.without !== undefined) a.push(`--without=${[].concat(o.without).join(',')}`);
  return a;
}

/** Run fxt-gen with ARGS, the trace to standard output: {stdout, stderr}
 *  (stderr as text); throws what fxt-gen says when it fails. */
function runGen(args) {
  const run = runModule(wasmModule(GEN_WASM), { args: ['fxt-gen', ...args, '-o', '-'], env: {}, read: () => 0 });
  const err = Buffer.from(run.stderr).toString('utf8');
  if (run.code !== 0) throw new Error(err.trim() || `fxt-gen failed (exit status ${run.code})`);
  return { stdout: run.stdout, stderr: err };
}

/**
 * A random conforming, warning-free trace (`fxt-gen random`): its bytes.
 * The same options give the same bytes as the native tool, on every
 * platform. Rejects on bad options (what makes fxt-gen exit with status 2).
 */
async function generate(options) {
  const o = options || {};
  if (o.records === undefined) throw new TypeError('generate: options.records (the count of records) is required');
  const a = ['random', `--records=${o.records}`, ...genArgs(o)];
  if (o.profile) a.push(`--profile=${o.profile}`);
  if (o.order !== undefined) a.push(`--order=${[].concat(o.order).join(',')}`);
  return runGen(a).stdout;
}

/**
 * A valid trace plus exactly one violation of RULE (`fxt-gen violate`):
 * its bytes, the rule's id, and the byte offsets of the offending record
 * and field.
 */
async function violate(rule, options) {
  const run = runGen(['violate', `--rule=${rule}`, ...genArgs(options || {})]);
  const m = /^(\S+) record_offset=0x([0-9a-f]+) field_offset=0x([0-9a-f]+)\n$/.exec(run.stderr);
  if (!m) throw new Error(`fxt-gen violate said: ${run.stderr.trim()}`);
  return { bytes: run.stdout, rule: m[1], recordOffset: parseInt(m[2], 16), fieldOffset: parseInt(m[3], 16) };
}

module.exports = { validate, generate, violate };
