// Styles shared by the topic widgets (see topic-element.js): fields, number
// read-outs, small cards, SVG plot parts. Colours follow the page's --attn-*
// custom properties so a lecture page can theme them.
export const TOPIC_STYLE = `
:host { display: block; --accent: var(--attn-accent, #3451b2); --muted: var(--attn-muted, #5b6675);
  --ink: var(--attn-ink, #1b2430); --line: var(--attn-line, #e1e6ee);
  --surface: var(--attn-surface, #fff); --subtle: var(--attn-subtle, #f3f5f9); --soft: var(--attn-accent-soft, #e8edfb);
  --on-accent: var(--attn-on-accent, #fff); --q: var(--attn-accent, #3451b2); --k: #c2570c; color: var(--ink); }
:host([hidden]) { display: none; }
[hidden] { display: none !important; }
* { box-sizing: border-box; }
.title { font-size: 15px; font-weight: 650; margin: 0 0 4px; }
.rule { font-family: var(--attn-mono, ui-monospace, "DejaVu Sans Mono", Menlo, monospace); font-size: 12.5px; color: var(--muted); margin: 0 0 8px; }
.note { font-size: 12.5px; color: var(--muted); margin: 6px 0 0; line-height: 1.5; }
.num, output { font-family: var(--attn-mono, ui-monospace, "DejaVu Sans Mono", Menlo, monospace); font-variant-numeric: tabular-nums; }
.buttons { display: flex; gap: 8px; flex-wrap: wrap; margin: 0 0 6px; }
.controls { display: flex; flex-wrap: wrap; gap: 4px 18px; align-items: end; margin: 0 0 10px; }
.field { display: grid; grid-template-columns: 1fr auto; gap: 0 8px; align-items: center; font-size: 13.5px; min-width: 150px; flex: 1 1 150px; max-width: 280px; }
.field input[type="range"] { grid-column: 1 / -1; width: 100%; margin: 4px 0; accent-color: var(--accent); min-height: 24px; }
.field output { color: var(--accent); font-weight: 600; font-size: 13px; }
button {
  font: inherit; font-size: 13px; padding: 6px 12px; border-radius: 8px; cursor: pointer; min-height: 32px;
  border: 1px solid var(--accent); background: var(--surface); color: var(--accent);
}
button:hover { background: var(--soft); }
button:focus-visible, input:focus-visible, select:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
button[aria-pressed="true"] { background: var(--accent); color: var(--on-accent); }
select { font: inherit; font-size: 13px; padding: 4px 6px; border-radius: 8px; border: 1px solid var(--line); background: var(--attn-field, #fbfcfe); color: var(--ink); }
.readout { display: grid; grid-template-columns: fit-content(55%) minmax(0, 1fr); gap: 2px 12px; font-size: 13.5px; margin: 8px 0 0; }
.readout dt { color: var(--muted); }
.readout dd { margin: 0; font-family: var(--attn-mono, ui-monospace, monospace); font-variant-numeric: tabular-nums; overflow-wrap: anywhere; }
.status:empty { display: none; }
.status { font-size: 13px; color: var(--muted); margin: 6px 0 0; }
.status.error { color: #b42318; }
.scroll { overflow-x: auto; max-width: 100%; }
table { border-collapse: collapse; font-size: 13px; font-variant-numeric: tabular-nums; }
th, td { padding: 3px 10px; text-align: right; border-bottom: 1px solid var(--line); white-space: nowrap; }
th { font-weight: 600; color: var(--muted); }
svg text { font-family: inherit; }
.axis { stroke: #9aa4b2; stroke-width: 1; fill: none; }
.grid { stroke: var(--line); stroke-width: 1; }
.tick { font-size: 10.5px; fill: var(--muted); }
.legend { display: flex; flex-wrap: wrap; gap: 2px 14px; font-size: 12.5px; margin: 4px 0 0; padding: 0; list-style: none; }
.legend li { display: inline-flex; align-items: center; gap: 6px; }
.swatch { width: 14px; height: 3px; border-radius: 2px; display: inline-block; forced-color-adjust: none; } /* the key to the lines' colours, kept in forced colours */
`;
