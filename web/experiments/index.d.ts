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

/** Options of runKvHeadSharing; every field optional (KV_HEAD_SHARING_DEFAULTS fills in). */
export interface KvHeadSharingOptions {
  /** KV-head counts to train, each dividing nHeads (nHeads = MHA, 1 = MQA). Default [8, 2, 1]. */
  kvHeads?: number[];
  /** Model width (default 64) and query heads (default 8; head size dim / nHeads, even). */
  dim?: number;
  nHeads?: number;
  nLayers?: number;
  /** Characters per window (default 64). */
  seqLen?: number;
  batchSize?: number;
  /** AdamW steps per model (default 400). */
  steps?: number;
  learningRate?: number;
  warmupSteps?: number;
  /** Steps between held-out evaluations (default 50). */
  evalEvery?: number;
  evalWindows?: number;
  corpusChars?: number;
  /** Every variant is trained once per seed (default [1, 2]); the spread is the noise. */
  seeds?: number[];
}

export interface KvHeadSharingPoint {
  step: number;
  tokens: number;
  /** Mean training loss since the last point (NaN at step 0). */
  trainLoss: number;
  heldOutLoss: number;
}

export interface KvHeadSharingRun {
  kvHeads: number;
  seed: number;
  kind: 'MHA' | 'GQA' | 'MQA';
  parameters: number;
  /** KV-cache bytes of one sequence of seqLen tokens, float16 (per token: / seqLen). */
  cacheBytes: number;
  curve: KvHeadSharingPoint[];
  finalLoss: number | null;
  ms: number;
}

export interface KvHeadSharingVariant {
  kvHeads: number;
  kind: 'MHA' | 'GQA' | 'MQA';
  cacheBytes: number;
  parameters: number;
  seeds: number[];
  losses: number[];
  meanLoss: number;
}

export interface KvHeadSharingClaim {
  /** Per variant: its loss minus MHA's under the same seed, averaged; its cache over MHA's. */
  gaps: Array<{ kvHeads: number; kind: string; gap: number | null; cacheShare: number }>;
  mqaGap: number | null;
  /** The sample standard deviation of MHA's loss across seeds (null with one seed). */
  noise: number | null;
  /** 'holds': MQA's gap > 2·noise and every GQA gap ≤ half of it; 'within-noise'; 'contradicted'; null without MHA, MQA or two seeds. */
  verdict: 'holds' | 'within-noise' | 'contradicted' | null;
}

export interface KvHeadSharingData {
  options: Required<KvHeadSharingOptions>;
  vocabSize: number;
  headDim: number;
  tokenBudget: number;
  runs: KvHeadSharingRun[];
  summary: KvHeadSharingVariant[];
  claim: KvHeadSharingClaim | null;
  elapsedMs: number;
}

export interface KvHeadSharingProgress {
  step: number;
  steps: number;
  fraction: number;
  /** Index of the run in data.runs. */
  run: number;
  runInfo: Pick<KvHeadSharingRun, 'kvHeads' | 'seed' | 'kind' | 'parameters' | 'cacheBytes'>;
  point: KvHeadSharingPoint;
  data?: KvHeadSharingData;
}

export const KV_HEAD_SHARING_DEFAULTS: Readonly<Required<KvHeadSharingOptions>>;

/**
 * MHA, GQA and MQA on the same budget: one character-level model (llama
 * family, GELU MLP) per KV-head count and seed, trained on the same seeded
 * batches for the same steps; held-out loss against KV-cache bytes, and the
 * claim "GQA ≈ MHA, MQA loses some" judged against the seed-to-seed noise.
 * @example
 * const data = await runKvHeadSharing({ kvHeads: [4, 1], nHeads: 4, dim: 32, steps: 50, seeds: [1, 2] });
 * console.log(data.claim.verdict);
 */
export function runKvHeadSharing(options?: KvHeadSharingOptions, context?: RunContext<KvHeadSharingProgress>): Promise<KvHeadSharingData>;

export type KvCompressionRule = 'recent' | 'accumulated' | 'expected' | 'qcqa' | 'uniform';

/** Options of runKvCacheCompression; every field optional (KV_CACHE_COMPRESSION_DEFAULTS fills in). */
export interface KvCacheCompressionOptions {
  dim?: number;
  /** Query heads = KV heads (the model is MHA, so heads can be merged). Default 8. */
  nHeads?: number;
  nLayers?: number;
  /** Characters cached and then compressed (default 96). */
  prefix?: number;
  /** Characters predicted from the compressed cache (default 32). */
  continuation?: number;
  batchSize?: number;
  /** Training steps (default 600). */
  steps?: number;
  learningRate?: number;
  warmupSteps?: number;
  evalEvery?: number;
  /** Held-out windows of prefix + continuation characters (default 16). */
  evalWindows?: number;
  /** Shares of the prefix's positions the eviction rules keep, each in (0, 1). */
  fractions?: number[];
  /** Future query positions the expected-attention rule averages over (default 4). */
  expectedSamples?: number;
  /** The share whose kept positions of the first window go into `example` (default 0.25). */
  shownFraction?: number;
  corpusChars?: number;
  seed?: number;
}

export interface KvCompressionPoint {
  /** Share of the cache kept: positions / prefix (eviction) or KV heads / nHeads (merging). */
  fraction: number;
  /** Positions (eviction) or KV heads (merging) kept. */
  kept: number;
  /** Mean loss of the continuation over the windows. */
  loss: number;
}

export interface KvCacheCompressionData {
  options: Required<KvCacheCompressionOptions>;
  vocabSize: number;
  seqLen: number;
  training: KvHeadSharingPoint[];
  /** The continuation's loss with the whole cache, and with none. */
  full: number | null;
  none: number | null;
  curves: Record<KvCompressionRule, KvCompressionPoint[]>;
  /** Per layer, the groupings of KV heads for every group count. */
  groupings: Array<{ qcqa: Record<string, { groups: number[][]; error: number }>; uniform: Record<string, { groups: number[][]; error: number }> }> | null;
  /** The first window: its prefix text and, per eviction rule, the kept positions [layer][kvHead][]. */
  example: { text: string; fraction: number; kept: Partial<Record<'recent' | 'accumulated' | 'expected', number[][][]>> } | null;
  windows: number;
  elapsedMs: number;
}

export interface KvCacheCompressionProgress {
  step: number;
  steps: number;
  fraction: number;
  phase: 'train' | 'compress';
  point?: KvHeadSharingPoint;
  windows?: number;
  result?: Pick<KvCacheCompressionData, 'curves' | 'full' | 'none' | 'example' | 'groupings' | 'windows'>;
  data?: KvCacheCompressionData;
}

export const KV_CACHE_COMPRESSION_DEFAULTS: Readonly<Required<KvCacheCompressionOptions>>;
/** ['recent', 'accumulated', 'expected', 'qcqa', 'uniform'] */
export const KV_COMPRESSION_RULES: readonly KvCompressionRule[];

/**
 * KV-cache compression on a trained model: a character-level MHA model is
 * trained, then each held-out window's prefix is cached, compressed in every
 * layer by each rule (attnscope's selectKvPositions / groupKvHeads /
 * mergeKvHeads), and the continuation's loss measured against the share kept.
 * @example
 * const data = await runKvCacheCompression({ steps: 100, evalWindows: 4 });
 * console.log(data.full, data.curves.recent.map((p) => [p.fraction, p.loss]));
 */
export function runKvCacheCompression(options?: KvCacheCompressionOptions, context?: RunContext<KvCacheCompressionProgress>): Promise<KvCacheCompressionData>;

export * from './masked-vs-causal.js';
export * from './induction-heads.js';
