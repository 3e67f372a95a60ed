// Deterministic inputs shared by bench.js and heap.js.

// Values in [-1, 1) from a 32-bit LCG (the native bench uses the same one), no Math.random.
export function randomTensor(shape, seed) {
  const n = shape.reduce((a, b) => a * b, 1);
  const data = new Float32Array(n);
  let s = seed >>> 0;
  for (let i = 0; i < n; i++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    data[i] = s / 2 ** 31 - 1;
  }
  return { data, shape };
}

// Random params with the shapes transformerBlock takes (weights [in, out],
// scaled by 1/√in so activations stay O(1)); LayerNorm weight 1, bias 0.
export function blockParams({ dModel: C, dFF: F }) {
  let seed = 10;
  const w = (shape) => {
    const t = randomTensor(shape, seed++), s = 1 / Math.sqrt(shape[0]);
    t.data.forEach((x, i) => { t.data[i] = x * s; });
    return t;
  };
  const b = (n) => randomTensor([n], seed++);
  const norm = () => ({ weight: { data: new Float32Array(C).fill(1), shape: [C] }, bias: { data: new Float32Array(C), shape: [C] } });
  return {
    norm1: norm(),
    attn: { wq: w([C, C]), bq: b(C), wk: w([C, C]), bk: b(C), wv: w([C, C]), bv: b(C), wo: w([C, C]), bo: b(C) },
    norm2: norm(),
    ffn: { w1: w([C, F]), b1: b(F), w2: w([F, C]), b2: b(C) },
  };
}

