// Node entry of attnscope/experiments: installs the core's Node loader (the
// experiments that train a Model need the wasm core), then the same exports.
import '../lib/node.js';

export * from './index.js';
