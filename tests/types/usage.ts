// Compiled by `tsc -p tests/types` (never run): the .d.ts files must accept
// this typical use under --strict, and reject the marked wrong calls.
import * as attn from 'attnscope';
import type { Tensor } from 'attnscope';
import { prepare, checkTyped, describeResult, validateExercise } from 'attnscope/exercises';
import type { Exercise } from 'attnscope/exercises';
import type { AttnTinyGpt } from 'attnscope/widgets';
import { AttnHeatmap } from 'attnscope/widgets/attn-heatmap';

export async function demo(): Promise<number> {
  await attn.ready();
  const b: 'wasm-simd' | 'wasm-simd-fma' | 'wasm-scalar' | 'wasm-simd-threads' = attn.backend();
  const x: Tensor = attn.tensor(new Float32Array(12), [3, 4]);
  const w = attn.softmax(x, { temperature: 0.5 });
  const { output, weights } = attn.scaledDotProductAttention(x, x, x, { isCausal: true, returnWeights: true });
  const flash = attn.flashAttention(x, x, x, { kind: 'cosine', temperature: 0.1 }).output;
  const mask = { data: new Uint8Array(9).fill(1), shape: [3, 3] };
  attn.scaledDotProductAttention(x, x, x, { attnMask: mask, window: 2, alibi: true });
  const { cos, sin } = attn.ropeFrequencies(4, 8, { base: 10000 });
  const r = attn.applyRope(x, { layout: 'half', positionOffset: 2 });
  const pe = attn.sinusoidalPositionalEncoding(8, 4);
  const y = attn.gelu(attn.layerNorm(x, { eps: 1e-5 }), { approximate: 'tanh' });
  try {
    attn.matmul(x, x);
  } catch (e) {
    if (e instanceof attn.AttnscopeError) console.log(e.message);
  }
  return b.length + w.data[0] + output.data[0] + weights.data[0] + flash.data[0] + cos.data[0] +
    sin.data[0] + r.data[0] + pe.data[0] + y.data[0] + attn.alibiSlopes(4).data[0];
}

export function counting(): number {
  const cfg: attn.CountConfig = { dModel: 64, nHeads: 4, nKvHeads: 2, dFF: 172, norm: 'rmsnorm', activation: 'swiglu' };
  const p: attn.ParameterCount = attn.countParameters({ ...cfg, nLayers: 2, vocabSize: 100, tiedEmbeddings: false });
  const f: attn.FlopCount = attn.countFlops({ ...cfg, isCausal: true }, 16);
  return p.total + p.perBlock + p.breakdown.attention + f.perToken + f.breakdown.attention;
}

export function blocks(x: Tensor, w: Tensor, v: Tensor): number {
  const params: attn.MultiHeadAttentionParams = { wq: w, wk: v, wv: v, wo: w, qNorm: { weight: v } };
  const cache = new attn.KVCache({ nLayers: 2, nKvHeads: 1, headDim: 4, maxSeqLen: 16, vocabSize: 50 });
  const { output, intermediates } = attn.multiHeadAttention(x, params, {
    nHeads: 2, nKvHeads: 1, isCausal: true, rope: { layout: 'half' }, qkNorm: 'rms', kvCache: cache, layer: 1,
    returnIntermediates: true,
  });
  const y: Tensor = attn.feedForward(x, { w1: w, w3: w, w2: w }, { activation: 'swiglu' });
  const block = attn.transformerBlock(x, { norm1: { weight: v }, attn: params, norm2: { weight: v }, ffn: { w1: w, w2: w } },
    { nHeads: 2, norm: 'rmsnorm', prenorm: false, activation: 'relu2', returnIntermediates: true });
  const ngpt = attn.transformerBlock(x, { attn: params, ffn: { w1: w, w2: w }, alphaAttn: v, alphaFfn: v },
    { nHeads: 2, normalized: true }).output;
  const n = cache.length + cache.lengthOf(1) + cache.bytes;
  cache.dispose();
  return n + output.data[0] + intermediates.maskedScores.data[0] + y.data[0] + ngpt.data[0] +
    block.intermediates.ffnHidden.data[0] + block.intermediates.attentionIntermediates.weights.data[0];
}

