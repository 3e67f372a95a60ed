// The generation benchmark in Node through the public API (one wasm backend
// per process): node scripts/bench/model/node.js <checkpoint dir>
// Prints one JSON object { backend, results } (see cases.js).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as attn from '../../../web/lib/node.js';
import { checkpointName, timeGeneration } from './cases.js';

const dir = process.argv[2];
await attn.ready();
const files = {};
const results = await timeGeneration(async (shape, quantize) => {
  files[shape] ??= await readFile(join(dir, checkpointName(shape)));
  return attn.Model.fromLlama2c(files[shape], null, { quantize });
});
console.log(JSON.stringify({ backend: attn.backend(), results }));
