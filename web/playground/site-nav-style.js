// The shadow styles of <attn-site-nav>. Wide screens: one line — the brand,
// a disclosure button per group whose page list drops down over the page
// (transient, like any menu), the language switch. Narrow screens (≤ 960 px):
// the brand, the language switch and a Menu button; the menu opens in the
// page's flow (it never covers content) with the groups as 44 px rows, the
// current page's group open, its pages in two columns.
/** The widths at which the groups fold behind the Menu button (the element reads it too). */
export const NARROW_MEDIA = '(max-width: 960px)';

export const NAV_STYLE = `
:host {
  display: block; --bg: #ffffff; --line: #e1e6ee; --ink: #1b2430; --accent: var(--attn-accent, #3451b2); --accent-soft: #e8edfb;
  background: var(--bg); border-bottom: 1px solid var(--line); color: var(--ink); position: relative; z-index: 20;
  font-family: var(--attn-sans, system-ui, -apple-system, "Segoe UI", "Hiragino Sans", "Noto Sans CJK JP", sans-serif);
}
@media (prefers-color-scheme: dark) {
  :host { --bg: #161b22; --line: #30363d; --ink: #e6edf3; --accent: var(--attn-accent, #8fa8ff); --accent-soft: #1f2a4a; }
}
:host([hidden]) { display: none; }
nav { max-width: 1280px; margin: 0 auto; padding: 8px 24px; display: flex; flex-wrap: wrap; align-items: center; gap: 6px 12px; }
ul { list-style: none; margin: 0; padding: 0; }
a { color: var(--accent); text-decoration: none; }
a:hover { text-decoration: underline; }
a:focus-visible, button:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; border-radius: 4px; }
.brand {
  font-family: var(--attn-mono, ui-monospace, "DejaVu Sans Mono", Menlo, monospace); font-size: 13px; font-weight: 650;
  letter-spacing: 0.04em; color: var(--accent); background: var(--accent-soft); padding: 4px 9px; border-radius: 6px; margin-right: 4px;
}
.brand[aria-current="page"] { outline: 1px solid var(--accent); }
attn-lang-switch { margin-left: auto; }
button { font: inherit; color: var(--ink); background: transparent; cursor: pointer; }
.groups { display: flex; align-items: center; gap: 2px; }
.group { position: relative; }
.group-button {
  font-size: 14px; border: 0; border-bottom: 2px solid transparent; padding: 6px 8px; border-radius: 6px 6px 0 0; white-space: nowrap;
}
.group-button::after { content: "▾"; display: inline-block; margin-left: 5px; font-size: 11px; color: var(--accent); transition: transform 0.15s; }
.group-button[aria-expanded="true"]::after { transform: rotate(180deg); }
.group-button:hover { color: var(--accent); }
.group-button[aria-current="true"] { border-bottom-color: var(--accent); font-weight: 650; }
.pages {
  position: absolute; top: calc(100% + 6px); left: 0; min-width: 15rem; padding: 6px; z-index: 30;
  background: var(--bg); border: 1px solid var(--line); border-radius: 10px; box-shadow: 0 8px 24px rgb(20 30 50 / 0.16);
}
@media (max-width: 1100px) {
  nav { padding-inline: 14px; }
  .group:last-child .pages { left: auto; right: 0; }
}
.group-button[aria-expanded="false"] + .pages { display: none; }
.pages a { display: block; padding: 7px 10px; border-radius: 6px; font-size: 14px; white-space: nowrap; }
.pages a:hover { background: var(--accent-soft); text-decoration: none; }
.pages a[aria-current="page"] { color: var(--ink); font-weight: 650; background: var(--accent-soft); }
.menu { display: none; font-size: 14px; min-height: 44px; padding: 6px 14px; border: 1px solid var(--line); border-radius: 8px; background: var(--bg); }
.menu::before { content: "☰" / ""; margin-right: 6px; }
@media ${NARROW_MEDIA} {
  nav { padding: 6px 12px; gap: 6px 8px; }
  .brand { margin-right: auto; }
  .menu { display: inline-block; order: 2; padding: 6px 10px; }
  attn-lang-switch { order: 1; margin-left: 0; }
  .groups { order: 3; flex-basis: 100%; display: none; flex-direction: column; align-items: stretch; gap: 0; margin: 4px 0 6px; }
  nav.open .groups { display: flex; }
  .group { border-top: 1px solid var(--line); }
  .group-button { width: 100%; min-height: 44px; text-align: left; font-size: 15px; padding: 8px 4px; border-radius: 0; display: flex; align-items: center; }
  .group-button::after { margin-left: auto; font-size: 13px; }
  .pages { position: static; min-width: 0; border: 0; box-shadow: none; padding: 0 0 6px; display: grid; grid-template-columns: 1fr 1fr; gap: 0 8px; }
  .pages a { min-height: 44px; padding: 11px 8px; white-space: normal; line-height: 1.3; }
}
/* The smallest phones: the Menu button shows its icon only (its name stays for screen readers). */
@media (max-width: 374px) {
  .menu-text { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
  .menu::before { margin-right: 0; }
  .menu { min-width: 44px; }
}
@media (prefers-reduced-motion: reduce) { .group-button::after { transition: none; } }
@media (forced-colors: active) {
  .group-button { border-bottom-color: Canvas; } /* a transparent border would be drawn in CanvasText */
  .group-button[aria-current="true"] { border-bottom-color: Highlight; }
  .pages { border-color: CanvasText; }
  .pages a[aria-current="page"] { text-decoration: underline; }
  .brand[aria-current="page"] { outline-color: CanvasText; }
}
`;
