// countParameters and countFlops against hand counts written out tensor by
// tensor, the FLOP convention against brute-force pair counting, and bad
// configs. (count_params.test.js checks the counts against the tensors the
// block API actually takes.) Counts are integers: compared exactly.
import { test, expect } from 'vitest';
import { attn, expectStillWorks } from './helpers.js';

const sum = (xs) => xs.reduce((a, b) => a + b, 0);

// GPT-2 small: d = 768, 12 heads, F = 4d, LayerNorm with biases, GELU, tied
// embeddings, 1024 learned positions, 12 layers, vocabulary 50257.
const GPT2 = { dModel: 768, nHeads: 12, dFF: 3072, norm: 'layernorm', activation: 'gelu', bias: true };

test('a GPT-2 block has 12·d² + 13·d parameters, tensor by tensor', () => {
  const d = GPT2.dModel, F = GPT2.dFF;
  const attention = d * d + d /* c_attn q */ + d * d + d /* k */ + d * d + d /* v */ + d * d + d /* c_proj */;
  const ffn = d * F + F /* c_fc */ + F * d + d /* mlp c_proj */;
  const norms = (d + d) /* ln_1 weight, bias */ + (d + d) /* ln_2 */;
  const got = attn.countParameters(GPT2);
  expect(got.breakdown).toMatchObject({ attention, ffn, norms, scales: 0 });
  expect(got.perBlock).toBe(attention + ffn + norms);
  expect(got.total).toBe(got.perBlock);
  // With F = 4d: 4d² + 8d² weights; 4d + (4d + d) + 4d biases and norm parameters.
  expect(got.perBlock).toBe(12 * d * d + 13 * d);
});

test('GPT-2 small as a whole model: 12 blocks, tied token table, learned positions, ln_f', () => {
  const d = GPT2.dModel, V = 50257, L = 12, P = 1024;
  const block = 12 * d * d + 13 * d;
  const got = attn.countParameters({ ...GPT2, nLayers: L, vocabSize: V, positions: 'learned', maxSeqLen: P });
  expect(got.breakdown).toMatchObject({ embeddings: V * d, positions: P * d, finalNorm: 2 * d, classifier: 0 });
  expect(got.total).toBe(L * block + V * d /* wte */ + P * d /* wpe */ + 2 * d /* ln_f */);
});

// Llama-3-8B-shaped: RMSNorm, SwiGLU, GQA with 8 of 32 heads, no biases, untied.
const LLAMA = { dModel: 4096, nHeads: 32, nKvHeads: 8, dFF: 14336, norm: 'rmsnorm', activation: 'swiglu' };

test('a Llama-style block (RMSNorm, SwiGLU, GQA) has no biases by default', () => {
  const d = LLAMA.dModel, D = d / LLAMA.nHeads, kv = LLAMA.nKvHeads * D, F = LLAMA.dFF;
  const attention = d * d /* wq */ + d * kv /* wk */ + d * kv /* wv */ + d * d /* wo */;
  const ffn = d * F /* w1 (gate) */ + d * F /* w3 (up) */ + F * d /* w2 (down) */;
  const norms = d /* attention_norm */ + d /* ffn_norm */;
  const got = attn.countParameters(LLAMA);
  expect(got.breakdown).toMatchObject({ attention, ffn, norms });
  expect(got.perBlock).toBe(attention + ffn + norms);
  // GQA shrinks wk and wv by nHeads / nKvHeads: the MHA block is 2·d·(d - kv) larger.
  expect(attn.countParameters({ ...LLAMA, nKvHeads: 32 }).perBlock - got.perBlock).toBe(2 * d * (d - kv));
});

test('a Llama-style whole model: untied classifier and a final RMSNorm', () => {
  const d = LLAMA.dModel, L = 32, V = 128256;
  const block = attn.countParameters(LLAMA).perBlock;
  const untied = attn.countParameters({ ...LLAMA, nLayers: L, vocabSize: V, tiedEmbeddings: false });
  expect(untied.total).toBe(L * block + V * d /* tok_embeddings */ + d /* norm */ + d * V /* output */);
  const tied = attn.countParameters({ ...LLAMA, nLayers: L, vocabSize: V });
  expect(untied.total - tied.total).toBe(d * V);
});

