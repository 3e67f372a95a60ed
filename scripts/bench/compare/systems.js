// The side-by-side systems in Node (workloads.js builds them): attnscope's
// Node entry, onnxruntime-web's and tfjs-backend-wasm's Node builds, one
// thread each, wasm SIMD, and the xsimd reference matmul (build/wasm/bench).
// compare.js imports this; page.js is the Chromium counterpart.
import { createRequire } from 'node:module';
import * as ort from 'onnxruntime-web';
import * as tf from '@tensorflow/tfjs-core';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import { existsSync, readFileSync } from 'node:fs';
import * as attn from '../../../web/lib/node.js';
import { initRuntimes, workloads } from './workloads.js';

const require = createRequire(import.meta.url);
const REF = new URL('../../../build/wasm/bench/xsimd-reference.js', import.meta.url);
if (!existsSync(REF)) throw new Error(`${REF.pathname} is missing: build it with ninja -C build/wasm xsimd-reference (npm run bench does)`);
const { default: createReference } = await import(REF.href);
const ref = await createReference({ wasmBinary: readFileSync(new URL('xsimd-reference.wasm', REF)) });

export async function initAll() {
  await attn.ready({ backend: 'wasm-simd' });
  const tfWasmDir = require.resolve('@tensorflow/tfjs-backend-wasm').replace(/[^/]*$/, '');
  return initRuntimes({ attn, ort, tf, setWasmPaths, tfWasmDir });
}

export const { matmulSystems, attentionSystems, blockSystems } = workloads({ attn, ort, tf, ref });
