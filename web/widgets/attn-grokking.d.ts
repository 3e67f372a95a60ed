// Types of <attn-grokking> (attn-grokking.js); index.d.ts re-exports them.
import type { ExperimentElement } from './experiment-element.js';

/**
 * `<attn-grokking>`: grokking, live (runGrokking of 'attnscope/experiments').
 * Trains a one-block Transformer of the core on a ∘ b mod p in a Worker, with
 * Train, Pause/Resume and Cancel, and draws training and validation accuracy
 * and loss against the step (log axis) as they come, then the embedding's
 * Fourier spectrum; the project's reference run is drawn dashed (training) and
 * dotted (validation), labelled.
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
export declare class AttnGrokking extends ExperimentElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnGrokking;
  static readonly observedAttributes: string[];
  /** The run's options from the attributes. */
  settings: { p: number; operation: 'add' | 'subtract'; trainFraction: number; weightDecay: number; seed: number; steps: number };
  /** The live run's data so far (GrokkingData of 'attnscope/experiments'), or null. */
  readonly data: object | null;
}

declare global {
  interface HTMLElementTagNameMap {
    'attn-grokking': AttnGrokking;
  }
}
