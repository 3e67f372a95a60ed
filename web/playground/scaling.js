// The scaling-laws page: <attn-scaling-laws> (closed-form laws, C slider)
// and <attn-emergence> (exact match from a smooth loss), with the
// derivation of the compute-optimal point evaluated at the chosen C.
import './site.js';
import * as attn from '../lib/index.js';
import '../widgets/index.js';
import { addMessages } from '../widgets/i18n.js';
import { formatNumber } from '../widgets/line-chart-scale.js';
import { SCALING_MESSAGES } from './scaling-messages.js';
import { bindUrlState } from './url-state.js';
import { followLanguage } from './page-language.js';

for (const [code, messages] of Object.entries(SCALING_MESSAGES)) addMessages(code, messages);

const $ = (id) => document.getElementById(id);
const laws = $('laws');
const emergence = $('emergence');

const CALL = `import * as attn from 'attnscope';

const { params, tokens, loss } = attn.chinchillaOptimum(5.76e23);   // N*, D*, L(N*, D*)
attn.chinchillaLoss(7e10, 1.4e12);                                   // L(N, D)
attn.chinchillaOptimum(1e21, { alpha: 0.34, beta: 0.28 });          // other constants
attn.fitPowerLaw(sizes, losses).exponent;                            // slope on log–log axes`;

/** The closed form, evaluated at the element's C. */
function derivation() {
  const C = laws.flops;
  const { A, B, alpha, beta } = attn.CHINCHILLA_CONSTANTS;
  const G = ((alpha * A) / (beta * B)) ** (1 / (alpha + beta));
  const { params, tokens } = attn.chinchillaOptimum(C);
  return [
    'minimise L(N, D) = E + A/N^α + B/D^β  subject to  6·N·D = C',
    'D = C/(6N):  dL/dN = −αA·N^(−α−1) + βB·(C/6)^(−β)·N^(β−1) = 0',
    '⇒ N* = G·(C/6)^(β/(α+β)),  D* = (C/6)/N* = G⁻¹·(C/6)^(α/(α+β)),  G = (αA/(βB))^(1/(α+β))',
    '',
    `G = ${formatNumber(G, 5)},  β/(α+β) = ${formatNumber(beta / (alpha + beta), 4)},  α/(α+β) = ${formatNumber(alpha / (alpha + beta), 4)}`,
    `C = ${formatNumber(C)}:  N* = ${formatNumber(params)},  D* = ${formatNumber(tokens)},  D*/N* = ${formatNumber(tokens / params)}`,
  ].join('\n');
}

followLanguage();
$('call').textContent = CALL;
const showDerivation = () => { $('derivation').textContent = derivation(); };
showDerivation();
const address = bindUrlState([
  { key: 'c', get: () => laws.getAttribute('flops') ?? null, set(v) { laws.setAttribute('flops', v); }, reset() { laws.removeAttribute('flops'); } },
  { key: 'law', get: () => laws.law, set(v) { laws.law = v; } },
  { key: 'k', get: () => String(emergence.answerLength), set(v) { emergence.setAttribute('answer-length', v); } },
], { apply: showDerivation });
laws.addEventListener('change', () => { showDerivation(); address.save(); });
emergence.addEventListener('change', () => address.save());
document.body.dataset.ready = 'true';
