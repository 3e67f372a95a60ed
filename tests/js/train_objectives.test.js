// The training objectives and options against PyTorch autograd
// (scripts/gen_fixtures_train_objectives.py): the masked objective of an
// encoder (causal: false), the embedding scale, attention-only models, and
// dropout with the core's masks fed into PyTorch; each with a plausible
// wrong answer that the tolerance rejects. Then dropout's contract (only in
// training passes, reproducible per seed) and maskedBatch's statistics.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { attn, thrown } from './helpers.js';
import { describeWorst, expectSameNamesAndShapes, trainFixture, worstScaled } from './train_helpers.js';

// As tests/js/train_fixtures.test.js: float32 vs float64 autograd, measured
// at most ~1e-6 of each tensor's largest gradient.
const GRAD_REL = 1e-5;
const LOSS_REL = 1e-6;
const LOGITS_REL = 2e-6;

const report = [];
beforeAll(() => attn.ready());
afterAll(() => console.log(`[${attn.backend()}] worst differences vs PyTorch:\n  ${report.join('\n  ')}`));

const rel = (a, b) => Math.abs(a - b) / Math.max(1, Math.abs(b));
const rows = (r) => r.map((x) => [...x]);

function fromFixture(c, config = c.config) {
  const model = attn.Model.create(config, { seed: c.dropout?.modelSeed ?? 7 });
  model.setParameters(c.parameters);
  return model;
}

function lossAndGradients(model, c) {
  const opts = c.dropout ? { dropoutStep: c.dropout.step } : undefined;
  return model.lossAndGradients(rows(c.inputs), rows(c.targets), opts);
}

describe('objectives and options against autograd', () => {
  for (const c of trainFixture('objectives')) {
    test(c.name, () => {
      const model = fromFixture(c);
      try {
        expectSameNamesAndShapes(model.parameters(), c.parameters, c.name);
        const { loss, gradients } = lossAndGradients(model, c);
        expect(rel(loss, c.loss), `loss ${loss} vs torch ${c.loss}`).toBeLessThan(LOSS_REL);
        const worst = worstScaled(gradients, c.gradients);
        report.push(`${c.name}: loss rel ${rel(loss, c.loss).toExponential(1)}; gradients ${describeWorst(worst)}`);
        expect(worst.rel, describeWorst(worst)).toBeLessThan(GRAD_REL);

        if (c.dropout) {
          // Evaluation runs the whole model: no mask.
          expect(rel(model.loss(rows(c.inputs), rows(c.targets)), c.evalLoss)).toBeLessThan(LOSS_REL);
          // Another step's masks (the plausible slip: a mask not tied to the step) miss.
          const other = model.lossAndGradients(rows(c.inputs), rows(c.targets), { dropoutStep: c.dropout.step + 1 });
          expect(rel(other.loss, c.loss)).toBeGreaterThan(100 * LOSS_REL);
          expect(worstScaled(other.gradients, c.gradients).rel).toBeGreaterThan(100 * GRAD_REL);
        } else {
          // The model's own forward (the inference path; an encoder's whole-sequence path) on row 0.
          const logits = model.forward(c.inputs[0]).logits;
          const want = { data: Float32Array.from(c.logits0.flat()), shape: logits.shape };
          const w = worstScaled({ logits }, { logits: want }, 1);
          report.push(`${c.name}: forward logits ${describeWorst(w)}`);
          expect(w.rel, `forward logits: ${describeWorst(w)}`).toBeLessThan(LOGITS_REL);
        }

        // The option matters: without it the same weights miss the reference.
        const wrong = c.config.causal === false ? { causal: true }
          : c.config.embeddingScale !== 1 ? { embeddingScale: 1 } : null;
        if (wrong) {
          const slip = fromFixture(c, { ...c.config, ...wrong });
          const r = lossAndGradients(slip, c);
          expect(rel(r.loss, c.loss), `${JSON.stringify(wrong)}`).toBeGreaterThan(100 * LOSS_REL);
          expect(worstScaled(r.gradients, c.gradients).rel).toBeGreaterThan(100 * GRAD_REL);
          slip.dispose();
        }
      } finally {
        model.dispose();
      }
    });
  }
});

