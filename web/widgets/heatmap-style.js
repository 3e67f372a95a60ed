// Shadow-DOM styles of <attn-heatmap>. Custom properties on the host theme it:
// --attn-ink, --attn-muted, --attn-accent, --attn-font, --attn-mono.
export const STYLE = `
:host {
  display: block;
  color: var(--attn-ink, #1b2430);
  font-family: var(--attn-font, inherit);
  --mono: var(--attn-mono, ui-monospace, "SFMono-Regular", "DejaVu Sans Mono", Menlo, Consolas, monospace);
  --muted: var(--attn-muted, #5b6675);
  --accent: var(--attn-accent, #3451b2);
}
:host([hidden]) { display: none; }
[hidden] { display: none !important; }
.frame { position: relative; margin: 0; display: inline-block; max-width: 100%; text-align: start; vertical-align: top; }
.caption { font-weight: 600; margin: 0 0 8px; }
.status { margin: 0; padding: 12px 14px; color: var(--muted); border: 1px dashed var(--attn-line, #c9d0da); border-radius: 8px; font-size: 14px; }
.status.error { color: #a1121f; border-color: #e8a3aa; background: #fff6f7; }
.plot { display: inline-flex; flex-direction: column; align-items: stretch; gap: 6px; max-width: 100%; overflow-x: auto; padding-bottom: 2px; }
.col-title { font-size: 12px; color: var(--muted); text-align: center; letter-spacing: 0.02em; padding-bottom: 2px; }
.col-title:empty { padding: 0; }
.row-title { align-self: end; text-align: right; padding: 0 6px 4px 0; font-size: 12px; color: var(--muted); letter-spacing: 0.02em; white-space: nowrap; }
.row { display: contents; }
.grid { display: grid; gap: 1px; align-items: stretch; outline: none; border-radius: 4px; }
.grid:focus-visible { outline: 2px solid transparent; outline-offset: 2px; box-shadow: 0 0 0 3px color-mix(in srgb, var(--accent) 35%, transparent); }
.col-label, .row-label, .sum-header { font-size: 12px; color: var(--ink, #2b3441); white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.col-label { align-self: end; text-align: center; padding-bottom: 4px; }
.col-label.rot { writing-mode: vertical-rl; justify-self: center; max-height: 7.5em; padding: 0 0 4px; line-height: var(--cell); }
.row-label { text-align: right; padding-right: 6px; max-width: 9em; line-height: var(--cell); }
.row-label.hl, .col-label.hl { color: var(--accent); font-weight: 700; }
.grid.tiny .row-label, .grid.tiny .col-label { font-size: 10px; overflow: visible; }
.grid.tiny .row-label { line-height: 1; align-self: center; }
.skip:not(.hl) { visibility: hidden; }
.cell {
  width: var(--cell); height: var(--cell); box-sizing: border-box;
  display: flex; align-items: center; justify-content: center;
  font-family: var(--mono); font-size: clamp(9px, calc(var(--cell) * 0.3), 13px);
  font-variant-numeric: tabular-nums; cursor: crosshair; user-select: none;
}
.grid.small .cell { font-size: 0; }
.cell.masked {
  background-image: repeating-linear-gradient(135deg, rgba(96, 108, 128, 0.16) 0 1.5px, transparent 1.5px 5px);
}
.cell.active, .sum.active { outline: 2px solid var(--attn-ink, #111827); outline-offset: -1px; position: relative; z-index: 1; }
.sum-header { align-self: end; padding: 0 0 4px 10px; color: var(--muted); }
.sum {
  padding: 0 8px 0 10px; margin-left: 4px; display: flex; align-items: center; justify-content: flex-end;
  font-family: var(--mono); font-size: clamp(10px, calc(var(--cell) * 0.3), 13px); font-variant-numeric: tabular-nums;
  background: var(--attn-subtle, #f1f3f7); color: var(--attn-ink, #2b3441); border-radius: 2px; cursor: crosshair;
}
.legend { display: flex; align-items: center; gap: 8px; font-size: 11px; color: var(--muted); font-family: var(--mono); margin-top: 4px; }
.bar { width: 160px; height: 10px; border-radius: 3px; box-shadow: inset 0 0 0 1px rgba(0, 0, 0, 0.08); }
.tooltip {
  position: absolute; z-index: 10; pointer-events: none; white-space: nowrap;
  background: #1b2430; color: #fff; border-radius: 6px; padding: 7px 10px;
  font-size: 13px; line-height: 1.45; box-shadow: 0 6px 18px rgba(15, 23, 42, 0.25);
}
.tooltip q { quotes: "“" "”"; color: #c7d2fe; }
.tooltip q:lang(ja) { quotes: "「" "」"; }
.tip-where { color: #cbd5e1; font-size: 12px; }
.tip-value { font-family: var(--mono); font-size: 14px; color: #fff; }
.tip-note { color: #fcd34d; font-size: 12px; margin-top: 2px; }
/* Forced colours (Windows high contrast): the cell colours are the data, so they stay; the active cell gets the system highlight. */
@media (forced-colors: active) {
  .cell, .sum, .bar { forced-color-adjust: none; }
  .cell.active, .sum.active { outline-color: Highlight; }
}
`;
