// Training a Model (wasm_bindings/train_bindings.cpp over cpp/src/train): the
// config and its defaults, the [B, T] token batches, and copying parameters
// and gradients in and out of the model's arenas by their PyTorch names.
// The Model class (model.js) and the Trainer (trainer.js) call these.
import { MODEL_ACTIVATION, MODEL_ARCH, MODEL_NORM, MODEL_POSITIONS } from '../enums.js';
import { withHeap } from '../heap.js';
import { checkBool, checkEnum, checkInt, checkOptions, checkTensor, fail } from '../tensor.js';
import { typeName } from './model_load.js';

// The spellings a config accepts: the C++ enums of model/config.h, through enums.js.
export const ARCHS = Object.keys(MODEL_ARCH);
export const POSITIONS = Object.keys(MODEL_POSITIONS);
export const NORMS = Object.keys(MODEL_NORM);
export const ACTIVATIONS = Object.keys(MODEL_ACTIVATION);

/** llama2.c's model.py ModelArgs: the sizes a config leaves out (a 7B Llama; set your own). */
export const MODEL_ARGS = Object.freeze({
  dim: 4096, nLayers: 32, nHeads: 32, vocabSize: 32000, seqLen: 2048, multipleOf: 256,
});

/** Each family's own variant (llama2.c's model.py; nanoGPT's model.py). */
export const FAMILY_DEFAULTS = Object.freeze({
  llama: Object.freeze({ positions: 'rope', norm: 'rmsnorm', prenorm: true, activation: 'swiglu', bias: false }),
  gpt2: Object.freeze({ positions: 'learned', norm: 'layernorm', prenorm: true, activation: 'gelu', bias: true }),
});

const CONFIG_KEYS = ['arch', 'dim', 'hiddenDim', 'multipleOf', 'nLayers', 'nHeads', 'nKvHeads', 'vocabSize',
  'seqLen', 'sharedClassifier', 'positions', 'norm', 'prenorm', 'activation', 'bias'];

/**
 * The full config of Model.create: every field checked, defaults filled.
 * hiddenDim: llama2.c's rule for SwiGLU (4·dim, then 2/3 of it, rounded up to
 * a multiple of multipleOf), nanoGPT's 4·dim for the other activations.
 */
export function trainConfig(config, fnName) {
  if (config === null || typeof config !== 'object' || Array.isArray(config)) {
    fail(`${fnName}: config must be an object such as { arch: 'llama', dim: 64, nLayers: 2, nHeads: 4, vocabSize: 256, seqLen: 64 } (got ${typeName(config)})`);
  }
  for (const key of Object.keys(config)) {
    if (!CONFIG_KEYS.includes(key)) fail(`${fnName}: config.${key} is not a config field (known: ${CONFIG_KEYS.join(', ')})`);
  }
  const arch = checkEnum(config.arch ?? 'llama', 'config.arch', ARCHS);
  const family = FAMILY_DEFAULTS[arch];
  const size = (key, fallback) => checkInt(config[key] ?? fallback, `config.${key}`, { min: 1 });
  const dim = size('dim', MODEL_ARGS.dim);
  const nHeads = size('nHeads', MODEL_ARGS.nHeads);
  const multipleOf = size('multipleOf', MODEL_ARGS.multipleOf);
  const activation = checkEnum(config.activation ?? family.activation, 'config.activation', ACTIVATIONS);
  let hidden = 4 * dim;
  if (activation === 'swiglu') {
    hidden = Math.floor((2 * hidden) / 3);
    hidden = multipleOf * Math.ceil(hidden / multipleOf);
  }
  return {
    arch,
    dim,
    hiddenDim: size('hiddenDim', hidden),
    nLayers: size('nLayers', MODEL_ARGS.nLayers),
    nHeads,
    nKvHeads: size('nKvHeads', nHeads),
    vocabSize: size('vocabSize', MODEL_ARGS.vocabSize),
    seqLen: size('seqLen', MODEL_ARGS.seqLen),
    sharedClassifier: checkBool(config.sharedClassifier ?? true, 'config.sharedClassifier'),
    positions: checkEnum(config.positions ?? family.positions, 'config.positions', POSITIONS),
    norm: checkEnum(config.norm ?? family.norm, 'config.norm', NORMS),
    prenorm: checkBool(config.prenorm ?? family.prenorm, 'config.prenorm'),
    activation,
    bias: checkBool(config.bias ?? family.bias, 'config.bias'),
  };
}

