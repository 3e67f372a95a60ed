// The committed reference runs reproduced: each experiment run again with
// its defaults in Node must give the reference's data to the last bit (only
// the wall-clock fields, elapsedMs and ms, may differ). A mismatch means the
// core's arithmetic or the experiment changed: re-make the reference with
// `node scripts/experiment_reference.js <name>` and say why in the commit.
import { readFileSync } from 'node:fs';
import { EXPERIMENTS } from '../../web/experiments/registry.js';

const NAMES = ['kv-head-sharing', 'kv-cache-compression', 'grokking', 'masked-vs-causal', 'induction-heads'];
const TIMING = new Set(['elapsedMs', 'ms']);

/** The value with every timing field removed (and typed arrays as plain arrays, as JSON has them). */
const untimed = (v) => JSON.parse(JSON.stringify(v, (k, x) => (TIMING.has(k) ? undefined : x)));

/** The first path where a and b differ, or null. */
function firstDifference(a, b, path = 'data') {
  if (typeof a !== typeof b || Array.isArray(a) !== Array.isArray(b) || (a === null) !== (b === null)) return `${path}: ${JSON.stringify(a)?.slice(0, 60)} vs ${JSON.stringify(b)?.slice(0, 60)}`;
  if (a !== null && typeof a === 'object') {
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const d = firstDifference(a[k], b[k], `${path}.${k}`);
      if (d) return d;
    }
    return null;
  }
  return Object.is(a, b) ? null : `${path}: ${a} vs ${b}`;
}

export const checks = NAMES.map((name) => ({
  name: `reference: ${name} reproduced to the last bit`,
  async run() {
    const ref = JSON.parse(readFileSync(new URL(`../../web/experiments/reference/${name}.json`, import.meta.url), 'utf8'));
    const data = await EXPERIMENTS[name]({});
    const diff = firstDifference(untimed(data), untimed(ref.data));
    return { ok: diff === null, lines: [`${ref.command} (made on ${ref.madeOn.cpu}, ${ref.madeOn.seconds.toFixed(0)} s)`, diff === null ? 'identical' : `first difference at ${diff}`] };
  },
}));
