// multiHeadAttention: projections, heads (MHA/GQA/MQA), qk-norm, RoPE, the KV
// cache, attention and the output projection. Validation here; the maths is
// in cpp/src/multi_head_attention.cpp. prepareAttention is shared with
// transformerBlock, which names its arguments differently ('config.nHeads').
import { withHeap } from '../heap.js';
import { checkStatus } from '../errors.js';
import { ATTENTION_KIND, QK_NORM, ROPE_LAYOUT } from '../enums.js';
import {
  checkTensor, checkRank, checkInt, checkNumber, checkBool, checkEnum, checkOptions, fail, product, MAX_ELEMENTS,
} from '../tensor.js';
import { maskLayout } from './attention.js';
import { cacheState } from './kv_cache.js';
import { checkKeys, checkWeight, upload, outputs, noOutputs, checkOutputShapes } from './params.js';

const KINDS = Object.keys(ATTENTION_KIND);
const QK_NORMS = Object.keys(QK_NORM).filter((n) => n !== 'none'); // JS spells none as null
const LAYOUTS = Object.keys(ROPE_LAYOUT);
const PARAMS = ['wq', 'wk', 'wv', 'wo', 'bq', 'bk', 'bv', 'bo', 'qNorm', 'kNorm'];
export const TRACE = ['q', 'k', 'v', 'rawScores', 'scaledScores', 'maskedScores', 'weights', 'headOutputs', 'concat'];

/** Options multiHeadAttention and transformerBlock share. */
export const ATTENTION_OPTIONS = [
  'nHeads', 'nKvHeads', 'isCausal', 'rope', 'qkNorm', 'kind', 'temperature', 'scale', 'alibi', 'window',
  'attnMask', 'positionOffset', 'kvCache', 'layer', 'returnIntermediates',
];

const given = (v) => v !== undefined && v !== null;
const bool = (v, name, dflt) => (v === undefined ? dflt : checkBool(v, name));

// Heads and sizes: x [...batch, T, C], optional memory [...batch, S, C].
function sizes(fn, x, o, n, memory) {
  if (!given(o.nHeads)) fail(`${fn}: ${n}.nHeads is required (the number of query heads)`);
  const H = checkInt(o.nHeads, `${n}.nHeads`, { min: 1 });
  const Hkv = given(o.nKvHeads) ? checkInt(o.nKvHeads, `${n}.nKvHeads`, { min: 1 }) : H;
  if (H % Hkv !== 0) fail(`${fn}: ${n}.nKvHeads (${Hkv}) must divide ${n}.nHeads (${H})`);
  const last = x.shape.length - 1, C = x.shape[last], T = x.shape[last - 1], batch = x.shape.slice(0, -2);
  if (C === 0) fail(`${fn}: x.shape[${last}] (dModel) must be at least 1`);
  if (C % H !== 0) fail(`${fn}: ${n}.nHeads (${H}) must divide dModel = x.shape[${last}] (${C})`);
  let S = T;
  if (memory) {
    checkTensor(memory, `${n}.memory`);
    checkRank(memory, `${n}.memory`, 2);
    const ms = memory.shape, mb = ms.slice(0, -2);
    if (ms[ms.length - 1] !== C) fail(`${fn}: ${n}.memory.shape[${ms.length - 1}] is ${ms[ms.length - 1]} but x.shape[${last}] (dModel) is ${C}`);
    if (mb.length !== batch.length || mb.some((d, i) => d !== batch[i])) {
      fail(`${fn}: ${n}.memory's batch dims [${mb.join(', ')}] differ from x's [${batch.join(', ')}]`);
    }
    S = ms[ms.length - 2];
  }
  return { H, Hkv, C, T, S, D: C / H, batch, B: product(batch) };
}

function checkRope(rope, name, fn) {
  if (!given(rope)) return null;
  checkKeys(rope, name, ['base', 'layout'], fn, { what: 'option' });
  return {
    base: rope.base === undefined ? 10000 : checkNumber(rope.base, `${name}.base`, { positive: true }),
    layout: checkEnum(rope.layout ?? 'interleaved', `${name}.layout`, LAYOUTS),
  };
}

