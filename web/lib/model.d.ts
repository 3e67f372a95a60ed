// Types of the tiny models: Model (in this thread) and ModelWorker (in a
// module Web Worker). File layouts: docs/FORMATS.md. Legend: T tokens,
// V vocabulary, L layers, H heads.
import type { Tensor } from './index.js';
import type { TokenizerKind } from './tokenizer.js';
import type {
  CreateOptions, LossAndGradients, LossAndGradientsOptions, NamedTensors, TokenBatch, TrainConfig,
} from './train.js';

/** What a loaded model is (Model.config, ModelWorker.config). */
export interface ModelConfig {
  /** 'llama' (llama2.c: RMSNorm, RoPE, GQA, SwiGLU) or 'gpt2' (LayerNorm, learned positions, GELU). */
  arch: 'llama' | 'gpt2';
  /**
   * The file's layout: llama2.c legacy, ak42 version 1 (fp32) or 2 (Q8_0), our
   * AGPT 1 or 2, a Hugging Face folder ('safetensors'); 'trained' for Model.create.
   */
  format: 'llama2c' | 'ak42v1' | 'ak42v2' | 'agpt1' | 'agpt2' | 'safetensors' | 'trained';
  /** The weights in memory: 'q8_0' for a version 2 file or after `quantize: true`. */
  weightType: 'f32' | 'q8_0';
  /** How the file stored the weights ('mixed': a safetensors file with more than one of F32, F16, BF16). */
  fileDtype: 'f32' | 'f16' | 'bf16' | 'q8_0' | 'mixed';
  /** The Hugging Face class ('GPT2LMHeadModel' | 'LlamaForCausalLM') of a folder; null for other files. */
  architecture: string | null;
  /** A folder's name: opts.name, config.json's _name_or_path, or the dropped folder's; else null. */
  name: string | null;
  /** The core's tokenizer.bin kind ('bpe', 'char'), a folder's tokenizer.json kind (attn.Tokenizer's), or 'none'. */
  tokenizer: TokenizerKind | 'none';
  dim: number;
  hiddenDim: number;
  nLayers: number;
  nHeads: number;
  nKvHeads: number;
  vocabSize: number;
  /** Positions the KV cache holds (the file's seq_len, or less with maxSeqLen). */
  seqLen: number;
  fileSeqLen: number;
  headSize: number;
  /** Q8_0 group size; 0 for fp32. */
  groupSize: number;
  sharedClassifier: boolean;
  /** The norms' epsilon (rms_norm_eps / layer_norm_epsilon), as the float32 the core uses, shortest decimal. */
  normEps: number;
  /** RoPE's base (rope_theta), for positions 'rope'. */
  ropeBase: number;
  weightBytes: number;
  stateBytes: number;
  /** The architecture variant (TrainConfig): a file's own, or Model.create's. */
  positions: 'rope' | 'learned' | 'sinusoidal' | 'alibi' | 'none';
  norm: 'rmsnorm' | 'layernorm';
  prenorm: boolean;
  activation: 'swiglu' | 'gelu' | 'gelu_tanh' | 'relu';
  bias: boolean;
  /** True for a model made by Model.create. */
  trainable: boolean;
  /** false for an encoder made by Model.create({ causal: false }); true for every file. */
  causal: boolean;
  /** Model.create's dropout (training only); 0 for a file. */
  dropout: number;
  /** x = embeddingScale · embedding[id]: Model.create's; 1 for a file. */
  embeddingScale: number;
}

/** The names of the models shipped with the package (web/models/README.md). */
export type DefaultModelName = 'chars' | 'sort' | 'chars-q8' | 'words';

export interface LoadOptions {
  /** Cap the context (and the KV cache) at this many positions; 0 keeps the file's. */
  maxSeqLen?: number;
}

export interface Llama2cLoadOptions extends LoadOptions {
  /** Quantise an fp32 checkpoint to Q8_0 in memory (as llama2.c's export.py version 2). */
  quantize?: boolean;
  /** Q8_0 group size for `quantize`, default 64; halved until it divides dim and hidden_dim. */
  groupSize?: number;
  /** 'bpe' = llama2.c's run.c tokenizer (default); 'char' = one token per character. */
  tokenizerKind?: 'bpe' | 'char';
}

