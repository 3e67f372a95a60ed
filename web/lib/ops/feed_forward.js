// feedForward: a two-layer FFN or SwiGLU over the last dim. Validation here;
// the maths is in cpp/src/feed_forward.cpp. prepareFeedForward is shared with
// transformerBlock.
import { withHeap } from '../heap.js';
import { checkStatus } from '../errors.js';
import { ACTIVATION } from '../enums.js';
import { checkTensor, checkRank, checkEnum, checkOptions, checkShape, product } from '../tensor.js';
import { checkKeys, checkWeight, upload } from './params.js';

export const ACTIVATIONS = Object.keys(ACTIVATION);

/**
 * Checks FFN params for model dim C (`name` as the caller wrote it:
 * 'params' or 'params.ffn'). Returns { F, code, load(h) -> FfnWeightArgs }.
 */
export function prepareFeedForward(fnName, params, name, C, activation) {
  const swiglu = activation === 'swiglu';
  const hint = swiglu ? '' : "; w3 and b3 belong to activation 'swiglu'";
  checkKeys(params, name, swiglu ? ['w1', 'w3', 'w2', 'b1', 'b3', 'b2'] : ['w1', 'w2', 'b1', 'b2'], fnName, { hint });
  const w1 = checkWeight(params, 'w1', name, [C, 'dFF'], `[dModel, dFF] with dModel = ${C}`, fnName);
  const F = w1.shape[1];
  const w = {
    w1,
    b1: checkWeight(params, 'b1', name, [F], '[dFF]', fnName, { optional: true }),
    w3: swiglu ? checkWeight(params, 'w3', name, [C, F], '[dModel, dFF], as w1', fnName) : null,
    b3: swiglu ? checkWeight(params, 'b3', name, [F], '[dFF]', fnName, { optional: true }) : null,
    w2: checkWeight(params, 'w2', name, [F, C], '[dFF, dModel]', fnName),
    b2: checkWeight(params, 'b2', name, [C], '[dModel]', fnName, { optional: true }),
  };
  const load = (h) => Object.fromEntries(Object.entries(w).map(([k, t]) => [k, upload(h, t, `${name}.${k}`)]));
  return { F, code: ACTIVATION[activation], load };
}

/** out = act(x @ w1 + b1) @ w2 + b2, or SwiGLU; x [..., C] -> [..., C]. See blocks.d.ts. */
export function feedForward(x, params, opts) {
  const fn = 'feedForward';
  const o = checkOptions(opts, fn, ['activation']);
  const size = checkTensor(x, 'x');
  checkRank(x, 'x', 1);
  const activation = checkEnum(o.activation ?? 'gelu', 'opts.activation', ACTIVATIONS);
  const C = x.shape[x.shape.length - 1];
  const ffn = prepareFeedForward(fn, params, 'params', C, activation);
  const R = product(x.shape.slice(0, -1));
  checkShape([R, ffn.F], `${fn}: hidden layer [rows, dFF]`);
  const data = withHeap(fn, (h) => {
    const px = h.input(x.data, 'x');
    const po = h.output(size, 'output');
    checkStatus(h.M.feedForward(po, 0, px, ffn.load(h), R, C, ffn.F, ffn.code), fn);
    return h.read(po, size);
  });
  return { data, shape: [...x.shape] };
}
