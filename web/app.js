// SPDX-License-Identifier: MIT
// The page: a dropped or picked trace is validated by fxt-validate.wasm in
// a Web Worker (worker.js) reading the file in parts, with a progress bar;
// the JSON output is shown as the verdict per revision, the totals, a
// chart of the record counts and a table of the issues (filter, sort,
// keyboard). Selecting an issue shows its record's words with the field's
// bytes and bits highlighted, the rule's explanation and fix
// (--explain-rule) and the spec section.
'use strict';

/* global FXT_WORKER_SOURCE, FXT_WASM_BASE64, FXT_SAMPLE_BASE64 */
const $ = (s) => document.querySelector(s);
/** Files larger than this are refused (offsets stay exact in JS numbers far beyond). */
const MAX_BYTES = 64 * 2 ** 30;
/** Words of a record shown at most in the hex view. */
const MAX_WORDS = 64;
const SPEC_URL = 'https://fuchsia.dev/fuchsia-src/reference/tracing/trace-format';
const MAGIC_LE = [0x10, 0x00, 0x04, 0x46, 0x78, 0x54, 0x16, 0x00];

const state = { rules: {}, file: null, doc: null, rows: [], sort: { key: 'offset', dir: 1 }, sel: -1, busy: false, explained: {}, hexToken: 0 };
let worker = null;
let nextId = 1;

function el(tag, attrs, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === 'class') e.className = v;
    else e.setAttribute(k, v);
  }
  for (const k of kids) e.append(k instanceof Node ? k : document.createTextNode(String(k)));
  return e;
}
const hex = (n, w) => '0x' + n.toString(16).padStart(w || 0, '0');
const mib = (n) => (n / 1048576).toFixed(n < 10485760 ? 2 : 0) + ' MiB';

function say(text, isError) {
  const m = $('#message');
  m.textContent = text;
  m.className = isError ? 'error' : '';
  m.hidden = !text;
}

function startWorker() {
  worker = new Worker(URL.createObjectURL(new Blob([FXT_WORKER_SOURCE], { type: 'text/javascript' })));
  const bin = Uint8Array.from(atob(FXT_WASM_BASE64), (c) => c.charCodeAt(0));
  worker.onmessage = onWorker;
  worker.onerror = (e) => say('The validator could not start: ' + (e.message || e), true);
  // #sync: read without JSPI even where it is there (the page's test of that path)
  // the sample trace the worker validates once at start (worker.js, warmUp)
  const sample = Uint8Array.from(atob(FXT_SAMPLE_BASE64), (c) => c.charCodeAt(0));
  worker.postMessage({ type: 'init', wasm: bin.buffer, sample: sample.buffer, noSuspend: location.hash === '#sync' }, [bin.buffer, sample.buffer]);
}

function onWorker(ev) {
  const m = ev.data;
  if (m.type === 'ready') {
    for (const r of m.rules.rules) state.rules[r.id] = r;
    $('#version').textContent = m.version;
    document.body.dataset.ready = '1';
  } else if (m.type === 'progress') {
    const p = $('#progress');
    p.querySelector('progress').value = m.total ? m.done / m.total : 0;
    p.querySelector('span').textContent = `${mib(m.done)} of ${mib(m.total)}`;
  } else if (m.type === 'result') {
    document.body.dataset.jspi = m.jspi ? '1' : '0';
    document.body.dataset.reads = JSON.stringify(m.stats || {});
    finished(m);
  } else if (m.type === 'explained') {
    state.explained[m.rule] = m.text;
    if (state.sel >= 0 && state.rows[state.sel] && state.rows[state.sel].rule === m.rule) $('#d-explain').textContent = m.text;
  } else if (m.type === 'failed') {
    state.busy = false;
    $('#progress').hidden = true;
    say('The validator failed: ' + m.message, true);
  }
}

