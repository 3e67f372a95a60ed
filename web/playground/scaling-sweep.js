// The live scaling sweep page: one <attn-scaling-sweep> (training in an
// ExperimentWorker) and the call that makes the same numbers in Node.
import { mountExperimentPage } from './experiment-page.js';
import { SWEEP_PAGE_MESSAGES } from './sweep-page-messages.js';

mountExperimentPage({
  messages: SWEEP_PAGE_MESSAGES.scaling,
  element: document.getElementById('sweep'),
  keys: { steps: 'steps', seed: 'seed' },
  call: `import { runScalingSweep, ExperimentWorker } from 'attnscope/experiments';

// In Node (or a page): the same numbers from the seed.
const data = await runScalingSweep({ steps: 200, seed: 1 }, {
  onProgress: ({ run, point }) => console.log(run, point.tokens, point.heldOutLoss),
  signal,                                   // abort → rejects with an AbortError carrying .partial
});
data.fitParameters.exponent;                // L(N) ∝ N^exponent
data.fitCompute.exponent;                   // L(C) ∝ C^exponent on the compute-efficient frontier

// Off the main thread, with pause / resume / cancel:
const worker = new ExperimentWorker();
const run = worker.run('scaling-sweep', { steps: 200 }, { onProgress });
worker.pause(); worker.resume(); worker.cancel();`,
});
