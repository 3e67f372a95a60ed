// The threaded build (wasm-simd-threads) against the single-thread SIMD
// build, both loaded here whatever ATTNSCOPE_BACKEND says: matmul is split
// over output panels, attention over heads, flash over (head, query block)
// pairs, and every output element is computed by the same code in the same
// order, so the two must agree bit for bit (a skipped or doubled panel, a
// scratch buffer shared by two threads, a wrong head offset all show up as
// differences far above 0). Shapes are large enough to cross the parallel
// threshold (parallel_for.h), odd-sized so panels end mid-tile.
import { test, expect, beforeAll } from 'vitest';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os, { cpus } from 'node:os';
import { rand } from './helpers.js';

const WASM = new URL('../../web/lib/wasm/', import.meta.url);
let single;
let threaded;

beforeAll(async () => {
  const { default: createSingle } = await import('../../web/lib/wasm/attnscope-simd.js');
  single = await createSingle({ wasmBinary: readFileSync(new URL('attnscope-simd.wasm', WASM)) });
  const createThreaded = createRequire(import.meta.url)('../../web/lib/wasm/node/attnscope-simd-threads.js');
  threaded = await createThreaded({ wasmBinary: readFileSync(new URL('node/attnscope-simd-threads.wasm', WASM)) });
  threaded.unrefThreads();
});

// Runs body(M, put, out) on one module; put copies a typed array in, out reserves n floats.
function run(M, inputs, outFloats, body) {
  const ptrs = inputs.map((a) => {
    const p = M._malloc(a.byteLength);
    M.HEAPU8.set(new Uint8Array(a.buffer, a.byteOffset, a.byteLength), p);
    return p;
  });
  const out = M._malloc(outFloats * 4);
  try {
    const status = body(out, ...ptrs);
    return { status, data: new Float32Array(M.HEAPF32.buffer, out, outFloats).slice() };
  } finally {
    for (const p of [...ptrs, out]) M._free(p);
  }
}

function bitwiseDifferences(a, b) {
  let n = 0;
  for (let i = 0; i < a.length; ++i) if (!Object.is(a[i], b[i])) ++n;
  return n;
}

test('the pool has started its workers (min(cores, 4) - 1 of them)', () => {
  const a = rand([96 * 96], 1).data;
  run(threaded, [a, a, new Int32Array([0]), new Int32Array([0])], 96 * 96,
    (o, pa, pb, ai, bi) => threaded.matmul(o, pa, pb, ai, bi, 1, 96, 96, 96));
  const workers = threaded.PThread.runningWorkers.length;
  expect(workers).toBe(Math.min(cpus().length, 4) - 1);
});

test('on a 1-CPU machine the threaded build still loads (one preloaded worker, no pool) and computes', async () => {
  const realCpus = os.cpus;
  os.cpus = () => realCpus().slice(0, 1); // what the glue and the core ask for the core count
  try {
    const createThreaded = createRequire(import.meta.url)('../../web/lib/wasm/node/attnscope-simd-threads.js');
    const one = await createThreaded({ wasmBinary: readFileSync(new URL('node/attnscope-simd-threads.wasm', WASM)) });
    one.unrefThreads();
    const a = rand([200 * 200], 7).data;
    const call = (M) => run(M, [a, a, new Int32Array([0]), new Int32Array([0])], 200 * 200,
      (o, pa, pb, ai, bi) => M.matmul(o, pa, pb, ai, bi, 1, 200, 200, 200)).data;
    expect(bitwiseDifferences(call(one), call(single))).toBe(0);
    expect(one.PThread.runningWorkers.length).toBe(0);
  } finally {
    os.cpus = realCpus;
  }
});

test.each([
  [300, 257, 131], // many row panels, panels ending mid-tile
  [64, 512, 700], // one row panel: split over columns
  [5, 1000, 300], // fewer rows than a tile
])('matmul %i x %i x %i equals the single-thread build bit for bit', (m, k, n) => {
  const a = rand([m * k], 2).data;
  const b = rand([k * n], 3).data;
  const call = (M) => run(M, [a, b, new Int32Array([0]), new Int32Array([0])], m * n,
    (o, pa, pb, ai, bi) => M.matmul(o, pa, pb, ai, bi, 1, m, k, n)).data;
  const want = call(single);
  const got = call(threaded);
  expect(want.some((x) => x !== 0)).toBe(true);
  expect(bitwiseDifferences(got, want)).toBe(0);
});

test('batched matmul (split over the batch) equals the single-thread build bit for bit', () => {
  const [batch, m, k, n] = [5, 70, 130, 90];
  const a = rand([2 * m * k], 7).data;
  const b = rand([batch * k * n], 8).data;
  const ai = new Int32Array([0, 1, 0, 1, 1]);
  const bi = new Int32Array([4, 3, 2, 1, 0]);
  const call = (M) => run(M, [a, b, ai, bi], batch * m * n,
    (o, pa, pb, pai, pbi) => M.matmul(o, pa, pb, pai, pbi, batch, m, k, n)).data;
  const want = call(single);
  expect(want.some((x) => x !== 0)).toBe(true);
  expect(bitwiseDifferences(call(threaded), want)).toBe(0);
});

const ATTENTION_CASES = [
  { name: 'plain, 2 x 3 heads', B: 2, H: 3, Hkv: 3, Nq: 200, Nk: 200, D: 32 },
  { name: 'causal, GQA, ALiBi, Nq < Nk', B: 1, H: 4, Hkv: 2, Nq: 150, Nk: 260, D: 16, causal: true, alibi: true },
  { name: 'cosine with a window', B: 1, H: 5, Hkv: 5, Nq: 190, Nk: 190, D: 24, kind: 1, window: 40 },
  // One head: plain attention splits its blocks of queries over the threads.
  { name: 'one head, causal', B: 1, H: 1, Hkv: 1, Nq: 330, Nk: 330, D: 32, causal: true },
];

test.each(ATTENTION_CASES)('attention and flash ($name) equal the single-thread build', (c) => {
  const q = rand([c.B * c.H * c.Nq * c.D], 4).data;
  const k = rand([c.B * c.Hkv * c.Nk * c.D], 5).data;
  const v = rand([c.B * c.Hkv * c.Nk * c.D], 6).data;
  const args = {
    B: c.B, H: c.H, Hkv: c.Hkv, Nq: c.Nq, Nk: c.Nk, D: c.D, Dv: c.D, kind: c.kind ?? 0,
    window: c.window ?? 0, scale: 1 / Math.sqrt(c.D), temperature: c.kind ? 0.1 : 1, eps: 1e-6,
    causal: !!c.causal, alibi: !!c.alibi, maskAllow: 0, maskAdd: 0,
    strideB: 0, strideH: 0, strideQ: 0, strideK: 0,
  };
  const n = c.B * c.H * c.Nq * c.D;
  for (const fn of ['attention', 'flashAttention']) {
    const call = (M) => run(M, [q, k, v], n, (o, pq, pk, pv) => (fn === 'attention'
      ? M.attention(o, 0, pq, pk, pv, args)
      : M.flashAttention(o, pq, pk, pv, args)));
    const want = call(single);
    const got = call(threaded);
    expect([want.status, got.status]).toEqual([0, 0]);
    expect(want.data.some((x) => x !== 0)).toBe(true);
    expect(bitwiseDifferences(got.data, want.data), fn).toBe(0);
  }
});
