#!/usr/bin/env python3
"""PyTorch reference fixtures for Hugging Face folders (Model.fromHuggingFace,
Model.toHuggingFace).

Run (Debian's python3-torch, hence /usr/bin/python3; the export part runs
Node on the wasm build, so build first):

    /usr/bin/python3 scripts/gen_fixtures_hf.py     # or: npm run fixtures

No `transformers` or `safetensors` package is used: safetensors files are
written and read by hand (an 8-byte little-endian header length, a JSON
header, raw little-endian tensors), and the forwards below are written from
transformers' modeling_gpt2.py and modeling_llama.py with their tensor names
and maths, in float64 on the values each file stores:

  GPT2LMHeadModel: h = wte[ids] + wpe[pos]; per layer h += c_proj(attn(c_attn(
    ln_1(h)))), h += mlp.c_proj(act(mlp.c_fc(ln_2(h)))) with Conv1D x @ W + b
    (W stored [in, out]), causal softmax(q k^T / sqrt(D)); logits = ln_f(h) @
    (lm_head or wte)^T. act: gelu_new (tanh form) or gelu (erf).
  LlamaForCausalLM: h = embed[ids]; per layer h += o_proj(attn(rope(q_proj x),
    rope(k_proj x), v_proj x)), x = RMSNorm(h) (x * rsqrt(mean x^2 + eps) *
    w); RoPE rotate-half: cos/sin of cat(freqs, freqs), freqs = pos *
    rope_theta^(-2i/D), q*cos + rotate_half(q)*sin, rotate_half(x) = cat(-x2,
    x1); GQA repeats each KV head for H/Hkv query heads; h += down(silu(gate
    x) * up x); logits = norm(h) @ (lm_head or embed)^T.

Writes tests/fixtures/hf/ (seeded: two runs write the same bytes):
  <name>/config.json, model.safetensors or model.safetensors.index.json and
  shards, for: gpt2_f32 (prefix `transformer.`, the attn.bias/masked_bias
  buffers, tied), gpt2_f16 (no prefix, untied, activation gelu), gpt2_bf16
  (two shards), llama_f32 (GQA 4/2, untied), llama_bf16 (MQA 4/1, tied,
  rope_theta 500000, two shards), llama_f16 (attention_bias + mlp_bias, norms
  in F32: mixed dtypes, the old rotary_emb.inv_freq buffer);
  references.json: per folder {tokens, logits (T, V)}; and for the exports of
  scripts/hf_export_samples.js (Model.create, seeded): {sha256 of each file,
  tokens, logits} computed by reading the exported folder here.
"""
import hashlib
import json
import math
import os
import struct
import subprocess
import tempfile

import torch

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..')
OUT = os.path.join(ROOT, 'tests', 'fixtures', 'hf')
T64 = torch.float64
TOKENS = [1, 17, 5, 42, 63, 8, 8, 30, 2, 55, 11, 0]
DTYPES = {'F32': torch.float32, 'F16': torch.float16, 'BF16': torch.bfloat16}


# ---- safetensors by hand ------------------------------------------------------

def tensor_bytes(t, dtype):
    t = t.to(DTYPES[dtype]).contiguous()
    if dtype == 'BF16':
        return t.view(torch.int16).numpy().tobytes()
    return t.numpy().tobytes()


def write_safetensors(path, tensors):
    """tensors: list of (name, tensor, dtype), written in that order."""
    header, blobs, at = {'__metadata__': {'format': 'pt'}}, [], 0
    for name, t, dtype in tensors:
        b = tensor_bytes(t, dtype)
        header[name] = {'dtype': dtype, 'shape': list(t.shape), 'data_offsets': [at, at + len(b)]}
        blobs.append(b)
        at += len(b)
    h = json.dumps(header, separators=(',', ':')).encode()
    h += b' ' * (-len(h) % 8)
    with open(path, 'wb') as f:
        f.write(struct.pack('<Q', len(h)) + h + b''.join(blobs))


