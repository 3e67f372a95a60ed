// Training a Model (wasm_bindings/train_bindings.cpp over cpp/src/train): the
// config and its defaults, the [B, T] token batches, and copying parameters
// and gradients in and out of the model's arenas by their PyTorch names.
// The Model class (model.js) and the Trainer (trainer.js) call these.
import { MODEL_ACTIVATION, MODEL_ARCH, MODEL_NORM, MODEL_POSITIONS } from '../enums.js';
import { withHeap } from '../heap.js';
import { module } from '../runtime.js';
import { checkBool, checkEnum, checkInt, checkOptions, checkTensor, fail } from '../tensor.js';
import { typeName } from './model_load.js';

// The spellings a config accepts: the C++ enums of model/config.h, through enums.js.
export const ARCHS = Object.keys(MODEL_ARCH);
export const POSITIONS = Object.keys(MODEL_POSITIONS);
export const NORMS = Object.keys(MODEL_NORM);
export const ACTIVATIONS = Object.keys(MODEL_ACTIVATION);

const CONFIG_KEYS = ['arch', 'dim', 'hiddenDim', 'multipleOf', 'nLayers', 'nHeads', 'nKvHeads', 'vocabSize',
  'seqLen', 'sharedClassifier', 'positions', 'norm', 'prenorm', 'activation', 'bias', 'causal', 'dropout',
  'embeddingScale'];
// The enum fields of the core's TrainConfig and their spellings.
const CODES = { arch: MODEL_ARCH, positions: MODEL_POSITIONS, norm: MODEL_NORM, activation: MODEL_ACTIVATION };
const INT32 = { min: -(2 ** 31), max: 2 ** 31 - 1 };

const spellingOf = (table, code) => Object.keys(table).find((k) => table[k] === code);

function numberOf(v, name) {
  if (typeof v !== 'number') fail(`${name} must be a number (got ${typeName(v)})`);
  return v;
}

/**
 * The full config of Model.create, in the core's TrainConfig fields with
 * enums spelled. Every rule comes from the core (cpp/include/attnscope/train/
 * config.h): what a field left out takes (the family's variant, llama2.c's
 * ModelArgs sizes, the hidden size's rule), and which values are allowed
 * (TrainableModel::create refuses the rest, naming the field). Here only the
 * types are checked.
 */
export function trainConfig(config, fnName) {
  if (config === null || typeof config !== 'object' || Array.isArray(config)) {
    fail(`${fnName}: config must be an object such as { arch: 'llama', dim: 64, nLayers: 2, nHeads: 4, vocabSize: 256, seqLen: 64 } (got ${typeName(config)})`);
  }
  for (const key of Object.keys(config)) {
    if (!CONFIG_KEYS.includes(key)) fail(`${fnName}: config.${key} is not a config field (known: ${CONFIG_KEYS.join(', ')})`);
  }
  const M = module();
  const arch = checkEnum(config.arch ?? 'llama', 'config.arch', ARCHS);
  const c = fromCore(M.trainFamilyConfig(MODEL_ARCH[arch]));
  const given = (key) => config[key] !== undefined;
  for (const key of ['dim', 'nLayers', 'nHeads', 'vocabSize', 'seqLen']) {
    if (given(key)) c[key] = checkInt(config[key], `config.${key}`, INT32);
  }
  for (const key of ['sharedClassifier', 'prenorm', 'bias', 'causal']) if (given(key)) c[key] = checkBool(config[key], `config.${key}`);
  if (given('dropout')) c.dropout = numberOf(config.dropout, 'config.dropout');
  if (given('embeddingScale')) {
    // true: Vaswani's (and seed 001's) x = sqrt(dim)·e + p; false: 1.
    const s = config.embeddingScale;
    c.embeddingScale = typeof s === 'boolean' ? (s ? Math.sqrt(c.dim) : 1) : numberOf(s, 'config.embeddingScale');
  }
  if (given('positions')) c.positions = checkEnum(config.positions, 'config.positions', POSITIONS);
  if (given('norm')) c.norm = checkEnum(config.norm, 'config.norm', NORMS);
  if (given('activation')) c.activation = checkEnum(config.activation, 'config.activation', ACTIVATIONS);
  // llama2.c's ModelArgs: n_kv_heads None means n_heads.
  c.nKvHeads = given('nKvHeads') ? checkInt(config.nKvHeads, 'config.nKvHeads', INT32) : c.nHeads;
  if (given('hiddenDim')) {
    c.hiddenDim = checkInt(config.hiddenDim, 'config.hiddenDim', INT32);
  } else {
    const multipleOf = given('multipleOf') ? checkInt(config.multipleOf, 'config.multipleOf', { min: 1, max: INT32.max }) : M.trainModelArgs().multipleOf;
    c.hiddenDim = M.trainDefaultHiddenDim(MODEL_ACTIVATION[c.activation], c.dim, multipleOf);
  }
  return c;
}

/** The core's TrainConfig (enums as codes) of a config from trainConfig. */
export function toCore(c) {
  const out = { ...c };
  for (const [key, table] of Object.entries(CODES)) out[key] = table[c[key]];
  return out;
}

