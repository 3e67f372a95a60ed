// Training against PyTorch autograd (scripts/gen_fixtures_train.py): the loss,
// the logits and every gradient of whole llama and gpt2 models over every
// architecture option, and the weights after 10 AdamW steps with clipping and
// llama2.c's schedule. Each check prints its worst difference with the
// tensor's name and index; each tolerance is shown to catch a plausible
// wrong answer.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { attn } from './helpers.js';
import {
  describeWorst, expectSameNamesAndShapes, trainFixture, worstAbsolute, worstScaled,
} from './train_helpers.js';

// float32 forward and backward vs float64 autograd on the same float32 weights
// (two or three layers, sums of at most 32 products, logits up to ~30): the
// error of each gradient tensor relative to its largest entry, or to a tenth
// of the model's largest gradient for a tensor whose gradient is smaller
// (train_helpers.js, worstScaled; measured: at most 1.3e-6 on both backends). A gradient twice too large (a missing 1/2 or
// a doubled residual path) is off by 1.
const GRAD_REL = 1e-5;
// The mean loss, relative to max(1, |loss|) (measured: at most 1e-7), and the
// inference path's logits relative to the largest logit (measured: 2.7e-7).
const LOSS_REL = 1e-6;
const LOGITS_REL = 2e-6;
// 10 AdamW steps (lr up to 1e-2) in float32 vs float64: AdamW normalises the
// gradient, so a float32 rounding in it moves an update by a tiny fraction of
// lr (measured: at most 7.2e-7 on both backends). Dropping the bias
// correction (the plausible slip) moves the first updates by ~lr·2: ~1e-2.
const ADAMW_ABS = 1e-5;
// Per-step loss and gradient norm (before clipping) against torch's, relative to max(1, |value|).
const STEP_REL = 1e-5;

const report = [];
beforeAll(() => attn.ready());
afterAll(() => console.log(`[${attn.backend()}] worst differences vs PyTorch:\n  ${report.join('\n  ')}`));

const batch = (rows) => rows.map((r) => [...r]);

function fromFixture(c) {
  const model = attn.Model.create(c.config, { seed: 7 });
  model.setParameters(c.parameters);
  return model;
}

for (const family of ['llama', 'gpt2']) {
  describe(`${family}: loss and every gradient against autograd`, () => {
    for (const c of trainFixture(family)) {
      test(c.name, () => {
        const model = fromFixture(c);
        try {
          expectSameNamesAndShapes(model.parameters(), c.parameters, c.name);
          const { loss, gradients } = model.lossAndGradients(batch(c.inputs), batch(c.targets));
          const lossErr = Math.abs(loss - c.loss) / Math.max(1, Math.abs(c.loss));
          expect(lossErr, `loss ${loss} vs torch ${c.loss}`).toBeLessThan(LOSS_REL);
          expect(Math.abs(model.loss(batch(c.inputs), batch(c.targets)) - loss), 'forward-only loss').toBeLessThan(1e-6 * Math.max(1, loss));

          expectSameNamesAndShapes(gradients, c.gradients, `${c.name} gradients`);
          const worst = worstScaled(gradients, c.gradients);
          report.push(`${family} ${c.name}: loss rel ${lossErr.toExponential(1)}; gradients ${describeWorst(worst)}`);
          expect(worst.rel, `gradients: ${describeWorst(worst)}`).toBeLessThan(GRAD_REL);

          // The tolerance catches a gradient twice too large in any one tensor
          // (but those whose true gradient vanishes, such as the key bias's).
          const globalMax = Math.max(...Object.values(c.gradients).map((t) => maxAbs(t.data)));
          for (const [name, t] of Object.entries(gradients)) {
            if (maxAbs(c.gradients[name].data) < 1e-3 * globalMax) continue;
            const doubled = { ...gradients, [name]: { ...t, data: t.data.map((v) => 2 * v) } };
            expect(worstScaled(doubled, c.gradients).rel, `${name} doubled`).toBeGreaterThan(100 * GRAD_REL);
          }

          // The inference path (forward through the KV cache) on the same weights.
          const logits = model.forward(c.inputs[0]).logits;
          const want = { data: Float32Array.from(c.logits0.flat()), shape: logits.shape };
          const w = worstScaled({ logits }, { logits: want }, 1);
          report.push(`${family} ${c.name}: inference logits ${describeWorst(w)}`);
          expect(w.rel, `inference logits: ${describeWorst(w)}`).toBeLessThan(LOGITS_REL);
        } finally {
          model.dispose();
        }
      });
    }
  });
}

// ---- AdamW ---------------------------------------------------------------

function lrAt(o, it) { // llama2.c's get_lr, float64
  if (it < o.warmupSteps) return (o.learningRate * it) / o.warmupSteps;
  if (o.decaySteps == null) return o.learningRate;
  if (it > o.decaySteps) return o.minLearningRate;
  const ratio = (it - o.warmupSteps) / (o.decaySteps - o.warmupSteps);
  return o.minLearningRate + 0.5 * (1 + Math.cos(Math.PI * ratio)) * (o.learningRate - o.minLearningRate);
}

