// Preparing and checking an exercise. prepare() draws the inputs from the
// seed and computes — with attnscope, at run time — the expected value and
// the value of every declared mistake. The check functions compare an
// answer with them and return a result that feedback.js turns into words:
//   {correct, reason, counts, mistake?, caseIndex?, comparison?, ...}
// `counts` is false for submissions that are not attempts (empty input,
// unreadable text, a typed answer of the wrong shape, a sandbox that cannot
// run code).
import { makeRng, deriveSeed } from './random.js';
import { toValue, toNested, formatValue, formatNumber, ValueProblem, isTensor } from './values.js';
import { compareValues, agrees, DEFAULT_TOLERANCE } from './compare.js';
import { parseNumber, parseTensor } from './parse.js';
import { ExerciseError } from './schema.js';

export const TYPED_KINDS = ['number', 'vector', 'matrix'];

/** The exercise's tolerance over the default for its kind. */
export function toleranceOf(ex) {
  return { ...(ex.kind === 'code' ? DEFAULT_TOLERANCE.code : DEFAULT_TOLERANCE.typed), ...ex.tolerance };
}

/** Whether "other numbers" makes sense: inputs come from the seed. */
export const isRandom = (ex) => ex.random ?? typeof ex.inputs === 'function';

function authorError(ex, what, inputs, e) {
  const shown = JSON.stringify(inputs, (k, v) => (ArrayBuffer.isView(v) ? Array.from(v) : v))?.slice(0, 300);
  return new ExerciseError(`exercise "${ex.id}": ${what} failed for inputs ${shown}: ${e?.message ?? e}`);
}

function makeInputs(ex, attn, seed, variant, caseIndex) {
  if (typeof ex.inputs !== 'function') return { ...ex.inputs };
  const rng = makeRng(deriveSeed(seed, variant, caseIndex));
  try {
    return ex.inputs(rng, { attn, variant, caseIndex });
  } catch (e) {
    throw authorError(ex, 'inputs()', { seed, variant, caseIndex }, e);
  }
}

function evaluate(ex, attn, inputs) {
  let expected;
  try {
    expected = toValue(ex.reference(attn, inputs));
  } catch (e) {
    throw authorError(ex, 'reference()', inputs, e);
  }
  const mistakes = (ex.mistakes ?? []).map((m) => {
    try {
      return { id: m.id, value: toValue(m.compute(attn, inputs)) };
    } catch (e) {
      throw authorError(ex, `mistakes "${m.id}"`, inputs, e);
    }
  });
  return { expected, mistakes };
}

/**
 * Draws the inputs for (seed, variant) and computes what answers are
 * compared with. Code exercises get `cases` (one per generated input, the
 * learner's arguments as plain numbers and nested arrays).
 */
export function prepare(ex, attn, { seed = ex.seed ?? 1, variant = 0 } = {}) {
  const base = { exercise: ex, seed, variant, tolerance: toleranceOf(ex) };
  if (ex.kind === 'code') {
    const cases = Array.from({ length: ex.code.cases ?? 4 }, (_, i) => {
      const inputs = makeInputs(ex, attn, seed, variant, i);
      const args = ex.code.args.map((name) => (isTensor(inputs[name]) ? toNested(inputs[name]) : inputs[name]));
      return { inputs, args, ...evaluate(ex, attn, inputs) };
    });
    return { ...base, inputs: cases[0].inputs, cases };
  }
  const inputs = makeInputs(ex, attn, seed, variant, 0);
  if (ex.kind === 'choice') {
    let answer;
    try {
      answer = typeof ex.reference === 'function' ? ex.reference(attn, inputs) : ex.reference;
    } catch (e) {
      throw authorError(ex, 'reference()', inputs, e);
    }
    if (!(Number.isInteger(answer) && answer >= 0 && answer < ex.choices.length)) {
      throw new ExerciseError(`exercise "${ex.id}": reference gave ${answer}, not an index of choices`);
    }
    return { ...base, inputs, answer };
  }
  return { ...base, inputs, ...evaluate(ex, attn, inputs) };
}

/** Names the first declared mistake that `got` matches (and that differs from the answer). */
function findMistake(gotList, expectedList, mistakeLists, tol) {
  const ids = mistakeLists[0]?.map((m) => m.id) ?? [];
  return ids.find((id, k) => {
    let differs = false;
    for (let c = 0; c < gotList.length; c++) {
      const m = mistakeLists[c][k].value;
      if (!agrees(gotList[c], m, tol)) return false;
      if (!agrees(m, expectedList[c], tol)) differs = true;
    }
    return differs;
  });
}

