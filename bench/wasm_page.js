// SPDX-License-Identifier: MIT
// For bench/wasm.sh: the page (PAGE_DIR, built by web/build.js) in headless
// Chromium validates FILE; prints the page's validation time and the peak
// RSS of Chromium's renderer processes (sampled every 50 ms from /proc).
//   node bench/wasm_page.js PAGE_DIR FILE
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

async function main() {
  const [dir, file] = process.argv.slice(2);
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const page = await browser.newPage();
    await page.goto('file://' + path.resolve(dir, 'index.html'));
    await page.waitForFunction(() => document.body.dataset.ready === '1', { timeout: 60000 });
    const before = rendererRss();
    let peak = before;
    const timer = setInterval(() => (peak = Math.max(peak, rendererRss())), 50);
    await (await page.$('#pick')).uploadFile(file);
    await page.waitForFunction(() => ['done', 'failed'].includes(document.body.dataset.state), { timeout: 0, polling: 500 });
    clearInterval(timer);
    const r = await page.evaluate(() => ({
      time: document.querySelector('#totals dd:nth-of-type(7)').textContent,
      verdict: document.querySelector('#verdict').textContent,
    }));
    const mb = (n) => (n / 1048576).toFixed(0);
    console.log(`validated in ${parseFloat(r.time)} s (${r.verdict}); renderer RSS ${mb(before)} MB before, peak ${mb(peak)} MB (+${mb(peak - before)} MB)`);
  } finally {
    await browser.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