export interface Gpt2LoadOptions extends LoadOptions {
  /** Quantise the fp32 matrices to Q8_0 in memory (about a quarter of the bytes; generation is memory-bound, so faster). */
  quantize?: boolean;
  /** Q8_0 group size for `quantize`, default 64; halved until it divides dim and hidden_dim. */
  groupSize?: number;
  tokenizerKind?: 'bpe' | 'char';
}

export interface DefaultLoadOptions extends LoadOptions {
  quantize?: boolean;
  groupSize?: number;
}

/** Bytes of a file: what fetch(...).arrayBuffer(), File.arrayBuffer() or fs.readFile give. */
export type FileBytes = ArrayBuffer | ArrayBufferView;

/** Random access to a file too big to hold (e.g. HTTP range requests): the bytes offset..offset+length. */
export interface FileReader {
  size: number;
  read(offset: number, length: number): Promise<ArrayBuffer | ArrayBufferView>;
}

/**
 * A Hugging Face folder: its files by name (a path's folder part is ignored)
 * — bytes, a Blob or File, a FileReader, or a string for a .json file — or a
 * list of browser Files (an <input type="file" webkitdirectory multiple>'s
 * FileList, the files of a drop), matched by their base names. It holds
 * config.json and model.safetensors, or model.safetensors.index.json and the
 * shards it names, and optionally tokenizer.json (with tokenizer_config.json);
 * other files are ignored.
 */
export type HuggingFaceFiles =
  | { [name: string]: FileBytes | Blob | FileReader | string | null | undefined }
  | Map<string, FileBytes | Blob | FileReader | string>
  | Iterable<File>
  | ArrayLike<File>;

/** Progress of a Hugging Face load: phase 'config' (reading the JSON and headers), 'weights' (bytes of tensors read and converted), 'done'. */
export interface LoadProgress {
  phase: 'config' | 'weights' | 'done';
  loaded: number;
  total: number;
}

export interface HuggingFaceLoadOptions extends LoadOptions {
  /** Hold the weights as Q8_0 (int8 and a scale per group): about 0.27x the float32 memory. */
  quantize?: boolean;
  /** Q8_0 group size for `quantize`, default 64; halved until it divides the width and the MLP width. */
  groupSize?: number;
  /** Model.config.name; default config.json's _name_or_path, or the dropped folder's name. */
  name?: string;
  /** Called as the files are read: a progress bar's value is loaded / total. */
  onProgress?: (progress: LoadProgress) => void;
  /** Aborting it stops the load (the promise rejects with the signal's reason, an AbortError) and frees its memory. */
  signal?: AbortSignal;
}

/**
 * A Hugging Face folder as Model.toHuggingFace writes it: the JSON files as
 * text (write them as they are), the weights as float32 safetensors bytes,
 * tokenizer.json when the model has a tokenizer. Model.fromHuggingFace reads
 * it as it is.
 */
export interface HuggingFaceFolder {
  'config.json': string;
  'model.safetensors': Uint8Array;
  'tokenizer.json'?: string;
  [name: string]: string | Uint8Array | undefined;
}

/** Token ids: a plain array or an integer typed array. */
export type TokenIds = readonly number[] | Int32Array | Uint32Array | Uint16Array;

/** A prompt: text (encoded with BOS, as run.c) or token ids. */
export type Prompt = string | TokenIds;

export interface GenerateOptions {
  /** New tokens at most (default 128); generation also ends when the context is full. */
  maxNewTokens?: number;
  /** 0 = greedy (argmax); default 1. */
  temperature?: number;
  /** Keep only the k most probable tokens; 0 (default) = off. */
  topK?: number;
  /** Nucleus sampling: the smallest set of tokens holding this much probability; default 0.9, 1 = off. */
  topP?: number;
  /** Integer 0..2^53-1. The same seed gives the same tokens in Node, browsers and the native build. Default: random (reported in the result). */
  seed?: number;
  /** Stop after the model emits EOS (2) or BOS (1), as run.c (a Hugging Face folder: its config.json's eos_token_id); default true. */
  stopAtEos?: boolean;
  /** Ends the generation early (stopReason 'cancelled'). */
  signal?: AbortSignal;
}

