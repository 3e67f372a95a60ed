// <attn-tiny-gpt>: a tiny language model generating text in the page. The
// model runs in a module Web Worker (attn.ModelWorker), so the page stays
// responsive; tokens stream in with a live tok/s and can be stopped. Click a
// generated token to see that step's top-10 next-token probabilities and the
// attention of every layer and head (tiny-gpt-inspector.js). A default model
// ('chars-q8' first: the chars model in Q8_0, a quarter of the download with
// the same held-out loss, docs/BENCHMARKS.md; 'chars' float32; 'words', a
// word-level model of the same novel; 'sort') or a
// llama2.c checkpoint + tokenizer.bin or a Hugging Face folder read from disk
// (file inputs or drag and drop; never uploaded). See index.d.ts.
import { attn } from './attention-source.js';
import { AttnHeatmap } from './attn-heatmap.js';
import { AttnHeadRoles } from './attn-head-roles.js';
import { t, langFor } from './i18n.js';
import { AttnElement } from './attn-element.js';
import { buildView, applyText, showModelChoice, modelInfo, tokenNodes } from './tiny-gpt-view.js';
import { Inspector } from './tiny-gpt-inspector.js';
import { sortDroppedFiles, tokenLabel, workerForFiles } from './tiny-gpt-files.js';
import { droppedFiles, huggingFaceFiles, isHuggingFaceFolder } from './tiny-gpt-folder.js';
import { readSettings, writeSettings, showKnobs } from './tiny-gpt-controls.js';
import './tiny-gpt-messages.js';

const ATTRIBUTES = ['model', 'prompt', 'temperature', 'top-k', 'top-p', 'seed', 'max-new-tokens', 'lang'];
export class AttnTinyGpt extends AttnElement {
  static tag = 'attn-tiny-gpt';
  static uses = { 'attn-heatmap': AttnHeatmap, 'attn-head-roles': AttnHeadRoles };

  static get observedAttributes() { return ATTRIBUTES; }

