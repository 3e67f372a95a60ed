// The inputs of <attn-block-explorer>: a sentence's seeded embeddings and a
// block's seeded random weights. The same word gets the same embedding, and a
// weight depends only on (seed, its name, its shape), so switching pre/post-LN,
// causal or RoPE keeps every number that goes in. The block itself is computed
// by the core (transformerBlock); nothing here computes a value that is shown.
import { attn, seededNormals } from './attention-source.js';
import { intAttr, numberAttr, boolAttr, enumAttr } from './attributes.js';

export const ACTIVATIONS = ['gelu', 'gelu_tanh', 'relu', 'relu2', 'swiglu'];
export const NORMS = ['layernorm', 'rmsnorm'];
export const FFN_MULTIPLE = 4; // F = 4·C, as in GPT-2 (for every activation, to keep the pictures comparable)

/** FNV-1a of `text`, mixed with `seed`: a 32-bit seed per name. */
function seedFor(text, seed) {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (const ch of text) h = Math.imul(h ^ ch.codePointAt(0), 0x01000193) >>> 0;
  return h;
}

/** [rows, cols] of N(0, std²) numbers from the seed of `name`. */
function randomMatrix(name, rows, cols, seed, std) {
  const data = seededNormals(rows * cols, seedFor(`${name}:${rows}x${cols}`, seed));
  for (let i = 0; i < data.length; i++) data[i] *= std;
  return attn.tensor(data, [rows, cols]);
}

const ones = (n) => attn.tensor(new Float32Array(n).fill(1), [n]);
const zeros = (n) => attn.tensor(new Float32Array(n), [n]);

/**
 * x [T, C]: one N(0, 1) row per token (rounded to 2 decimals), the same row
 * for the same word.
 */
export function embed(tokens, dModel, seed) {
  const x = new Float32Array(tokens.length * dModel);
  tokens.forEach((word, i) => x.set(seededNormals(dModel, seedFor(`token:${word}`, seed)), i * dModel));
  return attn.tensor(x, [tokens.length, dModel]);
}

/**
 * Seeded block parameters in the package's layout ({norm1, attn, norm2, ffn},
 * weights [in, out]); matrices are N(0, 1/fan_in), norms start at weight 1,
 * bias 0, and there are no linear biases.
 */
export function blockParams({ dModel: C, nHeads: H, nKvHeads: Hkv, norm, activation, seed, normalized }) {
  const D = C / H, F = FFN_MULTIPLE * C;
  const norms = () => (norm === 'rmsnorm' ? { weight: ones(C) } : { weight: ones(C), bias: zeros(C) });
  const w = (name, rows, cols) => randomMatrix(name, rows, cols, seed, 1 / Math.sqrt(rows));
  const ffn = { w1: w('w1', C, F), w2: w('w2', F, C) };
  if (activation === 'swiglu') ffn.w3 = w('w3', C, F);
  const attention = { wq: w('wq', C, H * D), wk: w('wk', C, Hkv * D), wv: w('wv', C, Hkv * D), wo: w('wo', H * D, C) };
  // nGPT: no norms; the residual steps are eigen learning rates α (nGPT starts them small, here 0.05).
  if (normalized) return { attn: attention, ffn, alphaAttn: attn.tensor(new Float32Array(C).fill(0.05), [C]), alphaFfn: attn.tensor(new Float32Array(C).fill(0.05), [C]) };
  return {
    norm1: norms(),
    attn: { wq: w('wq', C, H * D), wk: w('wk', C, Hkv * D), wv: w('wv', C, Hkv * D), wo: w('wo', H * D, C) },
    norm2: norms(),
    ffn,
  };
}

/** The transformerBlock config (without returnIntermediates) for the explorer's settings. */
export function blockConfig({ nHeads, nKvHeads, norm, prenorm, activation, isCausal, rope, kind, temperature, qkNorm, alibi, window, normalized }) {
  const config = { nHeads, nKvHeads, norm, prenorm, activation, isCausal, rope: rope ? { base: 10000, layout: 'half' } : null };
  // The attention variants are only passed when chosen, so the call shown stays as short as before.
  if (kind === 'cosine') config.kind = 'cosine';
  if (temperature !== 1) config.temperature = temperature;
  if (qkNorm) config.qkNorm = qkNorm;
  if (alibi) config.alibi = true;
  if (window) config.window = window;
  if (normalized) config.normalized = true;
  return config;
}

/** x [T, C] for the settings: nGPT's block expects unit-length rows, so it gets the embeddings L2-normalised. */
export const blockInput = (s) => (s.normalized ? attn.l2Normalize(embed(s.tokens, s.dModel, s.seed)) : embed(s.tokens, s.dModel, s.seed));

export const QK_NORMS = ['rms', 'l2'];

/** The explorer's settings from its attributes (see index.d.ts). */
export function readBlockSettings(el, defaultTokens) {
  const nHeads = intAttr(el, 'heads', 2);
  const dModel = intAttr(el, 'd-model', 16);
  const tokens = (el.getAttribute('tokens') || defaultTokens).trim().split(/\s+/);
  if (nHeads < 1 || dModel % nHeads) throw new Error(`heads (${nHeads}) must divide d-model (${dModel})`);
  const temperature = numberAttr(el, 'temperature', 1);
  if (!(temperature > 0)) throw new Error(`the temperature attribute must be above 0 (got "${el.getAttribute('temperature')}")`);
  const normalized = boolAttr(el, 'normalized');
  return {
    tokens, dModel, nHeads, nKvHeads: intAttr(el, 'kv-heads', nHeads), seed: intAttr(el, 'seed', 1) >>> 0,
    prenorm: !normalized && el.getAttribute('norm-position') !== 'post',
    norm: el.getAttribute('norm') ?? 'layernorm', activation: el.getAttribute('activation') ?? 'gelu',
    isCausal: boolAttr(el, 'causal'), rope: boolAttr(el, 'rope'),
    kind: enumAttr(el, 'kind', ['dot', 'cosine'], 'dot'), temperature,
    qkNorm: enumAttr(el, 'qk-norm', ['none', ...QK_NORMS], 'none') === 'none' ? null : el.getAttribute('qk-norm'),
    alibi: boolAttr(el, 'alibi'), window: intAttr(el, 'window', 0, 0, 4096) || null, normalized,
    headDim: dModel / nHeads,
  };
}
