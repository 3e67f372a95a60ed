// scaledDotProductAttention and flashAttention: shape checks, mask broadcast,
// options; the maths is in cpp/src/attention.cpp and flash_attention.cpp.
import { withHeap } from '../heap.js';
import { checkStatus } from '../errors.js';
import { ATTENTION_KIND } from '../enums.js';
import {
  checkTensor, checkNumber, checkBool, checkEnum, checkInt, checkOptions, checkShape, fail, product, MAX_ELEMENTS,
} from '../tensor.js';

const COMMON = ['attnMask', 'isCausal', 'scale', 'enableGqa', 'kind', 'temperature', 'alibi', 'window'];
const KINDS = Object.keys(ATTENTION_KIND);

// Reads q/k/v as [...batch, H, N, D]; a rank-2 tensor is one head.
export function heads(t, name) {
  checkTensor(t, name);
  if (t.shape.length < 2) fail(`${name} must be [..., heads, seq, headDim] or [seq, headDim] (got shape [${t.shape.join(', ')}])`);
  const s = t.shape.length === 2 ? [1, ...t.shape] : t.shape;
  return { batch: s.slice(0, -3), H: s[s.length - 3], N: s[s.length - 2], D: s[s.length - 1] };
}

export function sameDims(a, b) {
  return a.length === b.length && a.every((d, i) => d === b[i]);
}

// Strides (in elements) that broadcast the mask to [...batch, H, Nq, Nk],
// copying it only when its batch dims broadcast partially. Also used by
// multiHeadAttention and transformerBlock (`name` is the argument's name).
export function maskLayout(mask, batch, H, Nq, Nk, name = 'opts.attnMask') {
  const target = [...batch, H, Nq, Nk];
  const ms = mask.shape;
  if (ms.length > target.length) fail(`${name} has ${ms.length} dims but the scores [${target.join(', ')}] have ${target.length}`);
  const full = [...Array(target.length - ms.length).fill(1), ...ms];
  full.forEach((d, i) => {
    if (d !== 1 && d !== target[i]) {
      fail(`${name}.shape [${ms.join(', ')}] does not broadcast to the scores' shape [${target.join(', ')}] (dim ${i}: ${d} vs ${target[i]})`);
    }
  });
  const inner = full.slice(-3);
  const stride = (i) => (inner[i] === 1 ? 0 : product(inner.slice(i + 1)));
  const mb = full.slice(0, -3);
  let data = mask.data;
  let strideB = 0;
  if (mb.some((d) => d !== 1)) {
    strideB = product(inner);
    if (!sameDims(mb, batch)) {
      // Partial broadcast over the batch dims: materialise [B, ...inner].
      const nb = product(batch), block = product(inner);
      data = new mask.data.constructor(nb * block);
      for (let t = 0; t < nb; t++) {
        let rem = t, src = 0, s = 1;
        for (let i = batch.length - 1; i >= 0; i--) {
          const c = rem % batch[i];
          rem = Math.floor(rem / batch[i]);
          if (mb[i] !== 1) src += c * s;
          s *= mb[i];
        }
        data.set(mask.data.subarray(src * block, (src + 1) * block), t * block);
      }
    }
  }
  return { data, strideB, strideH: stride(0), strideQ: stride(1), strideK: stride(2) };
}

