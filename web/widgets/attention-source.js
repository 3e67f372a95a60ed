// What the elements share to compute their numbers: the whole API as `attn`,
// the seeded generator, and the attention helpers of attention-maths.js.
import * as attn from '../lib/index.js';
import { mulberry32 } from '../lib/random.js';

export { attn, mulberry32 };
export * from './attention-maths.js';