  #ui; #inspector; #started = false;
  #worker = null; #choice = null; #loading = null; #labels = new Map(); #folder = null;
  #abort = null; #ids = []; #tokens = []; #promptIds = []; #result = null; #pressed = null; #frameQueued = false;

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    this.#ui = buildView(root);
    this.#inspector = new Inspector(this.#ui.inspector);
    const ui = this.#ui;
    for (const b of ui.choices) b.addEventListener('click', () => { this.#choose(b.dataset.model, true); this.emit('settings-change', this.settings); });
    for (const input of [ui.prompt, ui.temperature, ui.topK, ui.topP, ui.seed, ui.maxTokens]) {
      input.addEventListener('change', () => this.emit('settings-change', this.settings));
    }
    ui.generate.addEventListener('click', () => this.generate());
    ui.stop.addEventListener('click', () => this.stop());
    ui.load.addEventListener('click', () => this.#loadChosenFiles());
    for (const picker of [ui.hfFolder, ui.hfFiles]) {
      picker.addEventListener('change', () => { if (picker.files?.length) this.loadHuggingFace(picker.files); });
    }
    ui.prompt.addEventListener('keydown', (e) => { if (e.key === 'Enter') this.generate(); });
    for (const input of [ui.temperature, ui.topP]) input.addEventListener('input', () => showKnobs(ui, langFor(this)));
    ui.output.addEventListener('click', (e) => {
      const b = e.target.closest?.('.tok');
      if (b) this.inspect(Number(b.dataset.index));
    });
    this.addEventListener('dragover', (e) => { e.preventDefault(); ui.files.classList.add('dragging'); });
    this.addEventListener('dragleave', () => ui.files.classList.remove('dragging'));
    this.addEventListener('drop', (e) => {
      e.preventDefault();
      ui.files.classList.remove('dragging');
      droppedFiles(e.dataTransfer).then(({ files, folder }) => {
        // a load that fails shows its own error (#load)
        if (isHuggingFaceFolder(files)) { this.loadHuggingFace(files, { name: folder }).catch(() => {}); return; }
        const { checkpoint, tokenizer } = sortDroppedFiles(files);
        if (checkpoint) this.loadFiles(checkpoint, tokenizer).catch(() => {});
      }, (err) => this.#error(err.message ?? String(err))); // the folder could not be listed
    });
  }

  connected() {
    if (!this.#started) {
      this.#started = true;
      this.#choose(this.#initialModel(), false);
    }
  }

  disconnected() { this.stop(); }

  /** Repaints the texts (the language or the lang attribute changed). */
  render() { this.#text(); }

  attributeChanged(name) {
    if (!this.#started) return;
    if (name === 'lang') this.schedule();
    else if (name === 'model') this.#choose(this.#initialModel(), true);
    else writeSettings(this.#ui, this.#choice, this, langFor(this));
  }

  /** The ModelWorker in use (null while loading or without a model). */
  get worker() { return this.#worker; }
  /** The <attn-head-roles> inside: the loaded model's heads, measured (its `state` is the table's). */
  get headRoles() { return this.#ui.roles; }
  /** The loaded model's config, or null. */
  get config() { return this.#worker?.config ?? null; }
  /** The Hugging Face folder in use: { name, bytes, files } (its model files' names), or null. */
  get folder() { return this.#folder && { ...this.#folder, files: [...this.#folder.files] }; }
  /** True while tokens are being generated. */
  get generating() { return this.#abort !== null; }
  /** The tokens of the last generation: [{ id, text, position, index }]. */
  get tokens() { return [...this.#tokens]; }
  /** Prompt ids followed by the generated ids of the last generation. */
  get ids() { return [...this.#ids]; }
  /** The last generation's result (GenerateResult), or null. */
  get result() { return this.#result; }
  /** Resolves when the current model has loaded (rejects if it failed). */
  get loaded() { return this.#loading ?? Promise.resolve(); }
  /** What the inspector shows: { index, position, chosen, top, attention, labels } or null. */
  get inspected() { return this.#inspector.state; }

  /**
   * What the controls hold: {model, prompt, temperature, topK, topP, seed, maxNewTokens}.
   * Setting it (any subset) switches the model if `model` differs, then fills
   * the controls; a `settings-change` event fires whenever the reader changes them.
   */
  get settings() { return { model: this.#choice, prompt: this.#ui.prompt.value, ...readSettings(this.#ui) }; }
  set settings(s) {
    if (s.model && s.model !== this.#choice) this.#choose(s.model, true);
    const ui = this.#ui;
    const fields = { prompt: ui.prompt, temperature: ui.temperature, topK: ui.topK, topP: ui.topP, seed: ui.seed, maxNewTokens: ui.maxTokens };
    for (const [key, input] of Object.entries(fields)) if (s[key] !== undefined) input.value = String(s[key]);
    showKnobs(ui, langFor(this));
  }

  /** Generates from the prompt field with the controls' settings; resolves to the result. */
  async generate() {
    if (this.generating) return this.#result;
    const ui = this.#ui;
    this.#error('');
    try {
      await this.#loading;
      if (!this.#worker) throw new Error(t('gpt.file.need', {}, langFor(this)));
      const abort = this.#abort = new AbortController();
      this.#busy(true);
      const prompt = ui.prompt.value;
      this.#promptIds = await this.#worker.encode(prompt);
      this.#ids = [...this.#promptIds];
      this.#tokens = [];
      this.#pressed = null;
      this.#inspector.reset();
      ui.output.replaceChildren(Object.assign(document.createElement('span'), { className: 'prompt-text', textContent: prompt }));
      const t0 = performance.now();
      const it = this.#worker.stream(this.#promptIds, { ...readSettings(ui), signal: abort.signal });
      let step;
      while (!(step = await it.next()).done) {
        const token = step.value;
        this.#tokens.push(token);
        this.#ids.push(token.id);
        ui.output.append(...tokenNodes(token, `#${token.index + 1}`));
        this.#frame(() => { // once per frame: reading scrollHeight forces a layout
          ui.output.scrollTop = ui.output.scrollHeight;
          if (this.generating) this.#speed(this.#tokens.length / ((performance.now() - t0) / 1000));
        });
      }
      this.#result = step.value;
      this.#speed(this.#result.tokensPerSecond, this.#result.stopReason);
      this.dispatchEvent(new CustomEvent('generate-end', { detail: this.#result }));
      return this.#result;
    } catch (e) {
      this.#error(e.message ?? String(e));
      return null;
    } finally {
      this.#abort = null;
      this.#busy(false);
    }
  }

  /** Stops a running generation (the result then has stopReason 'cancelled'). */
  stop() { this.#abort?.abort(); }

  /**
   * Loads a llama2.c checkpoint (or an AGPT file) and its tokenizer.bin:
   * File/Blob (read here, with progress) or ArrayBuffer. opts: { tokenizerKind, quantize }.
   */
  loadFiles(checkpoint, tokenizer, opts = {}) {
    this.#choose('file', false);
    const ui = this.#ui;
    const progress = (name, f) => {
      ui.progress.hidden = f >= 1;
      ui.progress.value = f;
      ui.fileStatus.textContent = f >= 1 ? '' : t('gpt.file.reading', { name, pct: Math.round(f * 100) }, langFor(this));
    };
    return this.#load(() => workerForFiles(attn.ModelWorker, checkpoint, tokenizer, {
      tokenizerKind: opts.tokenizerKind ?? ui.kind.value, quantize: opts.quantize ?? ui.quantize.checked,
    }, progress));
  }


  /**
   * Loads a Hugging Face folder (config.json, model.safetensors or shards with
   * their index, tokenizer.json) given as browser Files (a picked or dropped
   * folder; other files are left out) in a ModelWorker, with a progress bar.
   * opts: { name } (else the folder's name), { quantize } (else the checkbox).
   */
  loadHuggingFace(files, opts = {}) {
    this.#choose('file', false);
    const ui = this.#ui;
    const picked = huggingFaceFiles(files, opts.name ?? null);
    const mb = (n) => (n / 1e6).toFixed(1);
    const shards = picked.files.filter((f) => f.name.endsWith('.safetensors')).map((f) => f.name);
    const weights = shards.length === 1 ? shards[0] : `${shards.length} × .safetensors`;
    const progress = ({ phase, loaded, total }) => {
      const done = phase === 'done';
      ui.progress.hidden = done;
      ui.progress.value = total ? loaded / total : 0;
      const file = phase === 'weights' ? weights : 'config.json';
      ui.fileStatus.textContent = done ? '' : t('gpt.hf.reading', { file, got: mb(loaded), total: mb(total) }, langFor(this));
    };
    return this.#load(() => attn.ModelWorker.fromHuggingFace(picked.files, {
      name: picked.name ?? undefined, quantize: opts.quantize ?? ui.quantize.checked, onProgress: progress,
    }), { name: picked.name, bytes: picked.bytes, files: picked.files.map((f) => f.name).sort() });
  }

  /** Shows token `index` of the last generation in the inspector; resolves to what it shows. */
  async inspect(index) {
    const token = this.#tokens[index];
    if (!token || !this.#worker) return null;
    this.#pressed?.setAttribute('aria-pressed', 'false');
    this.#pressed = this.#ui.output.querySelector(`.tok[data-index="${index}"]`);
    this.#pressed?.setAttribute('aria-pressed', 'true');
    try {
      const state = await this.#inspector.show({
        model: this.#worker, ids: this.#ids, position: token.position, index, label: (id) => this.#label(id), lang: langFor(this),
      });
      this.dispatchEvent(new CustomEvent('inspect', { detail: state }));
      return state;
    } catch (e) {
      this.#error(e.message);
      return null;
    }
  }

  #initialModel() {
    const m = this.getAttribute('model');
    return ['chars', 'words', 'sort', 'file'].includes(m) ? m : 'chars-q8';
  }

  #choose(choice, userPicked) {
    if (choice === this.#choice && !userPicked) return;
    this.stop();
    this.#choice = choice;
    const fromAttributes = !userPicked && choice === this.#initialModel();
    writeSettings(this.#ui, choice, fromAttributes ? this : null, langFor(this));
    showModelChoice(this.#ui, choice, langFor(this));
    if (choice !== 'file') this.#load(() => this.#download(choice).then(() => attn.ModelWorker.default(choice)));
    else { this.#replaceWorker(null); this.#ui.info.textContent = ''; }
  }

  // The files go to Cache Storage with a byte progress bar; the worker then reads them from there.
  async #download(choice) {
    const ui = this.#ui;
    const mb = (n) => (n / 1e6).toFixed(1);
    try {
      await attn.preloadDefaultModel(choice, {
        onProgress: ({ loaded, total }) => {
          if (choice !== this.#choice || !total || loaded >= total) return;
          ui.download.hidden = false;
          ui.download.value = loaded / total;
          ui.info.textContent = t('gpt.downloading', { got: mb(loaded), total: mb(total) }, langFor(this));
        },
      });
    } finally {
      ui.download.hidden = true;
    }
  }

  #load(make, folder = null) {
    const ui = this.#ui;
    this.#error('');
    this.#replaceWorker(null);
    this.#folder = folder;
    ui.info.textContent = t('gpt.loading', {}, langFor(this));
    ui.generate.disabled = true;
    const loading = this.#loading = (async () => {
      const worker = await make();
      if (loading !== this.#loading) { worker.dispose(); return; } // another model was chosen meanwhile
      this.#replaceWorker(worker);
      ui.info.textContent = modelInfo(worker.config, langFor(this), this.#folder);
      this.dispatchEvent(new CustomEvent('model-load', { detail: worker.config }));
    })();
    loading.catch((e) => {
      if (loading !== this.#loading) return;
      ui.info.textContent = '';
      ui.progress.hidden = true;
      this.#error(e.notACheckpoint ? t('gpt.file.notCheckpoint', e.notACheckpoint, langFor(this)) : e.message ?? String(e));
    }).finally(() => { if (loading === this.#loading) ui.generate.disabled = false; });
    return loading;
  }

  #replaceWorker(worker) {
    this.#worker?.dispose();
    this.#worker = worker;
    this.#labels.clear();
    this.#ui.roles.label = (id) => this.#label(id);
    this.#ui.roles.model = worker;
  }

  #loadChosenFiles() {
    const [checkpoint] = this.#ui.checkpoint.files ?? [];
    if (!checkpoint) { this.#error(t('gpt.file.need', {}, langFor(this))); return null; }
    return this.loadFiles(checkpoint, this.#ui.tokenizer.files?.[0] ?? null);
  }

  async #label(id) {
    if (!this.#labels.has(id)) this.#labels.set(id, this.#worker.piece(id).then(tokenLabel));
    return this.#labels.get(id);
  }

  #speed(rate, stopReason) {
    const lang = langFor(this);
    const text = t('gpt.speed', { rate: rate.toFixed(rate < 100 ? 1 : 0), n: this.#tokens.length }, lang);
    this.#ui.speed.textContent = stopReason ? `${text} · ${t(`gpt.stop.${stopReason}`, {}, lang)}` : text;
  }

  #frame(fn) {
    if (this.#frameQueued) return;
    this.#frameQueued = true;
    requestAnimationFrame(() => { this.#frameQueued = false; fn(); });
  }

  #busy(on) {
    this.#ui.generate.disabled = on;
    this.#ui.stop.disabled = !on;
    this.toggleAttribute('generating', on);
  }

  #error(message) {
    this.#ui.error.textContent = message ? t('gpt.error', { message }, langFor(this)) : '';
    if (message) this.dispatchEvent(new CustomEvent('error', { detail: { message } }));
  }

  #text() {
    const lang = langFor(this);
    applyText(this.#ui, this.shadowRoot, lang);
    showModelChoice(this.#ui, this.#choice, lang);
    if (this.#worker) this.#ui.info.textContent = modelInfo(this.#worker.config, lang, this.#folder);
    showKnobs(this.#ui, lang);
    if (this.#result && !this.generating) this.#speed(this.#result.tokensPerSecond, this.#result.stopReason);
    this.#ui.stop.disabled = !this.generating;
    this.#inspector.render(lang);
    if (this.hasAttribute('lang')) this.#ui.roles.setAttribute('lang', lang);
  }
}
