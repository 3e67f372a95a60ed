// The module Web Worker behind ModelWorker: its own wasm instance (the
// browser entry fetches the .wasm and the default models next to the
// package) and one Model, driven by the messages of model_server.js.
// Same-origin module script, no eval: fine under `script-src 'self'
// 'wasm-unsafe-eval'` (worker-src falls back to script-src).
import '../index.js';
import { createModelServer } from './model_server.js';

const serve = createModelServer((message, transfer = []) => self.postMessage(message, transfer));
self.addEventListener('message', (event) => serve(event.data));
