// Types of <attn-head-roles> (attn-head-roles.js); index.d.ts re-exports them.
import type { HeadRoles, Model, ModelWorker } from '../lib/index.js';

/** What <attn-head-roles> measures on and shows. */
export interface HeadRolesState {
  /** 'repeated' (random tokens written twice), 'pronoun' and 'name' (the lecture's example sentences), 'own' (`text`). */
  probe: 'repeated' | 'pronoun' | 'name' | 'own';
  /** The reader's text for probe 'own'. */
  text: string;
  /** The opened head, or null. */
  head: { layer: number; head: number } | null;
  /** 'best': each head's name; a role: that role's score in every cell. */
  view: 'best' | 'previousToken' | 'induction' | 'sink' | 'diagonal';
}

/**
 * `<attn-head-roles>`: the lecture's "heads specialise" table, computed
 * instead of asserted. It measures a model with attn.headRoles — four scores
 * per head: attention to the previous token, induction (to the token after
 * an earlier copy of the current one), to the first token, and to itself —
 * and shows a layer × head table; each head is named after its best role
 * when that is at least 0.4, and coloured by it. A click on a head (or
 * Enter; arrow keys move between heads) opens its attention map on the
 * measured sequence. The probe is chosen by the reader: random tokens
 * written twice (Olsson et al. 2022, the default), a sentence with a
 * pronoun, a repeated name, or their own text (the first 128 tokens).
 *
 * The model is the `model` property (a ModelWorker or Model you keep and
 * dispose; `<attn-tiny-gpt>` passes its own), or a shipped model named by
 * the `model` attribute, which the element loads in a Worker of its own.
 * Attributes: `model` ('chars', 'chars-q8', 'words', 'sort'), `probe`, `text`,
 * `head` ('layer.head', e.g. '1.3'), `view`, `lang`.
 * Events: `roles-measured` (detail: HeadRoles), `state-change` (detail:
 * HeadRolesState, when the reader changes the probe, the text, the view or
 * the opened head), `head-open` (detail {layer, head}).
 * @example <attn-head-roles model="chars" probe="name" head="0.5"></attn-head-roles>
 */
export declare class AttnHeadRoles extends HTMLElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnHeadRoles;
  /** The model measured (setting it measures it; the element never disposes a model it was given). */
  model: Model | ModelWorker | null;
  /** Labels of token ids in the attention map (default: the model's piece, spaces shown as ␣). */
  label: ((id: number) => string | Promise<string>) | null;
  /** The last measurement, or null. */
  readonly roles: HeadRoles | null;
  /** Resolves when the measurement in progress has ended (to its result, or null after an error). */
  readonly measured: Promise<HeadRoles | null>;
  /** What is measured and shown; setting any subset remeasures when the probe (or the own text) changes. */
  get state(): HeadRolesState;
  set state(s: Partial<Omit<HeadRolesState, 'head'>> & { head?: { layer: number; head: number } | string | null });
  /** Measures again; resolves to the result (null when there is no model or it failed; the error is shown). */
  measure(): Promise<HeadRoles | null>;
}

declare global {
  interface HTMLElementTagNameMap {
    'attn-head-roles': AttnHeadRoles;
  }
}