async function open(file) {
  if (!file || state.busy) return;
  say('');
  $('#report').hidden = true;
  if (file.size > MAX_BYTES) {
    say(`${file.name} is ${mib(file.size)}: too big for this page (at most ${mib(MAX_BYTES)}). Use the command line: npx fxt-validate (npm package fxtkit).`, true);
    return;
  }
  state.file = file;
  state.busy = true;
  state.started = performance.now();
  document.body.dataset.state = 'running';
  const p = $('#progress');
  p.hidden = false;
  p.querySelector('progress').value = 0;
  p.querySelector('span').textContent = `reading ${file.name}`;
  worker.postMessage({
    type: 'validate', id: nextId++, file,
    options: { revision: $('#revision').value, allowUnknown: $('#allow-unknown').checked },
  });
}

async function finished(m) {
  state.busy = false;
  $('#progress').hidden = true;
  let doc = null;
  try {
    doc = JSON.parse(m.stdout);
  } catch (_) {
    // no document: an I/O or usage error, said on stderr
  }
  if (!doc || !doc.files || !doc.files[0]) {
    say(`${state.file.name}: ${(m.stderr || 'the validator gave no result').trim()}`, true);
    document.body.dataset.state = 'failed';
    return;
  }
  state.doc = doc;
  state.result = doc.files[0];
  state.seconds = m.seconds;
  const f = state.result;
  if (f.bytes === 0) {
    say(`${state.file.name} is empty: an FXT trace holds at least one record.`, true);
  } else {
    const head = new Uint8Array(await state.file.slice(0, 8).arrayBuffer());
    const le = MAGIC_LE.every((b, i) => head[i] === b);
    const be = MAGIC_LE.every((b, i) => head[7 - i] === b);
    if (!le && !be) say(`${state.file.name} does not start with the FXT magic number record: it is probably not an FXT trace (the issues below say what the validator found).`, true);
  }
  render();
  document.body.dataset.state = 'done';
}

function render() {
  const f = state.result;
  $('#report').hidden = false;
  const rev = f.revisions[f.revision];
  const v = $('#verdict');
  v.textContent = '';
  const verdict = rev ? rev.verdict : f.errors ? 'fails' : 'conforms';
  v.append(`${f.file}: `, el('span', { class: verdict }, verdict), ` (revision ${f.revision}${state.doc.revision === 'auto' ? ', chosen by --revision auto' : ''})`);
  const tb = $('#revisions tbody');
  tb.textContent = '';
  for (const [name, r] of Object.entries(f.revisions)) {
    const first = r.first_error ? `${r.first_error.rule} ${r.first_error.name} at ${hex(r.first_error.field_offset)}` : '';
    tb.append(el('tr', {}, el('td', {}, name), el('td', { class: r.verdict }, r.verdict + (r.complete ? '' : ' (stopped)')),
      el('td', {}, r.errors), el('td', {}, r.warnings), el('td', {}, first)));
  }
  const dl = $('#totals');
  dl.textContent = '';
  const totals = [['records', f.records.toLocaleString('en')], ['bytes', `${f.bytes.toLocaleString('en')} (${mib(f.bytes)})`],
    ['errors', f.errors], ['warnings', f.warnings], ['issues not listed', f.truncated_issues],
    ['byte order', f.big_endian ? 'big-endian' : 'little-endian'], ['time', `${state.seconds.toFixed(2)} s`]];
  if (f.unchecked.length) totals.push(['not fully checked', f.unchecked.join(', ')]);
  for (const [k, val] of totals) dl.append(el('dt', {}, k), el('dd', {}, val));
  const chart = $('#chart div');
  chart.textContent = '';
  const counts = Object.entries(f.record_types).sort((a, b) => b[1] - a[1]);
  const max = Math.max(1, ...counts.map((c) => c[1]));
  for (const [type, n] of counts) {
    chart.append(el('span', {}, type), el('div', { class: 'bar', style: `width:${Math.max(1, (200 * n) / max)}px`, title: `${type}: ${n}` }),
      el('span', {}, n.toLocaleString('en')));
  }
  const rs = $('#f-rule');
  rs.length = 1;
  for (const [rule, n] of Object.entries(f.issues_by_rule)) {
    const r = state.rules[rule];
    rs.append(el('option', { value: rule }, `${rule} ${r ? r.name : ''} (${n})`));
  }
  state.sel = -1;
  $('#detail').hidden = true;
  table();
}

