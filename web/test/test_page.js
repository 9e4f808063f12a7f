// SPDX-License-Identifier: MIT
// The page in headless Chromium (the system's, through puppeteer-core),
// opened from disk: corpus files dropped on it (or picked) and a large
// generated trace; the verdict per revision, the totals and the issues
// table against `fxt-validate --json` of the same file (the native tool);
// filter, sort, keyboard selection with the hex view and the rule's
// explanation; the messages for an empty file and a file that is not FXT.
// With --screenshot FILE: also writes the README's screenshot.
//
//   node test_page.js PAGE_DIR NATIVE_FXT_VALIDATE FXT_GEN CORPUS_DIR [--screenshot PNG]
// (PAGE_DIR: index.html and the generated.js of web/build.js)
'use strict';

const assert = require('node:assert');
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const [pageDir, native, gen, corpus, flag, shot] = process.argv.slice(2);
const chromium = process.env.CHROMIUM || ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome']
  .find((p) => fs.existsSync(p));
let puppeteer;
try {
  puppeteer = require('puppeteer-core');
} catch (_) {
  puppeteer = null;
}
if (!chromium || !puppeteer) {
  console.log(`SKIP: ${!chromium ? 'no Chromium' : 'puppeteer-core not installed (npm ci in web/)'}`);
  process.exit(77);
}

/** The native tool's JSON for FILE, named by its base name as the page names it. */
function nativeJson(file, args) {
  let out;
  try {
    out = execFileSync(path.resolve(native), ['--json', '--max-issues=1000', ...args, path.basename(file)],
      { maxBuffer: 1 << 28, cwd: path.dirname(file) });
  } catch (e) {
    if (e.status !== 1 && e.status !== 3) throw e;
    out = e.stdout;
  }
  return JSON.parse(out.toString()).files[0];
}

const hex = (n) => '0x' + n.toString(16);

async function load(page, file, how) {
  await page.evaluate(() => (document.body.dataset.state = ''));
  const input = await page.$('#pick');
  if (how === 'pick') {
    await input.uploadFile(file);
  } else {
    // a real drop event carrying the file (the input only brings the File in)
    await page.evaluate(() => (document.querySelector('#pick').onchange = null));
    await input.uploadFile(file);
    await page.evaluate(() => {
      const f = document.querySelector('#pick').files[0];
      const dt = new DataTransfer();
      dt.items.add(f);
      document.querySelector('#drop').dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    });
  }
  await page.waitForFunction(() => ['done', 'failed'].includes(document.body.dataset.state), { timeout: 600000 });
}

function rowsOf(page) {
  return page.$$eval('#issues tbody tr', (trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent)));
}

async function checkAgainstNative(page, file, name) {
  const want = nativeJson(file, ['--revision', 'auto']);
  const got = await page.evaluate(() => ({
    verdict: document.querySelector('#verdict').textContent,
    revisions: [...document.querySelectorAll('#revisions tbody tr')].map((tr) => [...tr.children].map((td) => td.textContent)),
    totals: Object.fromEntries([...document.querySelectorAll('#totals dt')].map((dt) => [dt.textContent, dt.nextElementSibling.textContent])),
  }));
  const rev = want.revisions[want.revision];
  assert.ok(got.verdict.startsWith(`${name}: ${rev.verdict} (revision ${want.revision}`), `verdict: ${got.verdict}`);
  assert.deepStrictEqual(got.revisions, Object.entries(want.revisions).map(([r, v]) => [r, v.verdict + (v.complete ? '' : ' (stopped)'),
    String(v.errors), String(v.warnings), v.first_error ? `${v.first_error.rule} ${v.first_error.name} at ${hex(v.first_error.field_offset)}` : '']));
  assert.strictEqual(got.totals.records, want.records.toLocaleString('en'));
  assert.strictEqual(got.totals.errors, String(want.errors));
  assert.strictEqual(got.totals.warnings, String(want.warnings));
  const rows = await rowsOf(page);
  const expected = want.issues.map((i) => [`${i.rule} ${i.name}`, i.severity, hex(i.field_offset),
    i.record_index === null ? '' : `#${i.record_index} ${i.record_type || ''}`, i.message]);
  const key = (r) => `${r[2].padStart(20)} ${r.join('|')}`;
  assert.deepStrictEqual(rows.map(key).sort(), expected.map(key).sort(), `issues table of ${name}`);
  return want;
}

