// Peak wasm heap of one public call, in a fresh process (nothing else has used
// the heap yet):
//   ATTNSCOPE_BACKEND=wasm-simd node scripts/bench/node/heap.js '<case as JSON>'
// The case is one of cases.js ({ op: 'sdpa' | 'flash', H, N, D, causal } or
// { op: 'block', config, T }). Prints one JSON object, sizes in bytes:
//   peak       dlmalloc's footprint after the call minus the bytes in use before
//              it. The footprint (wasm_bindings/heap_stats_bindings.cpp) only
//              grows, so this bounds from above the most bytes the call held at
//              once; it exceeds it only by the free bytes before the call
//              (`freeBefore`) and the allocator's rounding: a few KiB here;
//   io         the bytes the API copies in and out: inputs, params, output;
//   extra      peak - io: the scratch the core needed beyond the copies;
//   wasmMemory the size of the wasm memory after the call (it never shrinks).
import * as attn from '../../../web/lib/node.js';
import { module as wasmModule } from '../../../web/lib/runtime.js';
import { randomTensor, blockParams } from './inputs.js';

const c = JSON.parse(process.argv[2] ?? 'null');
if (!c) throw new Error("usage: node scripts/bench/node/heap.js '{\"op\":\"flash\",\"H\":2,\"N\":2048,\"D\":64}'");
await attn.ready();
const M = wasmModule();

// Bytes of every Float32Array in a tensor or a nested params object.
const bytes = (x) => (x instanceof Float32Array ? x.byteLength
  : x && typeof x === 'object' ? Object.values(x).reduce((a, v) => a + bytes(v), 0) : 0);

let inputs, call;
if (c.op === 'block') {
  const { dModel, dFF, ...config } = c.config;
  const x = randomTensor([c.T, dModel], 6), params = blockParams(c.config);
  inputs = [x, params];
  call = () => attn.transformerBlock(x, params, config).output;
} else {
  const shape = [c.H, c.N, c.D];
  const q = randomTensor(shape, 3), k = randomTensor(shape, 4), v = randomTensor(shape, 5);
  const fn = c.op === 'flash' ? attn.flashAttention : attn.scaledDotProductAttention;
  inputs = [q, k, v];
  call = () => fn(q, k, v, { isCausal: c.causal }).output;
}

const before = M.heapStats();
const output = call();
const after = M.heapStats();
const io = bytes(inputs) + bytes(output);
const peak = after.footprint - before.inUse;
console.log(JSON.stringify({
  backend: attn.backend(), inUseBefore: before.inUse, freeBefore: before.free, footprintAfter: after.footprint,
  leaked: after.inUse - before.inUse, peak, io, extra: peak - io, wasmMemory: M.HEAPU8.length,
}));
