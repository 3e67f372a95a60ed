// Types of <attn-kv-head-sharing> (attn-kv-head-sharing.js); index.d.ts re-exports them.
import type { ExperimentElement } from './experiment-element.js';

/** The run options <attn-kv-head-sharing> exposes (runKvHeadSharing in attnscope/experiments; the run uses seeds 1 … seeds). */
export interface KvHeadSharingSettings {
  steps: number;
  seeds: number;
}

/**
 * `<attn-kv-head-sharing>`: multi-head, grouped-query and multi-query
 * attention on one budget, live. Trains runKvHeadSharing's models (8, 2 and
 * 1 KV heads, once per seed) in an ExperimentWorker (Run, Pause/Resume,
 * Cancel; progress bar) and draws held-out loss against the KV-cache bytes
 * per token (each seed as a dot, the mean as a line), the training curves,
 * and the lecture's claim judged against the seed-to-seed spread; the
 * committed reference run beside it, labelled.
 *
 * Attributes: `steps` (25–2000), `seeds` (1–4: seeds 1 … n), `lang`.
 * Defining it also defines `<attn-line-chart>`.
 * Events: `settings-change` (detail KvHeadSharingSettings), `state-change`,
 * `run-end` (detail {data}), `reference-load`.
 * @example <attn-kv-head-sharing steps="200" seeds="2"></attn-kv-head-sharing>
 */
export declare class AttnKvHeadSharing extends ExperimentElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnKvHeadSharing;
  get settings(): KvHeadSharingSettings;
  set settings(s: Partial<KvHeadSharingSettings>);
  /** The live run's data so far (null before a run). */
  readonly data: unknown;
}

declare global {
  interface HTMLElementTagNameMap {
    'attn-kv-head-sharing': AttnKvHeadSharing;
  }
}
