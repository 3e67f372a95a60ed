// Does Q8_0 keep the chars model's text quality? Compares the shipped
// web/models/chars.bin (float32) with web/models/chars-q8.bin (ak42 v2, made
// by scripts/quantize-model.js) in one process:
//   - bytes of each file;
//   - mean loss per character (nats) on the held-out text (the last 10% of
//     the corpus, never trained on: scripts/chars_heldout.js) and on the
//     opening of the novel (training text), with the per-window difference;
//   - how often the two models' most likely next character agrees there;
//   - greedy continuations of several prompts: characters equal from the start;
//   - generation speed (tokens/s), the two models interleaved round by round.
// The Q8 file is the playground's default when its held-out loss is within
// MARGIN of the float model's. Usage: node scripts/measure-q8.js (after build.sh wasm)
import { statSync } from 'node:fs';
import * as attn from '../web/lib/node.js';
import { charsHeldoutWindows, scoreRows } from './chars_heldout.js';

/** Largest held-out loss increase (nats/char) that counts as "the same quality": under 1% of the loss. */
const MARGIN = 0.01;
const PROMPTS = ['Elizabeth', 'Mr. Darcy', '"I', 'It is a truth', 'Jane', 'Mrs. Bennet said', 'The ', 'Lydia'];
const GREEDY_TOKENS = 200;
const SPEED = { rounds: 6, tokens: 250 };

process.chdir(new URL('..', import.meta.url).pathname);
await attn.ready();
const names = ['chars', 'chars-q8'];
const models = Object.fromEntries(await Promise.all(names.map(async (n) => [n, await attn.Model.default(n)])));
const bytes = { chars: statSync('web/models/chars.bin').size, 'chars-q8': statSync('web/models/chars-q8.bin').size };

// Loss per character over windows; the argmax of every position kept for agreement.
function evaluate(model, windows) {
  let nll = 0, n = 0, hits = 0;
  const perWindow = [], argmax = [];
  for (const w of windows) {
    const { logits } = model.forward(w.slice(0, -1));
    const s = scoreRows(logits, w.slice(1));
    nll += s.nll; n += w.length - 1; hits += s.hits;
    perWindow.push(s.nll / (w.length - 1));
    argmax.push(...s.argmax);
  }
  return { loss: nll / n, n, accuracy: hits / n, perWindow, argmax };
}

const opening = 'It is a truth universally acknowledged, that a single man in possession of a good fortune, must be in want of a wife. However little known the feelings or views of such a man may be on his first entering a neighbourhood, this truth is so well fixed in the minds of the surrounding families, that he is considered the rightful property of some one or other of their daughters.';
const sets = {
  heldout: charsHeldoutWindows(models.chars),
  training: [models.chars.encode(opening).slice(0, 257)],
};
const results = {};
for (const [set, windows] of Object.entries(sets)) {
  results[set] = Object.fromEntries(names.map((n) => [n, evaluate(models[n], windows)]));
}

const fmt = (x, d = 4) => x.toFixed(d);
console.log(`| | chars (float32) | chars-q8 (Q8_0) |\n| --- | --- | --- |`);
console.log(`| file bytes | ${bytes.chars.toLocaleString('en')} | ${bytes['chars-q8'].toLocaleString('en')} (${(100 * bytes['chars-q8'] / bytes.chars).toFixed(1)}%) |`);
for (const [set, label] of [['heldout', 'held-out'], ['training', 'in-training']]) {
  const r = results[set];
  console.log(`| ${label} loss, nats/char (${r.chars.n} chars) | ${fmt(r.chars.loss)} | ${fmt(r['chars-q8'].loss)} |`);
}
const h = results.heldout;
console.log(`| held-out next-char accuracy | ${fmt(100 * h.chars.accuracy, 2)}% | ${fmt(100 * h['chars-q8'].accuracy, 2)}% |`);

