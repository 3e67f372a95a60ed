// <attn-train>: a tiny llama-shaped model learns a text in front of the
// reader. The text (the shipped Austen novel or any pasted UTF-8 text) becomes
// a character- or byte-level vocabulary; attn.TrainerWorker trains the model
// in a module Web Worker while the page draws the training and held-out loss,
// tokens/s and time left, a sample every few hundred steps and the
// attention of one head on the last sample. Pause, resume, reset, download
// the checkpoint + tokenizer.bin, open the result in the Tiny models page.
import { attn } from './attention-source.js';
import { AttnHeatmap } from './attn-heatmap.js';
import { AttnElement } from './attn-element.js';
import { t, langFor } from './i18n.js';
import { LossPlot } from './train-plot.js';
import { PRESETS, PRESET_NAMES, defaultEvalEvery, defaultSampleEvery, runOptions } from './train-presets.js';
import { presetOptions, statsLine } from './train-format.js';
import { AttentionPanel } from './train-attention.js';
import { Tokenized, austenText, tokensNeeded } from './train-text.js';
import { downloadBytes, storeTrained } from './train-store.js';
import { applyText, buildView, sampleItem } from './train-view.js';
import './train-messages.js';

const ATTRIBUTES = ['text', 'level', 'preset', 'steps', 'seed', 'prompt', 'sample-every', 'eval-every', 'models-href', 'lang'];
const ATTENTION_TOKENS = 32;
// Samples: the same seed and temperature every time, so only the weights change them.
const SAMPLE_TEMPERATURE = 0.8;

export class AttnTrain extends AttnElement {
  static tag = 'attn-train';
  static uses = { 'attn-heatmap': AttnHeatmap };

  static get observedAttributes() { return ATTRIBUTES; }

