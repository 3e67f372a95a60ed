// The pre-LN / post-LN page: one <attn-norm-placement> (the runs go to an
// ExperimentWorker), with the URL holding the controls.
import { mountExperimentPage } from './experiment-page.js';
import { NORM_PAGE_MESSAGES } from './grokking-page-messages.js';

const CALL = `import { runNormPlacement } from 'attnscope/experiments';

const data = await runNormPlacement({ layers: 8, learningRate: 3e-3, warmupSteps: 50, steps: 100, seed: 1 }, { onProgress });
for (const v of data.variants) console.log(v.id, v.history[0].layerNorms, v.history.at(-1).loss);`;

mountExperimentPage({
  messages: NORM_PAGE_MESSAGES,
  element: document.getElementById('norm'),
  keys: { layers: 'layers', learningRate: 'lr', warmupSteps: 'warmup', steps: 'steps', seed: 'seed' },
  call: CALL,
});
