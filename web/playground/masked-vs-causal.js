// The GPT-versus-BERT page: one <attn-masked-vs-causal> (training in an
// ExperimentWorker) and the call that makes the same numbers in Node.
import { mountExperimentPage } from './experiment-page.js';
import { MASKED_CAUSAL_PAGE_MESSAGES } from './masked-causal-page-messages.js';

mountExperimentPage({
  messages: MASKED_CAUSAL_PAGE_MESSAGES,
  element: document.getElementById('objectives'),
  keys: { steps: 'steps', seed: 'seed', sentence: 'sentence' },
  call: `import { runMaskedVsCausal, ExperimentWorker } from 'attnscope/experiments';

// In Node (or a page): the same numbers from the seed.
const data = await runMaskedVsCausal({ sentence: 'Mr. Darcy w_lked into the r_om.', steps: 300, seed: 1 }, {
  onProgress: ({ objective, point }) => console.log(objective, point.step, point.heldOutLoss),
  signal,                                   // abort → rejects with an AbortError carrying .partial
});
data.evaluation.fill;                       // { causal, masked }: loss and top-1 accuracy on held-out blanks
data.evaluation.next;                       // the same for the next character
data.claim.verdict;                         // 'holds' | 'mixed' | 'contradicted'
data.sentence.blanks;                       // per blank: the masked and the causal model's top candidates
data.generation;                            // the causal model's continuation; the masked model's refusal

// Off the main thread, with pause / resume / cancel:
const worker = new ExperimentWorker();
const run = worker.run('masked-vs-causal', { steps: 100 }, { onProgress });
worker.pause(); worker.resume(); worker.cancel();`,
});
