// The side-by-side systems in Node (workloads.js builds them): attnscope's
// Node entry, onnxruntime-web's and tfjs-backend-wasm's Node builds, one
// thread each, wasm SIMD. compare.js imports this; page.js is the Chromium
// counterpart.
import { createRequire } from 'node:module';
import * as ort from 'onnxruntime-web';
import * as tf from '@tensorflow/tfjs-core';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import * as attn from '../../../web/lib/node.js';
import { initRuntimes, workloads } from './workloads.js';

const require = createRequire(import.meta.url);

export async function initAll() {
  await attn.ready({ backend: 'wasm-simd' });
  const tfWasmDir = require.resolve('@tensorflow/tfjs-backend-wasm').replace(/[^/]*$/, '');
  return initRuntimes({ attn, ort, tf, setWasmPaths, tfWasmDir });
}

export const { matmulSystems, attentionSystems, blockSystems } = workloads({ attn, ort, tf });
