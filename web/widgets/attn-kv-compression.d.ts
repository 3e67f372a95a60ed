// Types of <attn-kv-compression> (attn-kv-compression.js); index.d.ts re-exports them.
import type { ExperimentElement } from './experiment-element.js';

/** The run options <attn-kv-compression> exposes (runKvCacheCompression in attnscope/experiments). */
export interface KvCompressionSettings {
  steps: number;
  seed: number;
}

/**
 * `<attn-kv-compression>`: KV-cache compression on a trained model, live.
 * Trains runKvCacheCompression's model in an ExperimentWorker (Run,
 * Pause/Resume, Cancel; progress bar), then draws the continuation's loss
 * against the share of the cache kept for each rule — recency window,
 * accumulated attention, expected attention, KV heads merged by QCQA-style
 * or uniform groups — between the full-cache and no-cache lines; which
 * positions each eviction rule keeps of one window; and the training curve.
 * The committed reference run is shown until a run of your own has results.
 *
 * Attributes: `steps` (20–3000), `seed`, `lang`. Defining it also defines
 * `<attn-line-chart>`.
 * Events: `settings-change` (detail KvCompressionSettings), `state-change`,
 * `run-end` (detail {data}), `reference-load`.
 * @example <attn-kv-compression steps="300"></attn-kv-compression>
 */
export declare class AttnKvCompression extends ExperimentElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnKvCompression;
  get settings(): KvCompressionSettings;
  set settings(s: Partial<KvCompressionSettings>);
  /** The live run's data so far (null before a run). */
  readonly data: unknown;
}

declare global {
  interface HTMLElementTagNameMap {
    'attn-kv-compression': AttnKvCompression;
  }
}
