// Plausible wrong answers for every built-in exercise, and the feedback each
// must get. tests/js/exercises_pack.test.js fails for an exercise that has
// fewer than two entries here. An entry:
//   { answer, reason, mistake?, says? }
// - answer: text as a learner types it (number/vector/matrix), the option
//   index (choice), JavaScript source (code), or a function
//   ({inputs, cases}) => one of those, computed from the prepared exercise
//   (seed = the exercise's default, variant 0 — what a lecture page shows);
// - reason: the result's reason ('mistake', 'mismatch', 'shape', 'nonfinite',
//   'error', 'value', 'choice', …); mistake: the declared mistake id expected;
// - says: a RegExp the English feedback (title + lines) must match.
// Compute wrong values independently of the exercise's own mistake code.

const softmaxRows = (m) => m.map((r) => { const e = r.map(Math.exp); const z = e.reduce((a, b) => a + b, 0); return e.map((x) => x / z); });
const scores = (Q, K, scale) => Q.map((q) => K.map((k) => q.reduce((s, x, i) => s + x * k[i], 0) * scale));
const matrixText = (m) => m.map((r) => r.map((x) => x.toFixed(4)).join(' ')).join('\n');

const ROPE_LOOP = (body) => `function rope(x, pos) {
  const D = x.length, y = new Array(D);
  for (let i = 0; i < D / 2; i++) {
    const a = pos * Math.pow(10000, -2 * i / D), c = Math.cos(a), s = Math.sin(a);
    ${body}
  }
  return y;
}`;

const COSINE = (scoreLine, { unit = 'Math.hypot(...r)', returnWeights = false } = {}) => `function cosineAttention(Q, K, V, temperature) {
  const unit = (r) => { const n = ${unit}; return r.map((x) => x / n); };
  const q = Q.map(unit), k = K.map(unit);
  const D = Q[0].length;
  return q.map((qi, i) => {
    const s = k.map((kj, j) => ${scoreLine});
    const m = Math.max(...s), e = s.map((x) => Math.exp(x - m)), z = e.reduce((a, b) => a + b, 0);
    const w = e.map((x) => x / z);
    return ${returnWeights ? 'w' : 'V[0].map((_, c) => w.reduce((acc, wj, j) => acc + wj * V[j][c], 0))'};
  });
}`;
const DOT = 'qi.reduce((acc, x, t) => acc + x * kj[t], 0)';
const RAW_DOT = 'Q[i].reduce((acc, x, t) => acc + x * K[j][t], 0)';

export const WRONG_ANSWERS = {
  'pe-position': [
    { answer: '[cos(1), sin(1), cos(0.01), sin(0.01)]', reason: 'mistake', mistake: 'swapped-sin-cos', says: /sin and cos are swapped/ },
    { answer: '[sin(1), cos(0.1), sin(0.01), cos(0.001)]', reason: 'mistake', mistake: 'exponent-dim-index' },
    { answer: '[0.84, 0.54, 0.01]', reason: 'shape', says: /you gave 3 numbers; the answer has 4 numbers/ },
    { answer: '[0.84, 0.54, 0.5, 1]', reason: 'mismatch', says: /number 3.*too large/ },
  ],
  'pe-norm': [
    { answer: 'sqrt(16)', reason: 'mistake', mistake: 'sqrt-d', says: /used \$\\sqrt\{d_\\text\{model\}\}\$/ },
    { answer: '8', reason: 'mistake', mistake: 'squared-norm' },
    { answer: '3', reason: 'mismatch', says: /`3` is too large/ },
  ],
  'rope-rotate-2d': [
    { answer: '[cos(2) + 0.5*sin(2), -sin(2) + 0.5*cos(2)]', reason: 'mistake', mistake: 'minus-theta' },
    { answer: '[sin(2) - 0.5*cos(2), cos(2) + 0.5*sin(2)]', reason: 'mistake', mistake: 'swapped-sin-cos' },
    { answer: '[1, 0.5]', reason: 'mismatch' },
  ],
  'rope-score-formula': [
    { answer: 0, reason: 'mistake', mistake: 'sign-of-offset', says: /sign of the offset/ },
    { answer: 3, reason: 'mistake', mistake: 'rotations-cancel' },
  ],
  'rope-relative': [
    { answer: ({ inputs: { q, k } }) => String(q.reduce((s, x, i) => s + x * k[i], 0)), reason: 'mistake', mistake: 'no-rotation' },
    { answer: '0', reason: 'mismatch' },
    { answer: 'hello', reason: 'parse', says: /Unknown name “hello”/ },
  ],
  'rope-apply': [
    { answer: ROPE_LOOP('y[2*i] = x[2*i]*c + x[2*i+1]*s; y[2*i+1] = -x[2*i]*s + x[2*i+1]*c;'), reason: 'mistake', mistake: 'minus-theta' },
    { answer: ROPE_LOOP('y[2*i] = x[2*i]*s - x[2*i+1]*c; y[2*i+1] = x[2*i]*c + x[2*i+1]*s;'), reason: 'mistake', mistake: 'swapped-sin-cos' },
    { answer: 'function rope(x, pos) { return x; }', reason: 'mismatch', says: /Case 1 of 5 fails.*At `\[0\]`: expected/s },
    { answer: 'function rope(x, pos) { x.map((v) => v * 2); }', reason: 'value', says: /did you forget `return`/ },
    { answer: 'function rope(x, pos) { return x[pos].foo.length; }', reason: 'error', says: /TypeError: Cannot read/ },
  ],
  'softmax-masked': [
    { answer: ({ inputs: { x } }) => { const e = x.map((v) => Math.exp(v === -Infinity ? 0 : v)); const z = e.reduce((a, b) => a + b, 0); return `[${e.map((v) => v / z).join(', ')}]`; }, reason: 'mistake', mistake: 'masked-as-zero' },
    { answer: '[e, e^2, 0, e^3]', reason: 'mistake', mistake: 'not-normalised' },
    { answer: '[0.09, 0.24, 0.67]', reason: 'shape' },
  ],
  'attention-weights': [
    { answer: ({ inputs: { Q, K } }) => matrixText(softmaxRows(scores(Q, K, 1))), reason: 'mistake', mistake: 'forgot-sqrt-d', says: /forgot to divide by/ },
    { answer: ({ inputs: { Q, K } }) => matrixText(softmaxRows(scores(Q, K, 1 / Math.SQRT2))[0].map((_, j) => softmaxRows(scores(Q, K, 1 / Math.SQRT2)).map((r) => r[j]))), reason: 'shape', says: /You gave|you gave 3×2.*rows and columns are swapped/s },
    { answer: ({ inputs: { Q, K } }) => matrixText(scores(Q, K, 1 / Math.SQRT2)), reason: 'mistake', mistake: 'scores-not-weights' },
  ],
  'cosine-attention': [
    { answer: COSINE(`${RAW_DOT} / temperature`), reason: 'mistake', mistake: 'not-normalised' },
    { answer: COSINE(`${DOT} / (temperature * Math.sqrt(D))`), reason: 'mistake', mistake: 'extra-sqrt-d' },
    { answer: COSINE(`${DOT} / temperature`, { returnWeights: true }), reason: 'mistake', mistake: 'returned-weights' },
    { answer: COSINE(`${DOT} / temperature`, { unit: 'Math.hypot(...r) - Math.hypot(...r)' }), reason: 'nonfinite', says: /NaN/ },
  ],
};
