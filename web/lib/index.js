// Browser / bundler entry: the glue finds its .wasm next to itself through
// new URL(..., import.meta.url), which Vite also follows to emit the asset.
import { setLoader } from './runtime.js';

setLoader(async (variant) => {
  const { default: create } = variant === 'simd'
    ? await import('./wasm/attnscope-simd.js')
    : await import('./wasm/attnscope-scalar.js');
  return create();
});

export * from './api.js';
