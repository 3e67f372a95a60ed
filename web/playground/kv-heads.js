// The MHA / GQA / MQA page: one <attn-kv-head-sharing> (training in an
// ExperimentWorker) and the call that makes the same numbers in Node.
import { mountExperimentPage } from './experiment-page.js';
import { KV_PAGE_MESSAGES } from './kv-page-messages.js';

mountExperimentPage({
  messages: KV_PAGE_MESSAGES.heads,
  element: document.getElementById('heads'),
  keys: { steps: 'steps', seeds: 'seeds' },
  call: `import { runKvHeadSharing, ExperimentWorker } from 'attnscope/experiments';

// In Node (or a page): the same numbers from the seeds.
const data = await runKvHeadSharing({ kvHeads: [8, 2, 1], seeds: [1, 2], steps: 400 }, {
  onProgress: ({ run, point }) => console.log(run, point.tokens, point.heldOutLoss),
  signal,                                   // abort → rejects with an AbortError carrying .partial
});
data.summary;                               // per KV-head count: cacheBytes, losses per seed, meanLoss
data.claim.verdict;                         // 'holds' | 'within-noise' | 'contradicted'

// Off the main thread, with pause / resume / cancel:
const worker = new ExperimentWorker();
const run = worker.run('kv-head-sharing', { steps: 200 }, { onProgress });
worker.pause(); worker.resume(); worker.cancel();`,
});