const sortKeys = {
  rule: (i) => i.rule,
  severity: (i) => i.severity,
  offset: (i) => i.field_offset,
  record: (i) => (i.record_index === null ? -1 : i.record_index),
  message: (i) => i.message,
};

function table() {
  const rule = $('#f-rule').value;
  const sev = $('#f-severity').value;
  const key = sortKeys[state.sort.key];
  const selected = state.rows[state.sel];
  state.rows = state.result.issues.filter((i) => (!rule || i.rule === rule) && (!sev || i.severity === sev));
  state.rows.sort((a, b) => {
    const x = key(a);
    const y = key(b);
    return (x < y ? -1 : x > y ? 1 : a.field_offset - b.field_offset) * state.sort.dir;
  });
  state.sel = selected ? state.rows.indexOf(selected) : -1;
  for (const b of document.querySelectorAll('#issues th button')) {
    if (b.dataset.key === state.sort.key) b.setAttribute('aria-sort', state.sort.dir > 0 ? 'ascending' : 'descending');
    else b.removeAttribute('aria-sort');
  }
  const tb = $('#issues tbody');
  tb.textContent = '';
  state.rows.forEach((i, n) => {
    const rec = i.record_index === null ? '' : `#${i.record_index} ${i.record_type || ''}`;
    const tr = el('tr', { 'data-n': n }, el('td', {}, `${i.rule} ${i.name}`), el('td', { class: i.severity }, i.severity),
      el('td', {}, hex(i.field_offset)), el('td', {}, rec), el('td', {}, i.message));
    if (n === state.sel) tr.className = 'sel';
    tr.onclick = () => select(n);
    tb.append(tr);
  });
  const total = state.result.issues.length;
  $('#shown').textContent = `${state.rows.length} of ${total} issues listed` +
    (state.result.truncated_issues ? ` (${state.result.truncated_issues} more counted, not listed)` : '');
}

async function select(n) {
  if (n < 0 || n >= state.rows.length) return;
  state.sel = n;
  for (const tr of document.querySelectorAll('#issues tbody tr')) tr.classList.toggle('sel', Number(tr.dataset.n) === n);
  const row = document.querySelector(`#issues tbody tr[data-n="${n}"]`);
  if (row) row.scrollIntoView({ block: 'nearest' });
  const i = state.rows[n];
  const d = $('#detail');
  d.hidden = false;
  const r = state.rules[i.rule];
  $('#d-title').textContent = `${i.rule} ${i.name} (${i.severity})`;
  $('#d-where').textContent = `${i.message}. Field at ${hex(i.field_offset)}, ${i.field_length} byte(s)` +
    (i.record_index === null ? '' : `, in record #${i.record_index} (${i.record_type}) at ${hex(i.record_offset)}`) + '.';
  $('#d-explain').textContent = state.explained[i.rule] || '…';
  if (!state.explained[i.rule]) worker.postMessage({ type: 'explain', rule: i.rule });
  const spec = $('#d-spec');
  spec.href = `${SPEC_URL}#${i.spec.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}`;
  spec.textContent = `spec: ${i.spec}${r && r.sections ? '' : ''}`;
  await hexView(i);
}

/** The record's words (or the words around the field when it is in no
 *  record), the field's bytes highlighted, its bits labelled. */