describe('dropout: only in training passes, reproducible per seed', () => {
  const config = { arch: 'gpt2', dim: 16, nLayers: 2, nHeads: 2, vocabSize: 13, seqLen: 12, dropout: 0.3 };
  const X = [[1, 2, 3, 4, 5, 6, 7, 8], [8, 7, 6, 5, 4, 3, 2, 1]];
  const Y = X.map((r) => r.map((id) => (id + 1) % 13));

  test('forward, loss and lossAndGradients without dropoutStep run the whole model', () => {
    const a = attn.Model.create(config, { seed: 1 }), b = attn.Model.create({ ...config, dropout: 0 }, { seed: 1 });
    expect(a.config.dropout).toBe(0.3);
    expect(a.loss(X, Y)).toBe(b.loss(X, Y));
    expect(a.lossAndGradients(X, Y).loss).toBe(b.lossAndGradients(X, Y).loss);
    expect(a.forward(X[0]).logits.data).toEqual(b.forward(X[0]).logits.data);
    expect(a.generate(X[0].slice(0, 3), { temperature: 0, maxNewTokens: 5, stopAtEos: false }).ids)
      .toEqual(b.generate(X[0].slice(0, 3), { temperature: 0, maxNewTokens: 5, stopAtEos: false }).ids);
    // A training pass drops: its loss differs from the evaluation's.
    expect(a.lossAndGradients(X, Y, { dropoutStep: 0 }).loss).not.toBe(a.loss(X, Y));
    a.dispose();
    b.dispose();
  });

  test('Trainer.step step t uses dropoutStep t - 1; the same seed repeats a run bit for bit, another does not', () => {
    const run = (seed) => {
      const m = attn.Model.create(config, { seed: 1 });
      const twin = attn.Model.create(config, { seed });
      twin.setParameters(m.parameters()); // the same weights: only the masks' seed differs
      const trainer = new attn.Trainer(twin, { learningRate: 1e-2 });
      const expected = twin.lossAndGradients(X, Y, { dropoutStep: 0 }).loss;
      const losses = Array.from({ length: 4 }, () => trainer.step(X, Y).loss);
      m.dispose();
      twin.dispose();
      return { expected, losses };
    };
    const a = run(5), b = run(5), c = run(6);
    expect(a.losses[0]).toBe(a.expected);
    expect(b.losses).toEqual(a.losses);
    expect(c.losses[0]).not.toBe(a.losses[0]);
  });

  test('micro-batches draw the whole batch\'s masks', () => {
    const m = attn.Model.create(config, { seed: 3 });
    const whole = m.lossAndGradients(X, Y, { dropoutStep: 2 });
    const parts = m.lossAndGradients(X, Y, { dropoutStep: 2, accumulate: 2 });
    expect(rel(parts.loss, whole.loss)).toBeLessThan(1e-6);
    expect(worstScaled(parts.gradients, whole.gradients).rel).toBeLessThan(2e-6);
    m.dispose();
  });

  test('bad rates and options are refused by name', () => {
    expect(thrown(() => attn.Model.create({ ...config, dropout: 1 })).message).toMatch(/dropout \(1\) must be in \[0, 1\)/);
    expect(thrown(() => attn.Model.create({ ...config, dropout: '0.1' })).message).toMatch(/config\.dropout must be a number/);
    expect(thrown(() => attn.Model.create({ ...config, embeddingScale: -2 })).message).toMatch(/embeddingScale \(-2\) must be a finite number > 0/);
    const m = attn.Model.create(config);
    expect(thrown(() => m.lossAndGradients(X, Y, { dropoutStep: -1 })).message).toMatch(/opts\.dropoutStep must be at least 0/);
    const t = new attn.Trainer(m);
    expect(thrown(() => t.step(X, Y, { dropoutStep: 1 })).message).toMatch(/opts\.dropoutStep is not an option/);
    m.dispose();
  });
});

describe('embeddingScale and causal in Model.config', () => {
  test('true is sqrt(dim); an encoder says causal false and cannot generate', () => {
    const m = attn.Model.create({ dim: 16, hiddenDim: 32, nLayers: 1, nHeads: 2, vocabSize: 9, seqLen: 8, embeddingScale: true, causal: false });
    expect(m.config.embeddingScale).toBe(4);
    expect(m.config.causal).toBe(false);
    const att = m.forward([1, 2, 3, 4], { returnAttention: true }).attention;
    expect(att.data[1]).toBeGreaterThan(0); // row 0 sees key 1: nothing masked above the diagonal
    expect(thrown(() => m.generate([1, 2], { maxNewTokens: 2 })).message).toMatch(/encoder \(causal: false\).*no generation/);
    expect(thrown(() => m.save()).message).toMatch(/causal is false \(an encoder\)/);
    m.dispose();
    const loaded = attn.Model.create({ dim: 16, hiddenDim: 32, nLayers: 1, nHeads: 2, vocabSize: 9, seqLen: 8 });
    const file = attn.Model.fromGpt2(loaded.save());
    expect([file.config.causal, file.config.dropout, file.config.embeddingScale]).toEqual([true, 0, 1]);
    file.dispose();
    loaded.dispose();
  });
});

