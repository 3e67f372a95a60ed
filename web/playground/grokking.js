// The grokking page: one <attn-grokking> (the run goes to an ExperimentWorker)
// and the setting, with the URL holding the controls.
import { mountExperimentPage } from './experiment-page.js';
import { GROKKING_PAGE_MESSAGES } from './grokking-page-messages.js';

const CALL = `import { runGrokking, ExperimentWorker } from 'attnscope/experiments';

// In Node (or a page): the same numbers from the seed.
const data = await runGrokking({ p: 31, operation: 'add', trainFraction: 0.5, weightDecay: 1, seed: 1 }, {
  onProgress: ({ step, snapshot }) => console.log(step, snapshot.trainAccuracy, snapshot.validationAccuracy),
  signal,                                   // abort → rejects with an AbortError carrying .partial
});
console.log(data.memorisedStep, data.grokStep, data.spectrum);

// Off the main thread, with pause / resume / cancel:
const worker = new ExperimentWorker();
const run = worker.run('grokking', { weightDecay: 0 }, { onProgress });
worker.pause(); worker.resume(); worker.cancel();`;

mountExperimentPage({
  messages: GROKKING_PAGE_MESSAGES,
  element: document.getElementById('grok'),
  keys: { p: 'p', operation: 'op', trainFraction: 'frac', weightDecay: 'wd', seed: 'seed', steps: 'steps' },
  call: CALL,
});