function prepare(fnName, q, k, v, opts, known) {
  const o = checkOptions(opts, fnName, known);
  const Q = heads(q, 'q'), K = heads(k, 'k'), V = heads(v, 'v');
  if (!sameDims(Q.batch, K.batch) || !sameDims(K.batch, V.batch)) {
    fail(`${fnName}: batch dims differ: q [${Q.batch.join(', ')}], k [${K.batch.join(', ')}], v [${V.batch.join(', ')}]`);
  }
  const last = q.shape.length - 1;
  if (Q.D !== K.D) fail(`${fnName}: q.shape[${last}] is ${Q.D} but k.shape[${k.shape.length - 1}] is ${K.D}`);
  if (K.N !== V.N) fail(`${fnName}: k.shape[${k.shape.length - 2}] is ${K.N} but v.shape[${v.shape.length - 2}] is ${V.N} (keys and values must pair up)`);
  if (K.H !== V.H) fail(`${fnName}: k has ${K.H} heads but v has ${V.H}`);
  const enableGqa = o.enableGqa === undefined ? false : checkBool(o.enableGqa, 'opts.enableGqa');
  if (Q.H !== K.H) {
    if (!enableGqa) fail(`${fnName}: q has ${Q.H} heads but k and v have ${K.H}; pass enableGqa: true for grouped-query attention`);
    if (K.H === 0 || Q.H % K.H !== 0) fail(`${fnName}: q's ${Q.H} heads are not a multiple of k's ${K.H} heads`);
  }
  if (Q.H === 0) fail(`${fnName}: q has 0 heads`);
  const kind = checkEnum(o.kind ?? 'dot', 'opts.kind', KINDS);
  if (kind === 'cosine' && o.scale !== undefined) fail(`${fnName}: opts.scale has no meaning with kind 'cosine' (it uses opts.temperature)`);
  const scale = o.scale === undefined ? 1 / Math.sqrt(Q.D || 1) : checkNumber(o.scale, 'opts.scale');
  const temperature = o.temperature === undefined ? 1 : checkNumber(o.temperature, 'opts.temperature', { positive: true });
  const causal = o.isCausal === undefined ? false : checkBool(o.isCausal, 'opts.isCausal');
  const alibi = o.alibi === undefined ? false : checkBool(o.alibi, 'opts.alibi');
  const window = o.window === undefined || o.window === null ? 0 : checkInt(o.window, 'opts.window', { min: 1 });
  const B = product(Q.batch);
  let mask = null;
  if (o.attnMask !== undefined && o.attnMask !== null) {
    checkTensor(o.attnMask, 'opts.attnMask', { allowUint8: true });
    mask = maskLayout(o.attnMask, Q.batch, Q.H, Q.N, K.N);
  }
  const outShape = q.shape.length === 2 ? [Q.N, V.D] : [...Q.batch, Q.H, Q.N, V.D];
  const weightShape = q.shape.length === 2 ? [Q.N, K.N] : [...Q.batch, Q.H, Q.N, K.N];
  const args = {
    B, H: Q.H, Hkv: K.H, Nq: Q.N, Nk: K.N, D: Q.D, Dv: V.D, kind: ATTENTION_KIND[kind], window,
    scale, temperature, eps: 1e-12, causal, alibi,
    maskAllow: 0, maskAdd: 0, strideB: 0, strideH: 0, strideQ: 0, strideK: 0,
  };
  return { args, mask, outShape, weightShape, o };
}

function run(fnName, q, k, v, prep, withWeights) {
  const { args, mask, outShape, weightShape } = prep;
  const outSize = checkShape(outShape, 'output shape');
  const wSize = withWeights ? checkShape(weightShape, 'weights shape') : 0;
  return withHeap(fnName, (h) => {
    const pq = h.input(q.data, 'q'), pk = h.input(k.data, 'k'), pv = h.input(v.data, 'v');
    if (mask) {
      const pm = h.input(mask.data, 'attnMask');
      if (mask.data instanceof Uint8Array) args.maskAllow = pm; else args.maskAdd = pm;
      Object.assign(args, { strideB: mask.strideB, strideH: mask.strideH, strideQ: mask.strideQ, strideK: mask.strideK });
    }
    const po = h.output(outSize, 'output');
    const pw = withWeights ? h.output(wSize, 'weights') : 0;
    const status = fnName === 'flashAttention'
      ? h.M.flashAttention(po, pq, pk, pv, args)
      : h.M.attention(po, pw, pq, pk, pv, args);
    checkStatus(status, fnName);
    const result = { output: { data: h.read(po, outSize), shape: outShape } };
    if (withWeights) result.weights = { data: h.read(pw, wSize), shape: weightShape };
    return result;
  });
}

/** Attention with the (Nq, Nk) weights materialised; see index.d.ts. */
export function scaledDotProductAttention(q, k, v, opts) {
  const prep = prepare('scaledDotProductAttention', q, k, v, opts, [...COMMON, 'returnWeights']);
  const { Nq, Nk } = prep.args;
  if (Nq * Nk > MAX_ELEMENTS) {
    fail(`scaledDotProductAttention: the ${Nq} x ${Nk} weight matrix of one head is over the limit of ${MAX_ELEMENTS} elements; flashAttention needs no such matrix`);
  }
  const returnWeights = prep.o.returnWeights === undefined ? false : checkBool(prep.o.returnWeights, 'opts.returnWeights');
  return run('scaledDotProductAttention', q, k, v, prep, returnWeights);
}

/** The same maths tiled with an online softmax: O(D) extra memory per row. */
export function flashAttention(q, k, v, opts) {
  if (opts && opts.returnWeights) {
    fail('flashAttention: opts.returnWeights is not available (flash never materialises the weights); use scaledDotProductAttention');
  }
  const { returnWeights, ...rest } = opts ?? {};
  const prep = prepare('flashAttention', q, k, v, rest, COMMON);
  return run('flashAttention', q, k, v, prep, false);
}
