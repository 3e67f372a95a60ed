// Attention-only models (hiddenDim: 0, as in Olsson et al.'s induction-head
// studies): no feed-forward sublayer and no FFN norm; they train, run
// forward with attention, generate, and are refused by name where a file
// format cannot hold them. (Their gradients: tests/cpp's finite differences
// and tests/js/train_objectives.test.js's PyTorch fixture.)
import { beforeAll, describe, expect, test } from 'vitest';
import { attn, thrown } from './helpers.js';

beforeAll(() => attn.ready());

const CONFIG = { dim: 16, hiddenDim: 0, nLayers: 2, nHeads: 2, vocabSize: 12, seqLen: 24, positions: 'learned' };

describe('hiddenDim: 0', () => {
  test('no FFN tensors in either family; the config says hiddenDim 0', () => {
    const llama = attn.Model.create(CONFIG);
    expect(llama.config.hiddenDim).toBe(0);
    expect(Object.keys(llama.parameters()).filter((n) => /feed_forward|ffn_norm/.test(n))).toEqual([]);
    expect(Object.keys(llama.parameters())).toContain('layers.1.attention_norm.weight');
    llama.dispose();
    const gpt2 = attn.Model.create({ ...CONFIG, arch: 'gpt2', prenorm: false });
    expect(Object.keys(gpt2.parameters()).filter((n) => /mlp|ln_2/.test(n))).toEqual([]);
    gpt2.dispose();
    expect(thrown(() => attn.Model.create({ ...CONFIG, hiddenDim: -4 })).message).toMatch(/hiddenDim \(-4\) must be positive, or 0 for no feed-forward sublayer/);
  });

  test('it learns to copy a repeated segment, and runs forward and generate on the result', () => {
    // Rows of a random segment of 12 tokens and the same segment again: the
    // second half is predictable only by looking back (what induction heads do).
    const rows = Array.from({ length: 8 }, (_, b) => {
      const seg = Array.from({ length: 12 }, (_, i) => (7 * b + 5 * i * i + 3 * i + b * i) % 12);
      return [...seg, ...seg];
    });
    const inputs = rows.map((r) => r.slice(0, 23)), targets = rows.map((r) => r.slice(1));
    const model = attn.Model.create(CONFIG, { seed: 4 });
    const trainer = new attn.Trainer(model, { learningRate: 1e-2 });
    const first = trainer.step(inputs, targets).loss;
    let last;
    for (let s = 0; s < 150; s++) last = trainer.step(inputs, targets).loss;
    console.log(`[${attn.backend()}] attention-only, 151 steps: loss ${first.toFixed(3)} -> ${last.toFixed(3)}`);
    expect(last).toBeLessThan(0.5 * first);
    const { logits, attention } = model.forward(inputs[0], { returnAttention: true });
    expect(logits.shape).toEqual([23, 12]);
    expect(attention.shape).toEqual([2, 2, 23, 23]);
    // The inference path and the training forward agree on the loss.
    const ls = logits.data;
    let nll = 0;
    for (let t = 0; t < 23; t++) {
      const row = ls.subarray(t * 12, (t + 1) * 12);
      const m = Math.max(...row);
      nll += Math.log(row.reduce((s, v) => s + Math.exp(v - m), 0)) + m - row[targets[0][t]];
    }
    expect(Math.abs(nll / 23 - model.loss([inputs[0]], [targets[0]]))).toBeLessThan(1e-4);
    expect(model.generate(inputs[0].slice(0, 13), { temperature: 0, maxNewTokens: 4, stopAtEos: false }).ids).toHaveLength(4);
    trainer.dispose();
    model.dispose();
  });

  test('neither file format holds it, and both say why', () => {
    const model = attn.Model.create({ ...CONFIG, positions: 'rope' });
    expect(thrown(() => model.save()).message).toMatch(/^Model\.save: the AGPT format cannot hold this model: hiddenDim is 0/);
    expect(thrown(() => model.toLlama2c()).message).toMatch(/hiddenDim is 0 \(no feed-forward sublayer\)/);
    model.dispose();
  });
});
