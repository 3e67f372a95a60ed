// Holds the one wasm instance. Entry points (index.js for browsers, node.js
// for Node) install a loader; ready() runs it once; everything else is sync.
import { AttnscopeError } from './errors.js';
import { wasmSimdSupported } from './simd-detect.js';

const BACKENDS = ['wasm-simd', 'wasm-scalar'];
let loader = null;
let defaultBackend = 'auto';
let instance = null;
let loadedBackend = null;
let pending = null;
let assetReader = null;

export function setLoader(fn, { backend = 'auto' } = {}) {
  loader = fn;
  defaultBackend = backend;
}

/**
 * Loads the wasm module once. `backend` forces 'wasm-simd' or 'wasm-scalar';
 * by default SIMD is used where the engine supports it.
 */
export function ready({ backend } = {}) {
  const wanted = backend ?? defaultBackend;
  if (wanted !== 'auto' && !BACKENDS.includes(wanted)) {
    return Promise.reject(new AttnscopeError(
      `ready: backend must be 'auto', 'wasm-simd' or 'wasm-scalar' (got ${JSON.stringify(wanted)})`));
  }
  const chosen = wanted === 'auto' ? (wasmSimdSupported() ? 'wasm-simd' : 'wasm-scalar') : wanted;
  if (pending) {
    if (backend && loadedBackend !== null && backend !== loadedBackend) {
      return Promise.reject(new AttnscopeError(
        `ready: the ${loadedBackend} backend is already loaded; one page or process uses one backend`));
    }
    return pending;
  }
  if (chosen === 'wasm-simd' && !wasmSimdSupported()) {
    return Promise.reject(new AttnscopeError('ready: this engine has no WebAssembly SIMD; use backend \'wasm-scalar\''));
  }
  loadedBackend = chosen;
  pending = loader(chosen.slice(5)).then((m) => { instance = m; }, (e) => {
    pending = null;
    loadedBackend = null;
    throw new AttnscopeError(`ready: could not load the ${chosen} module: ${e?.message ?? e}`);
  });
  return pending;
}

/** 'wasm-simd' or 'wasm-scalar' once ready() has resolved. */
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
