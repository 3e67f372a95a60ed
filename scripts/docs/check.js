// Which docs quote the recorded runs, and whether they do it right: every
// marked region as the runs render it, and no benchmark figure outside one.
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { regions, staleRegions, strayFigures } from './regions.js';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The history of past runs: each figure there is labelled with its run in the text, none is current. */
const HISTORY = 'docs/benchmarks-history.md';

/**
 * Figures outside a region that are not measurements of attnscope, each
 * with why. A listed text that no longer occurs fails the check too, so the
 * list cannot go stale.
 */
export const NOT_BENCHMARK_FIGURES = [
  { file: 'web/models/README.md', text: '# OpenBLAS: ~5x faster', why: 'PyTorch with Debian\'s reference BLAS against OpenBLAS when retraining the default models: a property of Debian\'s packages, not of attnscope' },
  { file: 'web/models/README.md', text: 'the script is about 5× slower', why: 'the same fact about Debian\'s BLAS' },
  { file: 'docs/EXPERIMENTS.md', text: 'used 26.2 s of CPU in Node 20 and 158 s', why: 'the run time of an experiment\'s reference run (its seconds are recorded in web/experiments/reference/), not a benchmark' },
];

/** README.md, web/models/README.md and docs/*.md (the history excluded), as paths from the root. */
export async function docFiles(root = ROOT) {
  const docs = (await readdir(`${root}/docs`)).filter((f) => f.endsWith('.md')).sort().map((f) => `docs/${f}`);
  return ['README.md', 'web/models/README.md', ...docs.filter((f) => f !== HISTORY)];
}

/**
 * {stale: [{file, name}], strays: [{file, line, sentence}], unused: [{file, text}],
 *  regions: count}: what is wrong with the docs under `root` against `runs`.
 */
export async function checkDocs(runs, root = ROOT) {
  const out = { stale: [], strays: [], unused: [], regions: 0 };
  const used = new Set();
  for (const file of await docFiles(root)) {
    const text = await readFile(`${root}/${file}`, 'utf8');
    out.regions += regions(text).length;
    for (const name of staleRegions(text, runs)) out.stale.push({ file, name });
    for (const s of strayFigures(text)) {
      const allowed = NOT_BENCHMARK_FIGURES.find((a) => a.file === file && s.sentence.includes(a.text));
      if (allowed) used.add(allowed);
      else out.strays.push({ file, ...s });
    }
  }
  out.unused = NOT_BENCHMARK_FIGURES.filter((a) => !used.has(a)).map(({ file, text }) => ({ file, text }));
  return out;
}
