// Every benchmark figure the docs quote comes from one recorded run in
// docs/bench/ (docs/BENCHMARKS.md "Recording a run"): the marked regions are
// what scripts/docs-figures.js renders from the runs, and no figure is
// written outside a region. Plain Node (node --test tests/docs/), no build.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtemp, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkDocs, NOT_BENCHMARK_FIGURES, ROOT } from '../../scripts/docs/check.js';
import { FIGURES, figureText } from '../../scripts/docs/figures.js';
import { regions, rewrite, staleRegions, strayFigures } from '../../scripts/docs/regions.js';
import { groupResults } from '../../scripts/docs/render.js';
import { checkRun, latest, loadRuns, RUNS_DIR } from '../../scripts/docs/runs.js';

const runs = await loadRuns();
const readme = await readFile(join(ROOT, 'README.md'), 'utf8');

test('the docs quote only the recorded runs: every region current, no benchmark figure outside one', async () => {
  const found = await checkDocs(runs);
  assert.deepEqual(found.stale, [], 'run node scripts/docs-figures.js');
  assert.deepEqual(found.strays, [], 'write these figures as <!-- figure:NAME --> regions (scripts/docs/figures.js)');
  assert.deepEqual(found.unused, [], 'drop these entries from NOT_BENCHMARK_FIGURES');
  // Not vacuous: the README's speed paragraph and BENCHMARKS.md's tables are regions.
  assert.ok(regions(readme).length >= 10, `README.md has ${regions(readme).length} regions`);
  assert.ok(found.regions >= 30, `${found.regions} regions in all`);
});

test('the command-line check agrees (exit 0 on the repository)', () => {
  const script = fileURLToPath(new URL('../../scripts/docs-figures.js', import.meta.url));
  assert.match(execFileSync(process.execPath, [script, '--check'], { encoding: 'utf8' }), /every quoted figure/);
});

test('every run file is well formed and names its CPU; every figure renders from it', async () => {
  const files = (await readdir(RUNS_DIR)).filter((f) => f.endsWith('.json'));
  assert.equal(runs.length, files.length);
  for (const run of runs) assert.ok(run.machine.cpu && run.date, run.file);
  for (const name of Object.keys(FIGURES)) assert.ok(figureText(runs, name).length > 0, name);
});

test('a figure is computed from its run, not copied: the matmul ratios against an independent reading of the JSON', async () => {
  const run = latest(runs, 'compare-node');
  const raw = JSON.parse(await readFile(join(RUNS_DIR, run.file), 'utf8'));
  const table = raw.tables.find((t) => t.id === 'compare');
  const at = table.columns.findIndex((c) => c.key === 'ratio');
  const medians = table.rows.filter((r) => r[0].startsWith('matmul')).map((r) => r[at][0]);
  assert.equal(medians.length, 3);
  assert.equal(figureText(runs, 'compare-node.matmul'), `${Math.min(...medians).toFixed(2)}–${Math.max(...medians).toFixed(2)}×`);
  // A plausible slip — the median over all workloads, or the flash column — gives another text.
  assert.notEqual(figureText(runs, 'compare-node.matmul'), figureText(runs, 'compare-node.attention'));
});

test('a region whose text was edited by hand is stale, and rewriting restores it', () => {
  const [first] = regions(readme);
  const edited = `${readme.slice(0, first.start)}<!-- figure:${first.name} -->9.99×<!-- /figure -->${readme.slice(first.end)}`;
  assert.deepEqual(staleRegions(edited, runs), [first.name]);
  assert.equal(rewrite(edited, runs), rewrite(readme, runs));
  assert.throws(() => rewrite('<!-- figure:no-such-figure -->x<!-- /figure -->', runs), /unknown figure "no-such-figure"/);
});

