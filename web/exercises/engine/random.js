// Seeded randomness for exercise inputs. The same (seed, variant, case)
// gives the same numbers in every browser and in Node, so a lecture page,
// a learner's retry and a test all see one set of inputs.
//
// PRNG: mulberry32 (32-bit state, period 2^32; Tommy Ettinger's constants),
// the same generator <attn-heatmap> uses. Streams for (seed, variant, case)
// are separated by hashing the three integers with the murmur3 finaliser, so
// neighbouring seeds do not give overlapping sequences. Normal samples use
// Box-Muller with two uniforms per sample (no cached spare: every call
// consumes exactly two draws, which keeps generators easy to reason about).
import { mulberry32 } from '../../lib/random.js';

export { mulberry32 };

function fmix32(h) {
  h ^= h >>> 16; h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13; h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** One 32-bit seed from several non-negative integers (seed, variant, case…). */
export function deriveSeed(...parts) {
  let h = 0x9e3779b9;
  for (const p of parts) h = fmix32((h ^ (p >>> 0)) + 0x7f4a7c15);
  return h;
}

/** Rounds to `decimals` places (what a learner reads is what is computed). */
export function round(x, decimals) {
  if (decimals === undefined || decimals === null) return x;
  const f = 10 ** decimals;
  const r = Math.round(x * f) / f;
  return r === 0 ? 0 : r; // no -0 in prompts
}

/**
 * A generator object: rng.uniform(), rng.int(lo, hi), rng.normal(),
 * rng.pick(list), rng.vector(n, opts), rng.matrix(rows, cols, opts).
 * vector/matrix round to 2 decimals unless opts.round says otherwise
 * (null keeps full precision); opts.dist is 'normal' (default) or
 * 'uniform' with opts.min/opts.max (default -1, 1).
 */
export function makeRng(seed) {
  const next = mulberry32(seed);
  const rng = {
    seed: seed >>> 0,
    next,
    uniform: (min = 0, max = 1) => min + (max - min) * next(),
    /** An integer in [min, max], both included. */
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    normal(mean = 0, std = 1) {
      const u = 1 - next(); // (0, 1]: log stays finite
      const v = next();
      return mean + std * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    },
    pick: (list) => list[Math.floor(next() * list.length)],
    sample(opts = {}) {
      const x = opts.dist === 'uniform' ? rng.uniform(opts.min ?? -1, opts.max ?? 1) : rng.normal(opts.mean ?? 0, opts.std ?? 1);
      return round(x, opts.round === undefined ? 2 : opts.round);
    },
    vector: (n, opts) => Array.from({ length: n }, () => rng.sample(opts)),
    matrix: (rows, cols, opts) => Array.from({ length: rows }, () => rng.vector(cols, opts)),
    shuffle(list) {
      const out = [...list];
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [out[i], out[j]] = [out[j], out[i]];
      }
      return out;
    },
  };
  return rng;
}
