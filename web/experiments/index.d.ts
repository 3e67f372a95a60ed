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

/** Options of runScalingSweep; every field optional (SCALING_SWEEP_DEFAULTS fills in). */
export interface ScalingSweepOptions {
  /** The model sizes, each { dim, nLayers } (2–12 of them); nHeads = dim / headSize. Default dims 8, 16, 24, 32, 48 with 1, 1, 2, 2, 2 layers (0.8k … 56k non-embedding parameters). */
  sizes?: { dim: number; nLayers: number }[];
  /** Head size D (even; every dim a multiple of it). Default 8. */
  headSize?: number;
  /** T, the training window. Default 32. */
  seqLen?: number;
  /** B, windows per step. Default 8. */
  batchSize?: number;
  /** AdamW steps per size: the token budget D = steps·B·T is the same for every size. Default 400. */
  steps?: number;
  /** Constant after warm-up (every checkpoint is then a point of the compute sweep). Default 3e-3. */
  learningRate?: number;
  warmupSteps?: number;
  /** Steps between held-out evaluations (the checkpoints of the compute sweep). Default 50. */
  evalEvery?: number;
  /** Held-out windows (of seqLen) in the fixed evaluation batch. Default 16. */
  evalWindows?: number;
  /** Characters of the corpus used (first 90 % train, last 10 % held out). Default 200000. */
  corpusChars?: number;
  /** Seeds every model's initial weights and the training batches. Default 1. */
  seed?: number;
}

/** One held-out evaluation of one size. */
export interface ScalingSweepPoint {
  step: number;
  /** D, tokens trained on so far (step·B·T). */
  tokens: number;
  /** C = 6·N·D, N = the non-embedding parameters. */
  flops: number;
  /** Mean training loss since the previous checkpoint (NaN at step 0). */
  trainLoss: number;
  /** Mean cross-entropy (nats per character) on the fixed held-out windows. */
  heldOutLoss: number;
}

export interface ScalingSweepRun {
  dim: number;
  nLayers: number;
  nHeads: number;
  /** N: every parameter but the token embedding (which is also the tied classifier). */
  parameters: number;
  totalParameters: number;
  curve: ScalingSweepPoint[];
  /** Held-out loss after all the steps (null while training). */
  finalLoss: number | null;
  /** Wall time of this size's training (ms). */
  ms: number;
}

/** A fit y ≈ coefficient·x^exponent by least squares on (log x, log y) (fitPowerLaw). */
export interface PowerLawFit { exponent: number; coefficient: number; r2: number }

export interface ScalingSweepData {
  options: Required<ScalingSweepOptions>;
  vocabSize: number;
  /** D = steps·B·T. */
  tokenBudget: number;
  runs: ScalingSweepRun[];
  /** L(N) ≈ c·N^exponent over the finished runs' final losses (null below 2 runs). */
  fitParameters: PowerLawFit | null;
  /** The compute-efficient frontier: every checkpoint whose loss beats all checkpoints with less compute. */
  frontier: { flops: number; loss: number; run: number }[];
  /** L(C) ≈ c·C^exponent over the frontier. */
  fitCompute: PowerLawFit | null;
  elapsedMs: number;
}

export interface ScalingSweepProgress {
  /** Steps done over all sizes, of `steps` = steps·sizes. */
  step: number;
  steps: number;
  fraction: number;
  /** Index of the size that was just evaluated. */
  run: number;
  point: ScalingSweepPoint;
  /** Every run so far and the fits (also through ExperimentWorker). */
  sweep: Pick<ScalingSweepData, 'runs' | 'fitParameters' | 'frontier' | 'fitCompute'>;
  /** The data so far (in Node and in-page runs; ExperimentWorker leaves it out). */
  data?: ScalingSweepData;
}

export const SCALING_SWEEP_DEFAULTS: Readonly<Required<ScalingSweepOptions>>;

