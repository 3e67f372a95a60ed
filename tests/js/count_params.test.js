// countParameters against the tensors transformerBlock really takes: for
// several configs, build params with the API's shapes, run the block (so the
// shapes are accepted), check each part of the count equals the summed sizes
// of its tensors, and perturb every tensor in turn to see it used (a tensor
// the block ignored would be counted but not be a parameter).
import { test, expect, beforeAll } from 'vitest';
import { attn, rand } from './helpers.js';

beforeAll(() => attn.ready());

// Block configs (what transformerBlock takes) plus the sizes countParameters needs.
const CONFIGS = [
  { name: 'GPT-2-style: LayerNorm, biases, GELU, MHA', C: 16, F: 64, bias: true, block: { nHeads: 4, norm: 'layernorm', activation: 'gelu' } },
  { name: 'Llama-style: RMSNorm, SwiGLU, GQA, no bias', C: 16, F: 40, bias: false, block: { nHeads: 4, nKvHeads: 2, norm: 'rmsnorm', activation: 'swiglu' } },
  { name: 'post-LN, SwiGLU with biases, MQA', C: 12, F: 20, bias: true, block: { nHeads: 3, nKvHeads: 1, norm: 'layernorm', activation: 'swiglu', prenorm: false } },
  { name: 'RMSNorm with projection biases, QK-norm, relu2', C: 8, F: 24, bias: true, block: { nHeads: 2, norm: 'rmsnorm', activation: 'relu2', qkNorm: 'rms' } },
  { name: 'LayerNorm without bias, gelu_tanh, causal', C: 8, F: 16, bias: false, block: { nHeads: 2, norm: 'layernorm', activation: 'gelu_tanh', isCausal: true } },
  { name: 'nGPT (normalized), relu', C: 8, F: 16, bias: false, block: { nHeads: 2, activation: 'relu', normalized: true } },
];

// Params with the shapes transformerBlock takes (docs/GUIDE.md, "10. Blocks"): weights [in, out].
function blockParams({ C, F, bias, block }) {
  let seed = 1;
  const t = (shape) => {
    const x = rand(shape, seed++);
    x.data.forEach((v, i) => { x.data[i] = v / Math.sqrt(shape[0]); });
    return x;
  };
  const H = block.nHeads, Hkv = block.nKvHeads ?? H, D = C / H;
  const mha = { wq: t([C, H * D]), wk: t([C, Hkv * D]), wv: t([C, Hkv * D]), wo: t([H * D, C]) };
  if (bias) Object.assign(mha, { bq: t([H * D]), bk: t([Hkv * D]), bv: t([Hkv * D]), bo: t([C]) });
  if (block.qkNorm) Object.assign(mha, { qNorm: { weight: t([D]) }, kNorm: { weight: t([D]) } });
  const glu = block.activation === 'swiglu';
  const ffn = { w1: t([C, F]), ...(glu ? { w3: t([C, F]) } : {}), w2: t([F, C]) };
  if (bias) Object.assign(ffn, { b1: t([F]), ...(glu ? { b3: t([F]) } : {}), b2: t([C]) });
  if (block.normalized) return { attn: mha, ffn, alphaAttn: t([C]), alphaFfn: t([C]) };
  const norm = () => (block.norm === 'layernorm' && bias ? { weight: t([C]), bias: t([C]) } : { weight: t([C]) });
  return { norm1: norm(), attn: mha, norm2: norm(), ffn };
}

// [path, tensor] of every tensor in a nested params object.
function leaves(obj, path = []) {
  if ('data' in obj && 'shape' in obj) return [[path, obj]];
  return Object.entries(obj).flatMap(([k, v]) => leaves(v, [...path, k]));
}
const size = (obj) => leaves(obj).reduce((a, [, x]) => a + x.data.length, 0);

// A copy of params with the tensor at `path` shifted by a pseudo-random amount.
function perturbed(params, path) {
  const copy = structuredClone(params);
  const x = path.reduce((o, k) => o[k], copy);
  const delta = rand(x.shape, 99);
  x.data.forEach((v, i) => { x.data[i] = v + 0.5 * delta.data[i]; });
  return copy;
}

const maxDiff = (a, b) => a.data.reduce((m, v, i) => Math.max(m, Math.abs(v - b.data[i])), 0);
// Big next to float32 rounding of O(1) values (~1e-7), small next to a 0.5 shift.
const USED = 1e-4;

test.each(CONFIGS)('countParameters equals the tensors transformerBlock takes: $name', (cfg) => {
  const params = blockParams(cfg);
  const count = attn.countParameters({ ...cfg.block, dModel: cfg.C, dFF: cfg.F, bias: cfg.bias });
  expect(count.perBlock).toBe(size(params));
  expect(count.breakdown.attention).toBe(size(params.attn));
  expect(count.breakdown.ffn).toBe(size(params.ffn));
  expect(count.breakdown.norms).toBe(cfg.block.normalized ? 0 : size(params.norm1) + size(params.norm2));
  expect(count.breakdown.scales).toBe(cfg.block.normalized ? size(params.alphaAttn) + size(params.alphaFfn) : 0);

  let x = rand([5, cfg.C], 7);
  if (cfg.block.normalized) x = attn.l2Normalize(x); // nGPT expects unit rows
  const base = attn.transformerBlock(x, params, cfg.block).output;
  for (const [path] of leaves(params)) {
    const changed = perturbed(params, path);
    let diff;
    if (path.join('.') === 'attn.bk') {
      // q·(k_j + bk) = q·k_j + q·bk: the same shift for every key of a query,
      // which softmax cancels. bk is used (the scores move) yet cannot change
      // the output, so look at multiHeadAttention's raw scores instead.
      const scores = (p) => attn.multiHeadAttention(x, p.attn, { ...mhaOptions(cfg.block), returnIntermediates: true })
        .intermediates.rawScores;
      diff = maxDiff(scores(params), scores(changed));
    } else {
      diff = maxDiff(base, attn.transformerBlock(x, changed, cfg.block).output);
    }
    expect(diff, `changing params.${path.join('.')} changes the block (max |Δ| = ${diff})`).toBeGreaterThan(USED);
  }
});

function mhaOptions({ nHeads, nKvHeads, qkNorm, isCausal }) {
  return { nHeads, nKvHeads, qkNorm, isCausal };
}
