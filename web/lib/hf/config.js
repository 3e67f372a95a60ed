// config.json of the two architectures attnscope runs, read with
// transformers' defaults for absent fields (GPT2Config, LlamaConfig) and
// written back for an exported model. Anything that would change the maths
// and the engine does not do is refused by name.
import { fail } from '../tensor.js';

export const ARCHITECTURES = Object.freeze({ GPT2LMHeadModel: 'gpt2', LlamaForCausalLM: 'llama' });
const MODEL_TYPES = { gpt2: 'GPT2LMHeadModel', llama: 'LlamaForCausalLM' };

// GPT-2's activation_function -> the engine's (gelu_fast is gelu_new written another way).
const GPT2_ACTIVATIONS = { gelu_new: 'gelu_tanh', gelu_pytorch_tanh: 'gelu_tanh', gelu_fast: 'gelu_tanh', gelu: 'gelu', relu: 'relu' };
const WRITE_ACTIVATION = { gelu_tanh: 'gelu_new', gelu: 'gelu', relu: 'relu' };

const FILE = 'config.json';

function field(cfg, key, fallback, check, what) {
  const v = Object.hasOwn(cfg, key) && cfg[key] !== null ? cfg[key] : fallback;
  if (!check(v)) fail(`${FILE}: ${key} must be ${what} (got ${JSON.stringify(v)})`);
  return v;
}
const size = (cfg, key, fallback) => field(cfg, key, fallback, (v) => Number.isSafeInteger(v) && v > 0 && v < 2 ** 31, 'a positive integer');
const number = (cfg, key, fallback) => field(cfg, key, fallback, (v) => typeof v === 'number' && Number.isFinite(v) && v > 0, 'a positive number');
const flag = (cfg, key, fallback) => field(cfg, key, fallback, (v) => typeof v === 'boolean', 'true or false');

// bos/eos ids: an integer, a list of them, or absent.
function tokenIds(cfg, key, fallback) {
  const v = Object.hasOwn(cfg, key) ? cfg[key] : fallback;
  if (v === null || v === undefined) return [];
  const list = Array.isArray(v) ? v : [v];
  if (!list.every((id) => Number.isSafeInteger(id) && id >= 0)) fail(`${FILE}: ${key} must be a token id or a list of them (got ${JSON.stringify(v)})`);
  return list;
}

function architectureOf(cfg) {
  const names = cfg.architectures;
  if (names !== undefined && names !== null) {
    if (!Array.isArray(names) || names.length < 1 || !names.every((n) => typeof n === 'string')) fail(`${FILE}: architectures must be a list of class names (got ${JSON.stringify(names)})`);
    const known = names.find((n) => Object.hasOwn(ARCHITECTURES, n));
    if (!known) fail(`${FILE}: architectures ${JSON.stringify(names)} is not supported; attnscope reads ${Object.keys(ARCHITECTURES).join(' and ')}`);
    return known;
  }
  if (Object.hasOwn(MODEL_TYPES, cfg.model_type)) return MODEL_TYPES[cfg.model_type];
  return fail(`${FILE}: neither architectures nor a known model_type (got ${JSON.stringify(cfg.model_type)}); attnscope reads ${Object.keys(ARCHITECTURES).join(' and ')}`);
}

function refuse(cfg, key, allowed, why) {
  if (Object.hasOwn(cfg, key) && cfg[key] !== null && !allowed(cfg[key])) fail(`${FILE}: ${key} ${JSON.stringify(cfg[key])} is not supported (${why})`);
}

function gpt2(cfg) {
  const dim = size(cfg, 'n_embd', 768);
  const nHeads = size(cfg, 'n_head', 12);
  const act = field(cfg, 'activation_function', 'gelu_new', (v) => Object.hasOwn(GPT2_ACTIVATIONS, v), `one of ${Object.keys(GPT2_ACTIVATIONS).join(', ')}`);
  refuse(cfg, 'scale_attn_weights', (v) => v === true, 'attention scores are always divided by √D');
  refuse(cfg, 'scale_attn_by_inverse_layer_idx', (v) => v === false, 'no per-layer score scaling');
  refuse(cfg, 'add_cross_attention', (v) => v === false, 'a decoder without cross-attention');
  return {
    arch: 'gpt2', dim, hiddenDim: size(cfg, 'n_inner', 4 * dim), nLayers: size(cfg, 'n_layer', 12), nHeads, nKvHeads: nHeads,
    vocabSize: size(cfg, 'vocab_size', 50257), seqLen: size(cfg, 'n_positions', 1024),
    normEps: number(cfg, 'layer_norm_epsilon', 1e-5), ropeBase: 10000, activation: GPT2_ACTIVATIONS[act], bias: true,
    tied: flag(cfg, 'tie_word_embeddings', true),
    bos: tokenIds(cfg, 'bos_token_id', 50256), eos: tokenIds(cfg, 'eos_token_id', 50256),
  };
}

