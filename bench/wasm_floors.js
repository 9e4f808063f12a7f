// SPDX-License-Identifier: MIT
// For issue 30's page target: what the page could reach at best in this
// Chromium, measured in one run next to the native tool. A page in
// PAGE_DIR (built by web/build.js; floors.html is written there) has a
// worker with the page's own source (npm/lib/wasi.js + web/worker.js) that
// either only READS the dropped FILE by one method (the bytes copied into
// one 16 MiB buffer, as the page copies them into the module's memory;
// nothing validated), or only VALIDATES it with the file already in the
// worker's memory (the compute floor), or is the real page (index.html).
// Rounds alternate the native tool and every method; per method the wall
// time in the worker, Chromium's CPU (browser process, worker thread; /proc)
// and the renderer's peak RSS growth; the best of the rounds and the ratio
// native wall / method wall.
//   node bench/wasm_floors.js PAGE_DIR FILE NATIVE_FXT_VALIDATE ROUNDS METHOD...
// METHOD: byob:MiB (file.stream(), BYOB reader, a view of MiB)
//         default (file.stream(), default reader)
//         fetch, fetch:MiB (fetch() of the file's blob: URL; its body read
//           by the default reader, or BYOB into a view of MiB)
//         slices:MiB:K (blob.slice().arrayBuffer(), K in flight)
//         frs:MiB (FileReaderSync, slices of MiB)
//         compute (the module on the bytes in memory, read synchronously;
//           compute-jspi: through JSPI, as the page reads; the read of
//           the whole file into memory is not timed;
//           compute-warm: the same after one run on the file)
//         page (index.html as bench/wasm_page.js drives it, the page's figure;
//           page-warm: after validating $WARM_FILE first; page@DIR,
//           page-warm@DIR: the page built in DIR)
// The native tool runs 3 times a round. THREADS=1 also prints each
// measurement's busiest Chromium threads; FLOORS_SHM=1 runs Chromium
// without --disable-dev-shm-usage. Needs web/node_modules (npm ci in web/).
// The worker's source reaches into web/worker.js's run() and wasmModule.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const puppeteer = require(path.join(__dirname, '..', 'web', 'node_modules', 'puppeteer-core'));

const FLOOR_WORKER = `
;(function () {
  const sink = new Uint8Array(16 << 20);
  let at = 0;
  const copy = (b) => { // as the page copies into the module's memory
    for (let i = 0; i < b.length;) {
      const k = Math.min(b.length - i, sink.length - at);
      sink.set(b.subarray(i, i + k), at);
      i += k;
      at = (at + k) % sink.length;
    }
  };
  const MiB = 1 << 20;
  async function byob(stream, mib) {
    const r = stream.getReader({ mode: 'byob' });
    let buf = new ArrayBuffer(mib * MiB);
    let parts = 0;
    for (;;) {
      const { done, value } = await r.read(new Uint8Array(buf));
      if (done) break;
      parts++;
      copy(value);
      buf = value.buffer;
    }
    return parts;
  }
  async function fetched(file, mib) { // the file's blob: URL fetched (another path in the browser)
    const url = URL.createObjectURL(file);
    try {
      const body = (await fetch(url)).body;
      return await (mib ? byob(body, mib) : plain(body));
    } finally {
      URL.revokeObjectURL(url);
    }
  }
  async function plain(stream) {
    const r = stream.getReader();
    let parts = 0;
    for (;;) {
      const { done, value } = await r.read();
      if (done) break;
      parts++;
      copy(value);
    }
    return parts;
  }
  async function slices(file, mib, k) {
    let next = 0;
    const q = [];
    const ask = () => {
      if (next >= file.size) return;
      const a = next;
      next = Math.min(file.size, a + mib * MiB);
      q.push(file.slice(a, next).arrayBuffer());
    };
    for (let i = 0; i < k; i++) ask();
    let parts = 0;
    while (q.length) {
      const b = await q.shift();
      ask();
      parts++;
      copy(new Uint8Array(b));
    }
    return parts;
  }
  function frs(file, mib) {
    const fr = new FileReaderSync();
    let parts = 0;
    for (let a = 0; a < file.size; a += mib * MiB) {
      parts++;
      copy(new Uint8Array(fr.readAsArrayBuffer(file.slice(a, a + mib * MiB))));
    }
    return parts;
  }
  async function compute(file, jspi) {
    const all = new Uint8Array(await file.arrayBuffer());
    let pos = 0;
    const take = (max) => {
      const b = all.subarray(pos, pos + Math.min(max, PART));
      pos += b.length;
      return b;
    };
    const source = jspi ? { readAsync: async (max) => take(max) }
      : { read: (b) => { const x = take(b.length); b.set(x); return x.length; } };
    const args = ['--format=json', '--revision=auto', '--max-issues=1000', '--stdin-filename=' + file.name, '-'];
    const t = performance.now();
    const r = await run(args, source);
    const ms = performance.now() - t;
    const f = JSON.parse(r.stdout).files[0];
    return { ms, checked: f.records + ' records, ' + f.bytes + ' bytes, ' + f.errors + ' errors' };
  }
  onmessage = async (ev) => {
    const m = ev.data;
    try {
      if (m.type === 'init') {
        wasmModule = new WebAssembly.Module(m.wasm);
        run(['--list-rules', '--json']); // as the page's worker starts
        run(['--version']);
        postMessage({ type: 'ready', sab: typeof SharedArrayBuffer, isolated: self.crossOriginIsolated });
        return;
      }
      const [how, a, b] = m.method.split(':');
      const t = performance.now();
      let parts = 0;
      if (how === 'byob') parts = await byob(m.file.stream(), Number(a));
      else if (how === 'default') parts = await plain(m.file.stream());
      else if (how === 'fetch') parts = await fetched(m.file, Number(a || 0));
      else if (how === 'slices') parts = await slices(m.file, Number(a), Number(b));
      else if (how === 'frs') parts = frs(m.file, Number(a));
      else if (how.startsWith('compute')) {
        if (how === 'compute-warm') await compute(m.file, true); // the module's code tiered up first
        const c = await compute(m.file, how !== 'compute');
        postMessage({ type: 'done', ms: c.ms, parts: c.checked });
        return;
      } else throw new Error('no method ' + how);
      postMessage({ type: 'done', ms: performance.now() - t, parts });
    } catch (e) {
      postMessage({ type: 'done', error: String(e && e.message || e) });
    }
  };
})();
`;

