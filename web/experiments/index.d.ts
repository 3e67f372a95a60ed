// Types of attnscope/experiments (web/experiments/index.js).
// Every experiment: run(options, context) → Promise<data>, in Node, a page or a Worker.

/** The second argument of every run. */
export interface RunContext<P> {
  /** Called at every report with the progress so far (see each run's Progress type). */
  onProgress?: (event: P) => void;
  /**
   * Aborting stops the run at its next step: the promise rejects with an
   * ExperimentAborted (an AttnscopeError named 'AbortError') whose `partial`
   * holds the data gathered until then.
   */
  signal?: AbortSignal;
  /** While it returns a promise, the run waits for it between steps (ExperimentWorker's pause). */
  whilePaused?: () => Promise<void> | undefined;
}

/**
 * The rejection of an aborted run. At run time it is also an instance of
 * attnscope's AttnscopeError (its subclass, renamed 'AbortError' as DOM aborts are).
 */
export class ExperimentAborted<D = unknown> extends Error {
  name: 'AbortError';
  /** The data gathered until the abort (the same shape as the run's result, fewer steps). */
  partial: D | undefined;
}

/** Options of runInContextRegression; every field optional (IN_CONTEXT_DEFAULTS fills in). */
export interface InContextOptions {
  /** d, the input dimension (1–32). Default 5. */
  dims?: number;
  /** n, the pairs in each training prompt (1–512). Default 20. */
  contextLength?: number;
  /** σ, the label noise: y = w·x + σε. Default 0.1. */
  noise?: number;
  /** Adam steps, each on a fresh batch of prompts. Default 1000. */
  steps?: number;
  /** Prompts per step. Default 64. */
  batchSize?: number;
  /** Adam's peak learning rate, cosine-decayed to 0. Default 0.01. */
  learningRate?: number;
  /** Standard deviation of the initial weights. Default 0.1. */
  initScale?: number;
  /** Seeds the training prompts and the initial weights (the evaluation prompts use a seed derived from it). Default 1. */
  seed?: number;
  /** Fresh evaluation prompts per context length. Default 500. */
  evalPrompts?: number;
  /** The error-against-n curves cover n = 1 … this (≥ contextLength). Default 40. */
  maxContextLength?: number;
  /** Steps between reports. Default 100. */
  reportEvery?: number;
}

/** One report of the in-context run (all errors: mean squared error of ŷ for the query). */
export interface InContextSnapshot {
  step: number;
  /** Mean training loss over the steps since the last report (NaN at step 0). */
  loss: number;
  /** The layer's error on the evaluation prompts for n = 1 … maxContextLength. */
  lsaByN: number[];
  /** The layer's, one GD step's and ridge's error at n = contextLength. */
  lsaError: number;
  gdError: number;
  ridgeError: number;
  /** mean (ŷ_layer − ŷ_GD)² at n = contextLength. */
  lsaVsGd: number;
  /** ‖Γ − 2η*·I‖_F / ‖2η*·I‖_F, Γ = w_v[y]·(W_K W_Qᵀ)[x, x] (row-major in `gamma`, d × d). */
  gammaDistance: number;
  /** Share (0–1) of the layer's product w_v ⊗ W_K W_Qᵀ outside the GD construction's block. */
  leak: number;
  gamma: number[];
}

export interface InContextData {
  options: Required<InContextOptions>;
  /** Steps taken. */
  step: number;
  /** 2η* = 1/(n + d + 1 + σ²) at n = contextLength: the step the layer should learn. */
  bestStep: number;
  /** Curves over n of the closed-form learners on the same evaluation prompts. */
  baselines: {
    n: number[];
    /** One GD step from W = 0 with the η best at n = contextLength. */
    gdTrainStep: number[];
    /** One GD step with the η best at each n. */
    gdBest: number[];
    /** Ridge regression with λ = σ² (the posterior mean). */
    ridge: number[];
    /** η* = 1/(2(n + d + 1 + σ²)) for each n. */
    bestLearningRate: number[];
  };
  history: InContextSnapshot[];
  final: InContextSnapshot;
  /** The trained W_Q, W_K ([d+1, d+1] row-major) and w_v ([d+1]); only in a finished run. */
  parameters?: { wq: number[]; wk: number[]; wv: number[] };
  elapsedMs: number;
}

export interface InContextProgress {
  step: number;
  steps: number;
  fraction: number;
  snapshot: InContextSnapshot;
  /** The closed-form learners' curves (fixed for the run). */
  baselines: InContextData['baselines'];
  /** The data so far (in Node and in-page runs; ExperimentWorker leaves it out). */
  data?: InContextData;
}

/** The defaults of runInContextRegression. */
export const IN_CONTEXT_DEFAULTS: Readonly<Required<InContextOptions>>;

