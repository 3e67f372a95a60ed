// dist/widgets/: the widgets as one folder a lecture author copies to a
// site (or loads from a CDN that serves npm packages; the package ships it).
// Vite bundles and minifies the ES modules; the entries keep plain names so a
// page can name them in its script tag, everything else is content-hashed:
//   index.js            registers every element (web/widgets/index.js)
//   attn-heatmap.js …   one element each (web/widgets/define/<tag>.js)
//   assets/             shared chunks, the wasm cores, Workers, models,
//                       reference runs, the training text, KaTeX and its fonts
//   exercises/sandbox/  the code-exercise sandbox page (it needs its own address)
//   LICENSE, LICENSE.katex, README.md
// Usage: node scripts/build-widgets.js   (bash scripts/build.sh widgets)
import { copyFile, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { CODE_SPLITTING, copySandbox, packageAssets } from './vite-assets.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DEFINE = join(ROOT, 'web/widgets/define');
export const WIDGETS_DIR = join(ROOT, 'dist/widgets');

/** The element modules of web/widgets/define/, by tag: { 'attn-heatmap': path, … }. */
export async function elementEntries() {
  const names = (await readdir(DEFINE)).filter((f) => f.endsWith('.js')).sort();
  return Object.fromEntries(names.map((f) => [f.replace(/\.js$/, ''), join(DEFINE, f)]));
}

const README = `# attnscope widgets

The attnscope custom elements, bundled and minified. Copy this whole folder
next to your page (say as \`attnscope/\`) and load them with one tag:

    <script type="module" src="attnscope/index.js"></script>
    <attn-heatmap tokens="the cat sat on the mat" causal></attn-heatmap>

\`index.js\` registers every element; \`attn-heatmap.js\` (and one file per
element) registers that element alone, for a smaller page. Serve the folder
over http(s) (not file://). Files under assets/ have content-hashed names
and may be cached forever. The code-exercise sandbox page,
exercises/sandbox/frame.html, should get its own Content-Security-Policy;
see docs/DEPLOY.md in the package.
`;

export async function buildWidgets({ outDir = WIDGETS_DIR, quiet = false } = {}) {
  await rm(outDir, { recursive: true, force: true });
  const entries = { index: join(ROOT, 'web/widgets/index.js'), ...await elementEntries() };
  await build({
    root: join(ROOT, 'web'),
    base: './',
    configFile: false,
    logLevel: quiet ? 'warn' : 'info',
    plugins: [packageAssets()],
    worker: { format: 'es' },
    build: {
      outDir,
      emptyOutDir: true,
      assetsInlineLimit: 0, // a strict CSP allows no data: URLs for scripts or wasm
      chunkSizeWarningLimit: 1024,
      modulePreload: false, // nothing to preload into: the entries are imported by authors' pages
      rollupOptions: {
        input: entries,
        preserveEntrySignatures: 'exports-only', // an element module still exports its class
        output: {
          entryFileNames: '[name].js',
          chunkFileNames: 'assets/[name]-[hash].js',
          codeSplitting: CODE_SPLITTING,
          // KaTeX's module as .js: every host sends .js as JavaScript, not every host knows .mjs.
          assetFileNames: (asset) => (asset.names?.[0]?.endsWith('.mjs') ? 'assets/[name]-[hash].js' : 'assets/[name]-[hash][extname]'),
        },
      },
    },
  });
  await copySandbox(outDir);
  await copyFile(join(ROOT, 'LICENSE'), join(outDir, 'LICENSE'));
  await copyFile(join(ROOT, 'web/vendor/katex/LICENSE'), join(outDir, 'LICENSE.katex'));
  await writeFile(join(outDir, 'README.md'), README);
  return Object.keys(entries);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const entries = await buildWidgets();
  console.log(`dist/widgets: index.js and ${entries.length - 1} element modules`);
}
