// matmul(a, b): torch.matmul for rank >= 1, broadcasting the leading dims.
import { withHeap } from '../heap.js';
import { checkTensor, fail, product, checkShape } from '../tensor.js';

function broadcastBatch(aDims, bDims) {
  const n = Math.max(aDims.length, bDims.length);
  const out = [];
  for (let i = 0; i < n; i++) {
    const a = aDims[aDims.length - n + i] ?? 1;
    const b = bDims[bDims.length - n + i] ?? 1;
    if (a !== b && a !== 1 && b !== 1) {
      fail(`matmul: batch dims [${aDims.join(', ')}] of a and [${bDims.join(', ')}] of b do not broadcast (${a} vs ${b})`);
    }
    out.push(a === 1 ? b : a); // 1 broadcasts to anything, including 0
  }
  return out;
}

// For each output batch index, the flat batch index into a tensor with dims `dims`.
function batchIndex(outDims, dims) {
  const total = product(outDims);
  const idx = new Int32Array(total);
  const offset = outDims.length - dims.length;
  for (let t = 0; t < total; t++) {
    let rem = t, flat = 0, stride = 1;
    for (let i = outDims.length - 1; i >= 0; i--) {
      const coord = rem % outDims[i];
      rem = Math.floor(rem / outDims[i]);
      const di = i - offset;
      if (di >= 0) {
        if (dims[di] !== 1) flat += coord * stride;
        stride *= dims[di];
      }
    }
    idx[t] = flat;
  }
  return idx;
}

export function matmul(a, b) {
  checkTensor(a, 'a');
  checkTensor(b, 'b');
  if (a.shape.length === 0) fail('a must have at least 1 dim (got a scalar)');
  if (b.shape.length === 0) fail('b must have at least 1 dim (got a scalar)');
  // Like torch: a 1-D a is a row [1, K], a 1-D b a column [K, 1]; the added dim is dropped after.
  const aShape = a.shape.length === 1 ? [1, a.shape[0]] : a.shape;
  const bShape = b.shape.length === 1 ? [b.shape[0], 1] : b.shape;
  const [M, K] = aShape.slice(-2);
  const [K2, N] = bShape.slice(-2);
  if (K !== K2) {
    fail(`matmul: a.shape[${a.shape.length - 1}] is ${K} but b.shape[${b.shape.length === 1 ? 0 : b.shape.length - 2}] is ${K2}`);
  }
  const aBatch = aShape.slice(0, -2), bBatch = bShape.slice(0, -2);
  const batch = broadcastBatch(aBatch, bBatch);
  const outShape = [...batch, M, N];
  const size = checkShape(outShape, 'matmul result shape');
  const nb = product(batch);
  const data = withHeap('matmul', (h) => {
    const pa = h.input(a.data, 'a'), pb = h.input(b.data, 'b');
    const ia = h.input(batchIndex(batch, aBatch), 'a batch index');
    const ib = h.input(batchIndex(batch, bBatch), 'b batch index');
    const po = h.output(size, 'result');
    h.M.matmul(po, pa, pb, ia, ib, nb, M, K, N);
    return h.read(po, size);
  });
  if (a.shape.length === 1) outShape.splice(outShape.length - 2, 1);
  if (b.shape.length === 1) outShape.pop();
  return { data, shape: outShape };
}
