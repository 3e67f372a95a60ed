// linearAttention { featureMap: 'identity', normalize: false }: the
// unnormalised φ(Q)φ(K)ᵀV, its recurrent form equal to the quadratic one,
// the default still normalised, and bad input.
import { test, expect, beforeAll, describe } from 'vitest';
import { attn, rand, expectClose, thrown, expectStillWorks } from './helpers.js';

beforeAll(() => attn.ready());

// The two forms sum the same products in different orders (float32).
const FORMS = { atol: 1e-5, rtol: 1e-5 };

const t = (rows) => attn.tensor(new Float32Array(rows.flat()), [rows.length, rows[0].length]);

describe('the unnormalised form', () => {
  test('identity gives Q Kᵀ V (a worked case, causal and not)', () => {
    const q = t([[1, 2], [3, 4]]), k = t([[1, 0], [0, 1]]), v = t([[10], [100]]);
    // Q Kᵀ = [[1, 2], [3, 4]]; times V = [210, 430]; causal row 0 sees key 0 only: 10.
    expect(Array.from(attn.linearAttention(q, k, v, { featureMap: 'identity', normalize: false }).output.data)).toEqual([210, 430]);
    expect(Array.from(attn.linearAttention(q, k, v, { featureMap: 'identity', normalize: false, isCausal: true }).output.data)).toEqual([10, 430]);
  });

  test.each([['identity'], ['elu1'], ['relu']])('%s: recurrent equals quadratic, causal and not, batched', (featureMap) => {
    const q = rand([2, 3, 9, 8], 1), k = rand([2, 3, 11, 8], 2), v = rand([2, 3, 11, 5], 3);
    for (const isCausal of [false, true]) {
      const opts = { featureMap, normalize: false, isCausal };
      const rec = attn.linearAttention(q, k, v, opts).output;
      const quad = attn.linearAttention(q, k, v, { ...opts, form: 'quadratic' }).output;
      expectClose(rec, quad, FORMS, `${featureMap} causal=${isCausal}`);
    }
  });

  test('normalising the unnormalised rows by Σ_j a_ij gives the default (normalize true) output', () => {
    const q = rand([6, 4], 4), k = rand([6, 4], 5), v = rand([6, 3], 6);
    const raw = attn.linearAttention(q, k, v, { normalize: false, isCausal: true }).output;
    const ones = attn.tensor(new Float32Array(6).fill(1), [6, 1]);
    const den = attn.linearAttention(q, k, ones, { normalize: false, isCausal: true }).output; // Σ_j a_ij
    const normed = attn.linearAttention(q, k, v, { isCausal: true }).output;
    const want = attn.tensor(raw.data.map((x, i) => x / (den.data[Math.floor(i / 3)] + 1e-6)), [6, 3]);
    expectClose(normed, want, FORMS, 'normalised');
  });
});

describe('bad input', () => {
  const x = rand([4, 2], 9);
  test.each([
    ['a non-boolean normalize', { normalize: 'no' }, /opts\.normalize must be true or false/],
    ['eps without a denominator', { normalize: false, eps: 1e-3 }, /opts\.eps has no meaning with opts\.normalize false/],
    ['an unknown feature map', { featureMap: 'linear' }, /opts\.featureMap must be one of 'elu1', 'relu', 'performer', 'identity'/],
    ['a performer option with identity', { featureMap: 'identity', features: 8 }, /opts\.features is only used with featureMap 'performer'/],
  ])('%s', (_, opts, message) => {
    const e = thrown(() => attn.linearAttention(x, x, x, opts));
    expect(e).toBeInstanceOf(attn.AttnscopeError);
    expect(e.message).toMatch(message);
    expectStillWorks();
  });
});
