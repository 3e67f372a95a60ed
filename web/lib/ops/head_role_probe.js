// The probes head roles are measured on, and headRoles(model): run a Model
// or ModelWorker on them with returnAttention and score every head
// (head_roles.js). The default probe is Olsson et al. (2022)'s: random
// tokens repeated, [bos?, r1..rn, r1..rn], r distinct within the segment so
// each query of the second copy has exactly one earlier copy.
import { mulberry32 } from '../random.js';
import { checkInt, checkOptions, fail } from '../tensor.js';
import { DEFAULT_ROLE_THRESHOLD, headRoleScores } from './head_roles.js';
import { typeName } from './model_load.js';

/** Largest attention a probe may return: L·H·T² floats (128 MiB). */
export const MAX_ATTENTION_ELEMENTS = 2 ** 25;
const DEFAULTS = { segmentLength: 50, samples: 4, seed: 0 };

function checkIdList(v, name, fnName, vocabSize) {
  if (!Array.isArray(v) && !(ArrayBuffer.isView(v) && !(v instanceof DataView))) {
    fail(`${fnName}: ${name} must be an array of token ids (got ${typeName(v)})`);
  }
  return Array.from(v, (id, i) => {
    if (!Number.isInteger(id) || id < 0 || (vocabSize !== undefined && id >= vocabSize)) {
      fail(`${fnName}: ${name}[${i}] is ${id}, not a token id${vocabSize !== undefined ? ` in 0..${vocabSize - 1}` : ''}`);
    }
    return id;
  });
}

/**
 * `samples` sequences [bos?, r1..rn, r1..rn] with r drawn without replacement
 * from `tokens` (seeded: the same options give the same ids everywhere).
 */
export function headRoleProbe(opts) {
  const fnName = 'headRoleProbe';
  const o = checkOptions(opts, fnName, ['tokens', 'bos', 'segmentLength', 'samples', 'seed']);
  if (o.tokens === undefined) fail(`${fnName}: opts.tokens (the ids to draw from) is required`);
  const pool = [...new Set(checkIdList(o.tokens, 'opts.tokens', fnName))];
  const bos = o.bos === undefined || o.bos === null ? null : checkInt(o.bos, 'opts.bos', { min: 0 });
  const n = checkInt(o.segmentLength ?? DEFAULTS.segmentLength, 'opts.segmentLength', { min: 3 });
  const samples = checkInt(o.samples ?? DEFAULTS.samples, 'opts.samples', { min: 1, max: 1024 });
  const seed = checkInt(o.seed ?? DEFAULTS.seed, 'opts.seed', { min: 0, max: 2 ** 32 - 1 });
  if (n > pool.length) fail(`${fnName}: opts.segmentLength is ${n} but opts.tokens has only ${pool.length} distinct ids (a segment repeats no token)`);
  const random = mulberry32(seed);
  return Array.from({ length: samples }, () => {
    const deck = [...pool];
    for (let k = 0; k < n; k++) { // partial Fisher–Yates: the first n are a uniform draw
      const pick = k + Math.floor(random() * (deck.length - k));
      [deck[k], deck[pick]] = [deck[pick], deck[k]];
    }
    const segment = deck.slice(0, n);
    return [...(bos === null ? [] : [bos]), ...segment, ...segment];
  });
}

/**
 * The ids a probe draws from by default: for run.c-style vocabularies
 * (llama2.c, the char vocabularies) <unk> <s> </s> (0..2) are left out, and
 * so are the byte-fallback tokens 3..258 when at least 16 other tokens
 * remain (a char model never saw most bytes); a model without a tokenizer
 * draws from every id but the BOS.
 */
export function defaultProbeTokens(config, bos) {
  const all = Array.from({ length: config.vocabSize }, (_, id) => id);
  if (config.tokenizer === 'none') return all.filter((id) => id !== bos);
  const words = all.filter((id) => id >= 259);
  return words.length >= 16 ? words : all.filter((id) => id >= 3);
}

function checkModel(model, fnName) {
  const c = model?.config;
  if (!c || typeof model.forward !== 'function' || !Number.isInteger(c.nLayers) || !Number.isInteger(c.seqLen)) {
    fail(`${fnName}: model must be a Model or a ModelWorker (got ${typeName(model)})`);
  }
  return c;
}

