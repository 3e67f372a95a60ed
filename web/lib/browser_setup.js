// Browser / bundler set-up of the runtime, shared by the entry (index.js) and
// the trainer's worker (which must not import the whole API: Vite refuses
// workers whose imports reach each other). The glue finds its .wasm next to
// itself through new URL(..., import.meta.url), which Vite also follows to
// emit the asset.
import { setAssetReader, setLoader } from './runtime.js';
import { cachedBytes } from './asset_cache.js';

setLoader(async (variant) => {
  const { default: create } = variant === 'simd'
    ? await import('./wasm/attnscope-simd.js')
    : await import('./wasm/attnscope-scalar.js');
  return create();
});

// Default models (web/models) are fetched from next to the package; a
// bundler such as Vite emits them as assets (see ops/model_files.js), and
// inlines small ones as data: URLs, decoded here (a strict CSP's connect-src
// would refuse to fetch them).
function decodeDataUrl(href) {
  const comma = href.indexOf(',');
  const body = href.slice(comma + 1);
  if (!/;base64$/i.test(href.slice(0, comma))) return new TextEncoder().encode(decodeURIComponent(body));
  return Uint8Array.from(atob(body), (c) => c.charCodeAt(0));
}

setAssetReader(async (url) => {
  if (String(url).startsWith('data:')) return decodeDataUrl(String(url));
  return cachedBytes(url); // Cache Storage first (asset_cache.js)
});
