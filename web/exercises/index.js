// attnscope/exercises: the exercise engine, usable in Node (tests, authors
// checking their packs) and in pages. The DOM parts are elsewhere:
// <attn-exercise> in web/widgets, the code sandbox in ./sandbox.
export { KINDS, ExerciseError, exerciseProblems, validateExercise, validatePack } from './engine/schema.js';
export { mulberry32, deriveSeed, makeRng, round } from './engine/random.js';
export { toValue, toNested, tensorOf, formatNumber, formatValue, texValue } from './engine/values.js';
export { parseNumber, parseTensor } from './engine/parse.js';
export { DEFAULT_TOLERANCE, compareValues, closeEnough } from './engine/compare.js';
export {
  prepare, checkTyped, checkValue, checkChoice, checkCode, checkCodeRun, revealAnswer, toleranceOf, isRandom,
} from './engine/check.js';
export { describeResult, formatInputs, say } from './engine/feedback.js';
export { renderMarkdown, fillPlaceholders, escapeHtml } from './engine/markdown.js';
export { createProgressStore } from './engine/progress.js';
export { compileJsonPack, compileJsonExercise, evaluateSpec } from './engine/json-pack.js';
export { loadExercise, loadBuiltinPack, BUILTIN_PACK } from './load.js';
