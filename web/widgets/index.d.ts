// Types of 'attnscope/widgets'. Importing the module registers the elements
// <attn-heatmap>, <attn-matrix-input>, <attn-lang-switch>, <attn-tensor-view>,
// <attn-stepper>, <attn-block-explorer>, <attn-mask-grid>, <attn-bias-map>,
// <attn-exercise> and <attn-tiny-gpt>.
import type {
  Tensor, BoolTensor, BlockParams, BlockConfig, BlockIntermediates, ModelConfig, ModelWorker, GeneratedToken, GenerateResult,
} from '../lib/index.js';
import type { TrainerWorker, TrainProgress, TrainResult, TrainSample, TrainSnapshot, Vocabulary } from '../lib/index.js';

/** A row-major matrix, as the attnscope core uses. */
export interface Matrix {
  data: Float32Array;
  /** [rows, cols] */
  shape: number[];
}

/** Anything a matrix property accepts: a 2-D tensor or a 2-D array of numbers. */
export type MatrixLike = Matrix | number[][];

/** The UI languages. */
export type Lang = 'ja' | 'en';

/** Detail of `cell-hover`: the cell under the pointer, or null when it leaves. */
export interface CellHoverDetail {
  row: number;
  /** The key column, or null when the row-sum cell is hovered. */
  col: number | null;
  /** true when the row-sum cell is hovered. */
  sum: boolean;
  /** The value shown (a float32). */
  value: number;
}

/**
 * `<attn-heatmap>`: a matrix drawn as a heatmap, with labels, the exact value
 * of a cell in a tooltip on hover (or arrow keys when focused), an optional
 * row-sum column and a colour legend. Every cell carries its exact value in
 * `data-value` (the shortest decimal that reads back as the same float32).
 *
 * With the `data` property it draws that matrix. Otherwise it computes one
 * head's attention weights softmax(s(Q, K)) with the wasm core, from the
 * `q`/`k` properties, else the `q`/`k` JSON attributes, else seeded random
 * Q and K (standard normal, rounded to 2 decimals):
 *
 * ```html
 * <attn-heatmap tokens="the cat sat on the mat" seed="7" d="8" causal row-sums></attn-heatmap>
 * <attn-heatmap q="[[1,0],[0,1],[1,1]]" kind="cosine" temperature="0.5"></attn-heatmap>
 * ```
 *
 * Attributes (boolean ones are on when present, unless set to "false"):
 * - `tokens`: row labels separated by spaces; without q/k it also sets N;
 * - `col-tokens`: column labels (keys) when they differ from the rows;
 * - `n` (default 6), `d` (default 8): sizes of random Q and K;
 * - `seed` (default 1): the random seed (unsigned 32-bit integer);
 * - `q`, `k`: JSON 2-D arrays `[[...], ...]`; only `q` given means K = Q;
 * - `causal`: query i sees keys j ≤ i (aligned to the end when Nq < Nk);
 *   masked cells are hatched;
 * - `kind`: 'dot' (default) or 'cosine';
 * - `scale`: the dot-product scale (default 1/√d; "1" for unscaled);
 * - `temperature`: divides the scores (default 1);
 * - `row-sums`: adds a column with each row's sum (computed by the core);
 * - `show-values`: prints values in the cells (default: when cells are big enough; "false" hides);
 * - `max`: the value of the darkest colour (default: the largest value);
 * - `cell-size`: cell edge in CSS pixels (default from the matrix size);
 * - `caption`, `row-title`, `col-title`: texts;
 * - `lang`: 'ja' or 'en' to fix this element's language (default: the page's choice).
 *
 * Events: `change` (detail {weights, rowSums}) after every redraw;
 * `cell-hover` (detail {@link CellHoverDetail} or null); `error` (detail {message})
 * when the inputs cannot be drawn (the element then shows the message).
 */
export declare class AttnHeatmap extends HTMLElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnHeatmap;
  static readonly observedAttributes: string[];
  /** A matrix to draw as given (a 2-D tensor or array); null returns to computing attention. Throws on a malformed matrix. */
  get data(): Matrix | null;
  set data(value: MatrixLike | null);
  /** Queries [Nq, D] (a 2-D tensor or array); overrides the q attribute and the seed. */
  get q(): Matrix | null;
  set q(value: MatrixLike | null);
  /** Keys [Nk, D] (a 2-D tensor or array); overrides the k attribute and the seed. */
  get k(): Matrix | null;
  set k(value: MatrixLike | null);
  /** Row labels; overrides the tokens attribute. */
  tokens: string[] | null;
  /** Column labels; default the row labels. */
  colTokens: string[] | null;
  /** The matrix drawn, or null before the first render or after an error. */
  readonly weights: Matrix | null;
  /** The row sums drawn (when `row-sums` is on), else null. */
  readonly rowSums: Float32Array | null;
  /** The value of cell (row i, column j) as drawn; throws RangeError outside the matrix. */
  valueAt(i: number, j: number): number;
  /** Shows cell (i, j)'s tooltip, as hovering it does. */
  showTooltip(i: number, j: number): void;
  hideTooltip(): void;
  /** The tooltip's text, or '' when it is hidden. */
  readonly tooltipText: string;
  /** Recomputes and redraws now (changes otherwise redraw at the end of the current task). */
  render(): void;
}

/**
 * `<attn-matrix-input label="Q" rows="8" cols="16">`: a text box for a
 * matrix, one row per line, numbers separated by spaces or commas. While the
 * text parses to `rows` × `cols` (either optional) it fires `change` with
 * detail {value}; otherwise it shows what is wrong and keeps the last value.
 * Attributes: `label` (the box's name; default "Matrix"), `rows`, `cols`,
 * `lang` ('ja' or 'en').
 */
export declare class AttnMatrixInput extends HTMLElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnMatrixInput;
  /** The last valid matrix, or null. Setting it rewrites the text and fires no event. */
  value: Matrix | null;
  /** The text as typed; setting it parses it (and fires `change` when valid). */
  text: string;
  /** Whether the current text is a valid matrix of the expected shape. */
  readonly valid: boolean;
}

/**
 * `<attn-lang-switch>`: a 日本語 | English toggle. Switches every attnscope
 * widget on the page and fires `change` with detail {lang}.
 */
export declare class AttnLangSwitch extends HTMLElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnLangSwitch;
  /** The current language; setting it switches the page. */
  value: Lang;
}

/**
 * `<attn-tensor-view>`: a 2-D tensor [R, C] as one heatmap, or a 3-D tensor
 * [H, R, C] as H heatmaps side by side (one per head) on one shared colour
 * scale. Cells where `maskFrom` (or the data) holds -Infinity are hatched.
 * Every cell carries its exact value in `data-value`. It computes nothing.
 *
 * Attributes: `caption`, `head-label` (default 'head {h}'), `row-title`,
 * `col-title`, `cell-size` (default: fit the width), `lang`.
 * Events: `change` (detail {data}) after every redraw; `cell-hover`
 * (detail {head, row, col, value} or null).
 */