/** One generated token. */
export interface GeneratedToken {
  id: number;
  /** The text it adds: '' when it is only part of a character (a byte token) or EOS/BOS. */
  text: string;
  /** Its position in the whole sequence (prompt included). */
  position: number;
  /** 0 for the first new token, 1 for the next, ... */
  index: number;
}

export interface GenerateResult {
  /** The new text (the prompt not included; '' for a model without a tokenizer). */
  text: string;
  /** The new token ids, the EOS that stopped it included. */
  ids: number[];
  promptIds: number[];
  stopReason: 'eos' | 'maxNewTokens' | 'contextFull' | 'cancelled';
  /** The seed used (the one drawn when none was given). */
  seed: number;
  /** New tokens per second, after the prompt was run. */
  tokensPerSecond: number;
  /** Wall time of the whole call, prompt included. */
  ms: number;
}

export interface ForwardOptions {
  /** Also return the attention weights of every layer and head. */
  returnAttention?: boolean;
  /** Only the last position's logits (and attention rows). */
  lastOnly?: boolean;
}

export interface ForwardResult {
  /** [T, V] (lastOnly: [1, V]). */
  logits: Tensor;
  /** [L, H, T, T] (lastOnly: [L, H, 1, T]): row i is query i's weights over keys 0..i; zeros above the diagonal. */
  attention?: Tensor;
}

/**
 * A tiny decoder language model running in the wasm core: llama2.c
 * checkpoints (legacy, ak42 v1 fp32, ak42 v2 Q8_0) with run.c's
 * tokenizer.bin, our GPT-2-style AGPT format, and the two shipped models.
 * Everything is synchronous once loaded; results are fresh copies.
 * Call dispose() when done (later calls throw AttnscopeError).
 *
 * One generation runs at a time: a later generate()/stream() takes the model
 * over and an earlier stream then throws; a forward() between two tokens of a
 * stream is fine (the stream replays its tokens through the KV cache).
 *
 * @example
 * const model = await attn.Model.default('sort');
 * model.generate('softmax|', { temperature: 0 }).text;   // 'afmostx'
 * const { attention } = model.forward(model.encode('cab|'), { returnAttention: true });
 * attention.shape;                                        // [1, 1, 5, 5]
 * model.dispose();
 */
export class Model {
  private constructor();
  /** ['chars', 'sort', 'chars-q8', 'words'] */
  static readonly defaultNames: readonly DefaultModelName[];
  /**
   * Loads a shipped model (calls ready()): 'chars' (a character-level model
   * of Pride and Prejudice; the default, float32), 'sort' (sorts letters
   * before '|'; one head), 'chars-q8' (the chars weights in Q8_0: 28% of the
   * bytes, held-out loss within 0.001 nats/char; docs/BENCHMARKS.md) or
   * 'words' (a word-level model of the same novel: a 4096-piece byte-level
   * BPE tokenizer.json read by attn.Tokenizer, Q8_0 weights; web/models/README.md).
   * Node reads the files from the package; browsers fetch them from next to it.
   */
  static default(name?: DefaultModelName, options?: DefaultLoadOptions): Promise<Model>;
  /**
   * A llama2.c checkpoint and its tokenizer.bin (or null: then prompts must be
   * token ids). Needs ready(). A malformed file throws AttnscopeError saying what is wrong.
   * @example
   * const model = attn.Model.fromLlama2c(await (await fetch('stories260K.bin')).arrayBuffer(),
   *   await (await fetch('tok512.bin')).arrayBuffer(), { quantize: true });
   */
  static fromLlama2c(checkpoint: FileBytes, tokenizer?: FileBytes | null, options?: Llama2cLoadOptions): Model;
  /** An AGPT (GPT-2-style) checkpoint and a tokenizer.bin (often tokenizerKind: 'char'). Needs ready(). */
  static fromGpt2(checkpoint: FileBytes, tokenizer?: FileBytes | null, options?: Gpt2LoadOptions): Model;
  /**
   * A Hugging Face model folder: GPT2LMHeadModel or LlamaForCausalLM
   * (docs/FORMATS.md says what is read), F32, F16 or BF16 weights, one
   * model.safetensors or shards through model.safetensors.index.json. Each
   * tensor goes from your bytes (or a File, a slice at a time) straight into
   * the wasm heap, converted there; the memory the model needs is checked
   * against what the heap can still give before anything is allocated. Calls
   * ready(). With a tokenizer.json, attn.Tokenizer gives encode, decode and
   * generation's text (special tokens print nothing); without one the model
   * runs on token ids. A bad folder rejects with AttnscopeError naming the
   * file and the field.
   * @example
   * // Node: a folder on disk
   * const files = Object.fromEntries(readdirSync(dir).map((f) => [f, readFileSync(join(dir, f))]));
   * const model = await attn.Model.fromHuggingFace(files);
   * // A page: <input type="file" webkitdirectory multiple>
   * const model = await attn.Model.fromHuggingFace(input.files, { onProgress: ({ loaded, total }) => bar.value = loaded / total });
   */
  static fromHuggingFace(files: HuggingFaceFiles, options?: HuggingFaceLoadOptions): Promise<Model>;