/** A config from the core's TrainConfig (enum codes spelled). */
function fromCore(core) {
  const out = { ...core };
  for (const [key, table] of Object.entries(CODES)) out[key] = spellingOf(table, core[key]);
  return out;
}

/**
 * Why llama2.c's legacy format (run.c) cannot hold a model of this config
 * (the core's reason, e.g. "positions is not 'rope'"), or null when it can.
 * config: a Model.config or a trainConfig result.
 */
export function llama2cMismatch(config) {
  const M = module();
  const core = M.trainFamilyConfig(MODEL_ARCH[config.arch]); // normEps, ropeBase: a Model.config has none
  for (const key of Object.keys(core)) {
    if (config[key] !== undefined) core[key] = CODES[key] ? CODES[key][config[key]] : config[key];
  }
  return M.trainLlama2cMismatch(core) || null;
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
export function checkPartial(fnName, partial, table, label = 'parameters') {
  if (partial === null || typeof partial !== 'object' || Array.isArray(partial)) {
    fail(`${fnName}: ${label} must be an object { [name]: Tensor } (got ${typeName(partial)})`);
  }
  const byName = new Map(table.map((p) => [p.name, p]));
  const writes = [];
  for (const [name, t] of Object.entries(partial)) {
    const p = byName.get(name);
    if (!p) {
      const some = table.slice(0, 4).map((q) => `'${q.name}'`).join(', ');
      fail(`${fnName}: '${name}' is not a parameter of this model (its names are those of parameters(), e.g. ${some})`);
    }
    const what = `${label}['${name}']`;
    checkTensor(t, what);
    if (t.shape.length !== p.shape.length || t.shape.some((d, i) => d !== p.shape[i])) {
      fail(`${fnName}: ${what}.shape is [${t.shape.join(', ')}] but the model's is [${p.shape.join(', ')}]`);
    }
    const bad = t.data.findIndex((v) => !Number.isFinite(v));
    if (bad >= 0) fail(`${fnName}: ${what}.data[${bad}] is ${t.data[bad]}; values must be finite`);
    writes.push([p, t.data]);
  }
  return writes;
}

/** Copies checked tensors into the parameter arena. */
export function writeTensors(M, arena, writes) {
  for (const [p, data] of writes) M.HEAPF32.set(data, arena / 4 + p.offset);
}

// One [B, T] batch of ids: { data: Int32Array, shape: [B, T] } or rows of ids.
export function batchOf(fnName, v, name) {
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
 * inputs and targets ([B, T] ids) as Int32Arrays of the same shape: { inputs,
 * targets, B, T }. Only their form is checked here; the ids (inputs in
 * 0..V-1, targets in -1..V-1, not all -1) and sizes (1 <= T <= seqLen) are
 * the core's rules (TrainableModel::check_batch), which refuses before it
 * changes anything.
 */
export function checkBatch(fnName, inputs, targets, limits = null) {
  const x = batchOf(fnName, inputs, 'inputs');
  const y = batchOf(fnName, targets, 'targets');
  if (x.B !== y.B || x.T !== y.T) fail(`${fnName}: targets is [${y.B}, ${y.T}] but inputs is [${x.B}, ${x.T}]; they must match`);
  if (limits) checkIds(fnName, x, y, limits);
  return { inputs: x.data, targets: y.data, B: x.B, T: x.T };
}

// The core checks a trainable model's batches; a model read from a file is
// scored in JS (model_score.js), so its batch is checked here.
function checkIds(fnName, x, y, { vocabSize, seqLen }) {
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

/**
 * The core's PassOptions of a gradient pass: { microBatches, train, step }.
 * opts.accumulate (Model.lossAndGradients, Trainer.step); opts.dropoutStep
 * (Model.lossAndGradients only): a training pass with the dropout masks of
 * Trainer step number dropoutStep + 1 (Trainer.step sets its own).
 */
export function passOptions(opts, fnName, { dropoutStep = false } = {}) {
  const o = checkOptions(opts, fnName, dropoutStep ? ['accumulate', 'dropoutStep'] : ['accumulate']);
  const train = o.dropoutStep !== undefined && o.dropoutStep !== null;
  return {
    microBatches: checkInt(o.accumulate ?? 1, 'opts.accumulate', { min: 1, max: INT32.max }),
    train,
    step: train ? checkInt(o.dropoutStep, 'opts.dropoutStep', { min: 0, max: Number.MAX_SAFE_INTEGER }) : 0,
  };
}

/** Model.config's training fields: a trainable handle's own, a loaded model's (causal, no dropout, scale 1). */
export function trainingFields(h, trainable) {
  if (!trainable) return { causal: true, dropout: 0, embeddingScale: 1 };
  const c = h.trainConfig();
  return { causal: c.causal, dropout: float32Text(c.dropout), embeddingScale: c.embeddingScale };
}

/** The shortest decimal that is the same float32 (the core keeps rates as float32). */
export function float32Text(x) {
  const f = Math.fround(x);
  for (let p = 1; p < 9; p++) if (Math.fround(Number(f.toPrecision(p))) === f) return Number(f.toPrecision(p));
  return f;
}
