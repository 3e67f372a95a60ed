// Boolean mask builders ({ data: Uint8Array, shape }, 1 = may attend) for the
// attnMask option of scaledDotProductAttention and flashAttention. The
// patterns are computed by cpp/src/masks.cpp; this file checks arguments.
import { withHeap } from '../heap.js';
import { checkStatus } from '../errors.js';
import { MASK_COMBINE } from '../enums.js';
import {
  checkTensor, checkInt, checkBool, checkOptions, fail, MAX_ELEMENTS,
} from '../tensor.js';

const MAX_SEED = Number.MAX_SAFE_INTEGER;

function checkSize(nQ, nK, fnName) {
  if (nQ * nK > MAX_ELEMENTS) fail(`${fnName}: a ${nQ} x ${nK} mask is over the limit of ${MAX_ELEMENTS} elements`);
}

// Runs a builder that writes an (nQ, nK) byte mask at `out`.
function build(fnName, nQ, nK, call) {
  checkSize(nQ, nK, fnName);
  const size = nQ * nK;
  const data = withHeap(fnName, (h) => {
    const out = h.output(Math.ceil(size / 4), 'mask');
    checkStatus(call(h, out), fnName);
    return h.M.HEAPU8.slice(out, out + size);
  });
  return { data, shape: [nQ, nK] };
}

function checkTokens(tokens, n, name) {
  if (!Array.isArray(tokens) && !(tokens instanceof Int32Array)) {
    fail(`${name} must be an array of token indices (got ${tokens === null ? 'null' : typeof tokens})`);
  }
  tokens.forEach((t, i) => {
    checkInt(t, `${name}[${i}]`, { min: 0 });
    if (t >= n) fail(`${name}[${i}] is ${t}, out of range for n = ${n} tokens (indices 0..${n - 1})`);
  });
  return Int32Array.from(tokens);
}

/** allow[i, j] = j <= i + nK - nQ (queries aligned to the end of the keys). */
export function causalMask(nQ, nK = nQ) {
  checkInt(nQ, 'nQ', { min: 0 });
  checkInt(nK, 'nK', { min: 0 });
  return build('causalMask', nQ, nK, (h, out) => h.M.causalMask(out, nQ, nK));
}

/** allow[i, j] = |i' - j| < window, and j <= i' with opts.causal. */
export function slidingWindowMask(nQ, nK, window, opts) {
  const { causal = false } = checkOptions(opts, 'slidingWindowMask', ['causal']);
  checkInt(nQ, 'nQ', { min: 0 });
  checkInt(nK, 'nK', { min: 0 });
  checkInt(window, 'window', { min: 1 });
  checkBool(causal, 'opts.causal');
  return build('slidingWindowMask', nQ, nK, (h, out) => h.M.slidingWindowMask(out, nQ, nK, window, causal));
}

/** Sparse Transformer strided: j <= i and ((i - j) < stride or (i - j) % stride == 0). */
export function stridedMask(n, stride) {
  checkInt(n, 'n', { min: 0 });
  checkInt(stride, 'stride', { min: 1 });
  return build('stridedMask', n, n, (h, out) => h.M.stridedMask(out, n, stride));
}

/** Diagonal plus every row and column of a global token (with opts.causal, j <= i only). */
export function globalTokensMask(n, globalTokens, opts) {
  const { causal = false } = checkOptions(opts, 'globalTokensMask', ['causal']);
  checkInt(n, 'n', { min: 0 });
  const tokens = checkTokens(globalTokens, n, 'globalTokens');
  checkBool(causal, 'opts.causal');
  return build('globalTokensMask', n, n, (h, out) => h.M.globalTokensMask(out, n, h.input(tokens, 'globalTokens'), tokens.length, causal));
}

/** Window + global tokens + randomPerRow seeded random keys per row (see masks.d.ts for the PRNG). */
export function bigBirdMask(n, opts) {
  const o = checkOptions(opts, 'bigBirdMask', ['window', 'globalTokens', 'randomPerRow', 'seed']);
  checkInt(n, 'n', { min: 0 });
  const window = checkInt(o.window ?? 3, 'opts.window', { min: 1 });
  const tokens = checkTokens(o.globalTokens ?? (n > 0 ? [0] : []), n, 'opts.globalTokens');
  const randomPerRow = checkInt(o.randomPerRow ?? 2, 'opts.randomPerRow', { min: 0 });
  const seed = checkInt(o.seed ?? 0, 'opts.seed', { min: 0, max: MAX_SEED });
  return build('bigBirdMask', n, n, (h, out) =>
    h.M.bigBirdMask(out, n, window, h.input(tokens, 'opts.globalTokens'), tokens.length, randomPerRow, seed));
}

function combine(fnName, how, masks) {
  if (masks.length === 0) fail(`${fnName}: give at least one mask`);
  masks.forEach((m, i) => {
    checkTensor(m, `masks[${i}]`, { allowUint8: true });
    if (!(m.data instanceof Uint8Array)) fail(`masks[${i}].data must be a Uint8Array (a boolean mask; got ${m.data.constructor.name})`);
    const s0 = masks[0].shape;
    if (m.shape.length !== s0.length || m.shape.some((d, k) => d !== s0[k])) {
      fail(`${fnName}: masks[${i}].shape [${m.shape.join(', ')}] differs from masks[0].shape [${s0.join(', ')}]`);
    }
  });
  const size = masks[0].data.length;
  const data = withHeap(fnName, (h) => {
    const out = h.input(masks[0].data, 'masks[0]');
    // Normalise masks[0] to 0/1 too, then fold the others in.
    h.M.combineMasks(out, out, out, size, how);
    masks.slice(1).forEach((m, i) => h.M.combineMasks(out, out, h.input(m.data, `masks[${i + 1}]`), size, how));
    return h.M.HEAPU8.slice(out, out + size);
  });
  return { data, shape: [...masks[0].shape] };
}

/** Elementwise OR: a key is allowed when any mask allows it. */
export function combineMasks(...masks) {
  return combine('combineMasks', MASK_COMBINE.union, masks);
}

/** Elementwise AND: a key is allowed when every mask allows it. */
export function intersectMasks(...masks) {
  return combine('intersectMasks', MASK_COMBINE.intersection, masks);
}
