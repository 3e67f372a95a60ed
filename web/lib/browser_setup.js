// Browser / bundler set-up of the runtime, shared by the entry (index.js) and
// the trainer's worker (which must not import the whole API: Vite refuses
// workers whose imports reach each other). The glue finds its .wasm next to
// itself through new URL(..., import.meta.url), which Vite also follows to
// emit the asset.
import { crossOriginIsolatedNow, setAssetReader, setLoader } from './runtime.js';
import { cachedBytes } from './asset_cache.js';

// The threaded build (only where crossOriginIsolated, runtime.js) is told
// where its .wasm and its pthread worker script are through literal URLs, so
// that a bundler emits both next to each other's hashed names.
const THREADED_FILES = {
  wasm: new URL('./wasm/attnscope-simd-threads.wasm', import.meta.url).href,
  worker: new URL('./wasm/attnscope-simd-threads.worker.js', import.meta.url).href,
};

// The fused multiply-add kernels (wasm-simd-fma), a literal URL as well.
const FMA_FILE = new URL('./wasm/attnscope-fma.wasm', import.meta.url).href;

setLoader(async (variant) => {
  if (variant === 'simd-threads') {
    const { default: create } = await import('./wasm/attnscope-simd-threads.js');
    return create({ locateFile: (path) => (path.endsWith('.wasm') ? THREADED_FILES.wasm : THREADED_FILES.worker) });
  }
  const { default: create } = variant === 'scalar'
    ? await import('./wasm/attnscope-scalar.js')
    : await import('./wasm/attnscope-simd.js');
  const m = await create();
  // simd-fma: the SIMD build with the fused multiply-add kernels attached (runtime.js).
  // A bundler inlines this small file as a data: URL, which a strict CSP's
  // connect-src would refuse to fetch: decoded here instead.
  if (variant === 'simd-fma') await m.attachFmaKernels(FMA_FILE.startsWith('data:') ? decodeDataUrl(FMA_FILE) : await fetchBytes(FMA_FILE));
  return m;
}, { threads: crossOriginIsolatedNow });

async function fetchBytes(url) {
  const r = await fetch(url);
  if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
  return r.arrayBuffer();
}

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