const FLOOR_PAGE = `<!DOCTYPE html>
<!-- SPDX-License-Identifier: MIT -->
<meta charset="utf-8"><title>floors</title>
<input type="file" id="pick">
<script src="generated.js"></script>
<script>
'use strict';
/* global FXT_WORKER_SOURCE, FXT_WASM_BASE64, FLOOR_WORKER */
const w = new Worker(URL.createObjectURL(new Blob([FXT_WORKER_SOURCE + FLOOR_WORKER], { type: 'text/javascript' })));
const bin = Uint8Array.from(atob(FXT_WASM_BASE64), (c) => c.charCodeAt(0));
w.onmessage = (ev) => {
  if (ev.data.type === 'ready') {
    document.body.dataset.env = JSON.stringify(ev.data);
    document.body.dataset.ready = '1';
  } else document.body.dataset.result = JSON.stringify(ev.data);
};
w.postMessage({ type: 'init', wasm: bin.buffer }, [bin.buffer]);
document.querySelector('#pick').onchange = (e) => w.postMessage({ type: 'go', method: location.hash.slice(1), file: e.target.files[0] });
</script>`;

function procs(filter) {
  const out = [];
  for (const pid of fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (filter(cmd)) out.push({ pid, cmd });
    } catch (_) {
      // gone
    }
  }
  return out;
}

function rendererRss() {
  let sum = 0;
  for (const { pid } of procs((c) => c.includes('--type=renderer'))) {
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (m) sum += Number(m[1]) * 1024;
    } catch (_) {
      // gone
    }
  }
  return sum;
}

/** CPU seconds of Chromium's threads by "type:thread name" (as wasm_page.js). */
function chromiumCpu() {
  const by = {};
  for (const { pid, cmd } of procs((c) => c.includes('chrom'))) {
    const type = (/--type=([a-z-]+)/.exec(cmd) || [0, 'browser'])[1];
    try {
      for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
        const st = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        const name = st.slice(st.indexOf('(') + 1, st.lastIndexOf(')'));
        const f = st.slice(st.lastIndexOf(')') + 2).split(' ');
        const k = `${type}:${name}`;
        by[k] = (by[k] || 0) + (Number(f[11]) + Number(f[12])) / 100;
      }
    } catch (_) {
      // gone
    }
  }
  return by;
}