// The KV cache, the layer and the RoPE position of the first token.
function checkCache(fn, o, n, s, cross) {
  const offset = given(o.positionOffset) ? checkInt(o.positionOffset, `${n}.positionOffset`, { min: 0 }) : undefined;
  if (!given(o.kvCache)) {
    if (given(o.layer)) fail(`${fn}: ${n}.layer is only used with ${n}.kvCache`);
    return { cache: null, layer: 0, past: 0, offset: offset ?? 0 };
  }
  if (cross) fail(`${fn}: ${n}.kvCache cannot be used with ${n}.memory (cache the memory's projections yourself)`);
  const c = cacheState(o.kvCache, `${n}.kvCache`, fn);
  if (c.nKvHeads !== s.Hkv) fail(`${fn}: ${n}.kvCache holds ${c.nKvHeads} kv heads but ${n}.nKvHeads is ${s.Hkv}`);
  if (c.headDim !== s.D) fail(`${fn}: ${n}.kvCache has headDim ${c.headDim} but dModel / nHeads is ${s.D}`);
  if (c.batchSize !== s.B) fail(`${fn}: ${n}.kvCache has batchSize ${c.batchSize} but x holds ${s.B} sequence(s)`);
  if (!given(o.layer) && c.nLayers > 1) fail(`${fn}: ${n}.layer is required with a ${c.nLayers}-layer ${n}.kvCache`);
  const layer = given(o.layer) ? checkInt(o.layer, `${n}.layer`, { min: 0, max: c.nLayers - 1 }) : 0;
  const past = c.M.kvCacheLength(c.ptr, layer);
  if (offset !== undefined && offset !== past) {
    fail(`${fn}: ${n}.positionOffset is ${offset} but the KV cache holds ${past} token(s) in layer ${layer}; it must equal that (or be left out)`);
  }
  if (past + s.T > c.maxSeqLen) fail(`${fn}: ${past} cached + ${s.T} new tokens exceed the KV cache's maxSeqLen of ${c.maxSeqLen}`);
  return { cache: c, layer, past, offset: past };
}

function checkAttentionParams(fn, params, p, s, qkNorm) {
  checkKeys(params, p, PARAMS, fn);
  const { C, H, Hkv, D } = s;
  const kvDims = `[dModel, nKvHeads·headDim] = [${C}, ${Hkv}·${D}]`;
  const w = {
    wq: checkWeight(params, 'wq', p, [C, H * D], `[dModel, nHeads·headDim] = [${C}, ${H}·${D}]`, fn),
    wk: checkWeight(params, 'wk', p, [C, Hkv * D], kvDims, fn),
    wv: checkWeight(params, 'wv', p, [C, Hkv * D], kvDims, fn),
    wo: checkWeight(params, 'wo', p, [H * D, C], `[nHeads·headDim, dModel] = [${H}·${D}, ${C}]`, fn),
    bq: checkWeight(params, 'bq', p, [H * D], '[nHeads·headDim]', fn, { optional: true }),
    bk: checkWeight(params, 'bk', p, [Hkv * D], '[nKvHeads·headDim]', fn, { optional: true }),
    bv: checkWeight(params, 'bv', p, [Hkv * D], '[nKvHeads·headDim]', fn, { optional: true }),
    bo: checkWeight(params, 'bo', p, [C], '[dModel]', fn, { optional: true }),
  };
  for (const key of ['qNorm', 'kNorm']) { // { weight [D] }: the learnable qk-norm scale
    w[key] = null;
    if (!given(params[key])) continue;
    if (!qkNorm) fail(`${fn}: ${p}.${key} is given but qkNorm is not set ('rms' or 'l2')`);
    checkKeys(params[key], `${p}.${key}`, ['weight'], fn);
    w[key] = checkWeight(params[key], 'weight', `${p}.${key}`, [D], '[headDim]', fn);
  }
  return w;
}

/**
 * Validates x, params and the attention options `o`. `names` says how the
 * caller wrote them: { fn, params: 'params' | 'params.attn', opts: 'opts' | 'config' }.
 */
