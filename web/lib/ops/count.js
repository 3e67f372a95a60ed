// countParameters and countFlops: closed-form counts for one block, a stack
// of blocks or a whole decoder model, from a config. Pure JS (no wasm, no
// ready() needed). The tensors counted are exactly the params that
// multiHeadAttention, feedForward and transformerBlock take (see count.d.ts).
// Legend: T tokens, C = dModel, H = nHeads, Hkv = nKvHeads, D = C / H,
// F = dFF, V = vocabSize, L = nLayers.
import {
  checkInt, checkBool, checkEnum, fail,
} from '../tensor.js';
import { NORMS } from './block.js';
import { ACTIVATIONS } from './feed_forward.js';
import { QK_NORM } from '../enums.js';

const POSITIONS = ['none', 'learned', 'sinusoidal', 'rope', 'alibi'];
const QK_NORMS = [null, ...Object.keys(QK_NORM).filter((n) => n !== 'none')];
const COUNTED = [
  'dModel', 'nHeads', 'nKvHeads', 'dFF', 'norm', 'activation', 'bias', 'nLayers', 'vocabSize',
  'tiedEmbeddings', 'positions', 'maxSeqLen', 'prenorm', 'qkNorm', 'normalized', 'headDim',
  'isCausal', 'window',
];
// transformerBlock / KVCache config fields that hold no parameters and cost
// no counted FLOPs: accepted so a block's config can be passed as it is.
const PASSED_THROUGH = [
  'rope', 'eps', 'kind', 'temperature', 'scale', 'alibi', 'positionOffset', 'kvCache', 'layer',
  'returnIntermediates', 'batchSize', 'attnMask',
];

// Validates the config once; returns every field with its default filled in.
function readConfig(config, fnName) {
  if (config === null || typeof config !== 'object' || Array.isArray(config)) {
    fail(`${fnName}: config is required, an object { dModel, nHeads, dFF, ... }`);
  }
  const o = config;
  for (const key of Object.keys(o)) {
    if (!COUNTED.includes(key) && !PASSED_THROUGH.includes(key)) {
      fail(`${fnName}: config.${key} is not a field (known: ${COUNTED.join(', ')})`);
    }
  }
  const C = checkInt(o.dModel, 'config.dModel', { min: 1 });
  const H = checkInt(o.nHeads, 'config.nHeads', { min: 1 });
  if (C % H !== 0) fail(`config.nHeads (${H}) must divide config.dModel (${C})`);
  const Hkv = o.nKvHeads === undefined || o.nKvHeads === null ? H : checkInt(o.nKvHeads, 'config.nKvHeads', { min: 1 });
  if (H % Hkv !== 0) fail(`config.nKvHeads (${Hkv}) must divide config.nHeads (${H})`);
  const D = C / H;
  if (o.headDim !== undefined && checkInt(o.headDim, 'config.headDim', { min: 1 }) !== D) {
    fail(`config.headDim is ${o.headDim} but config.dModel / config.nHeads is ${D}`);
  }
  const F = checkInt(o.dFF, 'config.dFF', { min: 1 });
  const norm = checkEnum(o.norm ?? 'layernorm', 'config.norm', NORMS);
  const activation = checkEnum(o.activation ?? 'gelu', 'config.activation', ACTIVATIONS);
  const normalized = o.normalized === undefined ? false : checkBool(o.normalized, 'config.normalized');
  const bias = o.bias === undefined ? norm === 'layernorm' && !normalized : checkBool(o.bias, 'config.bias');
  const L = o.nLayers === undefined ? 1 : checkInt(o.nLayers, 'config.nLayers', { min: 1 });
  const V = o.vocabSize === undefined ? 0 : checkInt(o.vocabSize, 'config.vocabSize', { min: 1 });
  const tied = o.tiedEmbeddings === undefined ? true : checkBool(o.tiedEmbeddings, 'config.tiedEmbeddings');
  const positions = checkEnum(o.positions ?? 'none', 'config.positions', POSITIONS);
  const maxSeqLen = o.maxSeqLen === undefined ? 0 : checkInt(o.maxSeqLen, 'config.maxSeqLen', { min: 1 });
  if (positions === 'learned' && !maxSeqLen) fail("config.maxSeqLen is required with config.positions 'learned' (the table has maxSeqLen rows)");
  if (positions === 'learned' && !V) fail("config.positions 'learned' needs config.vocabSize: position tables belong to a whole model");
  const prenorm = o.prenorm === undefined ? true : checkBool(o.prenorm, 'config.prenorm');
  const qkNorm = checkEnum(o.qkNorm ?? null, 'config.qkNorm', QK_NORMS);
  const isCausal = o.isCausal === undefined ? false : checkBool(o.isCausal, 'config.isCausal');
  const window = o.window === undefined || o.window === null ? 0 : checkInt(o.window, 'config.window', { min: 1 });
  return {
    C, H, Hkv, D, F, norm, activation, bias, L, V, tied, positions, maxSeqLen, prenorm, qkNorm,
    normalized, isCausal, window,
  };
}