async function main() {
  const browser = await puppeteer.launch({
    executablePath: chromium,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  let checked = 0;
  try {
    const page = await browser.newPage();
    await page.setViewport({ width: 1200, height: 1000 });
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto('file://' + path.resolve(pageDir, 'index.html'));
    await page.waitForFunction(() => document.body.dataset.ready === '1', { timeout: 60000 });

    const files = [];
    for (const d of ['valid', 'warn', 'invalid', 'revisions']) {
      const all = fs.readdirSync(path.join(corpus, d)).filter((f) => f.endsWith('.fxt')).sort();
      // every fourth file of each folder (the table's code is the same for all)
      files.push(...all.filter((_, i) => i % 4 === 0).map((f) => path.join(corpus, d, f)));
    }
    for (const [n, f] of files.entries()) {
      await load(page, f, n % 2 ? 'pick' : 'drop');
      await checkAgainstNative(page, f, path.basename(f));
      checked++;
    }

    // Filter, sort, keyboard selection, hex view, explanation, spec link.
    const many = path.join(corpus, 'invalid', fs.readdirSync(path.join(corpus, 'invalid')).find((f) => f.startsWith('E0010')) || '');
    const target = fs.existsSync(many) && many.endsWith('.fxt') ? many : files.find((f) => f.includes('invalid'));
    await load(page, target, 'drop');
    const want = await checkAgainstNative(page, target, path.basename(target));
    const rule = want.issues[0].rule;
    await page.select('#f-rule', rule);
    assert.strictEqual((await rowsOf(page)).length, want.issues.filter((i) => i.rule === rule).length, 'rule filter');
    await page.select('#f-rule', '');
    await page.select('#f-severity', 'warning');
    assert.strictEqual((await rowsOf(page)).length, want.issues.filter((i) => i.severity === 'warning').length, 'severity filter');
    await page.select('#f-severity', '');
    await page.click('#issues th button[data-key="message"]');
    const msgs = (await rowsOf(page)).map((r) => r[4]);
    assert.deepStrictEqual(msgs, [...msgs].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)), 'sorted by message');
    await page.click('#issues th button[data-key="message"]');
    const down = (await rowsOf(page)).map((r) => r[4]);
    assert.deepStrictEqual(down, [...msgs].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)), 'sorted the other way');
    await page.click('#issues th button[data-key="offset"]');
    await page.focus('#issues tbody');
    await page.keyboard.press('ArrowDown');
    // the explanation comes from the worker, the hex view from the file: both asynchronous
    await page.waitForFunction(() => !document.querySelector('#detail').hidden && document.querySelector('#d-explain').textContent.length > 20 &&
      document.querySelectorAll('#hex .w').length > 0);
    const detail = await page.evaluate(() => ({
      title: document.querySelector('#d-title').textContent,
      hits: document.querySelectorAll('#hex .hit').length,
      words: document.querySelectorAll('#hex .w').length,
      explain: document.querySelector('#d-explain').textContent,
      spec: document.querySelector('#d-spec').href,
    }));
    const first = [...want.issues].sort((a, b) => a.field_offset - b.field_offset)[0];
    assert.ok(detail.title.startsWith(`${first.rule} ${first.name}`), detail.title);
    assert.ok(detail.hits >= 1 && detail.words >= 1, 'the field is highlighted in the hex view');
    const explain = execFileSync(native, [`--explain-rule=${first.rule}`]).toString();
    assert.strictEqual(detail.explain, explain, 'the rule explanation is --explain-rule');
    assert.ok(detail.spec.includes('#'), 'a spec link');
    if (flag === '--screenshot') {
      await page.screenshot({ path: shot, fullPage: false });
      console.log(`screenshot: ${shot}`);
    }
    checked++;

    // Clear messages: empty, not FXT.
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'fxtkit-page-'));
    let big = null;
    try {
      const empty = path.join(tmp, 'empty.fxt');
      fs.writeFileSync(empty, '');
      await load(page, empty, 'drop');
      assert.match(await page.$eval('#message', (m) => m.textContent), /is empty/);
      const text = path.join(tmp, 'notes.fxt');
      fs.writeFileSync(text, 'these are my notes, not a trace\n'.repeat(10));
      await load(page, text, 'pick');
      assert.match(await page.$eval('#message', (m) => m.textContent), /not an FXT trace/);
      checked += 2;

      // A large generated trace: the verdict and counts of the native tool.
      if (flag !== '--screenshot') {
        big = path.join(tmp, 'big.fxt');
        execFileSync(gen, ['random', '--records', '2000000', '--seed', '11', '-o', big]);
        await load(page, big, 'drop');
        await checkAgainstNative(page, big, 'big.fxt');
        console.log(`large trace: ${(fs.statSync(big).size / 1048576).toFixed(0)} MiB checked in the page`);
        checked++;
      }
      // The other way of reading (FileReaderSync, where JSPI is not there),
      // on corpus files and the large trace (read in slices larger than
      // what the module asks for at a time).
      assert.strictEqual(await page.evaluate(() => document.body.dataset.jspi), '1', 'Chromium reads with JSPI');
      // the worker ran the module once at start (its warm-up, worker.js)
      assert.ok(JSON.parse(await page.evaluate(() => document.body.dataset.reads)).warmed > 0, 'the worker warmed up');
      checked++;
      await page.goto('about:blank');
      await page.goto('file://' + path.resolve(pageDir, 'index.html') + '#sync');
      await page.waitForFunction(() => document.body.dataset.ready === '1', { timeout: 60000 });
      for (const f of [...files.filter((_, n) => n % 5 === 0), ...(big ? [big] : [])]) {
        await load(page, f, 'drop');
        assert.strictEqual(await page.evaluate(() => document.body.dataset.jspi), '0', 'read with FileReaderSync');
        await checkAgainstNative(page, f, path.basename(f));
        checked++;
      }
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
    assert.deepStrictEqual(errors, [], 'no page errors');
  } finally {
    await browser.close();
  }
  console.log(`${checked} page checks against the native fxt-validate: all passed`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
