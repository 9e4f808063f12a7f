#!/usr/bin/env node
// SPDX-License-Identifier: MIT
// npm pack's prepack step: builds fxt-validate.wasm, fxt-dump.wasm and
// fxt-gen.wasm from
// the repository's sources (cmake/wasm32-wasi.cmake: Debian's clang,
// wasi-libc, lld; see scripts/setup.sh) into ../build-wasm (or
// $FXTKIT_WASM_BUILD), copies them and the licence here (sources:
// $FXTKIT_SOURCE_DIR or ..), and checks that the modules' version is this
// package's (CMakeLists.txt's project version is the one source).
'use strict';

const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const here = path.join(__dirname, '..');
const top = process.env.FXTKIT_SOURCE_DIR || path.join(here, '..');
const build = process.env.FXTKIT_WASM_BUILD || path.join(top, 'build-wasm');
const sh = (cmd, args) => execFileSync(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'] });

/** Whether PROGRAM runs (found on the PATH). */
function have(program) {
  try {
    execFileSync(program, ['--version'], { stdio: 'ignore' });
    return true;
  } catch (_) {
    return false;
  }
}
// the README's WebAssembly build (an existing one, as it configured it, is reused)
if (!fs.existsSync(path.join(build, 'CMakeCache.txt'))) {
  sh('cmake', ['-S', top, '-B', build, ...(have('ninja') ? ['-G', 'Ninja'] : []),
    '-DCMAKE_TOOLCHAIN_FILE=' + path.join(top, 'cmake', 'wasm32-wasi.cmake'), '-DCMAKE_BUILD_TYPE=Release']);
}
// each tool and the folder of the build it is made in
const tools = { 'fxt-validate': 'validator/cli', 'fxt-dump': 'validator/cli', 'fxt-gen': 'generator' };
sh('cmake', ['--build', build, '--parallel', '--target', ...Object.keys(tools)]);
for (const [tool, dir] of Object.entries(tools)) {
  fs.copyFileSync(path.join(build, dir, `${tool}.wasm`), path.join(here, `${tool}.wasm`));
}
fs.copyFileSync(path.join(top, 'LICENSE'), path.join(here, 'LICENSE'));

const pkg = JSON.parse(fs.readFileSync(path.join(here, 'package.json'), 'utf8'));
for (const tool of Object.keys(tools)) {
  const v = execFileSync(process.execPath, [path.join(here, 'bin', `${tool}.js`), '--version']).toString();
  if (!v.startsWith(`${tool} ${pkg.version} `)) {
    console.error(`build-wasm: the module says "${v.trim()}" but package.json's version is ${pkg.version}`);
    process.exit(1);
  }
  console.log(`build-wasm: ${v.trim()}`);
}
