// <attn-train>: a tiny llama-shaped model learns a text in front of the
// reader. The text (the shipped Austen novel or any pasted UTF-8 text) becomes
// a character- or byte-level vocabulary; attn.TrainerWorker trains the model
// in a module Web Worker while the page draws the training and held-out loss,
// tokens/s and time left, a sample every few hundred steps and the
// attention of one head on the last sample. Pause, resume, reset, download
// the checkpoint + tokenizer.bin or the Hugging Face folder PyTorch reads,
// open the result in the Tiny models page.
// Parts: train-view.js (the DOM), train-settings.js (attributes, controls and
// the run's plan), train-session.js (the worker), train-results.js (plots).
import { AttnHeatmap } from './attn-heatmap.js';
import { AttnElement } from './attn-element.js';
import { t, langFor } from './i18n.js';
import { Tokenized } from './train-text.js';
import { downloadBytes, saveFolder, storeTrained } from './train-store.js';
import { TrainSession } from './train-session.js';
import { TrainResults } from './train-results.js';
import { planRun, sampleEveryOf, showAttributes, sourceText, stepsOf } from './train-settings.js';
import { applyText, buildView, describeText, showState } from './train-view.js';
import './train-messages.js';

const ATTRIBUTES = ['text', 'level', 'preset', 'steps', 'seed', 'prompt', 'sample-every', 'eval-every', 'models-href', 'lang'];

export class AttnTrain extends AttnElement {
  static tag = 'attn-train';
  static uses = { 'attn-heatmap': AttnHeatmap };

  static get observedAttributes() { return ATTRIBUTES; }

  #ui; #session; #results; #tokenized = new Tokenized(); #started = false; #promptTyped = false; #state = 'idle';

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    const ui = this.#ui = buildView(root);
    this.#session = new TrainSession({ onProgress: (p) => this.#onProgress(p), onSample: (s) => this.#onSample(s) });
    this.#results = new TrainResults(ui, this.#session, () => langFor(this));
    ui.start.addEventListener('click', () => this.train());
    ui.pause.addEventListener('click', () => (this.#state === 'paused' ? this.resume() : this.pause()));
    ui.reset.addEventListener('click', () => this.reset());
    ui.download.addEventListener('click', () => this.download('checkpoint'));
    ui.downloadTokenizer.addEventListener('click', () => this.download('tokenizer'));
    ui.downloadHf.addEventListener('click', () => this.download('huggingface'));
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
    this.#session.stop();
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
  get progress() { return this.#session.progress.map((p) => ({ ...p })); }
  /** The losses the plot draws: { train: [[step, loss]], heldOut: [[step, loss]] }. */
  get series() { return this.#results.series; }
  /** The samples so far: [{ step, promptIds, ids, text }]. */
  get samples() { return this.#session.samples.map((s) => ({ ...s })); }
  /** The vocabulary of the current run (attn.Vocabulary), or null. */
  get vocabulary() { return this.#session.plan?.vocab ?? null; }
  /** The TrainerWorker in use, or null. */
  get worker() { return this.#session.worker; }
  /** The attention shown: { layer, head, tokens, weights: { data, shape } } or null. */
  get attention() { return this.#results.attention; }

  /** Builds the vocabulary and trains a fresh model; resolves to the run's result (or null on error). */
  async train() {
    if (this.#state === 'running' || this.#state === 'paused' || this.#state === 'loading') return null;
    this.#error('');
    this.#setState('loading');
    try {
      const plan = await planRun(this, this.#ui, this.#tokenized, langFor(this));
      if (this.#state !== 'loading') return null; // reset while the text loaded
      this.#describeText();
      this.#session.prepare(plan);
      this.#results.clear(plan.steps);
      this.#setState('running');
      const result = await this.#session.run();
      if (!result) return null; // reset meanwhile
      this.#setState(result.state);
      this.dispatchEvent(new CustomEvent('train-end', { detail: result }));
      return result;
    } catch (e) {
      if (this.#state !== 'idle') { this.#setState('failed'); this.#error(e.message ?? String(e)); }
      return null;
    } finally {
      this.#results.drawSoon();
    }
  }

  pause() { if (this.#state === 'running') { this.#setState('paused'); return this.#session.pause(); } return null; }
  resume() { if (this.#state === 'paused') { this.#setState('running'); return this.#session.resume(); } return null; }

  /** Stops any run, frees the model and clears the plot and samples. */
  reset() {
    this.#session.stop();
    this.#session.clear();
    this.#results.clear(this.#steps());
    this.#error('');
    this.#setState('idle');
    this.#results.drawSoon();
  }

  /** The trained weights now: TrainerWorker.snapshot() (+ tokenizerKind), or null before a run. */
  snapshot() { return this.#session.snapshot(); }

  /**
   * Saves the checkpoint ('checkpoint') or the tokenizer.bin ('tokenizer') as
   * a file, or the Hugging Face folder PyTorch reads ('huggingface'; saveFolder).
   */
  async download(what = 'checkpoint') {
    try {
      if (what === 'huggingface') {
        const worker = this.#session.worker;
        if (!worker) return;
        const saved = await saveFolder(() => worker.toHuggingFace(), this.shadowRoot);
        if (saved) this.#ui.status.textContent = t('train.savedHf', { files: saved.join(', ') }, langFor(this));
        return;
      }
      const s = await this.snapshot();
      if (!s) return;
      const { preset, vocab } = this.#session.plan;
      const name = `attn-train-${preset}-${vocab.level}`;
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

  #onProgress(p) {
    this.#results.progressed(p);
    this.dispatchEvent(new CustomEvent('progress', { detail: p }));
  }

  #onSample(s) {
    this.#results.sampled(s);
    this.dispatchEvent(new CustomEvent('sample', { detail: s }));
  }

  #readAttributes() {
    showAttributes(this, this.#ui, this.#promptTyped);
    if (this.#state === 'idle') this.#results.resetPlot(this.#steps());
    this.#describeText();
  }

  #steps() { return stepsOf(this, this.#ui); }

  async #describeText() {
    const ui = this.#ui, source = ui.source.value, level = ui.level.value;
    const text = await sourceText(ui).catch(() => '');
    if (source !== ui.source.value || level !== ui.level.value) return; // changed while the text loaded
    describeText(ui, text, this.#tokenized, langFor(this));
  }

  #setState(state) {
    this.#state = state;
    const session = this.#session;
    showState(this.#ui, state, !!(session.worker && session.plan && state !== 'idle' && state !== 'loading'), langFor(this));
    this.toggleAttribute('training', state === 'running');
  }

  #error(message) {
    this.#ui.error.textContent = message ? t('train.error', { message }, langFor(this)) : '';
    if (message) this.dispatchEvent(new CustomEvent('error', { detail: { message } }));
  }

  #text() {
    const lang = langFor(this), ui = this.#ui;
    applyText(ui, this.shadowRoot, lang);
    ui.samplesNone.textContent = t('train.samples.none', { n: this.#session.plan?.sampleEvery ?? sampleEveryOf(this, this.#steps()) }, lang);
    this.#setState(this.#state);
    this.#results.render();
    this.#describeText();
  }
}
