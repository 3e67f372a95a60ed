// An independent reading of llama2.c checkpoints (legacy fp32 and ak42 v2
// Q8_0, as docs/FORMATS.md describes them) and a float64 Llama forward in
// plain loops (run.c's maths), for tests/js/model_q8.test.js. Matrices are
// (out, in) row-major; weights are kept as plain arrays per tensor name.

const NAMES = ['dim', 'hiddenDim', 'nLayers', 'nHeads', 'nKvHeads', 'vocabSize', 'seqLen'];
const MATRICES = ['token_embedding_table', 'wq', 'wk', 'wv', 'wo', 'w1', 'w2', 'w3'];

function shapes(c) {
  const D = c.dim / c.nHeads, KV = c.nKvHeads * D, L = c.nLayers;
  return {
    token_embedding_table: [1, c.vocabSize, c.dim], rms_att_weight: [L, 1, c.dim], rms_ffn_weight: [L, 1, c.dim],
    rms_final_weight: [1, 1, c.dim], wq: [L, c.dim, c.dim], wk: [L, KV, c.dim], wv: [L, KV, c.dim], wo: [L, c.dim, c.dim],
    w1: [L, c.hiddenDim, c.dim], w2: [L, c.dim, c.hiddenDim], w3: [L, c.hiddenDim, c.dim],
    freq_cis_real: [1, c.seqLen, D / 2], freq_cis_imag: [1, c.seqLen, D / 2], wcls: [1, c.vocabSize, c.dim],
  };
}
const count = ([l, r, c]) => l * r * c;

/** A legacy fp32 checkpoint: { config, shared, weights: { name: Float32Array } }. */
export function readLegacy(bytes) {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const config = Object.fromEntries(NAMES.map((n, i) => [n, v.getInt32(4 * i, true)]));
  const shared = config.vocabSize > 0;
  config.vocabSize = Math.abs(config.vocabSize);
  const s = shapes(config);
  const order = ['token_embedding_table', 'rms_att_weight', 'wq', 'wk', 'wv', 'wo', 'rms_ffn_weight', 'w1', 'w2', 'w3',
    'rms_final_weight', 'freq_cis_real', 'freq_cis_imag', ...(shared ? [] : ['wcls'])];
  const weights = {};
  let at = 28;
  for (const name of order) {
    const n = count(s[name]);
    weights[name] = new Float32Array(bytes.slice(at, at + 4 * n).buffer);
    at += 4 * n;
  }
  if (at !== bytes.byteLength) throw new Error(`legacy file: ${bytes.byteLength - at} bytes left over`);
  return { config, shared, weights };
}

/** An ak42 version 2 file: { config, shared, groupSize, norms: { name: Float32Array }, q8: { name: [{ q, s }] per layer } }. */
export function readAk42v2(bytes) {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (v.getUint32(0, true) !== 0x616b3432 || v.getInt32(4, true) !== 2) throw new Error('not ak42 version 2');
  const config = Object.fromEntries(NAMES.map((n, i) => [n, v.getInt32(8 + 4 * i, true)]));
  const shared = v.getUint8(36) === 1;
  const groupSize = v.getInt32(37, true);
  const s = shapes(config);
  const norms = {}, q8 = {};
  let at = 256;
  for (const name of ['rms_att_weight', 'rms_ffn_weight', 'rms_final_weight']) {
    const n = count(s[name]);
    norms[name] = new Float32Array(bytes.slice(at, at + 4 * n).buffer);
    at += 4 * n;
  }
  for (const name of [...MATRICES, ...(shared ? [] : ['wcls'])]) {
    const [L, R, C] = s[name];
    q8[name] = [];
    for (let l = 0; l < L; l++) {
      const q = new Int8Array(bytes.slice(at, at + R * C).buffer);
      at += R * C;
      const sc = new Float32Array(bytes.slice(at, at + (R * C / groupSize) * 4).buffer);
      at += (R * C / groupSize) * 4;
      q8[name].push({ q, s: sc });
    }
  }
  if (at !== bytes.byteLength) throw new Error(`ak42 v2 file: ${bytes.byteLength - at} bytes left over`);
  return { config, shared, groupSize, norms, q8 };
}

