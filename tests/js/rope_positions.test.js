// applyRope with explicit positions: rotations by any angle (π/4, 0.5),
// agreement with positionOffset at integer positions, the relative property
// at real positions, and bad input.
import { test, expect, beforeAll, describe } from 'vitest';
import { attn, rand, thrown, expectStillWorks } from './helpers.js';

beforeAll(() => attn.ready());

// One rounding of cos/sin to float32 and a product: a few ulps of O(1).
const ROTATION = 1e-7 * 4;

const unitX = () => attn.tensor(new Float32Array([1, 0]), [1, 2]);

describe('rotations by any angle (head dim 2: theta = 1)', () => {
  test.each([['π/4', Math.PI / 4], ['0.5', 0.5], ['-2', -2]])('(1, 0) at position %s turns to (cos p, sin p)', (_, p) => {
    for (const layout of ['interleaved', 'half']) {
      const y = attn.applyRope(unitX(), { positions: [p], layout });
      expect(Math.abs(y.data[0] - Math.cos(p)), layout).toBeLessThan(ROTATION);
      expect(Math.abs(y.data[1] - Math.sin(p)), layout).toBeLessThan(ROTATION);
    }
  });

  test('π/4 gives (√2/2, √2/2), not the clockwise (√2/2, -√2/2)', () => {
    const y = attn.applyRope(unitX(), { positions: new Float64Array([Math.PI / 4]) });
    expect(Math.abs(y.data[0] - Math.SQRT1_2)).toBeLessThan(ROTATION);
    expect(Math.abs(y.data[1] - Math.SQRT1_2)).toBeLessThan(ROTATION);
  });

  test('a Float32Array of positions is used as its float32 values', () => {
    const p = new Float32Array([0.1]);
    const y = attn.applyRope(unitX(), { positions: p });
    expect(Math.abs(y.data[1] - Math.sin(p[0]))).toBeLessThan(ROTATION);
  });
});

describe('agreement with the integer forms', () => {
  test('positions t + offset equal positionOffset exactly, both layouts, batched', () => {
    const x = rand([2, 3, 5, 8], 4);
    for (const layout of ['interleaved', 'half']) {
      const a = attn.applyRope(x, { layout, positionOffset: 6 });
      const b = attn.applyRope(x, { layout, positions: [6, 7, 8, 9, 10] });
      expect(Array.from(b.data)).toEqual(Array.from(a.data));
      expect(b.shape).toEqual([2, 3, 5, 8]);
    }
  });

  test('the score of R(m)q and R(n)k depends only on n - m at real positions', () => {
    const q = rand([1, 8], 5), k = rand([1, 8], 6);
    const score = (m, n) => {
      const a = attn.applyRope(q, { positions: [m] }).data, b = attn.applyRope(k, { positions: [n] }).data;
      return a.reduce((s, x, i) => s + x * b[i], 0);
    };
    const s0 = score(0.3, 2.55);
    for (const shift of [0.25, 1.5, 40.125]) expect(Math.abs(score(0.3 + shift, 2.55 + shift) - s0)).toBeLessThan(1e-5);
    expect(Math.abs(score(2.55, 0.3) - s0)).toBeGreaterThan(1e-3);
  });

  test('x is not changed', () => {
    const x = rand([3, 4], 7), copy = Float32Array.from(x.data);
    attn.applyRope(x, { positions: [0.5, 1.5, 2.5] });
    expect(x.data).toEqual(copy);
  });
});

describe('bad input', () => {
  const x = rand([2, 3, 4], 8);
  test.each([
    ['a wrong length', { positions: [0, 1] }, /opts\.positions has 2 entries but x has 3 rows/],
    ['NaN', { positions: [0, NaN, 1] }, /opts\.positions\[1\] must be a finite number \(got NaN\)/],
    ['Infinity', { positions: [0, 1, Infinity] }, /opts\.positions\[2\] must be a finite number/],
    ['a string entry', { positions: [0, '1', 2] }, /opts\.positions\[1\] must be a finite number/],
    ['a string', { positions: '012' }, /opts\.positions must be an array, Float32Array or Float64Array of 3 numbers \(got String\)/],
    ['an Int32Array', { positions: new Int32Array(3) }, /opts\.positions must be an array, Float32Array or Float64Array/],
    ['both positions and positionOffset', { positions: [0, 1, 2], positionOffset: 1 }, /give opts\.positions or opts\.positionOffset, not both/],
  ])('%s', (_, opts, message) => {
    const e = thrown(() => attn.applyRope(x, opts));
    expect(e).toBeInstanceOf(attn.AttnscopeError);
    expect(e.message).toMatch(message);
    expectStillWorks();
  });
});
