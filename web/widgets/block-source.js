// The inputs of <attn-block-explorer>: a sentence's seeded embeddings and a
// block's seeded random weights. The same word gets the same embedding, and a
// weight depends only on (seed, its name, its shape), so switching pre/post-LN,
// causal or RoPE keeps every number that goes in. The block itself is computed
// by the core (transformerBlock); nothing here computes a value that is shown.
import { attn, seededNormals } from './attention-source.js';

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
export function blockParams({ dModel: C, nHeads: H, nKvHeads: Hkv, norm, activation, seed }) {
  const D = C / H, F = FFN_MULTIPLE * C;
  const norms = () => (norm === 'rmsnorm' ? { weight: ones(C) } : { weight: ones(C), bias: zeros(C) });
  const w = (name, rows, cols) => randomMatrix(name, rows, cols, seed, 1 / Math.sqrt(rows));
  const ffn = { w1: w('w1', C, F), w2: w('w2', F, C) };
  if (activation === 'swiglu') ffn.w3 = w('w3', C, F);
  return {
    norm1: norms(),
    attn: { wq: w('wq', C, H * D), wk: w('wk', C, Hkv * D), wv: w('wv', C, Hkv * D), wo: w('wo', H * D, C) },
    norm2: norms(),
    ffn,
  };
}

/** The transformerBlock config (without returnIntermediates) for the explorer's settings. */
export function blockConfig({ nHeads, nKvHeads, norm, prenorm, activation, isCausal, rope }) {
  return { nHeads, nKvHeads, norm, prenorm, activation, isCausal, rope: rope ? { base: 10000, layout: 'half' } : null };
}
