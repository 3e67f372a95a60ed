// Types of runMaskedVsCausal (masked-vs-causal.js); index.d.ts re-exports them.
import type { RunContext } from './index.js';

/** Options of runMaskedVsCausal; every field optional (MASKED_VS_CAUSAL_DEFAULTS fills in). */
export interface MaskedVsCausalOptions {
  /** The learner's sentence, `_` for each character to fill; 2 … seqLen characters, all in the corpus. */
  sentence?: string;
  /** Model width (default 32), query heads (default 4; head size even), layers (default 2). */
  dim?: number;
  nHeads?: number;
  nLayers?: number;
  /** Characters per window (default 48). */
  seqLen?: number;
  batchSize?: number;
  /** AdamW steps per model (default 600). */
  steps?: number;
  learningRate?: number;
  warmupSteps?: number;
  /** Steps between held-out evaluations (default 50). */
  evalEvery?: number;
  evalWindows?: number;
  /** BERT's share of positions chosen (default 0.15; 80 % [MASK], 10 % random, 10 % kept). */
  maskProbability?: number;
  corpusChars?: number;
  /** Both models start from the same weights and read the same windows (default 1). */
  seed?: number;
  /** Candidates kept per blank (default 5). */
  topK?: number;
  /** Characters the causal model generates after the text before the first blank (default 40). */
  generateTokens?: number;
}

export interface MaskedVsCausalPoint {
  step: number;
  tokens: number;
  /** Targets this model has learned from so far (every position for causal; the chosen ones for masked). */
  targets: number;
  /** Mean training loss since the last point (NaN at step 0). */
  trainLoss: number;
  /** Its own objective on held-out text: next character (causal), the fixed blanks (masked). */
  heldOutLoss: number;
}

/** Mean cross-entropy (nats), top-1 accuracy in [0, 1] and how many predictions. */
export interface TaskScore { loss: number; accuracy: number; positions: number }

export interface MaskedVsCausalEvaluation {
  /** The same held-out blanks: the masked model reads both sides, the causal one the left. */
  fill: { causal: TaskScore; masked: TaskScore };
  /** The last character of each held-out window from the ones before it. */
  next: { causal: TaskScore; masked: TaskScore };
}

export interface MaskedVsCausalClaim {
  /** causal − masked fill loss (> 0: the masked model fills better). */
  fillGap: number;
  /** masked − causal next loss (> 0: the causal model continues better). */
  nextGap: number;
  verdict: 'holds' | 'mixed' | 'contradicted';
}

export interface FillCandidate { id: number; text: string; p: number }

export interface MaskedVsCausalData {
  options: Required<MaskedVsCausalOptions>;
  /** The corpus's characters + 1; the last id is [MASK]. */
  vocabSize: number;
  maskId: number;
  curves: { causal: MaskedVsCausalPoint[]; masked: MaskedVsCausalPoint[] };
  targetsSeen: { causal: number; masked: number };
  /** null until both have trained. */
  evaluation: MaskedVsCausalEvaluation | null;
  claim: MaskedVsCausalClaim | null;
  sentence: {
    /** Per blank: its position, the masked model's top candidates, the causal model's (null at position 0). */
    blanks: Array<{ position: number; masked: FillCandidate[]; causal: FillCandidate[] | null }>;
    /** What each read: the masked model the sentence with '[MASK]'; the causal one filled left to right. */
    read: { masked: string[]; causal: string[] };
    /** Attention of what each read, [layer][query][key], mean over heads, rounded to 1e-4. */
    attention: { masked: number[][][]; causal: number[][][] };
  } | null;
  /** The causal model's greedy continuation of the text before the first blank; the masked model's refusal (the core's error message). */
  generation: { prompt: string; causal: string | null; masked: string | null } | null;
  elapsedMs: number;
}

export interface MaskedVsCausalProgress {
  step: number;
  steps: number;
  fraction: number;
  objective: 'causal' | 'masked';
  point: MaskedVsCausalPoint;
  data?: MaskedVsCausalData;
}

export const MASKED_VS_CAUSAL_DEFAULTS: Readonly<Required<MaskedVsCausalOptions>>;

/** The claim from an evaluation: 'holds' when each model is better at its own task; null without one. */
export function maskedVsCausalClaim(evaluation: MaskedVsCausalEvaluation | null): MaskedVsCausalClaim | null;

/**
 * GPT against BERT on one budget: the same tiny character-level model
 * trained causal and masked (Model.create({ causal: false }) with
 * attn.maskedBatch) on the same windows; both asked to fill held-out blanks
 * and to continue held-out text; the learner's sentence filled by both with
 * their attention maps; the causal model's continuation and the masked
 * model's refusal to generate.
 * @example
 * const data = await runMaskedVsCausal({ steps: 100, sentence: 'She w_s not h_ppy.' });
 * console.log(data.evaluation.fill, data.claim.verdict);
 */
export function runMaskedVsCausal(options?: MaskedVsCausalOptions, context?: RunContext<MaskedVsCausalProgress>): Promise<MaskedVsCausalData>;
