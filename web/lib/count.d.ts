// Types of countParameters and countFlops (web/lib/ops/count.js).
// Legend: T tokens (seqLen), C = dModel, H = nHeads, Hkv = nKvHeads,
// D = C / H (head dim), F = dFF, V = vocabSize, L = nLayers.

/**
 * What to count. Without `vocabSize` the count is of L blocks (one by
 * default); with `vocabSize` it is a whole decoder model: token embeddings,
 * learned positions (if any), L blocks, a final norm (pre-LN) and an
 * untied classifier (if any). A transformerBlock config may be passed as it
 * is: its fields that hold no parameters (rope, eps, alibi, kind, ...) are
 * accepted and ignored; any other unknown field throws.
 */
export interface CountConfig {
  /** C, the model width. */
  dModel: number;
  /** H query heads; must divide dModel. */
  nHeads: number;
  /** Hkv key/value heads (GQA/MQA); must divide nHeads. Default (or null) nHeads. */
  nKvHeads?: number | null;
  /** F, the hidden width of the feed-forward layer. */
  dFF: number;
  /** Default 'layernorm'. LayerNorm has weight [C] and, with bias, bias [C]; RMSNorm weight [C]. */
  norm?: 'layernorm' | 'rmsnorm';
  /** Default 'gelu'. 'swiglu' has three matrices (w1, w3 [C, F], w2 [F, C]), the others two. */
  activation?: 'relu' | 'gelu' | 'gelu_tanh' | 'swiglu' | 'relu2';
  /**
   * Every bias: of the projections (bq, bk, bv, bo), of the FFN (b1, b3, b2)
   * and of LayerNorm (as nanoGPT's `bias` switch). Default true for
   * 'layernorm' (GPT-2), false for 'rmsnorm' (Llama) and for nGPT.
   */
  bias?: boolean;
  /** L, the number of blocks. Default 1. */
  nLayers?: number;
  /** V; given, the count is of a whole model (embeddings [V, C], final norm, classifier). */
  vocabSize?: number;
  /** The classifier reuses the embedding table (GPT-2); false adds a [C, V] matrix (Llama). Default true. */
  tiedEmbeddings?: boolean;
  /** 'learned' adds a [maxSeqLen, C] table (needs vocabSize); the others have no parameters. Default 'none'. */
  positions?: 'none' | 'learned' | 'sinusoidal' | 'rope' | 'alibi';
  /** Rows of the learned position table. */
  maxSeqLen?: number;
  /** Pre-LN (default true): a whole model has a final norm before the classifier; post-LN has none. */
  prenorm?: boolean;
  /** QK-norm with learnable per-head scales qNorm.weight [D] and kNorm.weight [D] (as Qwen3); a fixed scale has none — leave it out. */
  qkNorm?: 'rms' | 'l2' | null;
  /** nGPT block: no norm layers, alphaAttn [C] and alphaFfn [C] per block, no final norm. */
  normalized?: boolean;
  /** If given, must equal dModel / nHeads (lets a KVCache config be passed). */
  headDim?: number;
  /** countFlops: only the (query, key) pairs j <= i are counted. Default false. */
  isCausal?: boolean;
  /** countFlops: only pairs with |i - j| < window are counted. */
  window?: number | null;
  rope?: unknown;
  eps?: number;
  kind?: 'dot' | 'cosine';
  temperature?: number;
  scale?: number;
  alibi?: boolean;
  positionOffset?: number;
  kvCache?: unknown;
  layer?: number;
  returnIntermediates?: boolean;
  batchSize?: number;
  attnMask?: unknown;
}

/** Result of countParameters; the breakdown parts sum to `total`. */
export interface ParameterCount {
  /** Every parameter counted (L blocks, plus the model parts with vocabSize). */
  total: number;
  /** One block: attention + ffn + norms (+ nGPT scales). */
  perBlock: number;
  breakdown: {
    /** L × (C·C + 2·C·Hkv·D + C·C weights, + 2·C + 2·Hkv·D biases, + 2·D QK-norm scales). */
    attention: number;
    /** L × (2·C·F weights, 3·C·F for SwiGLU, + F + C biases, F + F + C for SwiGLU). */
    ffn: number;
    /** L × two norms, each C (RMSNorm, LayerNorm without bias) or 2·C (LayerNorm with bias). */
    norms: number;
    /** L × 2·C: nGPT's alphaAttn and alphaFfn (0 otherwise). */
    scales: number;
    /** V·C token embeddings (with vocabSize). */
    embeddings: number;
    /** maxSeqLen·C learned positions. */
    positions: number;
    /** One norm after the last block of a pre-LN model. */
    finalNorm: number;
    /** C·V when the embeddings are not tied (no bias, as GPT-2 and Llama). */
    classifier: number;
  };
}

/** Result of countFlops; the breakdown parts sum to `total`. */
export interface FlopCount {
  /** Forward FLOPs over seqLen tokens (batch 1). */
  total: number;
  /** total / seqLen. */
  perToken: number;
  breakdown: {
    /** L × 2·T·(2·C·C + 2·C·Hkv·D): x @ wq, wk, wv and concat @ wo. */
    projections: number;
    /** L × 4·H·D·pairs: QKᵀ and PV, 2·D FLOPs each per allowed (query, key) pair. */
    attention: number;
    /** L × 2·T·(2·C·F), or 2·T·(3·C·F) for SwiGLU. */
    ffn: number;
    /** 2·T·C·V with vocabSize (the classifier is a matmul even when tied). */
    classifier: number;
  };
}

/**
 * Counts the parameters of a block, a stack of nLayers blocks, or (with
 * vocabSize) a whole model — exactly the tensors transformerBlock's params
 * hold: attention {wq [C, H·D], wk/wv [C, Hkv·D], wo [H·D, C], biases},
 * ffn {w1 [C, F], (w3 [C, F]), w2 [F, C], biases}, norm1/norm2.
 * A GPT-2 block (LayerNorm, biases, F = 4C) has 12·C² + 13·C.
 * Counts are exact integers up to 2^53.
 * @example
 * attn.countParameters({ dModel: 768, nHeads: 12, dFF: 3072, nLayers: 12,
 *   vocabSize: 50257, positions: 'learned', maxSeqLen: 1024 }).total // GPT-2 small
 */
export function countParameters(config: CountConfig): ParameterCount;

/**
 * Forward FLOPs of `seqLen` tokens through the config (batch 1, no KV cache),
 * counting one multiply-add as 2 FLOPs and only matrix products:
 * - every weight matrix W [in, out] costs 2·in·out per token (the "2·params"
 *   rule; biases, norms, embedding lookups are not matmuls);
 * - attention costs 4·D per (query, key) pair the mask allows, per query head
 *   (QKᵀ 2·D and PV 2·D), i.e. 4·C·T per token and layer without a mask;
 *   isCausal counts T·(T+1)/2 pairs instead of T² (about half), window fewer;
 * - softmax, activations, norms, residual adds and scaling are not counted.
 * A kernel that computes masked pairs anyway does more work than counted.
 * @example
 * attn.countFlops({ dModel: 256, nHeads: 4, dFF: 1024 }, 256).total
 */
export function countFlops(config: CountConfig, seqLen: number): FlopCount;
