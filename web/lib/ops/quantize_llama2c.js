// quantizeLlama2c: an fp32 llama2.c checkpoint (legacy, or ak42 version 1)
// rewritten as ak42 version 2 (Q8_0), the layout of llama2.c's export.py
// `version2_export` that runq.c and Model.fromLlama2c read (docs/FORMATS.md).
// Pure JavaScript, no wasm: the quantisation is the core's own
// (kernels_q8.cpp quantize_q8: float32 scale = max|w| / 127, q = w / scale
// rounded half away from zero), so loading the result gives the same model,
// bit for bit, as loading the fp32 file with { quantize: true }.
import { checkInt, checkOptions, fail } from '../tensor.js';
import { typeName } from './model_load.js';

const FN = 'quantizeLlama2c';
const AK42_MAGIC = 0x616b3432;
const AK42_HEADER_BYTES = 256;
const LEGACY_HEADER_BYTES = 28;
const MAX_GROUP_SIZE = 65536; // the reader's limit (loader.cpp)

function bytesOf(v) {
  if (v instanceof ArrayBuffer) return new Uint8Array(v);
  if (ArrayBuffer.isView(v)) return new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
  return fail(`${FN}: checkpoint must be an ArrayBuffer or a Uint8Array of the file's bytes (got ${typeName(v)})`);
}

/** { dims, shared, version, dataOffset } of a legacy or ak42 v1 header; fails on anything else. */
function readHeader(view) {
  if (view.byteLength < LEGACY_HEADER_BYTES) fail(`${FN}: checkpoint is ${view.byteLength} bytes, shorter than a llama2.c header (${LEGACY_HEADER_BYTES})`);
  const ak42 = view.getUint32(0, true) === AK42_MAGIC;
  if (ak42 && view.byteLength < AK42_HEADER_BYTES) fail(`${FN}: checkpoint is ${view.byteLength} bytes, shorter than an ak42 header (${AK42_HEADER_BYTES})`);
  const version = ak42 ? view.getInt32(4, true) : 0;
  if (version === 2) fail(`${FN}: checkpoint is already ak42 version 2 (Q8_0)`);
  if (version !== 0 && version !== 1) fail(`${FN}: checkpoint has ak42 version ${version}; only the legacy and version 1 (fp32) layouts can be quantised`);
  const at = ak42 ? 8 : 0;
  const names = ['dim', 'hidden_dim', 'n_layers', 'n_heads', 'n_kv_heads', 'vocab_size', 'seq_len'];
  const d = Object.fromEntries(names.map((n, i) => [n, view.getInt32(at + 4 * i, true)]));
  let shared;
  if (ak42) {
    const flag = view.getUint8(36);
    if (flag > 1) fail(`${FN}: checkpoint: shared_classifier flag (${flag}) must be 0 or 1`);
    shared = flag === 1;
  } else {
    shared = d.vocab_size > 0; // legacy: a negative vocab_size means wcls is stored last
    d.vocab_size = Math.abs(d.vocab_size);
  }
  for (const n of names) if (!(d[n] > 0)) fail(`${FN}: checkpoint: ${n} (${d[n]}) must be positive`);
  if (d.dim % d.n_heads !== 0) fail(`${FN}: checkpoint: dim (${d.dim}) must be a multiple of n_heads (${d.n_heads})`);
  if (d.n_heads % d.n_kv_heads !== 0) fail(`${FN}: checkpoint: n_heads (${d.n_heads}) must be a multiple of n_kv_heads (${d.n_kv_heads})`);
  if ((d.dim / d.n_heads) % 2 !== 0) fail(`${FN}: checkpoint: head size dim/n_heads = ${d.dim / d.n_heads} must be even (RoPE rotates pairs)`);
  return { d, shared, version, dataOffset: ak42 ? AK42_HEADER_BYTES : LEGACY_HEADER_BYTES };
}

/** The tensors of the fp32 file in its order: [name, kind ('norm' | 'matrix' | 'skip'), layers, rows, cols]. */
function fileTensors({ d, shared, version }) {
  const { dim: C, hidden_dim: F, n_layers: L, n_heads: H, n_kv_heads: Hkv, vocab_size: V, seq_len: T } = d;
  const D = C / H, KV = Hkv * D;
  const emb = ['token_embedding_table', 'matrix', 1, V, C];
  const norms = [['rms_att_weight', 'norm', L, 1, C], ['rms_ffn_weight', 'norm', L, 1, C], ['rms_final_weight', 'norm', 1, 1, C]];
  const attention = [['wq', 'matrix', L, C, C], ['wk', 'matrix', L, KV, C], ['wv', 'matrix', L, KV, C], ['wo', 'matrix', L, C, C]];
  const ffn = [['w1', 'matrix', L, F, C], ['w2', 'matrix', L, C, F], ['w3', 'matrix', L, F, C]];
  const list = version === 0
    ? [emb, norms[0], ...attention, norms[1], ...ffn, norms[2],
      ['freq_cis_real', 'skip', 1, T, D / 2], ['freq_cis_imag', 'skip', 1, T, D / 2]]
    : [...norms, emb, ...attention, ...ffn];
  if (!shared) list.push(['wcls', 'matrix', 1, V, C]);
  return list;
}