export declare class AttnTensorView extends HTMLElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnTensorView;
  /** The tensor drawn, [R, C] or [H, R, C]; throws on other ranks. */
  data: Tensor | null;
  /** Same shape as `data`; its -Infinity cells are drawn as masked (e.g. the masked scores). */
  maskFrom: Tensor | null;
  /** Row labels (length R); default 0 … R−1. */
  tokens: string[] | null;
  /** Column labels (length C); default 0 … C−1. */
  colTokens: string[] | null;
  /** One title per head; default `head-label` with {h} filled in. */
  headLabels: string[] | null;
  /** The value drawn at (head, row, col), or (row, col) for 2-D data. */
  valueAt(h: number, i: number, j: number): number;
  valueAt(i: number, j: number): number;
  /** Redraws now (changes otherwise redraw at the end of the current task). */
  render(): void;
}

/** One step of an `<attn-stepper>`. */
export interface Step {
  id: string;
  /** The button's text; 'W_O' and 'O_{H−1}' become subscripts. */
  label: string;
  /** A tooltip (e.g. the full name). */
  title?: string;
  /** Steps of one group sit together; `groupLabel` is shown before the group's first step. */
  group?: string;
  groupLabel?: string | null;
}

/**
 * `<attn-stepper>`: numbered step buttons with one current step. Clicking a
 * step (or ← → Home End when one has focus) fires `change` with detail {index, id}.
 */
export declare class AttnStepper extends HTMLElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnStepper;
  steps: Step[];
  /** The current step; setting it fires no event. */
  index: number;
}

/** The stages of `<attn-block-explorer>`, in order (pre-LN has all; post-LN has no normed1, normed2). */
export type BlockStage =
  | 'input' | 'normed1' | 'qkv' | 'rawScores' | 'scaledScores' | 'maskedScores' | 'weights'
  | 'headOutputs' | 'attention' | 'residual1' | 'normed2' | 'ffnHidden' | 'ffn' | 'output';

/**
 * `<attn-block-explorer>`: one Transformer block, stage by stage. The words
 * of `tokens` get seeded N(0, 1) embeddings (the same word, the same row),
 * the block seeded weights N(0, 1/fan-in) (no biases, F = 4·C, norms at
 * weight 1, bias 0), and the core's
 * `transformerBlock(x, params, {...config, returnIntermediates: true})`
 * computes every tensor shown. A stepper moves through the stages; each shows
 * its formula, shape and heatmaps (per head where there are heads).
 *
 * ```html
 * <attn-block-explorer tokens="the cat sat on the mat" heads="4" kv-heads="2"
 *   norm="rmsnorm" activation="swiglu" causal rope stage="weights"></attn-block-explorer>
 * ```
 *
 * Attributes: `tokens` (words separated by spaces); `d-model` (C, default 16);
 * `heads` (default 2); `kv-heads` (default `heads`; fewer is GQA, 1 is MQA);
 * `seed` (default 1); `norm-position` ('pre' default, or 'post');
 * `norm` ('layernorm' default, or 'rmsnorm'); `activation` ('gelu' default,
 * 'gelu_tanh', 'relu', 'relu2', 'swiglu'); `causal`; `rope` (RoPE, base
 * 10000, 'half' layout); `stage` (a {@link BlockStage}); `lang`.
 * Attention and block variants (each passed to the config only when set):
 * `kind` ('dot' default, or 'cosine': q̂·k̂ / temperature, no 1/√D);
 * `temperature` (divides the scores, default 1); `qk-norm` ('none' default,
 * 'rms', 'l2'); `alibi` (subtract m_h·|i − j|); `window` (w ≥ 1: query i sees
 * keys with |i − j| < w; 0 or absent, none); `normalized` (nGPT: unit rows,
 * no norms, α = 0.05 per channel, the embeddings L2-normalised first).
 *
 * Defining it also defines `<attn-tensor-view>` and `<attn-stepper>` (it uses them).
 * Events: `change` (detail {result}) after every computation; `stage-change`
 * (detail {stage, index}) when the reader moves; `error` (detail {message})
 * when the settings cannot be computed (the element then shows the message).
 */
export declare class AttnBlockExplorer extends HTMLElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnBlockExplorer;
  /** The embeddings x [T, C] that went in. */
  readonly input: Tensor | null;
  /** The block's parameters as passed to transformerBlock. */
  readonly params: BlockParams | null;
  /** The config passed to transformerBlock, without returnIntermediates. */
  readonly config: BlockConfig | null;
  /** transformerBlock's result, or null before the first computation or after an error. */
  readonly result: { output: Tensor; intermediates: BlockIntermediates } | null;
  /** The stages of the current settings, in order. */
  readonly stages: BlockStage[];
  /** The stage shown; setting it shows that stage. */
  stage: BlockStage | null;
  /** Recomputes and redraws now (changes otherwise redraw at the end of the current task). */
  render(): void;
}

/** The mask patterns of `<attn-mask-grid>`. */
export type MaskPattern = 'causal' | 'sliding' | 'strided' | 'global' | 'longformer' | 'bigbird';

/**
 * `<attn-mask-grid>`: one attention mask built by the core's mask builders,
 * drawn as a grid (filled: may attend; white, hatched: masked) with each
 * query's key count (computed by the core) and the total.
 *
 * ```html
 * <attn-mask-grid pattern="bigbird" n="16" window="3" globals="0" random="2" seed="7"></attn-mask-grid>
 * ```
 *
 * Attributes: `pattern` ({@link MaskPattern}, default 'causal'; 'longformer' is
 * combineMasks(sliding, global)); `n` (default 12); `window` (default 3);
 * `stride` (default 4); `globals` (token indices, default "0"); `random`
 * (random keys per row, default 2); `seed` (default 1); `causal` (for
 * sliding, global, longformer); `caption` (replaces the title); `cell-size`; `lang`.
 * Events: `change` (detail {matrix}), `cell-hover` (detail {row, col, value} or null), `error` (detail {message}).
 */
export declare class AttnMaskGrid extends HTMLElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnMaskGrid;
  /** The mask as the core returned it ({data: Uint8Array, shape: [n, n]}, 1 = may attend). */
  readonly mask: BoolTensor | null;
  /** The mask as drawn, 0/1 floats. */
  readonly matrix: Tensor | null;
  valueAt(i: number, j: number): number;
  showTooltip(i: number, j: number): void;
  readonly tooltipText: string;
  render(): void;
}

/** The matrices of `<attn-bias-map>`. */
export type BiasKind = 'alibi' | 't5' | 't5-buckets';

/**
 * `<attn-bias-map>`: one head's additive position bias [n, n] from the core:
 * ALiBi (alibiBias: −slope_h · |i − j|), the T5 relative bias
 * (t5RelativeBias: table[bucket(j − i), h]) or T5's bucket index itself
 * (t5RelativePositionBucket, the same for every head).
 *
 * ```html
 * <attn-bias-map kind="alibi" heads="8" head="2" n="12"></attn-bias-map>
 * ```
 *
 * Attributes: `kind` ({@link BiasKind}, default 'alibi'); `n` (default 12);
 * `heads` (default 8); `head` (default 0); `bidirectional` (T5, default
 * true; "false" for the causal buckets); `buckets` (default 32);
 * `max-distance` (default 128); `seed` (the default T5 table); `caption`;
 * `cell-size`; `lang`. Events as `<attn-mask-grid>`.
 */
