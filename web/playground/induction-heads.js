// The induction-heads page: one <attn-induction-heads> (training in an
// ExperimentWorker) and the call that makes the same numbers in Node.
import { mountExperimentPage } from './experiment-page.js';
import { INDUCTION_PAGE_MESSAGES } from './induction-page-messages.js';

mountExperimentPage({
  messages: INDUCTION_PAGE_MESSAGES,
  element: document.getElementById('induction'),
  keys: { steps: 'steps', seed: 'seed' },
  call: `import { runInductionHeads, ExperimentWorker } from 'attnscope/experiments';

// In Node (or a page): the same numbers from the seed.
const data = await runInductionHeads({ steps: 1500, seed: 1 }, {
  onProgress: ({ point }) => console.log(point.step, point.firstLoss, point.repeatedLoss, point.induction[1]),
  signal,                                   // abort → rejects with an AbortError carrying .partial
});
data.curve;                                 // per evaluation: firstLoss, repeatedLoss, induction[layer][head], previousToken[layer][head]
data.summary.steepest;                      // { from, to, drop }: where the repeated copy's loss fell fastest
data.summary.formedAt;                      // the first step some head's induction score reached 0.4, and which head

// The same scores for any model and sequences:
const roles = attn.headRoleScores({ attention: model.forward(ids, { returnAttention: true }).attention, ids });

// Off the main thread, with pause / resume / cancel:
const worker = new ExperimentWorker();
const run = worker.run('induction-heads', { steps: 600 }, { onProgress });
worker.pause(); worker.resume(); worker.cancel();`,
});
