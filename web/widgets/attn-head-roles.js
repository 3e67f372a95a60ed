// <attn-head-roles>: the lecture's "heads specialise" table, measured. For
// a model (a ModelWorker or Model given as the `model` property, or a
// shipped model named by the `model` attribute) it runs attn.headRoles on a
// probe — random tokens repeated, the lecture's two example sentences, or
// the reader's text — and shows a layer × head table of roles; a click on
// a head (or Enter on it) opens its attention map. See attn-head-roles.d.ts.
import { attn } from './attention-source.js';
import { AttnHeatmap } from './attn-heatmap.js';
import { AttnElement } from './attn-element.js';
import { fillMarked, t } from './i18n.js';
import { tokenLabel } from './tiny-gpt-files.js';
import {
  PROBES, VIEWS, buildView, moveFocus, renderDetail, renderLegend, renderTable, showChoices,
} from './head-roles-view.js';
import { aboutLine, probeOptions, statusLine } from './head-roles-probe.js';

const ATTRIBUTES = ['model', 'probe', 'text', 'head', 'view', 'lang'];

/** 'l.h' -> { layer, head } (or null). */
const parseHead = (s) => (/^\d+\.\d+$/.test(s ?? '') ? { layer: Number(s.split('.')[0]), head: Number(s.split('.')[1]) } : null);

export class AttnHeadRoles extends AttnElement {
  static tag = 'attn-head-roles';
  static uses = { 'attn-heatmap': AttnHeatmap };
  static observesSize = true;
  static get observedAttributes() { return ATTRIBUTES; }

  #ui; #model = null; #own = null; #label = null;
  #state = { probe: 'repeated', text: '', head: null, view: 'best' };
  #roles = null; #attention = null; #labels = []; #truncated = 0;
  #run = null; #measuring = null; #progress = null; #message = '';

