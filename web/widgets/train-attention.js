// The attention panel of <attn-train>: one head of one layer of the current
// model on the first tokens of the last sample, as <attn-heatmap> draws it;
// the layer and head selects pick which. The weights come from
// TrainerWorker.forward(ids, { returnAttention: true }) ([L, H, T, T]).
import { tokenLabel } from './train-format.js';

const options = (n) => Array.from({ length: n }, (_, i) => new Option(String(i), String(i)));

export class AttentionPanel {
  #ui; #data = null; #shown = null;

  /** ui: { layer, head, heatmap, attentionPick, attentionNone } of train-view.js. */
  constructor(ui) {
    this.#ui = ui;
    ui.layer.addEventListener('change', () => this.render());
    ui.head.addEventListener('change', () => this.render());
  }

  /** { layer, head, tokens, weights [T, T] } as drawn, or null. */
  get shown() { return this.#shown && { ...this.#shown }; }

  reset() {
    this.#data = this.#shown = null;
    const ui = this.#ui;
    ui.heatmap.hidden = ui.attentionPick.hidden = true;
    ui.attentionNone.hidden = false;
  }

  /** Shows `attention` ([L, H, T, T]) of token ids `ids`, labelled with the vocabulary's tokens. */
  set(ids, attention, vocab) {
    this.#data = { ids, attention, labels: ids.map((id) => tokenLabel(vocab.tokens[id])) };
    this.render();
  }

  render() {
    const a = this.#data, ui = this.#ui;
    if (!a) return;
    const [L, H, T] = a.attention.shape;
    if (ui.layer.options.length !== L) ui.layer.replaceChildren(...options(L));
    if (ui.head.options.length !== H) ui.head.replaceChildren(...options(H));
    const layer = Number(ui.layer.value), head = Number(ui.head.value);
    const start = (layer * H + head) * T * T;
    const weights = { data: a.attention.data.slice(start, start + T * T), shape: [T, T] };
    this.#shown = { layer, head, tokens: a.labels, weights };
    ui.heatmap.tokens = a.labels;
    ui.heatmap.data = weights;
    ui.heatmap.hidden = ui.attentionPick.hidden = false;
    ui.attentionNone.hidden = true;
  }
}
