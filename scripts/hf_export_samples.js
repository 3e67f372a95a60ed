// The models whose Hugging Face export PyTorch checks: Model.create with a
// fixed seed, the weights then spread out (×20, norms 1 ± 0.2, biases ±0.1,
// all from the seed's own values) so that their logits are far from uniform
// and a wrong layout shows. scripts/gen_fixtures_hf.py runs this file to
// write the folders its PyTorch reference reads; tests/js/hf_export.test.js
// makes the same models and checks the bytes and logits it recorded.
//   node scripts/hf_export_samples.js OUT_DIR   (needs the wasm build)
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const EXPORT_SAMPLES = [
  {
    name: 'export_llama', seed: 7,
    config: { arch: 'llama', dim: 32, hiddenDim: 48, nLayers: 2, nHeads: 4, nKvHeads: 2, vocabSize: 64, seqLen: 16, sharedClassifier: false },
  },
  {
    name: 'export_gpt2', seed: 8,
    config: { arch: 'gpt2', dim: 16, nLayers: 2, nHeads: 2, vocabSize: 64, seqLen: 16 },
  },
];

/** Token ids every reference runs (within every sample's vocabulary and context). */
export const EXPORT_TOKENS = [1, 17, 5, 42, 63, 8, 8, 30, 2, 55, 11, 0];

/** The sample's model (attn: the package, ready). */
export function makeSample(attn, sample) {
  const model = attn.Model.create(sample.config, { seed: sample.seed });
  const spread = {};
  for (const [name, t] of Object.entries(model.parameters())) {
    const bias = name.endsWith('.bias');
    const norm = !bias && /norm|ln_/.test(name);
    const data = t.data.map((v, i) => (norm ? 1 + 0.2 * Math.sin(i + 1) : bias ? 0.1 * Math.cos(3 * i + 1) : 20 * v));
    spread[name] = { data, shape: t.shape };
  }
  model.setParameters(spread);
  return model;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const out = process.argv[2];
  if (!out) throw new Error('usage: node scripts/hf_export_samples.js OUT_DIR');
  const attn = await import('../web/lib/node.js');
  await attn.ready({ backend: 'wasm-scalar' });
  for (const sample of EXPORT_SAMPLES) {
    const model = makeSample(attn, sample);
    const dir = join(out, sample.name);
    mkdirSync(dir, { recursive: true });
    for (const [file, data] of Object.entries(model.toHuggingFace())) writeFileSync(join(dir, file), data);
    model.dispose();
  }
}