// Weights that are applied as x @ W (the 2·params FLOP rule), per block.
function blockMatmulWeights({ C, Hkv, D, F, activation }) {
  return {
    attention: C * C + 2 * C * Hkv * D + C * C, // wq, wk, wv, wo
    ffn: (activation === 'swiglu' ? 3 : 2) * C * F, // w1 (w3) w2
  };
}

// Parameters of one block, by part.
function blockParameters(c) {
  const { C, Hkv, D, F, bias } = c;
  const w = blockMatmulWeights(c);
  const attention = w.attention + (bias ? C + 2 * Hkv * D + C : 0) + (c.qkNorm ? 2 * D : 0);
  const ffn = w.ffn + (bias ? (c.activation === 'swiglu' ? 2 : 1) * F + C : 0);
  const oneNorm = c.norm === 'layernorm' && bias ? 2 * C : C;
  // nGPT has no norm layers; it learns alphaAttn [C] and alphaFfn [C] instead.
  const norms = c.normalized ? 0 : 2 * oneNorm;
  const scales = c.normalized ? 2 * C : 0;
  return { attention, ffn, norms, scales, oneNorm };
}

/** Parameter count of a block, a stack (nLayers) or a whole model (vocabSize); see count.d.ts. */
export function countParameters(config) {
  const c = readConfig(config, 'countParameters');
  const b = blockParameters(c);
  const perBlock = b.attention + b.ffn + b.norms + b.scales;
  const model = c.V > 0;
  const breakdown = {
    attention: c.L * b.attention,
    ffn: c.L * b.ffn,
    norms: c.L * b.norms,
    scales: c.L * b.scales,
    embeddings: model ? c.V * c.C : 0,
    positions: c.positions === 'learned' ? c.maxSeqLen * c.C : 0,
    // A pre-LN stack ends in a norm before the classifier; post-LN and nGPT do not.
    finalNorm: model && c.prenorm && !c.normalized ? b.oneNorm : 0,
    classifier: model && !c.tied ? c.C * c.V : 0,
  };
  const total = Object.values(breakdown).reduce((a, x) => a + x, 0);
  return { total, perBlock, breakdown };
}

// (query, key) pairs one head scores for T queries over the same T keys.
function attentionPairs(T, isCausal, window) {
  const w = window || Infinity;
  if (isCausal) {
    // Query i sees min(i + 1, w) keys.
    return w >= T ? (T * (T + 1)) / 2 : (w * (w + 1)) / 2 + (T - w) * w;
  }
  if (w >= T) return T * T;
  // Query i sees itself and min(i, w - 1) keys on each side that exist.
  const m = w - 1;
  const sideSum = (m * (m + 1)) / 2 + (T - 1 - m) * m; // sum over i of min(i, m)
  return T + 2 * sideSum;
}

/** Forward FLOPs over seqLen tokens, one multiply-add = 2 FLOPs; see count.d.ts. */
export function countFlops(config, seqLen) {
  const c = readConfig(config, 'countFlops');
  const T = checkInt(seqLen, 'seqLen', { min: 1 });
  const w = blockMatmulWeights(c);
  const breakdown = {
    projections: c.L * 2 * T * w.attention,
    // QKᵀ and PV: 2·D each per (query, key) pair the mask allows, per query head.
    attention: c.L * 4 * c.H * c.D * attentionPairs(T, c.isCausal, c.window),
    ffn: c.L * 2 * T * w.ffn,
    // The classifier x @ Eᵀ (or x @ W_out) is a matmul even when tied.
    classifier: c.V > 0 ? 2 * T * c.C * c.V : 0,
  };
  const total = Object.values(breakdown).reduce((a, x) => a + x, 0);
  return { total, perToken: total / T, breakdown };
}
