// <attn-bias-map kind="alibi" heads="8" head="2" n="12">: one head's
// additive position bias [n, n], computed by the core: ALiBi (−slope_h ·
// |i − j|), the T5 relative bias (table[bucket(j − i), h]) or the T5 bucket
// index itself. See index.d.ts for the attributes.
import { attn, seededNormals } from './attention-source.js';
import { CoreMatrixElement } from './core-matrix-element.js';
import { intAttr, boolAttr } from './attributes.js';
import { formatExact } from './format.js';
import { t } from './i18n.js';
import './mask-messages.js';

export const BIAS_KINDS = ['alibi', 't5', 't5-buckets'];

export class AttnBiasMap extends CoreMatrixElement {
  static tag = 'attn-bias-map';

  static get observedAttributes() {
    return ['kind', 'n', 'heads', 'head', 'bidirectional', 'buckets', 'max-distance', 'seed', 'caption', 'cell-size', 'lang'];
  }

  #table = null; #all = null;

  /** The T5 table [numBuckets, heads]; default seeded N(0, 1) numbers (rounded to 2 decimals). */
  get table() { return this.#table ?? this.#seededTable(); }
  set table(v) { this.#table = v == null ? null : attn.tensor(v.data, v.shape); this.schedule(); }
  /** Every head's bias [heads, n, n] as the core returned it (buckets: [n, n]), or null. */
  get biases() { return this.#all; }

  #seededTable() {
    const buckets = intAttr(this, 'buckets', 32, 2, 1024);
    const heads = intAttr(this, 'heads', 8, 1, 64);
    return attn.tensor(seededNormals(buckets * heads, intAttr(this, 'seed', 1, 0, 2 ** 32 - 1)), [buckets, heads]);
  }

  compute(lang) {
    const kind = this.getAttribute('kind') ?? 'alibi';
    if (!BIAS_KINDS.includes(kind)) throw new Error(`the kind attribute must be one of ${BIAS_KINDS.join(', ')} (got "${kind}")`);
    const n = intAttr(this, 'n', 12, 1, 256);
    const heads = intAttr(this, 'heads', 8, 1, 64);
    const h = intAttr(this, 'head', 0, 0, heads - 1);
    const t5 = {
      bidirectional: boolAttr(this, 'bidirectional', true),
      numBuckets: intAttr(this, 'buckets', 32, 2, 1024),
      maxDistance: intAttr(this, 'max-distance', 128, 1, 1 << 20),
    };
    const t5Note = t('bias.t5.note', { b: t5.numBuckets, d: t5.maxDistance }, lang)
      + (t5.bidirectional ? '' : t('bias.t5.causal', {}, lang));
    if (kind === 't5-buckets') {
      const rel = new Int32Array(n * n);
      for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) rel[i * n + j] = j - i;
      const buckets = attn.t5RelativePositionBucket(rel, t5); // Int32Array, one bucket per (i, j)
      const matrix = attn.tensor(Float32Array.from(buckets), [n, n]);
      this.#all = { data: buckets, shape: [n, n] };
      return { matrix, integers: true, title: t('bias.t5-buckets', {}, lang), rule: 'bucket(j − i)', note: t5Note, valueName: t('bias.bucket', {}, lang) };
    }
    const all = kind === 'alibi' ? attn.alibiBias(heads, n, n) : attn.t5RelativeBias(this.table, n, n, t5);
    this.#all = all;
    const matrix = attn.tensor(all.data.slice(h * n * n, (h + 1) * n * n), [n, n]);
    const note = kind === 'alibi'
      ? t('bias.alibi.note', { h, m: formatExact(attn.alibiSlopes(heads).data[h]) }, lang)
      : t('bias.head', { h }, lang) + ' · ' + t5Note;
    return {
      matrix, note, title: t(`bias.${kind}`, {}, lang),
      rule: kind === 'alibi' ? '−m_h · |i − j|' : 'table[bucket(j − i), h]',
      valueName: t('bias.value', {}, lang),
    };
  }
}
