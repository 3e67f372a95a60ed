// softmax, the norms and the activations: last-dim or elementwise kernels.
import { withHeap } from '../heap.js';
import {
  checkTensor, checkRank, checkNumber, checkEnum, checkOptions, fail,
} from '../tensor.js';

// Runs kernel(out, x, ...extra) on a copy of x; returns a tensor shaped like x.
function unary(fnName, x, call) {
  const size = checkTensor(x, 'x');
  const data = withHeap(fnName, (h) => {
    const px = h.input(x.data, 'x');
    call(h, px, size);
    return h.read(px, size); // kernels run in place on the copy
  });
  return { data, shape: [...x.shape] };
}

const lastDim = (x) => x.shape[x.shape.length - 1];
const rows = (x, size) => (lastDim(x) === 0 ? 0 : size / lastDim(x));

function checkVector(t, name, C, fnName) {
  if (t === undefined || t === null) return null;
  checkTensor(t, `opts.${name}`);
  if (t.shape.length !== 1 || t.shape[0] !== C) {
    fail(`${fnName}: opts.${name}.shape is [${t.shape.join(', ')}] but x's last dim is ${C}; expected [${C}]`);
  }
  return t;
}

/** softmax over the last dim of x / temperature. */
export function softmax(x, opts) {
  const { temperature = 1 } = checkOptions(opts, 'softmax', ['temperature']);
  checkTensor(x, 'x');
  checkRank(x, 'x', 1);
  checkNumber(temperature, 'opts.temperature', { positive: true });
  return unary('softmax', x, (h, px, size) => h.M.softmax(px, px, rows(x, size), lastDim(x), temperature));
}

export function layerNorm(x, opts) {
  const { weight, bias, eps = 1e-5 } = checkOptions(opts, 'layerNorm', ['weight', 'bias', 'eps']);
  checkTensor(x, 'x');
  checkRank(x, 'x', 1);
  checkNumber(eps, 'opts.eps', { nonNegative: true });
  const C = lastDim(x);
  const w = checkVector(weight, 'weight', C, 'layerNorm');
  const b = checkVector(bias, 'bias', C, 'layerNorm');
  return unary('layerNorm', x, (h, px, size) => {
    const pw = w ? h.input(w.data, 'weight') : 0;
    const pb = b ? h.input(b.data, 'bias') : 0;
    h.M.layerNorm(px, px, pw, pb, rows(x, size), C, eps);
  });
}

export function rmsNorm(x, opts) {
  const { weight, eps = 1e-5 } = checkOptions(opts, 'rmsNorm', ['weight', 'eps']);
  checkTensor(x, 'x');
  checkRank(x, 'x', 1);
  checkNumber(eps, 'opts.eps', { nonNegative: true });
  const C = lastDim(x);
  const w = checkVector(weight, 'weight', C, 'rmsNorm');
  return unary('rmsNorm', x, (h, px, size) => {
    const pw = w ? h.input(w.data, 'weight') : 0;
    h.M.rmsNorm(px, px, pw, rows(x, size), C, eps);
  });
}

export function l2Normalize(x, opts) {
  const { eps = 1e-12 } = checkOptions(opts, 'l2Normalize', ['eps']);
  checkTensor(x, 'x');
  checkRank(x, 'x', 1);
  checkNumber(eps, 'opts.eps', { nonNegative: true });
  return unary('l2Normalize', x, (h, px, size) => h.M.l2Normalize(px, px, rows(x, size), lastDim(x), eps));
}

export function gelu(x, opts) {
  const { approximate = 'none' } = checkOptions(opts, 'gelu', ['approximate']);
  checkEnum(approximate, 'opts.approximate', ['none', 'tanh']);
  return unary('gelu', x, (h, px, size) => (approximate === 'tanh' ? h.M.geluTanh(px, px, size) : h.M.gelu(px, px, size)));
}

export function relu(x) {
  return unary('relu', x, (h, px, size) => h.M.relu(px, px, size));
}

export function silu(x) {
  return unary('silu', x, (h, px, size) => h.M.silu(px, px, size));
}
