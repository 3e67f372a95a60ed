// Types of 'attnscope/exercises': the exercise schema and the engine that
// checks answers (in Node or a page). docs/EXERCISES.md explains each field.
import type * as Attn from '../lib/index.js';

/** The attnscope module, as references receive it. */
export type AttnModule = typeof Attn;

/** Text in both languages: Markdown with TeX maths in $…$ / $$…$$ and {{input}} placeholders. */
export interface Text { ja: string; en: string; }

export type Kind = 'number' | 'vector' | 'matrix' | 'choice' | 'code';
export declare const KINDS: Kind[];

/** Anything an answer, reference or mistake may be: a number, nested arrays, a typed array or a tensor. */
export type AnswerValue = number | number[] | number[][] | number[][][] | ArrayLike<number> | { data: ArrayLike<number>; shape: number[] };

/** What inputs(rng, ctx) receives besides the generator. */
export interface InputContext {
  attn: AttnModule;
  /** 0 for the exercise as a lecture shows it; 1, 2, … after "Other numbers". */
  variant: number;
  /** Which generated case (code exercises); 0 otherwise. */
  caseIndex: number;
}

/** A seeded generator (mulberry32). */
export interface Rng {
  readonly seed: number;
  /** Uniform in [0, 1). */
  next(): number;
  uniform(min?: number, max?: number): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  normal(mean?: number, std?: number): number;
  pick<T>(list: readonly T[]): T;
  shuffle<T>(list: readonly T[]): T[];
  /** One sample rounded to opts.round decimals (default 2; null = full precision). */
  sample(opts?: SampleOptions): number;
  vector(n: number, opts?: SampleOptions): number[];
  matrix(rows: number, cols: number, opts?: SampleOptions): number[][];
}
export interface SampleOptions { dist?: 'normal' | 'uniform'; min?: number; max?: number; mean?: number; std?: number; round?: number | null; }

export type Inputs = Record<string, any>;

export interface Mistake {
  /** kebab-case id, reported in results and events. */
  id: string;
  /** Short name of the mistake, shown as "this looks like a common mistake: <label>". */
  label: Text;
  /** Why it is wrong, shown under the label. */
  explain?: Text;
  /** What the mistaken method gives (typed and code kinds). */
  compute?: (attn: AttnModule, inputs: Inputs) => AnswerValue;
  /** The wrong option's index (choice kind). */
  choice?: number;
}

/** One exercise in the JS form (a JSON pack compiles to this). */
export interface Exercise {
  id: string;
  kind: Kind;
  /** Free grouping, e.g. 'rope'. */
  topic?: string;
  title: Text;
  prompt: Text;
  /** Default seed (1). The element's seed attribute overrides it. */
  seed?: number;
  /** Fixed inputs, or a seeded generator of them. */
  inputs?: Inputs | ((rng: Rng, ctx: InputContext) => Inputs);
  /** Whether "Other numbers" is offered (default: inputs is a function). */
  random?: boolean;
  /** The expected answer, computed with attnscope; for choice, the right index (or a function giving it). */
  reference: ((attn: AttnModule, inputs: Inputs) => AnswerValue) | number;
  /** |got − want| ≤ abs + rel·|want| per entry. Defaults: typed {abs: 0.01, rel: 0.01}, code {abs: 1e-4, rel: 1e-4}. */
  /** |got − want| ≤ abs + rel·|want| per entry; an array gives one tolerance per entry (row-major, the last repeats). */
  tolerance?: { abs?: number | number[]; rel?: number | number[] };
  /** The options (choice kind). */
  choices?: Text[];
  mistakes?: Mistake[];
  /** Shown one at a time. */
  hints: Text[];
  /** Shown once solved (or revealed); {{answer}} is the expected value. */
  explanation: Text;
  answer?: { digits?: number; placeholder?: Text };
  code?: {
    /** The function the learner defines and the checker calls. */
    entry: string;
    /** Input names passed as arguments, in order (matrices arrive as arrays of rows). */
    args: string[];
    /** Generated cases (default 4). */
    cases?: number;
    starter: string | Text;
    /** A correct solution in plain JavaScript (tests run it; "Show the answer" shows it). */
    solution: string;
  };
}

export interface Prepared {
  exercise: Exercise;
  seed: number;
  variant: number;
  tolerance: { abs: number | number[]; rel: number | number[] };
  inputs: Inputs;
  expected?: { data: number[]; shape: number[] };
  mistakes?: { id: string; value: { data: number[]; shape: number[] } }[];
  answer?: number;
  cases?: { inputs: Inputs; args: unknown[]; expected: { data: number[]; shape: number[] }; mistakes: { id: string; value: { data: number[]; shape: number[] } }[] }[];
}

