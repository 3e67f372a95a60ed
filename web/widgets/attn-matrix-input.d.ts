// Types of <attn-matrix-input> (attn-matrix-input.js); index.d.ts re-exports them.
import type { Matrix } from './matrix.js';

/**
 * `<attn-matrix-input label="Q" rows="8" cols="16">`: a text box for a
 * matrix, one row per line, numbers separated by spaces or commas. While the
 * text parses to `rows` × `cols` (either optional) it fires `change` with
 * detail {value}; otherwise it shows what is wrong and keeps the last value.
 * Attributes: `label` (the box's name; default "Matrix"), `rows`, `cols`,
 * `lang` ('ja' or 'en').
 */
export declare class AttnMatrixInput extends HTMLElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnMatrixInput;
  /** The last valid matrix, or null. Setting it rewrites the text and fires no event. */
  value: Matrix | null;
  /** The text as typed; setting it parses it (and fires `change` when valid). */
  text: string;
  /** Whether the current text is a valid matrix of the expected shape. */
  readonly valid: boolean;
}

declare global {
  interface HTMLElementTagNameMap {
    'attn-matrix-input': AttnMatrixInput;
  }
}
