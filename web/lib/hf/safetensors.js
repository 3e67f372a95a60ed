// safetensors (https://github.com/huggingface/safetensors): an 8-byte
// little-endian header length N, N bytes of JSON, then the tensors' raw
// little-endian bytes. The JSON maps each tensor name to { dtype, shape,
// data_offsets: [begin, end] } (offsets into the bytes after the header) and
// may hold "__metadata__" (string -> string). The reader checks the header as
// the reference implementation does — the offsets tile the data exactly, no
// overlap, no gap, nothing past the end — and that each tensor starts at a
// multiple of its element size. The writer makes such files.
import { fail } from '../tensor.js';

/** Bytes per element of every safetensors dtype. */
export const DTYPE_BYTES = Object.freeze({
  BOOL: 1, U8: 1, I8: 1, F8_E5M2: 1, F8_E4M3: 1, F8_E8M0: 1, I16: 2, U16: 2, F16: 2, BF16: 2,
  I32: 4, U32: 4, F32: 4, F64: 8, I64: 8, U64: 8,
});

/** The reference implementation's cap on the header (100 MB). */
export const MAX_HEADER_BYTES = 100_000_000;

const isCount = (v) => Number.isSafeInteger(v) && v >= 0;

function checkEntry(file, name, e, dataBytes) {
  const what = `${file}: tensor '${name}'`;
  if (e === null || typeof e !== 'object' || Array.isArray(e)) fail(`${what} must be an object { dtype, shape, data_offsets }`);
  if (typeof e.dtype !== 'string' || !Object.hasOwn(DTYPE_BYTES, e.dtype)) {
    fail(`${what} has dtype ${JSON.stringify(e.dtype)}, which safetensors does not define`);
  }
  if (!Array.isArray(e.shape) || !e.shape.every(isCount)) fail(`${what}: shape must be a list of non-negative integers (got ${JSON.stringify(e.shape)})`);
  const o = e.data_offsets;
  if (!Array.isArray(o) || o.length !== 2 || !o.every(isCount) || o[0] > o[1]) {
    fail(`${what}: data_offsets must be [begin, end] with 0 <= begin <= end (got ${JSON.stringify(o)})`);
  }
  const size = DTYPE_BYTES[e.dtype];
  const bytes = e.shape.reduce((a, d) => a * d, size);
  if (!Number.isSafeInteger(bytes) || bytes !== o[1] - o[0]) {
    fail(`${what}: shape [${e.shape.join(', ')}] of ${e.dtype} needs ${bytes} bytes but data_offsets [${o[0]}, ${o[1]}] hold ${o[1] - o[0]}`);
  }
  if (o[1] > dataBytes) fail(`${what} ends at byte ${o[1]} of the data, but the file holds ${dataBytes} bytes after its header (truncated?)`);
  if (o[0] % size !== 0) fail(`${what} starts at byte ${o[0]} of the data, not a multiple of its ${e.dtype} element size ${size}`);
  return { name, dtype: e.dtype, shape: [...e.shape], begin: o[0], end: o[1] };
}

/**
 * Reads and checks the header of `src` (files.js): { tensors: Map(name ->
 * { name, dtype, shape, begin, end }) with begin/end absolute offsets in the
 * file, metadata }.
 */
export async function readSafetensorsHeader(src) {
  const file = src.name;
  if (src.size < 8) fail(`${file}: the file has ${src.size} bytes; a safetensors file starts with an 8-byte header length`);
  const lengthBytes = await src.read(0, 8);
  const n = Number(new DataView(lengthBytes.buffer, lengthBytes.byteOffset, 8).getBigUint64(0, true));
  if (n > src.size - 8) fail(`${file}: header length ${n} runs past the end of the file (${src.size} bytes): truncated or not safetensors`);
  if (n > MAX_HEADER_BYTES) fail(`${file}: header length ${n} is over the limit of ${MAX_HEADER_BYTES} bytes`);
  let header;
  try {
    header = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(await src.read(8, n)));
  } catch (e) {
    fail(`${file}: the header is not UTF-8 JSON (${e.message})`);
  }
  if (header === null || typeof header !== 'object' || Array.isArray(header)) fail(`${file}: the header must be a JSON object`);
  const meta = header.__metadata__ ?? null;
  if (meta !== null && (typeof meta !== 'object' || Array.isArray(meta) || Object.values(meta).some((v) => typeof v !== 'string'))) {
    fail(`${file}: __metadata__ must map strings to strings`);
  }
  const dataStart = 8 + n, dataBytes = src.size - dataStart;
  const list = Object.entries(header).filter(([k]) => k !== '__metadata__').map(([k, e]) => checkEntry(file, k, e, dataBytes));
  list.sort((a, b) => a.begin - b.begin || a.end - b.end);
  let at = 0, prev = null;
  for (const t of list) {
    if (t.begin < at) fail(`${file}: tensors '${prev.name}' (bytes ${prev.begin}..${prev.end}) and '${t.name}' (bytes ${t.begin}..${t.end}) overlap`);
    if (t.begin > at) fail(`${file}: no tensor holds bytes ${at}..${t.begin} of the data (before '${t.name}')`);
    at = t.end;
    prev = t;
  }
  if (at !== dataBytes) fail(`${file}: ${dataBytes - at} bytes after the last tensor are not described by the header`);
  const tensors = new Map(list.map((t) => [t.name, { ...t, begin: t.begin + dataStart, end: t.end + dataStart }]));
  return { tensors, metadata: meta };
}

/**
 * A safetensors file of F32 `tensors` ([{ name, shape, fill(view) }], in this
 * order; fill writes the tensor's values into a Float32Array view of the
 * output) with `metadata` (string -> string): one Uint8Array, the only copy.
 * The header is padded with spaces to a multiple of 8 bytes, as the
 * reference writer does, so every tensor starts 8-byte aligned.
 */
export function writeSafetensors(tensors, metadata) {
  const header = {};
  if (metadata) header.__metadata__ = metadata;
  let at = 0;
  for (const t of tensors) {
    const bytes = t.shape.reduce((a, d) => a * d, 4);
    header[t.name] = { dtype: 'F32', shape: t.shape, data_offsets: [at, at + bytes] };
    at += bytes;
  }
  const json = new TextEncoder().encode(JSON.stringify(header));
  const padded = Math.ceil(json.length / 8) * 8;
  const out = new Uint8Array(8 + padded + at);
  new DataView(out.buffer).setBigUint64(0, BigInt(padded), true);
  out.set(json, 8);
  out.fill(0x20, 8 + json.length, 8 + padded);
  let p = 8 + padded;
  for (const t of tensors) {
    const n = t.shape.reduce((a, d) => a * d, 1);
    t.fill(new Float32Array(out.buffer, p, n));
    p += n * 4;
  }
  return out;
}
