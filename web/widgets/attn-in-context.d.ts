// Types of <attn-in-context> (attn-in-context.js); index.d.ts re-exports them.
import type { ExperimentElement } from './experiment-element.js';

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
export declare class AttnInContext extends ExperimentElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnInContext;
  get settings(): InContextSettings;
  set settings(s: Partial<InContextSettings>);
  /** The live run's data so far (null before a run). */
  readonly data: unknown;
}

declare global {
  interface HTMLElementTagNameMap {
    'attn-in-context': AttnInContext;
  }
}
