// SPDX-License-Identifier: MIT
// fxt-validate, fxt-dump and fxt-gen under Node: the WebAssembly build of
// the native tools (cmake/wasm32-wasi.cmake) run by node:wasi, with the
// host's files, standard streams and environment. Same options, output
// bytes and exit status as the native tools.
'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

// node:wasi prints an ExperimentalWarning on stderr: keep stderr the tool's.
function quietWasi() {
  const emit = process.emitWarning;
  process.emitWarning = (w, ...rest) => {
    const type = typeof rest[0] === 'string' ? rest[0] : rest[0] && rest[0].type;
    if (type === 'ExperimentalWarning' && String(w).includes('WASI')) return;
    emit.call(process, w, ...rest);
  };
  try {
    return require('node:wasi').WASI;
  } finally {
    process.emitWarning = emit;
  }
}

// node:wasi's calls reached as V8 "fast API calls" from optimized code can
// start a garbage collection (node:wasi reports its allocations to V8) that
// frees node:wasi's own state under the running call: an abort or a crash,
// seen with fxt-dump writing to a pipe read slowly, 15 runs in 30 (Node.js
// issues 46777 and 53087, open). Without fast API calls: none in 30. Set
// before the module is compiled.
require('node:v8').setFlagsFromString('--no-turbo-fast-api-calls');

const compiled = new Map();
/** The compiled module of TOOL (fxt-validate, fxt-dump, fxt-gen), cached. */
function moduleOf(tool) {
  if (!compiled.has(tool)) compiled.set(tool, new WebAssembly.Module(fs.readFileSync(path.join(__dirname, '..', `${tool}.wasm`))));
  return compiled.get(tool);
}

/** The directories the module may open: the file system (paths are the
 *  host's, absolute or relative to the working directory) and the
 *  temporary directory at /tmp (--revision auto's spool). */
function preopens() {
  const root = path.parse(process.cwd()).root;
  return { '/': root, '/tmp': os.tmpdir() };
}

/** The working directory as the module sees it (under the root mapped at /). */
function wasiCwd() {
  const cwd = process.cwd();
  return '/' + path.relative(path.parse(cwd).root, cwd).split(path.sep).join('/');
}

/** Run TOOL (fxt-validate, fxt-dump, fxt-gen) with ARGS (without the
 *  program name) on the process's standard streams; returns its exit
 *  status. */
function run(args, tool = 'fxt-validate') {
  const WASI = quietWasi();
  const wasi = new WASI({
    version: 'preview1',
    args: [tool, ...args],
    env: { ...process.env, FXTKIT_WASI_CWD: wasiCwd() },
    preopens: preopens(),
    returnOnExit: true,
  });
  const imports = wasi.getImportObject ? wasi.getImportObject() : { wasi_snapshot_preview1: wasi.wasiImport };
  const instance = new WebAssembly.Instance(moduleOf(tool), imports);
  return wasi.start(instance);
}

module.exports = { run };
