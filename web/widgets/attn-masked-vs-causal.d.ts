// Types of <attn-masked-vs-causal> (attn-masked-vs-causal.js); index.d.ts re-exports them.
import type { ExperimentElement } from './experiment-element.js';

/** The run options <attn-masked-vs-causal> exposes (runMaskedVsCausal in attnscope/experiments). */
export interface MaskedVsCausalSettings {
  steps: number;
  seed: number;
  /** The learner's sentence, `_` for each character to fill. */
  sentence: string;
}

/**
 * `<attn-masked-vs-causal>`: GPT against BERT on one budget, live. Trains
 * runMaskedVsCausal's causal and masked models in an ExperimentWorker (Run,
 * Pause/Resume, Cancel; progress bar) and shows both held-out curves, the
 * fill and next-character scores with the claim's verdict, the learner's
 * sentence filled by each (top three candidates per blank), the two
 * attention maps side by side (last layer, mean over heads, of what each
 * read) and the causal model's continuation next to the masked model's
 * refusal; the committed reference run until a run of your own comes in.
 *
 * Attributes: `steps` (50–5000 per model), `seed`, `sentence` (`_` marks a
 * blank; every other character must occur in the corpus), `lang`.
 * Defining it also defines `<attn-line-chart>` and `<attn-heatmap>`.
 * Events: `settings-change` (detail MaskedVsCausalSettings), `state-change`,
 * `run-end` (detail {data}), `reference-load`.
 * @example <attn-masked-vs-causal steps="300" sentence="Mr. Darcy w_lked in."></attn-masked-vs-causal>
 */
export declare class AttnMaskedVsCausal extends ExperimentElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnMaskedVsCausal;
  get settings(): MaskedVsCausalSettings;
  set settings(s: Partial<MaskedVsCausalSettings>);
  /** The live run's data so far (null before a run). */
  readonly data: unknown;
}

declare global {
  interface HTMLElementTagNameMap {
    'attn-masked-vs-causal': AttnMaskedVsCausal;
  }
}