const diffs = h.chars.perWindow.map((f, i) => h['chars-q8'].perWindow[i] - f);
const mean = diffs.reduce((a, b) => a + b, 0) / diffs.length;
const sd = Math.sqrt(diffs.reduce((a, b) => a + (b - mean) ** 2, 0) / (diffs.length - 1));
const agree = h.chars.argmax.filter((a, i) => a === h['chars-q8'].argmax[i]).length / h.chars.argmax.length;
const delta = h['chars-q8'].loss - h.chars.loss;

// Greedy continuations: how many characters agree before the first difference.
const greedy = PROMPTS.map((prompt) => {
  const [a, b] = names.map((n) => models[n].generate(prompt, { temperature: 0, maxNewTokens: GREEDY_TOKENS }).text);
  let k = 0;
  while (k < a.length && a[k] === b[k]) k += 1;
  // Where they part: the float model's logit gap between its choice and Q8's (a near-tie when small).
  let gap = null;
  if (k < a.length) {
    const ids = models.chars.encode(prompt + a.slice(0, k));
    const { logits } = models.chars.forward(ids, { lastOnly: true });
    const [ia, ib] = [a[k], b[k]].map((ch) => models.chars.encode(ch, { bos: false }).at(-1));
    gap = logits.data[ia] - logits.data[ib];
  }
  return { prompt, same: k, of: a.length, a, b, gap };
});

// Seeded sampling (temperature 0.8, top-p 0.9): characters equal from the start.
const seeded = [1, 2, 3, 4, 5, 6, 7, 8].map((seed) => {
  const o = { temperature: 0.8, topP: 0.9, seed, maxNewTokens: GREEDY_TOKENS };
  const [a, b] = names.map((n) => models[n].generate('Elizabeth', o).text);
  let k = 0;
  while (k < a.length && a[k] === b[k]) k += 1;
  return k;
});

// Speed: the two models alternate within each round; median tokens/s.
const rates = { chars: [], 'chars-q8': [] };
for (let r = 0; r < SPEED.rounds; r++) {
  for (const n of r % 2 ? [...names].reverse() : names) {
    const g = models[n].generate('Elizabeth', { temperature: 0.8, topP: 0.9, seed: r + 1, maxNewTokens: SPEED.tokens, stopAtEos: false });
    rates[n].push(g.tokensPerSecond);
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
console.log(`| generation, tokens/s (median of ${SPEED.rounds} interleaved runs of ${SPEED.tokens}, ${attn.backend()}) | ${median(rates.chars).toFixed(0)} | ${median(rates['chars-q8']).toFixed(0)} |`);
console.log('');
console.log(`held-out loss difference (Q8 − float): ${delta >= 0 ? '+' : ''}${fmt(delta, 5)} nats/char; per window mean ${fmt(mean, 5)} ± ${fmt(sd / Math.sqrt(diffs.length), 5)} (s.e., ${diffs.length} windows), range ${fmt(Math.min(...diffs), 5)} .. ${fmt(Math.max(...diffs), 5)}`);
console.log(`same most likely next character at ${fmt(100 * agree, 2)}% of ${h.chars.argmax.length} held-out positions`);
console.log(`greedy continuations (${GREEDY_TOKENS} characters; characters equal from the start):`);
for (const g of greedy) {
  console.log(`  ${JSON.stringify(g.prompt)}: ${g.same}/${g.of}${g.same < g.of ? ` (float logit gap there ${fmt(g.gap, 3)})  float …${JSON.stringify(g.a.slice(Math.max(0, g.same - 10), g.same + 25))} / q8 …${JSON.stringify(g.b.slice(Math.max(0, g.same - 10), g.same + 25))}` : ''}`);
}
console.log(`seeded sampling from "Elizabeth" (temperature 0.8, top-p 0.9, seeds 1..8): characters equal from the start ${seeded.join(', ')} (of ${GREEDY_TOKENS})`);
const holds = delta <= MARGIN;
console.log(`verdict: Q8 held-out loss ${holds ? 'within' : 'NOT within'} the margin of ${MARGIN} nats/char: ${holds ? 'the playground may default to chars-q8' : 'keep the float model as the default'}`);