async function measure(browser, dir, file, method) {
  const page = await browser.newPage();
  try {
    const real = method.startsWith('page');
    const at = real && method.includes('@') ? method.slice(method.indexOf('@') + 1) : dir; // page@DIR: another build of the page
    await page.goto('file://' + path.resolve(at, real ? 'index.html' : 'floors.html') + (real ? '' : '#' + method));
    await page.waitForFunction(() => document.body.dataset.ready === '1', { timeout: 60000 });
    await new Promise((r) => setTimeout(r, 1000)); // the page's loading settles
    const env = real ? {} : JSON.parse(await page.evaluate(() => document.body.dataset.env));
    const before = rendererRss();
    let peak = before;
    const timer = setInterval(() => (peak = Math.max(peak, rendererRss())), 50);
    if (method.startsWith('page-warm')) { // a small trace validated first: the module's code tiered up
      await (await page.$('#pick')).uploadFile(process.env.WARM_FILE);
      await page.waitForFunction(() => document.body.dataset.state === 'done', { timeout: 0, polling: 50 });
      await page.evaluate(() => (document.body.dataset.state = 'warm'));
    }
    const cpu0 = chromiumCpu();
    await (await page.$('#pick')).uploadFile(file);
    let r;
    if (real) {
      await page.waitForFunction(() => ['done', 'failed'].includes(document.body.dataset.state), { timeout: 0, polling: 50 });
      r = await page.evaluate(() => ({
        ms: parseFloat(document.querySelector('#totals dd:nth-of-type(7)').textContent) * 1000,
        parts: ((x) => x.chunks + (x.warmed ? ` (warm-up ${x.warmed.toFixed(0)} ms)` : ''))(JSON.parse(document.body.dataset.reads || '{}')),
      }));
    } else {
      await page.waitForFunction(() => document.body.dataset.result, { timeout: 0, polling: 50 });
      r = JSON.parse(await page.evaluate(() => document.body.dataset.result));
    }
    clearInterval(timer);
    const cpu1 = chromiumCpu();
    const cpuOf = (re) => Object.keys(cpu1).filter((k) => re.test(k)).reduce((n, k) => n + cpu1[k] - (cpu0[k] || 0), 0);
    if (r.error) throw new Error(`${method}: ${r.error}`);
    if (process.env.THREADS) {
      const top = Object.keys(cpu1).map((k) => [k, cpu1[k] - (cpu0[k] || 0)]).filter((x) => x[1] >= 0.02).sort((a, b) => b[1] - a[1]);
      console.log(`  ${method}: ${top.map(([k, v]) => `${k} ${v.toFixed(2)}`).join(', ')}`);
    }
    return { s: r.ms / 1000, parts: r.parts, browser: cpuOf(/^browser:/), worker: cpuOf(/^renderer:DedicatedWorker/),
      all: cpuOf(/./), rss: (peak - before) / 1048576, env };
  } finally {
    await page.close();
  }
}

function native(tool, file) {
  const t = process.hrtime.bigint();
  const r = spawnSync(tool, ['--quiet', file], { stdio: 'ignore' });
  if (r.status === null) throw new Error('native: ' + r.error);
  return Number(process.hrtime.bigint() - t) / 1e9;
}

async function main() {
  const [dir, file, tool, rounds, ...methods] = process.argv.slice(2);
  fs.writeFileSync(path.join(dir, 'floors.html'), FLOOR_PAGE.replace('<script src="generated.js"></script>',
    `<script src="generated.js"></script>\n<script>self.FLOOR_WORKER = ${JSON.stringify(FLOOR_WORKER)};</script>`));
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    // as bench/wasm_page.js; FLOORS_SHM=1: without --disable-dev-shm-usage
    // (Chromium's shared memory in /dev/shm, as a desktop browser has it,
    // rather than files in /tmp)
    args: ['--no-sandbox', '--disable-gpu', ...(process.env.FLOORS_SHM === '1' ? [] : ['--disable-dev-shm-usage'])],
  });
  const res = { native: [] };
  try {
    for (let i = 0; i < Number(rounds); i++) {
      for (let k = 0; k < 3; k++) res.native.push(native(tool, file));
      for (const m of methods) {
        const x = await measure(browser, dir, file, m);
        (res[m] = res[m] || []).push(x);
        if (i === 0 && x.env.sab) console.log(`(worker: SharedArrayBuffer ${x.env.sab}, crossOriginIsolated ${x.env.isolated})`);
      }
    }
  } finally {
    await browser.close();
  }
  const nat = Math.min(...res.native);
  console.log(`native fxt-validate --quiet: ${nat.toFixed(3)} s wall best (${res.native.map((x) => x.toFixed(3)).join(' ')})`);
  for (const m of methods) {
    const xs = res[m];
    const best = Math.min(...xs.map((x) => x.s));
    const f = (k, d) => xs.map((x) => x[k].toFixed(d)).join(' ');
    console.log(`${m.padEnd(14)} ${best.toFixed(3)} s best = ${(nat / best).toFixed(2)}x native; wall ${f('s', 2)}; ` +
      `CPU browser ${f('browser', 2)}, worker ${f('worker', 2)}, all ${f('all', 2)}; parts ${[...new Set(xs.map((x) => x.parts))].join(' / ')}; RSS +${f('rss', 0)} MB`);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
