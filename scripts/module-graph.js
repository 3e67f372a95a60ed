// What a module of web/ needs at run time, read from its source: the files it
// imports (static and dynamic `import`), and the files it reaches by a literal
// `new URL('…', import.meta.url)` (the wasm cores, Workers, models, KaTeX,
// the sandbox page, reference data), followed through every module and page
// they lead to. It is the source of docs/DEPLOY.md's table of what a copy of
// web/ may leave out, and of the test that copies exactly that.
//   node scripts/module-graph.js widgets/define/attn-heatmap.js   the files, one a line
import { existsSync, readFileSync } from 'node:fs';
import { dirname, extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const WEB = fileURLToPath(new URL('../web/', import.meta.url));

// Only what a browser runs: Node's entry (lib/node.js) reads files a page never fetches.
const NODE_ONLY = new Set(['lib/node.js']);

const STATIC_IMPORT = /^\s*(?:import|export)\s[^'"]*?from\s*'([^']+)'|^\s*import\s*'([^']+)'/gm;
const DYNAMIC_IMPORT = /\bimport\(\s*'([^']+)'\s*\)/g;
const ASSET_URL = /new URL\(\s*'([^']+)'\s*,\s*import\.meta\.url\s*\)/g;
// A variable holding such a URL that is later imported (math.js: import(KATEX_JS.href)) is
// covered by ASSET_URL, which follows .js and .mjs files as modules.
const HTML_SCRIPT = /<script[^>]*\bsrc="([^"]+)"/g;

const stripComments = (code) => code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

/** The files one file refers to: [{path, kind: 'static' | 'dynamic' | 'asset'}] (paths relative to web/). */
export function references(path) {
  const source = readFileSync(join(WEB, path), 'utf8');
  const here = dirname(path);
  const resolve = (spec) => (spec.startsWith('.') ? relative(WEB, join(WEB, here, spec)) : null);
  const found = [];
  const add = (spec, kind) => { const p = resolve(spec); if (p) found.push({ path: p, kind }); };
  if (extname(path) === '.html') {
    for (const m of source.matchAll(HTML_SCRIPT)) add(m[1].startsWith('.') ? m[1] : `./${m[1]}`, 'static');
    return found;
  }
  const code = stripComments(source);
  for (const m of code.matchAll(STATIC_IMPORT)) add(m[1] ?? m[2], 'static');
  for (const m of code.matchAll(DYNAMIC_IMPORT)) add(m[1], 'dynamic');
  for (const m of code.matchAll(ASSET_URL)) add(m[1], 'asset');
  return found;
}

const FOLLOWED = new Set(['.js', '.mjs', '.html']);

/**
 * Every file reachable from `entries` (paths relative to web/): a Map path →
 * how it is first reached ('static' when only static imports lead to it from
 * an entry, else 'lazy': a dynamic import or a URL on the way). Missing files
 * throw, naming who refers to them. `follow(from, ref)` may leave a
 * reference out.
 */
export function moduleGraph(entries, { follow = () => true } = {}) {
  const seen = new Map();
  const queue = entries.map((path) => ({ path, how: 'static', from: '(entry)' }));
  while (queue.length) {
    const { path, how, from } = queue.shift();
    if (NODE_ONLY.has(path)) continue;
    const before = seen.get(path);
    if (before === 'static' || before === how) continue;
    if (!existsSync(join(WEB, path))) throw new Error(`${from} refers to ${path}, which does not exist`);
    seen.set(path, how);
    if (!FOLLOWED.has(extname(path))) continue;
    for (const ref of references(path)) {
      if (!follow(path, ref)) continue;
      queue.push({ path: ref.path, how: how === 'static' && ref.kind === 'static' ? 'static' : 'lazy', from: path });
    }
  }
  return seen;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const graph = moduleGraph(process.argv.slice(2));
  for (const [path, how] of [...graph].sort()) console.log(`${how.padEnd(6)} ${path}`);
}
