// The Train page: one <attn-train> (the model trains in a Web Worker) and
// notes. Its settings live in the address (?text=&level=&preset=&steps=&seed=,
// url-state.js) so a view can be shared. The page sets body[data-ready] once the widget is up.
import './site.js';
import * as attn from '../lib/index.js';
import '../widgets/index.js';
import { addMessages } from '../widgets/i18n.js';
import { TRAIN_MESSAGES } from './train-messages.js';
import { bindUrlState } from './url-state.js';
import { followLanguage } from './page-language.js';

for (const [code, messages] of Object.entries(TRAIN_MESSAGES)) addMessages(code, messages);

const $ = (id) => document.getElementById(id);
const train = $('train');
const KEPT = ['text', 'level', 'preset', 'steps', 'seed'];

const CALL = `import * as attn from 'attnscope';

const vocab = attn.buildVocabulary(text, { level: 'char' });   // or 'byte'
const ids = vocab.encode(text), cut = Math.floor(ids.length * 0.9);
const worker = new attn.TrainerWorker();                      // a module Web Worker
const result = await worker.start({
  config: { arch: 'llama', dim: 48, hiddenDim: 128, nLayers: 2, nHeads: 4, nKvHeads: 4, seqLen: 64 },
  vocabulary: vocab, seed: 1, steps: 600, batchSize: 8,
  trainer: { learningRate: 3e-3, warmupSteps: 50, decaySteps: 600, minLearningRate: 3e-4, clipGradNorm: 1 },
  train: ids.subarray(0, cut), heldOut: ids.subarray(cut), evalInterval: 15,
  sampleInterval: 100, sample: { prompt: 'Elizabeth', temperature: 0 },
  onProgress: (p) => plot(p.step, p.loss, p.heldOutLoss),    // also tokensPerSecond, secondsLeft
  onSample: (s) => show(vocab.decode(s.ids)),
});
const { checkpoint, tokenizer } = await worker.snapshot();   // llama2.c bytes + tokenizer.bin`;

// The address holds the widget's settings; its controls set its attributes,
// so an attribute change is a committed change (Back undoes it). A field
// absent from the address removes the attribute (the widget's default).
const pending = {};
const address = bindUrlState(KEPT.map((key) => ({
  key,
  get: () => train.getAttribute(key),
  set(v) { pending[key] = v; },
  reset() { pending[key] = null; },
})), {
  apply() {
    for (const [k, v] of Object.entries(pending)) {
      if (v === null) train.removeAttribute(k);
      else train.setAttribute(k, v);
    }
  },
});
new MutationObserver(() => address.save({ push: true })).observe(train, { attributes: true, attributeFilter: KEPT });

followLanguage();
$('call').textContent = CALL;
document.body.dataset.ready = 'true';
attn.ready().then(() => { $('backend').textContent = attn.backend(); });
