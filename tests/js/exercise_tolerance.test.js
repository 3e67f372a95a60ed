// Per-entry tolerances ({abs: [...], rel: [...]}): an entry near 0 gets its
// own small abs, so leaving it out no longer passes as "close".
import { describe, expect, test } from 'vitest';
import { compareValues } from '../../web/exercises/engine/compare.js';
import { exerciseProblems } from '../../web/exercises/engine/schema.js';

const v = (data) => ({ data, shape: [data.length] });
const want = v([Math.sin(1), Math.cos(1), Math.sin(0.01), Math.cos(0.01)]);

describe('per-entry tolerances', () => {
  test('a scalar abs of 0.01 accepts 0 for sin(0.01) (the bug); per-entry abs rejects it at entry 2', () => {
    expect(compareValues(v([0.84, 0.54, 0, 1]), want, { abs: 0.01, rel: 0.01 }).equal).toBe(true);
    const r = compareValues(v([0.84, 0.54, 0, 1]), want, { abs: [0.01, 0.01, 0.001, 0.001], rel: 0.01 });
    expect(r).toMatchObject({ equal: false, reason: 'mismatch', index: 2 });
  });

  test('the answer rounded to 2 decimals still passes with per-entry tolerances', () => {
    expect(compareValues(v([0.84, 0.54, 0.01, 1]), want, { abs: [0.01, 0.01, 0.001, 0.001], rel: 0.01 }).equal).toBe(true);
  });

  test('a shorter array repeats its last entry; rel may be per entry too', () => {
    expect(compareValues(v([1, 2, 3.05]), v([1, 2, 3]), { abs: [0.01, 0], rel: [0, 0, 0.01] }).equal).toBe(false);
    expect(compareValues(v([1, 2, 3.02]), v([1, 2, 3]), { abs: [0.01, 0], rel: [0, 0, 0.01] }).equal).toBe(true);
  });

  test('the schema takes numbers or non-empty arrays of numbers >= 0, and names anything else', () => {
    const problems = (tolerance) => exerciseProblems({ id: 'x', kind: 'number', topic: 't', title: { ja: 'x', en: 'x' }, prompt: { ja: 'x', en: 'x' }, reference: () => 1, tolerance })
      .filter((p) => p.includes('tolerance'));
    expect(problems({ abs: [0.01, 0.001], rel: 0.01 })).toEqual([]);
    expect(problems({ abs: [] })[0]).toMatch(/tolerance\.abs must be a number ≥ 0 or a non-empty array/);
    expect(problems({ rel: [0.1, -1] })[0]).toMatch(/tolerance\.rel/);
  });
});
