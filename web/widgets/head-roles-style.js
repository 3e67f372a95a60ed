// Shadow-DOM styles of <attn-head-roles>. Role colours are Okabe–Ito's
// (told apart with colour-blindness); a cell's fill is its score's share of
// the role colour over the surface, and its letter names the role too.
export const STYLE = `
:host {
  display: block; color: var(--attn-ink, #1b2430); font-size: 14px;
  --accent: var(--attn-accent, #3451b2); --muted: var(--attn-muted, #5b6675); --line: var(--attn-line, #e1e6ee);
  --soft: var(--attn-accent-soft, #e8edfb); --field: var(--attn-field, #fbfcfe); --surface: var(--attn-surface, #fff);
  --mono: var(--attn-mono, ui-monospace, "SFMono-Regular", "DejaVu Sans Mono", Menlo, Consolas, monospace);
  --role-previousToken: #0072b2; --role-induction: #d55e00; --role-sink: #009e73; --role-diagonal: #cc79a7;
}
:host([hidden]) { display: none; }
[hidden] { display: none !important; }
.title { margin: 0 0 4px; font-size: 16px; }
.lede, .about { margin: 0 0 10px; color: var(--muted); font-size: 13.5px; line-height: 1.55; max-width: 62em; }
.about { font-size: 12.5px; overflow-wrap: anywhere; }
.probes, .views { display: flex; flex-wrap: wrap; gap: 6px; margin: 0 0 10px; }
.choice {
  font: inherit; font-size: 13.5px; padding: 6px 12px; border: 1px solid var(--attn-line, #d5dbe5); border-radius: 8px;
  background: var(--field); color: var(--attn-ink, #1b2430); cursor: pointer;
}
.views .choice { font-size: 12.5px; padding: 4px 10px; }
.choice:hover:not(:disabled) { border-color: var(--accent); }
.choice:disabled { color: #9aa4b2; cursor: default; }
.choice[aria-checked="true"] { border-color: var(--accent); background: var(--soft); color: var(--accent); font-weight: 600; }
.choice:focus-visible, .button:focus-visible, .role-cell:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
.own { display: flex; flex-wrap: wrap; align-items: flex-end; gap: 8px; margin: 0 0 10px; }
.field.text { display: flex; flex-direction: column; gap: 4px; flex: 1 1 16em; min-width: 0; font-size: 13px; }
textarea {
  font: inherit; font-family: var(--mono); font-size: 13px; padding: 6px 9px; border: 1px solid var(--attn-line, #cfd6e0);
  border-radius: 8px; background: var(--field); color: var(--attn-ink, #1b2430); width: 100%; box-sizing: border-box; resize: vertical;
}
textarea:focus-visible { outline: 2px solid transparent; border-color: var(--accent); box-shadow: 0 0 0 3px rgba(52, 81, 178, 0.18); }
.button {
  font: inherit; font-size: 14px; padding: 7px 16px; border-radius: 8px; cursor: pointer;
  border: 1px solid var(--accent); background: var(--accent); color: var(--attn-on-accent, #fff);
}
.status { margin: 0 0 8px; font-size: 12.5px; color: var(--muted); font-family: var(--mono); }
.status:empty { display: none; }
.roles-error { margin: 0 0 10px; color: #a1121f; background: #fff6f7; border: 1px solid #e8a3aa; border-radius: 8px; padding: 8px 12px; font-size: 13.5px; }
.roles-error:empty { display: none; }
.scroll { max-width: 100%; overflow-x: auto; }
.role-table { border-collapse: separate; border-spacing: 2px; font-variant-numeric: tabular-nums; }
.role-table caption { text-align: left; font-size: 12px; color: var(--muted); padding: 0 0 4px; caption-side: top; }
.role-table th { font-weight: 500; font-size: 11px; color: var(--muted); font-family: var(--mono); padding: 0 2px; }
.role-table th.corner { font-family: inherit; text-align: left; white-space: nowrap; font-size: 10.5px; }
.role-table th.row { text-align: right; padding-right: 4px; }
.role-table td { padding: 0; width: 46px; }
@media (max-width: 600px) { .role-table td { width: auto; } }
.role-cell {
  --fill: var(--muted);
  display: flex; flex-direction: column; align-items: center; justify-content: center; gap: 0;
  width: 100%; min-width: 26px; height: 36px; padding: 0 2px; margin: 0; cursor: pointer;
  border: 1px solid var(--line); border-radius: 5px; color: var(--attn-ink, #1b2430);
  background: color-mix(in srgb, var(--fill) var(--strength, 0%), var(--surface));
  font: inherit; line-height: 1.05;
}
.role-cell[data-role="previousToken"] { --fill: var(--role-previousToken); }
.role-cell[data-role="induction"] { --fill: var(--role-induction); }
.role-cell[data-role="sink"] { --fill: var(--role-sink); }
.role-cell[data-role="diagonal"] { --fill: var(--role-diagonal); }
.role-cell.strong { color: #fff; }
.role-cell[aria-pressed="true"] { border: 2px solid var(--attn-ink, #1b2430); }
.role-cell .glyph { font-size: 12px; font-weight: 700; min-height: 1em; }
.role-cell .score { font-family: var(--mono); font-size: 10px; }
.legend { list-style: none; margin: 10px 0 0; padding: 0; display: grid; gap: 4px; font-size: 12.5px; color: var(--muted); }
.legend b { color: var(--attn-ink, #1b2430); font-weight: 600; }
.swatch {
  display: inline-block; min-width: 1.6em; text-align: center; margin-right: 6px; border-radius: 4px; color: #fff;
  font-weight: 700; font-size: 11px; padding: 1px 3px;
}
.legend [data-role="previousToken"] .swatch, .bar[data-role="previousToken"] { background: var(--role-previousToken); }
.legend [data-role="induction"] .swatch, .bar[data-role="induction"] { background: var(--role-induction); }
.legend [data-role="sink"] .swatch, .bar[data-role="sink"] { background: var(--role-sink); }
.legend [data-role="diagonal"] .swatch, .bar[data-role="diagonal"] { background: var(--role-diagonal); }
.detail { margin-top: 14px; border-top: 1px solid var(--line); padding-top: 12px; }
.detail h4 { margin: 0 0 8px; font-size: 15px; }
.bars { display: grid; justify-content: start; grid-template-columns: auto minmax(60px, 220px) auto; gap: 3px 8px; align-items: center; font-size: 12.5px; margin: 0 0 8px; }
.track { height: 10px; background: var(--attn-subtle, #eef1f6); border-radius: 3px; overflow: hidden; }
.bar { display: block; height: 100%; }
.bars .value { font-family: var(--mono); font-size: 12px; color: var(--muted); }
.note { font-size: 12px; color: var(--muted); margin: 6px 0; }
attn-heatmap { display: block; overflow-x: auto; }
`;
