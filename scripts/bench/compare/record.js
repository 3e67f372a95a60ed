// The side-by-side results (rounds.js) as a recorded run's table
// (scripts/bench/record.js): the same cells report() prints, as numbers.
import { spreadCell } from '../record.js';

const COLUMNS = [
  { key: 'workload', label: 'workload' },
  { key: 'attnscope', label: 'attnscope', digits: 1 },
  { key: 'flash', label: 'attnscope flash', digits: 1 },
  { key: 'ort', label: 'onnxruntime-web', digits: 1 },
  { key: 'tfjs', label: 'tfjs-wasm', digits: 1 },
  { key: 'xsimd', label: 'xsimd reference', digits: 1 },
  { key: 'ratio', label: 'attnscope ÷ faster runtime', digits: 2 },
  { key: 'flashRatio', label: 'flash ÷ faster runtime', digits: 2 },
  { key: 'flashOverPlain', label: 'flash ÷ plain', digits: 2 },
  { key: 'overXsimd', label: 'attnscope ÷ xsimd reference', digits: 2 },
  { key: 'otherCores', label: 'other work (cores)', digits: 2 },
];

/** One row of numbers for r = { name, flops, names, rounds, load } by one clock. */
function row(r, clock) {
  const rounds = r.rounds.map((x) => x[clock]);
  const idx = (n) => r.names.indexOf(n);
  const has = (n) => idx(n) >= 0;
  const gflops = (n) => (has(n) ? spreadCell(rounds.map((t) => r.flops / t[idx(n)] / 1e6), 1) : null);
  const faster = rounds.map((t) => Math.min(...['ort', 'tfjs'].filter(has).map((n) => t[idx(n)])));
  const over = (n, base) => (has(n) && base ? spreadCell(rounds.map((t, k) => base(t, k) / t[idx(n)]), 2) : null);
  const plain = (t) => t[idx('attnscope')];
  return [
    r.name, gflops('attnscope'), gflops('attnscope flash'), gflops('ort'), gflops('tfjs'), gflops('xsimd reference'),
    over('attnscope', (t, k) => faster[k]), over('attnscope flash', (t, k) => faster[k]),
    over('attnscope flash', plain),
    has('xsimd reference') ? spreadCell(rounds.map((t) => t[idx('xsimd reference')] / plain(t)), 2) : null,
    Number(r.load.others.toFixed(2)),
  ];
}

/** The recorded table of a side-by-side run. */
export function compareTable(results, clock, roundCount) {
  return {
    id: 'compare',
    unit: `GFLOP/s, median over ${roundCount} rounds (min–max); ratios taken within each round`,
    compare: 'ratio',
    columns: COLUMNS,
    rows: results.map((r) => row(r, clock)),
  };
}

/** The cross-check note: the largest relative difference of any system to attnscope's output. */
export function crossCheckNote(results) {
  const worst = Math.max(...results.flatMap((r) => Object.values(r.errors)));
  return `Every output agreed with attnscope's before timing (max |difference| / max |value| at most ${worst.toExponential(1)}; the limit is 2e-3).`;
}
