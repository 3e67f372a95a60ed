// The exercise schema (docs/EXERCISES.md explains every field). An exercise
// is a plain object; a pack module exports an array of them. JSON packs are
// compiled into the same form first (json-pack.js). validateExercise lists
// every problem at once, each naming the field as the author wrote it.

export const KINDS = ['number', 'vector', 'matrix', 'choice', 'code'];
export const LANGUAGES = ['ja', 'en'];
const ID = /^[a-z0-9][a-z0-9-]*$/;
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
const FIELDS = [
  'id', 'kind', 'topic', 'title', 'prompt', 'seed', 'inputs', 'reference', 'tolerance',
  'choices', 'mistakes', 'hints', 'explanation', 'answer', 'code', 'random',
];

export class ExerciseError extends Error {
  constructor(message, problems = []) {
    super(message);
    this.name = 'ExerciseError';
    this.problems = problems;
  }
}

const isObject = (x) => x !== null && typeof x === 'object' && !Array.isArray(x);

function checkText(value, name, problems) {
  if (!isObject(value)) { problems.push(`${name} must be {ja: '…', en: '…'} (Markdown)`); return; }
  for (const l of LANGUAGES) {
    if (typeof value[l] !== 'string' || !value[l].trim()) problems.push(`${name}.${l} must be a non-empty string`);
  }
}

const isTolerance = (v) => typeof v === 'number' && v >= 0;

function checkTolerance(tol, problems) {
  if (tol === undefined) return;
  if (!isObject(tol)) { problems.push('tolerance must be {abs, rel}'); return; }
  for (const k of Object.keys(tol)) {
    if (k !== 'abs' && k !== 'rel') problems.push(`tolerance.${k} is not a field (abs, rel)`);
    else if (!(isTolerance(tol[k]) || (Array.isArray(tol[k]) && tol[k].length > 0 && tol[k].every(isTolerance)))) {
      problems.push(`tolerance.${k} must be a number ≥ 0 or a non-empty array of them (one per entry)`);
    }
  }
}

function checkMistakes(ex, problems) {
  if (ex.mistakes === undefined) return;
  if (!Array.isArray(ex.mistakes)) { problems.push('mistakes must be an array'); return; }
  const seen = new Set();
  ex.mistakes.forEach((m, i) => {
    const at = `mistakes[${i}]`;
    if (!isObject(m)) { problems.push(`${at} must be an object`); return; }
    if (typeof m.id !== 'string' || !ID.test(m.id)) problems.push(`${at}.id must be a kebab-case string`);
    else if (seen.has(m.id)) problems.push(`${at}.id "${m.id}" is used twice`);
    seen.add(m.id);
    checkText(m.label, `${at}.label`, problems);
    if (m.explain !== undefined) checkText(m.explain, `${at}.explain`, problems);
    if (ex.kind === 'choice') {
      if (!Number.isInteger(m.choice)) problems.push(`${at}.choice must be the index of the wrong choice`);
    } else if (typeof m.compute !== 'function') {
      problems.push(`${at}.compute must be a function (attn, inputs) => the value this mistake gives`);
    }
  });
}

function checkCode(code, problems) {
  if (!isObject(code)) { problems.push('code must be {entry, args, starter, solution, cases}'); return; }
  if (typeof code.entry !== 'string' || !IDENTIFIER.test(code.entry)) problems.push('code.entry must be a JavaScript function name');
  if (!Array.isArray(code.args) || !code.args.every((a) => typeof a === 'string')) problems.push('code.args must list the input names passed to the function, in order');
  if (typeof code.starter !== 'string' && !isObject(code.starter)) problems.push('code.starter must be a string or {ja, en}');
  if (isObject(code.starter)) checkText(code.starter, 'code.starter', problems);
  if (typeof code.solution !== 'string' || !code.solution.includes(code.entry)) problems.push('code.solution must be JavaScript defining code.entry (the tests run it)');
  if (code.cases !== undefined && !(Number.isInteger(code.cases) && code.cases >= 1 && code.cases <= 50)) problems.push('code.cases must be an integer from 1 to 50');
}