export declare class AttnBiasMap extends HTMLElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnBiasMap;
  /** The T5 table [buckets, heads]; default seeded N(0, 1) numbers rounded to 2 decimals. */
  table: Tensor;
  /** Every head's bias [heads, n, n] as the core returned it ([n, n] Int32Array data for 't5-buckets'). */
  readonly biases: Tensor | { data: Int32Array; shape: number[] } | null;
  /** The head's matrix as drawn. */
  readonly matrix: Tensor | null;
  valueAt(i: number, j: number): number;
  showTooltip(i: number, j: number): void;
  readonly tooltipText: string;
  render(): void;
}

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

/** What <attn-tiny-gpt>'s inspector shows for one generated token. */
export interface TinyGptInspection {
  /** Which generated token (0 = the first). */
  index: number;
  /** Its position in prompt + generated ids; the query that predicted it is position - 1. */
  position: number;
  /** Its id. */
  chosen: number;
  /** The 10 most probable next tokens at that step, softmax(logits) at temperature 1. */
  top: { id: number; p: number }[];
  /** forward(context, {returnAttention}).attention: [layers, heads, T, T], T = position. */
  attention: Tensor;
  /** Display labels of the context tokens. */
  labels: string[];
}

/** The controls of <attn-tiny-gpt> (generate options plus the model and prompt). */
export interface TinyGptSettings {
  model: 'chars-q8' | 'chars' | 'sort' | 'file';
  prompt: string;
  temperature: number;
  topK: number;
  topP: number;
  seed: number;
  maxNewTokens: number;
}

/**
 * `<attn-tiny-gpt>`: a tiny language model generating text in the page. The
 * model runs in a module Web Worker (ModelWorker), so the page stays
 * responsive; tokens stream with a live tok/s and a Stop button. Click a
 * generated token to see that step's top-10 next-token probabilities and the
 * attention of every layer and head (heatmaps). The reader can pick a shipped
 * model or load a llama2.c checkpoint + tokenizer.bin from disk (file inputs
 * or drag and drop; read locally, never uploaded).
 *
 * Attributes: `model` ('chars-q8' default: the character model with Q8_0
 * weights, a quarter of the bytes; 'chars' the same model in float32; 'sort';
 * or 'file'); `prompt`,
 * `temperature`, `top-k`, `top-p`, `seed`, `max-new-tokens` (initial control
 * values; defaults depend on the model); `lang`. Defining it also defines
 * `<attn-heatmap>`.
 * Events: `model-load` (detail: ModelConfig), `generate-end` (detail:
 * GenerateResult), `inspect` (detail: TinyGptInspection), `settings-change`
 * (detail: TinyGptSettings, when the reader changes the model or a control),
 * `error` (detail {message}; the message is also shown in the element).
 * @example <attn-tiny-gpt model="sort" lang="ja"></attn-tiny-gpt>
 */
export declare class AttnTinyGpt extends HTMLElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnTinyGpt;
  /** The worker running the model (null while loading or without a model). */
  readonly worker: ModelWorker | null;
  readonly config: ModelConfig | null;
  readonly generating: boolean;
  /** Tokens of the last generation. */
  readonly tokens: GeneratedToken[];
  /** Prompt ids followed by the generated ids of the last generation. */
  readonly ids: number[];
  readonly result: GenerateResult | null;
  /** Resolves when the current model has loaded (rejects if loading failed). */
  readonly loaded: Promise<void>;
  readonly inspected: TinyGptInspection | null;
  /** What the controls hold; setting any subset switches the model if `model` differs, then fills the controls. */
  get settings(): TinyGptSettings;
  set settings(s: Partial<TinyGptSettings>);
  /** Generates from the prompt field with the controls' settings (null after an error, which is shown). */
  generate(): Promise<GenerateResult | null>;
  /** Stops a running generation (stopReason 'cancelled'). */
  stop(): void;
  /** Loads a checkpoint (llama2.c or AGPT) and its tokenizer.bin: Files are read here with a progress bar. */
  loadFiles(checkpoint: Blob | ArrayBuffer | Uint8Array, tokenizer?: Blob | ArrayBuffer | Uint8Array | null,
    options?: { tokenizerKind?: 'bpe' | 'char'; quantize?: boolean }): Promise<void>;
  /** Shows generated token `index` in the inspector. */
  inspect(index: number): Promise<TinyGptInspection | null>;
}

/**
 * `<attn-train>`: a tiny llama-shaped model learns a text in the page
 * (attn.TrainerWorker in a module Web Worker). The text is the shipped
 * Austen novel or any pasted UTF-8 text, as characters or UTF-8 bytes
 * (attn.buildVocabulary); the last tenth is held out. While it trains: the
 * training and held-out loss curves, tokens/s, time left, a sample (temperature 0.8, the run's seed each time)
 * every `sample-every` steps and one head's attention on the last sample.
 * Pause, resume, reset, download the checkpoint (llama2.c format) and its
 * tokenizer.bin, and (with `models-href`) open the model in the Tiny models
 * page.
 *
 * ```html
 * <attn-train preset="tiny" steps="600" seed="1" models-href="models.html"></attn-train>
 * ```
 *
 * Attributes: `text` ('austen' | 'own'), `level` ('char' | 'byte'),
 * `preset` ('tiny' | 'small' | 'medium'), `steps`, `seed`, `prompt`,
 * `sample-every`, `eval-every`, `models-href`, `lang`.
 * Events: `progress` (detail: TrainProgress), `sample` (TrainSample),
 * `train-end` (TrainResult), `error` ({ message }).
 */
export declare class AttnTrain extends HTMLElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnTrain;
  readonly state: 'idle' | 'loading' | 'running' | 'paused' | 'done' | 'cancelled' | 'failed';
  /** Every progress event of the current run, as the worker sent it. */
  readonly progress: TrainProgress[];
  /** The points the plot draws: { train: [[step, loss]], heldOut: [[step, loss]] }. */
  readonly series: { train: [number, number][]; heldOut: [number, number][] };
  readonly samples: TrainSample[];
  readonly vocabulary: Vocabulary | null;
  readonly worker: TrainerWorker | null;
  /** The head shown: { layer, head, tokens, weights [T, T] }, or null. */
  readonly attention: { layer: number; head: number; tokens: string[]; weights: Matrix } | null;
  /** Trains a fresh model with the controls' settings (null after an error, which is shown). */
  train(): Promise<TrainResult | null>;
  pause(): Promise<unknown> | null;
  resume(): Promise<unknown> | null;
  /** Ends any run, frees the model, clears the plot and samples. */
  reset(): void;
  /** The weights now (+ the tokenizer kind), or null before a run. */
  snapshot(): Promise<(TrainSnapshot & { tokenizerKind: 'char' | 'bpe' }) | null>;
  /** Saves the checkpoint or the tokenizer.bin as a file. */
  download(what?: 'checkpoint' | 'tokenizer'): Promise<void>;
  /** Stores the model in this browser (IndexedDB) and opens models-href?open=trained. */
  openInModels(): Promise<void>;
}

