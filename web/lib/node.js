// Node entry: the web/worker glue would fetch() its .wasm, so read it from
// disk and hand it over as wasmBinary. ATTNSCOPE_BACKEND=wasm-scalar (or
// wasm-simd, wasm-simd-threads, wasm-simd-fma) picks the backend when ready()
// is not told. (Node 20 has relaxed SIMD only behind
// --experimental-wasm-relaxed-simd; from Node 22 'auto' finds it.)
// The threaded build is CommonJS (wasm/node/, see CMakeLists.txt); its
// workers are unref'd so that a script still exits when its work is done.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { setAssetReader, setLoader } from './runtime.js';

// The 3.1.6 Node glue also sets globalThis.Worker (to worker_threads'
// Worker) for its pool; the pool is complete once create() resolves, so the
// global is put back (code that tests `typeof Worker` must see Node as it is).
async function loadThreaded() {
  const url = new URL('./wasm/node/attnscope-simd-threads.wasm', import.meta.url);
  const create = createRequire(import.meta.url)('./wasm/node/attnscope-simd-threads.js');
  const had = Object.getOwnPropertyDescriptor(globalThis, 'Worker');
  try {
    const m = await create({ wasmBinary: await readFile(url) });
    m.unrefThreads();
    return m;
  } finally {
    if (had) Object.defineProperty(globalThis, 'Worker', had);
    else delete globalThis.Worker;
  }
}

setLoader(async (variant) => {
  if (variant === 'simd-threads') return loadThreaded();
  const core = variant === 'scalar' ? 'scalar' : 'simd';
  const wasmBinary = await readFile(new URL(`./wasm/attnscope-${core}.wasm`, import.meta.url));
  const { default: create } = core === 'simd'
    ? await import('./wasm/attnscope-simd.js')
    : await import('./wasm/attnscope-scalar.js');
  const m = await create({ wasmBinary });
  // simd-fma: the SIMD build with the fused multiply-add kernels attached (runtime.js).
  if (variant === 'simd-fma') await m.attachFmaKernels(await readFile(new URL('./wasm/attnscope-fma.wasm', import.meta.url)));
  return m;
}, { backend: process.env.ATTNSCOPE_BACKEND || 'auto' });

// Default models (web/models) are read from disk next to the package.
setAssetReader(async (url) => new Uint8Array(await readFile(url)));

export * from './api.js';