test('a speed figure outside a region is found; counts and products are not', () => {
  const found = (text) => strayFigures(text).map((s) => s.sentence);
  assert.equal(found('A step takes 1.6× PyTorch\'s time.').length, 1);
  assert.equal(found('Matmul runs at 1.34–1.40× the faster runtime.').length, 1);
  assert.equal(found('It reaches 30 GFLOP/s.\n\nIt makes 600 tok/s.').length, 2);
  assert.equal(found('A step costs 194 ms per step.').length, 1);
  assert.equal(found('The first one gave 0.99 (0.98–1.00)× on matmul, faster than before.').length, 1);
  // Inside a region, or not about speed, it is not a quoted figure.
  assert.deepEqual(found('A step takes <!-- figure:train-step.wasm -->1.58×<!-- /figure --> PyTorch\'s time.'), []);
  assert.deepEqual(found('You returned 3×4, expected 4×3.\n\nN spans 70×, beside the 20× rule; the 7 × i32 header.'), []);
  // A marker written as text (after a backtick) is not a region: the figure after it still counts.
  assert.equal(found('Write `<!-- figure:train-step.wasm -->` 1.5× faster `<!-- /figure -->`.').length, 1);
});

test('with runs on two CPU kinds a group shows both, side by side, each with its own run', () => {
  const intel = latest(runs, 'compare-node', 'intel');
  const amd = structuredClone(intel);
  Object.assign(amd, { date: '2099-01-01', file: 'amd.json', machine: { cpu: 'AMD EPYC', kind: 'amd', cpus: 2 } });
  const at = amd.tables[0].columns.findIndex((c) => c.key === 'ratio');
  amd.tables[0].rows = amd.tables[0].rows.map((row) => row.map((c, i) => (i === at && Array.isArray(c) ? [0.5, 0.4, 0.6] : c)));
  const text = groupResults([...runs, amd], 'compare-node');
  assert.match(text, /attnscope ÷ faster runtime, by CPU kind:/);
  assert.match(text, /\| workload \| Intel Xeon \(2026-11-26\) \| AMD EPYC \(2099-01-01\) \|/);
  assert.match(text, /\| matmul 256×256×256 \| 1\.40 \(1\.34–1\.44\) \| 0\.50 \(0\.40–0\.60\) \|/);
  // The latest run of a group is what its figures quote, whatever the CPU kind.
  assert.equal(figureText([...runs, amd], 'compare-node.matmul'), '0.50×');
  const chromium = latest(runs, 'compare-chromium-fma');
  assert.equal(figureText([...runs, amd], 'compare.run'), `Side by side in Node: 2099-01-01, 2-core AMD EPYC; ${chromium.title}: ${chromium.date}, 2-core ${chromium.machine.cpu}`);
});

test('a run without its CPU, date or a table that fits its columns is refused, naming the field', () => {
  const good = structuredClone(latest(runs, 'threads'));
  assert.doesNotThrow(() => checkRun(good, 'x.json'));
  assert.throws(() => checkRun({ ...good, machine: { ...good.machine, cpu: '' } }, 'x.json'), /x\.json: machine\.cpu/);
  assert.throws(() => checkRun({ ...good, date: '25 Nov' }, 'x.json'), /date "25 Nov"/);
  const bad = structuredClone(good);
  bad.tables[0].rows[0].pop();
  assert.throws(() => checkRun(bad, 'x.json'), /row 0 has 6 cells for 7 columns/);
});

test('an exception listed for a text that is gone is reported, so the list cannot go stale', async () => {
  const root = await mkdtemp(join(tmpdir(), 'attnscope-docs-'));
  try {
    await mkdir(join(root, 'docs'));
    await mkdir(join(root, 'web/models'), { recursive: true });
    await writeFile(join(root, 'README.md'), 'Nothing measured here.\n');
    await writeFile(join(root, 'web/models/README.md'), 'Two models.\n');
    await writeFile(join(root, 'docs/GUIDE.md'), 'It runs 3× faster than before.\n');
    const found = await checkDocs(runs, root);
    assert.equal(found.unused.length, NOT_BENCHMARK_FIGURES.length);
    assert.deepEqual(found.strays.map((s) => [s.file, s.line]), [['docs/GUIDE.md', 1]]);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});