export interface CheckResult {
  correct: boolean;
  /** 'correct', 'mistake', 'mismatch', 'shape', 'nonfinite', 'parse', 'empty', 'choice', 'error', 'value', 'compile', 'missing-entry', 'timeout', 'unavailable'. */
  reason: string;
  /** false for submissions that are not attempts (empty, unreadable, sandbox unavailable). */
  counts: boolean;
  mistake?: string;
  caseIndex?: number;
  passed?: number;
  total?: number;
  comparison?: object;
  error?: string;
  line?: number;
}

/** {code, entry, cases} → what the sandbox reports. */
export type Runner = (job: { code: string; entry: string; cases: unknown[][] }) => Promise<{ status: string; results?: ({ value: unknown } | { error: string; line?: number })[]; error?: string }>;

export declare class ExerciseError extends Error { problems: string[]; }
export declare function exerciseProblems(exercise: unknown): string[];
export declare function validateExercise(exercise: Exercise): Exercise;
export declare function validatePack(exercises: Exercise[], name?: string): Exercise[];

export declare function mulberry32(seed: number): () => number;
export declare function deriveSeed(...parts: number[]): number;
export declare function makeRng(seed: number): Rng;
export declare function round(x: number, decimals?: number | null): number;

export declare function toValue(x: AnswerValue): { data: number[]; shape: number[] };
export declare function toNested(x: AnswerValue): number | number[] | number[][];
export declare function tensorOf(nested: AnswerValue): { data: Float32Array; shape: number[] };
export declare function formatNumber(x: number, digits?: number): string;
export declare function formatValue(x: AnswerValue, digits?: number): string;
export declare function texValue(x: AnswerValue, digits?: number): string;
export declare function parseNumber(text: string): { value: number } | { error: { key: string; params: object } };
export declare function parseTensor(text: string): { value: number | number[] | number[][] } | { error: { key: string; params: object } };

export declare const DEFAULT_TOLERANCE: { typed: { abs: number; rel: number }; code: { abs: number; rel: number } };
export declare function closeEnough(got: number, want: number, tolerance: { abs: number; rel: number }): boolean;
export declare function compareValues(got: { data: number[]; shape: number[] }, want: { data: number[]; shape: number[] }, tolerance: { abs: number | number[]; rel: number | number[] }): { equal: boolean; reason?: string; [key: string]: unknown };

/** Draws the inputs for (seed, variant) and computes the expected value and every mistake's value with attnscope. */
export declare function prepare(exercise: Exercise, attn: AttnModule, options?: { seed?: number; variant?: number }): Prepared;
export declare function checkTyped(prepared: Prepared, text: string): CheckResult;
export declare function checkValue(prepared: Prepared, value: AnswerValue): CheckResult;
export declare function checkChoice(prepared: Prepared, index: number | null): CheckResult;
export declare function checkCode(prepared: Prepared, code: string, runner: Runner): Promise<CheckResult>;
export declare function checkCodeRun(prepared: Prepared, run: Awaited<ReturnType<Runner>>): CheckResult;
export declare function revealAnswer(prepared: Prepared): string | number;
export declare function toleranceOf(exercise: Exercise): { abs: number | number[]; rel: number | number[] };
export declare function isRandom(exercise: Exercise): boolean;

/** Feedback words: title and lines are Markdown; inputs (code) is plain text. */
export declare function describeResult(result: CheckResult, prepared: Prepared, lang?: 'ja' | 'en'): { tone: 'good' | 'bad' | 'info'; title: string; lines: string[]; inputs?: string; inputsTitle?: string };
export declare function formatInputs(args: unknown[], names: string[]): string;
export declare function say(key: string, params?: Record<string, unknown>, lang?: 'ja' | 'en'): string;

export declare function renderMarkdown(text: string, options?: { tex?: (source: string, display: boolean) => string | null }): string;
export declare function fillPlaceholders(text: string, inputs?: Inputs): string;
export declare function escapeHtml(text: string): string;

export interface ProgressStore {
  get(key: string): { attempts: number; solved: boolean; revealed: boolean; hints: number };
  record(key: string, result: { correct: boolean }): { attempts: number; solved: boolean; revealed: boolean; hints: number };
  update(key: string, patch: Partial<{ solved: boolean; revealed: boolean; hints: number }>): object;
  reset(key: string): void;
  resetAll(): void;
  all(): Record<string, { attempts: number; solved: boolean; revealed: boolean; hints: number }>;
}
export declare function createProgressStore(storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>): ProgressStore;

export declare function compileJsonPack(json: unknown, name?: string): { pack: string; exercises: Exercise[] };
export declare function compileJsonExercise(json: unknown, where?: string): Exercise;
export declare function evaluateSpec(spec: unknown, env: { attn: AttnModule; inputs: Inputs }): unknown;

export declare const BUILTIN_PACK: 'attnscope';
export declare function loadBuiltinPack(): Promise<{ pack: string; exercises: Exercise[] }>;
export declare function loadExercise(where: { id?: string; src?: string; base?: string }): Promise<{ exercise: Exercise; pack: string; key: string }>;
