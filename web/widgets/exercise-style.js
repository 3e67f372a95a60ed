// Shadow-DOM styles of <attn-exercise>. Themed from the host page with
// --attn-ink, --attn-muted, --attn-accent, --attn-font, --attn-mono.
export const STYLE = `
:host {
  display: block; margin: 1.25rem 0; color: var(--attn-ink, #1b2430);
  font-family: var(--attn-font, inherit); line-height: 1.6;
  --accent: var(--attn-accent, #3451b2);
  --muted: var(--attn-muted, #5b6675);
  --mono: var(--attn-mono, ui-monospace, "SFMono-Regular", "DejaVu Sans Mono", Menlo, Consolas, monospace);
  --line: var(--attn-line, #e1e6ee);
}
:host([hidden]) { display: none; }
[hidden] { display: none !important; }
.card { border: 1px solid var(--line); border-left: 4px solid var(--accent); border-radius: 10px; background: var(--attn-surface, #fff); padding: 14px 18px 16px; box-shadow: 0 1px 2px rgba(16, 24, 40, 0.04); }
.status { margin: 0; color: var(--muted); font-size: 14px; }
.status.error { color: #a1121f; background: #fff6f7; border-radius: 6px; padding: 6px 10px; }
.head { display: flex; align-items: baseline; gap: 10px; flex-wrap: wrap; margin-bottom: 6px; }
.tag { font-size: 11.5px; font-weight: 650; letter-spacing: 0.06em; text-transform: uppercase; color: var(--accent); }
.tag:lang(ja) { text-transform: none; letter-spacing: 0.04em; }
h3 { margin: 0; font-size: 16.5px; font-weight: 700; }
.badge { margin-left: auto; font-size: 12px; font-weight: 600; color: #116329; background: #e6f6ea; border-radius: 999px; padding: 1px 10px; }
.md p { margin: 0.45em 0; }
.md ul, .md ol { margin: 0.4em 0; padding-left: 1.4em; }
.md code { font-family: var(--mono); font-size: 0.9em; background: var(--attn-subtle, #f3f5f9); border-radius: 4px; padding: 0.05em 0.3em; }
.md pre { background: var(--attn-subtle, #f5f7fb); border: 1px solid var(--line); border-radius: 6px; padding: 8px 10px; overflow-x: auto; font-size: 13px; }
.md pre code { background: none; padding: 0; }
.md .math-display { overflow-x: auto; overflow-y: hidden; margin: 0.5em 0; }
.md .nobr { white-space: nowrap; }
.md code.tex, .md pre.tex { color: #6b3fa0; }
.md h4 { margin: 0.6em 0 0.2em; font-size: 15px; }
.prompt { margin-bottom: 10px; }
.answer { margin: 10px 0 8px; }
.answer label.caption { display: block; font-size: 12.5px; color: var(--muted); margin-bottom: 4px; }
input.typed, textarea {
  box-sizing: border-box; width: 100%; font-family: var(--mono); font-size: 14px; color: inherit;
  border: 1px solid var(--attn-line, #cfd6e0); border-radius: 8px; background: var(--attn-field, #fbfcfe); padding: 7px 10px;
}
input.typed { max-width: 34em; }
textarea { min-height: 5.5em; resize: vertical; line-height: 1.5; tab-size: 2; white-space: pre; }
textarea.code { min-height: 15em; font-size: 13px; background: var(--attn-subtle, #fafbfd); }
input.typed:focus, textarea:focus { outline: 2px solid transparent; border-color: var(--accent); box-shadow: 0 0 0 3px color-mix(in srgb, var(--accent) 18%, transparent); background: var(--attn-surface, #fff); }
.choices { display: flex; flex-direction: column; gap: 6px; border: 0; margin: 0; padding: 0; }
.choices label { display: flex; align-items: center; gap: 10px; border: 1px solid var(--attn-line, #d5dbe5); border-radius: 8px; padding: 6px 12px; cursor: pointer; background: var(--attn-field, #fbfcfe); }
.choices label:hover { border-color: var(--accent); }
.choices label.picked { border-color: var(--accent); background: color-mix(in srgb, var(--accent) 8%, #fff); }
.choices input { accent-color: var(--accent); margin: 0; }
.choices .md p { margin: 0; }
.help { font-size: 12.5px; color: var(--muted); margin: 4px 0 0; }
.actions { display: flex; align-items: center; flex-wrap: wrap; gap: 8px; margin-top: 10px; }
button { font: inherit; font-size: 13.5px; border-radius: 8px; padding: 5px 13px; cursor: pointer; border: 1px solid var(--accent); background: var(--attn-surface, #fff); color: var(--accent); }
button:hover:not(:disabled) { background: color-mix(in srgb, var(--accent) 8%, #fff); }
button.primary { background: var(--accent); color: var(--attn-on-accent, #fff); font-weight: 600; }
button.primary:hover:not(:disabled) { background: color-mix(in srgb, var(--accent) 85%, #000); }
button:disabled { opacity: 0.55; cursor: default; }
button:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
button.link { border: 0; padding: 0; background: none; color: var(--muted); text-decoration: underline; font-size: 12.5px; }
.meta { margin-left: auto; font-size: 12.5px; color: var(--muted); display: flex; gap: 10px; align-items: baseline; }
.feedback { margin-top: 12px; border-radius: 8px; padding: 9px 13px; border: 1px solid; font-size: 14.5px; }
.feedback.good { background: #eefaf1; border-color: #9fd8ae; color: #0f4d22; }
.feedback.bad { background: #fff5f5; border-color: #f0b4ba; color: #6f0f19; }
.feedback.info { background: var(--attn-subtle, #f4f6fa); border-color: var(--attn-line, #d5dbe5); color: var(--attn-ink, #2b3441); }
.feedback .title { font-weight: 650; }
.feedback .title p, .feedback .line p { margin: 0.15em 0; }
.feedback pre.inputs { margin: 6px 0 0; background: rgba(255, 255, 255, 0.7); border: 1px solid rgba(0, 0, 0, 0.08); border-radius: 6px; padding: 6px 9px; font-family: var(--mono); font-size: 12.5px; overflow-x: auto; color: #1b2430; }
.feedback .inputs-title { font-size: 12.5px; margin-top: 6px; font-weight: 600; }
.hints { margin: 12px 0 0; padding: 8px 14px 8px 34px; background: #fffbea; border: 1px solid #f1e2a6; border-radius: 8px; font-size: 14px; }
.hints li + li { margin-top: 4px; }
.box { margin-top: 12px; border-radius: 8px; padding: 9px 14px; font-size: 14.5px; }
.box h4 { margin: 0 0 4px; font-size: 13px; color: var(--muted); font-weight: 650; letter-spacing: 0.03em; }
.reveal-box { background: var(--attn-subtle, #f5f7fb); border: 1px dashed var(--attn-line, #c9d0da); }
.reveal-box pre { margin: 0; font-family: var(--mono); font-size: 13px; white-space: pre-wrap; }
.explanation { background: color-mix(in srgb, var(--accent) 7%, #fff); border: 1px solid color-mix(in srgb, var(--accent) 25%, #fff); }
`;
