// SPDX-License-Identifier: MIT
// The worker thread of validate() on a stream (index.js): runs the module,
// whose reads block on the shared buffer the main thread fills.
'use strict';

const fs = require('node:fs');
const { parentPort, workerData } = require('node:worker_threads');
const { runModule } = require('./wasi.js');

const ctl = new Int32Array(workerData.ctl); // [state 0 empty / 1 full, length, ended]
const data = new Uint8Array(workerData.data);
let at = 0;

function read(b) {
  for (;;) {
    if (Atomics.load(ctl, 0) === 1) {
      const len = Atomics.load(ctl, 1);
      const k = Math.min(b.length, len - at);
      b.set(data.subarray(at, at + k));
      at += k;
      if (at === len) {
        at = 0;
        Atomics.store(ctl, 0, 0);
        Atomics.notify(ctl, 0);
      }
      return k;
    }
    if (Atomics.load(ctl, 2) === 1) return 0;
    Atomics.wait(ctl, 0, 0, 100);
  }
}

const module_ = new WebAssembly.Module(fs.readFileSync(workerData.wasm));
parentPort.postMessage(runModule(module_, { args: workerData.args, env: {}, read }));