/** createTrainable's arguments, in its order. */
export function createArgs(c, seed) {
  return [MODEL_ARCH[c.arch], c.dim, c.hiddenDim, c.nLayers, c.nHeads, c.nKvHeads, c.vocabSize, c.seqLen,
    c.sharedClassifier, MODEL_POSITIONS[c.positions], MODEL_NORM[c.norm], c.prenorm,
    MODEL_ACTIVATION[c.activation], c.bias, seed];
}

/** The named tensors of a trainable handle: [{ name, shape, offset, numel, decay }] in state_dict order. */
export function parameterTable(h) {
  const table = [];
  for (let i = 0, n = h.paramCount(); i < n; i++) {
    const p = h.param(i);
    table.push(Object.freeze({
      name: p.name, shape: p.rank === 2 ? [p.rows, p.cols] : [p.cols], offset: p.offset, numel: p.numel, decay: p.decay,
    }));
  }
  return table;
}

/** { [name]: Tensor } copied out of an arena (paramsPtr or gradsPtr). */
export function readTensors(M, arena, table) {
  const out = {};
  for (const p of table) {
    const start = arena / 4 + p.offset;
    out[p.name] = { data: M.HEAPF32.slice(start, start + p.numel), shape: [...p.shape] };
  }
  return out;
}

/**
 * Checks every entry of `partial` (name known, shape equal, values finite)
 * before writing any; returns [[entry, data], ...] to write.
 */
export function checkPartial(fnName, partial, table) {
  if (partial === null || typeof partial !== 'object' || Array.isArray(partial)) {
    fail(`${fnName}: parameters must be an object { [name]: Tensor } (got ${typeName(partial)})`);
  }
  const byName = new Map(table.map((p) => [p.name, p]));
  const writes = [];
  for (const [name, t] of Object.entries(partial)) {
    const p = byName.get(name);
    if (!p) {
      const some = table.slice(0, 4).map((q) => `'${q.name}'`).join(', ');
      fail(`${fnName}: '${name}' is not a parameter of this model (its names are those of parameters(), e.g. ${some})`);
    }
    const what = `parameters['${name}']`;
    checkTensor(t, what);
    if (t.shape.length !== p.shape.length || t.shape.some((d, i) => d !== p.shape[i])) {
      fail(`${fnName}: ${what}.shape is [${t.shape.join(', ')}] but the model's is [${p.shape.join(', ')}]`);
    }
    const bad = t.data.findIndex((v) => !Number.isFinite(v));
    if (bad >= 0) fail(`${fnName}: ${what}.data[${bad}] is ${t.data[bad]}; weights must be finite`);
    writes.push([p, t.data]);
  }
  return writes;
}

/** Copies checked tensors into the parameter arena. */
export function writeTensors(M, arena, writes) {
  for (const [p, data] of writes) M.HEAPF32.set(data, arena / 4 + p.offset);
}

