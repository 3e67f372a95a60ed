// The tiny-models page: one <attn-tiny-gpt> (the model runs in a Web Worker)
// and notes. The page sets body[data-ready] once the first model has loaded.
import './site.js';
import * as attn from '../lib/index.js';
import '../widgets/index.js';
import { addMessages } from '../widgets/i18n.js';
import { MODELS_MESSAGES } from './models-messages.js';
import { bindUrlState } from './url-state.js';
import { loadTrained } from '../widgets/train-store.js';
import { followLanguage } from './page-language.js';

for (const [code, messages] of Object.entries(MODELS_MESSAGES)) addMessages(code, messages);

const $ = (id) => document.getElementById(id);
const gpt = $('gpt');

const CALL = `import * as attn from 'attnscope';

const worker = await attn.ModelWorker.default('sort');     // or ModelWorker.fromLlama2c(ckpt, tok)
const stop = new AbortController();                         // the Stop button: stop.abort()
for await (const token of worker.stream('softmax|', { temperature: 0, signal: stop.signal })) {
  output.append(token.text);
}
// clicking token k: the model's view of the context before it
const { logits, attention } = await worker.forward(ids.slice(0, position), { returnAttention: true });
// attention: [layers, heads, T, T]; the last row of each head is where it looked`;

followLanguage();
$('call').textContent = CALL;
// The address holds the model, every sampling control of the element, and
// what its head-role table measures and shows.
const KEYS = { model: 'model', prompt: 'prompt', temperature: 'temperature', topK: 'top-k', topP: 'top-p', seed: 'seed', maxNewTokens: 'max' };
const ROLE_KEYS = { probe: 'probe', text: 'roles-text', head: 'head', view: 'roles-view' };
const roles = gpt.headRoles;
const headText = (h) => (h ? `${h.layer}.${h.head}` : '');
const wanted = {}, wantedRoles = {};
const address = bindUrlState([
  ...Object.entries(KEYS).map(([name, key]) => ({
    key,
    get: () => String(gpt.settings[name]),
    set(v) { wanted[name] = name === 'model' || name === 'prompt' ? v : Number(v); },
  })),
  ...Object.entries(ROLE_KEYS).map(([name, key]) => ({
    key,
    get: () => (name === 'head' ? headText(roles.state.head) : roles.state[name]),
    set(v) { wantedRoles[name] = v; },
  })),
], {
  apply() {
    // The model first (switching fills in its defaults), then the values asked for.
    if (wanted.model !== gpt.settings.model) gpt.settings = { model: wanted.model };
    gpt.settings = wanted;
    roles.state = wantedRoles;
  },
});
gpt.addEventListener('settings-change', () => address.save({ push: true }));
roles.addEventListener('state-change', () => address.save({ push: true }));
// ?open=trained: the model the Train page stored in this browser (train-store.js).
async function openTrained() {
  const record = await loadTrained();
  if (!record) return gpt.loaded;
  if (record.prompt) gpt.setAttribute('prompt', record.prompt);
  return gpt.loadFiles(record.checkpoint, record.tokenizer, { tokenizerKind: record.tokenizerKind });
}
const trained = new URLSearchParams(location.search).get('open') === 'trained';
(trained ? openTrained() : gpt.loaded).finally(() => { document.body.dataset.ready = 'true'; });
attn.ready().then(() => { $('backend').textContent = attn.backend(); });