export function masksAndBiases(x: Tensor, table: Tensor): number {
  const local: attn.BoolTensor = attn.slidingWindowMask(3, 3, 2, { causal: true });
  const mask = attn.combineMasks(attn.causalMask(3), attn.stridedMask(3, 2), attn.globalTokensMask(3, [0]), local);
  const bird = attn.bigBirdMask(3, { window: 1, globalTokens: new Int32Array([0]), randomPerRow: 1, seed: 7 });
  const out = attn.flashAttention(x, x, x, { attnMask: attn.intersectMasks(mask, bird) }).output;
  const biased = attn.scaledDotProductAttention(x, x, x, { attnMask: attn.alibiBias(1, 3) }).output;
  const t5: Tensor = attn.t5RelativeBias(table, 3, 3, { bidirectional: false, maxDistance: 64 });
  const buckets: Int32Array = attn.t5RelativePositionBucket([-2, 0, 2], { numBuckets: 16 });
  const h = attn.addPositionEmbeddings(x, table, { positionOffset: 1 });
  const lin = attn.linearAttention(x, x, x, { featureMap: 'performer', features: 8, seed: 1, isCausal: true, form: 'quadratic' }).output;
  const w: Tensor = attn.performerProjection(8, 4, { seed: 2 });
  return out.data[0] + biased.data[0] + t5.data[0] + buckets[0] + h.data[0] + lin.data[0] + w.data[0];
}

export function wrongMaskCalls(x: Tensor): void {
  // @ts-expect-error slidingWindowMask needs the window
  attn.slidingWindowMask(4, 4);
  // @ts-expect-error an additive (float) mask cannot be combined as a boolean one
  attn.combineMasks(x);
  // @ts-expect-error unknown feature map
  attn.linearAttention(x, x, x, { featureMap: 'softmax' });
  // @ts-expect-error linearAttention returns { output }, not a tensor
  attn.linearAttention(x, x, x).data;
}

export function wrongCalls(x: Tensor): void {
  // @ts-expect-error unknown FFN activation
  attn.feedForward(x, { w1: x, w2: x }, { activation: 'swish' });
  // @ts-expect-error multiHeadAttention needs nHeads
  attn.multiHeadAttention(x, { wq: x, wk: x, wv: x, wo: x }, { nKvHeads: 1 });
  // @ts-expect-error intermediates are only typed as present when returnIntermediates is true
  attn.multiHeadAttention(x, { wq: x, wk: x, wv: x, wo: x }, { nHeads: 1 }).intermediates.q;
  // @ts-expect-error a block's params need norm1 and norm2 (or nGPT's alphas)
  attn.transformerBlock(x, { attn: { wq: x, wk: x, wv: x, wo: x }, ffn: { w1: x, w2: x } }, { nHeads: 1 });
  // @ts-expect-error a KVCache needs maxSeqLen
  new attn.KVCache({ nLayers: 1, nKvHeads: 1, headDim: 4 });
  // @ts-expect-error Float64Array is not accepted (convert with new Float32Array)
  attn.tensor(new Float64Array(4), [4]);
  // @ts-expect-error unknown layout
  attn.applyRope(x, { layout: 'diagonal' });
  // @ts-expect-error unknown attention kind
  attn.scaledDotProductAttention(x, x, x, { kind: 'additive' });
  // @ts-expect-error weights are only typed as present when returnWeights is true
  attn.scaledDotProductAttention(x, x, x).weights.data;
  // @ts-expect-error flashAttention has no returnWeights option
  attn.flashAttention(x, x, x, { returnWeights: true });
  // @ts-expect-error headDim must be a number
  attn.ropeFrequencies('64', 8);
  // @ts-expect-error unknown norm kind
  attn.countParameters({ dModel: 8, nHeads: 2, dFF: 32, norm: 'batchnorm' });
  // @ts-expect-error countFlops needs seqLen
  attn.countFlops({ dModel: 8, nHeads: 2, dFF: 32 });
}

// Tiny models: Model in this thread, ModelWorker in a Web Worker.

