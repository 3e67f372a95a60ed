// Bad input to the training API: each an AttnscopeError naming the argument;
// a refused call changes nothing (weights, step count); the module keeps working.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { attn, expectStillWorks, thrown } from './helpers.js';

const CONFIG = { dim: 16, hiddenDim: 24, nLayers: 1, nHeads: 4, nKvHeads: 2, vocabSize: 11, seqLen: 8 };
const X = [[1, 2, 3, 4], [5, 6, 7, 8]];
const Y = [[2, 3, 4, 5], [6, 7, 8, -1]];
let model;

beforeAll(async () => {
  await attn.ready();
  model = attn.Model.create(CONFIG, { seed: 2 });
});
afterAll(() => {
  model.dispose();
  expectStillWorks();
});

/** Asserts `call` throws an AttnscopeError whose message matches `pattern`. */
function refused(call, pattern) {
  const e = thrown(call);
  expect(e, `expected an error matching ${pattern}`).toBeInstanceOf(attn.AttnscopeError);
  expect(e.message).toMatch(pattern);
}

/** Asserts `call` is refused and the model's weights (and the trainer's steps) did not change. */
function refusedUnchanged(call, pattern, trainer) {
  const before = model.parameters();
  const steps = trainer?.steps;
  refused(call, pattern);
  expect(model.parameters()).toEqual(before);
  if (trainer) expect(trainer.steps).toBe(steps);
}

describe('Model.create', () => {
  test.each([
    [null, /config must be an object/],
    [{ ...CONFIG, depth: 2 }, /config\.depth is not a config field/],
    [{ ...CONFIG, arch: 'bert' }, /config\.arch must be one of 'llama', 'gpt2'/],
    [{ ...CONFIG, dim: 0 }, /dim \(0\) must be positive/],
    [{ ...CONFIG, dim: 2.5 }, /config\.dim must be an integer/],
    [{ ...CONFIG, dim: 18 }, /dim \(18\) must be a multiple of nHeads \(4\)/],
    [{ ...CONFIG, nKvHeads: 3 }, /nHeads \(4\) must be a multiple of nKvHeads \(3\)/],
    [{ ...CONFIG, positions: 'relative' }, /config\.positions must be one of/],
    [{ ...CONFIG, prenorm: 'yes' }, /config\.prenorm must be true or false/],
    [{ ...CONFIG, dim: 12, nHeads: 4 }, /head size .* must be even for positions 'rope'/],
  ])('config %j', (config, pattern) => refused(() => attn.Model.create(config), pattern));

  test.each([
    [{ seed: -1 }, /opts\.seed must be at least 0/],
    [{ seed: 1.5 }, /opts\.seed must be an integer/],
    [{ sed: 1 }, /opts\.sed is not an option/],
    [{ tokenizer: 'abc' }, /opts\.tokenizer must be an ArrayBuffer or a Uint8Array/],
  ])('opts %j', (opts, pattern) => refused(() => attn.Model.create(CONFIG, opts), pattern));
});

