// The held-out text of the chars model, as scripts/train_default_models.py
// cuts it (chars_data, chars_heldout_batches): the corpus after the 90% cut
// (moved forward to the next paragraph), never trained on; 64 windows of
// <s> + 256 characters starting at spaces picked by np.linspace over the
// space positions. Used by scripts/measure-q8.js and tests/js/model_q8.test.js.
import { readFileSync } from 'node:fs';

const CORPUS = new URL('../web/models/corpus/pride_and_prejudice.txt', import.meta.url);

/** The windows as token ids of `model` (its tokenizer maps each character to one id). */
export function charsHeldoutWindows(model, nWindows = 64, ctx = 256) {
  const text = readFileSync(CORPUS, 'utf8');
  const idOf = new Map();
  for (let id = 259; id < model.config.vocabSize; id++) { // after <unk>, <s>, </s> and the 256 byte tokens
    const piece = new TextDecoder().decode(model.piece(id, 0));
    if ([...piece].length === 1 && !idOf.has(piece)) idOf.set(piece, id);
  }
  const ids = Array.from(text, (ch) => idOf.get(ch));
  let cut = Math.floor(ids.length * (1 - 0.1));
  while (text.slice(cut - 2, cut) !== '\n\n') cut += 1;
  const held = ids.slice(cut);
  const space = idOf.get(' ');
  const starts = [];
  for (let p = 0; p < held.length - ctx; p++) if (held[p] === space) starts.push(p);
  const step = (starts.length - 1) / (nWindows - 1);
  return Array.from({ length: nWindows }, (_, i) => {
    const p = starts[i === nWindows - 1 ? starts.length - 1 : Math.trunc(i * step)];
    return [1, ...held.slice(p, p + ctx)];
  });
}

/** Sum of -log softmax(logits[t])[targets[t]] over the rows, in float64, and the argmax hits. */
export function scoreRows(logits, targets) {
  const V = logits.shape[logits.shape.length - 1];
  let nll = 0, hits = 0;
  const argmax = [];
  for (let t = 0; t < targets.length; t++) {
    const row = logits.data.subarray(t * V, (t + 1) * V);
    let mx = -Infinity, best = 0;
    for (let i = 0; i < V; i++) if (row[i] > mx) { mx = row[i]; best = i; }
    let z = 0;
    for (let i = 0; i < V; i++) z += Math.exp(row[i] - mx);
    nll += -(row[targets[t]] - mx - Math.log(z));
    argmax.push(best);
    if (best === targets[t]) hits += 1;
  }
  return { nll, hits, argmax };
}
