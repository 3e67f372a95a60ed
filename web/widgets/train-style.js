// Shadow-DOM styles of <attn-train>; themed like the other widgets by
// --attn-ink, --attn-muted, --attn-accent, --attn-mono on the host.
export const STYLE = `
:host {
  display: block; color: var(--attn-ink, #1b2430); font-size: 14px;
  --accent: var(--attn-accent, #3451b2); --muted: var(--attn-muted, #5b6675); --line: var(--attn-line, #e1e6ee);
  --field: var(--attn-field, #fbfcfe); --on-accent: var(--attn-on-accent, #fff); --held: #d9480f;
  --mono: var(--attn-mono, ui-monospace, "SFMono-Regular", "DejaVu Sans Mono", Menlo, Consolas, monospace);
}
:host { min-width: 0; max-width: 100%; }
:host([hidden]) { display: none; }
[hidden] { display: none !important; }
.setup { display: grid; gap: 8px; margin: 0 0 12px; }
.row { display: flex; flex-wrap: wrap; align-items: center; gap: 8px 16px; }
.field { display: flex; align-items: center; gap: 8px; min-width: 0; max-width: 100%; }
.field .name { white-space: nowrap; }
.field.stack { flex-direction: column; align-items: flex-start; gap: 4px; }
.field.prompt { margin: 0 0 8px; }
.field.prompt input { flex: 1; min-width: 0; font-family: var(--mono); }
select, input[type="text"], input[type="number"], textarea {
  font: inherit; font-size: 14px; padding: 6px 9px; border: 1px solid var(--field-line, #8c96a5); border-radius: 8px;
  background: var(--field); color: var(--attn-ink, #1b2430); max-width: 100%; box-sizing: border-box;
}
select { min-width: 0; text-overflow: ellipsis; }
input[type="number"] { width: 8em; font-family: var(--mono); font-size: 13px; }
textarea { width: 100%; font-family: var(--mono); font-size: 13px; resize: vertical; }
input:focus-visible, select:focus-visible, textarea:focus-visible {
  outline: 2px solid transparent; border-color: var(--accent); box-shadow: 0 0 0 3px rgba(52, 81, 178, 0.18);
}
.vocab, .info { font-family: var(--mono); font-size: 12px; color: var(--muted); }
.info { margin: 0; }
.actions { display: flex; flex-wrap: wrap; gap: 8px; margin: 0 0 10px; }
.button {
  font: inherit; font-size: 14px; padding: 7px 14px; border: 1px solid var(--field-line, #8c96a5); border-radius: 8px;
  background: var(--field); color: var(--attn-ink, #1b2430); cursor: pointer;
}
.button:hover:not(:disabled) { border-color: var(--accent); }
.button.primary { background: var(--accent); border-color: var(--accent); color: var(--on-accent); font-weight: 600; }
.button:disabled { opacity: 0.45; cursor: default; }
.button:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
.status { margin: 0 0 2px; font-weight: 600; }
.stats { margin: 0 0 8px; font-family: var(--mono); font-size: 12.5px; color: var(--muted); min-height: 1.4em; overflow-wrap: anywhere; }
.error { margin: 0 0 8px; color: var(--error, #a1121f); font-size: 13.5px; }
.error:empty { display: none; }
section { border-top: 1px solid var(--line); padding: 10px 0 4px; }
.title { font-size: 14px; margin: 0 0 6px; }
.legend { display: flex; flex-wrap: wrap; gap: 4px 16px; margin: 0 0 4px; font-size: 12.5px; color: var(--muted); }
.key::before { content: ""; display: inline-block; width: 18px; height: 3px; margin-right: 6px; vertical-align: middle; forced-color-adjust: none; }
.key.train::before { background: var(--accent); }
.key.held::before { background: var(--held); height: 4px; }
.plot-frame { width: 100%; min-width: 0; }
.plot { display: block; }
.plot .grid { stroke: var(--line); }
.plot .axis { stroke: var(--muted); }
.plot .tick, .plot .axis-label { font-size: 11px; fill: var(--muted); font-family: var(--mono); }
.plot .train-line { fill: none; stroke: var(--accent); stroke-width: 1.2; stroke-linejoin: round; opacity: 0.85; }
.plot .held-line { fill: none; stroke: var(--held); stroke-width: 2; }
.plot .held-dot { fill: var(--held); }
.samples { margin: 0; padding: 0; list-style: none; display: grid; gap: 6px; max-height: 320px; overflow-y: auto; }
.samples li { border: 1px solid var(--line); border-radius: 8px; padding: 6px 9px; background: var(--field); }
.samples .at { display: block; font-size: 11.5px; color: var(--muted); }
.samples .text { font-family: var(--mono); font-size: 13px; white-space: pre-wrap; overflow-wrap: anywhere; }
.samples .prompt-part { color: var(--muted); }
attn-heatmap { display: block; max-width: 560px; }
`;
