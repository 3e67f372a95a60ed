// What <attn-train> shows of a run as it goes: the loss plot, the stats line,
// the samples (newest first) and one head's attention on the last sample.
// Drawing waits for the next animation frame, however many events came.
import { t } from './i18n.js';
import { LossPlot } from './train-plot.js';
import { statsLine } from './train-format.js';
import { AttentionPanel } from './train-attention.js';
import { labelSamples, sampleItem } from './train-view.js';

const ATTENTION_TOKENS = 32;

export class TrainResults {
  #ui; #session; #lang; #plot; #attention; #frameQueued = false;

  /** ui: the nodes of train-view.js; session: the TrainSession whose events these are; lang(): the language now. */
  constructor(ui, session, lang) {
    this.#ui = ui;
    this.#session = session;
    this.#lang = lang;
    this.#plot = new LossPlot(ui.plot, (key, params) => t(key, params, lang()));
    this.#attention = new AttentionPanel(ui);
  }

  /** The losses the plot draws: { train: [[step, loss]], heldOut: [[step, loss]] }. */
  get series() { return this.#plot.series; }
  /** The attention shown: { layer, head, tokens, weights } or null. */
  get attention() { return this.#attention.shown; }

  /** Empties the plot (its x axis now `steps` long), the samples, the stats line and the attention panel. */
  clear(steps) {
    this.#attention.reset();
    this.#ui.samples.replaceChildren();
    this.#ui.stats.textContent = '';
    this.#plot.reset(steps);
  }

  /** An empty plot for a run of `steps`. */
  resetPlot(steps) {
    this.#plot.reset(steps);
    this.drawSoon();
  }

  /** A progress event onto the plot and the stats line. */
  progressed(p) {
    this.#plot.add(p);
    this.drawSoon();
  }

  /** A sample into the list; the attention of its first tokens is fetched and shown. */
  sampled(s) {
    const session = this.#session, vocab = session.plan.vocab;
    this.#ui.samples.prepend(sampleItem(s, vocab));
    labelSamples(this.#ui, session.samples.length, this.#lang());
    this.showAttention(s);
  }

  /** Everything the session holds (a run restored from a checkpoint): the plot and the samples. */
  replay(steps) {
    const session = this.#session, vocab = session.plan.vocab;
    this.clear(steps);
    for (const p of session.progress) this.#plot.add(p);
    for (const s of session.samples) this.#ui.samples.prepend(sampleItem(s, vocab));
    labelSamples(this.#ui, session.samples.length, this.#lang());
    this.drawSoon();
  }

  /** The attention of sample s's first tokens, fetched from the worker's model now. */
  showAttention(s) {
    const session = this.#session, vocab = session.plan.vocab;
    const ids = [...s.promptIds, ...s.ids].slice(0, ATTENTION_TOKENS);
    session.attention(ids).then((attention) => { if (attention) this.#attention.set(ids, attention, vocab); })
      .catch(() => { /* the run was reset or the worker disposed meanwhile */ });
  }

  drawSoon() {
    if (this.#frameQueued) return;
    this.#frameQueued = true;
    requestAnimationFrame(() => {
      this.#frameQueued = false;
      this.#draw();
    });
  }

  /** Labels the samples and draws the plot and stats now, in the current language. */
  render() {
    labelSamples(this.#ui, this.#session.samples.length, this.#lang());
    this.#draw();
  }

  #draw() {
    this.#plot.render();
    const last = this.#session.progress.at(-1);
    if (last) this.#ui.stats.textContent = statsLine(last, this.#session.heldOut, this.#lang());
  }
}
