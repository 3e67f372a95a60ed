// <attn-site-nav>: the playground's one navigation bar, drawn from pages.js
// (a new page is one line there, not a link copied into every page). The
// pages are filed under the GROUPS of pages.js, each a disclosure button with
// its page list (styles and layouts: site-nav-style.js). The current page is
// found from location (or the `current` attribute, a nav key); its link has
// aria-current="page" and its group's button aria-current="true".
// Keyboard: Tab through the buttons and links, Enter/Space open a group,
// Escape closes it (then the phone menu) and returns focus to its button.
import { AttnElement } from '../widgets/attn-element.js';
import { AttnLangSwitch } from '../widgets/attn-lang-switch.js';
import { GROUPS, PAGES, pageAt, pagesIn } from './pages.js';
import { NARROW_MEDIA, NAV_STYLE } from './site-nav-style.js';

const MENU = { ja: 'メニュー', en: 'Menu' };
const LABEL = { ja: 'サイト内のページ', en: 'Pages of this site' };
const HOME = PAGES.find((p) => p.nav === 'home');

const el = (tag, props = {}, ...children) => {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
};
const href = (page) => (page.path === 'index.html' ? './' : page.path);

export class AttnSiteNav extends AttnElement {
  static tag = 'attn-site-nav';
  static uses = { 'attn-lang-switch': AttnLangSwitch };
  static get observedAttributes() { return ['current', 'lang']; }

  #nav; #brand; #menu;
  #buttons = new Map(); // group id → its disclosure button
  #links = new Map(); // nav key → its link

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    this.#brand = el('a', { className: 'brand', href: href(HOME), textContent: 'attnscope' });
    this.#menu = el('button', { type: 'button', className: 'menu' });
    this.#menu.setAttribute('aria-expanded', 'false');
    this.#menu.setAttribute('aria-controls', 'groups');
    const groups = el('ul', { className: 'groups', id: 'groups' }, ...GROUPS.map((group) => this.#groupItem(group)));
    this.#nav = el('nav', {}, this.#brand, this.#menu, groups, new AttnLangSwitch());
    root.append(el('style', { textContent: NAV_STYLE }), this.#nav);
    this.#menu.addEventListener('click', () => this.#openMenu(!this.menuOpen));
    this.#nav.addEventListener('keydown', (e) => { if (e.key === 'Escape') this.#escape(e); });
  }

  #groupItem(group) {
    const button = el('button', { type: 'button', className: 'group-button' });
    button.setAttribute('aria-expanded', 'false');
    button.setAttribute('aria-controls', `pages-${group.id}`);
    button.addEventListener('click', () => this.#openGroup(this.openGroup === group.id ? null : group.id));
    this.#buttons.set(group.id, button);
    const links = pagesIn(group.id).map((page) => {
      const a = el('a', { href: href(page) });
      a.dataset.nav = page.nav;
      this.#links.set(page.nav, a);
      return el('li', {}, a);
    });
    const item = el('li', { className: 'group' }, button, el('ul', { className: 'pages', id: `pages-${group.id}` }, ...links));
    // A drop-down closes when focus leaves its group (on wide screens, where it lies over the page).
    item.addEventListener('focusout', (e) => {
      if (!this.#narrow() && !item.contains(e.relatedTarget) && this.openGroup === group.id) this.#openGroup(null);
    });
    return item;
  }

  connected() {
    // A click anywhere else closes a drop-down (composedPath sees into this shadow root).
    const onClick = (e) => { if (!e.composedPath().includes(this) && !this.#narrow()) this.#openGroup(null); };
    document.addEventListener('click', onClick);
    this.onDisconnect(() => document.removeEventListener('click', onClick));
  }

  /** The nav key of the page marked current. */
  get current() { return this.getAttribute('current') ?? pageAt(location.pathname)?.nav ?? null; }
  /** The id of the group whose page list is open, or null. */
  get openGroup() {
    for (const [id, button] of this.#buttons) if (button.getAttribute('aria-expanded') === 'true') return id;
    return null;
  }
  /** Whether the narrow-screen menu is open. */
  get menuOpen() { return this.#nav.classList.contains('open'); }

  #narrow() { return matchMedia(NARROW_MEDIA).matches; }
  #currentGroup() { return PAGES.find((p) => p.nav === this.current)?.group ?? null; }

  #openGroup(id) {
    for (const [groupId, button] of this.#buttons) button.setAttribute('aria-expanded', String(groupId === id));
  }

  #openMenu(open) {
    this.#nav.classList.toggle('open', open);
    this.#menu.setAttribute('aria-expanded', String(open));
    // Opening shows where the reader is: the current page's group, unfolded.
    this.#openGroup(open ? this.#currentGroup() : null);
  }

  #escape(e) {
    const open = this.openGroup;
    if (open) {
      this.#openGroup(null);
      this.#buttons.get(open).focus();
    } else if (this.menuOpen) {
      this.#openMenu(false);
      this.#menu.focus();
    } else {
      return;
    }
    e.preventDefault();
    e.stopPropagation();
  }

  render() {
    const lang = this.language;
    const current = this.current;
    const currentGroup = this.#currentGroup();
    this.#nav.setAttribute('aria-label', LABEL[lang]);
    this.#menu.replaceChildren(el('span', { className: 'menu-text', textContent: MENU[lang] }));
    if (current === HOME.nav) this.#brand.setAttribute('aria-current', 'page');
    else this.#brand.removeAttribute('aria-current');
    this.#brand.title = HOME.title[lang];
    for (const group of GROUPS) {
      const button = this.#buttons.get(group.id);
      button.textContent = group.title[lang];
      if (group.id === currentGroup) button.setAttribute('aria-current', 'true');
      else button.removeAttribute('aria-current');
    }
    for (const page of PAGES) {
      const a = this.#links.get(page.nav);
      if (!a) continue;
      a.textContent = page.title[lang];
      if (page.nav === current) a.setAttribute('aria-current', 'page');
      else a.removeAttribute('aria-current');
    }
  }
}
