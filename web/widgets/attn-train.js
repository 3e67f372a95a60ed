// <attn-train>: a tiny llama-shaped model learns a text in front of the
// reader. The text (the shipped Austen novel or any pasted UTF-8 text) becomes
// a character- or byte-level vocabulary; attn.TrainerWorker trains the model
// in a module Web Worker while the page draws the training and held-out loss,
// tokens/s and time left, a sample every few hundred steps and the
// attention of one head on the last sample. Pause, resume, reset, download
// the checkpoint + tokenizer.bin or the Hugging Face folder PyTorch reads,
// open the result in the Tiny models page.
// With `persist`, a run survives a reload: its checkpoints (every 2 s of
// training and at a pause) are kept in IndexedDB and the run goes on from the
// last one when the page comes back. A hidden tab pauses the run and says so;
// a worker that dies is reported and the run can resume from its checkpoint.
// Parts: train-view.js (the DOM), train-settings.js (attributes, controls and
// the run's plan), train-session.js (the worker), train-results.js (plots),
// train-persist.js (what survives a reload).
import { AttnHeatmap } from './attn-heatmap.js';
import { AttnElement } from './attn-element.js';
import { t, langFor } from './i18n.js';
import { Tokenized } from './train-text.js';
import { downloadBytes, saveFolder, storeTrained } from './train-store.js';
import { deleteRun, loadRun, runKey, saveRun } from './train-persist.js';
import { TrainSession } from './train-session.js';
import { TrainResults } from './train-results.js';
import { planRun, sampleEveryOf, showAttributes, sourceText, stepsOf } from './train-settings.js';
import { applyText, buildView, describeText, showState } from './train-view.js';
import './train-messages.js';

const ATTRIBUTES = ['text', 'level', 'preset', 'steps', 'seed', 'prompt', 'sample-every', 'eval-every', 'models-href', 'lang', 'persist'];
// The attributes a stored run is made of (train-settings.js reads them).
const RUN_ATTRIBUTES = ['text', 'level', 'preset', 'steps', 'seed', 'prompt', 'sample-every', 'eval-every'];

export class AttnTrain extends AttnElement {
  static tag = 'attn-train';
  static uses = { 'attn-heatmap': AttnHeatmap };

  static get observedAttributes() { return ATTRIBUTES; }

