// Positional encodings: sinusoidal, RoPE, ALiBi slopes.
import { withHeap } from '../heap.js';
import { ROPE_LAYOUT } from '../enums.js';
import {
  checkTensor, checkRank, checkInt, checkNumber, checkEnum, checkOptions, fail, MAX_ELEMENTS,
} from '../tensor.js';

function checkSize(n, what) {
  if (n > MAX_ELEMENTS) fail(`${what} = ${n} elements, over the limit of ${MAX_ELEMENTS}`);
}

export function sinusoidalPositionalEncoding(seqLen, dModel, opts) {
  const { base = 10000 } = checkOptions(opts, 'sinusoidalPositionalEncoding', ['base']);
  checkInt(seqLen, 'seqLen', { min: 0 });
  checkInt(dModel, 'dModel', { min: 1 });
  checkNumber(base, 'opts.base', { positive: true });
  checkSize(seqLen * dModel, `seqLen * dModel = ${seqLen} * ${dModel}`);
  const size = seqLen * dModel;
  const data = withHeap('sinusoidalPositionalEncoding', (h) => {
    const p = h.output(size, 'encoding');
    h.M.sinusoidalEncoding(p, seqLen, dModel, base);
    return h.read(p, size);
  });
  return { data, shape: [seqLen, dModel] };
}

function checkHeadDim(D, name) {
  checkInt(D, name, { min: 2 });
  if (D % 2 !== 0) fail(`${name} must be even for RoPE, which rotates pairs of dims (got ${D})`);
}

export function ropeFrequencies(headDim, seqLen, opts) {
  const { base = 10000, positionOffset = 0 } = checkOptions(opts, 'ropeFrequencies', ['base', 'positionOffset']);
  checkHeadDim(headDim, 'headDim');
  checkInt(seqLen, 'seqLen', { min: 0 });
  checkNumber(base, 'opts.base', { positive: true });
  checkInt(positionOffset, 'opts.positionOffset', { min: 0 });
  const half = headDim / 2;
  checkSize(seqLen * half, `seqLen * headDim / 2 = ${seqLen} * ${half}`);
  const size = seqLen * half;
  return withHeap('ropeFrequencies', (h) => {
    const pc = h.output(size, 'cos'), ps = h.output(size, 'sin');
    h.M.ropeFrequencies(pc, ps, seqLen, headDim, base, positionOffset);
    return { cos: { data: h.read(pc, size), shape: [seqLen, half] }, sin: { data: h.read(ps, size), shape: [seqLen, half] } };
  });
}

const LAYOUTS = Object.keys(ROPE_LAYOUT);

// opts.positions: one finite number per row (Float32Array, Float64Array or
// plain array), copied as float64 so 0.5 or π/4 rotate by exactly that.
function checkPositions(positions, T) {
  const ok = Array.isArray(positions) || positions instanceof Float32Array || positions instanceof Float64Array;
  if (!ok) fail(`opts.positions must be an array, Float32Array or Float64Array of ${T} numbers (got ${positions === null ? 'null' : positions?.constructor?.name ?? typeof positions})`);
  if (positions.length !== T) fail(`opts.positions has ${positions.length} entries but x has ${T} rows (x.shape[-2])`);
  const out = new Float64Array(T);
  for (let t = 0; t < T; t++) out[t] = checkNumber(positions[t], `opts.positions[${t}]`);
  return out;
}

export function applyRope(x, opts) {
  const { base = 10000, layout = 'interleaved', positionOffset, positions } =
    checkOptions(opts, 'applyRope', ['base', 'layout', 'positionOffset', 'positions']);
  const size = checkTensor(x, 'x');
  checkRank(x, 'x', 2);
  const [T, D] = x.shape.slice(-2);
  checkHeadDim(D, `x.shape[${x.shape.length - 1}] (headDim)`);
  checkNumber(base, 'opts.base', { positive: true });
  checkEnum(layout, 'opts.layout', LAYOUTS);
  if (positions !== undefined && positionOffset !== undefined) {
    fail('applyRope: give opts.positions or opts.positionOffset, not both (positions are absolute)');
  }
  const at = positions === undefined ? null : checkPositions(positions, T);
  const offset = positionOffset ?? 0;
  checkInt(offset, 'opts.positionOffset', { min: 0 });
  const B = T === 0 ? 0 : size / (T * D);
  const data = withHeap('applyRope', (h) => {
    const p = h.input(x.data, 'x');
    if (at) h.M.applyRopeAt(p, p, B, T, D, base, ROPE_LAYOUT[layout], h.input(at, 'opts.positions'));
    else h.M.applyRope(p, p, B, T, D, base, ROPE_LAYOUT[layout], offset);
    return h.read(p, size);
  });
  return { data, shape: [...x.shape] };
}

export function alibiSlopes(nHeads) {
  checkInt(nHeads, 'nHeads', { min: 1, max: 65536 });
  const data = withHeap('alibiSlopes', (h) => {
    const p = h.output(nHeads, 'slopes');
    h.M.alibiSlopes(p, nHeads);
    return h.read(p, nHeads);
  });
  return { data, shape: [nHeads] };
}
