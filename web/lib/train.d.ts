// Types of training (docs/TRAINING.md): the config of Model.create, token
// batches, and the Trainer. Legend: B sequences, T positions, V vocabulary,
// C = dim, F = hiddenDim, H / Hkv query / key-value heads, D = C / H.
import type { Tensor } from './index.js';
import type { FileBytes, Model } from './model.js';

/**
 * What Model.create builds. Every field may be left out: the sizes default to
 * llama2.c's ModelArgs (dim 4096, nLayers 32, nHeads 32, nKvHeads = nHeads,
 * vocabSize 32000, seqLen 2048 — a 7B model, over the size limit: give your
 * own), the variant to the family's own. The defaults and the allowed values
 * are the core's (cpp/include/attnscope/train/config.h): a value it refuses
 * throws an AttnscopeError naming the field.
 */
export interface TrainConfig {
  /** 'llama' (default; llama2.c's model.py names) or 'gpt2' (nanoGPT's names). */
  arch?: 'llama' | 'gpt2';
  /** C, a multiple of nHeads. */
  dim?: number;
  /**
   * F. Default: for 'swiglu' llama2.c's rule (4C, then 2/3 of it, rounded up
   * to a multiple of multipleOf); otherwise 4C. 0: an attention-only model —
   * no feed-forward sublayer and no FFN norm in any layer (Olsson et al.'s
   * induction-head models); neither file format holds one (save() and
   * toLlama2c() say so), parameters() does.
   */
  hiddenDim?: number;
  /** The rounding of the default hiddenDim (ModelArgs.multiple_of, 256). */
  multipleOf?: number;
  nLayers?: number;
  nHeads?: number;
  /** Hkv: nHeads % nKvHeads == 0 (fewer: grouped-query attention; 1: multi-query). Default nHeads. */
  nKvHeads?: number;
  vocabSize?: number;
  /** The longest sequence (and the learned position table's rows). */
  seqLen?: number;
  /** logits = embedding @ x (default true, as both model.py files tie them). */
  sharedClassifier?: boolean;
  /** llama default 'rope' (interleaved pairs), gpt2 default 'learned'; 'sinusoidal' and 'learned' add to the embedding, 'alibi' adds −m_h·(i−j) to the scores. */
  positions?: 'rope' | 'learned' | 'sinusoidal' | 'alibi' | 'none';
  /** llama 'rmsnorm', gpt2 'layernorm' (with bias). */
  norm?: 'rmsnorm' | 'layernorm';
  /** true (default): x + f(norm(x)); false (post-LN): norm(x + f(x)). The final norm stays either way. */
  prenorm?: boolean;
  /** llama 'swiglu' (w2(silu(w1 x) ⊙ w3 x)), gpt2 'gelu' (exact erf). */
  activation?: 'swiglu' | 'gelu' | 'gelu_tanh' | 'relu';
  /** Biases on every linear layer: gpt2 true, llama false. */
  bias?: boolean;
}

export interface CreateOptions {
  /** Integer 0..2^53-1; the same seed gives the same weights in every backend. Default 0. */
  seed?: number;
  /** A run.c tokenizer.bin of the same vocabulary size (for encode, decode, text generation). */
  tokenizer?: FileBytes | null;
  tokenizerKind?: 'bpe' | 'char';
}

/** [B, T] token ids: { data: Int32Array, shape: [B, T] } or B rows of T ids. */
export type TokenBatch = { data: Int32Array; shape: readonly [number, number] | number[] } | ReadonlyArray<readonly number[] | Int32Array>;

/** Weights (or gradients) by PyTorch state_dict name, e.g. 'layers.0.attention.wq.weight' [H·D, C]. */
export type NamedTensors = Record<string, Tensor>;

export interface LossAndGradients {
  /** mean over targets != -1 of −log softmax(logits)[target]. */
  loss: number;
  /** dloss/dθ by the names of parameters(); a shared classifier's gradient is in the embedding's. */
  gradients: NamedTensors;
}

export interface TrainerOptions {
  /** The peak rate, > 0 (default 1e-3, as torch.optim.AdamW; every default here is the core's AdamWOptions). */
  learningRate?: number;
  /** [β1, β2], each in [0, 1) (default [0.9, 0.999]). */
  betas?: readonly [number, number] | number[];
  /** > 0 (default 1e-8). */
  eps?: number;
  /** Decoupled decay θ ← θ − lr·wd·θ on tensors with >= 2 dims only (default 0.01). */
  weightDecay?: number;
  /** Clip the global L2 norm of the gradient to this (clip_grad_norm_); 0 (default) = off. */
  clipGradNorm?: number;
  /** Linear warm-up lr·it/warmupSteps for it < warmupSteps (default 0). */
  warmupSteps?: number;
  /** Cosine decay to minLearningRate at it = decaySteps, then flat; omitted: constant after the warm-up. */
  decaySteps?: number | null;
  /** The floor of the cosine decay (default 0). */
  minLearningRate?: number;
}

/** Options of a gradient pass: Model.lossAndGradients and Trainer.step. */
export interface PassOptions {
  /**
   * Cut the [B, T] batch into this many micro-batches of B / accumulate rows
   * (it must divide B), run one after another with their gradients added
   * (each scaled by the whole batch's count of targets): the whole batch's
   * loss and gradient, up to float rounding, with the activation memory of
   * one micro-batch. Default 1.
   */
  accumulate?: number;
}

export interface StepResult {
  /** Steps taken, this one included (it + 1). */
  step: number;
  /** The batch's loss before the update. */
  loss: number;
  /** The global L2 norm of the gradient before clipping. */
  gradNorm: number;
  /** The rate this step used: llama2.c's get_lr(it). */
  learningRate: number;
}

/**
 * AdamW exactly as torch.optim.AdamW (bias-corrected moments, decoupled
 * weight decay on tensors with two or more dims), after
 * torch.nn.utils.clip_grad_norm_, with llama2.c's warm-up + cosine schedule:
 *   m ← β1 m + (1−β1) g;  v ← β2 v + (1−β2) g²
 *   θ ← θ(1 − lr·wd) − lr·(m / (1−β1^t)) / (√(v / (1−β2^t)) + eps)
 * A step whose loss or gradient is not finite throws and changes nothing.
 *
 * @example
 * const model = attn.Model.create({ dim: 32, nLayers: 2, nHeads: 4, vocabSize: 16, seqLen: 32 });
 * const trainer = new attn.Trainer(model, { learningRate: 1e-2, warmupSteps: 10, clipGradNorm: 1 });
 * const { loss } = trainer.step([[1, 2, 3]], [[2, 3, 4]]);
 */
export class Trainer {
  constructor(model: Model, options?: TrainerOptions);
  /** The options in use, defaults filled in. */
  readonly options: Readonly<Required<Omit<TrainerOptions, 'decaySteps' | 'betas'>>> & { decaySteps: number | null; betas: readonly [number, number] };
  /** Steps taken so far. */
  readonly steps: number;
  readonly disposed: boolean;
  /** llama2.c's get_lr(it), it counted from 0. */
  learningRateAt(it: number): number;
  /**
   * Loss and gradients of the batch, clipping, one AdamW update.
   * `{ accumulate: k }` runs the batch as k micro-batches (gradient
   * accumulation) for the same one update.
   * @example
   * trainer.step(inputs, targets, { accumulate: 4 }); // a [32, T] batch as 4 × [8, T]
   */
  step(inputs: TokenBatch, targets: TokenBatch, options?: PassOptions): StepResult;
  /** Frees the optimiser state; the model stays usable. */
  dispose(): void;
}
