// Shared by the Hugging Face tests: the fixture folders of
// scripts/gen_fixtures_hf.py as { name: bytes }, their PyTorch references,
// and a safetensors reader written here, independently of web/lib/hf.
import { readFileSync, readdirSync } from 'node:fs';
import { ROOT } from './model_helpers.js';

export const HF_DIR = `${ROOT}tests/fixtures/hf/`;
export const FOLDERS = ['gpt2_f32', 'gpt2_f16', 'gpt2_bf16', 'llama_f32', 'llama_bf16', 'llama_f16'];

export const references = () => JSON.parse(readFileSync(`${HF_DIR}references.json`, 'utf8'));

/** { file name: Uint8Array } of a fixture folder. */
export function folder(name) {
  const dir = `${HF_DIR}${name}/`;
  return Object.fromEntries(readdirSync(dir).sort().map((f) => [f, new Uint8Array(readFileSync(dir + f))]));
}

/** A copy of a folder with file `name` replaced (bytes, or a string for JSON). */
export const withFile = (files, name, value) => ({ ...files, [name]: value });

// binary16 -> number from its definition (sign, 5-bit exponent, 10-bit fraction).
function half(h) {
  const s = h & 0x8000 ? -1 : 1, e = (h >> 10) & 31, f = h & 1023;
  if (e === 31) return f ? NaN : s * Infinity;
  return e ? s * 2 ** (e - 15) * (1 + f / 1024) : s * 2 ** -14 * (f / 1024);
}

/** { name: { dtype, shape, values: Float64Array } } of a safetensors file (F32, F16, BF16 decoded). */
export function readSafetensors(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const n = Number(view.getBigUint64(0, true));
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(8, 8 + n)));
  const out = {};
  for (const [name, e] of Object.entries(header)) {
    if (name === '__metadata__') continue;
    const at = 8 + n + e.data_offsets[0], count = e.shape.reduce((a, d) => a * d, 1);
    const values = new Float64Array(count);
    for (let i = 0; i < count; i++) {
      if (e.dtype === 'F32') values[i] = view.getFloat32(at + 4 * i, true);
      else if (e.dtype === 'F16') values[i] = half(view.getUint16(at + 2 * i, true));
      else if (e.dtype === 'BF16') values[i] = new Float32Array(new Uint32Array([view.getUint16(at + 2 * i, true) << 16]).buffer)[0];
      else values[i] = NaN;
    }
    out[name] = { dtype: e.dtype, shape: e.shape, values, begin: e.data_offsets[0], end: e.data_offsets[1] };
  }
  return { header, headerBytes: n, tensors: out };
}

/** A safetensors file made from a header object and the data bytes (no checks: for bad files). */
export function safetensorsBytes(header, data, { length } = {}) {
  const json = new TextEncoder().encode(JSON.stringify(header));
  const out = new Uint8Array(8 + json.length + data.length);
  new DataView(out.buffer).setBigUint64(0, BigInt(length ?? json.length), true);
  out.set(json, 8);
  out.set(data, 8 + json.length);
  return out;
}

/** Every tensor's values of a folder (all shards), by name. */
export function folderTensors(files) {
  const all = {};
  for (const [name, bytes] of Object.entries(files)) if (name.endsWith('.safetensors')) Object.assign(all, readSafetensors(bytes).tensors);
  return all;
}
