// The tensor names of GPT2LMHeadModel and LlamaForCausalLM, each with its
// role in the engine (HF_ROLE, cpp/include/attnscope/model/hf_reader.h) and
// its shape in the file: one table for reading a folder and for writing one.
// Files saved from the bare GPT2Model / LlamaModel lack the `transformer.` /
// `model.` prefix; either spelling is read, the prefixed one is written.
// Buffers that are not weights (GPT-2's causal mask `attn.bias` and
// `attn.masked_bias`, old Llama files' `rotary_emb.inv_freq`) are skipped.
import { fail } from '../tensor.js';

const PREFIX = { gpt2: 'transformer.', llama: 'model.' };
const BUFFERS = {
  gpt2: /^h\.\d+\.attn\.(bias|masked_bias)$/,
  llama: /^layers\.\d+\.self_attn\.rotary_emb\.inv_freq$/,
};
const HEAD = 'lm_head.weight';

/** [{ name (unprefixed; lm_head as is), role, layer, shape }] that a model of spec holds, in state_dict order. */
export function expectedTensors(spec) {
  const { dim: C, hiddenDim: F, nLayers: L, vocabSize: V, seqLen: T, nHeads, nKvHeads, bias } = spec;
  const KV = (C / nHeads) * nKvHeads;
  const out = [];
  const add = (name, role, layer, shape) => out.push({ name, role, layer, shape });
  if (spec.arch === 'gpt2') {
    add('wte.weight', 'embedding', 0, [V, C]);
    add('wpe.weight', 'positions', 0, [T, C]);
    for (let l = 0; l < L; l++) {
      const p = `h.${l}.`;
      add(`${p}ln_1.weight`, 'norm1_weight', l, [C]);
      add(`${p}ln_1.bias`, 'norm1_bias', l, [C]);
      add(`${p}attn.c_attn.weight`, 'wqkv', l, [C, 3 * C]); // Conv1D: [in, out]
      add(`${p}attn.c_attn.bias`, 'bqkv', l, [3 * C]);
      add(`${p}attn.c_proj.weight`, 'wo', l, [C, C]);
      add(`${p}attn.c_proj.bias`, 'bo', l, [C]);
      add(`${p}ln_2.weight`, 'norm2_weight', l, [C]);
      add(`${p}ln_2.bias`, 'norm2_bias', l, [C]);
      add(`${p}mlp.c_fc.weight`, 'w1', l, [C, F]);
      add(`${p}mlp.c_fc.bias`, 'b1', l, [F]);
      add(`${p}mlp.c_proj.weight`, 'w2', l, [F, C]);
      add(`${p}mlp.c_proj.bias`, 'b2', l, [C]);
    }
    add('ln_f.weight', 'final_norm_weight', 0, [C]);
    add('ln_f.bias', 'final_norm_bias', 0, [C]);
  } else {
    add('embed_tokens.weight', 'embedding', 0, [V, C]);
    for (let l = 0; l < L; l++) {
      const p = `layers.${l}.`;
      const linear = (n, role, shape) => {
        add(`${p}${n}.weight`, `w${role}`, l, shape);
        if (bias) add(`${p}${n}.bias`, `b${role}`, l, [shape[0]]);
      };
      add(`${p}input_layernorm.weight`, 'norm1_weight', l, [C]);
      linear('self_attn.q_proj', 'q', [C, C]);
      linear('self_attn.k_proj', 'k', [KV, C]);
      linear('self_attn.v_proj', 'v', [KV, C]);
      linear('self_attn.o_proj', 'o', [C, C]);
      add(`${p}post_attention_layernorm.weight`, 'norm2_weight', l, [C]);
      linear('mlp.gate_proj', '1', [F, C]);
      linear('mlp.up_proj', '3', [F, C]);
      linear('mlp.down_proj', '2', [C, F]);
    }
    add('norm.weight', 'final_norm_weight', 0, [C]);
  }
  if (!spec.tied) add(HEAD, 'classifier', 0, [V, C]);
  return out;
}

/** The name a writer gives a table entry. */
export function fileName(arch, entry) {
  return entry.name === HEAD ? HEAD : PREFIX[arch] + entry.name;
}

/**
 * Matches the tensors of the files ([{ name, file, dtype, shape, begin, end }])
 * against the spec: every expected tensor once, with its shape; buffers and a
 * tied lm_head skipped; anything else refused. Returns [{ ...entry, ...tensor }]
 * in the files' order (so a File is read front to back).
 */
export function matchTensors(spec, architecture, tensors, sources) {
  const expected = new Map(expectedTensors(spec).map((e) => [e.name, e]));
  const found = new Map();
  const where = (t) => `${t.file}: tensor '${t.name}'`;
  for (const t of tensors) {
    const key = t.name.startsWith(PREFIX[spec.arch]) ? t.name.slice(PREFIX[spec.arch].length) : t.name;
    if (BUFFERS[spec.arch].test(key) || (key === HEAD && spec.tied)) continue;
    const e = expected.get(key);
    if (!e) {
      const example = fileName(spec.arch, expectedTensors(spec)[1]);
      fail(`${where(t)} is not part of a ${architecture} of config.json's sizes (its names are like '${example}')`);
    }
    if (found.has(key)) fail(`${where(t)} and ${where(found.get(key))} are the same weight`);
    if (!['F32', 'F16', 'BF16'].includes(t.dtype)) fail(`${where(t)} is ${t.dtype}; attnscope reads F32, F16 and BF16 weights`);
    if (t.shape.length !== e.shape.length || t.shape.some((d, i) => d !== e.shape[i])) {
      fail(`${where(t)} has shape [${t.shape.join(', ')}] but config.json's sizes need [${e.shape.join(', ')}]`);
    }
    found.set(key, { ...t, ...e, name: t.name });
  }
  for (const [key, e] of expected) {
    if (!found.has(key)) fail(`${[...sources].join(', ')}: tensor '${fileName(spec.arch, e)}' is missing (config.json's sizes need it)`);
  }
  return [...found.values()].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.begin - b.begin));
}
