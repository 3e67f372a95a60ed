// Position biases for the scores (ALiBi, T5 relative buckets) and learned
// absolute position embeddings; maths in cpp/src/position_bias.cpp.
import { withHeap } from '../heap.js';
import { checkStatus } from '../errors.js';
import {
  checkTensor, checkRank, checkInt, checkBool, checkOptions, fail, MAX_ELEMENTS,
} from '../tensor.js';

const INT32 = { min: -(2 ** 31), max: 2 ** 31 - 1 };

function checkBiasSize(H, nQ, nK, fnName) {
  if (H * nQ * nK > MAX_ELEMENTS) fail(`${fnName}: a [${H}, ${nQ}, ${nK}] bias is over the limit of ${MAX_ELEMENTS} elements`);
}

/** slope_h * (j - i') as [nHeads, nQ, nK], i' = i + nK - nQ; the scores' `alibi` option as a tensor. */
export function alibiBias(nHeads, nQ, nK = nQ) {
  checkInt(nHeads, 'nHeads', { min: 1, max: 65536 });
  checkInt(nQ, 'nQ', { min: 0 });
  checkInt(nK, 'nK', { min: 0 });
  checkBiasSize(nHeads, nQ, nK, 'alibiBias');
  const size = nHeads * nQ * nK;
  const data = withHeap('alibiBias', (h) => {
    const out = h.output(size, 'bias');
    checkStatus(h.M.alibiBias(out, nHeads, nQ, nK), 'alibiBias');
    return h.read(out, size);
  });
  return { data, shape: [nHeads, nQ, nK] };
}

// T5's bucket options: numBuckets >= 4 (bidirectional) or 2, maxDistance
// beyond the exact buckets; returns the checked values.
function bucketOptions(o, fnName, numBuckets, bucketsName) {
  const bidirectional = checkBool(o.bidirectional ?? true, 'opts.bidirectional');
  checkInt(numBuckets, bucketsName, { min: bidirectional ? 4 : 2, max: 2 ** 20 });
  const maxDistance = checkInt(o.maxDistance ?? 128, 'opts.maxDistance', { min: 1 });
  const exact = Math.floor((bidirectional ? Math.floor(numBuckets / 2) : numBuckets) / 2);
  if (maxDistance <= exact) {
    fail(`${fnName}: opts.maxDistance must be greater than ${exact}, the exact buckets per direction of ${numBuckets} buckets (got ${maxDistance})`);
  }
  return { bidirectional, numBuckets, maxDistance };
}

/** Hugging Face T5's _relative_position_bucket for each relative position (key - query). */
export function t5RelativePositionBucket(relativePosition, opts) {
  const o = checkOptions(opts, 't5RelativePositionBucket', ['bidirectional', 'numBuckets', 'maxDistance']);
  if (!Array.isArray(relativePosition) && !(relativePosition instanceof Int32Array)) {
    fail(`relativePosition must be an array or Int32Array of integers (got ${relativePosition === null ? 'null' : typeof relativePosition})`);
  }
  if (relativePosition.length > MAX_ELEMENTS) fail(`relativePosition has ${relativePosition.length} elements, over the limit of ${MAX_ELEMENTS}`);
  relativePosition.forEach((r, i) => checkInt(r, `relativePosition[${i}]`, INT32));
  const { bidirectional, numBuckets, maxDistance } = bucketOptions(o, 't5RelativePositionBucket', o.numBuckets ?? 32, 'opts.numBuckets');
  const rel = Int32Array.from(relativePosition);
  return withHeap('t5RelativePositionBucket', (h) => {
    const out = h.output(rel.length, 'buckets');
    checkStatus(h.M.t5RelativePositionBucket(out, h.input(rel, 'relativePosition'), rel.length, bidirectional, numBuckets, maxDistance),
      't5RelativePositionBucket');
    return new Int32Array(h.M.HEAP32.buffer, out, rel.length).slice();
  });
}

/** table[bucket(j - i'), h] as [H, nQ, nK] from a learned table [numBuckets, H]. */
export function t5RelativeBias(table, nQ, nK = nQ, opts) {
  const o = checkOptions(opts, 't5RelativeBias', ['bidirectional', 'numBuckets', 'maxDistance']);
  checkTensor(table, 'table');
  if (table.shape.length !== 2) fail(`table must be [numBuckets, nHeads] (got shape [${table.shape.join(', ')}])`);
  const [rows, H] = table.shape;
  if (o.numBuckets !== undefined && o.numBuckets !== rows) {
    fail(`t5RelativeBias: table.shape[0] is ${rows} but opts.numBuckets is ${o.numBuckets} (one table row per bucket)`);
  }
  if (H < 1) fail('table.shape[1] (nHeads) must be at least 1 (got 0)');
  checkInt(nQ, 'nQ', { min: 0 });
  checkInt(nK, 'nK', { min: 0 });
  const { bidirectional, numBuckets, maxDistance } = bucketOptions(o, 't5RelativeBias', rows, 'table.shape[0] (numBuckets)');
  checkBiasSize(H, nQ, nK, 't5RelativeBias');
  const size = H * nQ * nK;
  const data = withHeap('t5RelativeBias', (h) => {
    const out = h.output(size, 'bias');
    checkStatus(h.M.t5RelativeBias(out, h.input(table.data, 'table'), H, nQ, nK, bidirectional, numBuckets, maxDistance), 't5RelativeBias');
    return h.read(out, size);
  });
  return { data, shape: [H, nQ, nK] };
}

/** x [..., T, C] + table[positionOffset + t] with a learned table [maxLen, C]. */
export function addPositionEmbeddings(x, table, opts) {
  const { positionOffset = 0 } = checkOptions(opts, 'addPositionEmbeddings', ['positionOffset']);
  const size = checkTensor(x, 'x');
  checkRank(x, 'x', 2);
  checkTensor(table, 'table');
  if (table.shape.length !== 2) fail(`table must be [maxLen, C] (got shape [${table.shape.join(', ')}])`);
  const r = x.shape.length;
  const [T, C] = x.shape.slice(-2);
  const [L, Ct] = table.shape;
  if (Ct !== C) fail(`addPositionEmbeddings: table.shape[1] is ${Ct} but x.shape[${r - 1}] is ${C}`);
  checkInt(positionOffset, 'opts.positionOffset', { min: 0 });
  if (positionOffset + T > L) {
    fail(`addPositionEmbeddings: positions ${positionOffset}..${positionOffset + T - 1} (opts.positionOffset + x.shape[${r - 2}]) go past table.shape[0] = ${L}`);
  }
  const B = T * C === 0 ? 0 : size / (T * C);
  const data = withHeap('addPositionEmbeddings', (h) => {
    const p = h.input(x.data, 'x');
    checkStatus(h.M.addPositionEmbeddings(p, p, h.input(table.data, 'table'), B, T, C, L, positionOffset), 'addPositionEmbeddings');
    return h.read(p, size);
  });
  return { data, shape: [...x.shape] };
}