/** One line of <attn-line-chart>: points [x, y]; dashed, colour and dots optional. */
export interface LineSeries {
  label: string;
  points: Array<[number, number]>;
  dashed?: boolean;
  color?: string;
  /** Draw the points as dots instead of a line. */
  dot?: boolean;
}

/**
 * `<attn-line-chart>`: the experiments' chart — lines on linear or log–log
 * axes with a legend. Tap (or move the pointer) to pick the nearest x; with
 * the plot focused, ← → Home End step through the x values; the values of
 * every series at the picked x are read out below the plot (aria-live).
 * Points that are not finite (or not positive on a log axis) are skipped.
 *
 * Attributes: `log-x`, `log-y` (log10 axes), `x-label`, `y-label`, `y-min`,
 * `y-max` (fix the y range), `aria-label` (the plot's accessible name;
 * default "y-label / x-label"). Data through the `series` property.
 * Events: `pick` (detail {x}).
 * @example <attn-line-chart log-x log-y x-label="parameters N" y-label="loss"></attn-line-chart>
 */
export declare class AttnLineChart extends HTMLElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnLineChart;
  series: LineSeries[];
  /** An x to mark with a vertical rule, or null. */
  marker: number | null;
  /** The picked x, or null. */
  readonly picked: number | null;
}

/**
 * `<attn-scaling-laws>`: the closed-form scaling laws. Chinchilla's
 * L(N, D) = E + A/N^α + B/D^β along iso-FLOP curves (D = C/(6N)), the
 * compute-optimal frontier, a slider for the budget C, and N*, D* and D* ÷ N*
 * from attn.chinchillaOptimum next to the 20-tokens-per-parameter rule;
 * below, Kaplan et al.'s L(N), L(D) or L(C) (radio buttons).
 *
 * Attributes: `flops` (C, default 5.76e23), `lang`. Defining it also defines
 * `<attn-line-chart>`.
 * Events: `change` (detail {flops, law}) when the reader moves the slider or picks a law.
 * @example <attn-scaling-laws flops="1e22" lang="ja"></attn-scaling-laws>
 */
export declare class AttnScalingLaws extends HTMLElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnScalingLaws;
  /** The budget C in FLOPs. */
  flops: number;
  /** The Kaplan law shown. */
  law: 'N' | 'D' | 'C';
}

/**
 * `<attn-emergence>`: a toy of emergence. The per-token loss of an answer is
 * the reducible part of Chinchilla's compute-optimal loss, ℓ(C) = L*(C) − E
 * (smooth); a k-token answer is exactly right with probability e^(−kℓ),
 * which stays near 0 for decades of C and then climbs. Shows both curves and
 * the C at 10% and 90% exact match.
 *
 * Attributes: `answer-length` (k, 1–50, default 10), `lang`.
 * Events: `change` (detail {answerLength}) when the reader moves the slider.
 * @example <attn-emergence answer-length="20"></attn-emergence>
 */
export declare class AttnEmergence extends HTMLElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnEmergence;
  answerLength: number;
}

/** The run options <attn-in-context> exposes (see runInContextRegression in attnscope/experiments). */
export interface InContextSettings {
  steps: number;
  contextLength: number;
  dims: number;
  noise: number;
  seed: number;
}

/**
 * `<attn-in-context>`: in-context learning as one step of gradient descent,
 * live. Trains the linear self-attention layer of runInContextRegression in
 * an ExperimentWorker (Run, Pause/Resume, Cancel; progress bar) and draws,
 * as it trains, the layer's error against the number of pairs n next to one
 * GD step and ridge, its distance to the GD construction, and its matrix
 * Γ = w_v[y]·(W_K W_Qᵀ)[x, x] in units of 2η* (a heatmap; the construction
 * is the identity); the committed reference run is drawn beside it, labelled.
 *
 * Attributes: `steps` (100–5000), `context-length` (n, 2–40), `dims` (d,
 * 1–10), `noise` (σ, 0–1), `seed`, `lang`. Defining it also defines
 * `<attn-line-chart>` and `<attn-heatmap>`.
 * Events: `settings-change` (detail InContextSettings), `state-change`
 * (detail {state}), `run-end` (detail {data}), `reference-load`.
 * @example <attn-in-context steps="500" context-length="10"></attn-in-context>
 */
export declare class AttnInContext extends HTMLElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnInContext;
  get settings(): InContextSettings;
  set settings(s: Partial<InContextSettings>);
  readonly state: 'idle' | 'running' | 'paused' | 'done' | 'cancelled' | 'failed';
  /** The live run's data so far (null before a run). */
  readonly data: unknown;
  /** The committed reference run, once loaded. */
  readonly reference: { experiment: string; command: string; options: object; madeOn: object; data: unknown } | null;
  run(): Promise<void>;
  pause(): void;
  resume(): void;
  cancel(): void;
}

/**
 * `<attn-scaling-sweep>`: a live scaling sweep. Trains the five character-level
 * models of runScalingSweep (attnscope/experiments) in an ExperimentWorker
 * (Run, Pause/Resume, Cancel; progress bar) and draws, as each size finishes,
 * held-out loss against non-embedding parameters N and against compute
 * C = 6·N·D on log–log axes with the fitted power laws and their exponents;
 * the committed reference sweep is drawn beside it, labelled.
 *
 * Attributes: `steps` (per size, 25–2000, default 400), `seed`, `lang`.
 * Events: `settings-change` (detail {steps, seed}), `state-change` (detail
 * {state}), `sweep-progress` (detail {step, steps}), `run-end` (detail {data}), `reference-load`.
 * @example <attn-scaling-sweep steps="100"></attn-scaling-sweep>
 */
export declare class AttnScalingSweep extends HTMLElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnScalingSweep;
  get settings(): { steps: number; seed: number };
  set settings(s: Partial<{ steps: number; seed: number }>);
  readonly state: 'idle' | 'running' | 'paused' | 'done' | 'cancelled' | 'failed';
  /** The live sweep so far: { options, step, steps, runs, fitParameters, frontier, fitCompute } (null before a run). */
  readonly data: unknown;
  /** The committed reference sweep, once loaded. */
  readonly reference: { experiment: string; command: string; options: object; madeOn: object; data: unknown } | null;
  run(): Promise<void>;
  pause(): void;
  resume(): void;
  cancel(): void;
}

