// How much memory a Chromium tab takes to load a ~500 MB float32 safetensors
// folder (GPT-2-124M-shaped, random weights written to a temp folder, never
// committed) picked as File objects, with Model.fromHuggingFace in the page
// and with ModelWorker.fromHuggingFace (its worker is a thread of the same
// renderer process). The tab's memory is the renderer process's resident set
// from /proc: sampled every 20 ms while it loads, and its high-water mark
// (VmHWM) at the end, each against the file's size. Linux only. A fresh
// browser per case, so each high-water mark is that case's own.
//   node scripts/bench/hf_memory.js [--keep]     (needs the wasm build)
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { servePage } from './page_server.js';

const WEB = fileURLToPath(new URL('../../web/', import.meta.url));
const GPT2 = { V: 50257, T: 1024, C: 768, L: 12 };

/** config.json + model.safetensors of a GPT-2-124M shape, float32, random; returns the folder. */
function writeFolder() {
  const dir = mkdtempSync(join(tmpdir(), 'attnscope-hf-500mb-'));
  const { V, T, C, L } = GPT2;
  const shapes = [['wte.weight', [V, C]], ['wpe.weight', [T, C]]];
  for (let l = 0; l < L; l++) {
    const p = `h.${l}.`;
    shapes.push([`${p}ln_1.weight`, [C]], [`${p}ln_1.bias`, [C]], [`${p}attn.c_attn.weight`, [C, 3 * C]], [`${p}attn.c_attn.bias`, [3 * C]],
      [`${p}attn.c_proj.weight`, [C, C]], [`${p}attn.c_proj.bias`, [C]], [`${p}ln_2.weight`, [C]], [`${p}ln_2.bias`, [C]],
      [`${p}mlp.c_fc.weight`, [C, 4 * C]], [`${p}mlp.c_fc.bias`, [4 * C]], [`${p}mlp.c_proj.weight`, [4 * C, C]], [`${p}mlp.c_proj.bias`, [C]]);
  }
  shapes.push(['ln_f.weight', [C]], ['ln_f.bias', [C]]);
  const header = { __metadata__: { format: 'pt' } };
  let at = 0;
  for (const [name, shape] of shapes) {
    const n = shape.reduce((a, d) => a * d, 4);
    header[name] = { dtype: 'F32', shape, data_offsets: [at, at + n] };
    at += n;
  }
  let json = JSON.stringify(header);
  json += ' '.repeat((8 - (json.length % 8)) % 8);
  const fd = openSync(join(dir, 'model.safetensors'), 'w');
  const len = Buffer.alloc(8);
  len.writeBigUInt64LE(BigInt(json.length));
  writeSync(fd, len);
  writeSync(fd, json);
  let s = 1;
  for (const [, shape] of shapes) {
    const values = new Float32Array(shape.reduce((a, d) => a * d, 1));
    for (let i = 0; i < values.length; i++) { s = (Math.imul(s, 1664525) + 1013904223) >>> 0; values[i] = (s / 2 ** 32 - 0.5) * 0.04; }
    writeSync(fd, new Uint8Array(values.buffer));
  }
  closeSync(fd);
  const config = { architectures: ['GPT2LMHeadModel'], model_type: 'gpt2', vocab_size: V, n_positions: T, n_embd: C, n_layer: L, n_head: 12 };
  const cfd = openSync(join(dir, 'config.json'), 'w');
  writeSync(cfd, JSON.stringify(config));
  closeSync(cfd);
  return dir;
}

const PAGE = `<!doctype html><meta charset="utf-8"><input type="file" id="folder" webkitdirectory multiple>
<script type="module">import * as attn from '/lib/index.js'; await attn.ready(); globalThis.attnscope = attn; document.body.dataset.ready = 'true';</script>`;

const kib = (pid, field) => Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`${field}:\\s+(\\d+) kB`))[1]) * 1024;

async function measure(dir, how) {
  const server = await servePage(PAGE, (path) => (path.startsWith('/lib/') || path.startsWith('/models/') ? join(WEB, path) : null));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    await page.waitForSelector('body[data-ready="true"]');
    const cdp = await browser.newBrowserCDPSession();
    const { processInfo } = await cdp.send('SystemInfo.getProcessInfo');
    const renderers = processInfo.filter((p) => p.type === 'renderer').map((p) => p.id);
    await page.setInputFiles('#folder', dir);
    const before = Math.max(...renderers.map((pid) => kib(pid, 'VmRSS')));
    let sampled = before;
    const timer = setInterval(() => { for (const pid of renderers) sampled = Math.max(sampled, kib(pid, 'VmRSS')); }, 20);
    const result = await page.evaluate(async (where) => {
      const attn = globalThis.attnscope, files = document.getElementById('folder').files, t0 = performance.now();
      const model = where === 'worker' ? await attn.ModelWorker.fromHuggingFace(files) : await attn.Model.fromHuggingFace(files);
      const ms = performance.now() - t0;
      const logits = (await model.forward([464, 3290, 318])).logits;
      return { ms, weightBytes: model.config.weightBytes, finite: Array.from(logits.data).every(Number.isFinite) };
    }, how);
    clearInterval(timer);
    const peak = Math.max(...renderers.map((pid) => kib(pid, 'VmHWM')));
    return { how, before, sampled, peak, ...result };
  } finally {
    await browser.close();
    server.close();
  }
}

const dir = writeFolder();
const file = statSync(join(dir, 'model.safetensors')).size;
const MB = 1e6;
try {
  console.log(`### Loading a ${(file / 1e6).toFixed(0)} MB float32 safetensors folder in Chromium (GPT-2-124M shape)\n`);
  console.log('| loaded by | load, s | renderer RSS before, MB | sampled peak, MB | high-water mark (VmHWM), MB | VmHWM ÷ file |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const how of ['page', 'worker']) {
    const r = await measure(dir, how);
    if (!r.finite) throw new Error(`${how}: the loaded model gave non-finite logits`);
    const who = how === 'page' ? 'Model.fromHuggingFace (page)' : 'ModelWorker.fromHuggingFace';
    console.log(`| ${who} | ${(r.ms / 1000).toFixed(1)} | ${(r.before / MB).toFixed(0)} | ${(r.sampled / MB).toFixed(0)} | ${(r.peak / MB).toFixed(0)} | ${(r.peak / file).toFixed(2)} |`);
  }
  console.log(`\nfile: ${file} bytes; the weights in the wasm heap: float32, the same bytes (MB = 10^6 bytes).`);
} finally {
  if (!process.argv.includes('--keep')) rmSync(dir, { recursive: true, force: true });
}
