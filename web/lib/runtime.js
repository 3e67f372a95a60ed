// Holds the one wasm instance. Entry points (index.js for browsers, node.js
// for Node) install a loader; ready() runs it once; everything else is sync.
import { AttnscopeError } from './errors.js';
import { wasmRelaxedSimdSupported, wasmSimdSupported } from './simd-detect.js';

const BACKENDS = ['wasm-simd', 'wasm-scalar', 'wasm-simd-threads', 'wasm-simd-fma'];
const NAMES = "'wasm-simd', 'wasm-scalar', 'wasm-simd-threads' or 'wasm-simd-fma'";
const FALLS_BACK = ['wasm-simd-threads', 'wasm-simd-fma'];  // to 'wasm-simd', when chosen automatically
let loader = null;
let defaultBackend = 'auto';
let threadsByDefault = () => false;
let instance = null;
let loadedBackend = null;
let pending = null;
let assetReader = null;

/**
 * `threads`: whether 'auto' picks the threaded build (the entry knows its
 * environment: crossOriginIsolated in a page or worker, an opt-in in Node).
 */
export function setLoader(fn, { backend = 'auto', threads = () => false } = {}) {
  loader = fn;
  defaultBackend = backend;
  threadsByDefault = threads;
}

/** Whether this page or worker may use threads: SharedArrayBuffer under COOP/COEP. */
export function crossOriginIsolatedNow() {
  return globalThis.crossOriginIsolated === true && typeof SharedArrayBuffer === 'function';
}

// Threads where the entry allows them, else plain SIMD. The fused kernels
// are asked for by name ('wasm-simd-fma'): they round differently in the
// last bits, and only some engines have them, so by default a page computes
// the same numbers in every engine (and a run trains to the same loss).
function autoBackend() {
  if (!wasmSimdSupported()) return 'wasm-scalar';
  return threadsByDefault() ? 'wasm-simd-threads' : 'wasm-simd';
}

/**
 * Loads the wasm module once. `backend` forces 'wasm-simd', 'wasm-scalar',
 * 'wasm-simd-threads' or 'wasm-simd-fma'; by default SIMD is used where the
 * engine supports it, threaded where the entry allows it (a threaded load
 * that fails falls back to 'wasm-simd' when the choice was automatic); the
 * fused multiply-add kernels only when asked for, where the engine validates
 * relaxed SIMD.
 */
export function ready({ backend } = {}) {
  const wanted = backend ?? defaultBackend;
  if (wanted !== 'auto' && !BACKENDS.includes(wanted)) {
    return Promise.reject(new AttnscopeError(
      `ready: backend must be 'auto', ${NAMES} (got ${JSON.stringify(wanted)})`));
  }
  const chosen = wanted === 'auto' ? autoBackend() : wanted;
  if (pending) {
    if (backend && loadedBackend !== null && backend !== loadedBackend) {
      return Promise.reject(new AttnscopeError(
        `ready: the ${loadedBackend} backend is already loaded; one page or process uses one backend`));
    }
    return pending;
  }
  if (chosen !== 'wasm-scalar' && !wasmSimdSupported()) {
    return Promise.reject(new AttnscopeError(`ready: this engine has no WebAssembly SIMD (needed by ${chosen}); use backend 'wasm-scalar'`));
  }
  if (chosen === 'wasm-simd-fma' && !wasmRelaxedSimdSupported()) {
    return Promise.reject(new AttnscopeError("ready: this engine has no WebAssembly relaxed SIMD (needed by wasm-simd-fma); use backend 'wasm-simd'"));
  }
  loadedBackend = chosen;
  const load = (name) => loader(name.slice(5)).then((m) => { instance = m; loadedBackend = name; });
  pending = load(chosen)
    .catch((e) => (wanted === 'auto' && FALLS_BACK.includes(chosen) ? load('wasm-simd') : Promise.reject(e)))
    .catch((e) => {
      pending = null;
      loadedBackend = null;
      throw new AttnscopeError(`ready: could not load the ${chosen} module: ${e?.message ?? e}`);
    });
  return pending;
}

/** 'wasm-simd', 'wasm-scalar', 'wasm-simd-threads' or 'wasm-simd-fma' once ready() has resolved. */
export function backend() {
  module();
  return loadedBackend;
}

/** The Embind module; throws when ready() has not resolved yet. */
export function module() {
  if (!instance) throw new AttnscopeError('attnscope is not ready: await attn.ready() before calling it');
  return instance;
}

/** Entry points install how a package file (a URL) is read: fs in Node, fetch in browsers. */
export function setAssetReader(fn) {
  assetReader = fn;
}

/** The bytes (Uint8Array) of a file shipped with the package, e.g. a default model. */
export async function readAsset(url, what) {
  if (!assetReader) throw new AttnscopeError(`${what}: no way to read package files in this environment`);
  try {
    return await assetReader(url);
  } catch (e) {
    throw new AttnscopeError(`${what}: could not read ${url}: ${e?.message ?? e}`);
  }
}
