// Turns a check result into words, in Japanese or English: what failed,
// where, and — when the exercise declares it — which common mistake the
// answer matches. Output: {tone: 'good'|'bad'|'info', title, lines, inputs?}
// where title and lines are Markdown (values in `code`) and inputs is plain
// text (the failing case's arguments, for a <pre>).
import { formatNumber, formatValue, shapeWords } from './values.js';
import { MESSAGES } from './messages.js';

/** One engine message in `lang` with {name} placeholders filled. */
export function say(key, params = {}, lang = 'en') {
  const text = MESSAGES[lang]?.[key] ?? MESSAGES.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (m, name) => (name in params ? String(params[name]) : m));
}

const pick = (text, lang) => (text ? text[lang] ?? text.en : '');
const shapeText = (shape, lang) => { const w = shapeWords(shape); return say(w.key, w.params, lang); };

function positionText(position, typed, lang) {
  if (!position.length) return '';
  const at = `\`[${position.join(', ')}]\``;
  if (!typed) return at;
  if (position.length === 1) return say('at.vector', { at, n: position[0] + 1 }, lang);
  if (position.length === 2) return say('at.matrix', { at, row: position[0] + 1, col: position[1] + 1 }, lang);
  return at;
}

function shapeLines(cmp, lang, code) {
  const params = { got: shapeText(cmp.got, lang), want: shapeText(cmp.want, lang) };
  const lines = [say(code ? 'shape.code' : 'shape.typed', params, lang)];
  if (cmp.transposedValues) lines.push(say('shape.transposedValues', {}, lang));
  else if (cmp.transposed) lines.push(say('shape.transposed', {}, lang));
  else if (cmp.reshaped) lines.push(say('shape.reshaped', {}, lang));
  return lines;
}

function comparisonLines(cmp, lang, code) {
  if (cmp.reason === 'shape') return shapeLines(cmp, lang, code);
  const at = positionText(cmp.position, !code, lang);
  if (cmp.reason === 'nonfinite') {
    const value = formatNumber(cmp.value);
    return [say('nonfinite', { value: `\`${value}\``, at: at || say('at.answer', {}, lang) }, lang),
      say(Number.isNaN(cmp.value) ? 'nonfinite.nan' : 'nonfinite.inf', {}, lang)];
  }
  const digits = code ? 6 : 4;
  const got = `\`${formatNumber(cmp.got, digits)}\``;
  if (code) {
    const want = `\`${formatNumber(cmp.want, digits)}\``;
    const lines = [say(at ? 'mismatch.code' : 'mismatch.codeScalar', { at, want, got }, lang)];
    if (cmp.total > 1) lines.push(say('mismatch.count', { count: cmp.count, total: cmp.total, worst: formatNumber(cmp.worst, digits) }, lang));
    return lines;
  }
  const direction = say(cmp.got > cmp.want ? 'mismatch.high' : 'mismatch.low', {}, lang);
  if (cmp.total === 1) return [say('mismatch.scalar', { got, direction }, lang)];
  return [say('mismatch.typed', { count: cmp.count, total: cmp.total }, lang),
    say('mismatch.first', { at, got, direction }, lang)];
}

/** The inputs of a code case as `name = value` lines (matrices one row per line). */
export function formatInputs(args, names) {
  return names.map((name, i) => {
    const v = args[i];
    if (typeof v === 'number' || Array.isArray(v)) {
      const text = Array.isArray(v) && Array.isArray(v[0])
        ? `[${v.map((row) => formatValue(row, 4)).join(`,\n${' '.repeat(name.length + 4)}`)}]`
        : formatValue(v, 4);
      return `${name} = ${text}`;
    }
    return `${name} = ${JSON.stringify(v)}`;
  }).join('\n');
}

/** Words for a result of check.js, for `prepared` (from prepare()), in `lang`. */
export function describeResult(result, prepared, lang = 'en') {
  const ex = prepared.exercise;
  const code = ex.kind === 'code';
  const caseNo = { case: (result.caseIndex ?? 0) + 1, total: result.total };
  if (result.correct) {
    return { tone: 'good', title: say(code ? 'correct.code' : 'correct', { total: result.total }, lang), lines: [] };
  }
  const out = { tone: 'bad', title: '', lines: [] };
  const mistake = result.mistake && ex.mistakes.find((m) => m.id === result.mistake);
  switch (result.reason) {
    case 'empty': return { tone: 'info', title: say(`empty.${code ? 'code' : ex.kind === 'choice' ? 'choice' : 'typed'}`, {}, lang), lines: [] };
    case 'parse': return { tone: 'info', title: say('parse.title', {}, lang), lines: [say(result.problem.key, result.problem.params, lang), say('parse.help', {}, lang)] };
    case 'unavailable': return { tone: 'info', title: say('unavailable', {}, lang), lines: result.error ? [`\`${result.error}\``] : [] };
    case 'timeout': return { tone: 'bad', title: say('timeout', {}, lang), lines: [say('timeout.more', {}, lang)] };
    case 'compile': return {
      tone: 'bad', title: say('compile', {}, lang),
      lines: [`\`${result.error}\`${result.line ? say('compile.at', { line: result.line, column: result.column ?? '?' }, lang) : ''}`],
    };
    case 'missing-entry': return { tone: 'bad', title: say('missingEntry', { entry: ex.code.entry }, lang), lines: [] };
    case 'choice': return { tone: 'bad', title: say('choice.wrong', {}, lang), lines: [] };
    default: break;
  }
  if (code) out.title = say('case.failed', { ...caseNo, passed: result.passed ?? 0 }, lang);
  if (result.reason === 'mistake') {
    out.title = say('mistake', { label: pick(mistake.label, lang) }, lang);
    if (mistake.explain) out.lines.push(pick(mistake.explain, lang));
  } else if (result.reason === 'error') {
    out.lines.push(say('error', { error: `\`${result.error}\``, line: result.line ?? '' }, lang) + (result.line ? say('error.line', { line: result.line }, lang) : ''));
  } else if (result.reason === 'value') {
    out.lines.push(say(result.problem.key, result.problem.params, lang));
  } else {
    if (!code) out.title = say('wrong', {}, lang);
    out.lines.push(...comparisonLines(result.comparison, lang, code));
  }
  if (code && result.reason !== 'mistake') {
    out.inputs = formatInputs(prepared.cases[result.caseIndex].args, ex.code.args);
    out.inputsTitle = say('case.inputs', caseNo, lang);
  }
  return out;
}