export function prepareAttention(names, x, params, o, memory = null) {
  const { fn, opts: n } = names;
  checkTensor(x, 'x');
  checkRank(x, 'x', 2);
  const s = sizes(fn, x, o, n, memory);
  const kind = checkEnum(o.kind ?? 'dot', `${n}.kind`, KINDS);
  if (kind === 'cosine' && given(o.scale)) fail(`${fn}: ${n}.scale has no meaning with kind 'cosine' (it uses ${n}.temperature)`);
  const qkNorm = given(o.qkNorm) ? checkEnum(o.qkNorm, `${n}.qkNorm`, QK_NORMS) : null;
  const rope = checkRope(o.rope, `${n}.rope`, fn);
  if (rope && memory) fail(`${fn}: ${n}.rope cannot be used with ${n}.memory (cross-attention keys have no positions in the query sequence)`);
  if (rope && s.D % 2 !== 0) fail(`${fn}: ${n}.rope needs an even headDim, but dModel / nHeads = ${s.D}`);
  const c = checkCache(fn, o, n, s, !!memory);
  const Tk = c.past + s.S;
  if (s.T * Tk > MAX_ELEMENTS) fail(`${fn}: the ${s.T} x ${Tk} score matrix of one head is over the limit of ${MAX_ELEMENTS} elements`);
  let mask = null;
  if (given(o.attnMask)) {
    checkTensor(o.attnMask, `${n}.attnMask`, { allowUint8: true });
    mask = maskLayout(o.attnMask, s.batch, s.H, s.T, Tk, `${n}.attnMask`);
  }
  const w = checkAttentionParams(fn, params, names.params, s, qkNorm);
  const args = {
    B: s.B, T: s.T, S: s.S, C: s.C, H: s.H, Hkv: s.Hkv, kind: ATTENTION_KIND[kind],
    window: given(o.window) ? checkInt(o.window, `${n}.window`, { min: 1 }) : 0,
    qkNorm: QK_NORM[qkNorm ?? 'none'], ropeLayout: rope ? ROPE_LAYOUT[rope.layout] : 0,
    positionOffset: c.offset, layer: c.layer,
    scale: given(o.scale) ? checkNumber(o.scale, `${n}.scale`) : 0, defaultScale: !given(o.scale), // 1/sqrt(headDim)
    temperature: o.temperature === undefined ? 1 : checkNumber(o.temperature, `${n}.temperature`, { positive: true }),
    eps: 1e-12, ropeBase: rope ? rope.base : 10000,
    causal: bool(o.isCausal, `${n}.isCausal`, false), alibi: bool(o.alibi, `${n}.alibi`, false),
    cross: !!memory, rope: !!rope, maskAllow: 0, maskAdd: 0, cache: c.cache ? c.cache.ptr : 0,
    strideB: 0, strideH: 0, strideQ: 0, strideK: 0,
  };
  const returnIntermediates = bool(o.returnIntermediates, `${n}.returnIntermediates`, false);
  const { batch, H, Hkv, T, D } = s;
  const traceShapes = {
    q: [...batch, H, T, D], k: [...batch, Hkv, Tk, D], v: [...batch, Hkv, Tk, D],
    rawScores: [...batch, H, T, Tk], scaledScores: [...batch, H, T, Tk], maskedScores: [...batch, H, T, Tk],
    weights: [...batch, H, T, Tk], headOutputs: [...batch, H, T, D], concat: [...batch, T, H * D],
  };
  if (returnIntermediates) checkOutputShapes(traceShapes, fn);
  // Copies weights and mask into the heap; returns the MhaWeightArgs.
  const load = (h) => {
    if (mask) {
      const pm = h.input(mask.data, `${n}.attnMask`);
      if (mask.data instanceof Uint8Array) args.maskAllow = pm; else args.maskAdd = pm;
      Object.assign(args, { strideB: mask.strideB, strideH: mask.strideH, strideQ: mask.strideQ, strideK: mask.strideK });
    }
    return Object.fromEntries(Object.entries(w).map(([k, t]) => [k, upload(h, t, `${names.params}.${k}`)]));
  };
  return { ...s, args, load, traceShapes, returnIntermediates };
}

/** Projections + heads + attention + output projection; see blocks.d.ts. */
export function multiHeadAttention(x, params, opts) {
  const fn = 'multiHeadAttention';
  const o = checkOptions(opts, fn, [...ATTENTION_OPTIONS, 'memory']);
  const memory = given(o.memory) ? o.memory : null;
  const a = prepareAttention({ fn, params: 'params', opts: 'opts' }, x, params, o, memory);
  const size = x.data.length;
  return withHeap(fn, (h) => {
    const px = h.input(x.data, 'x');
    const pm = memory ? h.input(memory.data, 'opts.memory') : 0;
    const weights = a.load(h);
    const trace = a.returnIntermediates ? outputs(h, a.traceShapes) : null;
    const po = h.output(size, 'output');
    checkStatus(h.M.multiHeadAttention(po, px, pm, weights, a.args, trace ? trace.ptrs : noOutputs(TRACE)), fn);
    const result = { output: { data: h.read(po, size), shape: [...x.shape] } };
    if (trace) result.intermediates = trace.read();
    return result;
  });
}
