// The training benchmark in Node through the public API (Model.create +
// Trainer.step; one wasm backend per process, ATTNSCOPE_BACKEND picks it):
//   node scripts/bench/train/node.js <shape.json> <steps>
// Prints one JSON object like train_bench.cpp's, or { skipped } when this
// build of the package has no training API.
import { readFileSync } from 'node:fs';
import * as attn from '../../../web/lib/node.js';

const [shapeFile, stepsArg] = process.argv.slice(2);
const shape = JSON.parse(readFileSync(shapeFile, 'utf8'));
const steps = Number(stepsArg);
await attn.ready();
if (typeof attn.Model?.create !== 'function' || typeof attn.Trainer !== 'function') {
  console.log(JSON.stringify({ backend: attn.backend(), skipped: 'no Model.create / Trainer in this build' }));
  process.exit(0);
}
const { dim, hiddenDim, nLayers, nHeads, nKvHeads, vocabSize, seqLen, batch: B, tokens: T } = shape;
const model = attn.Model.create({ arch: 'llama', dim, hiddenDim, nLayers, nHeads, nKvHeads, vocabSize, seqLen }, { seed: 1 });
const trainer = new attn.Trainer(model, { learningRate: shape.learningRate, clipGradNorm: shape.clipGradNorm });
// The same batch as train_bench.cpp: token (7 i + 3) mod V, the next one as target.
const inputs = { data: new Int32Array(B * T), shape: [B, T] };
const targets = { data: new Int32Array(B * T), shape: [B, T] };
for (let i = 0; i < B * T; i++) {
  inputs.data[i] = (7 * i + 3) % vocabSize;
  targets.data[i] = (7 * (i + 1) + 3) % vocabSize;
}
const times = [];
let first = 0, last = 0;
for (let s = 0; s < steps + 2; s++) {
  const t0 = performance.now();
  const r = trainer.step(inputs, targets);
  const t1 = performance.now();
  if (s === 0) first = r.loss;
  last = r.loss;
  if (s >= 2) times.push(t1 - t0);
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)];
let parameters = 0;
for (const t of Object.values(model.parameters())) parameters += t.data.length;
console.log(JSON.stringify({ backend: attn.backend(), median_ms: median, best_ms: times[0],
  tokens_per_s: (B * T) / (median / 1000), parameters, steps, first_loss: first, last_loss: last }));
trainer.dispose();
model.dispose();