/**
 * `<attn-position-extrapolation>`: positions beyond the training length, live.
 * Trains the same tiny model once per position scheme (none, sinusoidal,
 * learned, RoPE, ALiBi; runPositionExtrapolation) on windows of L in an
 * ExperimentWorker (Run, Pause/Resume, Cancel) and draws held-out loss
 * against position up to 4·L, one curve per scheme, with L marked. Learned
 * positions stop at L (their table has L rows) and the element says so; the
 * committed reference run is drawn beside it, labelled.
 *
 * Attributes: `steps` (per scheme, 25–3000, default 300), `train-length`
 * (L, 8–64, a multiple of 4; default 32), `seed`, `lang`.
 * Events: `settings-change` (detail {steps, trainLength, seed}), `state-change`
 * (detail {state}), `run-end` (detail {data}), `reference-load`.
 * @example <attn-position-extrapolation steps="200" train-length="16"></attn-position-extrapolation>
 */
export declare class AttnPositionExtrapolation extends HTMLElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnPositionExtrapolation;
  get settings(): { steps: number; trainLength: number; seed: number };
  set settings(s: Partial<{ steps: number; trainLength: number; seed: number }>);
  readonly state: 'idle' | 'running' | 'paused' | 'done' | 'cancelled' | 'failed';
  /** The live run so far: { options, step, steps, results } (null before a run). */
  readonly data: unknown;
  /** The committed reference run, once loaded. */
  readonly reference: { experiment: string; command: string; options: object; madeOn: object; data: unknown } | null;
  run(): Promise<void>;
  pause(): void;
  resume(): void;
  cancel(): void;
}

/** Uses your own KaTeX (anything with `renderToString`) instead of the packaged copy; null shows TeX as text. */
export declare function setMathRenderer(katex: { renderToString(tex: string, options?: object): string } | null, options?: { css?: string | null }): void;
/** Typesets the text of every element matching `selector` (default '.tex'; add class 'display' for display maths) in `root`. */
export declare function renderTexIn(root: ParentNode, selector?: string): Promise<void>;
/** Where the code sandbox page (exercises/sandbox/frame.html) is served, when not next to the package. */
export declare function setSandboxUrl(url: string): void;

/** The current language: the saved choice, else navigator.language ('ja' or 'en'). */
export declare function lang(): Lang;
/** Switches every widget on the page and remembers the choice (localStorage). */
export declare function setLang(lang: Lang): void;
/** Calls `fn` on each language change; returns the function that stops it. */
export declare function onLangChange(fn: (lang: Lang) => void): () => void;
/** Adds or overrides UI strings (keys such as 'heatmap.keys'); pages add their own. */
export declare function addMessages(lang: Lang, messages: Record<string, string>): void;
/** The string for `key`, with `{name}` placeholders filled from `params`. */
export declare function t(key: string, params?: Record<string, string | number>, lang?: Lang): string;

/**
 * `<attn-grokking>`: grokking, live (runGrokking of 'attnscope/experiments').
 * Trains a one-block Transformer of the core on a ∘ b mod p in a Worker, with
 * Train, Pause/Resume and Cancel, and draws training and validation accuracy
 * and loss against the step (log axis) as they come, then the embedding's
 * Fourier spectrum; the project's reference run is drawn dashed, labelled.
 *
 * ```html
 * <attn-grokking p="31" train-fraction="0.5" weight-decay="1"></attn-grokking>
 * ```
 *
 * Attributes: `p`, `operation` (`add` | `subtract`), `train-fraction`,
 * `weight-decay`, `seed`, `steps` (the run's options), `lang`.
 *
 * Events: `settings-change` (the settings) when the reader edits one,
 * `state-change` {state}, `run-end` {data}, `reference-load`.
 */
export declare class AttnGrokking extends HTMLElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnGrokking;
  static readonly observedAttributes: string[];
  /** The run's options from the attributes. */
  settings: { p: number; operation: 'add' | 'subtract'; trainFraction: number; weightDecay: number; seed: number; steps: number };
  /** 'idle' | 'running' | 'paused' | 'done' | 'cancelled' | 'failed' */
  readonly state: string;
  /** The live run's data so far (GrokkingData of 'attnscope/experiments'), or null. */
  readonly data: object | null;
  /** The committed reference run ({experiment, command, options, madeOn, data}), once loaded. */
  readonly reference: object | null;
  /** Starts a run with the current settings (a run going is cancelled). */
  run(): Promise<void>;
  pause(): void;
  resume(): void;
  cancel(): void;
}

/**
 * `<attn-norm-placement>`: pre-LN against post-LN, live (runNormPlacement of
 * 'attnscope/experiments'). Trains the same deep stack four ways (pre/post-LN,
 * with/without warm-up) in a Worker, with Train, Pause/Resume and Cancel, and
 * draws each layer's gradient norm at a chosen step and the loss curves side
 * by side; the project's reference run is drawn dashed, labelled.
 *
 * ```html
 * <attn-norm-placement layers="8" at-step="0"></attn-norm-placement>
 * ```
 *
 * Attributes: `layers`, `learning-rate`, `warmup-steps`, `steps`, `seed` (the
 * run's options), `at-step` (the recorded step whose norms are drawn; 0 is the
 * initialisation), `lang`.
 *
 * Events: `settings-change`, `state-change` {state}, `run-end` {data},
 * `reference-load`.
 */
export declare class AttnNormPlacement extends HTMLElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnNormPlacement;
  static readonly observedAttributes: string[];
  /** The run's options from the attributes. */
  settings: { layers: number; learningRate: number; warmupSteps: number; steps: number; seed: number };
  /** The recorded step whose gradient norms are drawn. */
  readonly atStep: number;
  /** 'idle' | 'running' | 'paused' | 'done' | 'cancelled' | 'failed' */
  readonly state: string;
  /** The live run's data so far (NormPlacementData of 'attnscope/experiments'), or null. */
  readonly data: object | null;
  /** The committed reference run, once loaded. */
  readonly reference: object | null;
  run(): Promise<void>;
  pause(): void;
  resume(): void;
  cancel(): void;
}

declare global {
  interface HTMLElementTagNameMap {
    'attn-heatmap': AttnHeatmap;
    'attn-matrix-input': AttnMatrixInput;
    'attn-lang-switch': AttnLangSwitch;
    'attn-exercise': AttnExercise;
    'attn-tensor-view': AttnTensorView;
    'attn-stepper': AttnStepper;
    'attn-block-explorer': AttnBlockExplorer;
    'attn-mask-grid': AttnMaskGrid;
    'attn-bias-map': AttnBiasMap;
    'attn-tiny-gpt': AttnTinyGpt;
    'attn-train': AttnTrain;
    'attn-line-chart': AttnLineChart;
    'attn-scaling-laws': AttnScalingLaws;
    'attn-emergence': AttnEmergence;
    'attn-in-context': AttnInContext;
    'attn-scaling-sweep': AttnScalingSweep;
    'attn-position-extrapolation': AttnPositionExtrapolation;
    'attn-rope-dial': AttnRopeDial;
    'attn-sinusoidal': AttnSinusoidal;
    'attn-rope-decay': AttnRopeDecay;
    'attn-flash-tiles': AttnFlashTiles;
    'attn-attention-traffic': AttnAttentionTraffic;
    'attn-kv-cache': AttnKvCache;
    'attn-ssm': AttnSsm;
    'attn-vectors': AttnVectors;
    'attn-matmul-steps': AttnMatmulSteps;
    'attn-permutation': AttnPermutation;
    'attn-sequence-cost': AttnSequenceCost;
    'attn-cross-attention': AttnCrossAttention;
    'attn-kernel-vs-attention': AttnKernelVsAttention;
    'attn-grokking': AttnGrokking;
    'attn-norm-placement': AttnNormPlacement;
  }
}

