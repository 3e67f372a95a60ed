// What a Vite build of the package's browser code needs beyond Vite's
// defaults, shared by the production site (build-site.js) and the widgets
// folder (build-widgets.js): the code sandbox page keeps its own address
// (exercises/sandbox/, beside assets/; it needs its own CSP and is copied as
// it is), KaTeX's module is minified, and KaTeX's fonts sit beside its CSS.
import { cp, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { minify } from 'vite';

const WEB = fileURLToPath(new URL('../web/', import.meta.url));
const SANDBOX_FROM_ASSETS = '../exercises/sandbox/frame.html';

/** Vite plugin: the sandbox URL, the minified KaTeX module and its fonts (chunks and assets live in assets/). */
export function packageAssets() {
  return {
    name: 'attnscope-package-assets',
    transform(code, id) {
      // A non-literal URL, which Vite leaves alone: chunks live in assets/, the sandbox in exercises/sandbox/.
      if (id.endsWith('/exercises/sandbox/client.js')) {
        return code.replace("new URL('./frame.html', import.meta.url)", `new URL(${JSON.stringify(SANDBOX_FROM_ASSETS)}.toString(), import.meta.url)`);
      }
      return null;
    },
    async generateBundle(_, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type === 'asset' && /katex[^/]*\.m?js$/.test(file.fileName)) {
          file.source = (await minify(file.fileName, String(file.source), { compress: true, mangle: true })).code;
        }
      }
      const fonts = join(WEB, 'vendor/katex/fonts');
      for (const name of await readdir(fonts)) {
        this.emitFile({ type: 'asset', fileName: `assets/fonts/${name}`, source: await readFile(join(fonts, name)) });
      }
    },
  };
}

/**
 * Chunking: the core's small modules that every element waits for (the
 * runtime and its set-up, tensors, one head's attention) in one chunk, not a
 * dozen tiny ones; the per-element modules import them narrowly so that a
 * page with one heatmap does not load the whole API (widgets/core.js).
 */
export const CODE_SPLITTING = {
  groups: [{
    name: 'core',
    test: /\/web\/(lib\/(runtime|errors|enums|simd-detect|heap|tensor|random|asset_cache|browser_setup)|lib\/ops\/(attention|matmul)|widgets\/(core|attention-maths))\.js$/,
  }],
};

/** Copies the code sandbox page (frame.html, frame.js) to outDir/exercises/sandbox/. */
export function copySandbox(outDir) {
  return cp(join(WEB, 'exercises/sandbox'), join(outDir, 'exercises/sandbox'), {
    recursive: true, filter: (src) => !src.endsWith('client.js'),
  });
}