describe('inputs and targets', () => {
  const cases = [
    [[[1, 2, 11, 4]], [[2, 3, 4, 5]], /inputs\[0\]\[2\] is 11, outside the vocabulary 0\.\.10/],
    [[[1, 2, -1, 4]], [[2, 3, 4, 5]], /inputs\[0\]\[2\] is -1, outside the vocabulary/],
    [X, [[2, 3, 4, 5], [6, 7, -2, 1]], /targets\[1\]\[2\] is -2, outside -1\.\.10/],
    [X, [[2, 3, 4, 5]], /targets is \[1, 4\] but inputs is \[2, 4\]/],
    [X, [[2, 3, 4], [5, 6, 7]], /targets is \[2, 3\] but inputs is \[2, 4\]/],
    [[[...Array(9).keys()]], [[...Array(9).keys()]], /inputs has T = 9 positions but the model's seqLen is 8/],
    [[[1, 2], [3]], [[1, 2], [3, 4]], /inputs\[1\] has 1 ids but inputs\[0\] has 2/],
    [[], [], /inputs is empty/],
    [[[1, 2.5]], [[1, 2]], /inputs\[0\]\[1\] must be an integer token id \(got 2\.5\)/],
    [[[1, 2]], [[-1, -1]], /every one of targets is -1/],
    [{ data: new Float32Array(4), shape: [1, 4] }, Y, /inputs\.data must be an Int32Array .* Int32Array\.from/],
    [{ data: new Int32Array(4), shape: [2, 4] }, Y, /inputs\.data has 4 ids but inputs\.shape \[2, 4\] needs 8/],
    [{ data: new Int32Array(4), shape: [4] }, Y, /inputs\.shape must be \[B, T\]/],
    ['hello', Y, /inputs must be \[B, T\] token ids/],
  ];
  test.each(cases)('lossAndGradients(%j, %j)', (x, y, pattern) => refused(() => model.lossAndGradients(x, y), new RegExp(`^Model\\.lossAndGradients: ${pattern.source}`)));
  test.each(cases)('loss(%j, %j)', (x, y, pattern) => refused(() => model.loss(x, y), pattern));

  test('typed [B, T] batches are accepted and give the loss of the same arrays', () => {
    const x = { data: Int32Array.from(X.flat()), shape: [2, 4] };
    const y = { data: Int32Array.from(Y.flat()), shape: [2, 4] };
    expect(model.loss(x, y)).toBe(model.loss(X, Y));
    expect(model.loss([Int32Array.from(X[0])], [Y[0]])).toBe(model.loss([X[0]], [Y[0]]));
  });
});

describe('setParameters', () => {
  test('an unknown name, a wrong shape, a non-finite value: refused by name, nothing written', () => {
    const p = model.parameters();
    const good = { 'norm.weight': { data: new Float32Array(16).fill(2), shape: [16] } };
    refusedUnchanged(() => model.setParameters({ ...good, 'layers.0.attention.wz.weight': p['norm.weight'] }), /'layers\.0\.attention\.wz\.weight' is not a parameter of this model/);
    refusedUnchanged(() => model.setParameters({ ...good, 'tok_embeddings.weight': { data: new Float32Array(16 * 11), shape: [16, 11] } }), /parameters\['tok_embeddings\.weight'\]\.shape is \[16, 11\] but the model's is \[11, 16\]/);
    const nan = new Float32Array(16);
    nan[3] = NaN;
    refusedUnchanged(() => model.setParameters({ ...good, 'layers.0.ffn_norm.weight': { data: nan, shape: [16] } }), /parameters\['layers\.0\.ffn_norm\.weight'\]\.data\[3\] is NaN; values must be finite/);
    refusedUnchanged(() => model.setParameters({ 'norm.weight': [1, 2] }), /parameters\['norm\.weight'\] must be a tensor/);
    refusedUnchanged(() => model.setParameters([p['norm.weight']]), /parameters must be an object/);
  });

  test('a model loaded from a file is not trainable and says so', () => {
    const loaded = attn.Model.fromGpt2(model.save());
    expect(loaded.trainable).toBe(false);
    refused(() => loaded.parameters(), /Model\.parameters: this model was loaded from a file/);
    refused(() => new attn.Trainer(loaded), /new Trainer: this model was loaded from a file/);
    loaded.dispose();
  });
});

describe('Trainer', () => {
  test.each([
    // The ranges are the core's (AdamW::create), named as the options are.
    [{ learningRate: NaN }, /^new Trainer: learningRate \(nan\) must be a finite number > 0/],
    [{ learningRate: 0 }, /learningRate \(0\) must be a finite number > 0/],
    [{ learningRate: -1e-3 }, /learningRate \(-0\.001\) must be a finite number > 0/],
    [{ learningRate: '1e-3' }, /opts\.learningRate must be a number \(got string\)/],
    [{ betas: [0.9, 1] }, /betas\[1\] \(1\) must be in \[0, 1\)/],
    [{ betas: [0.9] }, /opts\.betas must be \[beta1, beta2\]/],
    [{ betas: [NaN, 0.9] }, /betas\[0\] \(nan\) must be in \[0, 1\)/],
    [{ eps: 0 }, /eps \(0\) must be a finite number > 0/],
    [{ weightDecay: -0.1 }, /weightDecay \(-0\.1\) must be a finite number >= 0/],
    [{ clipGradNorm: Infinity }, /clipGradNorm \(inf\) must be finite/],
    [{ warmupSteps: 1.5 }, /opts\.warmupSteps must be an integer/],
    [{ warmupSteps: 10, decaySteps: 5 }, /decaySteps \(5\) must be at least warmupSteps \(10\)/],
    [{ minLearningRate: NaN }, /minLearningRate \(nan\) must be a finite number >= 0/],
    [{ lr: 1e-3 }, /opts\.lr is not an option/],
  ])('options %j', (opts, pattern) => refused(() => new attn.Trainer(model, opts), pattern));

  test('not a Model', () => refused(() => new attn.Trainer({}), /new Trainer: model must be a Model made by Model\.create/));

  test('a refused step changes nothing: bad ids, a non-finite loss', () => {
    const trainer = new attn.Trainer(model, { learningRate: 1e-3 });
    trainer.step(X, Y);
    refusedUnchanged(() => trainer.step([[1, 2, 3, 99]], [[2, 3, 4, 5]]), /^Trainer\.step: inputs\[0\]\[3\] is 99/, trainer);
    refusedUnchanged(() => trainer.step(X, [[1, 2]]), /^Trainer\.step: targets is \[1, 2\] but inputs is \[2, 4\]/, trainer);
    // Weights so large that the loss (or only the gradient) overflows: the step
    // stops with a message saying so, nothing changed; training goes on after.
    const good = model.parameters();
    model.setParameters({ 'norm.weight': { data: new Float32Array(16).fill(3e38), shape: [16] } });
    refusedUnchanged(() => trainer.step(X, Y), /^Trainer\.step: the loss is .*nan at step 2: the weights were left as they were/i, trainer);
    model.setParameters(good);
    const huge = { data: good['tok_embeddings.weight'].data.map(() => 3e38), shape: good['tok_embeddings.weight'].shape };
    model.setParameters({ 'tok_embeddings.weight': huge });
    refusedUnchanged(() => trainer.step(X, Y), /^Trainer\.step: the gradient norm is .*nan at step 2: the weights were left as they were/i, trainer);
    model.setParameters(good);
    expect(trainer.step(X, Y).step).toBe(2); // it goes on from there
    trainer.dispose();
    refused(() => trainer.step(X, Y), /Trainer\.step: the trainer has been disposed/);
    expect(model.loss(X, Y)).toBeGreaterThan(0); // the model stays usable
  });

  test('a model disposed mid-training: every later call names it', () => {
    const own = attn.Model.create(CONFIG, { seed: 3 });
    const trainer = new attn.Trainer(own);
    trainer.step(X, Y);
    own.dispose();
    refused(() => trainer.step(X, Y), /^Trainer\.step: the model has been disposed/);
    refused(() => trainer.learningRateAt(0), /the model has been disposed/);
    refused(() => own.parameters(), /^Model\.parameters: the model has been disposed/);
    refused(() => own.lossAndGradients(X, Y), /the model has been disposed/);
    refused(() => new attn.Trainer(own), /^new Trainer: the model has been disposed/);
    trainer.dispose(); // harmless after the model went
  });

  test('learningRateAt follows llama2.c get_lr; a bad it is refused', () => {
    const trainer = new attn.Trainer(model, { learningRate: 1e-2, warmupSteps: 4, decaySteps: 10, minLearningRate: 1e-3 });
    expect(trainer.learningRateAt(0)).toBe(0);
    expect(trainer.learningRateAt(2)).toBeCloseTo(5e-3, 9);
    expect(trainer.learningRateAt(4)).toBeCloseTo(1e-2, 9);
    expect(trainer.learningRateAt(7)).toBeCloseTo(1e-3 + 0.5 * (1 + Math.cos(Math.PI * 0.5)) * 9e-3, 9);
    expect(trainer.learningRateAt(11)).toBeCloseTo(1e-3, 9);
    refused(() => trainer.learningRateAt(-1), /it must be at least 0/);
    trainer.dispose();
  });
});
