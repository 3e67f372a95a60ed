// The side-by-side systems in a Chromium page (browser.js serves this repo on
// 127.0.0.1 and drives it): attnscope's browser entry (web/lib, wasm-simd),
// onnxruntime-web's wasm build (ESM) and tfjs-core + tfjs-backend-wasm (their
// UMD bundles, loaded by the page as classic scripts before this module, so
// `tf` is a global), and the xsimd reference matmul (build/wasm/bench). The same workloads and rounds as the Node run
// (workloads.js, rounds.js); browser.js calls window.compareBench step by step
// so that it can wait for a quiet machine and meter the load in between.
import * as attn from '/web/lib/index.js';
import * as ort from '/node_modules/onnxruntime-web/dist/ort.wasm.min.mjs';
import createReference from '/build/wasm/bench/xsimd-reference.js';
import { initRuntimes, workloads } from './workloads.js';
import { cases, prepareCase, timeRounds } from './rounds.js';

const tf = globalThis.tf;
const ref = await createReference({ locateFile: () => '/build/wasm/bench/xsimd-reference.wasm' });
const CASES = cases(workloads({ attn, ort, tf, ref }));
// A page that is not cross-origin isolated gets a coarsened performance.now()
// (Chromium: 100 µs); a timed sample of one system lasts at least this long.
const MIN_SAMPLE_MS = 5;
const CLOCKS = { wall: () => performance.now() };
let current = null;

// The smallest step of performance.now() seen in 200 ms of back-to-back reads.
function clockStepMs() {
  let step = Infinity, last = performance.now();
  const end = last + 200;
  while (last < end) {
    const t = performance.now();
    if (t > last) step = Math.min(step, t - last);
    last = t;
  }
  return step;
}

globalThis.compareBench = {
  async init(backend) {
    await attn.ready({ backend });
    ort.env.wasm.wasmPaths = '/node_modules/onnxruntime-web/dist/';
    const versions = await initRuntimes({
      attn, ort, tf, setWasmPaths: tf.wasm.setWasmPaths, tfWasmDir: '/node_modules/@tensorflow/tfjs-backend-wasm/dist/',
    });
    return {
      versions,
      crossOriginIsolated: globalThis.crossOriginIsolated,
      sharedArrayBuffer: typeof SharedArrayBuffer === 'function',
      userAgent: navigator.userAgent,
      ortThreads: ort.env.wasm.numThreads,
      tfBackend: tf.getBackend(),
      clockStepMs: clockStepMs(),
      cases: CASES.map((c) => c.name),
    };
  },
  async prepare(i) {
    current = await prepareCase(CASES[i], { minSampleMs: MIN_SAMPLE_MS });
    return { name: CASES[i].name, flops: CASES[i].flops, names: current.names, errors: current.errors, calls: current.calls };
  },
  time: (rounds) => timeRounds(current.fns, rounds, CLOCKS, { calls: current.calls }),
  dispose() {
    current.systems.dispose?.();
    current = null;
  },
};
