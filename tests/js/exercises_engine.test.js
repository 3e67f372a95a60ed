// The exercise engine (web/exercises/engine) in Node: seeded generators,
// answer parsing, tolerance and shape handling, mistake recognition, code
// results, feedback words, Markdown safety, progress storage, JSON packs and
// the schema. The per-exercise tests are in exercises_pack.test.js.
import { beforeAll, describe, expect, test } from 'vitest';
import { attn } from './helpers.js';
import { nodeRunner } from './exercise_runner.js';
import {
  mulberry32, makeRng, deriveSeed, toValue, toNested, formatNumber, parseNumber, parseTensor,
  compareValues, closeEnough, DEFAULT_TOLERANCE, prepare, checkTyped, checkChoice, checkCode, checkCodeRun,
  checkValue, describeResult, renderMarkdown, fillPlaceholders, createProgressStore, compileJsonPack,
  exerciseProblems, validatePack, ExerciseError, loadExercise,
} from '../../web/exercises/index.js';

beforeAll(() => attn.ready());

const text = (s) => ({ ja: `${s}（ja）`, en: s });
const v = (x) => toValue(x);
const words = (result, prepared, lang = 'en') => { const d = describeResult(result, prepared, lang); return [d.title, ...d.lines].join('\n'); };

/** A small exercise whose answer is softmax(x) from the core, with one declared mistake. */
const SOFTMAX = {
  id: 'test-softmax', kind: 'vector', title: text('Softmax'), prompt: text('softmax of {{x}}'),
  inputs: (rng) => ({ x: rng.vector(3) }),
  reference: (a, { x }) => a.softmax(a.tensor(Float32Array.from(x))),
  mistakes: [{ id: 'exp-only', label: text('not normalised'), compute: (a, { x }) => x.map(Math.exp) }],
  hints: [text('exp, then divide by the sum')], explanation: text('done: {{answer}}'),
};

describe('seeded generators', () => {
  test('mulberry32 gives the same sequence for the same seed (first values pinned)', () => {
    const a = mulberry32(1), b = mulberry32(1);
    const first = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(first);
    expect(first.map((x) => x.toFixed(6))).toEqual(['0.627074', '0.002736', '0.527447']);
  });

  test('deriveSeed separates seeds, variants and cases', () => {
    const seeds = new Set();
    for (let s = 0; s < 20; s++) for (let variant = 0; variant < 5; variant++) for (let c = 0; c < 5; c++) seeds.add(deriveSeed(s, variant, c));
    expect(seeds.size).toBe(500);
    expect(deriveSeed(1, 0, 0)).toBe(deriveSeed(1, 0, 0));
  });

  test('vectors are rounded to 2 decimals, ints stay inside [min, max], and normals look standard', () => {
    const rng = makeRng(42);
    for (const x of rng.vector(100)) expect(Math.round(x * 100) / 100).toBe(x);
    const ints = Array.from({ length: 2000 }, () => rng.int(-2, 3));
    expect(new Set(ints)).toEqual(new Set([-2, -1, 0, 1, 2, 3]));
    const n = Array.from({ length: 20000 }, () => rng.normal());
    const mean = n.reduce((a, b) => a + b, 0) / n.length;
    const std = Math.sqrt(n.reduce((a, b) => a + (b - mean) ** 2, 0) / n.length);
    // 20000 samples: the standard error of the mean is 0.007; 0.03 is > 4 of them.
    expect(Math.abs(mean)).toBeLessThan(0.03);
    expect(Math.abs(std - 1)).toBeLessThan(0.03);
  });

  test('prepare() is deterministic for (seed, variant) and changes with either', () => {
    const a = prepare(SOFTMAX, attn, { seed: 3, variant: 1 });
    expect(prepare(SOFTMAX, attn, { seed: 3, variant: 1 }).inputs).toEqual(a.inputs);
    expect(prepare(SOFTMAX, attn, { seed: 4, variant: 1 }).inputs).not.toEqual(a.inputs);
    expect(prepare(SOFTMAX, attn, { seed: 3, variant: 2 }).inputs).not.toEqual(a.inputs);
  });
});