describe('maskedBatch: BERT\'s 15% with 80/10/10', () => {
  const V = 50, MASK = 3, B = 64, T = 256;
  const ids = Array.from({ length: B }, (_, b) => Array.from({ length: T }, (_, t) => 4 + ((b * 131 + t * 17) % (V - 4))));

  test('the rates are BERT\'s, within 5 standard errors; targets are the originals at chosen positions only', () => {
    const { inputs, targets } = attn.maskedBatch(ids, { maskId: MASK, vocabSize: V, seed: 9 });
    expect(inputs.shape).toEqual([B, T]);
    const flat = ids.flat();
    let chosen = 0, masked = 0, kept = 0;
    for (let i = 0; i < flat.length; i++) {
      if (targets.data[i] === -1) {
        expect(inputs.data[i]).toBe(flat[i]);
        continue;
      }
      expect(targets.data[i]).toBe(flat[i]);
      chosen += 1;
      if (inputs.data[i] === MASK) masked += 1;
      else if (inputs.data[i] === flat[i]) kept += 1;
    }
    const n = flat.length, within = (x, p, count) => Math.abs(x / count - p) < 5 * Math.sqrt((p * (1 - p)) / count);
    // A random replacement can draw the mask token or the original: 1/V each.
    console.log(`maskedBatch: chosen ${(chosen / n).toFixed(4)}, masked ${(masked / chosen).toFixed(4)}, kept ${(kept / chosen).toFixed(4)}`);
    expect(within(chosen, 0.15, n)).toBe(true);
    expect(within(masked, 0.8 + 0.1 / V, chosen)).toBe(true);
    expect(within(kept, 0.1 + 0.1 / V, chosen)).toBe(true);
    // The plausible slip, masking every chosen position: the 80% check fails.
    expect(within(chosen, 0.8 + 0.1 / V, chosen)).toBe(false);
  });

  test('seeded; keep is never chosen; bad options are refused', () => {
    const a = attn.maskedBatch(ids, { maskId: MASK, vocabSize: V, seed: 1 });
    expect(attn.maskedBatch(ids, { maskId: MASK, vocabSize: V, seed: 1 })).toEqual(a);
    expect(attn.maskedBatch(ids, { maskId: MASK, vocabSize: V, seed: 2 }).targets.data).not.toEqual(a.targets.data);
    const keep = attn.maskedBatch(ids, { maskId: MASK, vocabSize: V, seed: 1, keep: [4, 5, 6] });
    ids.flat().forEach((id, i) => { if (id <= 6) expect(keep.targets.data[i]).toBe(-1); });
    expect(thrown(() => attn.maskedBatch(ids, { maskId: V, vocabSize: V })).message).toMatch(/opts\.maskId must be at most 49/);
    expect(thrown(() => attn.maskedBatch([[1, 60]], { maskId: 0, vocabSize: V })).message).toMatch(/ids\[0\]\[1\] is 60, outside the vocabulary 0\.\.49/);
    expect(thrown(() => attn.maskedBatch(ids, { maskId: 0, vocabSize: V, probability: 0 })).message).toMatch(/opts\.probability must be a number in \(0, 1\]/);
  });

  test('an encoder learns to fill masks', () => {
    const text = Array.from({ length: 8 }, (_, b) => Array.from({ length: 12 }, (_, t) => 4 + ((b + t) % 8)));
    const model = attn.Model.create({ dim: 32, hiddenDim: 64, nLayers: 2, nHeads: 4, vocabSize: 12, seqLen: 12, causal: false, positions: 'learned' }, { seed: 2 });
    const trainer = new attn.Trainer(model, { learningRate: 1e-2 });
    let first;
    for (let s = 0; s < 200; s++) {
      const { inputs, targets } = attn.maskedBatch(text, { maskId: 3, vocabSize: 12, seed: s });
      const r = trainer.step(inputs, targets);
      first ??= r.loss;
    }
    // Fill one mask in the middle: both neighbours give it away.
    const probe = [...text[0]];
    const answer = probe[6];
    probe[6] = 3;
    const { logits } = model.forward(probe);
    const row = Array.from(logits.data.subarray(6 * 12, 7 * 12));
    console.log(`[${attn.backend()}] masked LM: first loss ${first.toFixed(3)}; fills ${row.indexOf(Math.max(...row))} (answer ${answer})`);
    expect(row.indexOf(Math.max(...row))).toBe(answer);
    trainer.dispose();
    model.dispose();
  });
});
