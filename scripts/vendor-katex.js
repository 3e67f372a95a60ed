// Copies the parts of KaTeX the pages use from node_modules/katex/dist into
// web/vendor/katex (gitignored; shipped in the npm package through
// package.json "files"), so that maths renders from the page's own origin
// with no bundler and no CDN: the ES module, the stylesheet, the woff2 fonts
// (every browser that runs the wasm reads woff2) and the licence.
// Run by scripts/build.sh; copies only what changed.
import { copyFile, mkdir, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const FROM = join(ROOT, 'node_modules/katex');
const TO = join(ROOT, 'web/vendor/katex');

async function fresh(src, dst) {
  try {
    const [a, b] = await Promise.all([stat(src), stat(dst)]);
    return b.mtimeMs >= a.mtimeMs && b.size === a.size;
  } catch {
    return false;
  }
}

async function copy(src, dst) {
  if (!(await fresh(src, dst))) await copyFile(src, dst);
}

try {
  await stat(join(FROM, 'dist/katex.mjs'));
} catch {
  console.error('vendor-katex: node_modules/katex is missing; run `npm ci` (scripts/bootstrap.sh does)');
  process.exit(1);
}
await mkdir(join(TO, 'fonts'), { recursive: true });
await copy(join(FROM, 'dist/katex.mjs'), join(TO, 'katex.mjs'));
await copy(join(FROM, 'dist/katex.min.css'), join(TO, 'katex.min.css'));
await copy(join(FROM, 'LICENSE'), join(TO, 'LICENSE'));
const fonts = (await readdir(join(FROM, 'dist/fonts'))).filter((f) => f.endsWith('.woff2'));
await Promise.all(fonts.map((f) => copy(join(FROM, 'dist/fonts', f), join(TO, 'fonts', f))));
