// ExperimentElement: what the live-experiment elements (<attn-in-context>,
// <attn-grokking>, <attn-norm-placement>, <attn-scaling-sweep>,
// <attn-position-extrapolation>) share, on top of AttnElement:
// - a shadow root with the style, a row of number inputs from the static
//   `fields` table (experiment-fields.js) and the Run / Pause / Cancel
//   controls; the subclass appends its charts after them;
// - an ExperimentRun of the static `experiment` (`state-change` on every
//   state, the Worker ended on disconnect);
// - the committed reference run, fetched once from the static
//   `referenceUrl` (`reference-load`);
// - the settings, state, data and reference properties, pause(), resume()
//   and cancel(), and run(), which asks the subclass for the run's options
//   and how its data grows (the hooks below) and fires `run-end`.
import { el } from './dom.js';
import { AttnElement } from './attn-element.js';
import { numberFields, readSettings, writeSettings, renderFields } from './experiment-fields.js';
import { EXPERIMENT_STYLE } from './experiment-style.js';
import { ExperimentRun, runControls, fetchReference } from './experiment-run.js';

export class ExperimentElement extends AttnElement {
  /** The key of EXPERIMENTS (web/experiments/registry.js) this element runs. */
  static experiment = '';
  /** The committed reference run: `new URL('../experiments/reference/<name>.json', import.meta.url)` (a literal, so bundlers ship it). */
  static referenceUrl = null;
  /** The settings: [attribute, option, min, max, step, default] rows, one number input each. */
  static fields = [];
  /** The shadow root's style sheet. */
  static styles = EXPERIMENT_STYLE;
  static get observedAttributes() { return [...this.fields.map((f) => f[0]), 'lang']; }

  #form; #controls; #run; #live = null; #fraction = 0; #reference = null;

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    this.#form = numberFields(this, this.constructor.fields);
    this.#run = new ExperimentRun(this.constructor.experiment, { onState: (state) => { this.schedule(); this.emit('state-change', { state }); } });
    this.#controls = runControls(this.#run, () => this.run());
    root.append(el('style', null, this.constructor.styles), this.#form.row, this.#controls.element);
    this.onDisconnect(() => this.#run.dispose());
  }

  connected() {
    if (this.#reference) return;
    fetchReference(this.constructor.referenceUrl).then((ref) => { this.#reference = ref; this.schedule(); this.emit('reference-load'); });
  }

  /** The run's options from the attributes. */
  get settings() { return readSettings(this, this.constructor.fields); }
  set settings(s) { writeSettings(this, this.constructor.fields, s); }
  /** 'idle' | 'running' | 'paused' | 'done' | 'cancelled' | 'failed' */
  get state() { return this.#run.state; }
  /** The live run's data so far (null before a run). */
  get data() { return this.#live; }
  /** The committed reference run ({experiment, command, options, madeOn, data}), once loaded. */
  get reference() { return this.#reference?.failed ? null : this.#reference; }
  /** The settings row: { row, names, inputs } by attribute (for a subclass's extra controls). */
  get settingsForm() { return this.#form; }

  /** Starts a run with the current settings (a run going is cancelled). */
  async run() {
    const options = this.runOptions(this.settings);
    const live = this.startData(options);
    this.#live = live;
    this.#fraction = 0;
    const data = await this.#run.start(options, (event) => {
      this.progressed(live, event);
      this.#fraction = event.fraction;
      this.schedule();
    });
    if (!data) return;
    this.#live = this.finished(data, live);
    this.#fraction = 1;
    this.schedule();
    this.emit('run-end', { data });
  }

  pause() { this.#run.pause(); }
  resume() { this.#run.resume(); }
  cancel() { this.#run.cancel(); }

  /** Labels the settings with say(option) and shows their values. */
  renderSettings(say) { renderFields(this, this.constructor.fields, this.#form, say, this.settings); }
  /** Labels the buttons with say(key) and shows the progress and status(state, failureMessage). */
  renderControls(say, status) {
    this.#controls.update(say, { fraction: this.#fraction, statusText: status(this.#run.state, this.#run.message) });
  }

  // Hooks for subclasses.
  /** The options passed to the experiment. */
  runOptions(settings) { return settings; }
  /** The data shown while the run starts. */
  startData(options) { return { options }; }
  /** Adds a progress event to `data` (the object startData returned). */
  progressed() {}
  /** The data shown once the run has returned `data` (`live`: what progress built). */
  finished(data) { return data; }
}