export async function tinyModels(checkpoint: ArrayBuffer, tokenizer: Uint8Array): Promise<string> {
  const model: attn.Model = await attn.Model.default('sort');
  const cfg: attn.ModelConfig = model.config;
  const ids: number[] = model.encode('cab|', { bos: true });
  const { logits, attention } = model.forward(ids, { returnAttention: true, lastOnly: false });
  const r: attn.GenerateResult = model.generate('softmax|', { temperature: 0, maxNewTokens: 12, onToken: (t) => t.index < 10 });
  for await (const t of model.stream(new Int32Array([1, 259]), { seed: 1, topK: 5, topP: 0.9 })) console.log(t.text, t.id);
  const own = attn.Model.fromLlama2c(checkpoint, tokenizer, { quantize: true, groupSize: 32, tokenizerKind: 'bpe' });
  const q8file: Uint8Array = attn.quantizeLlama2c(checkpoint, { groupSize: 32 });
  (await attn.Model.default('chars-q8')).dispose();
  const worker = await attn.ModelWorker.fromLlama2c(checkpoint, null, { maxSeqLen: 64, backend: 'wasm-simd' });
  const stop = new AbortController();
  const w: attn.GenerateResult = await worker.generate([1], { signal: stop.signal });
  worker.cancel();
  worker.dispose();
  own.dispose();
  model.dispose();
  return r.text + r.stopReason + cfg.arch + logits.shape[0] + (attention?.shape[1] ?? 0) + w.seed + model.decode(ids) + q8file.length;
}

// Hugging Face folders: bytes by name, a dropped FileList, a reader; the folder written back.
export async function huggingFace(files: FileList, bytes: Uint8Array, config: string): Promise<number> {
  const stop = new AbortController();
  const model: attn.Model = await attn.Model.fromHuggingFace({ 'config.json': config, 'model.safetensors': bytes }, {
    quantize: true, maxSeqLen: 256, name: 'mine', signal: stop.signal,
    onProgress: (p: attn.LoadProgress) => console.log(p.phase, p.loaded / p.total),
  });
  const cfg: attn.ModelConfig = model.config;
  const dtype: 'f32' | 'f16' | 'bf16' | 'q8_0' | 'mixed' = cfg.fileDtype;
  const reader: attn.FileReader = { size: 8, read: async (offset, length) => new Uint8Array(length + offset * 0) };
  const worker = await attn.ModelWorker.fromHuggingFace(files, { backend: 'auto', onProgress: () => {} });
  const other = await attn.Model.fromHuggingFace(new Map([['model.safetensors', reader]]));
  const folder: attn.HuggingFaceFolder = model.toHuggingFace();
  const text: string = folder['config.json'];
  const weights: Uint8Array = folder['model.safetensors'];
  const fromWorker: attn.HuggingFaceFolder = await worker.toHuggingFace();
  const score: number = model.loss([[1, 2]], [[2, 3]]) + (await worker.loss([[1, 2]], [[2, 3]]));
  const names: string[] = Object.keys(model.parameters());
  // @ts-expect-error fromHuggingFace is asynchronous: it returns a promise of the model
  attn.Model.fromHuggingFace(files).forward([1]);
  // @ts-expect-error onProgress gets one { phase, loaded, total } object
  await attn.Model.fromHuggingFace(files, { onProgress: (loaded: number, total: number) => loaded + total });
  worker.dispose();
  other.dispose();
  model.dispose();
  return text.length + weights.length + names.length + score + (cfg.architecture?.length ?? 0) + dtype.length + Object.keys(fromWorker).length;
}

export async function tinyGptWidget(): Promise<number> {
  const gpt: AttnTinyGpt | null = document.querySelector('attn-tiny-gpt');
  if (!gpt) return 0;
  await gpt.loaded;
  const r = await gpt.generate();
  const seen = await gpt.inspect(0);
  // @ts-expect-error loadFiles takes bytes or Blobs, not a path
  await gpt.loadFiles('stories260K.bin');
  return (r?.ids.length ?? 0) + (seen?.attention.shape[0] ?? 0) + (gpt.config?.vocabSize ?? 0);
}