def read_safetensors(path):
    with open(path, 'rb') as f:
        data = f.read()
    n = struct.unpack('<Q', data[:8])[0]
    header = json.loads(data[8:8 + n])
    out = {}
    for name, e in header.items():
        if name == '__metadata__':
            continue
        a, b = e['data_offsets']
        raw = bytearray(data[8 + n + a:8 + n + b])
        if e['dtype'] == 'BF16':
            t = torch.frombuffer(raw, dtype=torch.int16).view(torch.bfloat16)
        else:
            t = torch.frombuffer(raw, dtype=DTYPES[e['dtype']])
        out[name] = t.reshape(e['shape']).to(T64)
    return out


def stored(t, dtype):  # the value a file of this dtype holds, in float64
    return t.to(DTYPES[dtype]).to(T64)


# ---- the reference forwards (float64) ------------------------------------------

def causal_attention(q, k, v):  # q (T, H, D), k/v (T, Hkv, D) -> (T, H*D)
    T, H, D = q.shape
    rep = H // k.shape[1]
    k, v = k.repeat_interleave(rep, dim=1), v.repeat_interleave(rep, dim=1)
    scores = torch.einsum('ihd,jhd->hij', q, k) / math.sqrt(D)
    scores = scores.masked_fill(torch.triu(torch.ones(T, T, dtype=torch.bool), 1), float('-inf'))
    return torch.einsum('hij,jhd->ihd', torch.softmax(scores, -1), v).reshape(T, H * D)


def layer_norm(x, w, b, eps):
    mean = x.mean(-1, keepdim=True)
    var = ((x - mean) ** 2).mean(-1, keepdim=True)
    return (x - mean) / torch.sqrt(var + eps) * w + b


ACT = {
    'gelu_new': lambda x: 0.5 * x * (1 + torch.tanh(math.sqrt(2 / math.pi) * (x + 0.044715 * x ** 3))),
    'gelu': lambda x: 0.5 * x * (1 + torch.erf(x / math.sqrt(2))),
}


def gpt2_forward(cfg, w, tokens):
    p = 'transformer.' if 'transformer.wte.weight' in w else ''
    C, H, eps = cfg['n_embd'], cfg['n_head'], cfg['layer_norm_epsilon']
    T, D = len(tokens), C // H
    h = w[p + 'wte.weight'][tokens] + w[p + 'wpe.weight'][:T]
    for l in range(cfg['n_layer']):
        q = f'{p}h.{l}.'
        x = layer_norm(h, w[q + 'ln_1.weight'], w[q + 'ln_1.bias'], eps)
        qkv = x @ w[q + 'attn.c_attn.weight'] + w[q + 'attn.c_attn.bias']  # Conv1D: [in, out]
        qq, kk, vv = (t.reshape(T, H, D) for t in qkv.split(C, dim=-1))
        h = h + causal_attention(qq, kk, vv) @ w[q + 'attn.c_proj.weight'] + w[q + 'attn.c_proj.bias']
        x = layer_norm(h, w[q + 'ln_2.weight'], w[q + 'ln_2.bias'], eps)
        m = ACT[cfg['activation_function']](x @ w[q + 'mlp.c_fc.weight'] + w[q + 'mlp.c_fc.bias'])
        h = h + m @ w[q + 'mlp.c_proj.weight'] + w[q + 'mlp.c_proj.bias']
    h = layer_norm(h, w[p + 'ln_f.weight'], w[p + 'ln_f.bias'], eps)
    return h @ (w['lm_head.weight'] if not cfg['tie_word_embeddings'] else w[p + 'wte.weight']).T


