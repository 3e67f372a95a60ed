// <attn-block-explorer>: one Transformer block, step by step. A sentence's
// seeded embeddings go through a block with seeded weights; the core's
// transformerBlock(..., {returnIntermediates: true}) computes every tensor,
// and a stepper shows one stage at a time as heatmaps. See index.d.ts.
import { attn } from './attention-source.js';
import { blockInput, blockParams, blockConfig, readBlockSettings } from './block-source.js';
import { stagesFor } from './block-stages.js';
import { AttnTensorView } from './attn-tensor-view.js';
import { AttnStepper, withSubscripts } from './attn-stepper.js';
import { t } from './i18n.js';
import { AttnElement } from './attn-element.js';
import { el } from './dom.js';
import { STYLE } from './block-explorer-style.js';
import './explorer-messages.js';
import './explorer-variant-messages.js';

const ATTRIBUTES = [
  'tokens', 'd-model', 'heads', 'kv-heads', 'seed', 'norm-position', 'norm', 'activation', 'causal', 'rope', 'stage', 'lang',
  'kind', 'temperature', 'qk-norm', 'alibi', 'window', 'normalized',
];
const DEFAULT_TOKENS = 'the cat sat on the mat';

export class AttnBlockExplorer extends AttnElement {
  static tag = 'attn-block-explorer';
  static uses = { 'attn-tensor-view': AttnTensorView, 'attn-stepper': AttnStepper };

  static get observedAttributes() { return ATTRIBUTES; }

