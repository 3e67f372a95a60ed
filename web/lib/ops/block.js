// transformerBlock: attention and feed-forward with residuals and norms
// (pre-LN, post-LN, or nGPT's normalised form). Validation here; the maths is
// in cpp/src/block.cpp.
import { withHeap } from '../heap.js';
import { checkStatus } from '../errors.js';
import { NORM_KIND } from '../enums.js';
import { checkNumber, checkBool, checkEnum } from '../tensor.js';
import { checkKeys, checkWeight, upload, outputs, noOutputs, checkOutputShapes } from './params.js';
import { ATTENTION_OPTIONS, TRACE, prepareAttention } from './multi_head_attention.js';
import { ACTIVATIONS, prepareFeedForward } from './feed_forward.js';

export const NORMS = Object.keys(NORM_KIND);
const CONFIG = [...ATTENTION_OPTIONS, 'norm', 'prenorm', 'activation', 'eps', 'normalized'];
const BLOCK_TRACE = ['normed1', 'attention', 'residual1', 'normed2', 'ffnHidden', 'ffn'];

// { weight [C], bias? [C] } for LayerNorm, { weight [C] } for RMSNorm.
function checkNorm(params, key, C, norm, fn) {
  const name = `params.${key}`;
  const hint = norm === 'rmsnorm' ? "; RMSNorm has no bias (config.norm is 'rmsnorm')" : '';
  checkKeys(params[key], name, norm === 'rmsnorm' ? ['weight'] : ['weight', 'bias'], fn, { hint });
  return {
    weight: checkWeight(params[key], 'weight', name, [C], '[dModel]', fn),
    bias: checkWeight(params[key], 'bias', name, [C], '[dModel]', fn, { optional: true }),
  };
}

/** One Transformer block; see blocks.d.ts for the formulas. */
export function transformerBlock(x, params, config) {
  const fn = 'transformerBlock';
  const o = checkKeys(config, 'config', CONFIG, fn, { what: 'option' });
  const normalized = o.normalized === undefined ? false : checkBool(o.normalized, 'config.normalized');
  const prenorm = o.prenorm === undefined ? true : checkBool(o.prenorm, 'config.prenorm');
  const norm = checkEnum(o.norm ?? 'layernorm', 'config.norm', NORMS);
  const activation = checkEnum(o.activation ?? 'gelu', 'config.activation', ACTIVATIONS);
  const eps = o.eps === undefined ? 1e-5 : checkNumber(o.eps, 'config.eps', { nonNegative: true });
  const hint = normalized ? ' (config.normalized: nGPT has no norms, it takes alphaAttn and alphaFfn)' : '';
  checkKeys(params, 'params', normalized ? ['attn', 'ffn', 'alphaAttn', 'alphaFfn'] : ['norm1', 'attn', 'norm2', 'ffn'], fn, { hint });
  const a = prepareAttention({ fn, params: 'params.attn', opts: 'config' }, x, params.attn, o);
  const C = a.C;
  const ffn = prepareFeedForward(fn, params.ffn, 'params.ffn', C, activation);
  const n1 = normalized ? {} : checkNorm(params, 'norm1', C, norm, fn);
  const n2 = normalized ? {} : checkNorm(params, 'norm2', C, norm, fn);
  const alphaAttn = normalized ? checkWeight(params, 'alphaAttn', 'params', [C], '[dModel]', fn) : null;
  const alphaFfn = normalized ? checkWeight(params, 'alphaFfn', 'params', [C], '[dModel]', fn) : null;
  const shape = [...x.shape];
  const blockShapes = Object.fromEntries(BLOCK_TRACE.map((k) => [k, shape]));
  blockShapes.ffnHidden = [...shape.slice(0, -1), ffn.F];
  if (a.returnIntermediates) checkOutputShapes(blockShapes, fn);
  const size = x.data.length;

  return withHeap(fn, (h) => {
    const px = h.input(x.data, 'x');
    const blockArgs = {
      F: ffn.F, activation: ffn.code, norm: NORM_KIND[norm], prenorm, normalized, eps,
      norm1Weight: upload(h, n1.weight, 'params.norm1.weight'), norm1Bias: upload(h, n1.bias, 'params.norm1.bias'),
      norm2Weight: upload(h, n2.weight, 'params.norm2.weight'), norm2Bias: upload(h, n2.bias, 'params.norm2.bias'),
      alphaAttn: upload(h, alphaAttn, 'params.alphaAttn'), alphaFfn: upload(h, alphaFfn, 'params.alphaFfn'),
    };
    const attnWeights = a.load(h), ffnWeights = ffn.load(h);
    const attnTrace = a.returnIntermediates ? outputs(h, a.traceShapes) : null;
    const trace = a.returnIntermediates ? outputs(h, blockShapes) : null;
    const po = h.output(size, 'output');
    checkStatus(h.M.transformerBlock(po, px, attnWeights, a.args, attnTrace ? attnTrace.ptrs : noOutputs(TRACE),
      ffnWeights, blockArgs, trace ? trace.ptrs : noOutputs(BLOCK_TRACE)), fn);
    const output = { data: h.read(po, size), shape };
    if (!trace) return { output };
    const intermediates = { ...trace.read(), output: { data: output.data.slice(), shape: [...shape] } };
    intermediates.attentionIntermediates = attnTrace.read();
    return { output, intermediates };
  });
}
