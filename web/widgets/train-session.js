// The run behind <attn-train>: one attn.TrainerWorker (kept between runs,
// freed on stop), the plan of the current run (vocabulary, preset, options)
// and what the worker has sent so far (progress events, samples, the last
// held-out loss, the last checkpoint). It knows nothing of the DOM;
// attn-train.js draws it.
import { attn } from './attention-source.js';

/** A checkpoint (weights and optimiser state) at most every this many seconds of training. */
const CHECKPOINT_SECONDS = 2;

export class TrainSession {
  /** The TrainerWorker in use, or null. */
  worker = null;
  /** The current run's plan: { vocab, preset, steps, sampleEvery, start }, or null before the first. */
  plan = null;
  /** Every progress event of the current run, and its samples, as the worker sent them. */
  progress = [];
  samples = [];
  /** The last held-out loss reported (undefined before the first evaluation). */
  heldOut = undefined;
  /** The last checkpoint { step, parameters, optimizer } of the run, or null. */
  checkpoint = null;
  #run = null; #onProgress; #onSample; #onCheckpoint;

  /** onProgress(p), onSample(s) and onCheckpoint(c) hear every event after it is recorded. */
  constructor({ onProgress, onSample, onCheckpoint }) {
    this.#onProgress = onProgress;
    this.#onSample = onSample;
    this.#onCheckpoint = onCheckpoint;
  }

  /** Forgets what the last run sent. */
  clear() {
    this.progress = [];
    this.samples = [];
    this.heldOut = undefined;
    this.checkpoint = null;
  }

  /** Takes up what a stored run had sent (train-persist.js), before resuming it. */
  restore({ progress, samples, checkpoint }) {
    this.progress = progress;
    this.samples = samples;
    this.heldOut = progress.findLast((p) => typeof p.heldOutLoss === 'number')?.heldOutLoss;
    this.checkpoint = checkpoint;
  }

  /** Takes `plan` for the next run and makes sure a worker exists. */
  prepare(plan) {
    this.plan = plan;
    this.clear();
    this.worker ??= new attn.TrainerWorker();
  }

  /**
   * Trains the prepared plan (from `resume`, a checkpoint of it, when given;
   * `paused`: holding before the next step); the run's result, or null when
   * stop() came meanwhile.
   */
  async run({ resume = null, paused = false } = {}) {
    const run = this.#run = this.worker.start({
      ...this.plan.start,
      resume,
      paused,
      checkpointSeconds: CHECKPOINT_SECONDS,
      onCheckpoint: (c) => {
        this.checkpoint = c;
        this.#onCheckpoint(c);
      },
      onProgress: (p) => {
        this.progress.push(p);
        if (typeof p.heldOutLoss === 'number') this.heldOut = p.heldOutLoss;
        this.#onProgress(p);
      },
      onSample: (s) => {
        this.samples.push(s);
        this.#onSample(s);
      },
    });
    const result = await run;
    return run === this.#run ? result : null;
  }

  pause() { return this.worker.pause(); }
  resume() { return this.worker.resume(); }

  /** Ends any run and frees the model (the plan and the last checkpoint stay). */
  stop() {
    this.#run = null;
    this.worker?.dispose();
    this.worker = null;
  }

  /** The trained weights now (TrainerWorker.snapshot() + tokenizerKind), or null before a run. */
  async snapshot() {
    if (!this.worker || !this.plan) return null;
    const s = await this.worker.snapshot();
    return { ...s, tokenizerKind: this.plan.vocab.tokenizerKind };
  }

  /** Every layer's and head's attention on `ids` ([L, H, T, T]); null when the worker changed meanwhile. */
  async attention(ids) {
    const worker = this.worker;
    const r = await worker.forward(ids, { returnAttention: true });
    return worker === this.worker ? r.attention : null;
  }
}
