// The wasm core as an element waits for it: set up for the browser and
// loaded, without the rest of the API (a page with one heatmap does not
// download the tokenizer, the model loaders or the trainer).
import '../lib/browser_setup.js';

export { ready, backend } from '../lib/runtime.js';
