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
