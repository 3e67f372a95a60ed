// <attn-emergence>: how a sharp jump in a discrete metric comes from a smooth
// fall in loss. Toy model: the per-token loss of the answer's tokens is the
// reducible part of Chinchilla's compute-optimal loss, ℓ(C) = L*(C) − E
// (smooth in log C); a k-token answer is exactly right with probability
// p(C)^k = exp(−k·ℓ(C)), which climbs from ~0 to ~1 over a narrow range of C
// once k is large. Attribute `answer-length` (k, default 10).
import * as attn from '../lib/index.js';
import { el } from './dom.js';
import { AttnElement, intAttr } from './attn-element.js';
import { t } from './i18n.js';
import { AttnLineChart } from './attn-line-chart.js';
import { formatNumber } from './line-chart-scale.js';
import { EXPERIMENT_STYLE, facts } from './experiment-style.js';
import './experiment-messages.js';
import { CHART_COLORS } from './chart-colors.js';

const C_FROM = 1e17, C_TO = 1e31; // past today's budgets on purpose: a toy
const budgets = Array.from({ length: 81 }, (_, i) => C_FROM * (C_TO / C_FROM) ** (i / 80));
/** ℓ(C): nats per answer token. */
const tokenLoss = (C) => attn.chinchillaOptimum(C).loss - attn.CHINCHILLA_CONSTANTS.E;

/** The C where exp(−k·ℓ(C)) = share, by bisection on log C (ℓ falls monotonically). */
export function budgetForExactMatch(k, share) {
  const target = -Math.log(share) / k;
  let lo = Math.log(1e10), hi = Math.log(1e40);
  if (tokenLoss(Math.exp(hi)) > target) return Infinity;
  for (let i = 0; i < 100; i++) {
    const mid = (lo + hi) / 2;
    if (tokenLoss(Math.exp(mid)) > target) lo = mid; else hi = mid;
  }
  return Math.exp((lo + hi) / 2);
}

export class AttnEmergence extends AttnElement {
  static tag = 'attn-emergence';
  static uses = { 'attn-line-chart': AttnLineChart };
  static get observedAttributes() { return ['answer-length', 'lang']; }

  #slider; #out; #name; #loss; #match; #facts; #note;

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    this.#slider = Object.assign(el('input'), { type: 'range', min: '1', max: '50', step: '1' });
    this.#out = el('output');
    this.#name = el('span', 'name');
    const field = el('label', 'field wide');
    field.append(this.#name, this.#out, this.#slider);
    const row = el('div', 'row');
    row.append(field);
    this.#loss = new AttnLineChart();
    this.#loss.setAttribute('log-x', '');
    this.#loss.setAttribute('log-y', '');
    this.#match = new AttnLineChart();
    this.#match.setAttribute('log-x', '');
    this.#match.setAttribute('y-min', '0');
    this.#match.setAttribute('y-max', '1');
    this.#facts = el('div');
    this.#note = el('p', 'note');
    root.append(el('style', null, EXPERIMENT_STYLE), row, this.#loss, this.#match, this.#facts, this.#note);
    this.#slider.addEventListener('input', () => {
      this.setAttribute('answer-length', this.#slider.value);
      this.emit('change', { answerLength: this.answerLength });
    });
  }

  /** k, the tokens an answer must get all right. */
  get answerLength() { return intAttr(this, 'answer-length', 10, 1, 50); }
  set answerLength(v) { this.setAttribute('answer-length', String(v)); }

  render() {
    const L = this.language;
    const k = this.answerLength;
    this.#slider.value = String(k);
    this.#out.textContent = String(k);
    this.#name.textContent = t('emergence.k', {}, L);
    this.#loss.setAttribute('x-label', t('emergence.compute', {}, L));
    this.#loss.setAttribute('y-label', t('emergence.tokenLoss', {}, L));
    this.#loss.series = [{ label: t('emergence.tokenLoss.series', {}, L), points: budgets.map((C) => [C, tokenLoss(C)]) }];
    this.#match.setAttribute('x-label', t('emergence.compute', {}, L));
    this.#match.setAttribute('y-label', t('emergence.exact', {}, L));
    const exact = (kk) => budgets.map((C) => [C, Math.exp(-kk * tokenLoss(C))]);
    this.#match.series = [
      { label: t('emergence.perToken', {}, L), points: exact(1), color: CHART_COLORS.grey, dashed: true },
      { label: t('emergence.exact.series', { k }, L), points: exact(k), color: CHART_COLORS.orange },
    ];
    const c10 = budgetForExactMatch(k, 0.1), c90 = budgetForExactMatch(k, 0.9);
    this.#match.marker = Number.isFinite(c10) ? c10 : null;
    this.#facts.replaceChildren(facts([
      [t('emergence.c10', {}, L), formatNumber(c10)],
      [t('emergence.c90', {}, L), formatNumber(c90)],
      [t('emergence.span', {}, L), Number.isFinite(c90) ? formatNumber(Math.log10(c90 / c10), 2) : '—'],
      [t('emergence.lossSpan', {}, L), `${formatNumber(tokenLoss(c10))} → ${formatNumber(tokenLoss(c90))}`],
    ]));
    this.#note.textContent = t('emergence.note', {}, L);
  }
}
