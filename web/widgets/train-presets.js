// The sizes <attn-train> offers: llama2.c-shaped models (RMSNorm, RoPE,
// SwiGLU, classifier shared with the embedding), so the trained weights save
// in llama2.c's format and open in the Tiny models page. 'medium' is the
// shape of the shipped 'chars' model. Parameter counts come from
// attn.countParameters at run time (they depend on the text's vocabulary).
import { attn } from './attention-source.js';

export const PRESETS = {
  tiny: { dim: 48, hiddenDim: 128, nLayers: 2, nHeads: 4, nKvHeads: 4, seqLen: 64, batchSize: 8, steps: 600, learningRate: 3e-3 },
  small: { dim: 64, hiddenDim: 176, nLayers: 3, nHeads: 4, nKvHeads: 4, seqLen: 96, batchSize: 8, steps: 1000, learningRate: 2e-3 },
  medium: { dim: 128, hiddenDim: 352, nLayers: 4, nHeads: 8, nKvHeads: 4, seqLen: 128, batchSize: 8, steps: 2000, learningRate: 1e-3 },
};
export const PRESET_NAMES = Object.keys(PRESETS);

/** Model.create's config for a preset and a vocabulary size. */
export function presetConfig(name, vocabSize) {
  const p = PRESETS[name];
  return {
    arch: 'llama', dim: p.dim, hiddenDim: p.hiddenDim, nLayers: p.nLayers, nHeads: p.nHeads, nKvHeads: p.nKvHeads,
    vocabSize, seqLen: p.seqLen, sharedClassifier: true,
  };
}

/** The Trainer's options for a preset: warm-up then cosine decay to a tenth (llama2.c's get_lr). */
export function presetTrainer(name, steps) {
  const p = PRESETS[name];
  return {
    learningRate: p.learningRate, minLearningRate: p.learningRate / 10, warmupSteps: Math.min(50, Math.floor(steps / 10)),
    decaySteps: steps, weightDecay: 0.1, clipGradNorm: 1, betas: [0.9, 0.95],
  };
}

/** Parameters of a preset's model with this vocabulary (attn.countParameters). */
export function presetParameters(name, vocabSize) {
  const p = PRESETS[name];
  return attn.countParameters({
    dModel: p.dim, nHeads: p.nHeads, nKvHeads: p.nKvHeads, dFF: p.hiddenDim, norm: 'rmsnorm', activation: 'swiglu',
    bias: false, nLayers: p.nLayers, vocabSize, tiedEmbeddings: true,
  }).total;
}

/** A sample every this many steps by default: about eight per run, a multiple of 50. */
export const defaultSampleEvery = (steps) => Math.max(50, Math.round(steps / 8 / 50) * 50);
/** The held-out loss every this many steps by default: about forty points per run. */
export const defaultEvalEvery = (steps) => Math.max(10, Math.round(steps / 40));

/**
 * TrainerWorker.start's options for a preset and a tokenised text
 * ({ vocab, ids, cut } of train-text.js): held-out rows from ids[cut..],
 * samples at `temperature` with the run's seed every time.
 */
export function runOptions(name, { vocab, ids, cut }, { steps, seed, sampleEvery, evalEvery, prompt, temperature }) {
  const p = PRESETS[name];
  return {
    config: presetConfig(name, vocab.vocabSize), vocabulary: vocab, seed, trainer: presetTrainer(name, steps),
    train: ids.subarray(0, cut), heldOut: ids.subarray(cut), batchSize: p.batchSize, seqLen: p.seqLen, steps,
    evalInterval: evalEvery, evalBatches: 4, sampleInterval: sampleEvery,
    sample: { prompt, maxNewTokens: 120, temperature, seed },
  };
}
