// runInContextRegression: a linear self-attention layer trained across random
// linear-regression tasks learns to do one step of gradient descent on its
// prompt (von Oswald et al. 2023; Akyürek et al. 2022). Everything is float64
// and seeded: the same options give the same data in Node, a page and a Worker.
import { checkInt, checkNumber, checkOptions, fail } from '../lib/tensor.js';
import { gaussian, regressionBatch } from './regression-tasks.js';
import { lsaParameters, lsaPredict, lsaLossAndGradients, lsaEffectiveMatrix } from './linear-self-attention.js';
import { gradientStepDirections, ridgePredict, meanSquaredError } from './regression-baselines.js';
import { createAdam } from './adam.js';
import { runControl } from './run-control.js';

const FN = 'runInContextRegression';
export const IN_CONTEXT_DEFAULTS = Object.freeze({
  dims: 5, // d, the input dimension
  contextLength: 20, // n during training
  noise: 0.1, // σ of the label noise
  steps: 1000,
  batchSize: 64,
  learningRate: 0.01, // Adam's peak rate, cosine-decayed to 0 over the steps
  initScale: 0.1,
  seed: 1,
  evalPrompts: 500, // fresh prompts per context length for the curves
  maxContextLength: 40, // the error-vs-n curves go from 1 to this
  reportEvery: 100,
});

function resolve(options) {
  const o = { ...IN_CONTEXT_DEFAULTS, ...checkOptions(options, FN, Object.keys(IN_CONTEXT_DEFAULTS)) };
  checkInt(o.dims, 'options.dims', { min: 1, max: 32 });
  checkInt(o.contextLength, 'options.contextLength', { min: 1, max: 512 });
  checkNumber(o.noise, 'options.noise', { nonNegative: true });
  checkInt(o.steps, 'options.steps', { min: 0, max: 1e6 });
  checkInt(o.batchSize, 'options.batchSize', { min: 1, max: 4096 });
  checkNumber(o.learningRate, 'options.learningRate', { positive: true });
  checkNumber(o.initScale, 'options.initScale', { positive: true });
  checkInt(o.seed, 'options.seed', { min: 0, max: 2 ** 32 - 1 });
  checkInt(o.evalPrompts, 'options.evalPrompts', { min: 2, max: 1e5 });
  checkInt(o.maxContextLength, 'options.maxContextLength', { min: 1, max: 512 });
  checkInt(o.reportEvery, 'options.reportEvery', { min: 1, max: 1e6 });
  if (o.maxContextLength < o.contextLength) fail(`${FN}: options.maxContextLength (${o.maxContextLength}) must be at least options.contextLength (${o.contextLength})`);
  return o;
}

/**
 * 2η* for n pairs in d dims with noise σ: the c minimising
 * E(y_q − c Σ_i y_i x_iᵀ x_q)². With S = Σ_i x_i x_iᵀ (Wishart: E S = nI,
 * E S² = n(n+d+1)I) the error is d(1 − 2cn + c²n(n + d + 1 + σ²)) + σ²,
 * so c* = 1 / (n + d + 1 + σ²). (bestStepSize measures it on prompts; a test
 * checks the two agree.)
 */
export const bestStep = (n, d, noise) => 1 / (n + d + 1 + noise * noise);

/** The ridge λ: σ² (the posterior mean for w ~ N(0, I)), kept ≥ 1e-8 so n < d stays solvable. */
const ridgeLambda = (noise) => Math.max(noise * noise, 1e-8);

/**
 * Fixed evaluation prompts for n = 1 … maxContextLength, and the baselines
 * on them (they do not change while the layer trains).
 */
