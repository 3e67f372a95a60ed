// Types of runInductionHeads (induction-heads.js); index.d.ts re-exports them.
import type { RunContext } from './index.js';

/** Options of runInductionHeads; every field optional (INDUCTION_HEADS_DEFAULTS fills in). */
export interface InductionHeadsOptions {
  /** Model width (default 32), heads (default 4), layers (default 2); attention only, ALiBi. */
  dim?: number;
  nHeads?: number;
  nLayers?: number;
  /** Random tokens a segment is drawn from (default 32, at least maxSegment). */
  tokens?: number;
  /** Ids per sequence, the start token included (default 33). */
  seqLen?: number;
  /** A sequence's segment length is drawn from minSegment … maxSegment (default 4 … 12; twice + 1 must fit). */
  minSegment?: number;
  maxSegment?: number;
  batchSize?: number;
  /** AdamW steps (default 600). */
  steps?: number;
  learningRate?: number;
  warmupSteps?: number;
  /** Steps between evaluations (default 25). */
  evalEvery?: number;
  /** Held-out sequences the losses and scores are measured on (default 16). */
  evalSequences?: number;
  /** 0 … 4000 (default 1). */
  seed?: number;
}

export interface InductionHeadsPoint {
  step: number;
  tokens: number;
  /** Mean training loss since the last point (NaN at step 0). */
  trainLoss: number;
  /** Held-out loss on the first copy of each segment. */
  firstLoss: number;
  /** Held-out loss on the repeats (from the second token of the second copy on). */
  repeatedLoss: number;
  /** attn.headRoleScores' scores [layer][head] on the held-out sequences. */
  induction: number[][];
  previousToken: number[][];
}

export interface InductionSummary {
  /** The evaluation interval where repeatedLoss fell fastest per step. */
  steepest: { from: number; to: number; drop: number; rate: number };
  /** The first evaluation at which a head's induction score reached the threshold, and that head; null if none. */
  formedAt: { step: number; layer: number; head: number; score: number } | null;
  /** The heads at or above the threshold at the last evaluation. */
  heads: Array<{ layer: number; head: number; score: number }>;
  /** firstLoss − repeatedLoss at the last evaluation. */
  gap: number;
  final: { step: number; firstLoss: number; repeatedLoss: number };
}

export interface InductionHeadsData {
  options: Required<InductionHeadsOptions>;
  vocabSize: number;
  /** first: the least mean loss on the first copy (uniform on the tokens its segment has not used). */
  chance: { first: number };
  curve: InductionHeadsPoint[];
  summary: InductionSummary | null;
  elapsedMs: number;
}

export interface InductionHeadsProgress {
  step: number;
  steps: number;
  fraction: number;
  point: InductionHeadsPoint;
  chance: InductionHeadsData['chance'];
  data?: InductionHeadsData;
}

export const INDUCTION_HEADS_DEFAULTS: Readonly<Required<InductionHeadsOptions>>;
/** 0.4, as attn.DEFAULT_ROLE_THRESHOLD. */
export const INDUCTION_THRESHOLD: number;

/** The phase change read from a curve (at least two points; null otherwise). */
export function inductionSummary(curve: Array<Pick<InductionHeadsPoint, 'step' | 'firstLoss' | 'repeatedLoss' | 'induction'>>, threshold?: number): InductionSummary | null;

/**
 * Induction heads forming (Olsson et al. 2022): a two-layer attention-only
 * model (hiddenDim 0, ALiBi) trained on random segments that repeat; the
 * loss on the first copy and on the repeats, every head's induction score
 * over training, and the phase change when the heads form.
 * @example
 * const data = await runInductionHeads({ steps: 300 });
 * console.log(data.summary.steepest, data.summary.formedAt);
 */
export function runInductionHeads(options?: InductionHeadsOptions, context?: RunContext<InductionHeadsProgress>): Promise<InductionHeadsData>;