/**
 * In-context learning as one step of gradient descent (von Oswald et al.
 * 2023). Prompts e_i = (x_i, y_i), i < n, with w, x ~ N(0, I_d),
 * y = w·x + σε, and a query e_q = (x_q, 0). One layer of unnormalised linear
 * self-attention, ŷ = Σ_i (e_i·w_v)(e_iᵀ W_K)(W_Qᵀ e_q) (= linearAttention with
 * featureMap 'identity', normalize false), is trained with Adam on the
 * query's squared error across random tasks. Compared on fresh prompts with
 * one GD step from W = 0 on L(W) = Σ_i (y_i − W x_i)² — W₁ = 2η Σ_i y_i x_iᵀ,
 * best 2η = 1/(n + d + 1 + σ²) — and with ridge (λ = σ²).
 * Float64, seeded: the same options give the same data everywhere.
 * @example
 * const data = await runInContextRegression({ steps: 1000, seed: 1 }, { onProgress: (p) => console.log(p.step, p.snapshot.lsaError) });
 * data.final.lsaVsGd; // ≈ 0.002: the layer predicts like one GD step
 */
export function runInContextRegression(options?: InContextOptions, context?: RunContext<InContextProgress>): Promise<InContextData>;

/** The experiments by name: the registry ExperimentWorker and scripts/experiment_reference.js use. */
export const EXPERIMENTS: Record<string, (options?: object, context?: RunContext<unknown>) => Promise<unknown>>;

/**
 * Runs an experiment of EXPERIMENTS in a module Worker (browsers): progress
 * arrives through onProgress; pause() holds it between steps, resume()
 * continues, cancel() (or an aborted signal) rejects the run with an
 * AbortError whose `partial` holds the data so far.
 */
export class ExperimentWorker {
  constructor(url?: URL | string);
  run<D = unknown>(name: string, options?: object, context?: { onProgress?: (event: any) => void; signal?: AbortSignal }): Promise<D>;
  pause(): void;
  resume(): void;
  cancel(): void;
  /** Ends the worker; pending runs reject with an AbortError. */
  terminate(): void;
}

/** Options of runGrokking; every field optional (GROKKING_DEFAULTS fills in). */
export interface GrokkingOptions {
  /** The modulus (3–113); tokens 0 … p−1 are the numbers, token p is '='. Default 31. */
  p?: number;
  /** 'add': a + b mod p; 'subtract': a − b mod p. Default 'add'. */
  operation?: 'add' | 'subtract';
  /** Share of the p² pairs used for training (0 < f < 1; round(f·p²) pairs, the rest validate). Default 0.5. */
  trainFraction?: number;
  /** AdamW's decoupled weight decay on the matrices (θ ← θ(1 − lr·wd) − …). Default 1. */
  weightDecay?: number;
  /** Seeds the split, the initial weights and nothing else (full batch: no sampling). Default 1. */
  seed?: number;
  /** The most steps. Default 8000. */
  steps?: number;
  /** Stop at the first evaluation whose validation accuracy reaches this (0: never stop early). Default 0.99. */
  stopAtValidationAccuracy?: number;
  /** AdamW's rate after the warm-up (betas (0.9, 0.98), eps 1e-8). Default 3e-3. */
  learningRate?: number;
  /** Linear warm-up from 0 (llama2.c's schedule). Default 10. */
  warmupSteps?: number;
  /** Model width C (a multiple of heads). Default 64. */
  dim?: number;
  /** Attention heads. Default 4. */
  heads?: number;
  /** Blocks (1–2). Default 1. */
  layers?: number;
  /** Evaluate every this many steps (and ~12 times a decade before it). Default 100. */
  evalEvery?: number;
  /** grokStep is the first evaluated step with validation accuracy ≥ this. Default 0.95. */
  grokThreshold?: number;
}

/** One evaluation of the grokking run. */
export interface GrokkingSnapshot {
  step: number;
  /** Mean cross-entropy of the answer over the training / validation pairs (nats), after `step` updates. */
  trainLoss: number;
  validationLoss: number;
  /** Share of pairs whose answer logits' argmax (over 0 … p−1) is the answer. */
  trainAccuracy: number;
  validationAccuracy: number;
  /** Share of the embedding's Fourier energy (k ≥ 1) on its 5 largest frequencies. */
  topFrequencyShare: number;
}

export interface GrokkingData {
  options: Required<GrokkingOptions>;
  trainPairs: number;
  validationPairs: number;
  /** Steps taken. */
  step: number;
  history: GrokkingSnapshot[];
  /** First evaluated step with training accuracy 1 (null: not reached). */
  memorisedStep: number | null;
  /** First evaluated step with validation accuracy ≥ grokThreshold (null: not reached). */
  grokStep: number | null;
  /**
   * The token embedding W [p+1, C] read as C functions of the token t = 0 … p−1:
   * E_k = Σ_c |Σ_t W[t, c] e^{−2πikt/p}|² for k = 0 … ⌊p/2⌋ (k and p − k together), normalised to sum 1.
   */
  spectrum: number[];
  /** The '=' position's attention over [a, b, =], mean over the validation pairs, [layers, heads, 3] row-major; only in a finished run. */
  attention: number[] | null;
  elapsedMs: number;
}

