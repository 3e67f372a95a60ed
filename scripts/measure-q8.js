// Does Q8_0 keep the chars model's text quality? Loads web/models/chars.bin as
// float32 and as Q8_0 (quantized by the core at load, the weights a llama2.c
// version-2 file would hold) and prints the mean negative log-likelihood per
// character of the opening of Pride and Prejudice (part of the training text,
// so a check of the quantization error, not of generalisation) and greedy and
// seeded samples. Usage: node scripts/measure-q8.js (after build.sh wasm)
import { readFileSync } from 'node:fs';
import * as attn from '../web/lib/node.js';

process.chdir(new URL('..', import.meta.url).pathname);
await attn.ready();
const ck = readFileSync('web/models/chars.bin');
const tok = readFileSync('web/models/chars.tokenizer.bin');
const text = `It is a truth universally acknowledged, that a single man in possession of a good fortune, must be in want of a wife. However little known the feelings or views of such a man may be on his first entering a neighbourhood, this truth is so well fixed in the minds of the surrounding families, that he is considered the rightful property of some one or other of their daughters.`;
const models = { f32: attn.Model.fromLlama2c(ck, tok, { tokenizerKind: 'bpe' }), q8: attn.Model.fromLlama2c(ck, tok, { tokenizerKind: 'bpe', quantize: true }) };
const ids = models.f32.encode(text);
for (const [name, m] of Object.entries(models)) {
  let nll = 0, n = 0;
  for (let start = 0; start + 1 < ids.length; start += 200) {
    const chunk = ids.slice(start, Math.min(ids.length, start + 256));
    const { logits } = m.forward(chunk);
    const V = logits.shape[logits.shape.length - 1];
    for (let t = 0; t + 1 < chunk.length; t++) {
      if (start > 0 && t < 56) continue;
      const row = logits.data.subarray(t * V, (t + 1) * V);
      let mx = -Infinity; for (const x of row) mx = Math.max(mx, x);
      let z = 0; for (const x of row) z += Math.exp(x - mx);
      nll += -(row[chunk[t + 1]] - mx - Math.log(z)); n++;
    }
  }
  const greedy = m.generate('Elizabeth', { temperature: 0, maxNewTokens: 120 }).text;
  const sampled = m.generate('Mr. Darcy', { temperature: 0.8, topP: 0.9, seed: 7, maxNewTokens: 120 }).text;
  console.log(name, 'config', JSON.stringify({ weightType: m.config.weightType }), `nll ${(nll / n).toFixed(4)} nats/char over ${n} chars`);
  console.log('  greedy :', JSON.stringify(greedy));
  console.log('  sampled:', JSON.stringify(sampled));
}
