// SPDX-License-Identifier: MIT
// For bench/wasm.sh: the page (PAGE_DIR, built by web/build.js) in headless
// Chromium validates FILE; prints the page's validation time, the CPU time
// Chromium used meanwhile (all its processes, /proc) and the peak
// RSS of Chromium's renderer processes (sampled every 50 ms from /proc).
// With "sync", the page reads as in a browser without JSPI (index.html#sync:
// FileReaderSync).
//   node bench/wasm_page.js PAGE_DIR FILE [sync]
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const puppeteer = require(path.join(__dirname, '..', 'web', 'node_modules', 'puppeteer-core'));

function rendererRss() {
  let sum = 0;
  for (const pid of fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!cmd.includes('--type=renderer')) continue;
      const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (m) sum += Number(m[1]) * 1024;
    } catch (_) {
      // gone
    }
  }
  return sum;
}

/** CPU seconds (user + system) used so far by Chromium's threads, summed
 *  by process type and thread name ("browser:Chrome_IOThread",
 *  "renderer:DedicatedWorker", ...; /proc). The browser process reads the
 *  file; the renderer's worker thread runs the module. The page's cost
 *  whatever else loads the machine. */
function chromiumCpu() {
  const tick = 100; // USER_HZ
  const by = {};
  for (const pid of fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!cmd.includes('chrom')) continue;
      const type = (/--type=([a-z-]+)/.exec(cmd) || [0, 'browser'])[1];
      for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
        const st = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        const name = st.slice(st.indexOf('(') + 1, st.lastIndexOf(')'));
        const f = st.slice(st.lastIndexOf(')') + 2).split(' ');
        const k = `${type}:${name}`;
        by[k] = (by[k] || 0) + (Number(f[11]) + Number(f[12])) / tick; // utime, stime
      }
    } catch (_) {
      // gone
    }
  }
  return by;
}

async function main() {
  const [dir, file, how] = process.argv.slice(2);
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const page = await browser.newPage();
    await page.goto('file://' + path.resolve(dir, 'index.html') + (how === 'sync' ? '#sync' : ''));
    await page.waitForFunction(() => document.body.dataset.ready === '1', { timeout: 60000 });
    await new Promise((r) => setTimeout(r, 1500)); // the page's loading settles
    const before = rendererRss();
    const cpu0 = chromiumCpu();
    let peak = before;
    const timer = setInterval(() => (peak = Math.max(peak, rendererRss())), 50);
    await (await page.$('#pick')).uploadFile(file);
    await page.waitForFunction(() => ['done', 'failed'].includes(document.body.dataset.state), { timeout: 0, polling: 500 });
    const cpu1 = chromiumCpu();
    const cpuOf = (re) => Object.keys(cpu1).filter((k) => re.test(k)).reduce((n, k) => n + cpu1[k] - (cpu0[k] || 0), 0);
    clearInterval(timer);
    const r = await page.evaluate(() => ({
      time: document.querySelector('#totals dd:nth-of-type(7)').textContent,
      verdict: document.querySelector('#verdict').textContent,
      reads: document.body.dataset.reads,
    }));
    const mb = (n) => (n / 1048576).toFixed(0);
    const reads = JSON.parse(r.reads || '{}');
    const waited = (reads.chunks ? `, ${(reads.waited / 1000).toFixed(2)} s of it waiting for the file's ${reads.chunks} parts` : '') +
      (reads.warmed ? ` (the worker's warm-up at start: ${(reads.warmed / 1000).toFixed(2)} s)` : '');
    console.log(`validated in ${parseFloat(r.time)} s${waited}; Chromium CPU ${cpuOf(/./).toFixed(2)} s (the browser process ${cpuOf(/^browser:/).toFixed(2)}, the worker thread ${cpuOf(/^renderer:DedicatedWorker/).toFixed(2)}) (${r.verdict}); renderer RSS ${mb(before)} MB before, peak ${mb(peak)} MB (+${mb(peak - before)} MB)`);
  } finally {
    await browser.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