describe('values', () => {
  test('numbers, nested arrays, typed arrays and tensors become {data, shape}', () => {
    expect(v(1.5)).toEqual({ data: [1.5], shape: [] });
    expect(v([[1, 2], [3, 4]])).toEqual({ data: [1, 2, 3, 4], shape: [2, 2] });
    expect(v(new Float32Array([1, 2]))).toEqual({ data: [1, 2], shape: [2] });
    expect(v({ data: new Float32Array([1, 2, 3, 4, 5, 6]), shape: [3, 2] }).shape).toEqual([3, 2]);
    expect(toNested({ data: [1, 2, 3, 4, 5, 6], shape: [3, 2] })).toEqual([[1, 2], [3, 4], [5, 6]]);
  });

  test('unreadable values are named: undefined, ragged rows, a string entry', () => {
    expect(() => v(undefined)).toThrow(expect.objectContaining({ key: 'value.undefined' }));
    expect(() => v([[1, 2], [3]])).toThrow(expect.objectContaining({ key: 'value.ragged' }));
    expect(() => v([1, 'a'])).toThrow(expect.objectContaining({ key: 'value.entry' }));
  });

  test('formatNumber trims zeros, hides -0 and keeps tiny values readable', () => {
    expect(formatNumber(0.5, 4)).toBe('0.5');
    expect(formatNumber(-0.00001, 2)).toBe('-0.00001');
    expect(formatNumber(-0.0000, 4)).toBe('0');
    expect(formatNumber(1 / 3, 4)).toBe('0.3333');
    expect(formatNumber(10, 0)).toBe('10');
    expect(formatNumber(2500, 0)).toBe('2500');
    expect(formatNumber(0.5, 0)).toBe('0.5');
    expect(formatNumber(4718592, 4)).toBe('4718592');
    expect(formatNumber(1234567.89, 4)).toBe('1235000');
    expect(formatNumber(1.8582e18, 3)).toBe('1860000000000000000');
  });
});

describe('parsing typed answers', () => {
  test.each([
    ['0.84', 0.84], ['-1e-3', -0.001], ['−0.5', -0.5], ['sqrt(2)/2', Math.SQRT1_2], ['√8', Math.sqrt(8)],
    ['10000^(2/8)', 10], ['2pi', 2 * Math.PI], ['cos(1)+cos(0.01)', Math.cos(1) + Math.cos(0.01)],
    ['０．５', 0.5], ['3*2^2', 12], ['-2^2', -4], ['e^0', 1], ['2 ** 3', 8],
  ])('%s reads as %d', (s, want) => {
    expect(parseNumber(s).value).toBeCloseTo(want, 12);
  });

  test('bad numbers say what is wrong', () => {
    expect(parseNumber('').error.key).toBe('parse.empty');
    expect(parseNumber('foo').error).toEqual({ key: 'parse.name', params: { name: 'foo' } });
    expect(parseNumber('(1 + 2').error.key).toBe('parse.paren');
    expect(parseNumber('1 +').error.key).toBe('parse.unexpected');
    expect(parseNumber('sqrt 2').error.key).toBe('parse.call');
  });

  test('vectors and matrices: brackets, commas, spaces, lines and semicolons', () => {
    expect(parseTensor('[0.84, 0.54]').value).toEqual([0.84, 0.54]);
    expect(parseTensor('0.84 0.54').value).toEqual([0.84, 0.54]);
    expect(parseTensor('0.84, sqrt(4)').value).toEqual([0.84, 2]);
    expect(parseTensor('[[1, 2], [3, 4]]').value).toEqual([[1, 2], [3, 4]]);
    expect(parseTensor('1 2\n3 4').value).toEqual([[1, 2], [3, 4]]);
    expect(parseTensor('1, 2; 3, 4').value).toEqual([[1, 2], [3, 4]]);
    expect(parseTensor('1 2\n3').error).toEqual({ key: 'parse.rowLength', params: { row: 2, got: 1, want: 2 } });
    expect(parseTensor('[1, 2').error.key).toBe('parse.bracket');
  });
});

