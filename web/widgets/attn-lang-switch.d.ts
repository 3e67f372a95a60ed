// Types of <attn-lang-switch> (attn-lang-switch.js); index.d.ts re-exports them.
import type { Lang } from './i18n.js';

/**
 * `<attn-lang-switch>`: a 日本語 | English toggle. Switches every attnscope
 * widget on the page and fires `change` with detail {lang}.
 */
export declare class AttnLangSwitch extends HTMLElement {
  static define(name?: string, registry?: CustomElementRegistry): typeof AttnLangSwitch;
  /** The current language; setting it switches the page. */
  value: Lang;
}

declare global {
  interface HTMLElementTagNameMap {
    'attn-lang-switch': AttnLangSwitch;
  }
}
