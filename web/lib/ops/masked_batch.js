// BERT's masked-language-model batches (Devlin et al. 2019, §3.1): each
// position is chosen with probability p (0.15); a chosen position's input
// becomes the mask token 80% of the time, a random token 10%, and stays 10%;
// its target is the original token, every other target −1 (ignored by the
// loss). Feed { inputs, targets } to a Model.create({ causal: false }) model.
import { mulberry32 } from '../random.js';
import { checkInt, checkOptions, fail } from '../tensor.js';
import { batchOf } from './model_train.js';

const MASK = 0.8, RANDOM = 0.9; // the 80/10/10 split: below 0.8 mask, below 0.9 random, else keep

/**
 * ids: a [B, T] batch (TokenBatch). opts: { maskId, vocabSize, seed (default
 * 0), probability (default 0.15), keep (ids never chosen, such as BOS) }.
 * Returns { inputs, targets } as { data: Int32Array, shape: [B, T] }.
 * Draws: mulberry32(seed), one uniform per position in order (chosen when
 * < probability), then for a chosen one a uniform for the 80/10/10 split and,
 * for a random token, one more: floor(u · vocabSize).
 */
export function maskedBatch(ids, opts) {
  const fnName = 'maskedBatch';
  const o = checkOptions(opts, fnName, ['maskId', 'vocabSize', 'seed', 'probability', 'keep']);
  const V = checkInt(o.vocabSize, 'opts.vocabSize', { min: 1, max: 2 ** 31 - 1 });
  const maskId = checkInt(o.maskId, 'opts.maskId', { min: 0, max: V - 1 });
  const seed = checkInt(o.seed ?? 0, 'opts.seed', { min: 0, max: 2 ** 32 - 1 });
  const p = o.probability ?? 0.15;
  if (typeof p !== 'number' || !(p > 0 && p <= 1)) fail(`${fnName}: opts.probability must be a number in (0, 1] (got ${p})`);
  if (!(o.keep === undefined || Array.isArray(o.keep))) fail(`${fnName}: opts.keep must be an array of token ids`);
  const keep = new Set(o.keep ?? []);
  const x = batchOf(fnName, ids, 'ids');
  const inputs = new Int32Array(x.data.length), targets = new Int32Array(x.data.length).fill(-1);
  const random = mulberry32(seed);
  for (let i = 0; i < x.data.length; i++) {
    const id = x.data[i];
    if (id < 0 || id >= V) fail(`${fnName}: ids[${Math.floor(i / x.T)}][${i % x.T}] is ${id}, outside the vocabulary 0..${V - 1}`);
    inputs[i] = id;
    if (keep.has(id) || random() >= p) continue;
    targets[i] = id;
    const split = random();
    if (split < MASK) inputs[i] = maskId;
    else if (split < RANDOM) inputs[i] = Math.floor(random() * V);
  }
  return { inputs: { data: inputs, shape: [x.B, x.T] }, targets: { data: targets, shape: [x.B, x.T] } };
}
