// The look the experiment elements share (controls, number readouts, cards).
export const EXPERIMENT_STYLE = `
:host { display: block; color: var(--attn-ink, #1b2430); font-family: var(--attn-sans, inherit); font-size: 14px; line-height: 1.55; }
:host([hidden]) { display: none; }
.row { display: flex; flex-wrap: wrap; align-items: end; gap: 10px 18px; margin: 0 0 12px; }
label.field { display: grid; gap: 2px; min-width: 0; }
label.field.wide { flex: 1 1 220px; }
.name { font-size: 13px; color: var(--attn-muted, #5b6675); }
output, .num { font-family: ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace; font-variant-numeric: tabular-nums; }
output { color: var(--attn-accent, #3451b2); font-weight: 600; }
input[type="range"] { width: 100%; accent-color: var(--attn-accent, #3451b2); margin: 0; }
input[type="number"] { font: inherit; font-size: 13px; width: 7em; padding: 4px 6px; border: 1px solid var(--attn-line, #cfd6e0); border-radius: 7px; background: var(--attn-field, #fbfcfe); color: inherit; }
button { font: inherit; font-size: 14px; padding: 6px 14px; border-radius: 8px; border: 1px solid var(--attn-line, #cfd6e0); background: var(--attn-field, #fbfcfe); color: inherit; cursor: pointer; }
button.primary { background: var(--attn-accent, #3451b2); border-color: var(--attn-accent, #3451b2); color: var(--attn-on-accent, #fff); font-weight: 600; }
button:disabled { opacity: 0.5; cursor: default; }
button:focus-visible, input:focus-visible, select:focus-visible { outline: 2px solid var(--attn-accent, #3451b2); outline-offset: 2px; }
fieldset { border: 0; padding: 0; margin: 0; display: flex; flex-wrap: wrap; gap: 4px 12px; }
legend { font-size: 13px; color: var(--attn-muted, #5b6675); padding: 0; margin-bottom: 2px; }
h3 { font-size: 15px; margin: 16px 0 6px; }
.facts { display: grid; grid-template-columns: repeat(auto-fit, minmax(150px, 1fr)); gap: 6px 14px; margin: 8px 0 4px; padding: 0; }
.facts div { background: var(--attn-subtle, #f3f5f9); border-radius: 8px; padding: 6px 10px; min-width: 0; }
.facts dt { font-size: 12px; color: var(--attn-muted, #5b6675); }
.facts dd { margin: 0; font-family: ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace; font-weight: 600; overflow-wrap: anywhere; }
.note { color: var(--attn-muted, #5b6675); font-size: 13px; margin: 4px 0; }
progress { width: 100%; height: 8px; accent-color: var(--attn-accent, #3451b2); }
.status { font-size: 13px; color: var(--attn-muted, #5b6675); min-height: 1.5em; margin: 4px 0; }
`;

/** A <dl class="facts"> from [[label, value], …]. */
export function facts(pairs) {
  const dl = document.createElement('dl');
  dl.className = 'facts';
  for (const [label, value] of pairs) {
    const div = document.createElement('div');
    const dt = document.createElement('dt');
    const dd = document.createElement('dd');
    dt.textContent = label;
    dd.textContent = value;
    div.append(dt, dd);
    dl.append(div);
  }
  return dl;
}