/**
 * Q8_0 of n float32 values in groups of gs: q (int8) and one float32 scale a
 * group. The same arithmetic as kernels_q8.cpp's quantize_groups: the scale
 * and each quotient are rounded to float32 (Math.fround of a float32 / float32
 * quotient is the correctly rounded float32 one).
 */
export function quantizeQ8(values, gs) {
  const groups = values.length / gs;
  const q = new Int8Array(values.length);
  const s = new Float32Array(groups);
  for (let g = 0; g < groups; g++) {
    let wmax = 0;
    for (let k = g * gs; k < (g + 1) * gs; k++) wmax = Math.max(wmax, Math.abs(values[k]));
    const scale = Math.fround(wmax / 127);
    s[g] = scale;
    for (let k = g * gs; k < (g + 1) * gs; k++) {
      const x = scale > 0 ? Math.fround(values[k] / scale) : 0;
      const r = Math.sign(x) * Math.round(Math.abs(x)); // half away from zero, as C's roundf
      q[k] = r >= 127 ? 127 : r <= -127 ? -127 : Number.isNaN(r) ? 0 : r;
    }
  }
  return { q, s };
}

/**
 * ak42 version 2 bytes of an fp32 llama2.c checkpoint. opts.groupSize
 * (default 64) is halved until it divides dim and hidden_dim, as export.py
 * and the loader's { quantize: true } back off.
 */
export function quantizeLlama2c(checkpoint, opts) {
  const o = checkOptions(opts, FN, ['groupSize']);
  const wanted = checkInt(o.groupSize ?? 64, 'opts.groupSize', { min: 1, max: MAX_GROUP_SIZE });
  const bytes = bytesOf(checkpoint);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const header = readHeader(view);
  const { d, shared } = header;
  let gs = wanted;
  while (d.dim % gs !== 0 || d.hidden_dim % gs !== 0) gs = Math.floor(gs / 2);

  // Where each tensor is, checked against the file's size before anything is written.
  const specs = fileTensors(header);
  let pos = header.dataOffset;
  const at = new Map();
  for (const [name, , layers, rows, cols] of specs) {
    const need = layers * rows * cols * 4;
    if (pos + need > bytes.byteLength) fail(`${FN}: checkpoint truncated: ${name} needs ${need} bytes at offset ${pos} but the file has ${bytes.byteLength}`);
    at.set(name, pos);
    pos += need;
  }
  if (pos !== bytes.byteLength) fail(`${FN}: checkpoint has ${bytes.byteLength - pos} bytes after its last tensor; the header does not describe this file`);
  const floats = (name, start, count) => {
    const off = at.get(name) + start * 4;
    return (bytes.byteOffset + off) % 4 === 0 // a Float32Array view needs 4-byte alignment; otherwise copy
      ? new Float32Array(bytes.buffer, bytes.byteOffset + off, count)
      : new Float32Array(bytes.slice(off, off + count * 4).buffer);
  };

  // version2_export's order: the norms in fp32, then each matrix (per layer) as int8 values and its scales.
  const byName = Object.fromEntries(specs.map((s) => [s[0], s]));
  const norms = ['rms_att_weight', 'rms_ffn_weight', 'rms_final_weight'];
  const matrices = ['token_embedding_table', 'wq', 'wk', 'wv', 'wo', 'w1', 'w2', 'w3', ...(shared ? [] : ['wcls'])];
  let total = AK42_HEADER_BYTES;
  for (const n of norms) total += byName[n][2] * byName[n][3] * byName[n][4] * 4;
  for (const n of matrices) { const count = byName[n][2] * byName[n][3] * byName[n][4]; total += count + (count / gs) * 4; }
  const out = new Uint8Array(total);
  const ov = new DataView(out.buffer);
  ov.setUint32(0, AK42_MAGIC, true);
  ov.setInt32(4, 2, true);
  ['dim', 'hidden_dim', 'n_layers', 'n_heads', 'n_kv_heads', 'vocab_size', 'seq_len'].forEach((n, i) => ov.setInt32(8 + 4 * i, d[n], true));
  ov.setUint8(36, shared ? 1 : 0);
  ov.setInt32(37, gs, true); // unaligned, as struct.pack wrote it
  let w = AK42_HEADER_BYTES;
  const put = (typed) => { out.set(new Uint8Array(typed.buffer, typed.byteOffset, typed.byteLength), w); w += typed.byteLength; };
  for (const n of norms) { const [, , L, R, Cc] = byName[n]; put(floats(n, 0, L * R * Cc)); }
  for (const n of matrices) {
    const [, , L, R, Cc] = byName[n];
    for (let l = 0; l < L; l++) {
      const { q, s } = quantizeQ8(floats(n, l * R * Cc, R * Cc), gs);
      put(q);
      put(s);
    }
  }
  return out;
}