function judge(got, prepared) {
  const comparison = compareValues(got, prepared.expected, prepared.tolerance);
  if (comparison.equal) return { correct: true, reason: 'correct', counts: true };
  const mistake = findMistake([got], [prepared.expected], [prepared.mistakes], prepared.tolerance);
  // A wrong shape is a slip in the format, not an attempt at the numbers: it
  // does not count towards unlocking "show the answer" (unless it is a declared mistake).
  return { correct: false, reason: mistake ? 'mistake' : comparison.reason, counts: !!mistake || comparison.reason !== 'shape', mistake, comparison };
}

/** Checks a typed answer (number, vector or matrix text). */
export function checkTyped(prepared, text) {
  const parsed = prepared.exercise.kind === 'number' ? parseNumber(text) : parseTensor(text);
  if (parsed.error) {
    const empty = parsed.error.key === 'parse.empty';
    return { correct: false, reason: empty ? 'empty' : 'parse', counts: false, problem: parsed.error };
  }
  return judge(toValue(parsed.value), prepared);
}

/** Checks a value directly (a number, nested arrays or a tensor). */
export function checkValue(prepared, value) {
  try {
    return judge(toValue(value), prepared);
  } catch (e) {
    if (e instanceof ValueProblem) return { correct: false, reason: 'value', counts: true, problem: { key: e.key, params: e.params } };
    throw e;
  }
}

/** Checks the index of the chosen option (null: nothing chosen). */
export function checkChoice(prepared, index) {
  if (index === null || index === undefined) return { correct: false, reason: 'empty', counts: false };
  if (index === prepared.answer) return { correct: true, reason: 'correct', counts: true, choice: index };
  const mistake = prepared.exercise.mistakes?.find((m) => m.choice === index)?.id;
  return { correct: false, reason: mistake ? 'mistake' : 'choice', counts: true, mistake, choice: index };
}

/**
 * Checks what a runner reported for the learner's function:
 * {status: 'ok', results: [{value} | {error, line?}]} or
 * {status: 'compile-error' | 'missing-entry' | 'timeout' | 'unavailable', error?}
 * (a compile error may say where: line, column, in the learner's text).
 */
export function checkCodeRun(prepared, run) {
  const total = prepared.cases.length;
  const fail = (reason, extra = {}) => ({ correct: false, reason, counts: reason !== 'unavailable', total, ...extra });
  if (run.status === 'compile-error') return fail('compile', { error: run.error, line: run.line, column: run.column });
  if (run.status !== 'ok') return fail(run.status, { error: run.error });
  const got = [];
  for (let c = 0; c < total; c++) {
    const r = run.results[c];
    if (!r || 'error' in r) return fail('error', { caseIndex: c, error: r?.error ?? 'no result', line: r?.line });
    try {
      got.push(toValue(r.value));
    } catch (e) {
      if (!(e instanceof ValueProblem)) throw e;
      return fail('value', { caseIndex: c, problem: { key: e.key, params: e.params } });
    }
  }
  const comparisons = got.map((g, c) => compareValues(g, prepared.cases[c].expected, prepared.tolerance));
  const failing = comparisons.findIndex((cmp) => !cmp.equal);
  if (failing < 0) return { correct: true, reason: 'correct', counts: true, passed: total, total };
  const mistake = findMistake(got, prepared.cases.map((c) => c.expected), prepared.cases.map((c) => c.mistakes), prepared.tolerance);
  const passed = comparisons.filter((cmp) => cmp.equal).length;
  return fail(mistake ? 'mistake' : comparisons[failing].reason, { mistake, caseIndex: failing, comparison: comparisons[failing], passed });
}

/** Runs `code` with `runner` ({code, entry, cases}) => Promise<run> and checks it. */
export async function checkCode(prepared, code, runner) {
  if (!String(code).trim()) return { correct: false, reason: 'empty', counts: false, total: prepared.cases.length };
  const { entry } = prepared.exercise.code;
  const run = await runner({ code: String(code), entry, cases: prepared.cases.map((c) => c.args) });
  return checkCodeRun(prepared, run);
}

/**
 * The answer as a learner would type it (typed kinds; a matrix one row per
 * line), the option index (choice) or the solution (code).
 */
export function revealAnswer(prepared) {
  const ex = prepared.exercise;
  if (ex.kind === 'choice') return prepared.answer;
  if (ex.kind === 'code') return ex.code.solution.trim();
  const digits = ex.answer?.digits ?? 4;
  const nested = toNested(prepared.expected);
  if (Array.isArray(nested) && nested.every(Array.isArray) && nested[0].every((x) => typeof x === 'number')) {
    return nested.map((row) => row.map((x) => formatNumber(x, digits)).join('  ')).join('\n');
  }
  return formatValue(prepared.expected, digits);
}
