// SPDX-License-Identifier: MIT
// generate() and violate() (lib/index.js) against the native fxt-gen: the
// bytes it writes with `-o -` for the same options (each profile and
// revision, seeds, byte orders, --without and --order as arrays), the
// offsets it prints, and its error message for bad options; the README's
// example, from the README's text.
//
//   node test_gen_api.js NATIVE_FXT_GEN [PACKAGE_DIR]
// (PACKAGE_DIR: an installed fxtkit package; default this tree's npm/)
'use strict';

const assert = require('node:assert');
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const [gen, pkg] = process.argv.slice(2);
const pkgDir = pkg || path.join(__dirname, '..');
if (!gen) {
  console.error('usage: node test_gen_api.js NATIVE_FXT_GEN [PACKAGE_DIR]');
  process.exit(2);
}
const { generate, violate } = require(path.join(pkgDir, 'lib', 'index.js'));

/** The native fxt-gen with ARGS and -o -: {status, stdout (bytes), stderr}. */
function native(args) {
  const p = spawnSync(gen, [...args, '-o', '-'], { maxBuffer: 1 << 28 });
  return { status: p.status, stdout: new Uint8Array(p.stdout), stderr: p.stderr.toString() };
}

async function main() {
  let checked = 0;
  let failures = 0;
  const check = async (what, fn) => {
    checked++;
    try {
      await fn();
    } catch (e) {
      failures++;
      console.log(`FAIL ${what}: ${e.message.slice(0, 600)}`);
    }
  };

  // generate(): OPTIONS and the command line that should give the same bytes
  const cases = [];
  for (const profile of ['realistic', 'coverage']) {
    for (const [i, revision] of ['r1', 'r2', 'r3', 'current'].entries()) {
      const args = ['random', '--records', '2000', '--seed', String(i + 7), '--profile', profile, '--revision', revision];
      cases.push([{ records: 2000, seed: i + 7, profile, revision }, args]);
      if (i >= 2) cases.push([{ records: 2000, seed: BigInt(i + 7), profile, revision, bigEndian: true }, [...args, '--big-endian']]);
    }
  }
  cases.push([{ records: '300000', seed: 3 }, ['random', '--records', '300000', '--seed', '3']]);
  cases.push([{ records: 5000 }, ['random', '--records', '5000']]);
  cases.push([{ records: 3000, without: ['blob', 'log'], order: ['provider', 'section', 'init'] },
    ['random', '--records', '3000', '--without', 'blob,log', '--order', 'provider,section,init']]);
  cases.push([{ records: 3000, without: 'scheduling', order: 'magic,provider,init' },
    ['random', '--records', '3000', '--without', 'scheduling', '--order', 'magic,provider,init']]);
  for (const [options, args] of cases) {
    await check(`generate(${JSON.stringify(options, (k, v) => (typeof v === 'bigint' ? `${v}n` : v))})`, async () => {
      const want = native(args);
      assert.strictEqual(want.status, 0, want.stderr);
      const got = await generate(options);
      assert(got instanceof Uint8Array, 'generate() gives a Uint8Array');
      assert(Buffer.from(got).equals(Buffer.from(want.stdout)), `${got.length} bytes, native ${want.stdout.length}, not the same`);
    });
  }

  // violate(): the bytes and the offsets fxt-gen prints (on stderr with -o -)
  const list = spawnSync(gen, ['violate', '--list']).stdout.toString().trim().split('\n');
  assert(list.length > 40, `violate --list: ${list.length} rules`);
  for (const [i, line] of list.entries()) {
    if (i % 5) continue;
    const [id, name] = line.split(' ');
    const options = { seed: 1 + (i % 3), bigEndian: i % 2 === 1 };
    await check(`violate(${name})`, async () => {
      const want = native(['violate', '--rule', id, '--seed', String(options.seed), ...(options.bigEndian ? ['--big-endian'] : [])]);
      assert.strictEqual(want.status, 0, want.stderr);
      const m = /^(\S+) record_offset=0x([0-9a-f]+) field_offset=0x([0-9a-f]+)\n$/.exec(want.stderr);
      assert(m, `native stderr: ${want.stderr}`);
      const got = await violate(name, options);
      assert(Buffer.from(got.bytes).equals(Buffer.from(want.stdout)), 'not the native bytes');
      assert.deepStrictEqual([got.rule, got.recordOffset, got.fieldOffset], [m[1], parseInt(m[2], 16), parseInt(m[3], 16)]);
    });
  }
  await check('violate(async-unmatched, r1)', async () => {
    const want = native(['violate', '--rule', 'async-unmatched', '--seed', '2', '--revision', 'r1']);
    const got = await violate('async-unmatched', { seed: 2, revision: 'r1' });
    assert(Buffer.from(got.bytes).equals(Buffer.from(want.stdout)), 'not the native bytes');
    assert(want.stderr.startsWith(`${got.rule} record_offset=0x${got.recordOffset.toString(16)} `), want.stderr);
  });

  // bad options: rejected with fxt-gen's own message
  for (const [fn, args] of [
    [() => generate({ records: 5, profile: 'nope' }), ['random', '--records', '5', '--profile', 'nope']],
    [() => generate({ records: -5 }), ['random', '--records=-5']],
    [() => generate({ records: 5, revision: 'r1', bigEndian: true }), ['random', '--records', '5', '--revision', 'r1', '--big-endian']],
    [() => violate('no-such-rule'), ['violate', '--rule', 'no-such-rule']],
    [() => violate('E0014', { revision: 'r2' }), ['violate', '--rule', 'E0014', '--revision', 'r2']],
  ]) {
    await check(`rejects ${args.join(' ')}`, async () => {
      const want = native(args);
      assert.strictEqual(want.status, 2);
      await assert.rejects(fn, (e) => e.message === want.stderr.trim());
    });
  }
  await check('generate() without records', () => assert.rejects(() => generate({ seed: 1 }), TypeError));

  // the package README's example, from its text: what it prints
  await check('README example', async () => {
    const text = fs.readFileSync(path.join(pkgDir, 'README.md'), 'utf8');
    const block = /```js\n((?:(?!```)[\s\S])*?generate\([\s\S]*?)```/.exec(text);
    assert(block, 'README.md has a js block calling generate()');
    const code = block[1].replace("require('fxtkit')", `require(${JSON.stringify(path.join(pkgDir, 'lib', 'index.js'))})`);
    const p = spawnSync(process.execPath, ['-e', `(async () => {\n${code}\n})()`]);
    assert.strictEqual(p.status, 0, p.stderr.toString());
    const trace = native(['random', '--records', '100000', '--seed', '1', '--revision', 'r3']);
    const bad = native(['violate', '--rule', 'record-too-small', '--seed', '2']);
    const m = /^(\S+) record_offset=0x([0-9a-f]+) field_offset=0x([0-9a-f]+)/.exec(bad.stderr);
    const want = [trace.stdout.length, m[1], parseInt(m[2], 16), parseInt(m[3], 16), bad.stdout.length].join(' ');
    assert.strictEqual(p.stdout.toString(), `${want}\n`);
  });

  console.log(`${checked} checks, ${failures} failures`);
  process.exitCode = failures ? 1 : 0;
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
