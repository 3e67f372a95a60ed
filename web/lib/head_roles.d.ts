// Types of head roles (ops/head_roles.js, ops/head_role_probe.js): what each
// attention head of a model does, measured from its attention weights.
// Legend: L layers, H heads, T tokens; A = one head's attention [T, T]
// (row i: query i's weights over keys 0..i).
import type { Tensor } from './index.js';
import type { Model, ModelWorker, TokenIds } from './model.js';

/**
 * The four roles, each a mean attention weight (in float64) of one head:
 * - `previousToken`: A[i, i−1], over the queries i ≥ 2.
 * - `induction`: Σ A[i, j+1] over every earlier copy j of token i with
 *   j ≤ i−3 (ids[j] = ids[i]), over the queries that have one. The key
 *   after the copy is what an induction head attends to (Olsson et al.
 *   2022); stopping at i−2 keeps it apart from the previous token.
 * - `sink`: A[i, 0], attention to the first token, over the queries i ≥ 2.
 * - `diagonal`: A[i, i], attention to itself, over the queries i ≥ 2.
 * From i = 2 on, the keys 0, i−1, i and every induction target are
 * different positions, so no weight counts for two roles and the four
 * scores of a head sum to at most 1 per query.
 */
export type HeadRole = 'previousToken' | 'induction' | 'sink' | 'diagonal';

/** ['previousToken', 'induction', 'sink', 'diagonal']: the order tables show them. */
export declare const HEAD_ROLES: readonly HeadRole[];

/** 0.4: a head is named after its best role when that scores at least this. */
export declare const DEFAULT_ROLE_THRESHOLD: number;

/** One sequence and the attention a model gave it. */
export interface AttentionRun {
  /** [L, H, T, T], as Model.forward(ids, { returnAttention: true }).attention. */
  attention: Tensor;
  /** The T token ids (the induction targets depend on which repeat). */
  ids: TokenIds;
}

/** Every head's role scores. */
export interface HeadRoleScores {
  nLayers: number;
  nHeads: number;
  /** HEAD_ROLES. */
  roles: readonly HeadRole[];
  /** scores[role][layer][head] in [0, 1]; NaN when no query qualifies (e.g. induction on a text with no repeated token). */
  scores: Record<HeadRole, number[][]>;
  /** What uniform causal attention (1/(i+1) on each key) scores on the same queries: the chance level. */
  chance: Record<HeadRole, number>;
  /** How many queries each role's mean is over (all runs together). */
  queries: Record<HeadRole, number>;
  /** names[layer][head]: the role with the highest score if it is ≥ threshold, else null. */
  names: (HeadRole | null)[][];
  threshold: number;
}

/** headRoles' result: the scores and the sequences they were measured on. */
export interface HeadRoles extends HeadRoleScores {
  probe: {
    /** 'repeated': random tokens repeated (the default); 'text' or 'ids': the caller's sequence. */
    kind: 'repeated' | 'text' | 'ids';
    ids: number[][];
    /** n of [bos, r1..rn, r1..rn] ('repeated'), else null. */
    segmentLength: number | null;
    bos: number | null;
  };
}

export interface HeadRolesOptions {
  /** Measure on this text (encoded by the model, BOS included) instead of the repeated-token probe. */
  text?: string;
  /** Measure on these ids (one sequence, or a list of them) instead. */
  ids?: TokenIds | TokenIds[];
  /**
   * Repeated-token probe: the ids to draw from. Default: for run.c-style
   * vocabularies every id but <unk> <s> </s> (0..2) and, when at least 16
   * others remain, the byte tokens 3..258; without a tokenizer every id but `bos`.
   */
  tokens?: TokenIds;
  /** First token of each probe sequence; null for none. Default 1 (<s>), null for a model without a tokenizer. */
  bos?: number | null;
  /** n, at least 3 (default min(50, distinct tokens, what the context holds)). */
  segmentLength?: number;
  /** Probe sequences, pooled (default 4). */
  samples?: number;
  /** Seed of the draw (default 0: the same probe every time). */
  seed?: number;
  /** Naming threshold (default DEFAULT_ROLE_THRESHOLD). */
  threshold?: number;
  /** Called after each sequence has run: done of total. */
  onProgress?: (progress: { done: number; total: number }) => void;
  /** Aborting rejects with AttnscopeError 'headRoles: cancelled' before the next sequence. */
  signal?: AbortSignal;
}

/**
 * Measures what every head of a model does: runs it (forward with
 * returnAttention) on a probe and scores each head for the four HeadRoles.
 * The default probe is Olsson et al.'s: `samples` sequences
 * [bos, r1..rn, r1..rn] of random tokens r, distinct within the segment, so
 * each query of the second copy has one earlier copy and its induction
 * target is i−n+1. Works with a Model (in this thread) and a ModelWorker;
 * the same options give the same numbers in Node and in browsers.
 * @example
 * const model = await attn.Model.default('chars');
 * const roles = await attn.headRoles(model);
 * roles.scores.induction[1][3];        // layer 1, head 3
 * roles.names;                          // [['sink', 'previousToken', ...], ...]
 * const mine = await attn.headRoles(model, { text: 'Mr. Darcy bowed. Mr. Darcy' });
 */
export declare function headRoles(model: Model | ModelWorker, options?: HeadRolesOptions): Promise<HeadRoles>;

/**
 * The role scores of every head from attention you already have: one run
 * or several (pooled over all their queries). Pure JavaScript, no ready().
 * @example
 * const ids = model.encode('the cat sat. the cat');
 * const { attention } = model.forward(ids, { returnAttention: true });
 * attn.headRoleScores({ attention, ids }).scores.previousToken;
 */
export declare function headRoleScores(runs: AttentionRun | AttentionRun[], options?: { threshold?: number }): HeadRoleScores;

/**
 * The repeated-random-token probe: `samples` sequences [bos?, r1..rn, r1..rn],
 * r drawn without replacement from `tokens` with a seeded generator (the same
 * options give the same ids everywhere). Pure JavaScript.
 * @example attn.headRoleProbe({ tokens: [3, 4, 5, 6, 7], bos: 1, segmentLength: 4, samples: 1 }) // [[1, a, b, c, d, a, b, c, d]]
 */
export declare function headRoleProbe(options: { tokens: TokenIds; bos?: number | null; segmentLength?: number; samples?: number; seed?: number }): number[][];
