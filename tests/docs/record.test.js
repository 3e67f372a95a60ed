// The bench scripts' `--json` writer (scripts/bench/record.js): a run it
// writes is one docs-figures.js accepts, and the cells are the measured
// ratios, computed per round as the printed tables compute them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jsonTarget, machine, spreadCell, startRun, writeRun } from '../../scripts/bench/record.js';
import { compareTable } from '../../scripts/bench/compare/record.js';
import { checkRun } from '../../scripts/docs/runs.js';
import { groupResults } from '../../scripts/docs/render.js';

test('--json: a file given, the default docs/bench/<date>-<group>.json, or none', () => {
  const day = new Date('2026-11-28T00:10:00Z');
  assert.equal(jsonTarget(['node', 'x.js', '--json', '/tmp/a.json'], 'g', day), '/tmp/a.json');
  assert.match(jsonTarget(['node', 'x.js', '--json'], 'compare-node', day), /docs\/bench\/2026-11-28-compare-node\.json$/);
  assert.match(jsonTarget(['--json', '--torch'], 'train-step', day), /2026-11-28-train-step\.json$/);
  assert.equal(jsonTarget(['node', 'x.js'], 'g', day), null);
});

test('spreadCell is [median, min, max]', () => {
  assert.deepEqual(spreadCell([3, 1, 2], 2), [2, 1, 3]);
  assert.deepEqual(spreadCell([1.234, 1.111, 1.5, 1.4], 2), [1.32, 1.11, 1.5]);
});

test('the compare table: GFLOP/s and ratios per round, the faster runtime taken in each round', () => {
  // Two rounds, times in ms: attnscope, ort, tfjs, xsimd reference. 1 GFLOP.
  const r = {
    name: 'matmul x', flops: 1e9, names: ['attnscope', 'ort', 'tfjs', 'xsimd reference'], errors: {},
    rounds: [{ cpu: [50, 100, 80, 60] }, { cpu: [40, 90, 100, 50] }], load: { others: 0.1234 },
  };
  const t = compareTable([r], 'cpu', 2);
  const row = t.rows[0], col = (k) => row[t.columns.findIndex((c) => c.key === k)];
  assert.deepEqual(col('attnscope'), [22.5, 20, 25]);            // 1e9 / 50 ms = 20, / 40 ms = 25 GFLOP/s
  assert.deepEqual(col('ratio'), [1.93, 1.6, 2.25]);             // 80/50 (tfjs faster), 90/40 (ort faster); median of two = mean
  assert.notDeepEqual(col('ratio'), [1.9, 1.6, 2.2]);            // not the ort column alone (100/50, 90/40)
  assert.deepEqual(col('overXsimd'), [1.23, 1.2, 1.25]);         // 60/50, 50/40
  assert.equal(col('flash'), null);
  assert.equal(col('otherCores'), 0.12);
});

test('a written run passes the docs check and renders with its CPU', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'attnscope-record-'));
  try {
    const file = join(dir, 'run.json');
    const run = startRun().finish({
      group: 'compare-node', title: 't', command: 'node x --json', conditions: 'c', clock: 'CPU time',
      tables: [{ id: 'compare', compare: 'ratio', columns: [{ key: 'workload', label: 'workload' }, { key: 'ratio', label: 'r', digits: 2 }], rows: [['m', [1.5, 1.4, 1.6]]] }],
    });
    writeRun(file, run);
    const back = JSON.parse(await readFile(file, 'utf8'));
    checkRun(back, 'run.json');
    assert.equal(back.machine.cpu, machine().cpu);
    assert.match(back.conditions, /^c; load average/);
    assert.match(groupResults([{ ...back, file: 'run.json' }], 'compare-node'), /\| m \| 1\.50 \(1\.40–1\.60\) \|/);
    assert.throws(() => writeRun(join(dir, 'bad.json'), { ...run, tables: undefined }), /missing "tables"/);
  } finally {
    await rm(dir, { recursive: true });
  }
});
