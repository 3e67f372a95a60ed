// The public surface shared by both entry points (index.js, node.js).
export { AttnscopeError } from './errors.js';
export { ready, backend } from './runtime.js';
export { tensor, MAX_ELEMENTS } from './tensor.js';
export { matmul } from './ops/matmul.js';
export { softmax, layerNorm, rmsNorm, l2Normalize, gelu, relu, silu } from './ops/elementwise.js';
export {
  sinusoidalPositionalEncoding, ropeFrequencies, applyRope, alibiSlopes,
} from './ops/position.js';
export { scaledDotProductAttention, flashAttention } from './ops/attention.js';
export { countParameters, countFlops } from './ops/count.js';
