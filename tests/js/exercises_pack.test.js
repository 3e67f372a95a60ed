// Every built-in exercise (web/exercises/pack): its reference solution
// passes, each declared mistake is recognised by name, at least two
// plausible wrong answers (tests/js/exercise_wrong_answers.js) get the
// intended feedback, its inputs are deterministic, and its texts are
// complete in both languages.
import { beforeAll, describe, expect, test } from 'vitest';
import { attn } from './helpers.js';
import { nodeRunner } from './exercise_runner.js';
import { WRONG_ANSWERS } from './exercise_wrong_answers.js';
import { exercises } from '../../web/exercises/pack/index.js';
import {
  validatePack, prepare, checkTyped, checkChoice, checkCode, revealAnswer, describeResult,
  fillPlaceholders, renderMarkdown, formatValue, isRandom, compareValues,
} from '../../web/exercises/index.js';

// The Node stand-in's limit only stops runaway code; the browser sandbox's
// 2 s limit is tested in tests/e2e. Simulations like qk-variance take ~0.1 s
// idle, so allow for a loaded machine.
const run = nodeRunner({ timeoutMs: 5000 });
const TYPED = ['number', 'vector', 'matrix'];

beforeAll(() => attn.ready());

async function check(prepared, answer) {
  const ex = prepared.exercise;
  if (ex.kind === 'code') return checkCode(prepared, answer, run);
  if (ex.kind === 'choice') return checkChoice(prepared, answer);
  return checkTyped(prepared, answer);
}

const english = (result, prepared) => {
  const d = describeResult(result, prepared, 'en');
  return [d.title, ...d.lines].join('\n');
};

test('the built-in pack is valid and its ids are unique', () => {
  expect(() => validatePack(exercises, 'built-in pack')).not.toThrow();
  expect(exercises.length).toBeGreaterThanOrEqual(30);
});

test('the pack covers every answer kind', () => {
  expect(new Set(exercises.map((e) => e.kind))).toEqual(new Set(['number', 'vector', 'matrix', 'choice', 'code']));
});

describe.each(exercises.map((ex) => [ex.id, ex]))('%s', (id, ex) => {
  test('the reference solution passes (default seed and three other variants)', async () => {
    for (const variant of [0, 1, 2, 3]) {
      const prepared = prepare(ex, attn, { variant });
      const answer = ex.kind === 'choice' ? prepared.answer : revealAnswer(prepared);
      const result = await check(prepared, answer);
      expect(result, `variant ${variant}: ${english(result, prepared)}`).toMatchObject({ correct: true, reason: 'correct' });
    }
  });

  test('every declared mistake is recognised by name', async () => {
    const prepared = prepare(ex, attn);
    for (const m of ex.mistakes ?? []) {
      if (ex.kind === 'code') continue; // code mistakes are exercised by the wrong-answer table
      let answer = m.choice;
      if (TYPED.includes(ex.kind)) {
        const value = prepared.mistakes.find((x) => x.id === m.id).value;
        expect(compareValues(value, prepared.expected, prepared.tolerance).equal, `${m.id} gives the right answer at the default seed`).toBe(false);
        answer = formatValue(value, 6);
      }
      const result = await check(prepared, answer);
      expect(result, `${m.id}: ${english(result, prepared)}`).toMatchObject({ correct: false, reason: 'mistake', mistake: m.id });
    }
  });

  test('at least two plausible wrong answers fail with the intended feedback', async () => {
    const wrong = WRONG_ANSWERS[id] ?? [];
    expect(wrong.length, `add wrong answers for "${id}" to tests/js/exercise_wrong_answers.js`).toBeGreaterThanOrEqual(2);
    const prepared = prepare(ex, attn);
    for (const w of wrong) {
      const answer = typeof w.answer === 'function' ? w.answer(prepared) : w.answer;
      const result = await check(prepared, answer);
      const words = english(result, prepared);
      expect(result.correct, `${JSON.stringify(answer)} passed`).toBe(false);
      expect(result.reason, `${JSON.stringify(answer)}: ${words}`).toBe(w.reason);
      if (w.mistake) expect(result.mistake, words).toBe(w.mistake);
      if (w.says) expect(words).toMatch(w.says);
    }
  });

  test('inputs and expected values are deterministic for a seed', () => {
    const a = prepare(ex, attn, { seed: 7, variant: 2 });
    const b = prepare(ex, attn, { seed: 7, variant: 2 });
    expect(b.inputs).toEqual(a.inputs);
    expect(b.expected ?? b.answer ?? b.cases.map((c) => c.expected)).toEqual(a.expected ?? a.answer ?? a.cases.map((c) => c.expected));
    if (isRandom(ex) && ex.kind !== 'code') {
      const variants = [0, 1, 2, 3].map((variant) => JSON.stringify(prepare(ex, attn, { variant }).inputs));
      expect(new Set(variants).size, 'other numbers give other inputs').toBeGreaterThan(1);
    }
  });

  test('every text fills its placeholders and balances its maths, in ja and en', () => {
    const prepared = prepare(ex, attn);
    const answer = prepared.expected ?? (ex.kind === 'choice' ? 'x' : undefined);
    const texts = [ex.title, ex.prompt, ex.explanation, ...ex.hints, ...(ex.choices ?? []),
      ...(ex.mistakes ?? []).flatMap((m) => [m.label, m.explain].filter(Boolean))];
    for (const lang of ['ja', 'en']) {
      for (const text of texts) {
        const filled = fillPlaceholders(text[lang], { ...prepared.inputs, ...(answer === undefined ? {} : { answer }) });
        expect(filled, `unfilled placeholder in ${lang}: ${text[lang]}`).not.toMatch(/\{\{/);
        const html = renderMarkdown(filled, { tex: () => '<m></m>' });
        expect(html, `unbalanced $ in ${lang}: ${text[lang]}`).not.toContain('$');
      }
    }
  });
});