async function hexView(i) {
  const box = $('#hex');
  box.textContent = '';
  // the file is read between here and the drawing: a later selection wins
  const token = ++state.hexToken;
  const be = state.result.big_endian;
  const word = (b, at) => {
    let v = 0n;
    for (let k = 0; k < 8; k++) v |= BigInt(b[at + k] || 0) << BigInt(8 * (be ? 7 - k : k));
    return v;
  };
  let start = i.field_offset - (i.field_offset % 8);
  let words = 1;
  if (i.record_offset !== null) {
    start = i.record_offset;
    const h = new Uint8Array(await state.file.slice(start, start + 8).arrayBuffer());
    const w = word(h, 0);
    const type = Number(w & 0xfn);
    words = Number(type === 15 ? (w >> 4n) & 0xffffffffn : (w >> 4n) & 0xfffn) || 1;
  }
  const fieldWord = Math.floor((i.field_offset - start) / 8);
  let first = 0;
  if (words > MAX_WORDS) first = Math.max(0, Math.min(fieldWord - MAX_WORDS / 2, words - MAX_WORDS));
  const count = Math.min(words, MAX_WORDS);
  const from = start + first * 8;
  const bytes = new Uint8Array(await state.file.slice(from, from + count * 8).arrayBuffer());
  if (token !== state.hexToken) return;
  if (first) box.append(el('div', { class: 'hdr' }, `… ${first} word(s) before`));
  for (let w = 0; w < count && w * 8 < bytes.length; w++) {
    const off = from + w * 8;
    const line = el('div', { class: 'w' }, el('span', { class: 'hdr' }, `${hex(off, 8)}  w${first + w}  `));
    for (let k = 0; k < 8; k++) {
      const o = off + k;
      const hit = o >= i.field_offset && o < i.field_offset + Math.max(1, i.field_length);
      const b = k < bytes.length - w * 8 ? bytes[w * 8 + k].toString(16).padStart(2, '0') : '--';
      line.append(el('span', hit ? { class: 'hit' } : {}, b), ' ');
    }
    line.append(el('span', { class: 'hdr' }, ` = ${hex(word(bytes, w * 8), 16)}`));
    box.append(line);
    if (i.bits && off === i.field_offset - (i.field_offset % 8)) {
      const [lo, hi] = i.bits;
      const v = word(bytes, w * 8);
      const bits = el('div', { class: 'bits' }, `${' '.repeat(24)}bits 63..0: `);
      for (let b = 63; b >= 0; b--) {
        const t = ((v >> BigInt(b)) & 1n).toString();
        bits.append(b >= lo && b <= hi ? el('b', {}, t) : t);
      }
      box.append(bits);
    }
  }
  if (first + count < words) box.append(el('div', { class: 'hdr' }, `… ${words - first - count} word(s) after`));
  $('#d-bits').textContent = i.bits
    ? `Highlighted: bits ${i.bits[0]}–${i.bits[1]} of the word at ${hex(i.field_offset - (i.field_offset % 8))} (${i.name}).`
    : `Highlighted: the ${i.field_length} byte(s) at ${hex(i.field_offset)}.`;
}

function setup() {
  const drop = $('#drop');
  drop.addEventListener('dragover', (e) => {
    e.preventDefault();
    drop.classList.add('over');
  });
  drop.addEventListener('dragleave', () => drop.classList.remove('over'));
  drop.addEventListener('drop', (e) => {
    e.preventDefault();
    drop.classList.remove('over');
    const f = e.dataTransfer.files[0];
    if (f) open(f);
  });
  drop.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' || e.key === ' ') $('#pick').click();
  });
  $('#pick').addEventListener('change', (e) => open(e.target.files[0]));
  $('#f-rule').onchange = table;
  $('#f-severity').onchange = table;
  for (const b of document.querySelectorAll('#issues th button')) {
    b.onclick = () => {
      state.sort = { key: b.dataset.key, dir: state.sort.key === b.dataset.key ? -state.sort.dir : 1 };
      table();
    };
  }
  $('#issues tbody').addEventListener('keydown', (e) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      select(Math.max(0, Math.min(state.rows.length - 1, state.sel + (e.key === 'ArrowDown' ? 1 : -1))));
    } else if (e.key === 'Enter' && state.sel < 0) {
      select(0);
    }
  });
  document.addEventListener('keydown', (e) => {
    if (e.target.tagName === 'SELECT' || e.target.tagName === 'INPUT') return;
    if (e.key === 'o') $('#pick').click();
    if (e.key === 'Escape') $('#detail').hidden = true;
  });
  startWorker();
}

setup();