def rotate_half(x):
    x1, x2 = x[..., :x.shape[-1] // 2], x[..., x.shape[-1] // 2:]
    return torch.cat((-x2, x1), dim=-1)


def rms_norm(x, w, eps):
    return x * torch.rsqrt((x * x).mean(-1, keepdim=True) + eps) * w


def llama_forward(cfg, w, tokens):
    C, H = cfg['hidden_size'], cfg['num_attention_heads']
    Hkv, eps = cfg.get('num_key_value_heads', H), cfg['rms_norm_eps']
    T, D = len(tokens), C // H
    inv_freq = 1.0 / (cfg.get('rope_theta', 10000.0) ** (torch.arange(0, D, 2, dtype=T64) / D))
    freqs = torch.arange(T, dtype=T64)[:, None] * inv_freq[None, :]
    emb = torch.cat((freqs, freqs), dim=-1)
    cos, sin = emb.cos()[:, None, :], emb.sin()[:, None, :]  # (T, 1, D)
    b = lambda name: w.get(name, 0)  # noqa: E731 (absent bias: zero)
    h = w['model.embed_tokens.weight'][tokens]
    for l in range(cfg['num_hidden_layers']):
        p = f'model.layers.{l}.'
        x = rms_norm(h, w[p + 'input_layernorm.weight'], eps)
        proj = lambda n: x @ w[f'{p}self_attn.{n}.weight'].T + b(f'{p}self_attn.{n}.bias')  # noqa: E731
        q, k, v = proj('q_proj').reshape(T, H, D), proj('k_proj').reshape(T, Hkv, D), proj('v_proj').reshape(T, Hkv, D)
        q, k = q * cos + rotate_half(q) * sin, k * cos + rotate_half(k) * sin
        h = h + causal_attention(q, k, v) @ w[p + 'self_attn.o_proj.weight'].T + b(p + 'self_attn.o_proj.bias')
        x = rms_norm(h, w[p + 'post_attention_layernorm.weight'], eps)
        mlp = lambda n, y: y @ w[f'{p}mlp.{n}.weight'].T + b(f'{p}mlp.{n}.bias')  # noqa: E731
        h = h + mlp('down_proj', torch.nn.functional.silu(mlp('gate_proj', x)) * mlp('up_proj', x))
    h = rms_norm(h, w['model.norm.weight'], eps)
    head = w['model.embed_tokens.weight'] if cfg.get('tie_word_embeddings', False) else w['lm_head.weight']
    return h @ head.T


# ---- the fixture folders --------------------------------------------------------

def gpt2_weights(g, C, F, L, V, T, tied, prefix):
    r = lambda *s, scale=1.0: torch.randn(*s, generator=g, dtype=T64) * scale  # noqa: E731
    p = 'transformer.' if prefix else ''
    w = [(p + 'wte.weight', r(V, C)), (p + 'wpe.weight', r(T, C, scale=0.3))]
    for l in range(L):
        q = f'{p}h.{l}.'
        w += [(q + 'ln_1.weight', 1 + r(C, scale=0.2)), (q + 'ln_1.bias', r(C, scale=0.1)),
              (q + 'attn.c_attn.weight', r(C, 3 * C, scale=C ** -0.5)), (q + 'attn.c_attn.bias', r(3 * C, scale=0.1)),
              (q + 'attn.c_proj.weight', r(C, C, scale=C ** -0.5)), (q + 'attn.c_proj.bias', r(C, scale=0.1)),
              (q + 'ln_2.weight', 1 + r(C, scale=0.2)), (q + 'ln_2.bias', r(C, scale=0.1)),
              (q + 'mlp.c_fc.weight', r(C, F, scale=C ** -0.5)), (q + 'mlp.c_fc.bias', r(F, scale=0.1)),
              (q + 'mlp.c_proj.weight', r(F, C, scale=F ** -0.5)), (q + 'mlp.c_proj.bias', r(C, scale=0.1))]
    w += [(p + 'ln_f.weight', 1 + r(C, scale=0.2)), (p + 'ln_f.bias', r(C, scale=0.1))]
    if not tied:
        w.append(('lm_head.weight', r(V, C, scale=C ** -0.5)))
    return w


def llama_weights(g, C, F, L, H, Hkv, V, tied, bias):
    r = lambda *s, scale=1.0: torch.randn(*s, generator=g, dtype=T64) * scale  # noqa: E731
    D = C // H
    w = [('model.embed_tokens.weight', r(V, C))]
    for l in range(L):
        p = f'model.layers.{l}.'
        lin = lambda n, o, i: [(p + n + '.weight', r(o, i, scale=i ** -0.5))] + (  # noqa: E731
            [(p + n + '.bias', r(o, scale=0.1))] if bias else [])
        w += [(p + 'input_layernorm.weight', 1 + r(C, scale=0.2))]
        w += lin('self_attn.q_proj', C, C) + lin('self_attn.k_proj', Hkv * D, C) + lin('self_attn.v_proj', Hkv * D, C)
        w += lin('self_attn.o_proj', C, C)
        w += [(p + 'post_attention_layernorm.weight', 1 + r(C, scale=0.2))]
        w += lin('mlp.gate_proj', F, C) + lin('mlp.up_proj', F, C) + lin('mlp.down_proj', C, F)
    w += [('model.norm.weight', 1 + r(C, scale=0.2))]
    if not tied:
        w.append(('lm_head.weight', r(V, C, scale=C ** -0.5)))
    return w


def write_folder(name, cfg, weights, dtype_of, shards=1, buffers=()):
    """weights: [(name, float64 tensor)]; dtype_of(name) -> 'F32' | 'F16' | 'BF16'; buffers: extra tensors."""
    d = os.path.join(OUT, name)
    os.makedirs(d, exist_ok=True)
    for f in os.listdir(d):
        os.remove(os.path.join(d, f))
    with open(os.path.join(d, 'config.json'), 'w') as f:
        json.dump(cfg, f, indent=2, sort_keys=True)
        f.write('\n')
    entries = [(n, t, dtype_of(n)) for n, t in weights] + list(buffers)
    if shards == 1:
        write_safetensors(os.path.join(d, 'model.safetensors'), entries)
    else:
        per = math.ceil(len(entries) / shards)
        weight_map, total = {}, 0
        for s in range(shards):
            file = f'model-{s + 1:05d}-of-{shards:05d}.safetensors'
            part = entries[s * per:(s + 1) * per]
            write_safetensors(os.path.join(d, file), part)
            for n, t, dt in part:
                weight_map[n] = file
                total += len(tensor_bytes(t, dt))
        with open(os.path.join(d, 'model.safetensors.index.json'), 'w') as f:
            json.dump({'metadata': {'total_size': total}, 'weight_map': weight_map}, f, indent=2, sort_keys=True)
            f.write('\n')
    return {n: stored(t, dtype_of(n)) for n, t in weights}


def folders():
    refs = {}
    gpt2 = dict(architectures=['GPT2LMHeadModel'], model_type='gpt2', vocab_size=64, n_positions=16, n_embd=16,
                n_layer=2, n_head=2, n_inner=None, activation_function='gelu_new', layer_norm_epsilon=1e-5,
                tie_word_embeddings=True, bos_token_id=50, eos_token_id=2)
    cases = [('gpt2_f32', {}, 'F32', 1, True), ('gpt2_f16', {'activation_function': 'gelu', 'tie_word_embeddings': False}, 'F16', 1, False),
             ('gpt2_bf16', {'n_inner': 48}, 'BF16', 2, True)]
    for i, (name, extra, dtype, shards, prefix) in enumerate(cases):
        cfg = {**gpt2, **extra}
        g = torch.Generator().manual_seed(100 + i)
        F = cfg['n_inner'] or 4 * cfg['n_embd']
        w = gpt2_weights(g, cfg['n_embd'], F, cfg['n_layer'], cfg['vocab_size'], cfg['n_positions'],
                         cfg['tie_word_embeddings'], prefix)
        buffers = []
        if name == 'gpt2_f32':  # what old GPT-2 files carry: the causal mask and its fill value
            for l in range(cfg['n_layer']):
                buffers.append((f'transformer.h.{l}.attn.bias', torch.tril(torch.ones(1, 1, 16, 16)), 'F32'))
                buffers.append((f'transformer.h.{l}.attn.masked_bias', torch.tensor(-1e4), 'F32'))
        values = write_folder(name, cfg, w, lambda n: dtype, shards, buffers)
        refs[name] = {'tokens': TOKENS, 'logits': rows(gpt2_forward(cfg, values, TOKENS))}
    llama = dict(architectures=['LlamaForCausalLM'], model_type='llama', vocab_size=64, hidden_size=32,
                 intermediate_size=48, num_hidden_layers=2, num_attention_heads=4, num_key_value_heads=2,
                 max_position_embeddings=16, rms_norm_eps=1e-6, rope_theta=10000.0, hidden_act='silu',
                 tie_word_embeddings=False, attention_bias=False, mlp_bias=False, rope_scaling=None,
                 bos_token_id=1, eos_token_id=2)
    cases = [('llama_f32', {}, 'F32', 1),
             ('llama_bf16', {'num_key_value_heads': 1, 'tie_word_embeddings': True, 'rope_theta': 500000.0,
                             'rms_norm_eps': 1e-5}, 'BF16', 2),
             ('llama_f16', {'num_key_value_heads': 4, 'attention_bias': True, 'mlp_bias': True, 'eos_token_id': [2, 3]}, 'F16', 1)]
    for i, (name, extra, dtype, shards) in enumerate(cases):
        cfg = {**llama, **extra}
        g = torch.Generator().manual_seed(200 + i)
        w = llama_weights(g, cfg['hidden_size'], cfg['intermediate_size'], cfg['num_hidden_layers'],
                          cfg['num_attention_heads'], cfg['num_key_value_heads'], cfg['vocab_size'],
                          cfg['tie_word_embeddings'], cfg['attention_bias'])
        mixed = name == 'llama_f16'  # norms kept in F32, as some exports do
        dtype_of = (lambda n: 'F32' if mixed and 'norm' in n else dtype)
        buffers = []
        if mixed:
            inv = 1.0 / (10000.0 ** (torch.arange(0, 8, 2, dtype=T64) / 8))
            buffers = [(f'model.layers.{l}.self_attn.rotary_emb.inv_freq', inv, 'F32') for l in range(2)]
        values = write_folder(name, cfg, w, dtype_of, shards, buffers)
        refs[name] = {'tokens': TOKENS, 'logits': rows(llama_forward(cfg, values, TOKENS))}
    return refs


def rows(logits):
    return [[float(f'{v:.10g}') for v in row] for row in logits.tolist()]


def exports():
    """Exports of Model.create models (scripts/hf_export_samples.js), read here."""
    refs = {}
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(['node', os.path.join(ROOT, 'scripts', 'hf_export_samples.js'), tmp], check=True, cwd=ROOT)
        for name in sorted(os.listdir(tmp)):
            d = os.path.join(tmp, name)
            files = sorted(os.listdir(d))
            sha = {f: hashlib.sha256(open(os.path.join(d, f), 'rb').read()).hexdigest() for f in files}
            cfg = json.load(open(os.path.join(d, 'config.json')))
            w = read_safetensors(os.path.join(d, 'model.safetensors'))
            forward = gpt2_forward if cfg['architectures'] == ['GPT2LMHeadModel'] else llama_forward
            refs[name] = {'sha256': sha, 'config': cfg, 'tokens': TOKENS, 'logits': rows(forward(cfg, w, TOKENS))}
    return refs


def main():
    os.makedirs(OUT, exist_ok=True)
    refs = {'folders': folders(), 'exports': exports()}
    with open(os.path.join(OUT, 'references.json'), 'w') as f:
        json.dump(refs, f, separators=(',', ':'))
        f.write('\n')
    print('wrote', OUT)


if __name__ == '__main__':
    main()