// One [B, T] batch of ids: { data: Int32Array, shape: [B, T] } or rows of ids.
function batchOf(fnName, v, name) {
  if (Array.isArray(v)) {
    if (v.length < 1) fail(`${fnName}: ${name} is empty; give [B, T] token ids with B >= 1`);
    const T = v[0]?.length;
    const data = new Int32Array(v.length * (T ?? 0));
    v.forEach((row, b) => {
      if (!Array.isArray(row) && !(ArrayBuffer.isView(row) && !(row instanceof DataView))) {
        fail(`${fnName}: ${name}[${b}] must be an array of token ids (got ${typeName(row)})`);
      }
      if (row.length !== T) fail(`${fnName}: ${name}[${b}] has ${row.length} ids but ${name}[0] has ${T}; every row needs the same length`);
      for (let t = 0; t < T; t++) data[b * T + t] = intOf(fnName, row[t], `${name}[${b}][${t}]`);
    });
    return { data, B: v.length, T };
  }
  if (v === null || typeof v !== 'object' || !('data' in v) || !('shape' in v)) {
    fail(`${fnName}: ${name} must be [B, T] token ids: { data: Int32Array, shape: [B, T] } or an array of arrays (got ${typeName(v)})`);
  }
  if (!(v.data instanceof Int32Array)) fail(`${fnName}: ${name}.data must be an Int32Array (got ${typeName(v.data)}); convert with Int32Array.from(ids)`);
  if (!Array.isArray(v.shape) || v.shape.length !== 2) fail(`${fnName}: ${name}.shape must be [B, T] (got ${JSON.stringify(v.shape)})`);
  const [B, T] = v.shape;
  checkInt(B, `${name}.shape[0]`, { min: 1 });
  checkInt(T, `${name}.shape[1]`, { min: 0 });
  if (v.data.length !== B * T) fail(`${fnName}: ${name}.data has ${v.data.length} ids but ${name}.shape [${B}, ${T}] needs ${B * T}`);
  return { data: v.data, B, T };
}

function intOf(fnName, id, name) {
  if (!Number.isInteger(id) || id < -(2 ** 31) || id >= 2 ** 31) {
    fail(`${fnName}: ${name} must be an integer token id (got ${typeof id === 'number' ? id : typeName(id)})`);
  }
  return id;
}

/**
 * Checks inputs and targets ([B, T] ids) against the model and each other:
 * inputs in 0..V-1, targets in -1..V-1 (-1 = ignored) with at least one not
 * -1, the same shape, 1 <= T <= seqLen. Returns { inputs, targets, B, T }.
 */
export function checkBatch(fnName, inputs, targets, { vocabSize, seqLen }) {
  const x = batchOf(fnName, inputs, 'inputs');
  const y = batchOf(fnName, targets, 'targets');
  if (x.B !== y.B || x.T !== y.T) fail(`${fnName}: targets is [${y.B}, ${y.T}] but inputs is [${x.B}, ${x.T}]; they must match`);
  if (x.T < 1) fail(`${fnName}: inputs has no positions (T = 0)`);
  if (x.T > seqLen) fail(`${fnName}: inputs has T = ${x.T} positions but the model's seqLen is ${seqLen}`);
  const where = (i) => `[${Math.floor(i / x.T)}][${i % x.T}]`;
  let counted = 0;
  for (let i = 0; i < x.data.length; i++) {
    const id = x.data[i], target = y.data[i];
    if (id < 0 || id >= vocabSize) fail(`${fnName}: inputs${where(i)} is ${id}, outside the vocabulary 0..${vocabSize - 1}`);
    if (target < -1 || target >= vocabSize) fail(`${fnName}: targets${where(i)} is ${target}, outside -1..${vocabSize - 1} (-1 = ignored)`);
    if (target !== -1) counted += 1;
  }
  if (counted === 0) fail(`${fnName}: every one of targets is -1 (ignored); at least one must be a token id`);
  return { inputs: x.data, targets: y.data, B: x.B, T: x.T };
}

/** Copies a checked batch into the heap for one call: body(heap, inputsPtr, targetsPtr). */
export function withBatch(fnName, batch, body) {
  return withHeap(fnName, (heap) => body(heap, heap.input(batch.inputs, 'inputs'), heap.input(batch.targets, 'targets')));
}

/** Checks Model.create's options. */
export function createOptions(opts, fnName) {
  const o = checkOptions(opts, fnName, ['seed', 'tokenizer', 'tokenizerKind']);
  return {
    seed: checkInt(o.seed ?? 0, 'opts.seed', { min: 0, max: Number.MAX_SAFE_INTEGER }),
    tokenizer: o.tokenizer ?? null,
    tokenizerKind: o.tokenizerKind ?? 'bpe',
  };
}
