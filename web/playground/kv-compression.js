// The KV-cache compression page: one <attn-kv-compression> (training and
// compressing in an ExperimentWorker) and the calls behind it.
import { mountExperimentPage } from './experiment-page.js';
import { KV_PAGE_MESSAGES } from './kv-page-messages.js';

mountExperimentPage({
  messages: KV_PAGE_MESSAGES.compression,
  element: document.getElementById('compression'),
  keys: { steps: 'steps', seed: 'seed' },
  call: `import { runKvCacheCompression } from 'attnscope/experiments';
import * as attn from 'attnscope';

const data = await runKvCacheCompression({ steps: 600, seed: 1 }, { onProgress, signal });
data.full; data.none;                       // the continuation's loss with the whole cache, and with none
data.curves.expected;                       // [{ fraction, kept, loss }] — also recent, accumulated, qcqa, uniform

// The rules on any cache { keys, values } of [nKvHeads, N, headDim]:
attn.selectKvPositions(cache, { rule: 'recent', keep: 16 });
attn.selectKvPositions(cache, { rule: 'accumulated', keep: 16, attention });            // [nHeads, nQueries, N]
attn.selectKvPositions(cache, { rule: 'expected', keep: 16, queries, futurePositions }); // queries before RoPE
const { groups } = attn.groupKvHeads({ wk, wv }, 4, { method: 'qcqa' });                  // each [nKvHeads, headDim, dim]
attn.mergeKvHeads(cache, groups);`,
});