/** The sequences to measure on, from the options (text, ids or the repeated-token probe). */
async function probeIds(model, c, o, fnName) {
  if (o.text !== undefined && o.ids !== undefined) fail(`${fnName}: give opts.text or opts.ids, not both`);
  if (o.text !== undefined) {
    if (typeof o.text !== 'string') fail(`${fnName}: opts.text must be a string (got ${typeName(o.text)})`);
    if (c.tokenizer === 'none') fail(`${fnName}: opts.text needs a model with a tokenizer; give opts.ids instead`);
    return { kind: 'text', ids: [await model.encode(o.text)] };
  }
  if (o.ids !== undefined) {
    const nested = Array.isArray(o.ids) && o.ids.length > 0 && typeof o.ids[0] !== 'number';
    const list = nested ? o.ids : [o.ids];
    return { kind: 'ids', ids: list.map((ids, k) => checkIdList(ids, nested ? `opts.ids[${k}]` : 'opts.ids', fnName, c.vocabSize)) };
  }
  const bos = o.bos === undefined ? (c.tokenizer === 'none' ? null : 1) : o.bos;
  if (bos !== null) checkInt(bos, 'opts.bos', { min: 0, max: c.vocabSize - 1 });
  const room = Math.floor((c.seqLen - (bos === null ? 0 : 1)) / 2);
  const tokens = o.tokens ?? defaultProbeTokens(c, bos);
  checkIdList(tokens, 'opts.tokens', fnName, c.vocabSize);
  const segmentLength = o.segmentLength ?? Math.min(DEFAULTS.segmentLength, new Set(tokens).size, room);
  if (segmentLength > room) fail(`${fnName}: opts.segmentLength is ${segmentLength} but the model's context (${c.seqLen}) holds segments of at most ${room}`);
  const ids = headRoleProbe({ tokens, bos, segmentLength, samples: o.samples, seed: o.seed });
  return { kind: 'repeated', ids, segmentLength, bos };
}

/**
 * Every head's role scores for a Model or ModelWorker on a probe (default:
 * repeated random tokens); resolves to headRoleScores' result plus the probe.
 */
export async function headRoles(model, opts) {
  const fnName = 'headRoles';
  const o = checkOptions(opts, fnName, ['text', 'ids', 'tokens', 'bos', 'segmentLength', 'samples', 'seed', 'threshold', 'onProgress', 'signal']);
  const c = checkModel(model, fnName);
  if (o.onProgress !== undefined && typeof o.onProgress !== 'function') fail(`${fnName}: opts.onProgress must be a function`);
  if (o.signal !== undefined && !(o.signal && typeof o.signal.aborted === 'boolean')) fail(`${fnName}: opts.signal must be an AbortSignal`);
  const cancelled = () => { if (o.signal?.aborted) fail(`${fnName}: cancelled`); };
  const probe = await probeIds(model, c, o, fnName);
  const runs = [];
  for (const [k, ids] of probe.ids.entries()) {
    const name = probe.kind === 'repeated' ? `the probe (${ids.length} tokens)` : probe.kind === 'text' ? `opts.text (${ids.length} tokens)` : `opts.ids${probe.ids.length > 1 ? `[${k}]` : ''}`;
    if (ids.length < 3) fail(`${fnName}: ${name} has ${ids.length} tokens; the roles need at least 3`);
    if (ids.length > c.seqLen) fail(`${fnName}: ${name} is longer than the model's context (${c.seqLen})`);
    const elements = c.nLayers * c.nHeads * ids.length ** 2;
    if (elements > MAX_ATTENTION_ELEMENTS) {
      fail(`${fnName}: ${name} would need ${c.nLayers}·${c.nHeads}·${ids.length}² = ${elements} attention weights, over the limit of ${MAX_ATTENTION_ELEMENTS}; use a shorter text`);
    }
    cancelled();
    const { attention } = await model.forward(ids, { returnAttention: true });
    runs.push({ attention, ids });
    o.onProgress?.({ done: k + 1, total: probe.ids.length });
  }
  cancelled();
  const result = headRoleScores(runs, { threshold: o.threshold ?? DEFAULT_ROLE_THRESHOLD });
  const { kind, segmentLength = null, bos = null } = probe;
  return { ...result, probe: { kind, ids: probe.ids, segmentLength, bos } };
}