describe('comparison and tolerance', () => {
  const tol = { abs: 0.01, rel: 0.01 };

  test('an entry passes when |got - want| <= abs + rel·|want| (boundary both sides)', () => {
    expect(closeEnough(1.0199, 1, tol)).toBe(true); // allowed 0.02
    expect(closeEnough(1.0201, 1, tol)).toBe(false);
    expect(closeEnough(1009, 1000, tol)).toBe(true); // allowed 10.01
    expect(closeEnough(1011, 1000, tol)).toBe(false);
    expect(closeEnough(-Infinity, -Infinity, tol)).toBe(true);
    expect(closeEnough(0, -Infinity, tol)).toBe(false);
  });

  test('the exercise tolerance replaces the default per field', () => {
    const ex = { ...SOFTMAX, tolerance: { abs: 0 } };
    const p = prepare(ex, attn);
    expect(p.tolerance).toEqual({ abs: 0, rel: DEFAULT_TOLERANCE.typed.rel });
    const exact = Array.from(p.expected.data);
    expect(checkValue(p, exact.map((x) => x * (1 + 0.009))).correct).toBe(true);
    expect(checkValue(p, exact.map((x) => x * (1 + 0.011))).correct).toBe(false);
  });

  test('size-1 dims are ignored: [1, 3] matches [3]', () => {
    expect(compareValues(v([[1, 2, 3]]), v([1, 2, 3]), tol).equal).toBe(true);
  });

  test('a transposed answer is named, and recognised as right-but-transposed', () => {
    const want = v([[1, 2, 3], [4, 5, 6], [7, 8, 9], [10, 11, 12]]); // 4×3
    const got = v([[1, 4, 7, 10], [2, 5, 8, 11], [3, 6, 9, 12]]); // 3×4
    expect(compareValues(got, want, tol)).toMatchObject({ reason: 'shape', transposed: true, transposedValues: true });
    const code = { exercise: { kind: 'code', mistakes: [], code: { args: [] } }, cases: [{ expected: want, args: [] }] };
    const result = checkCodeRun({ ...code, tolerance: tol }, { status: 'ok', results: [{ value: [[1, 4, 7, 10], [2, 5, 8, 11], [3, 6, 9, 12]] }] });
    expect(words(result, code)).toContain('You returned 3×4, expected 4×3.\nDid you transpose?');
  });

  test('reshaped and wrongly sized answers are told apart', () => {
    expect(compareValues(v([1, 2, 3, 4]), v([[1, 2], [3, 4]]), tol)).toMatchObject({ reason: 'shape', reshaped: true });
    expect(compareValues(v([1, 2, 3]), v([1, 2, 3, 4]), tol)).toMatchObject({ reason: 'shape', got: [3], want: [4] });
  });

  test('NaN and Infinity are reported where they are', () => {
    expect(compareValues(v([[1, 2], [NaN, 4]]), v([[1, 2], [3, 4]]), tol)).toMatchObject({ reason: 'nonfinite', position: [1, 0] });
    expect(compareValues(v([1, Infinity]), v([1, 2]), tol)).toMatchObject({ reason: 'nonfinite', index: 1, value: Infinity });
  });

  test('a mismatch gives the first differing index, both values and how many differ', () => {
    expect(compareValues(v([[1, 2], [3, 5], [9, 9]]), v([[1, 2], [3, 4], [5, 6]]), tol)).toMatchObject({
      reason: 'mismatch', index: 3, position: [1, 1], got: 5, want: 4, count: 3, total: 6,
    });
  });
});

