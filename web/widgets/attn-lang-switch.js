// <attn-lang-switch>: 日本語 | English. Switches every attnscope widget on the
// page (through i18n.setLang) and fires `change` with {lang}.
import { LANGS, lang, setLang, t } from './i18n.js';
import { AttnElement } from './attn-element.js';

const NAMES = { ja: '日本語', en: 'English' };

const STYLE = `
:host { display: inline-block; --accent: var(--attn-accent, #3451b2); }
:host([hidden]) { display: none; }
.group { display: inline-flex; border: 1px solid var(--attn-line, #cfd6e0); border-radius: 999px; padding: 2px; background: var(--attn-surface, #fff); }
button {
  font: inherit; font-size: 13px; border: 0; background: transparent; color: var(--attn-ink, #3b4554);
  padding: 4px 12px; border-radius: 999px; cursor: pointer; white-space: nowrap;
}
button:hover { color: var(--accent); }
button[aria-pressed="true"] { background: var(--accent); color: var(--attn-on-accent, #fff); }
button:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
@media (forced-colors: active) { button[aria-pressed="true"] { outline: 2px solid Highlight; outline-offset: -2px; } }
`;

export class AttnLangSwitch extends AttnElement {
  static tag = 'attn-lang-switch';

  #group;

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    root.innerHTML = `<style>${STYLE}</style><div class="group" role="group" part="group"></div>`;
    this.#group = root.querySelector('.group');
    for (const code of LANGS) {
      const b = document.createElement('button');
      b.type = 'button';
      b.lang = code;
      b.dataset.lang = code;
      b.textContent = NAMES[code];
      b.setAttribute('part', 'button');
      this.#group.append(b);
    }
    this.#group.addEventListener('click', (e) => {
      const code = e.target.closest('button')?.dataset.lang;
      if (code && code !== lang()) {
        setLang(code);
        this.dispatchEvent(new CustomEvent('change', { detail: { lang: code } }));
      }
    });
  }


  /** The current language ('ja' | 'en'); setting it switches the page. */
  get value() { return lang(); }
  set value(code) { setLang(code); }

  render() {
    this.#group.setAttribute('aria-label', t('lang.label'));
    for (const b of this.#group.children) b.setAttribute('aria-pressed', String(b.dataset.lang === lang()));
  }
}
