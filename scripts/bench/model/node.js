// The generation and prompt-prefill benchmarks in Node through the public
// API (one wasm backend per process): node scripts/bench/model/node.js <checkpoint dir>
// Prints one JSON object { backend, results, prefill } (see cases.js).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as attn from '../../../web/lib/node.js';
import { module } from '../../../web/lib/runtime.js';
import { checkpointName, loadModel, timeGeneration, timePrefill } from './cases.js';

const dir = process.argv[2];
await attn.ready();
const files = {};
const bytes = async (shape) => (files[shape] ??= await readFile(join(dir, checkpointName(shape))));
const results = await timeGeneration(async (shape, quantize) => loadModel(attn, shape, await bytes(shape), quantize));

// The one-token path for the prefill comparison: a raw ModelHandle on the same file.
function stepwiseOn(shape, file, quantize) {
  const M = module();
  const h = new M.ModelHandle();
  const p = M._malloc(file.length);
  M.HEAPU8.set(file, p);
  const status = shape.startsWith('gpt2') ? h.loadGpt2(p, file.length, 0, quantize, 64) : h.loadLlama2c(p, file.length, 0, quantize, 64);
  M._free(p);
  if (status !== 0) throw new Error(h.error());
  return (ids) => ids.forEach((id, pos) => { if (h.forward(id, pos, 0, 0) !== 0) throw new Error(h.error()); });
}
const prefill = await timePrefill(async (shape, quantize) => {
  const file = await bytes(shape);
  return { model: loadModel(attn, shape, file, quantize), stepwise: stepwiseOn(shape, file, quantize) };
});
console.log(JSON.stringify({ backend: attn.backend(), results, prefill }));
