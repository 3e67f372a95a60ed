// The run / pause / resume / cancel logic of an experiment element: one run
// at a time in an ExperimentWorker (or in the page where there is no
// Worker), its state ('idle' | 'running' | 'paused' | 'done' | 'cancelled' |
// 'failed') and progress reported to the element through callbacks.
import { ExperimentWorker } from '../experiments/experiment-worker.js';

export class ExperimentRunner {
  /** `name`: the registry's name; `inPage`: the run function for hosts without Worker. */
  constructor(name, inPage, { onState, onProgress }) {
    Object.assign(this, { name, inPage, onState, onProgress });
    this.worker = null;
    this.controller = null;
    this.state = 'idle';
    this.message = '';
  }

  async run(options) {
    this.cancel();
    const controller = new AbortController();
    this.controller = controller;
    this.#set('running');
    const onProgress = (event) => { if (this.controller === controller) this.onProgress(event); };
    try {
      let data;
      if (typeof Worker === 'function') {
        this.worker ??= new ExperimentWorker();
        data = await this.worker.run(this.name, options, { onProgress, signal: controller.signal });
      } else {
        data = await this.inPage(options, { onProgress, signal: controller.signal });
      }
      if (this.controller !== controller) return null;
      this.controller = null;
      this.#set('done');
      return data;
    } catch (e) {
      if (this.controller !== controller) return null;
      this.controller = null;
      this.#set(e.name === 'AbortError' ? 'cancelled' : 'failed', e.message);
      return null;
    }
  }

  pause() { if (this.state === 'running') { this.worker?.pause(); this.#set('paused'); } }
  resume() { if (this.state === 'paused') { this.worker?.resume(); this.#set('running'); } }
  cancel() {
    if (!this.controller) return;
    const wasPaused = this.state === 'paused';
    this.controller.abort();
    if (wasPaused) this.worker?.resume();
    this.controller = null;
    this.#set('cancelled');
  }
  terminate() { this.cancel(); this.worker?.terminate(); this.worker = null; }

  get busy() { return this.state === 'running' || this.state === 'paused'; }

  #set(state, message = '') {
    this.state = state;
    this.message = message;
    this.onState(state);
  }
}
