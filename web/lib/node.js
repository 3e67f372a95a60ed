// Node entry: the web/worker glue would fetch() its .wasm, so read it from
// disk and hand it over as wasmBinary. ATTNSCOPE_BACKEND=wasm-scalar (or
// wasm-simd) picks the backend when ready() is not told.
import { readFile } from 'node:fs/promises';
import { setAssetReader, setLoader } from './runtime.js';

setLoader(async (variant) => {
  const wasmBinary = await readFile(new URL(`./wasm/attnscope-${variant}.wasm`, import.meta.url));
  const { default: create } = variant === 'simd'
    ? await import('./wasm/attnscope-simd.js')
    : await import('./wasm/attnscope-scalar.js');
  return create({ wasmBinary });
}, { backend: process.env.ATTNSCOPE_BACKEND || 'auto' });

// Default models (web/models) are read from disk next to the package.
setAssetReader(async (url) => new Uint8Array(await readFile(url)));

export * from './api.js';
