// What counts as an attempt: a typed answer of the wrong shape does not (so
// two of them cannot unlock "show the answer"); a wrong value of the right
// shape does.
import { beforeAll, expect, test } from 'vitest';
import { attn } from './helpers.js';
import { loadExercise, prepare, checkTyped } from '../../web/exercises/index.js';

beforeAll(() => attn.ready());

test('a wrong-shape answer is not an attempt; a wrong value of the right shape is', async () => {
  const { exercise } = await loadExercise({ id: 'pe-position' });
  const prepared = prepare(exercise, attn);
  expect(checkTyped(prepared, '[1]')).toMatchObject({ correct: false, reason: 'shape', counts: false });
  expect(checkTyped(prepared, '[1, 2, 3, 4, 5]')).toMatchObject({ reason: 'shape', counts: false });
  expect(checkTyped(prepared, '[0.5, 0.5, 0.5, 0.5]')).toMatchObject({ correct: false, reason: 'mismatch', counts: true });
});
