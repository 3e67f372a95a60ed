// Types of training in a Worker (TrainerWorker) and of the text -> vocabulary
// builder (buildVocabulary). Model.create, Trainer and the model's config
// are in train.d.ts and model.d.ts.
import type { Backend, Tensor } from './index.js';
import type { GenerateOptions, GenerateResult, ForwardOptions, ForwardResult, HuggingFaceFolder, ModelConfig } from './model.js';
import type { NamedTensors, TrainConfig, TrainerOptions, TrainerState } from './train.js';

/**
 * A vocabulary built from a text, with the tokenizer.bin bytes the loaders
 * read (docs/FORMATS.md).
 * - level 'char': ids 0, 1, 2 are `<unk>`, `<s>`, `</s>`, then one token per
 *   distinct character (code point) of the text in code-point order; tokenizer
 *   kind 'char'. Characters beyond `maxVocab` (the rarest) encode as 0.
 * - level 'byte': `<unk>`, `<s>`, `</s>`, then `<0x00>`..`<0xFF>` as ids
 *   3..258 (UTF-8 byte b is id b + 3); tokenizer kind 'bpe' (run.c's byte
 *   fallback, no merges). Any text, Japanese included, with no unknown token.
 * `encode` gives exactly the ids Model.encode(text, { bos: false }) gives
 * with the same tokenizer.
 */
export class Vocabulary {
  readonly level: 'char' | 'byte';
  /** The kind to load tokenizer() with: 'char' (char level) or 'bpe' (byte level). */
  readonly tokenizerKind: 'char' | 'bpe';
  /** Token strings by id. */
  readonly tokens: readonly string[];
  readonly vocabSize: number;
  /** llama2.c's tokenizer.bin: i32 max_token_length, then per token f32 score (0), i32 length, UTF-8 bytes. */
  tokenizer(): Uint8Array;
  /** Token ids of text (no BOS): one per character, or one per UTF-8 byte. */
  encode(text: string): Int32Array;
  /** The text of ids (ids 0..2 give nothing). */
  decode(ids: ArrayLike<number>): string;
}

/**
 * The vocabulary of `text`.
 * @param options.level 'char' (default) or 'byte'.
 * @param options.maxVocab char level: at most this many tokens (default 4096, at least 4), keeping the most frequent characters.
 * @example const vocab = attn.buildVocabulary('吾輩は猫である。', { level: 'char' }); vocab.encode('猫') // Int32Array [id]
 */
export function buildVocabulary(text: string, options?: { level?: 'char' | 'byte'; maxVocab?: number }): Vocabulary;

/** Sent after every step (and at step 0 with the first held-out loss when heldOut is given). */
export interface TrainProgress {
  /** Steps taken (0: before the first). */
  step: number;
  steps: number;
  /** Mean cross-entropy of this step's batch (absent at step 0). */
  loss?: number;
  /** Total L2 norm of the gradients before clipping. */
  gradNorm?: number;
  /** The learning rate this step used. */
  learningRate?: number;
  /** Mean loss over the fixed held-out rows, at step 0, every evalInterval steps and the last step. */
  heldOutLoss?: number;
  /** B·T / (smoothed time of one step), the step alone. */
  tokensPerSecond?: number;
  /** (steps − step) × smoothed wall time per step (evaluations and samples included). */
  secondsLeft?: number;
  /** Training time so far, pauses excluded. */
  elapsedSeconds: number;
}

/** A sample of the model during training: model.generate(sample.prompt, ...) at that step. */
export interface TrainSample {
  step: number;
  promptIds: number[];
  /** The generated ids (the prompt not included), as GenerateResult.ids. */
  ids: number[];
  /** Their text ('' without a tokenizer), as GenerateResult.text. */
  text: string;
}

export interface TrainStartOptions {
  /** Model.create's config (vocabSize may come from `vocabulary`). */
  config: TrainConfig;
  /** Fixes the initial weights (Model.create's seed) and every batch. Default 1. */
  seed?: number;
  /** new Trainer(model, trainer). */
  trainer?: TrainerOptions;
  /** The training token stream; row b of a batch is train[o_b .. o_b + T), its targets train[o_b + 1 .. o_b + T] with o_b uniform from a seeded PRNG. */
  train: Int32Array | number[];
  /** Held-out tokens: the held-out loss is the mean loss of evalBatches × batchSize fixed, evenly spread rows. */
  heldOut?: Int32Array | number[] | null;
  /** B, default 8. */
  batchSize?: number;
  /** T, default config.seqLen. */
  seqLen?: number;
  steps: number;
  /** Held-out loss every this many steps (0: only at 0 and the end). Default 100. */
  evalInterval?: number;
  /** Default 4. */
  evalBatches?: number;
  /** A sample every this many steps (and at the end; 0: only at the end). Default 200. */
  sampleInterval?: number;
  /** What to sample: a prompt (text, encoded with the vocabulary when one is given, or ids) and GenerateOptions. Default: no samples. */
  sample?: { prompt: string | number[]; maxNewTokens?: number; temperature?: number; seed?: number; topK?: number } | null;
  /** Sets config.vocabSize, the tokenizer and its kind, and encodes a text prompt. */
  vocabulary?: Vocabulary;
  /** tokenizer.bin bytes (when no vocabulary is given), and their kind (default 'bpe'). */
  tokenizer?: ArrayBuffer | Uint8Array | null;
  tokenizerKind?: 'bpe' | 'char';
  backend?: Backend | 'auto';
  onProgress?: (progress: TrainProgress) => void;
  onSample?: (sample: TrainSample) => void;
  /**
   * Take a checkpoint (TrainCheckpoint) at most every this many seconds of
   * training, at every pause and at the end, and hand it to onCheckpoint
   * (and keep it as lastCheckpoint). Default 0: none unless checkpoint() is asked.
   */
  checkpointSeconds?: number;
  onCheckpoint?: (checkpoint: TrainCheckpoint) => void;
  /**
   * Go on from this checkpoint of a run with the same options (config, seed,
   * trainer, data, batch size): its weights and optimiser state are loaded,
   * the batches of the steps taken are skipped, and the run continues at
   * step checkpoint.step + 1 — the same steps, bit for bit, as a run never
   * interrupted. No step-0 held-out loss is sent again.
   */
  resume?: TrainCheckpoint | null;
  /** Start paused (before the next step); resume() goes on. Default false. */
  paused?: boolean;
}