test('a stack without vocabSize is nLayers blocks and nothing else', () => {
  const one = attn.countParameters(GPT2);
  const six = attn.countParameters({ ...GPT2, nLayers: 6 });
  expect(six.perBlock).toBe(one.perBlock);
  expect(six.total).toBe(6 * one.total);
  expect([six.breakdown.embeddings, six.breakdown.finalNorm, six.breakdown.classifier]).toEqual([0, 0, 0]);
});

test('the bias switch covers projections, FFN and LayerNorm; SwiGLU has three FFN biases', () => {
  const c = { dModel: 8, nHeads: 2, dFF: 24 };
  const on = attn.countParameters({ ...c, bias: true }), off = attn.countParameters({ ...c, bias: false });
  expect(on.breakdown.attention - off.breakdown.attention).toBe(4 * 8);
  expect(on.breakdown.ffn - off.breakdown.ffn).toBe(24 + 8);
  expect(off.breakdown.norms).toBe(2 * 8); // LayerNorm weights only
  const glu = attn.countParameters({ ...c, activation: 'swiglu', bias: true });
  expect(glu.breakdown.ffn).toBe(3 * 8 * 24 + (24 + 24 + 8));
  for (const activation of ['relu', 'gelu_tanh', 'relu2']) {
    expect(attn.countParameters({ ...c, activation }).perBlock).toBe(attn.countParameters(c).perBlock);
  }
});

test('QK-norm adds two [D] scales; nGPT swaps the norms for two [C] alphas', () => {
  const c = { dModel: 12, nHeads: 3, dFF: 20, norm: 'rmsnorm' };
  expect(attn.countParameters({ ...c, qkNorm: 'rms' }).perBlock - attn.countParameters(c).perBlock).toBe(2 * 4);
  const n = attn.countParameters({ ...c, normalized: true, nLayers: 2, vocabSize: 10 });
  expect(n.breakdown).toMatchObject({ norms: 0, scales: 2 * 2 * 12, finalNorm: 0 });
});

test('post-LN models have no final norm', () => {
  const m = { ...GPT2, nLayers: 2, vocabSize: 100 };
  expect(attn.countParameters({ ...m, prenorm: false }).breakdown.finalNorm).toBe(0);
  expect(attn.countParameters(m).breakdown.finalNorm).toBe(2 * 768);
});

test('the breakdown always sums to the total', () => {
  for (const c of [GPT2, LLAMA, { ...LLAMA, nLayers: 3, vocabSize: 7, tiedEmbeddings: false, qkNorm: 'l2' },
    { ...GPT2, nLayers: 2, vocabSize: 9, positions: 'learned', maxSeqLen: 5, prenorm: false },
    { dModel: 6, nHeads: 3, nKvHeads: 1, dFF: 4, normalized: true, nLayers: 4, vocabSize: 3 }]) {
    const got = attn.countParameters(c);
    expect(sum(Object.values(got.breakdown)), JSON.stringify(c)).toBe(got.total);
  }
});

// Brute force: pairs (i, j) of T queries and T keys that the mask rules allow.
function pairsByLoop(T, { isCausal = false, window = 0 } = {}) {
  let n = 0;
  for (let i = 0; i < T; i++) {
    for (let j = 0; j < T; j++) {
      if (isCausal && j > i) continue;
      if (window && Math.abs(i - j) >= window) continue;
      n++;
    }
  }
  return n;
}

test('FLOPs per token = 2·(matmul weights) + 4·d·T per layer, without a mask', () => {
  const d = 768, F = 3072, T = 1024;
  const matmulWeights = 4 * d * d /* wq wk wv wo */ + 2 * d * F /* w1 w2 */;
  const got = attn.countFlops(GPT2, T);
  expect(got.breakdown).toEqual({ projections: 2 * T * 4 * d * d, attention: 4 * d * T * T, ffn: 2 * T * 2 * d * F, classifier: 0 });
  expect(got.perToken).toBe(2 * matmulWeights + 4 * d * T);
  expect(got.total).toBe(T * got.perToken);
});

test('causal attention counts T(T+1)/2 pairs, a window fewer (checked by counting pairs)', () => {
  const c = { dModel: 16, nHeads: 4, dFF: 8 };
  const attentionPerPair = 4 * 16; // 2·D for QKᵀ + 2·D for PV, times H heads = 4·C
  for (const T of [1, 2, 7, 33]) {
    expect(attn.countFlops({ ...c, isCausal: true }, T).breakdown.attention).toBe(attentionPerPair * (T * (T + 1)) / 2);
    for (const isCausal of [false, true]) {
      for (const window of [1, 2, 5, 32, 33, 100]) {
        const got = attn.countFlops({ ...c, isCausal, window }, T).breakdown.attention;
        expect(got, `T=${T} isCausal=${isCausal} window=${window}`).toBe(attentionPerPair * pairsByLoop(T, { isCausal, window }));
      }
    }
  }
});

