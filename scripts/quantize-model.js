// Writes the Q8_0 (llama2.c ak42 version 2) copy of an fp32 llama2.c
// checkpoint with the package's quantizeLlama2c (web/lib/ops/quantize_llama2c.js).
//
//   node scripts/quantize-model.js                      # web/models/chars.bin -> chars-q8.bin, recorded in models.json
//   node scripts/quantize-model.js in.bin out.bin [--group-size 64]
//
// The default run also records the file (bytes, sha256, group size) under
// models.json's "variants" so the package tests can check it; measure its
// quality with scripts/measure-q8.js.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { quantizeLlama2c } from '../web/lib/ops/quantize_llama2c.js';

process.chdir(new URL('..', import.meta.url).pathname);
const args = process.argv.slice(2);
const gsAt = args.indexOf('--group-size');
const groupSize = gsAt >= 0 ? Number(args.splice(gsAt, 2)[1]) : 64;
const shipped = args.length === 0;
const [input, output] = shipped ? ['web/models/chars.bin', 'web/models/chars-q8.bin'] : args;
if (!input || !output) {
  console.error('usage: node scripts/quantize-model.js [in.bin out.bin] [--group-size N]');
  process.exit(2);
}

const fp32 = readFileSync(input);
const q8 = quantizeLlama2c(fp32, { groupSize });
writeFileSync(output, q8);
const gs = new DataView(q8.buffer, q8.byteOffset).getInt32(37, true);
console.log(`${input} (${fp32.length} bytes) -> ${output} (${q8.length} bytes, ${(100 * q8.length / fp32.length).toFixed(1)}%), group size ${gs}`);

if (shipped) {
  // An entry under "variants", appended after the training script's keys so
  // the rest of its output stays byte for byte as it wrote it.
  const path = 'web/models/models.json';
  const text = readFileSync(path, 'utf8');
  const base = text.replace(/,\n "variants": [\s\S]*$/, '\n}\n').replace(/\n}\n$/, '');
  const entry = {
    'chars-q8': {
      of: 'chars',
      description: 'the chars model with its matrices in Q8_0 (int8 values, one float32 scale per group); norms stay float32',
      checkpoint: { file: 'chars-q8.bin', bytes: q8.length, sha256: createHash('sha256').update(q8).digest('hex') },
      tokenizer: 'chars.tokenizer.bin',
      format: 'llama2c-ak42-v2-q8_0',
      group_size: gs,
      made_by: 'scripts/quantize-model.js (attn.quantizeLlama2c of chars.bin)',
      quality: 'scripts/measure-q8.js; figures in docs/BENCHMARKS.md',
    },
  };
  const json = JSON.stringify(entry, null, 1).replace(/\n/g, '\n ');
  writeFileSync(path, `${base},\n "variants": ${json}\n}\n`);
  JSON.parse(readFileSync(path, 'utf8')); // still valid
  console.log(`recorded in ${path} under "variants"`);
}