describe('checking', () => {
  test('typed answers: right, declared mistake, plain mismatch, unreadable, empty', () => {
    const p = prepare(SOFTMAX, attn);
    const right = Array.from(p.expected.data, (x) => x.toFixed(3)).join(', ');
    expect(checkTyped(p, `[${right}]`)).toMatchObject({ correct: true, counts: true });
    const exp = p.inputs.x.map((x) => Math.exp(x).toFixed(4)).join(' ');
    expect(checkTyped(p, exp)).toMatchObject({ correct: false, reason: 'mistake', mistake: 'exp-only', counts: true });
    expect(checkTyped(p, '[1, 0, 0]')).toMatchObject({ reason: 'mismatch', counts: true });
    expect(checkTyped(p, '[1, 0, zz]')).toMatchObject({ reason: 'parse', counts: false });
    expect(checkTyped(p, '  ')).toMatchObject({ reason: 'empty', counts: false });
  });

  test('a mistake that gives the right answer on these inputs is not named', () => {
    const ex = { ...SOFTMAX, mistakes: [{ id: 'same', label: text('same'), compute: (a, i) => SOFTMAX.reference(a, i) }] };
    const p = prepare(ex, attn);
    expect(checkTyped(p, '[1, 0, 0]').reason).toBe('mismatch');
  });

  test('choice: the index, a declared wrong option, another wrong option, nothing chosen', () => {
    const ex = {
      id: 'c', kind: 'choice', title: text('t'), prompt: text('p'), choices: [text('a'), text('b'), text('c')],
      reference: 1, mistakes: [{ id: 'picked-a', choice: 0, label: text('a is tempting') }], hints: [text('h')], explanation: text('e'),
    };
    const p = prepare(ex, attn);
    expect(checkChoice(p, 1).correct).toBe(true);
    expect(checkChoice(p, 0)).toMatchObject({ reason: 'mistake', mistake: 'picked-a' });
    expect(checkChoice(p, 2)).toMatchObject({ reason: 'choice' });
    expect(checkChoice(p, null)).toMatchObject({ reason: 'empty', counts: false });
  });

  const DOUBLE = {
    id: 'double', kind: 'code', title: text('t'), prompt: text('p'), hints: [text('h')], explanation: text('e'),
    inputs: (rng, { caseIndex }) => ({ x: rng.vector(caseIndex + 2) }),
    reference: (a, { x }) => a.matmul(a.tensor(Float32Array.from(x), [x.length, 1]), a.tensor(new Float32Array([2]), [1, 1])),
    mistakes: [{ id: 'tripled', label: text('tripled'), compute: (a, { x }) => x.map((y) => 3 * y) }],
    code: { entry: 'twice', args: ['x'], cases: 3, starter: 'function twice(x) {}', solution: 'function twice(x) { return x.map((y) => 2 * y); }' },
  };

  test('code: the solution passes every case; a mistake made on every case is named', async () => {
    const run = nodeRunner();
    const p = prepare(DOUBLE, attn);
    expect(await checkCode(p, DOUBLE.code.solution, run)).toMatchObject({ correct: true, passed: 3, total: 3 });
    expect(await checkCode(p, 'function twice(x) { return x.map((y) => 3 * y); }', run)).toMatchObject({ reason: 'mistake', mistake: 'tripled' });
  });

  test('code: the first failing case is reported with its inputs', async () => {
    const p = prepare(DOUBLE, attn);
    const result = await checkCode(p, 'function twice(x) { return x.map((y, i) => (i === 2 ? 0 : 2 * y)); }', nodeRunner());
    expect(result).toMatchObject({ reason: 'mismatch', caseIndex: 1, passed: 1, total: 3 });
    const d = describeResult(result, p, 'en');
    expect(d.title).toBe('Case 2 of 3 fails (1 passed).');
    expect(d.lines[0]).toMatch(/^At `\[2\]`: expected `-?[\d.]+`, got `0`\.$/);
    expect(d.inputs).toBe(`x = [${p.cases[1].args[0].join(', ')}]`);
  });

  test('code: compile errors, a missing function, a throw, a missing return, a timeout', async () => {
    const run = nodeRunner({ timeoutMs: 200 });
    const p = prepare(DOUBLE, attn);
    expect(await checkCode(p, 'function twice(x) { return x.map((y) => 2 * y) ', run)).toMatchObject({ reason: 'compile' });
    expect(await checkCode(p, 'function double(x) { return x; }', run)).toMatchObject({ reason: 'missing-entry' });
    expect(await checkCode(p, 'function twice(x) { throw new RangeError("no"); }', run)).toMatchObject({ reason: 'error', caseIndex: 0, error: 'RangeError: no' });
    const noReturn = await checkCode(p, 'function twice(x) { x.map((y) => 2 * y); }', run);
    expect(noReturn).toMatchObject({ reason: 'value' });
    expect(words(noReturn, p)).toMatch(/did you forget `return`/);
    expect(await checkCode(p, 'function twice(x) { for (;;) {} }', run)).toMatchObject({ reason: 'timeout', counts: true });
    expect(await checkCode(p, '', run)).toMatchObject({ reason: 'empty', counts: false });
    expect(checkCodeRun(p, { status: 'unavailable', error: 'blocked' })).toMatchObject({ reason: 'unavailable', counts: false });
  });

  test('a reference that throws is reported as the author\'s error, naming the exercise', () => {
    const ex = { ...SOFTMAX, reference: (a) => a.softmax(new Float64Array(3)) };
    expect(() => prepare(ex, attn)).toThrow(/exercise "test-softmax": reference\(\) failed for inputs .*Float32Array/);
  });
});