/**
 * The base of the attnscope elements (attn-element.js), for authors of new
 * ones: it subscribes to the language, coalesces changes into one render()
 * per task, observes the element's width, waits for the core, and releases
 * everything in disconnectedCallback.
 *
 * ```js
 * class AttnDial extends AttnElement {
 *   static tag = 'attn-dial';
 *   static uses = { 'attn-heatmap': AttnHeatmap };  // defined in the same registry
 *   static needsCore = true;
 *   static observesSize = true;
 *   static get observedAttributes() { return ['angle', 'lang']; }
 *   render() { const a = numberAttr(this, 'angle', 0); ... this.emit('change', { angle: a }); }
 * }
 * AttnDial.define();
 * ```
 */
export declare class AttnElement extends HTMLElement {
  /** The default tag name of define(). */
  static tag: string;
  /** Child elements created by this element, by default tag name; define() registers them in the same registry. */
  static uses: Record<string, { define(name?: string, registry?: CustomElementRegistry): unknown }>;
  /** true: resized(width) is called when the element's content width changes. */
  static observesSize: boolean;
  /** true: render() is not called before the wasm core is ready. */
  static needsCore: boolean;
  /** Registers the class (and its `uses`) as `name` in `registry`; a class already registered there is left alone. */
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnElement;
  /** 'ja' | 'en': the element's own lang attribute, else the page's language. */
  readonly language: Lang;
  /** The content width last reported by the ResizeObserver (0 before the first report). */
  readonly width: number;
  /** Why the core failed to load, or null. */
  readonly coreError: Error | null;
  /** Whether render() may use the core. */
  readonly coreReady: boolean;
  /** Whether a render() is scheduled and has not run yet. */
  readonly renderPending: boolean;
  /** Calls render() once at the end of the current task, however often it is called. */
  schedule(): void;
  /** Runs `release` at the next disconnect. */
  onDisconnect(release: () => void): void;
  /** Dispatches CustomEvent `type` with `detail`. */
  emit(type: string, detail?: unknown): void;
  /** Hooks: override as needed. */
  connected(): void;
  disconnected(): void;
  render(): void;
  languageChanged(): void;
  attributeChanged(name: string, value: string | null, old: string | null): void;
  resized(width: number): void;
}
/** A boolean attribute: on when present unless "false"; `fallback` when absent. */
export declare function boolAttr(element: Element, name: string, fallback?: boolean): boolean;
/** A finite number, or `fallback` when absent or blank; throws naming the attribute otherwise. */
export declare function numberAttr<F>(element: Element, name: string, fallback: F): number | F;
/** An integer in [min, max], or `fallback` when absent or blank; throws naming the attribute otherwise. */
export declare function intAttr<F>(element: Element, name: string, fallback: F, min?: number, max?: number): number | F;
/** One of `choices`, or `fallback` when absent; throws naming the attribute otherwise. */
export declare function enumAttr<T extends string, F>(element: Element, name: string, choices: readonly T[], fallback: F): T | F;
/** Whitespace-separated words, or null when absent or blank. */
export declare function wordsAttr(element: Element, name: string): string[] | null;

/**
 * `<attn-rope-dial>`: RoPE as rotation. q and k [D] are cut into D/2 pairs
 * (dims (2i, 2i+1) 'interleaved', or (i, i + D/2) 'half'); each pair is a
 * dial whose arrows turn by m·θ_i (q) and n·θ_i (k), θ_i = base^(−2i/D). It
 * shows the score (R(m)q)ᵀ(R(n)k), the same score computed as qᵀR(n−m)k
 * (one rotation by the difference: it depends only on n − m), the norms
 * before and after rotation (unchanged) and each pair's share of the score.
 * Sliders move m and n; "Move both" adds `step` to both (the score stays);
 * "Play" repeats that (hidden under prefers-reduced-motion).
 *
 * ```html
 * <attn-rope-dial head-dim="8" base="10000" m="1" n="3"></attn-rope-dial>
 * <attn-rope-dial head-dim="2" q="[1, 0]" k="[1, 0]" step="0.7853981633974483" n="0.7853981633974483"></attn-rope-dial>
 * ```
 *
 * Attributes: `head-dim` (even, default 8), `base` (default 10000), `layout`
 * ('interleaved' default, or 'half'), `m`, `n` (positions, default 1 and 3;
 * fractional ones need the core's `applyRope(x, {positions})`), `step`
 * (slider step, default 1), `max-position` (default 16), `q`, `k` (JSON
 * arrays of D numbers; default seeded N(0, 1) rounded to 2 decimals),
 * `seed` (default 1), `caption`, `lang`.
 *
 * Events: `change` (detail {m, n, score, relative}) after every redraw;
 * `error` (detail {message}) when the attributes cannot be used.
 */
export declare class AttnRopeDial extends HTMLElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnRopeDial;
  static readonly observedAttributes: string[];
  /** The numbers last shown (all from the core), or null before the first draw. */
  readonly values: {
    m: number; n: number; q: Float32Array; k: Float32Array; rq: Float32Array; rk: Float32Array;
    score: number; relative: number; pairs: Float32Array;
    norms: { q: number; rq: number; k: number; rk: number };
  } | null;
}

/**
 * `<attn-sinusoidal>`: the sinusoidal positional encoding of the original
 * Transformer, PE(pos, 2i) = sin(pos·ω_i), PE(pos, 2i+1) = cos(pos·ω_i),
 * ω_i = base^(−2i/D), explored: the waves of chosen dims over positions, the
 * [T, D] heatmap, the Gram matrix PE·PEᵀ (hover for values), the norm
 * ‖PE(pos)‖ = √(D/2) for several D, the table of divisors base^(2i/D)
 * (1, 10, 100, 1000 for D = 8), and the block-diagonal map A(k) with
 * PE(pos + k) = A(k)·PE(pos), checked by the core's matmul. Sliders move
 * T, D, pos and k.
 *
 * ```html
 * <attn-sinusoidal d-model="8" positions="32" dims="0 2 4 6"></attn-sinusoidal>
 * ```
 *
 * Attributes: `d-model` (even, default 8), `positions` T (default 32),
 * `base` (default 10000), `dims` (dims to plot, default "0 2 4 6"), `pos`
 * (default 3), `shift` k (default 2), `caption`, `lang`.
 *
 * Events: `change` (detail {dModel, positions, maxShiftDifference}) after every
 * redraw; `error` (detail {message}).
 */
