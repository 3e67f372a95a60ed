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
export { feedForward } from './ops/feed_forward.js';
export { multiHeadAttention } from './ops/multi_head_attention.js';
export { KVCache } from './ops/kv_cache.js';
export { transformerBlock } from './ops/block.js';
export { residentParameters } from './ops/resident.js';
export {
  causalMask, slidingWindowMask, stridedMask, globalTokensMask, bigBirdMask, combineMasks, intersectMasks,
} from './ops/masks.js';
export {
  alibiBias, t5RelativePositionBucket, t5RelativeBias, addPositionEmbeddings,
} from './ops/position_bias.js';
export { linearAttention, performerProjection } from './ops/linear_attention.js';
export { countParameters, countFlops } from './ops/count.js';
export { Model } from './ops/model.js';
export { ModelWorker } from './worker/model_worker.js';
export { Trainer } from './ops/trainer.js';
export { maskedBatch } from './ops/masked_batch.js';
export { buildVocabulary, Vocabulary } from './ops/vocabulary.js';
export { TrainerWorker } from './worker/trainer_worker.js';
export { kvCacheBytes } from './ops/kv_cache_bytes.js';
export { selectKvPositions, groupKvHeads, mergeKvHeads, KV_EVICTION_RULES } from './ops/kv_compression.js';
export { selectiveScan, ssmConvolutionKernel } from './ops/selective_scan.js';
export { chinchillaLoss, chinchillaOptimum, fitPowerLaw, CHINCHILLA_CONSTANTS } from './ops/scaling_laws.js';
export { preloadDefaultModel } from './asset_cache.js';
export { quantizeLlama2c } from './ops/quantize_llama2c.js';
export { headRoles, headRoleProbe } from './ops/head_role_probe.js';
export { headRoleScores, HEAD_ROLES, DEFAULT_ROLE_THRESHOLD } from './ops/head_roles.js';
export { Tokenizer } from './tokenizer/tokenizer.js';