describe('feedback words', () => {
  test('Japanese and English exist for every result, and the declared mistake label is used', () => {
    const p = prepare(SOFTMAX, attn);
    const result = checkTyped(p, p.inputs.x.map((x) => Math.exp(x)).join(' '));
    expect(words(result, p, 'en')).toBe('Not quite — this looks like a common mistake: not normalised');
    expect(words(result, p, 'ja')).toBe('惜しい — よくある間違いのようです：not normalised（ja）');
    const nan = checkValue(p, [NaN, 0, 0]);
    expect(words(nan, p)).toMatch(/There is `NaN` at `\[0\]` \(number 1\)\.\nNaN comes from 0\/0/);
  });
});

describe('Markdown', () => {
  test('escapes HTML, keeps maths for the renderer, and only allows safe links', () => {
    const html = renderMarkdown('<img src=x onerror=alert(1)> **b** $x<y$ [ok](https://a.b) [no](javascript:alert(1))', { tex: (s) => `[${s}]` });
    expect(html).toBe('<p>&lt;img src=x onerror=alert(1)&gt; <strong>b</strong> [x<y] <a href="https://a.b" target="_blank" rel="noopener">ok</a> [no](javascript:alert(1))</p>');
  });

  test('without a TeX renderer maths shows as escaped source', () => {
    expect(renderMarkdown('$a<b$')).toBe('<p><code class="tex">a&lt;b</code></p>');
  });

  test('placeholders show inputs as text or TeX with chosen decimals', () => {
    expect(fillPlaceholders('{{q}} {{q|tex|1}} {{n|2}} {{missing}}', { q: [0.25, 1], n: 1 / 3 })).toBe('[0.25, 1] \\begin{bmatrix}0.3 & 1\\end{bmatrix} 0.33 {{missing}}');
  });
});

describe('progress', () => {
  const memory = () => {
    const m = new Map([['other.key', 'keep']]);
    return { getItem: (k) => m.get(k) ?? null, setItem: (k, val) => m.set(k, val), removeItem: (k) => m.delete(k), key: (i) => [...m.keys()][i] ?? null, get length() { return m.size; }, m };
  };

  test('attempts count, solved sticks, hints and reveal are remembered, reset forgets', () => {
    const storage = memory();
    const store = createProgressStore(storage);
    expect(store.get('a')).toEqual({ attempts: 0, solved: false, revealed: false, hints: 0 });
    store.record('a', { correct: false });
    store.record('a', { correct: true });
    store.record('a', { correct: false });
    store.update('a', { hints: 2 });
    expect(createProgressStore(storage).get('a')).toEqual({ attempts: 3, solved: true, revealed: false, hints: 2 });
    expect(JSON.parse(storage.m.get('attnscope.exercise.a')).attempts).toBe(3);
    store.reset('a');
    expect(store.get('a').attempts).toBe(0);
  });

  test('resetAll removes only attnscope entries; broken JSON reads as fresh', () => {
    const storage = memory();
    const store = createProgressStore(storage);
    store.record('x', { correct: true });
    storage.setItem('attnscope.exercise.y', '{broken');
    expect(store.get('y').attempts).toBe(0);
    store.resetAll();
    expect([...storage.m.keys()]).toEqual(['other.key']);
  });
});

