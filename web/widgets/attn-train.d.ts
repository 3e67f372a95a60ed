// Types of <attn-train> (attn-train.js); index.d.ts re-exports them.
import type { TrainerWorker, TrainProgress, TrainResult, TrainSample, TrainSnapshot, Vocabulary } from '../lib/index.js';
import type { Matrix } from './matrix.js';

/**
 * `<attn-train>`: a tiny llama-shaped model learns a text in the page
 * (attn.TrainerWorker in a module Web Worker). The text is the shipped
 * Austen novel or any pasted UTF-8 text, as characters or UTF-8 bytes
 * (attn.buildVocabulary); the last tenth is held out. While it trains: the
 * training and held-out loss curves, tokens/s, time left, a sample (temperature 0.8, the run's seed each time)
 * every `sample-every` steps and one head's attention on the last sample.
 * Pause, resume, reset, download the checkpoint (llama2.c format) and its
 * tokenizer.bin or the Hugging Face folder PyTorch reads ("Download for
 * PyTorch"), and (with `models-href`) open the model in the Tiny models
 * page.
 *
 * ```html
 * <attn-train preset="tiny" steps="600" seed="1" models-href="models.html"></attn-train>
 * ```
 *
 * A run pauses itself when the tab is hidden (the status line says so;
 * Resume goes on). A worker that dies mid-run is reported (state 'failed',
 * the error line) and a "Resume from step K" button goes on from its last
 * checkpoint. With `persist` the run survives a reload: a checkpoint (the
 * weights and AdamW's state) with the curves and samples is kept in this
 * browser's IndexedDB every 2 s of training and at every pause, and the
 * element goes on from it when the page comes back (paused if it was).
 *
 * Attributes: `text` ('austen' | 'own'), `level` ('char' | 'byte'),
 * `preset` ('tiny' | 'small' | 'medium'), `steps`, `seed`, `prompt`,
 * `sample-every`, `eval-every`, `models-href`, `persist`, `lang`.
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
  /** Why the run is paused: 'user', 'hidden' (the tab was hidden), or null. */
  readonly pauseReason: 'user' | 'hidden' | null;
  /**
   * Trains a fresh model with the controls' settings (null after an error,
   * which is shown); { resume: true } goes on from the last checkpoint of a
   * run that failed.
   */
  train(options?: { resume?: boolean }): Promise<TrainResult | null>;
  /** Pauses after the current step; 'hidden' is what the element passes when the tab is hidden. */
  pause(reason?: 'user' | 'hidden'): Promise<unknown> | null;
  resume(): Promise<unknown> | null;
  /** Ends any run, frees the model, clears the plot and samples. */
  reset(): void;
  /** The weights now (+ the tokenizer kind), or null before a run. */
  snapshot(): Promise<(TrainSnapshot & { tokenizerKind: 'char' | 'bpe' }) | null>;
  /**
   * Saves the checkpoint or the tokenizer.bin as a file, or ('huggingface')
   * model.toHuggingFace()'s files: into a folder the reader picks where the
   * browser has a folder picker (Chromium), else as one download per file.
   */
  download(what?: 'checkpoint' | 'tokenizer' | 'huggingface'): Promise<void>;
  /** Stores the model in this browser (IndexedDB) and opens models-href?open=trained. */
  openInModels(): Promise<void>;
}

declare global {
  interface HTMLElementTagNameMap {
    'attn-train': AttnTrain;
  }
}
