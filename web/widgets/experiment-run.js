// What an experiment element needs to run one: an ExperimentRun drives the
// ExperimentWorker (or, where there are no Workers, the run in this thread)
// with state, pause, resume and cancel; runControls() draws the Run / Pause /
// Cancel buttons, a progress bar and a status line for it. Strings come from
// the element (keys 'run', 'restart', 'pause', 'resume', 'cancel' and
// 'state.<state>', looked up by the `say` function it passes).
import { el } from './dom.js';
import { ExperimentWorker } from '../experiments/experiment-worker.js';
import { EXPERIMENTS } from '../experiments/registry.js';

const deferred = () => { let resolve; const promise = new Promise((r) => { resolve = r; }); return { promise, resolve }; };

export class ExperimentRun {
  #name; #onState; #worker = null; #controller = null; #gate = null;
  /** 'idle' | 'running' | 'paused' | 'done' | 'cancelled' | 'failed' */
  state = 'idle';
  /** The failure's message when state is 'failed'. */
  message = '';

  /** `name`: a key of EXPERIMENTS; onState(state) hears every change. */
  constructor(name, { onState = () => {} } = {}) {
    this.#name = name;
    this.#onState = onState;
  }

  get busy() { return this.state === 'running' || this.state === 'paused'; }

  /** Runs with `options` (a run going is cancelled): the data, or null when cancelled, replaced or failed. */
  async start(options, onProgress) {
    this.cancel();
    const controller = new AbortController();
    this.#controller = controller;
    this.#set('running');
    const context = { signal: controller.signal, onProgress: (e) => { if (this.#controller === controller) onProgress(e); } };
    try {
      const data = typeof Worker === 'function'
        ? await (this.#worker ??= new ExperimentWorker()).run(this.#name, options, context)
        : await EXPERIMENTS[this.#name](options, { ...context, whilePaused: () => this.#gate?.promise });
      if (this.#controller !== controller) return null;
      this.#controller = null;
      this.#set('done');
      return data;
    } catch (e) {
      if (this.#controller !== controller) return null;
      this.#controller = null;
      this.#set(e.name === 'AbortError' ? 'cancelled' : 'failed', e.message);
      return null;
    }
  }

  pause() {
    if (this.state !== 'running') return;
    this.#worker?.pause();
    this.#gate = deferred();
    this.#set('paused');
  }

  resume() {
    if (this.state !== 'paused') return;
    this.#release();
    this.#set('running');
  }

  cancel() {
    if (!this.#controller) return;
    this.#controller.abort();
    this.#controller = null;
    if (this.state === 'paused') this.#release(); // let the held run reach its abort check
    this.#set('cancelled');
  }

  /** Cancels and ends the worker (an element's disconnect). */
  dispose() {
    this.cancel();
    this.#worker?.terminate();
    this.#worker = null;
  }

  #release() {
    this.#worker?.resume();
    this.#gate?.resolve();
    this.#gate = null;
  }

  #set(state, message = '') {
    this.state = state;
    this.message = message;
    this.#onState(state);
  }
}

/**
 * The buttons, progress bar and status line for `run`; `onRun()` starts a
 * run. Returns { element, update(say, { fraction, status }) }.
 */
export function runControls(run, onRun) {
  const row = el('div', 'row');
  const buttons = {};
  for (const name of ['run', 'pause', 'cancel']) {
    buttons[name] = Object.assign(el('button', name === 'run' ? 'primary' : ''), { type: 'button' });
    row.append(buttons[name]);
  }
  buttons.run.addEventListener('click', onRun);
  buttons.pause.addEventListener('click', () => (run.state === 'paused' ? run.resume() : run.pause()));
  buttons.cancel.addEventListener('click', () => run.cancel());
  const progress = Object.assign(el('progress'), { max: 1, value: 0 });
  const status = el('p', 'status');
  status.setAttribute('aria-live', 'polite');
  const element = document.createDocumentFragment();
  element.append(row, progress, status);
  return {
    element,
    update(say, { fraction, statusText }) {
      buttons.run.textContent = say(run.busy ? 'restart' : 'run');
      buttons.pause.textContent = say(run.state === 'paused' ? 'resume' : 'pause');
      buttons.pause.disabled = !run.busy;
      buttons.cancel.textContent = say('cancel');
      buttons.cancel.disabled = !run.busy;
      if (fraction !== undefined) progress.value = fraction;
      status.textContent = statusText;
    },
  };
}

/** The committed reference run at `url` ({experiment, command, options, madeOn, data}), or { failed: true } when it cannot be read. */
export const fetchReference = (url) => fetch(url).then((r) => r.json()).catch(() => ({ failed: true }));