export async function wrongModelCalls(model: attn.Model, worker: attn.ModelWorker): Promise<void> {
  // @ts-expect-error there is no default model called 'gpt2'
  await attn.Model.default('gpt2');
  // @ts-expect-error the group size is a number
  attn.quantizeLlama2c(new ArrayBuffer(8), { groupSize: '32' });
  // @ts-expect-error unknown tokenizer kind
  attn.Model.fromLlama2c(new ArrayBuffer(8), null, { tokenizerKind: 'wordpiece' });
  // @ts-expect-error the Q8_0 group size is a number
  attn.Model.fromGpt2(new ArrayBuffer(8), null, { quantize: true, groupSize: '64' });
  // @ts-expect-error a seed is a number
  model.generate('a', { seed: '42' });
  // @ts-expect-error ModelWorker.generate returns a promise, not the result
  (await worker.generate('a')).then;
  // @ts-expect-error forward takes token ids, not text
  model.forward('abc');
}

// attnscope/exercises: an exercise in the JS form, prepared and checked.

export async function exercise(): Promise<string> {
  await attn.ready();
  const ex: Exercise = validateExercise({
    id: 'norm-demo', kind: 'number',
    title: { ja: 'ノルム', en: 'Norm' }, prompt: { ja: '$d = {{d}}$', en: '$d = {{d}}$' },
    inputs: (rng, { variant }) => ({ d: variant === 0 ? 16 : rng.pick([8, 32]) }),
    reference: (a, { d }) => Math.sqrt(a.sinusoidalPositionalEncoding(1, d).data.reduce((s, x) => s + x * x, 0)),
    mistakes: [{ id: 'sqrt-d', label: { ja: '√D', en: '√D' }, compute: (a, { d }) => Math.sqrt(d) }],
    hints: [{ ja: 'ヒント', en: 'hint' }], explanation: { ja: '{{answer}}', en: '{{answer}}' },
  });
  const prepared = prepare(ex, attn, { seed: 1 });
  const result = checkTyped(prepared, 'sqrt(8)');
  // @ts-expect-error kind must be one of the five kinds
  const bad: Exercise = { ...ex, kind: 'essay' };
  return describeResult(result, prepared, 'en').title + bad.id;
}

// attnscope/widgets: elements found through the tag map are typed.
export function heatmapWidget(): number {
  const map = document.querySelector('attn-heatmap');
  if (!map) return 0;
  map.q = [[1, 0], [0, 1]];
  map.tokens = ['a', 'b'];
  map.render();
  // @ts-expect-error valueAt takes a row and a column index
  map.valueAt(0);
  const grid = document.querySelector('attn-mask-grid');
  return map.valueAt(0, 1) + (map.rowSums?.[0] ?? 0) + (grid ? grid.valueAt(0, 0) : 0);
}

// attnscope/widgets/<tag>: one element's module, typed as the element.
export function oneElement(): number {
  const Heatmap: typeof AttnHeatmap = AttnHeatmap.define('my-heatmap');
  const map = new Heatmap();
  // @ts-expect-error an element module exports its class, not the others
  const none: typeof import('attnscope/widgets/attn-heatmap').AttnTinyGpt = null;
  return map.valueAt(0, 0) + (none ? 1 : 0);
}

// Training (docs/TRAINING.md): Model.create, named parameters, Trainer.

export function training(): number {
  const model: attn.Model = attn.Model.create({ arch: 'gpt2', dim: 32, nLayers: 2, nHeads: 4, vocabSize: 16, seqLen: 32, positions: 'alibi', prenorm: false }, { seed: 1 });
  const params: attn.NamedTensors = model.parameters();
  model.setParameters({ 'transformer.ln_f.weight': params['transformer.ln_f.weight'] });
  const batch: attn.TokenBatch = { data: new Int32Array([1, 2, 3, 4]), shape: [2, 2] };
  const { loss, gradients }: attn.LossAndGradients = model.lossAndGradients([[1, 2], [3, 4]], batch);
  const trainer = new attn.Trainer(model, { learningRate: 1e-2, betas: [0.9, 0.95], warmupSteps: 10, decaySteps: 100, clipGradNorm: 1 });
  const r: attn.StepResult = trainer.step(batch, [new Int32Array([2, 3]), [4, -1]]);
  const bytes: Uint8Array = model.save();
  const lr: number = trainer.learningRateAt(5) + trainer.options.learningRate;
  trainer.dispose();
  model.dispose();
  return loss + r.gradNorm + r.step + lr + bytes.length + (gradients['transformer.wte.weight']?.data.length ?? 0) + (model.trainable ? 1 : 0);
}

