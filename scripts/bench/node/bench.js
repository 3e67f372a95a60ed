// One backend's benchmark in this process (a process loads one backend):
//   ATTNSCOPE_BACKEND=wasm-simd node scripts/bench/node/bench.js [case index...]
// Prints one JSON object: { backend, arch, results: [{ name, flops, api, kernel }] }
// with api/kernel = { median, min, reps } in milliseconds. Started by
// report.js with an IPC channel, it instead answers { index } messages with
// { arch, result } so the report can interleave the backends case by case.
//   api    — the public call (attn.matmul, attn.flashAttention, ...), including
//            validation and copying the inputs into and the result out of wasm;
//   kernel — the same Embind function on buffers already in the heap.
// The block and long-attention cases time the api call only (kernel: null):
// the block has no single kernel, and at N = 2048 the copies are noise.
// The cases and the FLOP counts are in cases.js, shared with the native bench's report.
import * as attn from '../../../web/lib/node.js';
import { module as wasmModule } from '../../../web/lib/runtime.js';
import { CASES } from '../cases.js';
import { timeAll } from './timing.js';
import { randomTensor, blockParams } from './inputs.js';

const backend = process.env.ATTNSCOPE_BACKEND;
if (!backend) throw new Error('set ATTNSCOPE_BACKEND to wasm-simd or wasm-scalar');
await attn.ready({ backend });
const M = wasmModule();

// Copies a tensor into the heap once, for the kernel-only timing.
function toHeap(arr) {
  const p = M._malloc(arr.byteLength);
  M.HEAPU8.set(new Uint8Array(arr.buffer, arr.byteOffset, arr.byteLength), p);
  return p;
}

function matmulCase(c) {
  const a = randomTensor([c.M, c.K], 1), b = randomTensor([c.K, c.N], 2);
  const pa = toHeap(a.data), pb = toHeap(b.data), idx = toHeap(new Int32Array([0]));
  const po = M._malloc(c.M * c.N * 4);
  const [api, kernel] = timeAll([
    () => attn.matmul(a, b),
    () => M.matmul(po, pa, pb, idx, idx, 1, c.M, c.K, c.N),
  ]);
  [pa, pb, idx, po].forEach((p) => M._free(p));
  return { api, kernel };
}

function attentionCase(c) {
  const shape = [c.H, c.N, c.D];
  const q = randomTensor(shape, 3), k = randomTensor(shape, 4), v = randomTensor(shape, 5);
  const fn = c.op === 'flash' ? attn.flashAttention : attn.scaledDotProductAttention;
  if (c.group === 'long') return { api: timeAll([() => fn(q, k, v, { isCausal: c.causal })], { minReps: 3 })[0], kernel: null };
  // The same argument object web/lib/ops/attention.js builds.
  const args = {
    B: 1, H: c.H, Hkv: c.H, Nq: c.N, Nk: c.N, D: c.D, Dv: c.D, kind: 0, window: 0,
    scale: 1 / Math.sqrt(c.D), temperature: 1, eps: 1e-12, causal: c.causal, alibi: false,
    maskAllow: 0, maskAdd: 0, strideB: 0, strideH: 0, strideQ: 0, strideK: 0,
  };
  const pq = toHeap(q.data), pk = toHeap(k.data), pv = toHeap(v.data);
  const po = M._malloc(q.data.byteLength);
  const [api, kernel] = timeAll([
    () => fn(q, k, v, { isCausal: c.causal }),
    () => {
      const status = c.op === 'flash'
        ? M.flashAttention(po, pq, pk, pv, args)
        : M.attention(po, 0, pq, pk, pv, args);
      if (status !== 0) throw new Error(`${c.name}: status ${status}`);
    },
  ]);
  [pq, pk, pv, po].forEach((p) => M._free(p));
  return { api, kernel };
}

function blockCase(c) {
  const { dModel, dFF, ...config } = c.config;
  const x = randomTensor([c.T, dModel], 6), params = blockParams(c.config);
  return { api: timeAll([() => attn.transformerBlock(x, params, config)])[0], kernel: null };
}

function runCase(index) {
  const c = CASES[index];
  if (!c) throw new Error(`no case ${index}; there are ${CASES.length}`);
  const run = { matmul: matmulCase, block: blockCase }[c.op] ?? attentionCase;
  return { name: c.name, flops: c.flops, ...run(c) };
}

if (process.send) {
  process.on('message', ({ index }) => process.send({ arch: M.simdArch(), result: runCase(index) }));
  process.send({ ready: true });
} else {
  const picked = process.argv.length > 2 ? process.argv.slice(2).map(Number) : CASES.map((_, i) => i);
  const results = picked.map(runCase);
  console.log(JSON.stringify({ backend: attn.backend(), arch: M.simdArch(), results }));
}