/**
 * A scaling sweep (Kaplan et al. 2020): character-level models of several
 * sizes (llama family: RMSNorm, RoPE, GELU MLP of 4·dim, tied classifier)
 * trained with AdamW on the same windows of the shipped corpus for the same
 * token budget D. Returns the held-out loss of each size against its
 * non-embedding parameters N with L(N) ≈ c·N^α fitted on log–log axes, and a
 * compute sweep: every checkpoint at C = 6·N·D, its compute-efficient
 * frontier and L(C) ≈ c·C^α fitted to it. Runs the wasm Trainer (await
 * ready() is done for you); the same options give the same numbers.
 * @example
 * const data = await runScalingSweep({ steps: 100, seed: 1 }, { onProgress: (p) => console.log(p.run, p.point.heldOutLoss) });
 * data.fitParameters.exponent; // negative: larger models reach lower loss
 */
export function runScalingSweep(options?: ScalingSweepOptions, context?: RunContext<ScalingSweepProgress>): Promise<ScalingSweepData>;

export type PositionScheme = 'none' | 'sinusoidal' | 'learned' | 'rope' | 'alibi';

/** Options of runPositionExtrapolation; every field optional. */
export interface PositionExtrapolationOptions {
  /** The schemes to train, each once. Default all five. */
  schemes?: PositionScheme[];
  /** L, the training window. Evaluation goes to 4·L. Default 32. */
  trainLength?: number;
  dim?: number;
  nLayers?: number;
  nHeads?: number;
  batchSize?: number;
  /** AdamW steps per scheme. Default 300. */
  steps?: number;
  learningRate?: number;
  warmupSteps?: number;
  /** Held-out windows of 4·L. Default 16. */
  evalWindows?: number;
  /** Positions per point of the loss-against-position curve (divides L). Default 4. */
  binWidth?: number;
  reportEvery?: number;
  corpusChars?: number;
  seed?: number;
}

export interface PositionExtrapolationResult {
  scheme: PositionScheme;
  /** The curve covers positions 0 … maxPosition − 1: 4·L, or L for learned positions. */
  maxPosition: number;
  /** Why the curve stops early (learned positions), else null. */
  note: string | null;
  trainLoss: { step: number; loss: number }[];
  /** Bin centres and the held-out loss of each bin (empty until evaluated). */
  positions: number[];
  loss: number[];
  /** Mean held-out loss over positions [0, f·L) for f = 1, 2, 4; null past the learned table. */
  meanLoss: { '1x': number; '2x': number | null; '4x': number | null } | null;
}

export interface PositionExtrapolationData {
  options: Required<PositionExtrapolationOptions>;
  vocabSize: number;
  trainLength: number;
  evalLength: number;
  results: PositionExtrapolationResult[];
  elapsedMs: number;
}

export interface PositionExtrapolationProgress {
  step: number;
  steps: number;
  fraction: number;
  scheme: PositionScheme;
  /** 'train' during training, 'evaluated' once its curve is in. */
  phase: 'train' | 'evaluated';
  /** Index of the scheme in options.schemes and its result so far (also through ExperimentWorker). */
  index: number;
  result: PositionExtrapolationResult;
  /** The data so far (in Node and in-page runs; ExperimentWorker leaves it out). */
  data?: PositionExtrapolationData;
}

export const POSITION_SCHEMES: readonly PositionScheme[];
export const POSITION_EXTRAPOLATION_DEFAULTS: Readonly<Required<PositionExtrapolationOptions>>;
/** The sentence that explains why the learned curve stops at L. */
export const LEARNED_LIMIT_NOTE: string;

/**
 * Positions beyond the training length: the same tiny character model
 * (llama family, GELU MLP) trained once per scheme on windows of L, then
 * evaluated on held-out windows of 4·L; the loss in bins of positions, one
 * curve per scheme, and the mean over the first 1·L, 2·L and 4·L positions
 * (causal attention: position p's loss does not depend on the window's
 * length). Learned positions have a table of L rows and cannot be run past
 * it: their curve stops at L and `note` says why (no failure).
 * @example
 * const data = await runPositionExtrapolation({ steps: 200 });
 * data.results.map((r) => [r.scheme, r.meanLoss['4x']]);
 */
export function runPositionExtrapolation(options?: PositionExtrapolationOptions, context?: RunContext<PositionExtrapolationProgress>): Promise<PositionExtrapolationData>;
