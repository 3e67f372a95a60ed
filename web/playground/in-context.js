// The in-context learning page: one <attn-in-context> (training runs in an
// ExperimentWorker) and the derivation of the step, whose numbers are
// computed here from the same functions the experiment uses.
import { mountExperimentPage } from './experiment-page.js';
import { IN_CONTEXT_MESSAGES } from './in-context-messages.js';
import { oneStepGradientDescent } from '../experiments/regression-baselines.js';

const CALL = `import { runInContextRegression, ExperimentWorker } from 'attnscope/experiments';

// In Node (or a page): the same numbers, float64, from the seed.
const data = await runInContextRegression({ steps: 1000, contextLength: 20, dims: 5, noise: 0.1, seed: 1 }, {
  onProgress: ({ step, snapshot }) => console.log(step, snapshot.lsaError, snapshot.lsaVsGd),
  signal,                                   // abort → rejects with an AbortError carrying .partial
});

// Off the main thread, with pause / resume / cancel:
const worker = new ExperimentWorker();
const run = worker.run('in-context-regression', { steps: 1000 }, { onProgress });
worker.pause(); worker.resume(); worker.cancel();`;

/** The derivation, with a worked example computed by oneStepGradientDescent. */
function derivation() {
  const x = [1, 2, -1, 0.5], y = [3, -1], eta = 0.1; // two pairs in d = 2
  const w1 = oneStepGradientDescent(Float64Array.from(x), Float64Array.from(y), 2, 2, eta);
  return [
    '∇L(W) = −2 Σ_i (y_i − W x_i) x_iᵀ',
    'W₁ = 0 − η ∇L(0) = 2η Σ_i y_i x_iᵀ',
    'ŷ = W₁ x_q = 2η Σ_i y_i (x_iᵀ x_q)',
    '',
    `x₁ = (${x[0]}, ${x[1]}), y₁ = ${y[0]};  x₂ = (${x[2]}, ${x[3]}), y₂ = ${y[1]};  η = ${eta}`,
    `W₁ = 2η (y₁ x₁ + y₂ x₂) = (${w1.map((v) => Number(v.toPrecision(6))).join(', ')})`,
  ].join('\n');
}

mountExperimentPage({
  messages: IN_CONTEXT_MESSAGES,
  element: document.getElementById('icl'),
  keys: { steps: 'steps', contextLength: 'n', dims: 'd', noise: 'noise', seed: 'seed' },
  call: CALL,
});
document.getElementById('derivation').textContent = derivation();
