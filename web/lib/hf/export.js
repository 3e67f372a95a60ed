// Model.toHuggingFace: a folder transformers and plain PyTorch read —
// config.json (config.js), model.safetensors (F32, names.js's names) and,
// with a tokenizer, tokenizer.json. The core gives each weight in the Hugging
// Face layout (read_hf_tensor: rotate-half q/k, Conv1D [in, out]) and refuses
// by name a variant neither architecture holds; nothing here permutes.
import { HF_ROLE } from '../enums.js';
import { withHeap } from '../heap.js';
import { fail } from '../tensor.js';
import { writeConfig } from './config.js';
import { expectedTensors, fileName } from './names.js';
import { writeSafetensors } from './safetensors.js';

/** The spec (config.js's shape) of a loaded or trained model's config, as a file would have it. */
export function specOf(c) {
  return {
    arch: c.arch, dim: c.dim, hiddenDim: c.hiddenDim, nLayers: c.nLayers, nHeads: c.nHeads, nKvHeads: c.nKvHeads,
    vocabSize: c.vocabSize, seqLen: c.fileSeqLen, bias: c.bias, tied: c.sharedClassifier,
  };
}

/**
 * Reads every weight of the handle's model in the Hugging Face layout:
 * calls use(entry, Float32Array view of the heap, valid until the next read)
 * for each entry of names.js's table. Throws the core's refusal first.
 */
export function readHfWeights(fnName, M, h, table, use) {
  const largest = Math.max(...table.map((e) => e.shape.reduce((a, d) => a * d, 1)));
  withHeap(fnName, (heap) => {
    const scratch = heap.output(largest, 'a weight');
    for (const e of table) {
      if (M.readHfTensor(h, HF_ROLE[e.role], e.layer, scratch) !== 0) fail(`${fnName}: ${h.error()}`);
      use(e, new Float32Array(M.HEAPF32.buffer, scratch, e.shape.reduce((a, d) => a * d, 1)));
    }
  });
}

/**
 * { 'config.json': string, 'model.safetensors': Uint8Array } of the model in
 * handle h with config c (Model.config); special: { bos: ids, eos: ids }.
 */
export function exportFolder(fnName, M, h, c, special) {
  const table = expectedTensors(specOf(c));
  // The smallest tensor first: the core refuses an inexpressible variant before the file is allocated.
  readHfWeights(fnName, M, h, [table.find((e) => e.role === 'final_norm_weight')], () => {});
  const values = new Map();
  const tensors = table.map((e) => ({ name: fileName(c.arch, e), shape: e.shape, fill: (view) => values.set(e, view) }));
  // writeSafetensors lays out the file, then fills each tensor's view in order.
  const bytes = writeSafetensors(tensors, { format: 'pt' });
  readHfWeights(fnName, M, h, table, (e, heapView) => values.get(e).set(heapView));
  return {
    'config.json': `${JSON.stringify(writeConfig(c, special), null, 2)}\n`,
    'model.safetensors': bytes,
  };
}