/**
 * torch.optim.AdamW + clip_grad_norm_ in float64 on this file's side, driven
 * by the core's gradients (weights rounded to float32 after each step, as the
 * core keeps them). `biasCorrection: false` is the plausible wrong answer.
 */
function jsAdamW(c, { biasCorrection = true } = {}) {
  const model = fromFixture(c);
  const o = c.options;
  const [b1, b2] = o.betas;
  const theta = Object.fromEntries(Object.entries(c.parameters).map(([n, t]) => [n, Float64Array.from(t.data)]));
  const m = Object.fromEntries(Object.entries(theta).map(([n, t]) => [n, new Float64Array(t.length)]));
  const v = Object.fromEntries(Object.entries(theta).map(([n, t]) => [n, new Float64Array(t.length)]));
  c.steps.forEach((s, it) => {
    const { gradients } = model.lossAndGradients(batch(s.inputs), batch(s.targets));
    let sq = 0;
    for (const g of Object.values(gradients)) for (const x of g.data) sq += x * x;
    const norm = Math.sqrt(sq);
    const clip = Math.min(1, o.clipGradNorm / (norm + 1e-6));
    const lr = lrAt(o, it);
    const t = it + 1;
    const c1 = biasCorrection ? 1 - b1 ** t : 1, c2 = biasCorrection ? 1 - b2 ** t : 1;
    for (const [n, p] of Object.entries(theta)) {
      const wd = c.parameters[n].shape.length >= 2 ? o.weightDecay : 0;
      const g = gradients[n].data;
      for (let i = 0; i < p.length; i++) {
        const gi = g[i] * clip;
        m[n][i] = b1 * m[n][i] + (1 - b1) * gi;
        v[n][i] = b2 * v[n][i] + (1 - b2) * gi * gi;
        p[i] = p[i] * (1 - lr * wd) - (lr * (m[n][i] / c1)) / (Math.sqrt(v[n][i] / c2) + o.eps);
      }
    }
    model.setParameters(Object.fromEntries(Object.entries(theta).map(([n, p]) => [n, { data: Float32Array.from(p), shape: c.parameters[n].shape }])));
  });
  const out = model.parameters();
  model.dispose();
  return out;
}

/**
 * The key biases of gpt2's c_attn (rows H·D .. H·D + Hkv·D) have a true
 * gradient of exactly 0 unless RoPE turns them (softmax ignores a shift of
 * all of a query's scores; torch's float64 gives ~1e-17), and AdamW
 * normalises that rounding noise into steps of ±lr in both implementations:
 * their values after training are noise, so they are left out.
 */
function keyBiasNoise(c) {
  const { dim, nHeads, nKvHeads, positions } = c.config;
  const KV = (dim / nHeads) * nKvHeads;
  return (name, i) => positions !== 'rope' && /attn\.c_attn\.bias$/.test(name) && i >= dim && i < dim + KV;
}

describe('Trainer: 10 AdamW steps against torch.optim.AdamW + clip_grad_norm_', () => {
  for (const c of trainFixture('adamw')) {
    test(c.name, () => {
      const model = fromFixture(c);
      const trainer = new attn.Trainer(model, c.options);
      c.steps.forEach((s, it) => {
        const r = trainer.step(batch(s.inputs), batch(s.targets));
        expect(r.step).toBe(it + 1);
        expect(Math.abs(r.learningRate - s.learningRate), `step ${it + 1} learningRate`).toBeLessThanOrEqual(1e-7 * o1(s.learningRate));
        expect(Math.abs(r.learningRate - trainer.learningRateAt(it))).toBe(0);
        expect(Math.abs(r.loss - s.loss) / o1(s.loss), `step ${it + 1} loss ${r.loss} vs ${s.loss}`).toBeLessThan(STEP_REL);
        expect(Math.abs(r.gradNorm - s.gradNorm) / o1(s.gradNorm), `step ${it + 1} gradNorm ${r.gradNorm} vs ${s.gradNorm}`).toBeLessThan(STEP_REL);
      });
      const after = model.parameters();
      const skip = keyBiasNoise(c);
      const worst = worstAbsolute(after, c.after, skip);
      report.push(`adamw ${c.name}: weights after 10 steps ${describeWorst(worst)}`);
      expect(worst.abs, `weights after 10 steps: ${describeWorst(worst)}`).toBeLessThan(ADAMW_ABS);
      trainer.dispose();
      model.dispose();

      // This file's own float64 AdamW agrees, and without bias correction it does not.
      const right = worstAbsolute(jsAdamW(c), c.after, skip);
      expect(right.abs, `JS AdamW: ${describeWorst(right)}`).toBeLessThan(ADAMW_ABS);
      const wrong = worstAbsolute(jsAdamW(c, { biasCorrection: false }), c.after, skip);
      expect(wrong.abs, `no bias correction: ${describeWorst(wrong)}`).toBeGreaterThan(10 * ADAMW_ABS);
    });
  }
});

function o1(x) { return Math.max(1, Math.abs(x)); }
function maxAbs(data) { return data.reduce((m, v) => Math.max(m, Math.abs(v)), 0); }
