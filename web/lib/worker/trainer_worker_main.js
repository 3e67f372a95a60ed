// The module Web Worker behind TrainerWorker: its own wasm instance and one
// model + Trainer, driven by the messages of trainer_server.js. Same-origin
// module script, no eval: fine under `script-src 'self' 'wasm-unsafe-eval'`.
import '../browser_setup.js';
import { createTrainerServer } from './trainer_server.js';

const serve = createTrainerServer((message, transfer = []) => self.postMessage(message, transfer));
self.addEventListener('message', (event) => serve(event.data));