  /**
   * A fresh model to train (docs/TRAINING.md), initialised as llama2.c's
   * and nanoGPT's model.py by each tensor's role: matrices and embeddings
   * N(0, 0.02), the attention output and the SwiGLU gate (gpt2: also the
   * FFN output) N(0, 0.02/√(2·nLayers)), norm weights 1, biases 0, from
   * `seed`. Needs ready().
   * @example
   * const model = attn.Model.create({ dim: 64, nLayers: 2, nHeads: 4, vocabSize: 96, seqLen: 64 }, { seed: 1 });
   */
  static create(config: TrainConfig, options?: CreateOptions): Model;

  /** A copy of the model's configuration. */
  readonly config: ModelConfig;
  readonly disposed: boolean;
  /** True for a model made by Model.create: the methods below work on it. */
  readonly trainable: boolean;

  /**
   * Fresh copies of every weight. A model made by Model.create: by PyTorch
   * state_dict name (llama2.c's model.py for llama: 'tok_embeddings.weight'
   * [V, C], 'layers.{i}.attention.wq.weight' [H·D, C], ...; nanoGPT's for
   * gpt2), nn.Linear weights as [out, in]. A Hugging Face folder: by the
   * file's names and shapes (GPT-2's Conv1D as [in, out], Llama's q/k rows in
   * rotate-half order), float32 whatever the file's dtype. Other files throw.
   */
  parameters(): NamedTensors;
  /** Replaces any of the named weights; names and shapes are checked before anything is written. */
  setParameters(partial: NamedTensors): void;
  /**
   * The mean cross-entropy over targets that are not −1 (PyTorch's
   * ignore_index=-1) of inputs → targets, both [B, T] with T <= seqLen, and its
   * gradient by parameter name. `{ accumulate: k }`: the same, computed as k
   * micro-batches.
   */
  lossAndGradients(inputs: TokenBatch, targets: TokenBatch, options?: LossAndGradientsOptions): LossAndGradients;
  /**
   * The same loss, forward only: a held-out loss, or the score of a text under
   * any model (one read from a file too; then computed from forward's logits).
   */
  loss(inputs: TokenBatch, targets: TokenBatch): number;
  /**
   * llama2.c's legacy (version 0) checkpoint, as its export.py writes it:
   * run.c and Model.fromLlama2c read it. Throws for an architecture it cannot
   * hold (gpt2, positions other than rope, layernorm, post-LN, not swiglu, biases).
   */
  toLlama2c(): Uint8Array;
  /** The project's own format (AGPT version 2, docs/FORMATS.md): every config; Model.fromGpt2 reads it. */
  save(): Uint8Array;
  /**
   * The model as a Hugging Face folder that transformers and plain PyTorch
   * read (docs/TRAINING.md continues training from it): config.json (text),
   * model.safetensors (float32 bytes) and, when the model has a tokenizer,
   * tokenizer.json (text: a tokenizer.bin as attn.Tokenizer.fromLlama2c reads
   * it, or the folder's own). Any model whose variant
   * LlamaForCausalLM (RoPE, RMSNorm, pre-norm, SwiGLU, biases on all or no
   * linears) or GPT2LMHeadModel (learned positions, LayerNorm, pre-norm,
   * gelu / gelu_tanh / relu, biases, no GQA) holds — the defaults of both
   * families, and the shipped models; anything else throws AttnscopeError
   * naming what does not fit. Model.fromHuggingFace reads it back bit for bit.
   * @example
   * for (const [name, data] of Object.entries(model.toHuggingFace())) writeFileSync(join(dir, name), data);
   */
  toHuggingFace(): HuggingFaceFolder;

