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

const dotOf = (a, b) => a.reduce((s, x, i) => s + x * b[i], 0);
const vectorText = (v) => `[${v.map((x) => x.toFixed(6)).join(', ')}]`;
const transposeOf = (m) => m[0].map((_, j) => m.map((r) => r[j]));
const lnSoftmaxAt = (z, y) => z[y] - Math.log(z.reduce((a, v) => a + Math.exp(v), 0));
const LM_TARGETS = [1, 2, 3];

// qk-variance: a learner's simulation (Math functions cached: fast in node:vm too).
const SIMULATE = (result) => `function simulate(d, n) {
  const { sqrt, log, cos, random, PI } = Math;
  const randn = () => sqrt(-2 * log(1 - random())) * cos(2 * PI * random());
  const s = [];
  for (let t = 0; t < n; t++) { let x = 0; for (let i = 0; i < d; i++) x += randn() * randn(); s.push(x); }
  const variance = (xs) => { const m = xs.reduce((a, b) => a + b, 0) / xs.length; return xs.reduce((a, x) => a + (x - m) ** 2, 0) / xs.length; };
  return ${result};
}`;

// linear-attention: phi, then the weights a_ij = phi(q_i)·phi(k_j) over the keys `keep` allows
// (eps: ' + 1e-9' keeps an all-zero ReLU row at 0, as the core's eps does, instead of 0/0).
const LINEAR = ({ phi = '(x > 0 ? x + 1 : Math.exp(x))', normalise = true, keep = 'true', eps = '' } = {}) => `function linearAttention(Q, K, V) {
  const phi = (r) => r.map((x) => ${phi});
  return Q.map((q, i) => {
    const fq = phi(q);
    const a = K.map((k, j) => (${keep} ? phi(k).reduce((acc, x, t) => acc + x * fq[t], 0) : 0));
    const z = ${normalise ? `a.reduce((x, y) => x + y, 0)${eps}` : '1'};
    return V[0].map((_, c) => a.reduce((acc, w, j) => acc + w * V[j][c], 0) / z);
  });
}`;