/** float64 weights of an ak42 v2 file: q · scale · scaleFactor(name) for each matrix. */
export function dequantize(file, scaleFactor = () => 1) {
  const weights = { ...file.norms };
  for (const [name, layers] of Object.entries(file.q8)) {
    const f = scaleFactor(name);
    const per = layers[0].q.length;
    const out = new Float64Array(per * layers.length);
    layers.forEach(({ q, s }, l) => { for (let i = 0; i < per; i++) out[l * per + i] = q[i] * s[Math.floor(i / file.groupSize)] * f; });
    weights[name] = out;
  }
  return weights;
}

// out (d) = W (d, n) @ x (n), W at offset `off` of w
function matvec(out, w, off, x, n, d) {
  for (let i = 0; i < d; i++) {
    let sum = 0;
    for (let j = 0; j < n; j++) sum += w[off + i * n + j] * x[j];
    out[i] = sum;
  }
}

function rmsnorm(out, x, w, off) {
  let ss = 0;
  for (const v of x) ss += v * v;
  const r = 1 / Math.sqrt(ss / x.length + 1e-5);
  for (let i = 0; i < x.length; i++) out[i] = w[off + i] * x[i] * r;
}

/** float64 logits [T][V] of ids (run.c's forward at positions 0..T-1). */
export function forward64(config, shared, w, ids) {
  const { dim: C, hiddenDim: F, nLayers: L, nHeads: H, nKvHeads: Hkv, vocabSize: V } = config;
  const D = C / H, KV = Hkv * D, T = ids.length;
  const cls = shared ? w.token_embedding_table : w.wcls;
  const keys = Array.from({ length: L }, () => []), values = Array.from({ length: L }, () => []);
  const x = new Float64Array(C), xb = new Float64Array(C), xb2 = new Float64Array(C);
  const q = new Float64Array(C), h1 = new Float64Array(F), h3 = new Float64Array(F);
  const logits = [];
  for (let pos = 0; pos < T; pos++) {
    for (let i = 0; i < C; i++) x[i] = w.token_embedding_table[ids[pos] * C + i];
    for (let l = 0; l < L; l++) {
      rmsnorm(xb, x, w.rms_att_weight, l * C);
      const k = new Float64Array(KV), v = new Float64Array(KV);
      matvec(q, w.wq, l * C * C, xb, C, C);
      matvec(k, w.wk, l * KV * C, xb, C, KV);
      matvec(v, w.wv, l * KV * C, xb, C, KV);
      for (const [vec, n] of [[q, C], [k, KV]]) {
        for (let i = 0; i < n; i += 2) {
          const angle = pos / 10000 ** ((i % D) / D);
          const [a, b] = [vec[i], vec[i + 1]];
          vec[i] = a * Math.cos(angle) - b * Math.sin(angle);
          vec[i + 1] = a * Math.sin(angle) + b * Math.cos(angle);
        }
      }
      keys[l].push(k);
      values[l].push(v);
      for (let h = 0; h < H; h++) {
        const kvh = Math.floor(h / (H / Hkv));
        const scores = keys[l].map((kk) => {
          let s = 0;
          for (let d = 0; d < D; d++) s += q[h * D + d] * kk[kvh * D + d];
          return s / Math.sqrt(D);
        });
        const m = Math.max(...scores);
        const e = scores.map((s) => Math.exp(s - m));
        const z = e.reduce((a, b) => a + b, 0);
        for (let d = 0; d < D; d++) {
          let sum = 0;
          for (let t = 0; t <= pos; t++) sum += (e[t] / z) * values[l][t][kvh * D + d];
          xb[h * D + d] = sum;
        }
      }
      matvec(xb2, w.wo, l * C * C, xb, C, C);
      for (let i = 0; i < C; i++) x[i] += xb2[i];
      rmsnorm(xb, x, w.rms_ffn_weight, l * C);
      matvec(h1, w.w1, l * F * C, xb, C, F);
      matvec(h3, w.w3, l * F * C, xb, C, F);
      for (let i = 0; i < F; i++) h1[i] = (h1[i] / (1 + Math.exp(-h1[i]))) * h3[i];
      matvec(xb2, w.w2, l * C * F, h1, F, C);
      for (let i = 0; i < C; i++) x[i] += xb2[i];
    }
    rmsnorm(xb, x, w.rms_final_weight, 0);
    const out = new Float64Array(V);
    matvec(out, cls, 0, xb, C, V);
    logits.push(out);
  }
  return logits;
}