  #ui; #plot; #attention; #tokenized = new Tokenized(); #started = false; #worker = null; #run = null; #plan = null;
  #promptTyped = false; #state = 'idle'; #progress = []; #samples = []; #held = undefined; #frameQueued = false;

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    const ui = this.#ui = buildView(root);
    this.#plot = new LossPlot(ui.plot, (key, params) => t(key, params, langFor(this)));
    this.#attention = new AttentionPanel(ui);
    ui.start.addEventListener('click', () => this.train());
    ui.pause.addEventListener('click', () => (this.#state === 'paused' ? this.resume() : this.pause()));
    ui.reset.addEventListener('click', () => this.reset());
    ui.download.addEventListener('click', () => this.download('checkpoint'));
    ui.downloadTokenizer.addEventListener('click', () => this.download('tokenizer'));
    ui.openModels.addEventListener('click', () => this.openInModels());
    ui.source.addEventListener('change', () => { this.setAttribute('text', ui.source.value); });
    for (const [control, name] of [[ui.level, 'level'], [ui.preset, 'preset'], [ui.steps, 'steps'], [ui.seed, 'seed']]) {
      control.addEventListener('change', () => this.setAttribute(name, control.value));
    }
    ui.text.addEventListener('input', () => this.#describeText());
    ui.prompt.addEventListener('input', () => { this.#promptTyped = true; });
  }

  connected() {
    if (!this.#started) { this.#started = true; this.#readAttributes(); }
  }

  /** Leaving the page ends the run and frees the worker. */
  disconnected() {
    this.#run = null;
    this.#worker?.dispose();
    this.#worker = null;
    if (this.#state !== 'idle') this.#setState('cancelled');
  }

  /** Repaints the texts (the language or the lang attribute changed). */
  render() { this.#text(); }

  attributeChanged(name) {
    if (!this.#started) return;
    if (name === 'lang') this.schedule();
    else this.#readAttributes();
  }

  /** 'idle' | 'loading' | 'running' | 'paused' | 'done' | 'cancelled' | 'failed' */
  get state() { return this.#state; }
  /** Every progress event of the current run, as the worker sent it. */
  get progress() { return this.#progress.map((p) => ({ ...p })); }
  /** The losses the plot draws: { train: [[step, loss]], heldOut: [[step, loss]] }. */
  get series() { return this.#plot.series; }
  /** The samples so far: [{ step, promptIds, ids, text }]. */
  get samples() { return this.#samples.map((s) => ({ ...s })); }
  /** The vocabulary of the current run (attn.Vocabulary), or null. */
  get vocabulary() { return this.#plan?.vocab ?? null; }
  /** The TrainerWorker in use, or null. */
  get worker() { return this.#worker; }
  /** The attention shown: { layer, head, tokens, weights: { data, shape } } or null. */
  get attention() { return this.#attention.shown; }

  /** Builds the vocabulary and trains a fresh model; resolves to the run's result (or null on error). */
  async train() {
    if (this.#state === 'running' || this.#state === 'paused' || this.#state === 'loading') return null;
    const ui = this.#ui;
    this.#error('');
    this.#setState('loading');
    try {
      const plan = await this.#prepare();
      if (this.#state !== 'loading') return null; // reset while the text loaded
      this.#plan = plan;
      this.#clear(plan.steps);
      this.#worker ??= new attn.TrainerWorker();
      this.#setState('running');
      const run = this.#run = this.#worker.start({
        ...plan.start,
        onProgress: (p) => this.#onProgress(p),
        onSample: (s) => this.#onSample(s),
      });
      const result = await run;
      if (run !== this.#run) return null; // reset meanwhile
      this.#setState(result.state);
      this.dispatchEvent(new CustomEvent('train-end', { detail: result }));
      return result;
    } catch (e) {
      if (this.#state !== 'idle') { this.#setState('failed'); this.#error(e.message ?? String(e)); }
      return null;
    } finally {
      this.#drawSoon();
    }
  }

  pause() { if (this.#state === 'running') { this.#setState('paused'); return this.#worker.pause(); } return null; }
  resume() { if (this.#state === 'paused') { this.#setState('running'); return this.#worker.resume(); } return null; }

  /** Stops any run, frees the model and clears the plot and samples. */
  reset() {
    this.#run = null;
    this.#worker?.dispose();
    this.#worker = null;
    this.#clear(this.#steps());
    this.#error('');
    this.#setState('idle');
    this.#drawSoon();
  }

  /** The trained weights now: TrainerWorker.snapshot() (+ tokenizerKind), or null before a run. */
  async snapshot() {
    if (!this.#worker || !this.#plan) return null;
    const s = await this.#worker.snapshot();
    return { ...s, tokenizerKind: this.#plan.vocab.tokenizerKind };
  }

  /** Saves the checkpoint ('checkpoint') or the tokenizer.bin ('tokenizer') as a file. */
  async download(what = 'checkpoint') {
    try {
      const s = await this.snapshot();
      if (!s) return;
      const name = `attn-train-${this.#plan.preset}-${this.#plan.vocab.level}`;
      if (what === 'tokenizer') downloadBytes(s.tokenizer, `${name}.tokenizer.bin`, this.shadowRoot);
      else downloadBytes(s.checkpoint, `${name}.bin`, this.shadowRoot);
    } catch (e) {
      this.#error(e.message ?? String(e));
    }
  }

  /** Stores the model in this browser and opens the Tiny models page (models-href?open=trained) on it. */
  async openInModels() {
    try {
      const s = await this.snapshot();
      if (!s) return;
      await storeTrained({ ...s, prompt: this.#ui.prompt.value });
      this.#ui.status.textContent = t('train.stored', {}, langFor(this));
      const url = new URL(this.getAttribute('models-href') || 'models.html', document.baseURI);
      url.searchParams.set('open', 'trained');
      globalThis.location.assign(url.href);
    } catch (e) {
      this.#error(e.message ?? String(e));
    }
  }

  async #prepare() {
    const ui = this.#ui, preset = ui.preset.value;
    const text = await this.#sourceText();
    const tokens = this.#tokenized.of(text, ui.level.value);
    const need = tokensNeeded(PRESETS[preset].seqLen);
    if (tokens.ids.length < need) throw new Error(t('train.tooShort', { n: need }, langFor(this)));
    this.#describeText();
    const steps = this.#steps(), seed = this.#int('seed', 1);
    const sampleEvery = this.#int('sample-every', defaultSampleEvery(steps));
    const prompt = ui.prompt.value || [...text].slice(0, 8).join('');
    const start = runOptions(preset, tokens, {
      steps, seed, sampleEvery, evalEvery: this.#int('eval-every', defaultEvalEvery(steps)), prompt, temperature: SAMPLE_TEMPERATURE,
    });
    return { vocab: tokens.vocab, preset, steps, sampleEvery, start };
  }

  #sourceText() {
    return this.#ui.source.value === 'own' ? Promise.resolve(this.#ui.text.value) : austenText();
  }

  #clear(steps) {
    this.#progress = [];
    this.#samples = [];
    this.#held = undefined;
    this.#attention.reset();
    this.#ui.samples.replaceChildren();
    this.#ui.stats.textContent = '';
    this.#plot.reset(steps);
  }

  #onProgress(p) {
    this.#progress.push(p);
    if (typeof p.heldOutLoss === 'number') this.#held = p.heldOutLoss;
    this.#plot.add(p);
    this.#drawSoon();
    this.dispatchEvent(new CustomEvent('progress', { detail: p }));
  }

  #onSample(s) {
    this.#samples.push(s);
    this.#ui.samples.prepend(sampleItem(s, this.#plan.vocab));
    this.#sampleLabels();
    this.#attend([...s.promptIds, ...s.ids].slice(0, ATTENTION_TOKENS));
    this.dispatchEvent(new CustomEvent('sample', { detail: s }));
  }

  async #attend(ids) {
    const worker = this.#worker, vocab = this.#plan.vocab;
    try {
      const r = await worker.forward(ids, { returnAttention: true });
      if (worker === this.#worker) this.#attention.set(ids, r.attention, vocab);
    } catch { /* the run was reset or the worker disposed meanwhile */ }
  }

  #readAttributes() {
    const ui = this.#ui;
    const text = this.getAttribute('text');
    ui.source.value = text === 'own' ? 'own' : 'austen';
    ui.text.hidden = ui.source.value !== 'own';
    ui.level.value = this.getAttribute('level') === 'byte' ? 'byte' : 'char';
    ui.preset.value = PRESET_NAMES.includes(this.getAttribute('preset')) ? this.getAttribute('preset') : 'tiny';
    ui.steps.value = this.#steps();
    ui.seed.value = this.#int('seed', 1);
    // The prompt: the attribute, else what the reader typed, else one that suits the text.
    if (this.hasAttribute('prompt')) ui.prompt.value = this.getAttribute('prompt');
    else if (!this.#promptTyped) ui.prompt.value = ui.source.value === 'austen' ? 'Elizabeth' : '';
    ui.openModels.hidden = !this.hasAttribute('models-href');
    if (this.#state === 'idle') { this.#plot.reset(this.#steps()); this.#drawSoon(); }
    this.#describeText();
  }

  #steps() { return this.#int('steps', PRESETS[this.#ui.preset.value]?.steps ?? 600); }

  #int(name, fallback) {
    const v = Number(this.getAttribute(name));
    return this.hasAttribute(name) && Number.isInteger(v) && v >= 0 ? v : fallback;
  }

  async #describeText() {
    const lang = langFor(this), ui = this.#ui;
    const source = ui.source.value, level = ui.level.value;
    const text = await this.#sourceText().catch(() => '');
    if (source !== ui.source.value || level !== ui.level.value) return; // changed while the text loaded
    if (!text) { ui.textInfo.textContent = ui.vocab.textContent = ''; presetOptions(ui.preset, null, lang); return; }
    const { vocab, ids, cut } = this.#tokenized.of(text, level);
    const n = (v) => v.toLocaleString('en');
    ui.textInfo.textContent = t('train.text.info', { chars: n([...text].length), tokens: n(ids.length), train: n(cut), held: n(ids.length - cut) }, lang);
    ui.vocab.textContent = t('train.vocab', { n: vocab.vocabSize }, lang);
    presetOptions(ui.preset, vocab.vocabSize, lang);
  }

  #drawSoon() {
    if (this.#frameQueued) return;
    this.#frameQueued = true;
    requestAnimationFrame(() => {
      this.#frameQueued = false;
      this.#plot.render();
      const last = this.#progress.at(-1);
      if (last) this.#ui.stats.textContent = statsLine(last, this.#held, langFor(this));
    });
  }

  #setState(state) {
    this.#state = state;
    const ui = this.#ui, active = state === 'running' || state === 'paused' || state === 'loading';
    ui.start.disabled = active;
    ui.pause.disabled = !(state === 'running' || state === 'paused');
    ui.pause.dataset.i18n = state === 'paused' ? 'train.resume' : 'train.pause';
    ui.pause.textContent = t(ui.pause.dataset.i18n, {}, langFor(this));
    const trained = this.#worker && this.#plan && state !== 'idle' && state !== 'loading';
    for (const b of [ui.download, ui.downloadTokenizer, ui.openModels]) b.disabled = !trained;
    for (const c of [ui.source, ui.level, ui.preset, ui.steps, ui.seed, ui.text]) c.disabled = active;
    ui.status.textContent = t(`train.state.${state}`, {}, langFor(this));
    this.toggleAttribute('training', state === 'running');
  }

  #sampleLabels() {
    const lang = langFor(this);
    for (const at of this.#ui.samples.querySelectorAll('.at')) at.textContent = t('train.samples.at', { step: at.dataset.step }, lang);
    this.#ui.samplesNone.hidden = this.#samples.length > 0;
  }

  #error(message) {
    this.#ui.error.textContent = message ? t('train.error', { message }, langFor(this)) : '';
    if (message) this.dispatchEvent(new CustomEvent('error', { detail: { message } }));
  }

  #text() {
    const lang = langFor(this), ui = this.#ui;
    applyText(ui, this.shadowRoot, lang);
    ui.samplesNone.textContent = t('train.samples.none', { n: this.#plan?.sampleEvery ?? this.#int('sample-every', defaultSampleEvery(this.#steps())) }, lang);
    this.#setState(this.#state);
    this.#sampleLabels();
    this.#describeText();
    this.#plot.render();
    const last = this.#progress.at(-1);
    if (last) ui.stats.textContent = statsLine(last, this.#held, lang);
  }
}
