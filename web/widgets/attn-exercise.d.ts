// Types of <attn-exercise> (attn-exercise.js); index.d.ts re-exports them.

/** Detail of `<attn-exercise>`'s `check` and `solved` events. */
export interface ExerciseCheckDetail {
  /** The exercise id. */
  id: string;
  /** The progress key: the id, or "pack/id" for an author's pack. */
  key: string;
  correct: boolean;
  /** 'correct', 'mistake', 'mismatch', 'shape', 'nonfinite', 'parse', 'empty', 'choice', 'error', 'value', 'compile', 'missing-entry', 'timeout' or 'unavailable'. */
  reason: string;
  /** The id of the declared common mistake the answer matches, or null. */
  mistake: string | null;
  /** Checked attempts so far (empty or unreadable answers do not count). */
  attempts: number;
}

/**
 * `<attn-exercise>`: one exercise checked in the page against the attnscope
 * core, with feedback that names the failing entry, shape mistakes and
 * declared common mistakes, progressive hints, and an explanation once solved.
 *
 * ```html
 * <attn-exercise exercise="rope-relative"></attn-exercise>
 * <attn-exercise src="./my-pack.json#my-id"></attn-exercise>
 * ```
 *
 * Attributes: `exercise` (a built-in id) or `src` (a pack URL + `#id`; `.json`
 * or an ES module), `seed` (inputs' seed; default the exercise's), `variant`
 * (which set of numbers to start from; 0, the default, is the lecture's), `lang`.
 * Code answers run in a sandboxed iframe + worker (see docs/EXERCISES.md for
 * the CSP it needs); progress is kept in localStorage per exercise.
 *
 * Events: `ready` {id, key}; `check` ({@link ExerciseCheckDetail}) after each
 * check; `solved` the first time it is solved; `error` {message} when the
 * exercise cannot be loaded.
 */
export declare class AttnExercise extends HTMLElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnExercise;
  static readonly observedAttributes: string[];
  /** The loaded exercise definition (see 'attnscope/exercises'), or null. */
  readonly definition: object | null;
  /** The inputs and expected values answers are compared with (for tools and tests). */
  readonly prepared: object | null;
  /** The last check's result, or null. */
  readonly result: { correct: boolean; reason: string; mistake?: string } | null;
  /** The learner's stored progress for this exercise, or null before loading. */
  readonly progress: { attempts: number; solved: boolean; revealed: boolean; hints: number } | null;
  /** The answer as entered: text (number, vector, matrix, code) or the chosen option's index. */
  answer: string | number | null;
  /** Checks the current answer (as the Check button does). */
  check(): Promise<{ correct: boolean; reason: string; mistake?: string } | null>;
  /** Forgets this exercise's stored progress. */
  resetProgress(): void;
}

declare global {
  interface HTMLElementTagNameMap {
    'attn-exercise': AttnExercise;
  }
}
