// Types of <attn-stepper> (attn-stepper.js); index.d.ts re-exports them.

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

declare global {
  interface HTMLElementTagNameMap {
    'attn-stepper': AttnStepper;
  }
}
