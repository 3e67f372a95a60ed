// linearAttention and performerProjection: shape checks and options; the
// maths is in cpp/src/linear_attention.cpp.
import { withHeap } from '../heap.js';
import { checkStatus } from '../errors.js';
import { FEATURE_MAP, LINEAR_FORM } from '../enums.js';
import { heads, sameDims } from './attention.js';
import {
  checkTensor, checkNumber, checkBool, checkEnum, checkInt, checkOptions, checkShape, fail, product, MAX_ELEMENTS,
} from '../tensor.js';

const FEATURE_MAPS = Object.keys(FEATURE_MAP);
const FORMS = Object.keys(LINEAR_FORM);
const MAX_SEED = Number.MAX_SAFE_INTEGER;
const MAX_FEATURES = 65536;

/** w [features, headDim] ~ N(0, 1): Box-Muller on splitmix64 seeded with opts.seed. */
export function performerProjection(features, headDim, opts) {
  const { seed = 0 } = checkOptions(opts, 'performerProjection', ['seed']);
  checkInt(features, 'features', { min: 1, max: MAX_FEATURES });
  checkInt(headDim, 'headDim', { min: 1 });
  checkInt(seed, 'opts.seed', { min: 0, max: MAX_SEED });
  const size = checkShape([features, headDim], 'projection shape');
  const data = withHeap('performerProjection', (h) => {
    const p = h.output(size, 'projection');
    h.M.performerProjection(p, features, headDim, seed);
    return h.read(p, size);
  });
  return { data, shape: [features, headDim] };
}

// The performer projection: opts.projection as given, or generated from
// opts.features and opts.seed. Other feature maps take none of these options.
function projectionOf(o, featureMap, D) {
  if (featureMap !== 'performer') {
    for (const key of ['features', 'seed', 'projection']) {
      if (o[key] !== undefined) fail(`linearAttention: opts.${key} is only used with featureMap 'performer' (got featureMap '${featureMap}')`);
    }
    return null;
  }
  if (o.projection === undefined || o.projection === null) {
    return performerProjection(checkInt(o.features ?? 64, 'opts.features', { min: 1, max: MAX_FEATURES }), D, { seed: o.seed ?? 0 });
  }
  if (o.seed !== undefined) fail('linearAttention: opts.seed has no meaning with opts.projection (the projection is given)');
  checkTensor(o.projection, 'opts.projection');
  const [m, d] = o.projection.shape;
  if (o.projection.shape.length !== 2 || d !== D) {
    fail(`opts.projection must be [features, ${D}] (headDim ${D}; got shape [${o.projection.shape.join(', ')}])`);
  }
  if (m < 1 || m > MAX_FEATURES) fail(`opts.projection.shape[0] (features) must be between 1 and ${MAX_FEATURES} (got ${m})`);
  if (o.features !== undefined && o.features !== m) fail(`linearAttention: opts.features is ${o.features} but opts.projection.shape[0] is ${m}`);
  return o.projection;
}

/** Kernelised attention phi(q)^T S / (phi(q)^T z + eps), or phi(q)^T S unnormalised -> { output }; see masks.d.ts. */
export function linearAttention(q, k, v, opts) {
  const o = checkOptions(opts, 'linearAttention', ['featureMap', 'isCausal', 'features', 'seed', 'projection', 'eps', 'form', 'normalize']);
  const Q = heads(q, 'q'), K = heads(k, 'k'), V = heads(v, 'v');
  if (!sameDims(Q.batch, K.batch) || !sameDims(K.batch, V.batch)) {
    fail(`linearAttention: batch dims differ: q [${Q.batch.join(', ')}], k [${K.batch.join(', ')}], v [${V.batch.join(', ')}]`);
  }
  if (Q.D !== K.D) fail(`linearAttention: q.shape[${q.shape.length - 1}] is ${Q.D} but k.shape[${k.shape.length - 1}] is ${K.D}`);
  if (Q.D < 1) fail(`linearAttention: q.shape[${q.shape.length - 1}] (headDim) must be at least 1`);
  if (K.N !== V.N) fail(`linearAttention: k.shape[${k.shape.length - 2}] is ${K.N} but v.shape[${v.shape.length - 2}] is ${V.N} (keys and values must pair up)`);
  if (Q.H !== K.H || K.H !== V.H) fail(`linearAttention: q, k and v must have the same number of heads (got ${Q.H}, ${K.H}, ${V.H})`);
  if (Q.H < 1) fail('linearAttention: q has 0 heads');
  const featureMap = checkEnum(o.featureMap ?? 'elu1', 'opts.featureMap', FEATURE_MAPS);
  const causal = checkBool(o.isCausal ?? false, 'opts.isCausal');
  const eps = checkNumber(o.eps ?? 1e-6, 'opts.eps', { nonNegative: true });
  const form = checkEnum(o.form ?? 'recurrent', 'opts.form', FORMS);
  const normalize = checkBool(o.normalize ?? true, 'opts.normalize');
  if (!normalize && o.eps !== undefined) fail('linearAttention: opts.eps has no meaning with opts.normalize false (there is no denominator)');
  const projection = projectionOf(o, featureMap, Q.D);
  const F = projection ? projection.shape[0] : Q.D;
  if ((Q.N + K.N) * F > MAX_ELEMENTS) {
    fail(`linearAttention: the features of ${Q.N} queries and ${K.N} keys (${F} each) are over the limit of ${MAX_ELEMENTS} elements`);
  }
  const outShape = q.shape.length === 2 ? [Q.N, V.D] : [...Q.batch, Q.H, Q.N, V.D];
  const outSize = checkShape(outShape, 'output shape');
  const args = {
    B: product(Q.batch), H: Q.H, Nq: Q.N, Nk: K.N, D: Q.D, Dv: V.D, featureMap: FEATURE_MAP[featureMap],
    features: projection ? F : 0, form: LINEAR_FORM[form], causal, eps, normalize,
  };
  const data = withHeap('linearAttention', (h) => {
    const out = h.output(outSize, 'output');
    const pw = projection ? h.input(projection.data, 'opts.projection') : 0;
    const status = h.M.linearAttention(out, h.input(q.data, 'q'), h.input(k.data, 'k'), h.input(v.data, 'v'), pw, args);
    checkStatus(status, 'linearAttention');
    return h.read(out, outSize);
  });
  return { output: { data, shape: outShape } };
}