export const WRONG_ANSWERS = {
  'pe-position': [
    { answer: '[cos(1), sin(1), cos(0.01), sin(0.01)]', reason: 'mistake', mistake: 'swapped-sin-cos', says: /sin and cos are swapped/ },
    { answer: '[sin(1), cos(0.1), sin(0.01), cos(0.001)]', reason: 'mistake', mistake: 'exponent-dim-index' },
    { answer: '[0.84, 0.54, 0.01]', reason: 'shape', says: /you gave 3 numbers; the answer has 4 numbers/ },
    { answer: '[0.84, 0.54, 0.5, 1]', reason: 'mismatch', says: /number 3.*too large/ },
    // The slow pair left at angle 0: sin(0.01) = 0.0099998 is within an absolute 0.01 of 0.
    { answer: '[0.84, 0.54, 0, 1]', reason: 'mistake', mistake: 'slow-pair-at-zero' },
    { answer: '[0.841, 0.540, 0, 1]', reason: 'mistake', mistake: 'slow-pair-at-zero' },
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
  'cosine-similarity': [
    { answer: '[3, 3, 4]', reason: 'mistake', mistake: 'raw-dot', says: /not divided by the lengths/ },
    { answer: '[9, 9, 4/9]', reason: 'mistake', mistake: 'squared-norms' },
    { answer: '[3, 3, 0.5]', reason: 'mismatch', says: /number 3.*too large/ },
    { answer: '[3, 3]', reason: 'shape' },
  ],
  'matmul-shape': [
    { answer: '[7, 5]', reason: 'mistake', mistake: 'transposed' },
    { answer: '[8, 8]', reason: 'mistake', mistake: 'inner-dims' },
    { answer: '[5, 5]', reason: 'mistake', mistake: 'self-attention' },
    { answer: '[5, 7, 8]', reason: 'shape' },
  ],
  'onehot-embedding': [
    { answer: ({ inputs: { E, ids } }) => matrixText(ids.map((id) => E[id - 1])), reason: 'mistake', mistake: 'one-based', says: /counted the ids from 1/ },
    { answer: ({ inputs: { E, ids } }) => matrixText(transposeOf(ids.map((id) => E[id]))), reason: 'shape', says: /rows and columns are swapped/ },
    { answer: '1 2\n3 4\n5 6', reason: 'mismatch' },
  ],
  'lm-loss': [
    { answer: ({ inputs: { Z } }) => String(-Z.reduce((a, z, t) => a + lnSoftmaxAt(z, LM_TARGETS[t]), 0)), reason: 'mistake', mistake: 'sum-not-mean' },
    { answer: ({ inputs: { Z } }) => String(-Z.reduce((a, z, t) => a + lnSoftmaxAt(z, LM_TARGETS[t]), 0) / 3 / Math.LN2), reason: 'mistake', mistake: 'log2' },
    { answer: ({ inputs: { Z } }) => String(-Z.reduce((a, z, t) => a + lnSoftmaxAt(z, t), 0) / 3), reason: 'mistake', mistake: 'current-token', says: /current token/ },
    { answer: '0', reason: 'mismatch', says: /too small/ },
  ],
  'gd-step': [
    { answer: ({ inputs: { x, W, y, eta } }) => {
      const p = softmaxRows([transposeOf(W).map((col) => dotOf(x, col))])[0];
      return matrixText(W.map((r, i) => r.map((w, k) => w + eta * x[i] * (p[k] - (k === y ? 1 : 0)))));
    }, reason: 'mistake', mistake: 'ascent', says: /gradient ascent/ },
    { answer: ({ inputs: { W } }) => matrixText(W), reason: 'mismatch' },
    { answer: ({ inputs: { W } }) => matrixText(transposeOf(W)), reason: 'shape', says: /turned on its side/ },
  ],
  'qk-variance': [
    { answer: SIMULATE('[variance(s), variance(s)]'), reason: 'mistake', mistake: 'forgot-sqrt-d' },
    { answer: SIMULATE('[variance(s), variance(s.map((x) => x / d))]'), reason: 'mistake', mistake: 'divided-by-d' },
    { answer: SIMULATE('[sqrt(variance(s)), sqrt(variance(s.map((x) => x / sqrt(d))))]'), reason: 'mistake', mistake: 'std-not-variance' },
    { answer: 'function simulate(d, n) { return [0, 0]; }', reason: 'mismatch', says: /Case 1 of 4 fails/ },
  ],
  'softmax-saturation': [
    { answer: '[1, 1]', reason: 'mistake', mistake: 'forgot-sqrt-d' },
    { answer: ({ inputs: { s, d } }) => vectorText([Math.sqrt(d), 1].map((by) => Math.max(...softmaxRows([s.map((x) => x / by)])[0]))), reason: 'mistake', mistake: 'swapped' },
    { answer: '[1, 0.5]', reason: 'mismatch', says: /number 2.*too small/ },
  ],
  'causal-weights': [
    { answer: ({ inputs: { Q, K } }) => matrixText(softmaxRows(scores(Q, K, 1 / Math.SQRT2))), reason: 'mistake', mistake: 'no-mask', says: /no mask/ },
    { answer: ({ inputs: { Q, K } }) => matrixText(softmaxRows(scores(Q, K, 1 / Math.SQRT2)).map((r, i) => r.map((w, j) => (j <= i ? w : 0)))), reason: 'mistake', mistake: 'zeroed-after-softmax' },
    { answer: '1 0 0\n0.5 0.5 0\n0.33 0.33 0.34', reason: 'mismatch' },
  ],
  'mask-count': [
    { answer: '64', reason: 'mistake', mistake: 'bidirectional' },
    { answer: '8*7/2', reason: 'mistake', mistake: 'excluded-self' },
    { answer: '35', reason: 'mismatch', says: /too small/ },
  ],
  'mask-which': [
    { answer: 0, reason: 'mistake', mistake: 'upper-triangle' },
    { answer: 3, reason: 'mistake', mistake: 'bidirectional', says: /BERT/ },
    { answer: 2, reason: 'mistake', mistake: 'strict' },
  ],
  'bert-masking': [
    { answer: '[24, 3, 3, 24]', reason: 'mistake', mistake: 'only-masked-predicted' },
    { answer: '[160, 20, 20, 200]', reason: 'mistake', mistake: 'split-of-all' },
    { answer: '[24, 3, 3]', reason: 'shape' },
  ],
  'mha-head-shape': [
    { answer: '[10, 8, 32]', reason: 'mistake', mistake: 'not-transposed' },
    { answer: '[8, 10, 256]', reason: 'mistake', mistake: 'full-width' },
    { answer: '[8, 32, 10]', reason: 'mismatch' },
  ],
  'gqa-kv-shape': [
    { answer: '[8, 10, 64]', reason: 'mistake', mistake: 'query-heads', says: /key\/value heads as query heads/ },
    { answer: '[2, 10, 256]', reason: 'mistake', mistake: 'head-dim-from-kv' },
    { answer: '[2, 10]', reason: 'shape' },
  ],
  'kv-cache-bytes': [
    { answer: '[192, 48, 12]', reason: 'mistake', mistake: 'half' },
    { answer: '[384, 384, 384]', reason: 'mistake', mistake: 'query-heads' },
    { answer: '[2*24*16*2048*64*4/1e6, 2*24*4*2048*64*4/1e6, 2*24*2048*64*4/1e6]', reason: 'mistake', mistake: 'megabytes' },
    { answer: '[384, 96, 48]', reason: 'mismatch', says: /number 3.*too large/ },
  ],
  'pe-dot-distance': [
    { answer: ({ inputs: { g } }) => vectorText(g.slice(0, 6)), reason: 'mistake', mistake: 'copied-row-0' },
    { answer: ({ inputs: { g, m } }) => vectorText(g.slice(m, m + 6)), reason: 'mistake', mistake: 'sum-of-positions' },
    { answer: '[1, 1, 1, 1, 1, 1]', reason: 'mismatch' },
  ],
  'rope-half-layout': [
    { answer: '[cos(1) - 0.5*sin(1), sin(1) + 0.5*cos(1), -0.5*cos(0.01) - 2*sin(0.01), -0.5*sin(0.01) + 2*cos(0.01)]', reason: 'mistake', mistake: 'interleaved' },
    { answer: '[cos(1) - 0.5*sin(1), 0.5*cos(0.01) + 2*sin(0.01), -sin(1) - 0.5*cos(1), -0.5*sin(0.01) + 2*cos(0.01)]', reason: 'mistake', mistake: 'minus-theta' },
    { answer: '[1, 0.5, -0.5, 2]', reason: 'mismatch' },
  ],
  'alibi-slopes': [
    { answer: '[1, 1/4, 1/16, 1/64]', reason: 'mistake', mistake: 'from-zero' },
    { answer: '[1/2, 1/4, 1/8, 1/16]', reason: 'mistake', mistake: 'no-eight' },
    { answer: '[1/4, 1/16]', reason: 'shape' },
  ],
  'alibi-bias': [
    { answer: '0.625', reason: 'mistake', mistake: 'positive' },
    { answer: '-5', reason: 'mistake', mistake: 'no-slope' },
    { answer: '2^(-8*4/8) * (4 - 9)', reason: 'mistake', mistake: 'zero-based-head' },
    { answer: '-0.6', reason: 'mismatch', says: /too large/ },
  ],
  'layernorm-vector': [
    { answer: '[1, 2, 3, 6] / sqrt(50)'.replace(/\[(.*)\] \/ (.*)/, (m, xs, by) => `[${xs.split(', ').map((x) => `${x}/${by}`).join(', ')}]`), reason: 'mistake', mistake: 'l2-normalised', says: /L2 normalisation/ },
    { answer: '[-2/sqrt(14/3), -1/sqrt(14/3), 0, 3/sqrt(14/3)]', reason: 'mistake', mistake: 'unbiased-variance' },
    { answer: '[-2, -1, 0, 3]', reason: 'mismatch' },
  ],
  'layernorm-norm': [
    { answer: '1', reason: 'mistake', mistake: 'unit-length' },
    { answer: 'sqrt(15)', reason: 'mistake', mistake: 'sample-variance' },
    { answer: '16', reason: 'mistake', mistake: 'squared' },
    { answer: '2.83', reason: 'mismatch', says: /too small/ },
  ],
  'pre-post-ln': [
    { answer: 0, reason: 'mistake', mistake: 'post-ln', says: /post-LN/ },
    { answer: 2, reason: 'mistake', mistake: 'normalised-residual' },
    { answer: 3, reason: 'mistake', mistake: 'normalised-output' },
  ],
  'ffn-params': [
    { answer: '2*768*3072', reason: 'mistake', mistake: 'no-bias', says: /biases/ },
    { answer: '2*768*3072 + 3072', reason: 'mistake', mistake: 'one-bias' },
    { answer: '4722431', reason: 'mismatch', says: /too small/ },
  ],
  'swiglu-params': [
    { answer: '2*4096*11008', reason: 'mistake', mistake: 'two-matrices' },
    { answer: '3*4096*4*4096', reason: 'mistake', mistake: 'f-is-4c' },
    { answer: '135266305', reason: 'mismatch', says: /too large/ },
  ],
  'block-params': [
    { answer: '12*768^2', reason: 'mistake', mistake: 'weights-only' },
    { answer: '12*768^2 + 2*768', reason: 'mistake', mistake: 'no-bias' },
    { answer: '4*768^2 + 4*768', reason: 'mistake', mistake: 'attention-only' },
    { answer: '12*768^2 + 12*768', reason: 'mismatch' },
  ],
  'residual-gradient': [
    { answer: '0.5*(-0.3)*0.2*0.4', reason: 'mistake', mistake: 'no-residual', says: /without the residual/ },
    { answer: '1 + 0.5 - 0.3 + 0.2 + 0.4', reason: 'mistake', mistake: 'first-order' },
    { answer: '1', reason: 'mismatch' },
  ],
  'online-softmax-merge': [
    { answer: ({ inputs: { oA, oB } }) => vectorText(oA.map((a, c) => (a + oB[c]) / 2)), reason: 'mistake', mistake: 'average' },
    { answer: ({ inputs: { lA, oA, lB, oB } }) => vectorText(oA.map((a, c) => (lA * a + lB * oB[c]) / (lA + lB))), reason: 'mistake', mistake: 'no-rescale', says: /rescaling/ },
    { answer: '[0, 0]', reason: 'mismatch' },
  ],
  'linear-attention': [
    { answer: LINEAR({ normalise: false }), reason: 'mistake', mistake: 'no-normaliser' },
    { answer: LINEAR({ phi: 'Math.max(x, 0)', eps: ' + 1e-9' }), reason: 'mistake', mistake: 'relu-map' },
    { answer: LINEAR({ keep: 'j <= i' }), reason: 'mistake', mistake: 'causal' },
    { answer: LINEAR({ phi: 'x' }), reason: 'mistake', mistake: 'no-feature-map' },
    { answer: 'function linearAttention(Q, K, V) { return []; }', reason: 'shape', says: /You returned 0 numbers/ },
  ],
  'icl-gradient-step': [
    { answer: '0.75', reason: 'mistake', mistake: 'no-mean' },
    { answer: '-0.25', reason: 'mistake', mistake: 'ascent' },
    { answer: '0.3', reason: 'mismatch', says: /too large/ },
  ],
  'chinchilla-compute': [
    { answer: ({ inputs: { params: n } }) => `[20*${n}, 2*${n}*20*${n}]`, reason: 'mistake', mistake: 'forward-only', says: /forward pass/ },
    { answer: ({ inputs: { params: n } }) => `[${n}, 6*${n}^2]`, reason: 'mistake', mistake: 'tokens-equal-params' },
    { answer: ({ inputs: { params: n } }) => `[20*${n}]`, reason: 'shape' },
  ],
  'chinchilla-model-size': [
    { answer: 3, reason: 'mistake', mistake: 'forgot-tokens' },
    { answer: 0, reason: 'choice', says: /Not this one/ },
    { answer: 1, reason: 'choice' },
  ],
  // Issue 12: positions as rotations, memory and cost, sequence models.
  'rope-quarter-turn': [
    { answer: '[2*cos(pi/4) + sin(pi/4), -2*sin(pi/4) + cos(pi/4)]', reason: 'mistake', mistake: 'clockwise', says: /clockwise/ },
    { answer: '[2*cos(pi/720) - sin(pi/720), 2*sin(pi/720) + cos(pi/720)]', reason: 'mistake', mistake: 'degrees' },
    { answer: '[0.7071]', reason: 'shape' },
    { answer: '[1, 2]', reason: 'mismatch' },
  ],
  'pe-shift-matrix': [
    { answer: '[[cos(0.3), -sin(0.3)], [sin(0.3), cos(0.3)]]', reason: 'mistake', mistake: 'standard-rotation', says: /textbook rotation/ },
    { answer: '[[cos(3), sin(3)], [-sin(3), cos(3)]]', reason: 'mistake', mistake: 'angle-k' },
    { answer: '[[1, 0], [0, 1]]', reason: 'mismatch' },
  ],
  'pe-frequencies-d8': [
    { answer: '[1, 10^0.5, 10, 10^1.5]', reason: 'mistake', mistake: 'i-over-d', says: /the 2 is missing/ },
    { answer: '[1, 0.1, 0.01, 0.001]', reason: 'mistake', mistake: 'frequencies' },
    { answer: '[1, 5.62, 31.6, 177.8]', reason: 'mismatch', says: /number 2.*too small/ },
    { answer: '[1, 10, 100]', reason: 'shape' },
  ],
  'rope-vs-absolute': [
    { answer: 1, reason: 'mistake', mistake: 'norm-changes', says: /keeps lengths/ },
    { answer: 3, reason: 'mistake', mistake: 'values' },
    { answer: 2, reason: 'mistake', mistake: 'learned' },
  ],
  'alibi-later-key': [
    { answer: '0.25*(7-3)', reason: 'mistake', mistake: 'causal-formula', says: /rewarding the far future/ },
    { answer: '-4', reason: 'mistake', mistake: 'no-slope' },
    { answer: '-2^(-3)*4', reason: 'mistake', mistake: 'zero-based-head' },
    { answer: '-0.9', reason: 'mismatch', says: /too large/ },
  ],
  'kv-cache-llama2-7b': [
    { answer: '[32*32*128*2/1024, 32*32*128*2*4096/2^30]', reason: 'mistake', mistake: 'keys-only' },
    { answer: '[2*32*32*128*4/1024, 2*32*32*128*4*4096/2^30]', reason: 'mistake', mistake: 'float32' },
    { answer: '[524.288, 2.147]', reason: 'mismatch', says: /number 1.*too large/ },
    { answer: '[512]', reason: 'shape' },
  ],
  'mqa-memory-ratio': [
    { answer: '1/32', reason: 'mistake', mistake: 'inverted' },
    { answer: '64/33', reason: 'mistake', mistake: 'keys-only-shared' },
    { answer: '16', reason: 'mismatch', says: /too small/ },
  ],
  'flash-three-tiles': [
    { answer: ({ inputs: { o1, o2, o3 } }) => vectorText([0, 1].map((c) => (o1[c] + o2[c] + o3[c]) / 3)), reason: 'mistake', mistake: 'average' },
    { answer: ({ inputs: x }) => vectorText([0, 1].map((c) => (x.l1 * x.o1[c] + x.l2 * x.o2[c] + x.l3 * x.o3[c]) / (x.l1 + x.l2 + x.l3))), reason: 'mistake', mistake: 'no-rescale' },
    { answer: ({ inputs: { o3 } }) => vectorText(o3), reason: 'mistake', mistake: 'last-tile', says: /overwritten/ },
    { answer: '[0, 0, 0]', reason: 'shape' },
  ],
  'strided-attention-cost': [
    { answer: '772', reason: 'mistake', mistake: 'double-counted-diagonal' },
    { answer: '64^2/8', reason: 'mistake', mistake: 'n-squared-over-s' },
    { answer: '64*65/2', reason: 'mismatch', says: /too large/ },
  ],
  'selective-scan-step': [
    { answer: '(1 + 0.25) + 2*(-1 + 0.5) + 0.5', reason: 'mistake', mistake: 'no-decay', says: /fades/ },
    { answer: 'exp(-0.5) + 0.5 + 2*(-exp(-1) + 1) + 0.5', reason: 'mistake', mistake: 'no-delta-on-input' },
    { answer: 'exp(-0.5) + 0.25 + 2*(-exp(-1) + 0.5)', reason: 'mistake', mistake: 'no-skip' },
    { answer: '1', reason: 'mismatch' },
  ],
  'cnn-path-length': [
    { answer: '6', reason: 'mistake', mistake: 'k-new-per-layer', says: /k - 1/ },
    { answer: '3', reason: 'mistake', mistake: 'dilated' },
    { answer: '15', reason: 'mismatch', says: /too large/ },
  ],
  'permutation-equivariance': [
    { answer: ({ inputs: { Y } }) => matrixText(Y), reason: 'mistake', mistake: 'unchanged', says: /follows its own token/ },
    {
      answer: ({ inputs: { Y, order } }) => {
        const inverse = [];
        order.forEach((from, to) => { inverse[from] = to; });
        return matrixText(inverse.map((r) => Y[r]));
      },
      reason: 'mistake',
      mistake: 'inverse-order',
    },
    { answer: ({ inputs: { X, order } }) => matrixText(order.map((r) => X[r])), reason: 'mismatch' },
    { answer: '[[1, 2], [3, 4]]', reason: 'shape' },
  ],
  // Issue 11 (web/exercises/pack/experiments.js).
  'chinchilla-optimum': [
    { answer: ({ inputs: { C } }) => `[${Math.sqrt(C / 120)}, ${20 * Math.sqrt(C / 120)}]`, reason: 'mistake', mistake: 'twenty-tokens', says: /20-tokens-per-parameter/ },
    { answer: ({ inputs: { C } }) => `[${C / 6 / 1e12}, 1e12]`, reason: 'mismatch' },
    { answer: '[3e10]', reason: 'shape' },
  ],
  'icl-gd-step': [
    // η Σ y_i x_i·x_q: the step for a loss with ½ (the 2 dropped)
    { answer: ({ inputs: { X, y, xq, eta } }) => String(eta * X.reduce((s, x, i) => s + y[i] * (x[0] * xq[0] + x[1] * xq[1]), 0)), reason: 'mistake', mistake: 'dropped-two', says: /dropped the 2/ },
    { answer: ({ inputs: { X, y, xq, eta } }) => String(-2 * eta * X.reduce((s, x, i) => s + y[i] * (x[0] * xq[0] + x[1] * xq[1]), 0) - 1), reason: 'mismatch' },
  ],
  'power-law-exponent': [
    {
      answer: ({ inputs: { N, L } }) => {
        const u = N.map(Math.log), v = L.map(Math.log);
        const mu = u.reduce((a, b) => a + b) / u.length, mv = v.reduce((a, b) => a + b) / v.length;
        const slope = u.reduce((s, x, i) => s + (x - mu) * (v[i] - mv), 0) / u.reduce((s, x) => s + (x - mu) ** 2, 0);
        return String(slope);
      },
      reason: 'mistake',
      mistake: 'slope-sign',
    },
    { answer: '1', reason: 'mismatch' },
  ],
  'warmup-learning-rate': [
    { answer: ({ inputs: { lr, warmup, it } }) => String((lr * (it + 1)) / warmup), reason: 'mistake', mistake: 'off-by-one', says: /count from 0/ },
    // ignoring the warm-up: at step 25 of a 1,000-step cosine the rate is still ≈ lr
    { answer: ({ inputs: { lr } }) => String(lr), reason: 'mistake', mistake: 'no-warmup' },
    { answer: ({ inputs: { lr } }) => String(lr / 2), reason: 'mismatch' },
  ],
  // Issue 11, grokking (web/exercises/pack/grokking.js).
  'grokking-split': [
    { answer: ({ inputs: { p, f } }) => String(Math.round(f * p * (p + 1) / 2)), reason: 'mistake', mistake: 'unordered', says: /unordered/ },
    { answer: ({ inputs: { p, f } }) => String(Math.round(f * p)), reason: 'mismatch' },
  ],
  'modular-subtraction': [
    { answer: ({ inputs: { a, b } }) => String(a - b), reason: 'mistake', mistake: 'negative-remainder', says: /negative/ },
    { answer: ({ inputs: { a, b, p } }) => String((b - a + p) % p), reason: 'mistake', mistake: 'reversed' },
    { answer: ({ inputs: { a, b, p } }) => String((a + b) % p), reason: 'mismatch' },
  ],
  'adamw-decay': [
    { answer: ({ inputs: { w0, lr, wd, steps } }) => String(w0 * (1 - steps * lr * wd)), reason: 'mistake', mistake: 'linear-decay', says: /linearly/ },
    // the decay of L2 regularisation inside Adam: the normalised step is ±1, so θ moves by η each step
    { answer: ({ inputs: { w0, lr, steps } }) => String(w0 - steps * lr), reason: 'mismatch' },
    { answer: ({ inputs: { w0 } }) => String(w0), reason: 'mismatch' },
  ],
  // Issue 11 (web/exercises/pack/sweep.js). N = L(12d² + 2d) + d in closed form, independent of the core's count.
  'sweep-compute': [
    { answer: ({ inputs: { dim, layers, vocab, D } }) => String(6 * (layers * (12 * dim * dim + 2 * dim) + dim + vocab * dim) * D), reason: 'mistake', mistake: 'counted-embedding', says: /token embedding/ },
    { answer: ({ inputs: { dim, layers, D } }) => String(2 * (layers * (12 * dim * dim + 2 * dim) + dim) * D), reason: 'mistake', mistake: 'forward-only', says: /forward pass/ },
    { answer: ({ inputs: { dim, layers, D } }) => String(6 * layers * 12 * dim * dim * D * 1.5), reason: 'mismatch' },
  ],
  'extrapolation-table': [
    { answer: 3, reason: 'mistake', mistake: 'rope-angles', says: /RoPE/ },
    { answer: 1, reason: 'mistake', mistake: 'sinusoidal-formula' },
    { answer: 4, reason: 'mistake', mistake: 'alibi-bias', says: /ALiBi/ },
  ],
  'extrapolation-mean-loss': [
    { answer: ({ inputs: { values } }) => String(values.reduce((a, b) => a + b) / 8), reason: 'mistake', mistake: 'all-bins' },
    { answer: ({ inputs: { values } }) => String((values[2] + values[3]) / 2), reason: 'mistake', mistake: 'only-beyond' },
    { answer: ({ inputs: { values } }) => String(values[0]), reason: 'mismatch' },
  ],
  // The KV-cache experiments (web/exercises/pack/kv-cache.js), computed here from the definitions.
  'kv-cache-gqa': [
    { answer: ({ inputs: { layers, heads, head, T } }) => String(2 * layers * heads * T * head * 2), reason: 'mistake', mistake: 'query-heads', says: /query heads/ },
    { answer: ({ inputs: { layers, kv, head, T } }) => String(layers * kv * T * head * 2), reason: 'mistake', mistake: 'keys-only' },
    { answer: ({ inputs: { layers, kv, head, T } }) => String(2 * layers * kv * T * head * 4), reason: 'mistake', mistake: 'float32' },
    { answer: ({ inputs: { layers, kv, head } }) => String(2 * layers * kv * head * 2), reason: 'mismatch' }, // per token, not per sequence
  ],
  'head-sharing-gap': [
    { answer: ({ inputs: { mha, mqa } }) => vectorText([((mqa[0] - mha[0]) + (mqa[1] - mha[1])) / 2, Math.abs(mha[0] - mha[1]) / 2]), reason: 'mistake', mistake: 'population-sd' },
    { answer: ({ inputs: { mha, mqa } }) => vectorText([((mha[0] - mqa[0]) + (mha[1] - mqa[1])) / 2, Math.abs(mha[0] - mha[1]) / Math.SQRT2]), reason: 'mistake', mistake: 'sign' },
    { answer: ({ inputs: { mha, mqa } }) => vectorText([mqa[0] - mha[0], Math.abs(mha[0] - mha[1]) / Math.SQRT2]), reason: 'mismatch' }, // seed 1 only
  ],
  'h2o-eviction': [
    { answer: '[2, 3]', reason: 'mistake', mistake: 'recent', says: /recency/ },
    { answer: ({ inputs: { A } }) => { const score = [0, 1, 2, 3].map((j) => A.reduce((s, r) => s + r[j], 0) / (4 - j)); return `[${[0, 1, 2, 3].sort((a, b) => score[b] - score[a] || b - a).slice(0, 2).sort((a, b) => a - b).join(', ')}]`; }, reason: 'mistake', mistake: 'mean-per-query' },
  ],
  'qcqa-grouping': [
    { answer: ({ inputs: { W } }) => { const e = (g) => { const m = [0, 1].map((c) => g.reduce((a, h) => a + W[h][c], 0) / g.length); return g.reduce((a, h) => a + (W[h][0] - m[0]) ** 2 + (W[h][1] - m[1]) ** 2, 0); }; return String(e([0, 1]) + e([2, 3])); }, reason: 'mistake', mistake: 'uniform', says: /uniform/ },
    { answer: ({ inputs: { W } }) => { const e = (g) => { const m = [0, 1].map((c) => g.reduce((a, h) => a + W[h][c], 0) / g.length); return g.reduce((a, h) => a + (W[h][0] - m[0]) ** 2 + (W[h][1] - m[1]) ** 2, 0); }; return String(Math.min(e([0, 2]) + e([1, 3]), e([0, 3]) + e([1, 2]), e([0, 1]) + e([2, 3]))); }, reason: 'mistake', mistake: 'pairs-only' },
    { answer: '0', reason: 'mismatch' },
  ],
  'expected-attention': [
    { answer: ({ inputs: { queries, keys } }) => { const mu = [0, 1].map((c) => queries.reduce((a, q) => a + q[c], 0) / 4); const e = keys.map((k) => Math.exp((mu[0] * k[0] + mu[1] * k[1]) / Math.SQRT2)); return vectorText(e.map((x) => x / (e[0] + e[1]))); }, reason: 'mistake', mistake: 'mean-only', says: /mean/ },
    { answer: '[0.5, 0.5]', reason: 'mismatch' },
  ],
  // The linear-attention and residual widgets (web/exercises/pack/kernels-gradients.js).
  'performer-kernel': [
    { answer: ({ inputs: { w, q, k } }) => String(w.reduce((s, wi) => s + Math.exp(wi * (q + k)), 0) / 3), reason: 'mistake', mistake: 'no-norm-term' },
    { answer: ({ inputs: { w, q, k } }) => String(w.reduce((s, wi) => s + Math.exp(wi * (q + k) - (q * q + k * k) / 2), 0)), reason: 'mistake', mistake: 'no-sqrt-m' },
    { answer: ({ inputs: { q, k } }) => String(Math.exp(q * k)), reason: 'mismatch' }, // the exact kernel is not what 3 features estimate
  ],
  'linear-attention-state': [
    { answer: ({ inputs: { Q, K, V } }) => { const s = K.map((k) => Math.exp(Q[2][0] * k[0] / Math.SQRT2 + Q[2][1] * k[1] / Math.SQRT2)); const z = s.reduce((a, b) => a + b, 0); return vectorText([0, 1].map((c) => s.reduce((a, w, j) => a + w * V[j][c], 0) / z)); }, reason: 'mistake', mistake: 'softmax', says: /not an approximation/ },
    { answer: ({ inputs: { V } }) => vectorText([0, 1].map((c) => (V[0][c] + V[1][c] + V[2][c]) / 3)), reason: 'mismatch' },
  ],
  'residual-product': [
    { answer: ({ inputs: { w } }) => String(w.reduce((a, b) => a * b, 1)), reason: 'mistake', mistake: 'no-residual', says: /Jacobian/ },
    { answer: ({ inputs: { w } }) => String(1 + w.reduce((a, b) => a + b, 0)), reason: 'mistake', mistake: 'sum' },
  ],
  'rnn-vanishing': [
    { answer: ({ inputs: { w, T } }) => String(w ** (T - 1)), reason: 'mistake', mistake: 'off-by-one' },
    { answer: ({ inputs: { w, T } }) => String(1 - T * (1 - w)), reason: 'mistake', mistake: 'linear', says: /geometrically/ },
    { answer: ({ inputs: { w, T } }) => String(w * T), reason: 'mismatch' },
  ],
  // Points lecture notes get wrong (web/exercises/pack/lecture-checks.js).
  'chinchilla-real-model': [
    { answer: ({ inputs: { N, D } }) => `[${6 * N * D}, ${Math.sqrt((6 * N * D) / 120)}]`, reason: 'mistake', mistake: 'twenty-tokens' },
    { answer: ({ inputs: { N, D } }) => `[${2 * N * D}, 1e10]`, reason: 'mismatch' },
    { answer: ({ inputs: { N } }) => `[${(6 * N * 300e9).toExponential(4)}, ${N}]`, reason: 'mismatch' }, // N* = N: "GPT-3 was optimal"
  ],
  'rope-flipped': [
    { answer: ({ inputs: { q, k, m, n } }) => String((q[0] * k[0] + q[1] * k[1]) * Math.cos(n - m) - (q[0] * k[1] - q[1] * k[0]) * Math.sin(n - m)), reason: 'mistake', mistake: 'standard', says: /paper's way/ },
    { answer: ({ inputs: { q, k } }) => String(q[0] * k[0] + q[1] * k[1]), reason: 'mistake', mistake: 'no-rotation' },
  ],
  'ridge-attention': [
    { answer: ({ inputs: { X, y, xq } }) => String(X.reduce((s, x, i) => s + (x[0] * xq[0] + x[1] * xq[1]) * y[i], 0)), reason: 'mistake', mistake: 'no-inverse', says: /Gram matrix/ },
    { answer: ({ inputs: { X, y, xq } }) => { const a = X.reduce((s, x) => s + x[0] * x[0], 0), b = X.reduce((s, x) => s + x[0] * x[1], 0), d = X.reduce((s, x) => s + x[1] * x[1], 0); const r = [0, 1].map((c) => X.reduce((s, x, i) => s + x[c] * y[i], 0)); const det = a * d - b * b; const w = [(d * r[0] - b * r[1]) / det, (-b * r[0] + a * r[1]) / det]; return String(w[0] * xq[0] + w[1] * xq[1]); }, reason: 'mistake', mistake: 'no-lambda' },
    { answer: '0', reason: 'mismatch' },
  ],
  // masked-causal.js: counts worked out by hand, not from the core
  'attention-pairs': [
    { answer: ({ inputs: { T } }) => `[${(T * (T - 1)) / 2}, ${T * T}]`, reason: 'mistake', mistake: 'no-diagonal', says: /diagonal/ },
    { answer: ({ inputs: { T } }) => `[${(T * T) / 2}, ${T * T}]`, reason: 'mistake', mistake: 'half-square' },
    { answer: ({ inputs: { T } }) => `[${(T * (T + 1)) / 2}, ${(T * (T + 1)) / 2}]`, reason: 'mismatch' }, // the encoder masked as well
  ],
  'mlm-mask-count': [
    { answer: ({ inputs: { B, T } }) => String(B * T * 15 / 100), reason: 'mistake', mistake: 'all-chosen', says: /80 %/ },
    { answer: ({ inputs: { B, T } }) => String(B * T * 8 / 10), reason: 'mistake', mistake: 'mask-share' },
    { answer: ({ inputs: { B, T } }) => String(B * T * 15 / 100 * 9 / 10), reason: 'mismatch' }, // [MASK] and random together
  ],
  'mlm-steps-to-match': [
    { answer: ({ inputs: { S, p } }) => String(S * p), reason: 'mistake', mistake: 'times' },
    { answer: ({ inputs: { S, p } }) => String(S / p / 0.8), reason: 'mistake', mistake: 'mask-only', says: /random token/ },
    { answer: ({ inputs: { S } }) => String(S), reason: 'mismatch' },
  ],
  // induction.js
  'induction-target': [
    { answer: ({ inputs: { ids } }) => { const i = ids.length - 1; const j = ids.indexOf(ids[i]); return `[${j}, ${ids[j]}]`; }, reason: 'mistake', mistake: 'copy-itself', says: /position after it/ },
    { answer: ({ inputs: { ids } }) => `[${ids.length - 2}, ${ids[ids.length - 2]}]`, reason: 'mistake', mistake: 'previous-token' },
    { answer: ({ inputs: { ids } }) => { const j = ids.indexOf(ids[ids.length - 1]); return `[${j + 2}, ${ids[j + 2]}]`; }, reason: 'mismatch' }, // one too far
  ],
  'first-copy-floor': [
    { answer: ({ inputs: { K } }) => String(Math.log(K)), reason: 'mistake', mistake: 'ignore-distinct', says: /K - k|K − k/ },
    { answer: ({ inputs: { K, n } }) => { let s = 0; for (let k = 0; k < n; k++) s += Math.log2(K - k); return String(s / n); }, reason: 'mistake', mistake: 'log2' },
    { answer: ({ inputs: { K, n } }) => String(Math.log(K - n + 1)), reason: 'mismatch' }, // the last position's only
  ],
  'steepest-drop': [
    { answer: ({ inputs: { points } }) => { let k = 0; for (let i = 1; i < points.length - 1; i++) if (points[i].repeatedLoss - points[i + 1].repeatedLoss > points[k].repeatedLoss - points[k + 1].repeatedLoss) k = i; return `[${points[k].step}, ${points[k + 1].step}]`; }, reason: 'mistake', mistake: 'largest-drop', says: /divide/ },
    { answer: ({ inputs: { points } }) => `[${points[0].step}, ${points.at(-1).step}]`, reason: 'mismatch' },
  ],
};