function evaluationSet(o) {
  const normal = gaussian((o.seed * 2654435761 + 1) >>> 0);
  const sets = [];
  for (let n = 1; n <= o.maxContextLength; n++) sets.push(regressionBatch(normal, o.evalPrompts, n, o.dims, o.noise));
  const directions = sets.map(gradientStepDirections);
  const stepAtTrain = bestStep(o.contextLength, o.dims, o.noise);
  const baselines = {
    n: sets.map((s) => s.n),
    gdTrainStep: sets.map((s, i) => meanSquaredError(directions[i].map((g) => stepAtTrain * g), s.yq)),
    gdBest: sets.map((s, i) => meanSquaredError(directions[i].map((g) => bestStep(s.n, o.dims, o.noise) * g), s.yq)),
    ridge: sets.map((s) => meanSquaredError(ridgePredict(s, ridgeLambda(o.noise)), s.yq)),
    bestLearningRate: sets.map((s) => bestStep(s.n, o.dims, o.noise) / 2),
  };
  return { sets, directions, stepAtTrain, baselines };
}

function snapshot(p, ev, o, step, loss) {
  const trainAt = o.contextLength - 1;
  const lsaByN = ev.sets.map((s) => meanSquaredError(lsaPredict(p, s), s.yq));
  const atTrain = lsaPredict(p, ev.sets[trainAt]);
  const gd = ev.directions[trainAt].map((g) => ev.stepAtTrain * g);
  const { gamma, leak } = lsaEffectiveMatrix(p);
  let dist = 0;
  for (let a = 0; a < o.dims; a++) for (let c = 0; c < o.dims; c++) {
    dist += (gamma[a * o.dims + c] - (a === c ? ev.stepAtTrain : 0)) ** 2;
  }
  return {
    step, loss, lsaByN,
    lsaError: lsaByN[trainAt],
    gdError: ev.baselines.gdTrainStep[trainAt],
    ridgeError: ev.baselines.ridge[trainAt],
    lsaVsGd: meanSquaredError(atTrain, gd), // mean (ŷ_layer − ŷ_GD)² on fresh prompts
    gammaDistance: Math.sqrt(dist / o.dims) / Math.abs(ev.stepAtTrain), // ‖Γ − 2η*I‖_F / ‖2η*I‖_F
    leak,
    gamma: Array.from(gamma),
  };
}

/**
 * Trains the layer with Adam on fresh batches (mean squared error of the
 * query's prediction) and reports, every `reportEvery` steps, the layer's
 * error against n next to one GD step and ridge.
 */
export async function runInContextRegression(options = {}, context = {}) {
  const o = resolve(options);
  const control = runControl(FN, context);
  const ev = evaluationSet(o);
  const normal = gaussian(o.seed);
  const p = lsaParameters(o.dims, normal, o.initScale);
  const adam = createAdam(p, ['wq', 'wk', 'wv'], { learningRate: o.learningRate });
  const data = {
    options: o,
    step: 0,
    bestStep: ev.stepAtTrain, // 2η* at n = contextLength
    baselines: ev.baselines,
    history: [],
    final: null,
    elapsedMs: 0,
  };
  control.partialData(() => ({ ...data, elapsedMs: control.elapsedMs() }));
  const record = (loss) => {
    const s = snapshot(p, ev, o, data.step, loss);
    data.history.push(s);
    data.final = s;
    data.elapsedMs = control.elapsedMs();
    control.progress({ step: data.step, steps: o.steps, fraction: o.steps ? data.step / o.steps : 1, snapshot: s, baselines: ev.baselines, data });
  };
  record(NaN);
  let lossSum = 0, lossCount = 0;
  while (data.step < o.steps) {
    await control.checkpoint();
    const batch = regressionBatch(normal, o.batchSize, o.contextLength, o.dims, o.noise);
    const { loss, grad } = lsaLossAndGradients(p, batch);
    adam.step(grad, o.learningRate * 0.5 * (1 + Math.cos((Math.PI * data.step) / o.steps)));
    data.step++;
    lossSum += loss;
    lossCount++;
    if (data.step % o.reportEvery === 0 || data.step === o.steps) {
      record(lossSum / lossCount);
      lossSum = 0;
      lossCount = 0;
    }
  }
  data.parameters = { wq: Array.from(p.wq), wk: Array.from(p.wk), wv: Array.from(p.wv) };
  data.elapsedMs = control.elapsedMs();
  return data;
}
