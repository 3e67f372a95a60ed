// The softmax-saturation exercise states the gradient ∂p_max/∂s_max of the
// setting it shows (computed from the core's softmax at run time): checked
// here against float64 softmax and against a central finite difference of the
// core's softmax, and shown to differ from the gradient after the √d scaling.
import { beforeAll, expect, test } from 'vitest';
import { attn } from './helpers.js';
import { exercises } from '../../web/exercises/pack/index.js';
import { prepare, fillPlaceholders } from '../../web/exercises/index.js';

beforeAll(() => attn.ready());

const softmax64 = (s) => { const m = Math.max(...s); const e = s.map((x) => Math.exp(x - m)); const z = e.reduce((a, b) => a + b, 0); return e.map((x) => x / z); };

test('the exercise\'s gradients p(1 − p) are the float64 derivative of the largest weight, unscaled and scaled', () => {
  const ex = exercises.find((e) => e.id === 'softmax-saturation');
  for (const variant of [0, 1, 2]) {
    const { inputs } = prepare(ex, attn, { variant });
    const top = inputs.s.indexOf(Math.max(...inputs.s));
    for (const [by, grad] of [[1, inputs.gradRaw], [Math.sqrt(inputs.d), inputs.gradScaled]]) {
      const p = softmax64(inputs.s.map((x) => x / by))[top];
      // float64 reference. The default setting (the one a page shows) within 1e-6 relative: the naive
      // float32 p(1 − p), where 1 − p cancels, is 1.1e-4 off there. The other variants' gradients are
      // 1e-12 … 1e-14, where the core's float32 exp of −30 … −60 is good to ~2e-4.
      expect(Math.abs(grad / (p * (1 - p)) - 1)).toBeLessThan(variant === 0 ? 1e-6 : 1e-3);
      // ∂p_max/∂s_max of the core's own softmax by a central difference (in units of the scaled score)
      const h = 1e-2;
      const at = (dx) => attn.softmax(attn.tensor(Float32Array.from(inputs.s.map((x, i) => x / by + (i === top ? dx : 0))), [inputs.s.length])).data[top];
      expect(Math.abs((at(h) - at(-h)) / (2 * h) - grad)).toBeLessThan(Math.max(1e-5, 1e-2 * grad));
    }
    expect(inputs.gradRaw).toBeLessThan(inputs.gradScaled / 10); // saturated: an order of magnitude less gradient
  }
  // the explanation prints the default setting's numbers
  const { inputs } = prepare(ex, attn, { variant: 0 });
  const words = fillPlaceholders(ex.explanation.en, { ...inputs, answer: [0, 0] });
  expect(words).toContain(Number(inputs.gradRaw.toPrecision(5)).toString().slice(0, 5));
});