  #ui; #session; #results; #tokenized = new Tokenized(); #started = false; #promptTyped = false; #state = 'idle';
  #status = null; // a status message in place of the state's own: { key, params }
  #settings = null; // the current run's attributes and pasted text, as stored
  #attentionDue = false; // a restored run shows its last sample's attention at its first step

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    const ui = this.#ui = buildView(root);
    this.#session = new TrainSession({
      onProgress: (p) => this.#onProgress(p), onSample: (s) => this.#onSample(s), onCheckpoint: () => this.#keep(),
    });
    this.#results = new TrainResults(ui, this.#session, () => langFor(this));
    ui.start.addEventListener('click', () => this.train());
    ui.pause.addEventListener('click', () => (this.#state === 'paused' ? this.resume() : this.pause()));
    ui.reset.addEventListener('click', () => this.reset());
    ui.download.addEventListener('click', () => this.download('checkpoint'));
    ui.downloadTokenizer.addEventListener('click', () => this.download('tokenizer'));
    ui.downloadHf.addEventListener('click', () => this.download('huggingface'));
    ui.openModels.addEventListener('click', () => this.openInModels());
    ui.resumeSaved.addEventListener('click', () => this.train({ resume: true }));
    ui.source.addEventListener('change', () => { this.setAttribute('text', ui.source.value); });
    for (const [control, name] of [[ui.level, 'level'], [ui.preset, 'preset'], [ui.steps, 'steps'], [ui.seed, 'seed']]) {
      control.addEventListener('change', () => this.setAttribute(name, control.value));
    }
    ui.text.addEventListener('input', () => this.#describeText());
    ui.prompt.addEventListener('input', () => { this.#promptTyped = true; });
  }

  connected() {
    if (!this.#started) {
      this.#started = true;
      this.#readAttributes();
      if (this.#persists()) this.#restore();
    }
    const hidden = () => { if (document.visibilityState === 'hidden' && this.#state === 'running') this.pause('hidden'); };
    document.addEventListener('visibilitychange', hidden);
    this.onDisconnect(() => document.removeEventListener('visibilitychange', hidden));
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

  /** Why the run is paused: 'user', 'hidden' (the tab was hidden), or null when it is not. */
  get pauseReason() { return this.#state === 'paused' ? this.#pauseReason : null; }
  #pauseReason = null;

  /**
   * Builds the vocabulary and trains a fresh model; resolves to the run's
   * result (or null on error). { resume: true }: go on from the last
   * checkpoint of a run that failed (its worker died); `restored`: a stored
   * run (train-persist.js) to go on from.
   */
  async train({ resume = false, restored = null } = {}) {
    if (this.#state === 'running' || this.#state === 'paused' || this.#state === 'loading') return null;
    const from = restored?.checkpoint ?? (resume ? this.#session.checkpoint : null);
    if (resume && !from) return null;
    this.#error('');
    this.#status = null;
    this.#setState('loading');
    try {
      const plan = resume ? this.#session.plan : await planRun(this, this.#ui, this.#tokenized, langFor(this));
      if (this.#state !== 'loading') return null; // reset while the text loaded
      this.#describeText();
      const kept = from ? { progress: this.#session.progress, samples: this.#session.samples, ...restored } : null;
      this.#session.prepare(plan);
      if (from) {
        // What the run had sent up to its checkpoint; the worker sends the rest again.
        const upTo = (list) => list.filter((x) => x.step <= from.step);
        this.#session.restore({ progress: upTo(kept.progress), samples: upTo(kept.samples), checkpoint: from });
        this.#results.replay(plan.steps);
        this.#attentionDue = this.#session.samples.length > 0;
      } else {
        this.#settings = this.#currentSettings();
        this.#results.clear(plan.steps);
      }
      const paused = restored?.state === 'paused';
      if (restored) this.#status = { key: paused ? 'train.restoredPaused' : 'train.restored', params: { step: from.step } };
      this.#pauseReason = paused ? 'user' : null;
      this.#setState(paused ? 'paused' : 'running');
      const result = await this.#session.run({ resume: from, paused });
      if (!result) return null; // reset meanwhile
      this.#status = null;
      this.#setState(result.state);
      if (this.#persists()) deleteRun(runKey(this)); // a finished run has nothing left to resume
      this.dispatchEvent(new CustomEvent('train-end', { detail: result }));
      return result;
    } catch (e) {
      if (this.#state !== 'idle') {
        this.#status = null;
        this.#setState('failed');
        const stopped = e?.workerStopped; // the worker died: say so in the reader's words
        const saved = this.#session.checkpoint?.step ?? null;
        if (stopped) this.#error({ key: saved === null ? 'train.died' : 'train.diedKept', params: { ...stopped, checkpointStep: saved } });
        else this.#error(e.message ?? String(e));
        this.#keep();
      }
      return null;
    } finally {
      this.#results.drawSoon();
    }
  }

  /** Pauses the run after its current step; reason 'hidden' when the tab was hidden (the status says so). */
  pause(reason = 'user') {
    if (this.#state !== 'running') return null;
    this.#pauseReason = reason;
    this.#status = reason === 'hidden' ? { key: 'train.state.hidden', params: { step: this.#session.progress.at(-1)?.step ?? 0 } } : null;
    this.#setState('paused');
    this.#keep();
    return this.#session.pause().then((held) => {
      // The step the run holds at: the one under way when the pause came finishes first.
      if (this.#state === 'paused' && this.#status?.key === 'train.state.hidden') {
        this.#status = { key: 'train.state.hidden', params: { step: held.step } };
        this.#setState('paused');
      }
      return held;
    });
  }

  resume() {
    if (this.#state !== 'paused') return null;
    this.#status = null;
    this.#setState('running');
    this.#keep();
    return this.#session.resume();
  }

  /** Stops any run, frees the model and clears the plot and samples (and a stored run). */
  reset() {
    this.#session.stop();
    this.#session.clear();
    this.#results.clear(this.#steps());
    this.#error('');
    this.#status = null;
    this.#setState('idle');
    this.#results.drawSoon();
    if (this.#persists()) deleteRun(runKey(this));
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
    if (this.#attentionDue) {
      this.#attentionDue = false;
      this.#results.showAttention(this.#session.samples.at(-1));
    }
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
    const trained = !!(session.worker && session.plan && state !== 'idle' && state !== 'loading');
    showState(this.#ui, state, trained, langFor(this), { saved: session.checkpoint?.step ?? null, status: this.#status });
    this.toggleAttribute('training', state === 'running');
  }

  #persists() { return this.hasAttribute('persist') && typeof indexedDB !== 'undefined'; }

  /** The current run's attributes and pasted text. */
  #currentSettings() {
    const attributes = Object.fromEntries(RUN_ATTRIBUTES.map((name) => [name, this.getAttribute(name)]));
    attributes.prompt = this.#ui.prompt.value;
    return { attributes, text: this.#ui.source.value === 'own' ? this.#ui.text.value : null };
  }

  /** Stores the run with its last checkpoint (persist only). */
  #keep() {
    const session = this.#session;
    if (!this.#persists() || !session.checkpoint || !this.#settings) return;
    saveRun(runKey(this), {
      settings: this.#settings, checkpoint: session.checkpoint, progress: session.progress, samples: session.samples,
      state: this.#state,
    }).catch(() => { /* no IndexedDB (a private window): the run just does not survive */ });
  }

  /** A stored run of this element: its settings into the attributes, then on from its checkpoint. */
  async #restore() {
    const key = runKey(this);
    const record = await loadRun(key);
    if (!record?.checkpoint || this.#state !== 'idle') return;
    // A run whose end came as the page closed (its delete never committed) is finished, not resumable.
    if (record.checkpoint.step >= (record.progress?.at(-1)?.steps ?? Infinity)) {
      deleteRun(key);
      return;
    }
    for (const [name, value] of Object.entries(record.settings.attributes)) {
      if (value === null) this.removeAttribute(name);
      else this.setAttribute(name, value);
    }
    if (record.settings.text !== null) this.#ui.text.value = record.settings.text;
    this.#promptTyped = true;
    this.#settings = record.settings;
    await this.train({ restored: record });
  }

  // message: a text (the core's, in English), or { key, params } of train-messages.js, redrawn when the language changes.
  #errorShown = '';
  #error(message) {
    this.#errorShown = message;
    this.#showError();
    if (message) this.dispatchEvent(new CustomEvent('error', { detail: { message: this.#errorText(message, 'en') } }));
  }

  #errorText(message, lang) { return typeof message === 'string' ? message : t(message.key, message.params, lang); }

  #showError() {
    const m = this.#errorShown, lang = langFor(this);
    this.#ui.error.textContent = m ? t('train.error', { message: this.#errorText(m, lang) }, lang) : '';
  }

  #text() {
    const lang = langFor(this), ui = this.#ui;
    applyText(ui, this.shadowRoot, lang);
    this.#showError();
    ui.samplesNone.textContent = t('train.samples.none', { n: this.#session.plan?.sampleEvery ?? sampleEveryOf(this, this.#steps()) }, lang);
    this.#setState(this.#state);
    this.#results.render();
    this.#describeText();
  }
}