/** The list of problems of one exercise ([] when it is valid). */
export function exerciseProblems(ex) {
  const problems = [];
  if (!isObject(ex)) return ['an exercise must be an object'];
  for (const k of Object.keys(ex)) if (!FIELDS.includes(k)) problems.push(`${k} is not a field of an exercise`);
  if (typeof ex.id !== 'string' || !ID.test(ex.id)) problems.push('id must be a kebab-case string such as "rope-relative"');
  if (!KINDS.includes(ex.kind)) problems.push(`kind must be one of ${KINDS.join(', ')}`);
  checkText(ex.title, 'title', problems);
  checkText(ex.prompt, 'prompt', problems);
  checkText(ex.explanation, 'explanation', problems);
  if (!Array.isArray(ex.hints) || ex.hints.length === 0) problems.push('hints must be a non-empty array of {ja, en}');
  else ex.hints.forEach((h, i) => checkText(h, `hints[${i}]`, problems));
  if (ex.seed !== undefined && !(Number.isInteger(ex.seed) && ex.seed >= 0)) problems.push('seed must be a non-negative integer');
  if (ex.inputs !== undefined && typeof ex.inputs !== 'function' && !isObject(ex.inputs)) problems.push('inputs must be an object or a function (rng, ctx) => object');
  if (ex.random !== undefined && typeof ex.random !== 'boolean') problems.push('random must be true or false');
  const refOk = typeof ex.reference === 'function' || (ex.kind === 'choice' && Number.isInteger(ex.reference));
  if (!refOk) problems.push(ex.kind === 'choice' ? 'reference must be the correct index or a function (attn, inputs) => index' : 'reference must be a function (attn, inputs) => value that calls attnscope');
  checkTolerance(ex.tolerance, problems);
  checkMistakes(ex, problems);
  if (ex.kind === 'choice') {
    if (!Array.isArray(ex.choices) || ex.choices.length < 2) problems.push('choices must list at least two {ja, en} options');
    else ex.choices.forEach((c, i) => checkText(c, `choices[${i}]`, problems));
  } else if (ex.choices !== undefined) problems.push('choices is only for kind "choice"');
  if (ex.kind === 'code') checkCode(ex.code, problems);
  else if (ex.code !== undefined) problems.push('code is only for kind "code"');
  if (ex.answer !== undefined) {
    if (!isObject(ex.answer)) problems.push('answer must be {digits, placeholder}');
    else {
      if (ex.answer.digits !== undefined && !(Number.isInteger(ex.answer.digits) && ex.answer.digits >= 0 && ex.answer.digits <= 10)) problems.push('answer.digits must be an integer from 0 to 10');
      if (ex.answer.placeholder !== undefined) checkText(ex.answer.placeholder, 'answer.placeholder', problems);
    }
  }
  return problems;
}

/** Throws an ExerciseError listing every problem; returns the exercise. */
export function validateExercise(ex) {
  const problems = exerciseProblems(ex);
  if (problems.length) {
    const name = typeof ex?.id === 'string' ? `exercise "${ex.id}"` : 'an exercise';
    throw new ExerciseError(`${name} is not valid:\n- ${problems.join('\n- ')}`, problems);
  }
  return ex;
}

/** Validates every exercise of a pack and that ids are unique; returns the list. */
export function validatePack(exercises, name = 'pack') {
  if (!Array.isArray(exercises)) throw new ExerciseError(`${name} must be an array of exercises`);
  const seen = new Set();
  for (const ex of exercises) {
    validateExercise(ex);
    if (seen.has(ex.id)) throw new ExerciseError(`${name}: the id "${ex.id}" is used twice`);
    seen.add(ex.id);
  }
  return exercises;
}
