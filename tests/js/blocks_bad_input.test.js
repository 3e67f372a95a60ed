// Bad calls of feedForward, multiHeadAttention and transformerBlock throw
// AttnscopeError naming the argument; a valid call afterwards still works.
import { test, expect, beforeAll } from 'vitest';
import { attn, rand, expectStillWorks } from './helpers.js';
import { mhaParams, ffnParams, blockParams, normParams } from './block_helpers.js';

beforeAll(() => attn.ready());

const C = 8, H = 2;
const x = rand([3, C], 1);
const mha = mhaParams(C, H, 1);
const ffn = ffnParams(C, 16, 'gelu');
const block = blockParams(C, H, 1, 16, 'gelu', { bias: true });
const without = (obj, key) => Object.fromEntries(Object.entries(obj).filter(([k]) => k !== key));
const mhaCall = (params, opts) => () => attn.multiHeadAttention(x, params, { nHeads: H, nKvHeads: 1, ...opts });
const blockCall = (params, config) => () => attn.transformerBlock(x, params, { nHeads: H, nKvHeads: 1, ...config });

// [what, call, pattern the message must match: it names the argument]
const BAD = [
  // feedForward
  ['FFN params missing', () => attn.feedForward(x), /feedForward: params is missing/],
  ['FFN w1 missing', () => attn.feedForward(x, { w2: ffn.w2 }), /params\.w1 is missing; expected a tensor of shape \[8, dFF\]/],
  ['FFN w2 of the wrong shape', () => attn.feedForward(x, { ...ffn, w2: rand([16, 7]) }), /params\.w2\.shape is \[16, 7\] but expected \[16, 8\] \(\[dFF, dModel\]\)/],
  ['FFN w1 not matching dModel', () => attn.feedForward(x, { ...ffn, w1: rand([6, 16]) }), /params\.w1\.shape is \[6, 16\] but expected \[8, dFF\]/],
  ['FFN bias of the wrong length', () => attn.feedForward(x, { ...ffn, b1: rand([8]) }), /params\.b1\.shape is \[8\] but expected \[16\]/],
  ['unknown activation', () => attn.feedForward(x, ffn, { activation: 'swish' }), /opts\.activation must be one of .*"swish"/],
  ['SwiGLU without w3', () => attn.feedForward(x, ffn, { activation: 'swiglu' }), /params\.w3 is missing/],
  ['w3 without SwiGLU', () => attn.feedForward(x, { ...ffn, w3: rand([C, 16]) }), /params\.w3 is not a parameter here.*activation 'swiglu'/],
  ['FFN weight as Float64Array', () => attn.feedForward(x, { ...ffn, w1: { data: new Float64Array(128), shape: [8, 16] } }), /params\.w1\.data must be a Float32Array/],
  ['unknown FFN option', () => attn.feedForward(x, ffn, { act: 'relu' }), /opts\.act is not an option/],
  // multiHeadAttention
  ['nHeads missing', () => attn.multiHeadAttention(x, mha, {}), /opts\.nHeads is required/],
  ['options missing', () => attn.multiHeadAttention(x, mha), /opts\.nHeads is required/],
  ['nHeads not dividing dModel', mhaCall(mha, { nHeads: 3, nKvHeads: 1 }), /opts\.nHeads \(3\) must divide dModel = x\.shape\[1\] \(8\)/],
  ['nKvHeads not dividing nHeads', mhaCall(mha, { nHeads: 4, nKvHeads: 3 }), /opts\.nKvHeads \(3\) must divide opts\.nHeads \(4\)/],
  ['nHeads 0', mhaCall(mha, { nHeads: 0 }), /opts\.nHeads must be at least 1/],
  ['params missing', () => attn.multiHeadAttention(x, undefined, { nHeads: H }), /params is missing/],
  ['wq missing', mhaCall(without(mha, 'wq')), /params\.wq is missing; expected a tensor of shape \[8, 8\]/],
  ['wk for MHA given to GQA', mhaCall(mha, { nKvHeads: 2 }), /params\.wk\.shape is \[8, 4\] but expected \[8, 8\] \(\[dModel, nKvHeads·headDim\]/],
  ['wo of the wrong shape', mhaCall({ ...mha, wo: rand([8, 4]) }), /params\.wo\.shape is \[8, 4\] but expected \[8, 8\]/],
  ['bias of the wrong length', mhaCall({ ...mha, bk: rand([8]) }), /params\.bk\.shape is \[8\] but expected \[4\]/],
  ['unknown parameter', mhaCall({ ...mha, Wq: mha.wq }), /params\.Wq is not a parameter here/],
  ['qNorm without qkNorm', mhaCall({ ...mha, qNorm: { weight: rand([4]) } }), /params\.qNorm is given but qkNorm is not set/],
  ['qNorm weight of the wrong size', mhaCall({ ...mha, qNorm: { weight: rand([8]) } }, { qkNorm: 'rms' }), /params\.qNorm\.weight\.shape is \[8\] but expected \[4\] \(\[headDim\]\)/],
  ['unknown qkNorm', mhaCall(mha, { qkNorm: 'layer' }), /opts\.qkNorm must be one of 'rms', 'l2'/],
  ['unknown RoPE layout', mhaCall(mha, { rope: { layout: 'neox' } }), /opts\.rope\.layout.*"neox"/],
  ['unknown RoPE option', mhaCall(mha, { rope: { theta: 1e4 } }), /opts\.rope\.theta is not an option/],
  ['RoPE with memory', mhaCall(mha, { rope: {}, memory: rand([4, C]) }), /opts\.rope cannot be used with opts\.memory/],
  ['RoPE with an odd head dim', () => attn.multiHeadAttention(rand([2, 6]), mhaParams(6, 2, 2), { nHeads: 2, rope: {} }), /opts\.rope needs an even headDim, but dModel \/ nHeads = 3/],
  ['memory of another width', mhaCall(mha, { memory: rand([4, 6]) }), /opts\.memory\.shape\[1\] is 6 but x\.shape\[1\] \(dModel\) is 8/],
  ['memory with other batch dims', mhaCall(mha, { memory: rand([2, 4, C]) }), /opts\.memory's batch dims \[2\] differ from x's \[\]/],
  ['x of rank 1', () => attn.multiHeadAttention(rand([C]), mha, { nHeads: H }), /x must have at least 2 dims/],
  ['window 0', mhaCall(mha, { window: 0 }), /opts\.window must be at least 1/],
  ['temperature 0', mhaCall(mha, { temperature: 0 }), /opts\.temperature must be greater than 0/],
  ['scale with cosine', mhaCall(mha, { kind: 'cosine', scale: 1 }), /opts\.scale has no meaning with kind 'cosine'/],
  ['mask of the wrong shape', mhaCall(mha, { attnMask: rand([3, 4]) }), /opts\.attnMask\.shape \[3, 4\] does not broadcast/],
  ['layer without a cache', mhaCall(mha, { layer: 0 }), /opts\.layer is only used with opts\.kvCache/],
  ['negative positionOffset', mhaCall(mha, { positionOffset: -1 }), /opts\.positionOffset must be at least 0/],
  ['unknown MHA option', mhaCall(mha, { causal: true }), /opts\.causal is not an option/],
  ['returnIntermediates not a boolean', mhaCall(mha, { returnIntermediates: 1 }), /opts\.returnIntermediates must be true or false/],
  // transformerBlock
  ['config missing', () => attn.transformerBlock(x, block), /transformerBlock: config is missing/],
  ['block nHeads not dividing dModel', blockCall(block, { nHeads: 3 }), /config\.nHeads \(3\) must divide dModel/],
  ['block nKvHeads not dividing nHeads', blockCall(block, { nKvHeads: 3 }), /config\.nKvHeads \(3\) must divide config\.nHeads \(2\)/],
  ['block norm2 missing', blockCall(without(block, 'norm2')), /params\.norm2 is missing/],
  ['block attention weight of the wrong shape', blockCall({ ...block, attn: { ...block.attn, wk: rand([8, 8]) } }), /params\.attn\.wk\.shape is \[8, 8\] but expected \[8, 4\]/],
  ['block FFN weight of the wrong shape', blockCall({ ...block, ffn: { ...block.ffn, w2: rand([16, 4]) } }), /params\.ffn\.w2\.shape is \[16, 4\]/],
  ['block norm weight of the wrong shape', blockCall({ ...block, norm1: normParams(4) }), /params\.norm1\.weight\.shape is \[4\] but expected \[8\]/],
  ['RMSNorm with a bias', blockCall(block, { norm: 'rmsnorm' }), /params\.norm1\.bias is not a parameter here.*RMSNorm has no bias/],
  ['unknown norm', blockCall(block, { norm: 'batchnorm' }), /config\.norm must be one of 'layernorm', 'rmsnorm'/],
  ['unknown block activation', blockCall(block, { activation: 'tanh' }), /config\.activation must be one of/],
  ['negative eps', blockCall(block, { eps: -1 }), /config\.eps must not be negative/],
  ['nGPT without alphas', blockCall({ attn: block.attn, ffn: block.ffn }, { normalized: true }), /params\.alphaAttn is missing; expected a tensor of shape \[8\]/],
  ['nGPT with norms', blockCall(block, { normalized: true }), /params\.norm1 is not a parameter here.*config\.normalized/],
  ['unknown block config', blockCall(block, { preNorm: true }), /config\.preNorm is not an option here/],
  ['memory in a block', blockCall(block, { memory: x }), /config\.memory is not an option here/],
  ['block window 0', blockCall(block, { window: 0 }), /config\.window must be at least 1/],
];

test.each(BAD)('%s throws AttnscopeError naming the argument', (what, call, pattern) => {
  let err = null;
  try {
    call();
  } catch (e) {
    err = e;
  }
  expect(err, `${what}: no error thrown`).toBeInstanceOf(attn.AttnscopeError);
  expect(err.message).toMatch(pattern);
  expectStillWorks();
  // The same module still computes the larger parts too.
  expect(attn.transformerBlock(x, block, { nHeads: H, nKvHeads: 1 }).output.data.every(Number.isFinite)).toBe(true);
});
