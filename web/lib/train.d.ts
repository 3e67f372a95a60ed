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
  /**
   * true (default): position i attends to j <= i (a decoder, GPT). false: to
   * every position (an encoder, BERT): train it with the masked objective
   * (maskedBatch: inputs with mask tokens, targets −1 except at the masked
   * positions); ALiBi then subtracts m_h·|i − j|. An encoder runs whole
   * sequences with Model.forward (its attention weights are not zero above
   * the diagonal) and cannot generate; neither file format holds it.
   */
  causal?: boolean;
  /**
   * Dropout probability in [0, 1) (default 0), in nanoGPT's three places:
   * the embedding sum, the attention weights, and each branch's output before
   * its residual add; kept values are scaled by 1/(1 − p). Active only inside
   * Trainer.step (and Model.lossAndGradients with dropoutStep): forward,
   * loss, generate and lossAndGradients without it run the model whole. The
   * masks of step t are drawn from Model.create's seed and t, element by
   * element of the batch (micro-batches draw what the whole batch would), so a
   * seed reproduces a run bit for bit. Saving keeps it out (it is no part of
   * what the saved model computes).
   */
  dropout?: number;
  /**
   * x = embeddingScale · embedding[id] (+ the position term): a number > 0,
   * or true for √dim (Vaswani et al.'s and seed 001's x = √D·e + p, which
   * keeps embeddings initialised near 0.02 from being swamped by a sinusoidal
   * or learned position term). Default 1. Neither file format holds a scale
   * other than 1.
   */
  embeddingScale?: number | boolean;
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

/** Options of Model.lossAndGradients: PassOptions and a training pass. */
export interface LossAndGradientsOptions extends PassOptions {
  /**
   * Run a training pass: dropout on, with the masks Trainer.step uses for
   * its step number dropoutStep + 1 (an integer >= 0; steps count from 0
   * here). Left out: no dropout.
   */
  dropoutStep?: number;
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

/** A Trainer's state: its steps and AdamW's moments, by parameter name. */
export interface TrainerState {
  steps: number;
  /** First moments (the shapes of parameters()). */
  m: NamedTensors;
  /** Second moments, never negative. */
  v: NamedTensors;
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
  /**
   * The optimiser's state for a checkpoint: { steps, m, v } (fresh copies).
   * With model.parameters() it is all a run needs to go on where it was.
   */
  state(): TrainerState;
  /**
   * Restores a state() of a trainer of a model of the same config (every
   * moment present, of its shape, finite, v >= 0 — checked before anything is
   * written). The next step is steps + 1, with that step's learning rate.
   */
  setState(state: TrainerState): void;
  /** Frees the optimiser state; the model stays usable. */
  dispose(): void;
}

export interface MaskedBatchOptions {
  /** The mask token's id (BERT's [MASK]), in 0..vocabSize−1. */
  maskId: number;
  /** V: random replacements are drawn from 0..V−1; ids must be below it. */
  vocabSize: number;
  /** mulberry32 seed, integer 0..2^32−1 (default 0): the same seed, the same batch. */
  seed?: number;
  /** The chance a position is chosen (default 0.15). */
  probability?: number;
  /** Ids never chosen (BOS, EOS, padding). */
  keep?: readonly number[];
}

/**
 * BERT's masked-language-model batch of a [B, T] batch of ids: each position
 * (not in `keep`) is chosen with probability 0.15; a chosen input becomes
 * maskId 80% of the time, a random token 10%, stays 10%; its target is the
 * original id, every other target −1. Train a Model.create({ causal: false })
 * model on { inputs, targets }.
 * @example
 * const { inputs, targets } = attn.maskedBatch(rows, { maskId: 3, vocabSize: 40, seed: step });
 * trainer.step(inputs, targets);
 */
export function maskedBatch(ids: TokenBatch, options: MaskedBatchOptions): {
  inputs: { data: Int32Array; shape: [number, number] };
  targets: { data: Int32Array; shape: [number, number] };
};

