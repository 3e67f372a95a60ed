// The training benchmark in Node through the public API (one wasm backend
// per process, ATTNSCOPE_BACKEND picks it):
//   node scripts/bench/train/node.js <shape.json> <steps>
// Prints one JSON object (timing.js).
import { readFileSync } from 'node:fs';
import * as attn from '../../../web/lib/node.js';
import { timeTraining } from './timing.js';

const [shapeFile, steps] = process.argv.slice(2);
await attn.ready();
console.log(JSON.stringify(timeTraining(attn, JSON.parse(readFileSync(shapeFile, 'utf8')), Number(steps))));
