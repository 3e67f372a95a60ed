// The positions-beyond-L page: one <attn-position-extrapolation> (training
// in an ExperimentWorker) and the call that makes the same numbers in Node.
import { mountExperimentPage } from './experiment-page.js';
import { SWEEP_PAGE_MESSAGES } from './sweep-page-messages.js';

mountExperimentPage({
  messages: SWEEP_PAGE_MESSAGES.positions,
  element: document.getElementById('positions'),
  keys: { steps: 'steps', trainLength: 'L', seed: 'seed' },
  call: `import { runPositionExtrapolation, ExperimentWorker } from 'attnscope/experiments';

const data = await runPositionExtrapolation({ steps: 300, trainLength: 32, seed: 1 }, {
  onProgress: ({ scheme, phase, result }) => console.log(scheme, phase, result.meanLoss),
});
for (const r of data.results) console.log(r.scheme, r.meanLoss, r.note ?? '');
// learned: maxPosition = L, meanLoss['2x'] = meanLoss['4x'] = null, and a note saying why

const worker = new ExperimentWorker();
const run = worker.run('position-extrapolation', { steps: 300 }, { onProgress });
worker.pause(); worker.resume(); worker.cancel();`,
});
