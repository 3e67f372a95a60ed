// Types of <attn-tiny-gpt> (attn-tiny-gpt.js); index.d.ts re-exports them.
import type { Tensor, ModelConfig, ModelWorker, GeneratedToken, GenerateResult } from '../lib/index.js';
import type { AttnHeadRoles } from './attn-head-roles.js';

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
  model: 'chars-q8' | 'chars' | 'words' | 'sort' | 'file';
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
 * or drag and drop; read locally, never uploaded). Under it, a table of what
 * every head of the loaded model does, measured (`<attn-head-roles>`).
 *
 * Attributes: `model` ('chars-q8' default: the character model with Q8_0
 * weights, a quarter of the bytes; 'chars' the same model in float32; 'words',
 * a word-level (byte-level BPE) model of the same novel; 'sort';
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
  /** The Hugging Face folder in use (its name, the bytes of its model files, their names), or null. */
  readonly folder: { name: string | null; bytes: number; files: string[] } | null;
  readonly generating: boolean;
  /** Tokens of the last generation. */
  readonly tokens: GeneratedToken[];
  /** Prompt ids followed by the generated ids of the last generation. */
  readonly ids: number[];
  readonly result: GenerateResult | null;
  /** Resolves when the current model has loaded (rejects if loading failed). */
  readonly loaded: Promise<void>;
  readonly inspected: TinyGptInspection | null;
  /** The <attn-head-roles> inside: the loaded model's heads measured (previous token, induction, first token, itself), a click opens one. */
  readonly headRoles: AttnHeadRoles;
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
  /**
   * Loads a Hugging Face folder given as browser Files (a picked or dropped
   * folder, or its files: config.json, model.safetensors or shards with
   * model.safetensors.index.json, tokenizer.json; other files are left out)
   * with ModelWorker.fromHuggingFace and a progress bar; the line under the
   * picker then shows the folder's name and size. name defaults to the folder's.
   */
  loadHuggingFace(files: FileList | File[], options?: { name?: string; quantize?: boolean }): Promise<void>;
  /** Shows generated token `index` in the inspector. */
  inspect(index: number): Promise<TinyGptInspection | null>;
}

declare global {
  interface HTMLElementTagNameMap {
    'attn-tiny-gpt': AttnTinyGpt;
  }
}