  /** Token ids of text (at most 16 MiB of UTF-8); bos defaults to true, eos to false. */
  encode(text: string, options?: { bos?: boolean; eos?: boolean }): number[];
  /** Text of token ids (BOS/EOS print nothing; invalid UTF-8 becomes U+FFFD). */
  decode(ids: TokenIds): string;
  /** The bytes token `id` prints after token `prev` (run.c's decode; may be part of a character). */
  piece(id: number, prev?: number): Uint8Array;
  /**
   * Runs ids from position 0: logits, and attention with returnAttention.
   * One call into the core for the whole sequence (128 positions per pass
   * over the weights, 16 with Q8_0 weights), bit-identical to running it
   * one token at a time.
   * An encoder (Model.create({ causal: false })) runs the whole sequence in
   * the trainer's forward instead: every position sees every other, so its
   * attention rows are not zero above the diagonal (and it cannot generate).
   */
  forward(ids: TokenIds, options?: ForwardOptions): ForwardResult;
  /**
   * Generates after the prompt. onToken sees each token as it is made;
   * returning false stops (stopReason 'cancelled').
   * @example
   * const r = model.generate('Elizabeth', { maxNewTokens: 60, temperature: 0.8, seed: 1,
   *   onToken: (t) => process.stdout.write(t.text) });
   */
  generate(prompt: Prompt, options?: GenerateOptions & { onToken?: (token: GeneratedToken) => boolean | void }): GenerateResult;
  /**
   * The same generation, token by token; it gives the event loop a turn every
   * ~12 ms so a page stays usable (for no pauses at all, use ModelWorker).
   * The final next() resolves to { done: true, value: GenerateResult }.
   * @example
   * for await (const t of model.stream('Elizabeth', { seed: 1 })) out.textContent += t.text;
   */
  stream(prompt: Prompt, options?: GenerateOptions): AsyncGenerator<GeneratedToken, GenerateResult, undefined>;
  /** Frees the wasm memory; a second call does nothing. */
  dispose(): void;
}

export interface WorkerOptions {
  /** The worker loads its own wasm module; 'auto' (default) picks SIMD where supported. */
  backend?: 'wasm-simd' | 'wasm-scalar' | 'auto';
  /** Run in this thread instead (the default where there is no Worker, e.g. Node). */
  inProcess?: boolean;
}

/**
 * The Model API with the model in a module Web Worker (same origin, no eval:
 * works under `script-src 'self' 'wasm-unsafe-eval'`), so the page never
 * freezes. Every call returns a promise. Tokens arrive in small batches.
 * In Node (no Worker) it runs in the same thread behind the same messages.
 *
 * @example
 * const worker = await attn.ModelWorker.default('chars');
 * const stop = new AbortController();
 * button.onclick = () => stop.abort();
 * for await (const t of worker.stream('Elizabeth', { signal: stop.signal })) out.textContent += t.text;
 * worker.dispose();
 */