describe('JSON packs', () => {
  const PACK = {
    pack: 'test-pack',
    exercises: [{
      id: 'norm', kind: 'number', title: text('n'), prompt: text('‖PE({{pos}})‖ for d = {{d}}'),
      inputs: { d: 8, pos: { random: 'int', min: 1, max: 9, first: 3 }, row: { pick: [{ call: 'sinusoidalPositionalEncoding', args: [10, '$d'] }, '$pos'] } },
      reference: { norm: '$row' },
      mistakes: [{ id: 'sqrt-d', label: text('√d'), compute: { sqrt: '$d' } }],
      hints: [text('pairs')], explanation: text('{{answer}}'),
    }, {
      id: 'weights', kind: 'matrix', title: text('w'), prompt: text('p'),
      inputs: { Q: { random: 'normal', shape: [2, 3] }, K: { random: 'uniform', shape: [4, 3], min: -1, max: 1, round: 1 }, V: [[1], [2], [3], [4]] },
      reference: { pick: [{ call: 'scaledDotProductAttention', args: ['$Q', '$K', '$V', { returnWeights: true }] }, 'weights'] },
      hints: [text('h')], explanation: text('e'),
    }],
  };

  test('specs call attnscope: the norm is sqrt(d/2), first = the lecture variant, √d is a named mistake', () => {
    const { pack, exercises } = compileJsonPack(structuredClone(PACK));
    expect(pack).toBe('test-pack');
    const p = prepare(exercises[0], attn);
    expect(p.inputs.pos).toBe(3);
    expect(p.expected.data[0]).toBeCloseTo(2, 5);
    expect(checkTyped(p, 'sqrt(8)')).toMatchObject({ reason: 'mistake', mistake: 'sqrt-d' });
    expect(prepare(exercises[0], attn, { variant: 5 }).inputs.pos).not.toBe(undefined);
  });

  test('random inputs have their shape and rounding; tensors come from nested arrays', () => {
    const { exercises } = compileJsonPack(structuredClone(PACK));
    const p = prepare(exercises[1], attn);
    expect(p.inputs.Q).toHaveLength(2);
    expect(p.inputs.K.flat().every((x) => Math.round(x * 10) / 10 === x && x >= -1 && x <= 1)).toBe(true);
    expect(p.expected.shape).toEqual([2, 4]);
  });

  test('bad packs are refused with the reason', () => {
    expect(() => compileJsonPack({ exercises: [] })).toThrow(/"pack" must be a kebab-case name/);
    const bad = structuredClone(PACK);
    bad.exercises[0].reference = { call: 'noSuchFunction', args: [] };
    const { exercises } = compileJsonPack(bad);
    expect(() => prepare(exercises[0], attn)).toThrow(/attnscope has no function "noSuchFunction"/);
  });
});

describe('schema', () => {
  test('lists every problem, naming the field', () => {
    const problems = exerciseProblems({ id: 'Bad Id', kind: 'essay', title: { ja: 'x' }, prompt: text('p'), hints: [], explanation: text('e'), colour: 1 });
    expect(problems).toEqual(expect.arrayContaining([
      'colour is not a field of an exercise', 'id must be a kebab-case string such as "rope-relative"',
      'kind must be one of number, vector, matrix, choice, code', 'title.en must be a non-empty string',
      'hints must be a non-empty array of {ja, en}',
    ]));
  });

  test('code exercises need an entry function, args and a solution that defines it', () => {
    const problems = exerciseProblems({ ...SOFTMAX, kind: 'code', code: { entry: 'not valid', args: 'x', starter: 1, solution: 'x' } });
    expect(problems).toEqual(expect.arrayContaining([
      'code.entry must be a JavaScript function name', 'code.args must list the input names passed to the function, in order',
      'code.starter must be a string or {ja, en}', 'code.solution must be JavaScript defining code.entry (the tests run it)',
    ]));
  });

  test('a pack with a repeated id is refused', () => {
    expect(() => validatePack([SOFTMAX, SOFTMAX])).toThrow(ExerciseError);
  });

  test('loadExercise finds built-ins and names the ones it has when an id is unknown', async () => {
    expect((await loadExercise({ id: 'rope-relative' })).key).toBe('rope-relative');
    await expect(loadExercise({ id: 'nope' })).rejects.toThrow(/no exercise "nope" in the built-in pack \(it has: .*rope-relative/);
  });
});
