// <attn-site-nav>: the playground's one navigation bar, drawn from pages.js
// (so a new page is one line there, not a link copied into every page). The
// current page is found from location (or the `current` attribute, a nav
// key). At narrow widths the links fold behind a menu button that opens them
// in the page's flow, so they never cover content.
import { AttnElement } from '../widgets/attn-element.js';
import { AttnLangSwitch } from '../widgets/attn-lang-switch.js';
import { PAGES, pageAt } from './pages.js';

const MENU = { ja: 'メニュー', en: 'Menu' };
const LABEL = { ja: 'サイト内のページ', en: 'Pages of this site' };

const STYLE = `
:host {
  display: block; --bg: #ffffff; --line: #e1e6ee; --ink: #1b2430; --accent: var(--attn-accent, #3451b2); --accent-soft: #e8edfb;
  background: var(--bg); border-bottom: 1px solid var(--line); color: var(--ink);
  font-family: var(--attn-sans, system-ui, -apple-system, "Segoe UI", "Hiragino Sans", "Noto Sans CJK JP", sans-serif);
}
@media (prefers-color-scheme: dark) {
  :host { --bg: #161b22; --line: #30363d; --ink: #e6edf3; --accent: var(--attn-accent, #8fa8ff); --accent-soft: #1f2a4a; }
}
:host([hidden]) { display: none; }
nav { max-width: 1280px; margin: 0 auto; padding: 10px 24px; display: flex; flex-wrap: wrap; align-items: center; gap: 6px 16px; }
.brand {
  font-family: var(--attn-mono, ui-monospace, "DejaVu Sans Mono", Menlo, monospace); font-size: 13px; font-weight: 650;
  letter-spacing: 0.04em; color: var(--accent); background: var(--accent-soft); padding: 4px 9px; border-radius: 6px; text-decoration: none;
}
/* Brand and language on the first row, the pages on the second: room for any number of pages. */
attn-lang-switch { margin-left: auto; }
ul { list-style: none; order: 3; flex-basis: 100%; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: 2px 18px; font-size: 14px; }
a { color: var(--accent); text-decoration: none; }
a:hover { text-decoration: underline; }
a:focus-visible, button:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; border-radius: 4px; }
a[aria-current="page"] { color: var(--ink); font-weight: 650; }
.menu {
  display: none; margin-left: auto; font: inherit; font-size: 14px; min-height: 40px; padding: 6px 14px;
  border: 1px solid var(--line); border-radius: 8px; background: var(--bg); color: var(--ink); cursor: pointer;
}
@media (max-width: 760px) {
  nav { padding: 8px 14px; }
  .menu { display: inline-block; margin-left: auto; }
  attn-lang-switch { margin-left: 0; }
  ul { display: none; margin: 4px 0 6px; grid-template-columns: 1fr 1fr; gap: 2px 12px; }
  nav.open ul { display: grid; }
  li a { display: block; padding: 10px 4px; min-height: 44px; }
}
@media (forced-colors: active) { a[aria-current="page"] { text-decoration: underline; } }
`;

export class AttnSiteNav extends AttnElement {
  static tag = 'attn-site-nav';
  static uses = { 'attn-lang-switch': AttnLangSwitch };
  static get observedAttributes() { return ['current', 'lang']; }

  #nav; #list; #menu;

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    const style = document.createElement('style');
    style.textContent = STYLE;
    this.#nav = document.createElement('nav');
    const brand = Object.assign(document.createElement('a'), { className: 'brand', href: './', textContent: 'attnscope' });
    this.#menu = Object.assign(document.createElement('button'), { type: 'button', className: 'menu' });
    this.#menu.setAttribute('aria-expanded', 'false');
    this.#menu.setAttribute('aria-controls', 'pages');
    this.#list = Object.assign(document.createElement('ul'), { id: 'pages' });
    this.#nav.append(brand, this.#menu, this.#list, new AttnLangSwitch());
    root.append(style, this.#nav);
    this.#menu.addEventListener('click', () => this.#toggle());
  }

  /** The nav key of the page marked current. */
  get current() { return this.getAttribute('current') ?? pageAt(location.pathname)?.nav ?? null; }

  #toggle(open = !this.#nav.classList.contains('open')) {
    this.#nav.classList.toggle('open', open);
    this.#menu.setAttribute('aria-expanded', String(open));
  }

  render() {
    const lang = this.language;
    const current = this.current;
    this.#nav.setAttribute('aria-label', LABEL[lang]);
    this.#menu.textContent = MENU[lang];
    this.#list.replaceChildren(...PAGES.map((page) => {
      const a = document.createElement('a');
      a.href = page.path === 'index.html' ? './' : page.path;
      a.textContent = page.title[lang];
      a.dataset.nav = page.nav;
      if (page.nav === current) a.setAttribute('aria-current', 'page');
      const li = document.createElement('li');
      li.append(a);
      return li;
    }));
  }
}
