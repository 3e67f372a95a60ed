// <attn-mask-grid pattern="sliding" n="12" window="3">: one attention mask
// pattern, built by the core's mask builders, as a grid: filled cells may
// attend, white hatched cells may not; the right-hand column counts each
// query's keys. See index.d.ts for the attributes.
import { attn, rowSums } from './attention-source.js';
import { CoreMatrixElement } from './core-matrix-element.js';
import { intAttr, boolAttr } from './attributes.js';
import { t } from './i18n.js';
import './mask-messages.js';

export const PATTERNS = ['causal', 'sliding', 'strided', 'global', 'longformer', 'bigbird'];
const FILLED = 1.6; // colour-scale top: an allowed cell (1) gets a mid blue, not the darkest

/** "0 5, 9" -> [0, 5, 9]. */
export function parseIndexList(text, n, name = 'globals') {
  const list = String(text ?? '').split(/[\s,]+/).filter(Boolean).map(Number);
  for (const g of list) {
    if (!Number.isInteger(g) || g < 0 || g >= n) throw new Error(`${name}: every index must be an integer from 0 to ${n - 1} (got ${g})`);
  }
  return [...new Set(list)];
}

export class AttnMaskGrid extends CoreMatrixElement {
  static tag = 'attn-mask-grid';

  static get observedAttributes() {
    return ['pattern', 'n', 'window', 'stride', 'globals', 'random', 'seed', 'causal', 'caption', 'cell-size', 'lang'];
  }

  #mask = null;

  /** The boolean mask shown ({data: Uint8Array, shape: [n, n]}, 1 = may attend), as the core returned it. */
  get mask() { return this.#mask; }

  /** The core's mask for the attributes. */
  build() {
    const pattern = this.getAttribute('pattern') ?? 'causal';
    if (!PATTERNS.includes(pattern)) throw new Error(`the pattern attribute must be one of ${PATTERNS.join(', ')} (got "${pattern}")`);
    const n = intAttr(this, 'n', 12, 1, 256);
    const window = intAttr(this, 'window', 3, 1, 4096);
    const causal = boolAttr(this, 'causal');
    const globalTokens = parseIndexList(this.getAttribute('globals') ?? '0', n);
    const sliding = () => attn.slidingWindowMask(n, n, window, { causal });
    const global = () => attn.globalTokensMask(n, globalTokens, { causal });
    switch (pattern) {
      case 'causal': return attn.causalMask(n);
      case 'sliding': return sliding();
      case 'strided': return attn.stridedMask(n, intAttr(this, 'stride', 4, 1, 4096));
      case 'global': return global();
      case 'longformer': return attn.combineMasks(sliding(), global());
      default: return attn.bigBirdMask(n, {
        window, globalTokens, randomPerRow: intAttr(this, 'random', 2, 0, 4096), seed: intAttr(this, 'seed', 1, 0, 2 ** 32 - 1),
      });
    }
  }

  compute(lang) {
    const pattern = this.getAttribute('pattern') ?? 'causal';
    const mask = this.build();
    const [R, C] = mask.shape;
    const matrix = attn.tensor(Float32Array.from(mask.data), [R, C]);
    const sums = rowSums(matrix); // keys per query, by the core
    const total = attn.matmul(attn.tensor(new Float32Array(R).fill(1), [1, R]), attn.tensor(sums, [R, 1])).data[0];
    this.#mask = mask;
    const causal = boolAttr(this, 'causal') && ['sliding', 'global', 'longformer'].includes(pattern);
    return {
      matrix, sums, max: FILLED, showValues: false, integers: true, legend: false,
      masked: (i, j) => mask.data[i * C + j] === 0,
      title: t(`mask.${pattern}`, {}, lang),
      rule: t(`mask.${pattern}.rule${causal ? '.causal' : ''}`, {}, lang),
      note: t('mask.count', { k: total, total: R * C }, lang),
      sumHeader: t('mask.keys', {}, lang),
      valueName: t('mask.allowed', {}, lang),
      maskedText: t('mask.masked', {}, lang),
    };
  }
}
