// Shadow-DOM styles of <attn-tiny-gpt>; themed like the other widgets by
// --attn-ink, --attn-muted, --attn-accent, --attn-mono on the host.
export const STYLE = `
:host {
  display: block; color: var(--attn-ink, #1b2430); font-size: 14px;
  --accent: var(--attn-accent, #3451b2); --muted: var(--attn-muted, #5b6675); --line: var(--attn-line, #e1e6ee);
  --soft: var(--attn-accent-soft, #e8edfb); --field: var(--attn-field, #fbfcfe);
  --mono: var(--attn-mono, ui-monospace, "SFMono-Regular", "DejaVu Sans Mono", Menlo, Consolas, monospace);
}
:host([hidden]) { display: none; }
[hidden] { display: none !important; }
.picker { display: flex; flex-wrap: wrap; gap: 6px; margin: 0 0 10px; }
.choice {
  font: inherit; font-size: 14px; padding: 7px 14px; border: 1px solid var(--attn-line, #d5dbe5); border-radius: 8px;
  background: var(--field); color: var(--attn-ink, #1b2430); cursor: pointer;
}
.choice:hover { border-color: var(--accent); }
.choice[aria-checked="true"] { border-color: var(--accent); background: var(--soft); color: var(--accent); font-weight: 600; }
.choice:focus-visible, .button:focus-visible, .tok:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
.about { margin: 0 0 10px; color: var(--muted); font-size: 13.5px; line-height: 1.55; max-width: 62em; }
.info { margin: 0 0 14px; font-family: var(--mono); font-size: 12px; color: var(--muted); }
.files {
  border: 1px dashed var(--attn-line, #c9d0da); border-radius: 10px; padding: 10px 14px; margin: 0 0 12px;
  display: grid; grid-template-columns: minmax(0, 1fr); gap: 8px;
}
/* On a phone a file input goes under its label and shrinks with the card instead of widening the page. */
.files .field { flex-wrap: wrap; gap: 4px 8px; min-width: 0; }
.files .field .name { white-space: normal; }
.files.dragging { border-color: var(--accent); background: var(--soft); }
.files .row { display: flex; flex-wrap: wrap; align-items: center; gap: 8px 16px; }
.drop { margin: 0; font-size: 12.5px; color: var(--muted); }
.file-status { font-size: 12.5px; color: var(--muted); }
progress { width: 140px; accent-color: var(--accent); }
.download { display: block; width: 100%; max-width: 320px; margin: -8px 0 12px; }
.field { display: flex; align-items: center; gap: 8px; font-size: 14px; }
.field .name { color: var(--attn-ink, #1b2430); white-space: nowrap; }
.field.check { flex-direction: row-reverse; gap: 6px; }
.field.prompt { margin: 0 0 10px; }
.field.prompt input { flex: 1; font-family: var(--mono); font-size: 14px; }
input[type="text"], input[type="number"], select {
  font: inherit; font-size: 14px; padding: 6px 9px; border: 1px solid var(--attn-line, #cfd6e0); border-radius: 8px; background: var(--field);
  color: var(--attn-ink, #1b2430);
}
input[type="number"] { width: 7em; font-family: var(--mono); font-size: 13px; }
input[type="file"], select { max-width: 100%; min-width: 0; }
input[type="file"] { font: inherit; font-size: 13px; }
input:focus-visible, select:focus-visible { outline: 2px solid transparent; border-color: var(--accent); box-shadow: 0 0 0 3px rgba(52, 81, 178, 0.18); }
input[type="range"] { accent-color: var(--accent); width: 120px; }
.knobs { display: flex; flex-wrap: wrap; align-items: center; gap: 10px 22px; margin: 0 0 12px; }
.slider .num { order: 2; min-width: 3.4em; color: var(--accent); font-weight: 600; font-size: 13px; }
.slider input { order: 1; }
.num { font-family: var(--mono); font-variant-numeric: tabular-nums; }
.actions { display: flex; align-items: center; flex-wrap: wrap; gap: 10px; margin: 0 0 10px; }
.button {
  font: inherit; font-size: 14px; padding: 7px 16px; border-radius: 8px; cursor: pointer;
  border: 1px solid var(--accent); background: var(--attn-surface, #fff); color: var(--accent);
}
.button:hover:not(:disabled) { background: var(--soft); }
.button.primary { background: var(--accent); color: var(--attn-on-accent, #fff); }
.button.primary:hover:not(:disabled) { background: #2b4398; }
.button:disabled { border-color: var(--attn-line, #d5dbe5); background: var(--attn-subtle, #f3f5f8); color: #9aa4b2; cursor: default; }
.speed { font-family: var(--mono); font-size: 13px; color: var(--muted); font-variant-numeric: tabular-nums; }
.error { margin: 0 0 10px; color: #a1121f; background: #fff6f7; border: 1px solid #e8a3aa; border-radius: 8px; padding: 8px 12px; font-size: 13.5px; }
.error:empty { display: none; }
.output {
  font-family: var(--mono); font-size: 14px; line-height: 1.75; white-space: pre-wrap; word-break: break-word;
  min-height: 5.5em; max-height: 22em; overflow-y: auto; padding: 10px 12px; border: 1px solid var(--line);
  border-radius: 10px; background: var(--attn-field, #fbfcfe);
}
.prompt-text { color: var(--muted); background: var(--attn-subtle, #eef1f6); border-radius: 4px; }
.tok {
  font: inherit; color: inherit; background: none; border: 0; padding: 0; margin: 0; cursor: pointer;
  border-radius: 3px; white-space: pre-wrap; box-shadow: inset 0 -1px 0 var(--attn-line, #d5dbe5);
}
.tok:hover { background: var(--soft); }
.tok.special { color: var(--muted); font-size: 12px; }
.tok[aria-pressed="true"] { background: var(--accent); color: var(--attn-on-accent, #fff); box-shadow: none; }
.hint { margin: 8px 0 0; font-size: 12.5px; color: var(--muted); }
.inspector { margin-top: 16px; border-top: 1px solid var(--line); padding-top: 14px; }
.inspector h4 { margin: 0 0 2px; font-size: 16px; }
.inspector .sub { margin: 0 0 12px; color: var(--muted); font-size: 13px; }
.inspector h5 { margin: 0 0 8px; font-size: 12px; font-weight: 650; letter-spacing: 0.06em; color: var(--muted); text-transform: uppercase; }
.inspector h5:lang(ja) { text-transform: none; letter-spacing: 0.03em; }
.cols { display: grid; grid-template-columns: minmax(220px, 300px) minmax(0, 1fr); gap: 18px; align-items: start; }
@media (max-width: 760px) { .cols { grid-template-columns: minmax(0, 1fr); } }
.top10 { display: grid; grid-template-columns: auto 1fr auto; gap: 3px 8px; align-items: center; font-size: 13px; }
.top10 .row { display: contents; }
.top10 .label { font-family: var(--mono); white-space: pre; max-width: 10em; overflow: hidden; text-overflow: ellipsis; }
.top10 .bar { height: 10px; background: #c7d2f3; border-radius: 3px; min-width: 1px; }
.top10 .p { font-family: var(--mono); font-size: 12px; color: var(--muted); text-align: right; font-variant-numeric: tabular-nums; }
.top10 .chosen .label, .top10 .chosen .p { color: var(--accent); font-weight: 650; }
.top10 .chosen .bar { background: var(--accent); }
.note { font-size: 12px; color: var(--muted); margin: 6px 0 0; }
.detail { margin-top: 16px; }
.detail .field { margin-bottom: 8px; }
attn-heatmap { display: block; overflow-x: auto; }
.roles { margin-top: 18px; border-top: 1px solid var(--line); padding-top: 14px; }
`;
