// The run/pause/resume/cancel state machine the live-experiment elements
// share: a run goes to an ExperimentWorker (off the main thread) or, where
// there is no Worker, runs in place; the element hears every change through
// `onChange(state, message)` and every report through `onProgress(event)`.
import { ExperimentWorker } from '../experiments/experiment-worker.js';

export class ExperimentRunner {
  #worker = null; #run = null; #paused = false;
  /** 'idle' | 'running' | 'paused' | 'done' | 'cancelled' | 'failed' */
  state = 'idle';
  message = '';

  constructor(name, { onProgress, onChange }) {
    this.name = name;
    this.onProgress = onProgress;
    this.onChange = onChange;
  }

  /** Starts a run (one going is cancelled); resolves with its data, or null when cancelled or failed. */
  async start(options) {
    this.cancel();
    const controller = new AbortController();
    this.#run = controller;
    this.#paused = false;
    this.#set('running');
    const onProgress = (event) => { if (this.#run === controller) this.onProgress(event); };
    try {
      let data;
      if (typeof Worker === 'function') {
        this.#worker ??= new ExperimentWorker();
        data = await this.#worker.run(this.name, options, { onProgress, signal: controller.signal });
      } else {
        await import('../lib/index.js'); // no Worker here: run in place, with the core's browser loader
        const { EXPERIMENTS } = await import('../experiments/registry.js');
        data = await EXPERIMENTS[this.name](options, { onProgress, signal: controller.signal });
      }
      if (this.#run !== controller) return null;
      this.#run = null;
      this.#set('done');
      return data;
    } catch (e) {
      if (this.#run !== controller) return null;
      this.#run = null;
      this.#set(e.name === 'AbortError' ? 'cancelled' : 'failed', e.message);
      return null;
    }
  }

  pause() { if (this.state === 'running') { this.#worker?.pause(); this.#paused = true; this.#set('paused'); } }
  resume() { if (this.state === 'paused') { this.#worker?.resume(); this.#paused = false; this.#set('running'); } }
  cancel() {
    if (!this.#run) return;
    this.#run.abort();
    if (this.#paused) this.#worker?.resume();
    this.#paused = false;
    this.#run = null;
    this.#set('cancelled');
  }
  terminate() { this.#worker?.terminate(); this.#worker = null; this.#run = null; }

  #set(state, message = '') {
    this.state = state;
    this.message = message;
    this.onChange(state, message);
  }
}