export interface GrokkingProgress {
  step: number;
  steps: number;
  fraction: number;
  snapshot: GrokkingSnapshot;
  spectrum: number[];
  trainPairs: number;
  validationPairs: number;
  /** The data so far (in Node and in-page runs; ExperimentWorker leaves it out). */
  data?: GrokkingData;
}

/** The defaults of runGrokking. */
export const GROKKING_DEFAULTS: Readonly<Required<GrokkingOptions>>;

/**
 * Grokking (Power et al. 2022): sequences [a, b, =] → a ∘ b mod p, a seeded
 * share of the p² pairs for training; a gpt2-family model of the core
 * (Model.create: LayerNorm, learned positions, ReLU MLP of 4C, untied
 * classifier) trained full batch by the Trainer (AdamW) on the answer
 * position only (the other targets are −1). Evaluated at step 0, ~12 times a
 * decade up to evalEvery, then every evalEvery steps: loss and accuracy on
 * both splits and the embedding's Fourier spectrum. Stops at
 * stopAtValidationAccuracy. Deterministic from the seed (the same numbers in
 * Node, a page and a Worker on one backend).
 * @example
 * const data = await runGrokking({ p: 31, weightDecay: 1, seed: 1 });
 * data.memorisedStep; // training accuracy 100% early …
 * data.grokStep;      // … validation ≥ 95% much later (null with weightDecay 0)
 */
export function runGrokking(options?: GrokkingOptions, context?: RunContext<GrokkingProgress>): Promise<GrokkingData>;

/** Options of runNormPlacement; every field optional (NORM_PLACEMENT_DEFAULTS fills in). */
export interface NormPlacementOptions {
  /** Blocks in the stack (1–24). Default 8. */
  layers?: number;
  /** Width C. Default 32. */
  dim?: number;
  /** Heads. Default 4. */
  heads?: number;
  /** Tokens of the copying task. Default 16. */
  vocab?: number;
  /** k: each sequence is k random tokens then the same k again (2k − 1 inputs; the last k are targets). Default 8. */
  copyLength?: number;
  /** Sequences per step (fresh, seeded; the same for every variant). Default 16. */
  batchSize?: number;
  /** Steps per variant. Default 100. */
  steps?: number;
  /** AdamW's peak rate (betas (0.9, 0.98), weight decay 0.01). Default 3e-3. */
  learningRate?: number;
  /** Warm-up of the warmed-up variants (the others: 0). Default 50. */
  warmupSteps?: number;
  /** Per-layer gradient norms at step 0, every this many steps and at the last. Default 5. */
  recordEvery?: number;
  /** Seeds the weights (the same for all four) and the batches. Default 1. */
  seed?: number;
}

export interface NormPlacementRecord {
  /** Updates before this record (0: the initialisation). */
  step: number;
  /** The batch's loss with the weights before this step's update. */
  loss: number;
  /** The rate this step's update used (null at the last record, which takes no step). */
  learningRate: number | null;
  gradNorm?: number;
  /** ‖∂L/∂θ‖₂ over each block's tensors (`transformer.h.{i}.*`), i = 0 (input side) … L−1; null between records. */
  layerNorms: number[] | null;
}

export interface NormPlacementData {
  options: Required<NormPlacementOptions>;
  /** In order: pre-LN with warm-up, pre-LN, post-LN with warm-up, post-LN. */
  variants: { id: 'pre-ln-warmup' | 'pre-ln' | 'post-ln-warmup' | 'post-ln'; prenorm: boolean; warmup: boolean; history: NormPlacementRecord[] }[];
  elapsedMs: number;
}

export interface NormPlacementProgress {
  variant: NormPlacementData['variants'][number]['id'];
  step: number;
  steps: number;
  /** Share of all four variants' steps done. */
  fraction: number;
  record: NormPlacementRecord;
  data?: NormPlacementData;
}

/** The defaults of runNormPlacement. */
export const NORM_PLACEMENT_DEFAULTS: Readonly<Required<NormPlacementOptions>>;

/**
 * Pre-LN (x ← x + f(LN(x))) against post-LN (x ← LN(x + f(x))) in a deep
 * gpt2-family stack (Model.create with `prenorm`), each with and without
 * learning-rate warm-up: the same initial weights and batches for all four.
 * Records each layer's gradient norm at initialisation and every
 * recordEvery steps, and every step's loss.
 * @example
 * const { variants } = await runNormPlacement({ layers: 8, steps: 100 });
 * variants.map((v) => v.history[0].layerNorms); // at initialisation
 */
export function runNormPlacement(options?: NormPlacementOptions, context?: RunContext<NormPlacementProgress>): Promise<NormPlacementData>;
