// Model.fromHuggingFace's work: read the folder's JSON (folder.js), hand the
// sizes and the tensor list to the core's HfLoader (wasm_bindings/
// hf_bindings.cpp), which checks the memory it needs before allocating, then
// stream every tensor through one staging buffer in the wasm heap, a chunk of
// whole rows at a time, reporting progress and honouring an AbortSignal. The
// core converts each chunk into place (dtype, Conv1D, rotate-half q/k).
import { AttnscopeError } from '../errors.js';
import { HF_ROLE, MODEL_ACTIVATION, MODEL_ARCH, MODEL_FILE_DTYPE } from '../enums.js';
import { macrotask } from '../ops/macrotask.js';
import { checkBool, checkInt, checkOptions, fail } from '../tensor.js';
import { readFolder } from './folder.js';
import { DTYPE_BYTES } from './safetensors.js';

/** Bytes read and converted per core call (whole rows; at least one row). */
export const CHUNK_BYTES = 8 << 20;
const DTYPE = { F32: MODEL_FILE_DTYPE.f32, F16: MODEL_FILE_DTYPE.f16, BF16: MODEL_FILE_DTYPE.bf16 };
const YIELD_MS = 16;

export const HF_OPTIONS = ['maxSeqLen', 'quantize', 'groupSize', 'name', 'onProgress', 'signal'];

/** Checks fromHuggingFace's options. */
export function hfOptions(opts, fnName, extra = []) {
  const o = checkOptions(opts, fnName, [...HF_OPTIONS, ...extra]);
  if (o.onProgress !== undefined && typeof o.onProgress !== 'function') fail(`${fnName}: opts.onProgress must be a function`);
  if (o.signal !== undefined && !(o.signal && typeof o.signal.aborted === 'boolean')) fail(`${fnName}: opts.signal must be an AbortSignal`);
  return {
    maxSeqLen: checkInt(o.maxSeqLen ?? 0, 'opts.maxSeqLen', { min: 0 }),
    quantize: checkBool(o.quantize ?? false, 'opts.quantize'),
    groupSize: checkInt(o.groupSize ?? 64, 'opts.groupSize', { min: 1 }),
    name: o.name === undefined ? null : typeof o.name === 'string' ? o.name : fail(`${fnName}: opts.name must be a string`),
    onProgress: o.onProgress ?? null,
    signal: o.signal ?? null,
  };
}

function aborted(signal) {
  if (!signal?.aborted) return;
  if (typeof signal.throwIfAborted === 'function') signal.throwIfAborted();
  throw signal.reason ?? new DOMException('The load was aborted', 'AbortError');
}

async function readRange(src, offset, length) {
  let bytes;
  try {
    bytes = await src.read(offset, length);
  } catch (e) {
    fail(`${src.name}: could not be read (${e?.message ?? e})`);
  }
  if (bytes.length !== length) fail(`${src.name}: holds fewer bytes than its header says (the file changed while it was read?)`);
  return bytes;
}

const shapeOf = (t) => (t.shape.length === 1 ? [1, t.shape[0]] : t.shape);

function coreSpec(spec) {
  return {
    arch: MODEL_ARCH[spec.arch], dim: spec.dim, hiddenDim: spec.hiddenDim, nLayers: spec.nLayers, nHeads: spec.nHeads,
    nKvHeads: spec.nKvHeads, vocabSize: spec.vocabSize, seqLen: spec.seqLen, activation: MODEL_ACTIVATION[spec.activation],
    normEps: spec.normEps, ropeBase: spec.ropeBase, bias: spec.bias, tied: spec.tied,
  };
}

/**
 * Reads the folder of `sources` (files.js) into the ModelHandle h. Returns
 * { spec, tensors, files }: what was read, for Model.parameters() and
 * toHuggingFace(). Throws AttnscopeError naming the file and field (the
 * handle then holds no model), or the signal's reason when aborted.
 */
export async function loadFolder(fnName, M, h, sources, o) {
  const progress = (phase, loaded, total) => o.onProgress?.({ phase, loaded, total });
  aborted(o.signal);
  progress('config', 0, 0);
  let folder;
  try {
    folder = await readFolder(sources);
  } catch (e) {
    throw e instanceof AttnscopeError ? new AttnscopeError(`${fnName}: ${e.message}`) : e;
  }
  const { spec, tensors } = folder;
  const total = tensors.reduce((s, t) => s + (t.end - t.begin), 0);
  progress('weights', 0, total);
  const r = new M.HfLoader();
  let staging = 0;
  try {
    if (r.begin(coreSpec(spec), o.maxSeqLen, o.quantize, o.groupSize) !== 0) fail(`${fnName}: config.json: ${r.error()}`);
    const index = tensors.map((t) => {
      const [rows, cols] = shapeOf(t);
      const i = r.add(HF_ROLE[t.role], t.layer, DTYPE[t.dtype], rows, cols);
      if (i < 0) fail(`${fnName}: ${t.file}: tensor '${t.name}': ${r.error()}`);
      return i;
    });
    const rowBytes = tensors.map((t) => shapeOf(t)[1] * DTYPE_BYTES[t.dtype]);
    const stagingBytes = Math.max(CHUNK_BYTES, ...rowBytes);
    staging = M._malloc(stagingBytes);
    if (!staging) fail(`${fnName}: out of memory allocating ${stagingBytes} bytes to read the weights through`);
    if (r.allocate() !== 0) fail(`${fnName}: ${r.error()} (options quantize: true, maxSeqLen)`);
    let loaded = 0, slice = performance.now();
    for (let k = 0; k < tensors.length; k++) {
      const t = tensors[k], src = sources.get(t.file), bytes = t.end - t.begin;
      const chunk = Math.max(1, Math.floor(stagingBytes / rowBytes[k])) * rowBytes[k];
      for (let off = 0; off < bytes; off += chunk) {
        aborted(o.signal);
        const n = Math.min(chunk, bytes - off);
        const data = await readRange(src, t.begin + off, n);
        M.HEAPU8.set(data, staging);
        if (r.write(index[k], staging, off, n) !== 0) fail(`${fnName}: ${t.file}: tensor '${t.name}': ${r.error()}`);
        loaded += n;
        progress('weights', loaded, total);
        if (performance.now() - slice > YIELD_MS) { await macrotask(); slice = performance.now(); }
      }
    }
    aborted(o.signal);
    if (r.finishInto(h) !== 0) fail(`${fnName}: ${r.error()}`);
    return folder;
  } finally {
    if (staging) M._free(staging);
    r.delete();
  }
}
