// TeX maths for the widgets, rendered by a local KaTeX: web/vendor/katex,
// copied from node_modules by scripts/vendor-katex.js (run by
// scripts/build.sh) and shipped inside the npm package. Nothing comes from a
// CDN. Without it (or before it loads) TeX is shown as its source in
// <code class="tex">, which stays readable. A page that bundles its own
// KaTeX can hand it over with setMathRenderer(katex) (and load its CSS).
import { renderMarkdown } from '../exercises/engine/markdown.js';
import { focusableIfScrolling } from './dom.js';

const KATEX_JS = new URL('../vendor/katex/katex.mjs', import.meta.url);
const KATEX_CSS = new URL('../vendor/katex/katex.min.css', import.meta.url);

let katex = null;
let cssUrl = KATEX_CSS.href;
let loading = null;

/** Uses `renderer` (an object with KaTeX's renderToString) instead of the local copy; null shows TeX as text. */
export function setMathRenderer(renderer, { css = null } = {}) {
  katex = renderer;
  cssUrl = css;
  loading = Promise.resolve(renderer);
}

// @font-face rules only work from the document, not from inside a shadow
// root, so KaTeX's stylesheet is linked once in <head> as well.
function linkDocumentStyles() {
  if (!cssUrl || typeof document === 'undefined' || document.querySelector('link[data-attnscope-katex]')) return;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = cssUrl;
  link.dataset.attnscopeKatex = '';
  document.head.append(link);
}

/** Loads KaTeX once; resolves to it, or to null when it is not there (text fallback). */
export function loadMath() {
  loading ??= import(KATEX_JS.href).then(
    (m) => { katex = m.default ?? m; linkDocumentStyles(); return katex; },
    () => null,
  );
  return loading;
}

/** A <link> with KaTeX's CSS for a shadow root, or null when there is none. */
export function mathStylesheet() {
  if (!katex || !cssUrl) return null;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = cssUrl;
  return link;
}

/** HTML for one TeX expression, or null (the caller then shows the source). */
export function texToHtml(source, displayMode) {
  if (!katex) return null;
  try {
    return katex.renderToString(source, { displayMode, throwOnError: false, strict: 'ignore', output: 'htmlAndMathml' });
  } catch {
    return null;
  }
}

/** Markdown with maths → HTML (safe: see exercises/engine/markdown.js). */
export const richHtml = (text) => renderMarkdown(text, { tex: texToHtml });

/** Renders every element's text content in `root` matching `selector` as TeX (for lecture pages). */
export async function renderTexIn(root, selector = '.tex') {
  await loadMath();
  for (const el of root.querySelectorAll(selector)) {
    const source = el.dataset.tex ?? el.textContent;
    el.dataset.tex = source;
    const html = texToHtml(source, el.classList.contains('display'));
    if (html) el.innerHTML = html;
  }
  focusableIfScrolling(root.querySelectorAll(`${selector}.display`));
}
