// Shadow-DOM styles of <attn-block-explorer>; themed like <attn-heatmap> by
// --attn-ink, --attn-muted, --attn-accent, --attn-mono on the host.
export const STYLE = `
:host {
  display: block; color: var(--attn-ink, #1b2430);
  --accent: var(--attn-accent, #3451b2); --muted: var(--attn-muted, #5b6675);
  --mono: var(--attn-mono, ui-monospace, "SFMono-Regular", "DejaVu Sans Mono", Menlo, Consolas, monospace);
}
:host([hidden]) { display: none; }
[hidden] { display: none !important; }
.status { margin: 0; padding: 12px 14px; color: var(--muted); border: 1px dashed var(--attn-line, #c9d0da); border-radius: 8px; font-size: 14px; }
.status.error { color: #a1121f; border-color: #e8a3aa; background: #fff6f7; }
.nav { padding: 0 0 14px; margin: 0 0 16px; border-bottom: 1px solid var(--attn-line, #e1e6ee); }
.stage-head { display: flex; flex-wrap: wrap; align-items: baseline; gap: 6px 14px; margin: 0 0 6px; }
.step-no { font-size: 12px; font-weight: 650; color: var(--accent); letter-spacing: 0.04em; text-transform: uppercase; }
.step-no:lang(ja) { text-transform: none; }
.title { font-size: 18px; margin: 0; }
.formula {
  font-family: var(--mono); font-size: 13px; background: var(--attn-subtle, #f5f7fb); border: 1px solid var(--attn-line, #e1e6ee);
  padding: 3px 9px; border-radius: 6px; white-space: pre-wrap;
}
.shape { font-family: var(--mono); font-size: 12px; color: var(--muted); }
sub { font-size: 0.72em; }
.explain { margin: 4px 0 16px; font-size: 13.5px; color: var(--muted); max-width: 62em; line-height: 1.6; }
.views { display: flex; flex-direction: column; gap: 18px; }
.pagers { display: flex; justify-content: space-between; margin-top: 16px; }
.pager {
  font: inherit; font-size: 13px; padding: 6px 14px; border-radius: 8px; cursor: pointer;
  border: 1px solid var(--accent); background: var(--attn-surface, #fff); color: var(--accent);
}
.pager:hover:not(:disabled) { background: #e8edfb; }
.pager:disabled { border-color: var(--attn-line, #d5dbe5); color: #9aa4b2; cursor: default; }
.pager:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
`;