export declare class AttnSinusoidal extends HTMLElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnSinusoidal;
  static readonly observedAttributes: string[];
  /** The numbers last shown (all from the core), or null before the first draw. */
  readonly values: {
    pe: Matrix; gram: Matrix;
    pairs: { pair: number; dims: [number, number]; omega: number; divisor: number; wavelength: number }[];
    norms: { D: number; norm: number }[];
    shift: { A: Matrix; predicted: Float32Array; actual: Float32Array; maxDiff: number };
    dims: number[];
  } | null;
}

/**
 * `<attn-rope-decay>`: RoPE's long-distance tendency next to ALiBi's linear
 * penalty. Left: qᵀR(Δ)k against Δ = n − m for q = k = all ones (which is
 * Σ_i 2cos(Δθ_i)) and averaged over random q = k ~ N(0, 1); right: ALiBi's
 * bias −m_h·Δ for every head (slopes from `alibiSlopes`). A Δ slider reads
 * the three values out. Rotations by `applyRope`, products and the average by
 * `matmul`, the bias by `alibiBias`.
 *
 * ```html
 * <attn-rope-decay head-dim="64" base="10000" max-distance="256" heads="8"></attn-rope-decay>
 * ```
 *
 * Attributes: `head-dim` (even, default 64), `base` (default 10000),
 * `max-distance` (default 256), `heads` (ALiBi heads, default 8), `samples`
 * (random vectors averaged, default 32; fewer when T·D is large), `seed`
 * (default 1), `at` (Δ read out, default 10), `caption`, `lang`.
 *
 * Events: `change` (detail {at, ones, random, alibi}) after every redraw;
 * `error` (detail {message}).
 */
export declare class AttnRopeDecay extends HTMLElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnRopeDecay;
  static readonly observedAttributes: string[];
  /** The curves last shown (all from the core), each [maxDistance + 1], or null. */
  readonly values: {
    distances: Float32Array; ones: Float32Array; random: Float32Array; samples: number; alibi: Float32Array[];
  } | null;
}

/**
 * `<attn-flash-tiles>`: FlashAttention's online softmax, one key tile at a
 * time, for seeded Q, K, V [N, D]. A stepper walks over the key tiles; a
 * table shows each query row's running max m, running sum ℓ = Σ e^(s − m),
 * the rescaling factor e^(m_old − m) and the accumulator o = Σ e^(s − m)·v,
 * and o/ℓ (softmax attention over the keys seen so far). After the last
 * tile o/ℓ is compared with `flashAttention` and `scaledDotProductAttention`.
 * Scores come from `matmul`, o/ℓ and ℓ (1 / the row's largest weight) from
 * `scaledDotProductAttention` over the keys seen.
 *
 * ```html
 * <attn-flash-tiles n="8" d="4" tile="3"></attn-flash-tiles>
 * ```
 *
 * Attributes: `n` (default 6), `d` (default 4), `tile` (key tile size,
 * default 2), `seed` (default 1), `step` (tiles processed, default all),
 * `caption`, `lang`. Events: `change` (detail {step, seen, done}); `error`.
 */
export declare class AttnFlashTiles extends HTMLElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnFlashTiles;
  static readonly observedAttributes: string[];
  /** The state shown: the step, every step's {seen, m, l, rescale, o, out}, the final check and Q, K, V. */
  readonly values: {
    step: number;
    steps: { seen: number; m: Float64Array; l: Float64Array; rescale: Float64Array; o: Float64Array; out: Float32Array | Float64Array }[];
    check: { flash: Float32Array; full: Float32Array; vsFlash: number; vsFull: number };
    q: Matrix; k: Matrix; v: Matrix; scale: number;
  } | null;
}

/**
 * `<attn-attention-traffic>`: bytes moved between slow and fast memory by one
 * head's forward pass, standard vs tiled attention, as N, D and the tile
 * size B change: standard (4·N·D + 4·N²)·b, tiled (2·N·D + 2·N·D·⌈N/B⌉)·b,
 * the score matrix N²·b (16 MiB at N = 2048 in float32) and the fast memory
 * one tile needs (4·B·D + B²)·b; a log-log plot against N.
 *
 * Attributes: `n` (default 2048), `d` (default 64), `tile` (default 64),
 * `bytes` (per number, default 4), `caption`, `lang`. Events: `change`
 * (detail {scores, standard, tiled, sram} in bytes); `error`.
 */
export declare class AttnAttentionTraffic extends HTMLElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnAttentionTraffic;
  static readonly observedAttributes: string[];
  /** The byte counts shown, or null before the first draw. */
  readonly values: { scores: number; standard: number; tiled: number; sram: number } | null;
}

/**
 * `<attn-kv-cache>`: the memory of a KV cache, 2·L·B·Hkv·T·D·bytes, for MHA
 * (Hkv = H), GQA (Hkv = `kv-heads`) and MQA (Hkv = 1) side by side, per
 * token and at T tokens, each from `attn.kvCacheBytes` (exact in bytes).
 * Presets: 'gpt2-small' (12 layers, 12 heads, D 64), 'llama2-7b' (32, 32,
 * 128), 'llama2-70b' (80 layers, 64 heads, 8 KV heads, 128; the default).
 *
 * ```html
 * <attn-kv-cache preset="llama2-7b" dtype="float16" tokens="4096"></attn-kv-cache>
 * ```
 *
 * Attributes: `preset`, `layers`, `heads`, `kv-heads`, `head-dim`, `tokens`,
 * `batch` (default 1), `dtype` ('float16' default, 'bfloat16', 'float32',
 * 'int8'), `caption`, `lang`. Events: `change` (detail {rows}); `error`.
 */
export declare class AttnKvCache extends HTMLElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnKvCache;
  static readonly observedAttributes: string[];
  /** The rows shown: bytes per token and at T tokens × batch, for MHA, GQA and MQA. */
  readonly values: { kind: 'mha' | 'gqa' | 'mqa'; kvHeads: number; perToken: number; total: number }[] | null;
}

/**
 * `<attn-ssm>`: a state-space model (one channel, N state dims, A_n = −(n+1),
 * B = C = 1) read token by token with `attn.selectiveScan`:
 * x_t = exp(Δ_t·A) ⊙ x_{t−1} + Δ_t·B·u_t, y_t = ⟨C, x_t⟩. The hidden state
 * [N, L] is a heatmap; u and y are plotted. `mode="selective"` (Mamba): Δ_t
 * is `delta-write` on the tokens listed in `write` (press a token to toggle)
 * and `delta-keep` elsewhere, so the state forgets and takes those tokens and
 * keeps itself otherwise. `mode="invariant"` (S4): one Δ everywhere, and the
 * output of the causal convolution K ∗ u (`attn.ssmConvolutionKernel`, then a
 * Toeplitz `matmul`) is drawn next to the recurrence's, with their largest
 * difference.
 *
 * ```html
 * <attn-ssm mode="selective" write="2 5"></attn-ssm>
 * <attn-ssm mode="invariant" input="impulse" delta="0.5"></attn-ssm>
 * ```
 *
 * Attributes: `mode`, `length` L (default 12), `state` N (default 4), `delta`
 * (default 0.5), `delta-write` (default 3), `delta-keep` (default 0.05),
 * `write` (token indices, default "2 5"), `step` (the step read out, default
 * the last), `input` ('random' default, 'impulse', 'step'), `seed`,
 * `caption`, `lang`. Events: `change` (detail {mode, step, y}); `error`.
 */
