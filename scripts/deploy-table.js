// docs/DEPLOY.md's table of what a copy of the package's web/ folder may
// leave out, computed from what the files import and fetch
// (scripts/module-graph.js), for the whole set of widgets (widgets/index.js)
// and for each element's own module (widgets/define/<tag>.js):
//   - every folder a module statically imports is needed;
//   - what is reached lazily (a dynamic import, a new URL(…) it fetches) is
//     needed too, except what the core library (lib/) only fetches on
//     request: its wasm is always fetched, the default models only by an
//     element that asks for one (Model.default, ModelWorker.default).
//   node scripts/deploy-table.js           prints the table
//   node scripts/deploy-table.js --write   puts it into docs/DEPLOY.md (between its markers)
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WEB, moduleGraph } from './module-graph.js';

const DEPLOY = fileURLToPath(new URL('../docs/DEPLOY.md', import.meta.url));
export const MARKERS = ['<!-- deploy-table:start (node scripts/deploy-table.js --write) -->', '<!-- deploy-table:end -->'];

// The rows of the table: a folder holds the files under it that no longer row holds.
export const FOLDERS = [
  { path: 'lib/', what: 'the core library: its API, Workers and model loading' },
  { path: 'lib/wasm/', what: 'the WebAssembly cores (SIMD, scalar, threaded) and their loaders' },
  { path: 'widgets/', what: 'the elements (`widgets/index.js`, `widgets/define/<tag>.js`)' },
  { path: 'exercises/', what: 'the exercise engine and the built-in exercises' },
  { path: 'exercises/sandbox/', what: 'the page code exercises run in (give it the sandbox CSP)' },
  { path: 'experiments/', what: 'the experiments the training elements run' },
  { path: 'experiments/reference/', what: 'the committed reference runs they show' },
  { path: 'vendor/katex/', what: 'KaTeX, for maths in exercises' },
  { path: 'models/', what: 'the default models' },
  { path: 'models/corpus/', what: 'the training text (Pride and Prejudice)' },
];

/** The row of a file: the longest FOLDERS path it lies under. */
export const folderOf = (file) => FOLDERS.map((f) => f.path).filter((p) => file.startsWith(p)).sort((a, b) => b.length - a.length)[0] ?? null;

const ASKS_FOR_MODELS = /\b(?:Model|ModelWorker)\.default\(|\bpreloadDefaultModel\(/;

/** The FOLDERS paths the module `entry` (relative to web/) needs, as a sorted array. */
export function foldersNeeded(entry) {
  const graph = moduleGraph([entry], {
    follow: (from, ref) => ref.kind === 'static' || !from.startsWith('lib/') || ref.path.startsWith('lib/wasm/'),
  });
  const needed = new Set([...graph.keys()].map(folderOf).filter(Boolean));
  const own = [...graph.keys()].filter((f) => !f.startsWith('lib/') && /\.m?js$/.test(f));
  if (own.some((f) => ASKS_FOR_MODELS.test(readFileSync(join(WEB, f), 'utf8')))) needed.add('models/');
  return FOLDERS.map((f) => f.path).filter((p) => needed.has(p));
}

/** The element tags with a module of their own (widgets/define/<tag>.js). */
export const elementTags = () => readdirSync(join(WEB, 'widgets/define')).filter((f) => f.endsWith('.js')).map((f) => f.slice(0, -3)).sort();

/** The FOLDERS paths `entry` imports statically: without them the module does not load at all. */
export function foldersImported(entry) {
  const graph = moduleGraph([entry], { follow: (from, ref) => ref.kind === 'static' });
  const needed = new Set([...graph.keys()].map(folderOf));
  return FOLDERS.map((f) => f.path).filter((p) => needed.has(p));
}

/** Needs by entry: { 'widgets/index.js': [...], 'attn-heatmap': [...], … }. */
export function needsByEntry() {
  return {
    'widgets/index.js': foldersNeeded('widgets/index.js'),
    ...Object.fromEntries(elementTags().map((tag) => [tag, foldersNeeded(`widgets/define/${tag}.js`)])),
  };
}

/** The table as Markdown: a row per folder, with the entries that need it. */
export function deployTable() {
  const needs = needsByEntry();
  const imported = foldersImported('widgets/index.js');
  const tags = elementTags();
  const rows = FOLDERS.map((f) => {
    const by = tags.filter((t) => needs[t].includes(f.path));
    const index = imported.includes(f.path) ? 'always (imported)' : needs['widgets/index.js'].includes(f.path) ? 'when the page has an element that needs it' : 'no';
    let elements;
    if (by.length === tags.length) elements = 'every element';
    else if (by.length > tags.length / 2) elements = `every element but ${tags.filter((t) => !by.includes(t)).map((t) => `\`${t}\``).join(', ')}`;
    else elements = by.length ? by.map((t) => `\`${t}\``).join(', ') : 'none';
    return `| \`${f.path}\` ${FOLDERS.some((g) => g.path !== f.path && g.path.startsWith(f.path)) ? '(without the rows below it) ' : ''}| ${f.what} | ${index} | ${elements} |`;
  });
  return [
    '| folder | what it holds | needed by `widgets/index.js` | needed by one element’s module (`widgets/define/<tag>.js`) |',
    '| --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}

/** Reads the elements each row names back from a table (the test's side): { folder: 'index' | tags[] }. */
export function parseDeployTable(markdown) {
  const tags = elementTags();
  const rows = {};
  for (const line of markdown.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    const folder = /^`([^`]+)`/.exec(cells[1] ?? '')?.[1];
    if (!folder || !FOLDERS.some((f) => f.path === folder)) continue;
    const [index, elements] = [cells[3], cells[4]];
    const named = [...elements.matchAll(/`(attn-[a-z-]+)`/g)].map((m) => m[1]);
    const by = elements === 'every element' ? tags : elements.startsWith('every element but') ? tags.filter((t) => !named.includes(t)) : named;
    rows[folder] = { index: index.startsWith('always'), elements: by };
  }
  return rows;
}

/** The table as docs/DEPLOY.md has it (between the markers). */
export function documentedTable() {
  const text = readFileSync(DEPLOY, 'utf8');
  const [a, b] = MARKERS.map((m) => text.indexOf(m));
  if (a < 0 || b < 0) throw new Error(`docs/DEPLOY.md has no ${MARKERS[0]} … ${MARKERS[1]} block`);
  return text.slice(a + MARKERS[0].length, b).trim();
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const table = deployTable();
  if (process.argv.includes('--write')) {
    const text = readFileSync(DEPLOY, 'utf8');
    const [a, b] = MARKERS.map((m) => text.indexOf(m));
    if (a < 0 || b < 0) throw new Error(`docs/DEPLOY.md has no ${MARKERS[0]} … ${MARKERS[1]} block`);
    writeFileSync(DEPLOY, `${text.slice(0, a + MARKERS[0].length)}\n${table}\n${text.slice(b)}`);
    console.log('wrote the table into docs/DEPLOY.md');
  } else console.log(table);
}
