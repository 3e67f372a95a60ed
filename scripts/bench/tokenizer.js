// Tokenizer speed in Node: encoding and decoding Pride and Prejudice (685 K
// characters) with GPT-2's tokenizer.json in attnscope (pure JS), Hugging
// Face tokenizers (Rust, npm `tokenizers`) and js-tiktoken (JS, 'gpt2'),
// interleaved rep by rep; a SentencePiece-style file with no pre-tokenizer
// (the whole text is one piece for BPE); and learning 4096 tokens with
// Tokenizer.trainBpe. Medians of BENCH_ROUNDS reps (default 5), in ms, with
// the ratio to attnscope. Run: node scripts/bench/tokenizer.js
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Tokenizer } from '../../web/lib/tokenizer/tokenizer.js';
import { gpt2Json } from '../../tests/js/tokenizer_references.js';

const require = createRequire(import.meta.url);
const rounds = Number(process.env.BENCH_ROUNDS || 5);
const novel = readFileSync(new URL('../../web/models/corpus/pride_and_prejudice.txt', import.meta.url), 'utf8');
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function time(f) {
  const t = performance.now();
  await f();
  return performance.now() - t;
}

const json = JSON.stringify(gpt2Json());
const loads = { attnscope: [], 'Hugging Face tokenizers': [] };
let ours;
let hf;
const { Tokenizer: HF } = require('tokenizers');
for (let r = 0; r < rounds; r++) {
  loads.attnscope.push(await time(() => { ours = Tokenizer.fromHuggingFace(json); }));
  loads['Hugging Face tokenizers'].push(await time(() => { hf = HF.fromString(json); }));
}
const tiktoken = require('js-tiktoken').getEncoding('gpt2');
const ids = ours.encode(novel);

const cases = {
  attnscope: { encode: () => ours.encode(novel), decode: () => ours.decode(ids) },
  'Hugging Face tokenizers': { encode: async () => (await hf.encode(novel)).getIds(), decode: () => hf.decode(ids, false) },
  'js-tiktoken': { encode: () => tiktoken.encode(novel), decode: () => tiktoken.decode(ids) },
};
const results = Object.fromEntries(Object.keys(cases).map((k) => [k, { encode: [], decode: [] }]));
for (let r = 0; r < rounds; r++) {
  for (const [name, c] of Object.entries(cases)) {
    results[name].encode.push(await time(c.encode));
    results[name].decode.push(await time(c.decode));
  }
}

const sp = readFileSync(new URL('../../tests/fixtures/tokenizers/sp_llama2.tokenizer.json', import.meta.url), 'utf8');
const spOurs = Tokenizer.fromHuggingFace(sp);
const spHf = HF.fromString(sp);
const spTimes = { attnscope: [], 'Hugging Face tokenizers': [] };
for (let r = 0; r < rounds; r++) {
  spTimes.attnscope.push(await time(() => spOurs.encode(novel)));
  spTimes['Hugging Face tokenizers'].push(await time(async () => (await spHf.encode(novel)).getIds()));
}
const train = [];
for (let r = 0; r < Math.min(rounds, 3); r++) train.push(await time(() => Tokenizer.trainBpe(novel, { vocabSize: 4096 })));

const base = (xs) => median(xs);
console.log(`| GPT-2 tokenizer.json, ${novel.length} characters (${ids.length} tokens) | load ms | encode ms | decode ms | encode vs attnscope |`);
console.log('| --- | --- | --- | --- | --- |');
for (const [name, r] of Object.entries(results)) {
  const load = loads[name] ? median(loads[name]).toFixed(0) : '–';
  console.log(`| ${name} | ${load} | ${median(r.encode).toFixed(0)} | ${median(r.decode).toFixed(0)} | ${(median(r.encode) / base(results.attnscope.encode)).toFixed(2)}× |`);
}
console.log();
console.log('| SentencePiece-style file, no pre-tokenizer (one piece) | encode ms | vs attnscope |');
console.log('| --- | --- | --- |');
for (const [name, xs] of Object.entries(spTimes)) console.log(`| ${name} | ${median(xs).toFixed(0)} | ${(median(xs) / median(spTimes.attnscope)).toFixed(2)}× |`);
console.log();
console.log(`trainBpe, 4096 tokens from the novel: ${(median(train) / 1000).toFixed(2)} s (median of ${train.length})`);