/**
 * A run's state between two steps: what a reload (stored, e.g. in
 * IndexedDB) or a worker that died needs to go on. Typed arrays, cloneable.
 */
export interface TrainCheckpoint {
  /** Steps taken. */
  step: number;
  /** model.parameters(). */
  parameters: NamedTensors;
  /** trainer.state(): steps, AdamW's moments. */
  optimizer: TrainerState;
}

export interface TrainResult {
  state: 'done' | 'cancelled';
  /** Steps taken. */
  step: number;
  /** The last step's loss. */
  loss: number | undefined;
  elapsedSeconds: number;
  /** The build the worker trained on: 'wasm-simd-threads' where the page is crossOriginIsolated (by default). */
  backend?: Backend;
}

export interface TrainSnapshot {
  /** llama2.c legacy bytes (Model.fromLlama2c) or AGPT v2 bytes (Model.fromGpt2). */
  checkpoint: Uint8Array;
  format: 'llama2c' | 'agpt';
  /** A copy of the tokenizer.bin the run was started with, or null. */
  tokenizer: Uint8Array | null;
  step: number;
  config: ModelConfig;
}

/**
 * Training in a module Web Worker (in this thread where there is no Worker,
 * as in Node, or with inProcess: true). One model at a time; start() makes a
 * fresh one. pause(), resume() and cancel() land between two steps (a paused
 * or finished run keeps its model for snapshot, generate and forward). A step
 * that fails (e.g. a loss that is not finite) rejects start() with an
 * AttnscopeError; the weights stay those of the last good step.
 * @example
 * const vocab = attn.buildVocabulary(text);
 * const ids = vocab.encode(text), cut = Math.floor(ids.length * 0.9);
 * const worker = new attn.TrainerWorker();
 * await worker.start({ config: { dim: 48, hiddenDim: 128, nLayers: 2, nHeads: 4, nKvHeads: 4, seqLen: 64 },
 *   vocabulary: vocab, train: ids.subarray(0, cut), heldOut: ids.subarray(cut), steps: 300,
 *   onProgress: (p) => console.log(p.step, p.loss, p.heldOutLoss) });
 * const { checkpoint, tokenizer } = await worker.snapshot();
 */
export class TrainerWorker {
  constructor(options?: { backend?: Backend | 'auto'; inProcess?: boolean });
  readonly state: 'idle' | 'running' | 'paused' | 'done' | 'cancelled' | 'failed' | 'disposed';
  /** Steps taken in the current (or last) run. */
  readonly step: number;
  /**
   * The last checkpoint the worker sent (checkpointSeconds, checkpoint()), or
   * null. It outlives a worker that died: when an error nothing caught ends
   * the worker (a trap, memory exhausted), start() rejects naming the step
   * and this checkpoint's, the state becomes 'failed', and the next start()
   * runs in a fresh worker — start({ ...options, resume: lastCheckpoint }).
   * That error carries workerStopped: { step, why, checkpointStep }.
   */
  readonly lastCheckpoint: TrainCheckpoint | null;
  start(options: TrainStartOptions): Promise<TrainResult>;
  /** The run's weights and optimiser state now (between two steps); also kept as lastCheckpoint. */
  checkpoint(): Promise<TrainCheckpoint>;
  pause(): Promise<{ state: string; step: number }>;
  resume(): Promise<{ state: string; step: number }>;
  cancel(): Promise<{ state: string; step: number }>;
  /** The weights now as checkpoint bytes (transferred). format 'auto': llama2.c when the architecture fits, else AGPT. */
  snapshot(options?: { format?: 'auto' | 'llama2c' | 'agpt' }): Promise<TrainSnapshot>;
  /** model.parameters() of the worker's model. */
  parameters(): Promise<Record<string, Tensor>>;
  /** model.toHuggingFace() of the worker's model (docs/TRAINING.md: continue in PyTorch). */
  toHuggingFace(): Promise<HuggingFaceFolder>;
  generate(prompt: string | number[], options?: GenerateOptions): Promise<Pick<GenerateResult, 'ids' | 'promptIds' | 'text' | 'stopReason'>>;
  forward(ids: number[], options?: ForwardOptions): Promise<ForwardResult>;
  dispose(): void;
}