export function wrongTrainingCalls(model: attn.Model): void {
  // @ts-expect-error positions is one of 'rope' | 'learned' | 'sinusoidal' | 'alibi' | 'none'
  attn.Model.create({ positions: 'relative' });
  // @ts-expect-error the learning rate is a number
  new attn.Trainer(model, { learningRate: '1e-3' });
  // @ts-expect-error inputs are token ids, not text
  model.lossAndGradients('hello', [[1]]);
}

// Issue 12 core additions: KV-cache bytes, RoPE at explicit positions.
export function topicsCore(x: Tensor): number {
  const bytes: number = attn.kvCacheBytes({ nLayers: 32, nKvHeads: 8, headDim: 128, seqLen: 4096, dtype: 'bfloat16' });
  // @ts-expect-error dtype is one of four names
  attn.kvCacheBytes({ nLayers: 1, nKvHeads: 1, headDim: 1, seqLen: 1, dtype: 'fp8' });
  const r = attn.applyRope(x, { positions: [0.5, Math.PI / 4, 2] });
  // @ts-expect-error positions are numbers
  attn.applyRope(x, { positions: ['0.5'] });
  return bytes + r.data[0];
}

export function unnormalisedLinear(x: Tensor): number {
  const { output } = attn.linearAttention(x, x, x, { featureMap: 'identity', normalize: false, isCausal: true });
  // @ts-expect-error normalize is a boolean
  attn.linearAttention(x, x, x, { normalize: 'no' });
  return output.data[0];
}

export function stateSpace(u: Tensor, a: Tensor, b: Tensor): number {
  const { output, states } = attn.selectiveScan(u, u, a, b, b, { D: b, deltaSoftplus: true, returnStates: true });
  const plain: { output: Tensor } = attn.selectiveScan(u, u, a, b, b);
  const K: Tensor = attn.ssmConvolutionKernel(b, a, b, b, 16);
  // @ts-expect-error the kernel needs a length
  attn.ssmConvolutionKernel(b, a, b, b);
  return output.data[0] + states.data[0] + plain.output.data[0] + K.data[0];
}

// Issue 11: closed-form scaling laws.
export function scalingLaws(): number {
  const { params, tokens, loss } = attn.chinchillaOptimum(5.76e23, { E: 1.69 });
  // @ts-expect-error the constants are named A, B, E, alpha, beta
  attn.chinchillaOptimum(1e20, { gamma: 1 });
  const fit = attn.fitPowerLaw([1, 2, 4], new Float64Array([3, 2, 1]));
  return params + tokens + loss + fit.exponent + attn.chinchillaLoss(1e9, 2e10) + attn.CHINCHILLA_CONSTANTS.alpha;
}

// Issue 11: attnscope/experiments.
import { runInContextRegression, ExperimentWorker } from '../../web/experiments/index.js';
export async function experiments(): Promise<number> {
  const data = await runInContextRegression({ steps: 10, seed: 3 }, { onProgress: (p) => p.snapshot.lsaError, signal: new AbortController().signal });
  // @ts-expect-error there is no option `step`
  await runInContextRegression({ step: 10 });
  const w = new ExperimentWorker();
  w.pause();
  return data.final.lsaVsGd + data.baselines.ridge[0];
}