export class ModelWorker {
  private constructor();
  static readonly defaultNames: readonly DefaultModelName[];
  static default(name?: DefaultModelName, options?: DefaultLoadOptions & WorkerOptions): Promise<ModelWorker>;
  /** The bytes are copied to the worker; yours stay usable. */
  static fromLlama2c(checkpoint: FileBytes, tokenizer?: FileBytes | null, options?: Llama2cLoadOptions & WorkerOptions): Promise<ModelWorker>;
  static fromGpt2(checkpoint: FileBytes, tokenizer?: FileBytes | null, options?: Gpt2LoadOptions & WorkerOptions): Promise<ModelWorker>;
  /**
   * Model.fromHuggingFace in the worker. Files (a drop) go to it as they are;
   * bytes stay in this thread and the worker asks for one chunk at a time, so
   * nothing is copied whole. onProgress runs in this thread.
   */
  static fromHuggingFace(files: HuggingFaceFiles, options?: HuggingFaceLoadOptions & WorkerOptions): Promise<ModelWorker>;

  readonly config: ModelConfig;
  readonly disposed: boolean;

  encode(text: string, options?: { bos?: boolean; eos?: boolean }): Promise<number[]>;
  decode(ids: TokenIds): Promise<string>;
  piece(id: number, prev?: number): Promise<Uint8Array>;
  forward(ids: TokenIds, options?: ForwardOptions): Promise<ForwardResult>;
  /** As Model.loss (any model). */
  loss(inputs: TokenBatch, targets: TokenBatch): Promise<number>;
  /** As Model.parameters (a Model.create model, or a Hugging Face folder's). */
  parameters(): Promise<NamedTensors>;
  /** As Model.toHuggingFace. */
  toHuggingFace(): Promise<HuggingFaceFolder>;
  /** onToken runs in this thread; returning false cancels. */
  generate(prompt: Prompt, options?: GenerateOptions & { onToken?: (token: GeneratedToken) => boolean | void }): Promise<GenerateResult>;
  stream(prompt: Prompt, options?: GenerateOptions): AsyncGenerator<GeneratedToken, GenerateResult, undefined>;
  /** Ends every running generation (they finish with stopReason 'cancelled'). */
  cancel(): void;
  /** Terminates the worker; pending calls reject, later calls reject with AttnscopeError. */
  dispose(): void;
}

/**
 * Downloads a default model's checkpoint and tokenizer into Cache Storage
 * (browsers), reporting bytes as they arrive, so that Model.default(name) and
 * ModelWorker.default(name) then load with no download; a second visit, or a
 * switch back to the model, downloads nothing. Resolves at once in Node.
 * @example await attn.preloadDefaultModel('chars', { onProgress: ({ loaded, total }) => bar.value = loaded / total });
 */
export declare function preloadDefaultModel(name: DefaultModelName, options?: { onProgress?: (progress: { loaded: number; total: number }) => void }): Promise<void>;

/**
 * An fp32 llama2.c checkpoint (the legacy layout run.c reads, or export.py's
 * ak42 version 1) rewritten as ak42 version 2 (Q8_0), the layout of
 * export.py's `version2_export` that runq.c and Model.fromLlama2c read
 * (docs/FORMATS.md): the norms stay float32; every matrix W (out, in) is
 * stored as int8 values q and one float32 scale s per group of `groupSize`
 * consecutive values, s = max|w| / 127, q = round(w / s) (half away from
 * zero), so |q·s − w| ≤ s/2. Loading the result gives, bit for bit, the model
 * that loading the fp32 file with { quantize: true } gives. Pure JavaScript:
 * no ready() needed. groupSize (default 64) is halved until it divides dim
 * and hidden_dim, as export.py backs off. A malformed file throws
 * AttnscopeError saying what is wrong.
 * @example
 * const q8 = attn.quantizeLlama2c(await readFile('stories15M.bin'));   // about 27% of the bytes
 * const model = attn.Model.fromLlama2c(q8, tokenizer);                 // model.config.weightType === 'q8_0'
 */
export declare function quantizeLlama2c(checkpoint: ArrayBuffer | ArrayBufferView, options?: { groupSize?: number }): Uint8Array;