function llama(cfg) {
  const dim = size(cfg, 'hidden_size', 4096);
  const nHeads = size(cfg, 'num_attention_heads', 32);
  field(cfg, 'hidden_act', 'silu', (v) => v === 'silu', '"silu" (the SwiGLU MLP)');
  refuse(cfg, 'rope_scaling', () => false, `rope_scaling of type ${JSON.stringify(cfg.rope_scaling?.rope_type ?? cfg.rope_scaling?.type)}: only plain RoPE`);
  refuse(cfg, 'head_dim', (v) => v * nHeads === dim, `head_dim must be hidden_size / num_attention_heads = ${dim / nHeads}`);
  const attentionBias = flag(cfg, 'attention_bias', false), mlpBias = flag(cfg, 'mlp_bias', false);
  if (attentionBias !== mlpBias) fail(`${FILE}: attention_bias ${attentionBias} with mlp_bias ${mlpBias} is not supported: attnscope has biases on every linear layer or on none`);
  return {
    arch: 'llama', dim, hiddenDim: size(cfg, 'intermediate_size', 11008), nLayers: size(cfg, 'num_hidden_layers', 32), nHeads,
    nKvHeads: size(cfg, 'num_key_value_heads', nHeads), vocabSize: size(cfg, 'vocab_size', 32000),
    seqLen: size(cfg, 'max_position_embeddings', 2048), normEps: number(cfg, 'rms_norm_eps', 1e-6),
    ropeBase: number(cfg, 'rope_theta', 10000), activation: 'swiglu', bias: attentionBias,
    tied: flag(cfg, 'tie_word_embeddings', false),
    bos: tokenIds(cfg, 'bos_token_id', 1), eos: tokenIds(cfg, 'eos_token_id', 2),
  };
}

/**
 * The parsed config.json -> { architecture, arch, dim, hiddenDim, nLayers,
 * nHeads, nKvHeads, vocabSize, seqLen, normEps, ropeBase, activation, bias,
 * tied, bos: ids, eos: ids, name }.
 */
export function readConfig(cfg) {
  if (cfg === null || typeof cfg !== 'object' || Array.isArray(cfg)) fail(`${FILE}: must be a JSON object`);
  const architecture = architectureOf(cfg);
  const spec = ARCHITECTURES[architecture] === 'gpt2' ? gpt2(cfg) : llama(cfg);
  if (spec.dim % spec.nHeads !== 0) fail(`${FILE}: the width ${spec.dim} is not a multiple of the ${spec.nHeads} heads`);
  if (spec.nHeads % spec.nKvHeads !== 0) fail(`${FILE}: num_attention_heads ${spec.nHeads} is not a multiple of num_key_value_heads ${spec.nKvHeads}`);
  const name = typeof cfg._name_or_path === 'string' && cfg._name_or_path ? cfg._name_or_path : null;
  return { architecture, ...spec, name };
}

/** config.json (an object) for a model of `c` (Model.config) with these bos/eos ids. */
export function writeConfig(c, { bos, eos }) {
  const ids = (list) => (list.length === 1 ? list[0] : list.length ? list : null);
  const common = { bos_token_id: ids(bos), eos_token_id: ids(eos), tie_word_embeddings: c.sharedClassifier, torch_dtype: 'float32', use_cache: true };
  if (c.arch === 'gpt2') {
    return {
      architectures: ['GPT2LMHeadModel'], model_type: 'gpt2', vocab_size: c.vocabSize, n_positions: c.fileSeqLen,
      n_embd: c.dim, n_layer: c.nLayers, n_head: c.nHeads, n_inner: c.hiddenDim,
      activation_function: WRITE_ACTIVATION[c.activation], layer_norm_epsilon: c.normEps,
      resid_pdrop: 0, embd_pdrop: 0, attn_pdrop: 0, initializer_range: 0.02, ...common,
    };
  }
  return {
    architectures: ['LlamaForCausalLM'], model_type: 'llama', vocab_size: c.vocabSize, hidden_size: c.dim,
    intermediate_size: c.hiddenDim, num_hidden_layers: c.nLayers, num_attention_heads: c.nHeads,
    num_key_value_heads: c.nKvHeads, hidden_act: 'silu', max_position_embeddings: c.fileSeqLen,
    rms_norm_eps: c.normEps, rope_theta: c.ropeBase, rope_scaling: null, attention_bias: c.bias, mlp_bias: c.bias,
    attention_dropout: 0, initializer_range: 0.02, ...common,
  };
}
