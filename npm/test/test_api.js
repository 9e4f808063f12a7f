// SPDX-License-Identifier: MIT
// validate() (lib/index.js) against the native fxt-validate's JSON output:
// every golden corpus file as bytes and as a path (every fourth also as a
// Node stream, a web ReadableStream and a Blob), in --revision auto and
// r1; then a large generated trace through a stream, whose peak memory must
// stay bounded (constant memory: well under the trace's size).
//
//   node test_api.js NATIVE_FXT_VALIDATE FXT_GEN CORPUS_DIR [PACKAGE_DIR]
// (PACKAGE_DIR: an installed fxtkit package; default this tree's npm/)
'use strict';

const assert = require('node:assert');
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { Readable } = require('node:stream');
const [native, gen, corpus, pkg] = process.argv.slice(2);
const { validate } = require(path.join(pkg || path.join(__dirname, '..'), 'lib', 'index.js'));
if (!corpus) {
  console.error('usage: node test_api.js NATIVE_FXT_VALIDATE FXT_GEN CORPUS_DIR');
  process.exit(2);
}

function nativeJson(file, args) {
  let out;
  try {
    out = execFileSync(native, ['--format=json', ...args, file], { maxBuffer: 1 << 28 });
  } catch (e) {
    if (e.status !== 1 && e.status !== 3) throw e;
    out = e.stdout;
  }
  return JSON.parse(out.toString()).files[0];
}

async function main() {
  const files = [];
  for (const d of ['valid', 'warn', 'invalid', 'revisions']) {
    for (const f of fs.readdirSync(path.join(corpus, d)).sort()) if (f.endsWith('.fxt')) files.push(path.join(corpus, d, f));
  }
  assert(files.length > 150, `corpus not found (${files.length} files)`);
  let checked = 0;
  let failures = 0;
  for (const [i, file] of files.entries()) {
    for (const rev of ['auto', 'r1']) {
      const want = nativeJson(file, ['--revision', rev]);
      const bytes = fs.readFileSync(file);
      const kinds = [['path', () => validate(file, { revision: rev })], ['bytes', () => validate(bytes, { revision: rev, name: file })]];
      if (i % 4 === 0) {
        kinds.push(['node stream', () => validate(fs.createReadStream(file), { revision: rev, name: file })]);
        kinds.push(['web stream', () => validate(Readable.toWeb(fs.createReadStream(file)), { revision: rev, name: file })]);
        kinds.push(['blob', () => validate(new Blob([bytes]), { revision: rev, name: file })]);
      }
      for (const [kind, run] of kinds) {
        checked++;
        try {
          const got = await run();
          assert.deepStrictEqual(got.json, want);
          assert.deepStrictEqual(got.issues, want.issues);
          assert.strictEqual(got.errors, want.errors);
          assert.strictEqual(got.stats.records, want.records);
          assert.strictEqual(got.verdict, want.revisions[want.revision].verdict);
          assert.strictEqual(got.exitCode, want.errors ? 1 : want.unchecked.length ? 3 : 0);
        } catch (e) {
          failures++;
          console.log(`FAIL ${file} (${kind}, --revision ${rev}): ${e.message.slice(0, 600)}`);
        }
      }
    }
  }
  // Options reach the tool.
  const some = files.find((f) => f.includes('invalid'));
  const ignored = await validate(some, { ignore: [nativeJson(some, []).issues[0].rule], maxIssues: 0 });
  assert.deepStrictEqual(ignored.json, nativeJson(some, ['--ignore', nativeJson(some, []).issues[0].rule, '--max-issues', '0']));
  await assert.rejects(validate(path.dirname(some)), /directory/);
  await assert.rejects(validate(new Uint8Array(8), { revision: 'r9' }), /revision/);

  // A large trace through a stream: peak memory well under its size.
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'fxtkit-api-'));
  try {
    const big = path.join(tmp, 'big.fxt');
    execFileSync(gen, ['random', '--records', '3000000', '--seed', '7', '-o', big]);
    const size = fs.statSync(big).size;
    const want = nativeJson(big, []);
    const before = process.memoryUsage().rss;
    let peak = before;
    let last = 0;
    const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const got = await validate(fs.createReadStream(big, { highWaterMark: 1 << 20 }), {
      name: big,
      onProgress: (n) => (last = n),
    });
    clearInterval(timer);
    peak = Math.max(peak, process.memoryUsage().rss);
    assert.deepStrictEqual(got.json.issues, want.issues);
    assert.strictEqual(got.stats.records, want.records);
    assert.strictEqual(last, size, 'progress reached the end');
    const grew = (peak - before) / 1048576;
    console.log(`large trace: ${(size / 1048576).toFixed(0)} MiB through a stream, RSS grew ${grew.toFixed(0)} MiB`);
    assert(grew < size / 1048576 / 2, `memory grew ${grew.toFixed(0)} MiB on a ${(size / 1048576).toFixed(0)} MiB trace`);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  console.log(`${checked} validate() calls against the native JSON, ${failures} failures`);
  process.exit(failures ? 1 : 0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
