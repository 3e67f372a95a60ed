// Writes every benchmark figure the docs quote from the recorded runs in
// docs/bench/ (one JSON file per run; docs/BENCHMARKS.md "Recording a run").
//   node scripts/docs-figures.js           rewrite the marked regions of README.md and docs/*.md
//   node scripts/docs-figures.js --check   list stale regions and figures quoted outside a region; exit 1 if any
// tests/docs/figures.test.js runs the check.
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { checkDocs, docFiles, ROOT } from './docs/check.js';
import { rewrite } from './docs/regions.js';
import { loadRuns } from './docs/runs.js';

/** Rewrites the regions of every doc under `root`; returns the files that changed. */
export async function writeFigures(runs, root = ROOT) {
  const changed = [];
  for (const file of await docFiles(root)) {
    const path = `${root}/${file}`;
    const text = await readFile(path, 'utf8');
    const next = rewrite(text, runs);
    if (next !== text) { await writeFile(path, next); changed.push(file); }
  }
  return changed;
}

/** The check's findings as lines for a person to act on. */
export function describe({ stale, strays, unused }) {
  return [
    ...stale.map((s) => `${s.file}: region "${s.name}" is not what docs/bench/ gives: run node scripts/docs-figures.js`),
    ...strays.map((s) => `${s.file}:${s.line}: a benchmark figure outside a <!-- figure:… --> region: "${s.sentence}"`),
    ...unused.map((u) => `scripts/docs/check.js: NOT_BENCHMARK_FIGURES lists "${u.text}" in ${u.file}, which is no longer there`),
  ];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const runs = await loadRuns();
  if (process.argv.includes('--check')) {
    const problems = describe(await checkDocs(runs));
    for (const p of problems) console.error(p);
    if (problems.length) process.exit(1);
    console.log('docs: every quoted figure comes from docs/bench/');
  } else {
    const changed = await writeFigures(runs);
    console.log(changed.length ? `rewrote ${changed.join(', ')}` : 'docs: figures already current');
  }
}