// Issue 11: grokking and norm placement.
import { runGrokking, runNormPlacement, GROKKING_DEFAULTS } from '../../web/experiments/index.js';
export async function grokkingTypes(): Promise<number> {
  const g = await runGrokking({ p: 7, operation: 'subtract', steps: 10 }, { onProgress: (e) => e.snapshot.validationAccuracy });
  // @ts-expect-error operation is 'add' | 'subtract'
  await runGrokking({ operation: 'multiply' });
  const n = await runNormPlacement({ layers: 2, steps: 2 });
  return (g.grokStep ?? 0) + g.spectrum[0] + GROKKING_DEFAULTS.p + (n.variants[0].history[0].layerNorms?.[0] ?? 0);
}
// Issue 11: the scaling sweep and positions beyond the training length.
import { runScalingSweep, runPositionExtrapolation, SCALING_SWEEP_DEFAULTS, LEARNED_LIMIT_NOTE } from '../../web/experiments/index.js';
export async function sweepAndPositions(): Promise<number> {
  const sweep = await runScalingSweep({ steps: 10, sizes: [{ dim: 8, nLayers: 1 }, { dim: 16, nLayers: 1 }] }, { onProgress: (p) => p.point.heldOutLoss + p.sweep.runs.length });
  // @ts-expect-error sizes are { dim, nLayers }
  await runScalingSweep({ sizes: [8, 16] });
  const pos = await runPositionExtrapolation({ schemes: ['rope', 'learned'], trainLength: 16 }, { onProgress: (p) => p.result.loss.length });
  // @ts-expect-error 'xpos' is not a scheme
  await runPositionExtrapolation({ schemes: ['xpos'] });
  const learned = pos.results[1].meanLoss?.['4x'] ?? null; // null: learned cannot run past L
  return (sweep.fitParameters?.exponent ?? 0) + sweep.runs[0].parameters + (learned ?? 0) + SCALING_SWEEP_DEFAULTS.steps + LEARNED_LIMIT_NOTE.length;
}
// Head roles: a score per layer × head for four roles, from a Model or a ModelWorker.
export async function headRoleTypes(model: attn.Model, worker: attn.ModelWorker): Promise<number> {
  const roles: attn.HeadRoles = await attn.headRoles(model, { samples: 2, segmentLength: 20, seed: 1 });
  const fromText = await attn.headRoles(worker, { text: 'the cat sat. the cat', threshold: 0.3 });
  const role: attn.HeadRole = attn.HEAD_ROLES[1];
  const name: attn.HeadRole | null = roles.names[0][0];
  const probe: number[][] = attn.headRoleProbe({ tokens: [3, 4, 5, 6], bos: 1, segmentLength: 3 });
  const attention = model.forward(probe[0], { returnAttention: true }).attention!;
  const scores: attn.HeadRoleScores = attn.headRoleScores([{ attention, ids: probe[0] }]);
  // @ts-expect-error 'copy' is not a role
  const wrong: attn.HeadRole = 'copy';
  // @ts-expect-error there is no option `sample`
  await attn.headRoles(model, { sample: 2 });
  return roles.scores[role][0][0] + fromText.chance.induction + scores.queries.sink + (name ? 1 : 0) + wrong.length + attn.DEFAULT_ROLE_THRESHOLD;
}

export function tokenizers(json: Uint8Array, bin: ArrayBuffer): number {
  const tok: attn.Tokenizer = attn.Tokenizer.fromHuggingFace(json, { config: '{"bos_token": "<s>"}' });
  const ids: number[] = tok.encode('Hello world', { addSpecialTokens: false });
  const text: string = tok.decode(new Int32Array(ids), { skipSpecialTokens: true });
  const pieces: string[] = tok.tokens('Hello');
  const kind: attn.TokenizerKind = tok.kind;
  const llama = attn.Tokenizer.fromLlama2c(bin, { kind: 'char' });
  const trained = attn.Tokenizer.trainBpe(['one text', 'another'], { vocabSize: 300, onProgress: (p) => console.log(p.merges) });
  const back: string = attn.Tokenizer.fromHuggingFace(trained.toHuggingFace()).decode([1, 2]);
  const bos: number | undefined = tok.specialTokens.bos;
  const stream = tok.decodeStream({ skipSpecialTokens: true });
  const piece: string = stream.step(ids[0]);
  // @ts-expect-error: the kind of a tokenizer.bin is 'bpe' or 'char'
  attn.Tokenizer.fromLlama2c(bin, { kind: 'wordpiece' });
  // @ts-expect-error: trainBpe needs a vocabulary size
  attn.Tokenizer.trainBpe('text', {});
  // @ts-expect-error: not built with new
  new attn.Tokenizer();
  return ids.length + text.length + pieces.length + kind.length + llama.vocabSize + back.length + (bos ?? 0) +
    (tok.idToToken(0) ?? '').length + (tok.tokenToId('a') ?? 0) + tok.addedTokens.length + piece.length;
}