test('GQA shrinks the K/V projections; the classifier is counted even when tied', () => {
  const d = 4096, D = 128, T = 8, V = 128256;
  const got = attn.countFlops({ ...LLAMA, nLayers: 2, vocabSize: V }, T);
  expect(got.breakdown.projections).toBe(2 * 2 * T * (2 * d * d + 2 * d * 8 * D));
  expect(got.breakdown.ffn).toBe(2 * 2 * T * 3 * d * LLAMA.dFF);
  expect(got.breakdown.classifier).toBe(2 * T * d * V);
  expect(sum(Object.values(got.breakdown))).toBe(got.total);
});

// [what, call, pattern: the message names the field]
const BAD = [
  ['nHeads not dividing dModel', () => attn.countParameters({ dModel: 10, nHeads: 4, dFF: 8 }), /config\.nHeads \(4\) must divide config\.dModel \(10\)/],
  ['nKvHeads not dividing nHeads', () => attn.countParameters({ dModel: 12, nHeads: 6, nKvHeads: 4, dFF: 8 }), /config\.nKvHeads \(4\) must divide config\.nHeads \(6\)/],
  ['unknown norm', () => attn.countParameters({ dModel: 8, nHeads: 2, dFF: 8, norm: 'batchnorm' }), /config\.norm.*"batchnorm"/],
  ['unknown activation', () => attn.countFlops({ dModel: 8, nHeads: 2, dFF: 8, activation: 'tanh' }, 4), /config\.activation.*"tanh"/],
  ['non-integer dModel', () => attn.countParameters({ dModel: 7.5, nHeads: 1, dFF: 8 }), /config\.dModel must be an integer/],
  ['zero dFF', () => attn.countParameters({ dModel: 8, nHeads: 2, dFF: 0 }), /config\.dFF must be at least 1/],
  ['missing dFF', () => attn.countParameters({ dModel: 8, nHeads: 2 }), /config\.dFF must be an integer/],
  ['negative nLayers', () => attn.countParameters({ dModel: 8, nHeads: 2, dFF: 8, nLayers: -2 }), /config\.nLayers must be at least 1/],
  ['string vocabSize', () => attn.countParameters({ dModel: 8, nHeads: 2, dFF: 8, vocabSize: '50257' }), /config\.vocabSize must be an integer/],
  ['learned positions without maxSeqLen', () => attn.countParameters({ dModel: 8, nHeads: 2, dFF: 8, vocabSize: 5, positions: 'learned' }), /config\.maxSeqLen is required/],
  ['headDim that disagrees', () => attn.countParameters({ dModel: 8, nHeads: 2, dFF: 8, headDim: 2 }), /config\.headDim is 2/],
  ['a misspelt field', () => attn.countParameters({ dModel: 8, nHeads: 2, dFF: 8, nLayer: 2 }), /config\.nLayer is not a field/],
  ['no config', () => attn.countParameters(), /countParameters: config is required/],
  ['seqLen 0', () => attn.countFlops({ dModel: 8, nHeads: 2, dFF: 8 }, 0), /seqLen must be at least 1/],
  ['window 0', () => attn.countFlops({ dModel: 8, nHeads: 2, dFF: 8, window: 0 }, 4), /config\.window must be at least 1/],
];

test.each(BAD)('%s throws AttnscopeError naming the field', async (what, call, pattern) => {
  expect(call).toThrow(attn.AttnscopeError);
  expect(call).toThrow(pattern);
  await attn.ready();
  expectStillWorks();
});

test('a transformerBlock config is accepted as it is (fields without parameters are ignored)', () => {
  const block = { nHeads: 2, norm: 'rmsnorm', prenorm: true, activation: 'swiglu', isCausal: true, rope: { base: 10000 }, eps: 1e-6 };
  expect(attn.countParameters({ ...block, dModel: 8, dFF: 16 }).perBlock)
    .toBe(attn.countParameters({ dModel: 8, nHeads: 2, dFF: 16, norm: 'rmsnorm', activation: 'swiglu' }).perBlock);
});
