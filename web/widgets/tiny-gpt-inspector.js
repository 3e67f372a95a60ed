// The inspector of <attn-tiny-gpt>: for one generated token, the model's
// next-token probabilities at that step (top 10) and the attention of every
// layer and head, as <attn-heatmap>s. It asks the model (a ModelWorker) for
// forward(context, {returnAttention}) and only rearranges what comes back.
import { el } from './dom.js';
import { t } from './i18n.js';
import { AttnHeatmap } from './attn-heatmap.js';

const OVERVIEW_KEYS = 40; // keys shown in the every-head heatmap
const DETAIL_SIDE = 24;   // queries and keys shown for one head

// One unit for every probability: percent, with two significant digits below 0.1%.
export const percent = (p) => (p >= 0.0005 ? `${(p * 100).toFixed(1)}%` : p > 0 ? `${Number((p * 100).toPrecision(2))}%` : '0%');

/** float64 softmax of a Float32Array row; the top `k` as [{ id, p }]. */
export function topProbabilities(row, k = 10) {
  let m = -Infinity;
  for (const v of row) m = Math.max(m, v);
  const e = Array.from(row, (v) => Math.exp(v - m));
  const s = e.reduce((a, b) => a + b, 0);
  return e.map((v, id) => ({ id, p: v / s })).sort((a, b) => b.p - a.p || a.id - b.id).slice(0, k);
}

/**
 * Attention rows of query `q` for every (layer, head), keys from..q:
 * attention [L, H, T, T] -> { data [L*H, n], shape }.
 */
export function everyHeadRow(attention, q, from) {
  const [L, H, T] = attention.shape;
  const n = q - from + 1;
  const data = new Float32Array(L * H * n);
  for (let lh = 0; lh < L * H; lh++) data.set(attention.data.subarray((lh * T + q) * T + from, (lh * T + q) * T + q + 1), lh * n);
  return { data, shape: [L * H, n] };
}

/** One head's weights for queries and keys from..to: { data [n, n], shape }. */
export function headWindow(attention, l, h, from, to) {
  const [, H, T] = attention.shape;
  const n = to - from + 1;
  const data = new Float32Array(n * n);
  const base = (l * H + h) * T * T;
  for (let i = 0; i < n; i++) data.set(attention.data.subarray(base + (from + i) * T + from, base + (from + i) * T + to + 1), i * n);
  return { data, shape: [n, n] };
}

export class Inspector {
  #root; #state = null; #head = 0;

  constructor(root) { this.#root = root; }

  /** Forgets the inspected token and hides the inspector. */
  reset() {
    this.#state = null;
    this.#root.hidden = true;
    this.#root.replaceChildren();
  }

  /** The numbers shown for the last inspected token (tests compare them with the API). */
  get state() { return this.#state; }

  /**
   * Inspects generated token `index`: ids are prompt + generated, `label(id)`
   * gives a display label (async), position = promptLength + index.
   */
  async show({ model, ids, position, index, label, lang }) {
    this.#root.hidden = false;
    this.#root.replaceChildren(el('p', 'sub', t('gpt.inspect.busy', {}, lang)));
    const context = ids.slice(0, position);
    const { logits, attention } = await model.forward(context, { returnAttention: true });
    const V = logits.shape[1], q = position - 1;
    const top = topProbabilities(logits.data.subarray(q * V, (q + 1) * V));
    const labels = await Promise.all(context.map((id) => label(id)));
    const topLabels = await Promise.all(top.map((c) => label(c.id)));
    this.#state = { index, position, chosen: ids[position], top, attention, labels, topLabels };
    this.#head = Math.min(this.#head, attention.shape[0] * attention.shape[1] - 1);
    this.render(lang);
    return this.#state;
  }

  render(lang) {
    const s = this.#state;
    if (!s) return;
    const [L, H] = s.attention.shape;
    const q = s.position - 1;
    const title = el('h4', null, t('gpt.inspect.title', { n: s.index + 1, token: s.topLabels[s.top.findIndex((c) => c.id === s.chosen)] ?? s.chosen }, lang));
    const sub = el('p', 'sub', t('gpt.inspect.query', { pos: q, query: s.labels[q] }, lang));
    const cols = el('div', 'cols');
    cols.append(this.#topList(s, lang), this.#overview(s, q, L, H, lang));
    this.#root.replaceChildren(title, sub, cols, this.#detail(s, q, L, H, lang));
  }

  #topList(s, lang) {
    const box = el('div');
    const list = el('div', 'top10');
    list.setAttribute('role', 'list');
    s.top.forEach((c, i) => {
      const chosen = c.id === s.chosen;
      const bar = el('span', 'bar');
      bar.style.width = `${Math.max(0.5, c.p * 100)}%`;
      const row = el('div', chosen ? 'row chosen' : 'row'); // display: contents, so its cells sit in the grid
      row.setAttribute('role', 'listitem');
      row.title = `id ${c.id}${chosen ? ` · ${t('gpt.inspect.chosen', {}, lang)}` : ''}`;
      row.append(el('span', 'label', s.topLabels[i]), bar, el('span', 'p', percent(c.p)));
      list.append(row);
    });
    box.append(el('h5', null, t('gpt.inspect.top', {}, lang)), list);
    return box;
  }

  #overview(s, q, L, H, lang) {
    const from = Math.max(0, q + 1 - OVERVIEW_KEYS);
    const map = new AttnHeatmap();
    map.className = 'every-head';
    map.setAttribute('row-title', t('gpt.inspect.rows', {}, lang));
    map.setAttribute('col-title', t('gpt.inspect.cols', {}, lang));
    map.setAttribute('show-values', 'false');
    if (lang) map.setAttribute('lang', lang);
    map.tokens = Array.from({ length: L * H }, (_, lh) => `L${Math.floor(lh / H)}·H${lh % H}`);
    map.colTokens = s.labels.slice(from, q + 1);
    map.data = everyHeadRow(s.attention, q, from);
    const box = el('div');
    box.append(el('h5', null, t('gpt.inspect.heads', { pos: q }, lang)), map);
    if (from > 0) box.append(el('p', 'note', t('gpt.inspect.window', { n: q + 1 - from, total: q + 1 }, lang)));
    return box;
  }

  #detail(s, q, L, H, lang) {
    const box = el('div', 'detail');
    const select = document.createElement('select');
    for (let lh = 0; lh < L * H; lh++) {
      const o = el('option', null, t('gpt.inspect.headName', { l: Math.floor(lh / H), h: lh % H }, lang));
      o.value = String(lh);
      o.selected = lh === this.#head;
      select.append(o);
    }
    select.addEventListener('change', () => { this.#head = Number(select.value); this.render(lang); });
    const label = el('label', 'field');
    label.append(el('span', 'name', t('gpt.inspect.head', {}, lang)), select);
    const from = Math.max(0, q + 1 - DETAIL_SIDE);
    const map = new AttnHeatmap();
    map.className = 'one-head';
    map.setAttribute('row-title', t('heatmap.queries', {}, lang));
    map.setAttribute('col-title', t('heatmap.keys', {}, lang));
    if (lang) map.setAttribute('lang', lang);
    map.tokens = s.labels.slice(from, q + 1);
    map.data = headWindow(s.attention, Math.floor(this.#head / H), this.#head % H, from, q);
    box.append(label, map);
    if (from > 0) box.append(el('p', 'note', t('gpt.inspect.window', { n: q + 1 - from, total: q + 1 }, lang)));
    return box;
  }
}