// MHA / GQA / MQA on one budget, KV-cache compression and the library's compression functions.
import { runKvHeadSharing, runKvCacheCompression, KV_COMPRESSION_RULES } from '../../web/experiments/index.js';
export async function kvTypes(): Promise<number> {
  const heads = await runKvHeadSharing({ kvHeads: [4, 1], nHeads: 4, dim: 32, seeds: [1, 2] }, { onProgress: (p) => p.runInfo.kind + p.point.heldOutLoss });
  // @ts-expect-error seeds is an array
  await runKvHeadSharing({ seeds: 2 });
  const verdict: 'holds' | 'within-noise' | 'contradicted' | null = heads.claim?.verdict ?? null;
  const c = await runKvCacheCompression({ steps: 10, fractions: [0.5] }, { onProgress: (p) => p.phase });
  const keys = attn.tensor(new Float32Array(2 * 6 * 4), [2, 6, 4]);
  const kept = attn.selectKvPositions({ keys, values: keys }, { rule: 'expected', keep: 3, queries: attn.tensor(new Float32Array(2 * 4 * 4), [2, 4, 4]), futurePositions: [6] });
  // @ts-expect-error 'oldest' is not a rule
  attn.selectKvPositions({ keys, values: keys }, { rule: 'oldest', keep: 3 });
  const { groups, error } = attn.groupKvHeads({ wk: keys }, 1, { method: 'qcqa' });
  const merged = attn.mergeKvHeads({ keys, values: keys }, groups);
  return (c.full ?? 0) + c.curves.qcqa.length + KV_COMPRESSION_RULES.length + kept.positions[0][0] + error + merged.headGroup[0] + String(verdict).length + attn.KV_EVICTION_RULES.length;
}
import type { AttnLinearAttention, AttnResidualGradient, AttnKvHeadSharing, AttnKvCompression } from 'attnscope/widgets';
export function newWidgets(a: AttnLinearAttention, r: AttnResidualGradient, h: AttnKvHeadSharing, k: AttnKvCompression): number {
  h.settings = { steps: 100 };
  k.settings = { seed: 2 };
  return (a.values?.state.output[0] ?? 0) + (r.values?.stack.residual[0] ?? 0) + h.settings.seeds;
}

// GPT vs BERT on one budget and induction heads forming.
import { runMaskedVsCausal, runInductionHeads, inductionSummary, maskedVsCausalClaim, INDUCTION_THRESHOLD } from '../../web/experiments/index.js';
import type { AttnMaskedVsCausal, AttnInductionHeads } from 'attnscope/widgets';
export async function objectiveTypes(m: AttnMaskedVsCausal, i: AttnInductionHeads): Promise<number> {
  const d = await runMaskedVsCausal({ steps: 50, sentence: 'She w_s.' }, { onProgress: (p) => p.objective + p.point.targets });
  // @ts-expect-error the sentence is a string
  await runMaskedVsCausal({ sentence: 3 });
  const verdict: 'holds' | 'mixed' | 'contradicted' | undefined = maskedVsCausalClaim(d.evaluation)?.verdict;
  const first = d.sentence?.blanks[0].masked[0].text ?? '';
  const r = await runInductionHeads({ steps: 50 }, { onProgress: (p) => p.point.induction[1][0] });
  const s = inductionSummary(r.curve);
  m.settings = { sentence: 'He s_id.' };
  i.settings = { steps: 100 };
  return (d.evaluation?.fill.masked.loss ?? 0) + first.length + String(verdict).length + (s?.steepest.from ?? 0) + (r.summary?.formedAt?.head ?? 0) + INDUCTION_THRESHOLD + m.settings.sentence.length + i.settings.seed;
}