  #ui = {}; #views = [];
  #settings = null; #input = null; #params = null; #config = null; #result = null; #stages = []; #index = 0; #wanted = null;

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    const ui = this.#ui;
    const parts = [['stepNo', 'span', 'step-no'], ['title', 'h3', 'title'], ['formula', 'code', 'formula'], ['shape', 'code', 'shape'],
      ['explain', 'p', 'explain'], ['views', 'div', 'views'], ['prev', 'button', 'pager prev'], ['next', 'button', 'pager next'],
      ['status', 'p', 'status'], ['nav', 'nav', 'nav'], ['stage', 'section', 'stage']];
    for (const [key, tag, className] of parts) ui[key] = el(tag, className);
    ui.steps = new AttnStepper();
    ui.nav.append(ui.steps);
    const head = el('div', 'stage-head');
    head.append(ui.stepNo, ui.title, ui.formula, ui.shape);
    const pager = el('div', 'pagers');
    pager.append(ui.prev, ui.next);
    ui.stage.setAttribute('part', 'stage');
    ui.stage.append(head, ui.explain, ui.views, pager);
    root.append(el('style', null, STYLE), ui.status, ui.nav, ui.stage);
    ui.prev.addEventListener('click', () => this.#go(this.#index - 1));
    ui.next.addEventListener('click', () => this.#go(this.#index + 1));
    ui.steps.addEventListener('change', (e) => this.#go(e.detail.index));
  }

  static needsCore = true;

  connected() {
    if (!this.coreReady) this.#message(t('heatmap.loading', {}, this.language));
  }

  attributeChanged(name) {
    if (name === 'stage') { // moving to another stage only redraws; everything else recomputes the block
      const i = this.#stages.findIndex((s) => s.id === this.getAttribute('stage'));
      if (this.#result && !this.renderPending && i >= 0) { this.#index = i; this.#drawStage(); return; }
      this.#wanted = this.getAttribute('stage');
    }
    this.schedule();
  }

  /** The embeddings x [T, C] that went in. */
  get input() { return this.#input; }
  /** The block's parameters ({norm1, attn, norm2, ffn}). */
  get params() { return this.#params; }
  /** The config given to transformerBlock (without returnIntermediates). */
  get config() { return this.#config; }
  /** transformerBlock's result ({output, intermediates}), or null. */
  get result() { return this.#result; }
  /** The stage ids, in order. */
  get stages() { return this.#stages.map((s) => s.id); }
  /** The id of the stage shown; setting it shows that stage. */
  get stage() { return this.#stages[this.#index]?.id ?? null; }
  set stage(id) { this.setAttribute('stage', id); }

  #go(index) {
    const i = Math.max(0, Math.min(this.#stages.length - 1, index));
    if (i === this.#index || !this.#stages[i]) return;
    this.#index = i;
    this.#drawStage();
    this.dispatchEvent(new CustomEvent('stage-change', { detail: { stage: this.stage, index: i } }));
  }

  /** Recomputes the block and redraws now (changes otherwise redraw at the end of the current task). */
  render() {
    if (this.coreError) { this.#message(this.coreError.message, true); return; }
    if (!this.coreReady) return;
    try {
      const s = readBlockSettings(this, DEFAULT_TOKENS);
      const input = blockInput(s);
      const params = blockParams(s);
      const config = blockConfig(s);
      const result = attn.transformerBlock(input, params, { ...config, returnIntermediates: true });
      const wanted = this.#wanted ?? this.stage ?? this.getAttribute('stage');
      this.#wanted = null;
      this.#settings = s; this.#input = input; this.#params = params; this.#config = config; this.#result = result;
      this.#stages = stagesFor(s);
      const found = this.#stages.findIndex((st) => st.id === wanted);
      this.#index = found >= 0 ? found : Math.min(this.#index, this.#stages.length - 1); // e.g. a norm stage gone with post-LN
      this.#drawSteps();
      this.#drawStage();
      this.#ui.status.hidden = true;
      this.#ui.nav.hidden = this.#ui.stage.hidden = false;
      this.dispatchEvent(new CustomEvent('change', { detail: { result } }));
    } catch (e) {
      this.#result = null;
      this.#message(t('explorer.error', {}, this.language) + (e?.message ?? e), true);
      this.dispatchEvent(new CustomEvent('error', { detail: { message: e?.message ?? String(e) } }));
    }
  }

  #message(text, error = false) {
    const { status, nav, stage } = this.#ui;
    status.textContent = text;
    status.classList.toggle('error', error);
    status.hidden = false;
    nav.hidden = stage.hidden = true;
  }

  #drawSteps() {
    const lang = this.language;
    this.#ui.nav.setAttribute('aria-label', t('explorer.steps', {}, lang));
    this.#ui.steps.steps = this.#stages.map((stage) => ({
      id: stage.id, label: stage.short, group: stage.group, title: t(`stage.${stage.id}.title`, {}, lang),
      groupLabel: stage.group === 'attn' || stage.group === 'ffn' ? t(`explorer.group.${stage.group}`, {}, lang) : null,
    }));
  }

  #drawStage() {
    const ui = this.#ui;
    const lang = this.language;
    const s = this.#settings;
    const stage = this.#stages[this.#index];
    ui.steps.index = this.#index;
    ui.stepNo.textContent = t('explorer.step', { i: this.#index + 1, n: this.#stages.length }, lang);
    ui.title.textContent = t(`stage.${stage.id}.title`, {}, lang);
    ui.formula.replaceChildren(...withSubscripts(stage.formula));
    ui.shape.textContent = stage.shape;
    // A variant's explanation (nGPT, cosine, post-LN) when the messages have one, else the plain one.
    const variant = `stage.${stage.id}.explain.${stage.variant ?? (s.prenorm ? '' : 'post')}`;
    ui.explain.replaceChildren(...withSubscripts(t(variant, {}, lang) !== variant ? t(variant, {}, lang) : t(`stage.${stage.id}.explain`, {}, lang)));
    ui.prev.textContent = t('explorer.prev', {}, lang);
    ui.next.textContent = t('explorer.next', {}, lang);
    ui.prev.disabled = this.#index === 0;
    ui.next.disabled = this.#index === this.#stages.length - 1;
    while (this.#views.length < stage.views.length) this.#views.push(new AttnTensorView());
    const views = this.#views.slice(0, stage.views.length);
    stage.views.forEach((spec, n) => this.#configure(views[n], spec, s, lang));
    ui.views.replaceChildren(...views);
    this.setAttribute('data-stage', stage.id);
  }

  #configure(view, spec, s, lang) {
    const square = spec.cols === 'tokens';
    view.data = spec.pick(this.#result, this.#input);
    view.maskFrom = spec.maskFrom ? spec.maskFrom(this.#result) : null;
    view.tokens = s.tokens;
    view.colTokens = square ? s.tokens : null;
    view.setAttribute('row-title', t(square ? 'heatmap.queries' : 'axis.tokens', {}, lang));
    view.setAttribute('col-title', t(square ? 'heatmap.keys' : `axis.${spec.cols}`, {}, lang));
    if (spec.label) view.setAttribute('caption', spec.label); else view.removeAttribute('caption');
    view.dataset.view = spec.label ?? 'main';
    const group = s.nHeads / s.nKvHeads;
    if (spec.heads === 'kv' && group > 1) {
      view.headLabels = Array.from({ length: s.nKvHeads }, (_, g) => t('explorer.kvHead', { g, from: g * group, to: (g + 1) * group - 1 }, lang));
    } else if (spec.heads === 'q' && group > 1) {
      view.headLabels = Array.from({ length: s.nHeads }, (_, h) => t('explorer.qHeadShared', { h, g: Math.floor(h / group) }, lang));
    } else {
      view.headLabels = null;
    }
    view.setAttribute('lang', lang);
  }
}