  constructor() {
    super();
    const ui = this.#ui = buildView(this.attachShadow({ mode: 'open' }));
    for (const b of ui.probeButtons) b.addEventListener('click', () => this.#change({ probe: b.dataset.value }, b.dataset.value !== 'own'));
    for (const b of ui.viewButtons) b.addEventListener('click', () => this.#change({ view: b.dataset.value }, false));
    ui.measure.addEventListener('click', () => this.#change({ text: ui.text.value }, true));
    ui.table.addEventListener('click', (e) => {
      const b = e.target.closest?.('.role-cell');
      if (b) this.#change({ head: { layer: Number(b.dataset.layer), head: Number(b.dataset.head) } }, false);
    });
    ui.table.addEventListener('keydown', (e) => moveFocus(ui, e));
  }

  connected() {
    const s = this.#state;
    s.probe = PROBES.includes(this.getAttribute('probe')) ? this.getAttribute('probe') : s.probe;
    s.view = VIEWS.includes(this.getAttribute('view')) ? this.getAttribute('view') : s.view;
    s.text = this.getAttribute('text') ?? s.text;
    s.head = parseHead(this.getAttribute('head')) ?? s.head;
    this.#ui.text.value = s.text;
    if (!this.#model && this.hasAttribute('model')) this.#loadDefault(this.getAttribute('model'));
  }

  disconnected() {
    this.#run?.abort();
    this.#own?.dispose();
    this.#own = null;
  }

  attributeChanged(name, value) {
    if (!this.isConnected) return;
    if (name === 'model') { this.#loadDefault(value); return; }
    if (name === 'lang') { this.schedule(); return; }
    const key = { probe: 'probe', text: 'text', head: 'head', view: 'view' }[name];
    this.state = { [key]: value };
  }

  /** The model measured: a ModelWorker or Model (not disposed here). Setting it measures. */
  get model() { return this.#model; }
  set model(m) {
    this.#own?.dispose();
    this.#own = null;
    this.#setModel(m);
  }

  /** How a token id is labelled in the attention map: (id) => string or Promise<string>. */
  get label() { return this.#label; }
  set label(fn) { this.#label = typeof fn === 'function' ? fn : null; }

  /** The last measurement (attn.headRoles' result), or null. */
  get roles() { return this.#roles; }
  /** Resolves when the measurement in progress ends. */
  get measured() { return this.#measuring ?? Promise.resolve(this.#roles); }

  /** { probe, text, head: {layer, head} | null, view }; setting any subset remeasures when the probe or text changes. */
  get state() { const s = this.#state; return { ...s, head: s.head && { ...s.head } }; }
  set state(next) {
    const s = this.#state, n = { ...next };
    if ('head' in n && (n.head === null || typeof n.head === 'string')) n.head = parseHead(n.head);
    const remeasure = (n.probe !== undefined && PROBES.includes(n.probe) && n.probe !== s.probe)
      || (n.text !== undefined && n.text !== s.text && (n.probe ?? s.probe) === 'own');
    if (n.probe !== undefined && PROBES.includes(n.probe)) s.probe = n.probe;
    if (n.view !== undefined && VIEWS.includes(n.view)) s.view = n.view;
    if (n.text !== undefined) { s.text = String(n.text); this.#ui.text.value = s.text; }
    if ('head' in n) s.head = n.head;
    if (remeasure) this.measure();
    else this.schedule();
  }

  /** Measures the model on the chosen probe; resolves to the HeadRoles (null when there is nothing to measure). */
  measure() {
    this.#run?.abort();
    const run = this.#run = new AbortController();
    const model = this.#model;
    this.#roles = null;
    this.#message = '';
    this.#progress = null;
    if (!model) { this.schedule(); return Promise.resolve(null); }
    const task = (async () => {
      try {
        const probe = await probeOptions(model, this.#state);
        if (!probe) { this.#message = t('roles.needText', {}, this.language); return null; }
        this.#truncated = probe.truncated;
        const roles = await attn.headRoles(model, {
          ...probe.options, signal: run.signal,
          onProgress: (p) => { if (this.#run === run) { this.#progress = p; this.schedule(); } },
        });
        const ids = roles.probe.ids[0];
        const { attention } = await model.forward(ids, { returnAttention: true });
        const labels = await Promise.all(ids.map((id) => this.#tokenLabel(model, id)));
        if (this.#run !== run) return null;
        this.#roles = roles;
        this.#attention = attention;
        this.#labels = labels;
        const s = this.#state;
        if (s.head && (s.head.layer >= roles.nLayers || s.head.head >= roles.nHeads)) s.head = null;
        this.emit('roles-measured', roles);
        return roles;
      } catch (e) {
        if (this.#run === run && !run.signal.aborted) this.#message = e.message ?? String(e);
        return null;
      } finally {
        if (this.#run === run) { this.#progress = null; this.#measuring = null; this.schedule(); }
      }
    })();
    this.#measuring = task;
    this.schedule();
    return task;
  }

  render() {
    const ui = this.#ui, lang = this.language, s = this.#state, roles = this.#roles;
    fillMarked(this.shadowRoot, lang);
    ui.lede.textContent = t('roles.lede', { threshold: attn.DEFAULT_ROLE_THRESHOLD }, lang);
    ui.probes.setAttribute('aria-label', t('roles.probe', {}, lang));
    ui.views.setAttribute('aria-label', t('roles.view', {}, lang));
    ui.text.placeholder = t('roles.own.placeholder', {}, lang);
    const canUseText = !this.#model || this.#model.config?.tokenizer !== 'none';
    showChoices(ui, s, canUseText);
    ui.about.textContent = aboutLine({ model: this.#model, state: s, roles, truncated: this.#truncated }, lang);
    ui.error.textContent = this.#message ? t('roles.error', { message: this.#message }, lang) : '';
    ui.status.textContent = statusLine({ progress: this.#progress, roles }, lang);
    ui.scroll.hidden = !roles;
    ui.views.hidden = !roles;
    renderLegend(ui, roles, lang);
    if (!roles) { ui.detail.hidden = true; return; }
    const focused = this.shadowRoot.activeElement?.closest?.('.role-cell'); // the table is redrawn: keep the reader's place
    renderTable(ui, roles, s, lang);
    if (focused) ui.table.querySelector(`.role-cell[data-layer="${focused.dataset.layer}"][data-head="${focused.dataset.head}"]`)?.focus();
    if (s.head) {
      renderDetail(ui, {
        roles, attention: this.#attention, labels: this.#labels, layer: s.head.layer, head: s.head.head, width: this.width || this.clientWidth,
      }, lang);
    } else ui.detail.hidden = true;
  }

  // A reader's change: new state, the address told (state-change), a new measurement if asked.
  #change(next, remeasure) {
    const s = this.#state;
    Object.assign(s, next);
    if ('text' in next) this.#ui.text.value = s.text;
    this.emit('state-change', this.state);
    if (remeasure) this.measure();
    else this.schedule();
    if ('head' in next && s.head) this.emit('head-open', { ...s.head });
  }

  #setModel(m) {
    this.#model = m ?? null;
    this.#attention = null;
    this.measure();
  }

  async #loadDefault(name) {
    this.#own?.dispose();
    this.#own = null;
    this.#model = null;
    try {
      const worker = await attn.ModelWorker.default(name);
      if (!this.isConnected || this.getAttribute('model') !== name) { worker.dispose(); return; }
      this.#own = worker;
      this.#setModel(worker);
    } catch (e) {
      this.#message = e.message ?? String(e);
      this.schedule();
    }
  }

  async #tokenLabel(model, id) {
    if (this.#label) return String(await this.#label(id));
    if (model.config.tokenizer === 'none' || typeof model.piece !== 'function') return `#${id}`;
    return tokenLabel(await model.piece(id));
  }
}