export declare class AttnSsm extends HTMLElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnSsm;
  static readonly observedAttributes: string[];
  /** The numbers shown: u, Δ per step, y, the states [L·N] and, time-invariant, the convolution view. */
  readonly values: {
    u: Float32Array; deltas: number[]; y: Float32Array; states: Float32Array;
    conv: { K: Float32Array; y: Float32Array; maxDiff: number } | null;
  } | null;
}

/**
 * `<attn-vectors>`: two draggable 2-D arrows a and b (drag the heads, or
 * focus one and use the arrow keys; Shift moves by 1) with a + b, a − b,
 * ‖a‖, ‖b‖, a·b, cos θ, θ and the law of cosines
 * ‖a − b‖² = ‖a‖² + ‖b‖² − 2a·b with the numbers filled in. Sums by `matmul`
 * with [[1, 1], [1, −1]], dot products and norms by `matmul`, the cosine from
 * `l2Normalize`.
 *
 * Attributes: `a`, `b` (JSON [x, y], defaults [2, 1] and [0.5, 2]; moves
 * snap to 0.25 within ±4), `caption`, `lang`. Events: `change` (detail {a, b,
 * dot, cos}); `error`.
 */
export declare class AttnVectors extends HTMLElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnVectors;
  static readonly observedAttributes: string[];
  readonly values: {
    a: number[]; b: number[]; sum: Float32Array; diff: Float32Array; dot: number; normA: number; normB: number;
    cos: number; angle: number; normDiffSq: number; normASq: number; normBSq: number;
  } | null;
}

/**
 * `<attn-matmul-steps>`: C = A·B from `matmul`, entry by entry: press C[i, j]
 * (or move with the arrow keys) and row i of A and column j of B light up,
 * with C[i, j] = Σ_l A[i, l]·B[l, j] written out in the input numbers.
 *
 * Attributes: `a`, `b` (JSON 2-D arrays; defaults a 2 × 3 and a 3 × 2),
 * `row`, `col` (the entry shown, default 0, 0), `caption`, `lang`. Events:
 * `change` (detail {row, col, value}); `error`.
 */
export declare class AttnMatmulSteps extends HTMLElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnMatmulSteps;
  static readonly observedAttributes: string[];
  readonly values: { a: Matrix; b: Matrix; c: Matrix; row: number; col: number } | null;
}

/**
 * `<attn-permutation>`: shuffle a sentence's tokens and compare, token by
 * token, the output rows of one attention head (`multiHeadAttention`, one
 * head, seeded weights; one seeded vector per word) in the original and the
 * shuffled order. `mode="none"`: rows only move with their tokens (equal up
 * to float32 rounding: permutation equivariance); `"sinusoidal"` (added with
 * `addPositionEmbeddings`) or `"rope"` (the `rope` option): they change.
 *
 * Attributes: `tokens` (default "the dog chased the cat"), `order` (the
 * shuffled order as original indices, e.g. "4 1 2 3 0"; default unchanged),
 * `mode`, `d` (default 8), `seed`, `caption`, `lang`. Buttons shuffle,
 * reverse and reset the order. Events: `change` (detail {mode, order,
 * maxDiff}); `error`.
 */
export declare class AttnPermutation extends HTMLElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnPermutation;
  static readonly observedAttributes: string[];
  readonly values: {
    order: number[]; x: Matrix; params: { wq: Matrix; wk: Matrix; wv: Matrix; wo: Matrix };
    out: Matrix; outShuffled: Matrix; diff: Float64Array; maxDiff: number;
  } | null;
}

/**
 * `<attn-sequence-cost>`: per layer of width d over N tokens, FLOPs,
 * sequential steps and the longest path between the first and last token for
 * self-attention (FLOPs from `countFlops`: 8·N·d² + 4·N²·d; 1 step; path 1),
 * an RNN (4·N·d²; N steps; path N − 1), a CNN with kernel k (2·k·N·d²; 1 step;
 * path ⌈(N − 1)/(k − 1)⌉) and a dilated CNN (path ⌈log_k N⌉), plotted against
 * N on log axes, with a table at one N.
 *
 * Attributes: `n` (default 1024), `d` (default 512), `k` (default 3),
 * `caption`, `lang`. Events: `change` (detail {N, rows}); `error`.
 */
export declare class AttnSequenceCost extends HTMLElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnSequenceCost;
  static readonly observedAttributes: string[];
  readonly values: {
    N: number; d: number; k: number;
    rows: Record<'attention' | 'rnn' | 'cnn' | 'dilated', { flops: number; steps: number; path: number }>;
  } | null;
}

/**
 * `<attn-cross-attention>`: an encoder–decoder picture. Source tokens (keys
 * and values) above, target tokens (queries) below; press a target token and
 * lines show its weights over the source; a heatmap shows every weight.
 * Weights from `multiHeadAttention(target, I, {memory: source, temperature,
 * returnIntermediates: true})`; a target word listed in `pairs` shares its
 * source word's (seeded) vector, so each query finds its translation.
 *
 * Attributes: `source` (default "the cat sleeps on the mat"), `target`
 * (default "猫 は マット の 上 で 寝る"), `pairs` (default
 * "猫=cat マット=mat 上=on 寝る=sleeps"), `temperature` (default 1), `query`
 * (the target token shown, default 0), `caption`, `lang`. Events: `change`
 * (detail {query, weights}); `error`.
 */
export declare class AttnCrossAttention extends HTMLElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnCrossAttention;
  static readonly observedAttributes: string[];
  readonly values: {
    source: string[]; target: string[]; weights: Matrix; query: number; xs: Matrix; xt: Matrix; temperature: number;
  } | null;
}

/**
 * `<attn-kernel-vs-attention>`: the same tokens weighted by a fixed RBF
 * kernel, softmax_j(−‖x_i − x_j‖²/2σ²) (computed as attention with q = k = x,
 * scale 1/σ² and a per-key bias −‖x_j‖²/2σ²), next to attention weights
 * softmax(x W_Q (x W_K)ᵀ/√d) with seeded projections, as two heatmaps, with
 * how many rows put their largest weight on the diagonal.
 *
 * Attributes: `tokens` (default "the cat sat on the mat"), `sigma` (default
 * 2), `seed` (default 1), `caption`, `lang`. Events: `change` (detail
 * {sigma, seed, diagonal}); `error`.
 */
export declare class AttnKernelVsAttention extends HTMLElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnKernelVsAttention;
  static readonly observedAttributes: string[];
  readonly values: { x: Matrix; rbf: Matrix; attention: Matrix } | null;
}
