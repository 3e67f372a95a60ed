"""A GPT-2-124M-shaped model with random weights, written for the GPT-2
benchmark (scripts/bench/gpt2/): a Hugging Face folder (config.json +
model.safetensors, written by hand), two ONNX graphs made by torch.onnx
(prefill: the prompt -> the last logits and every layer's keys and values;
decode: one token + the past keys and values -> logits and the longer past),
our AGPT file (until attnscope reads the Hugging Face folder) and PyTorch's
own float64 outputs to cross-check all of them.

    /usr/bin/python3 scripts/bench/gpt2/make_gpt2.py [out_dir]   (default build/bench-models/gpt2-124m)

About 1.6 GB on disk; never committed (build/ is ignored). Deterministic
(seed 124). Needs only Debian's torch and numpy: torch.onnx.export writes
the protobuf itself, the `onnx` package is not needed.
"""
import json
import math
import os
import struct
import sys
import time

import numpy as np
import torch
import torch.nn as nn

CONFIG = dict(vocab_size=50257, n_positions=1024, n_embd=768, n_layer=12, n_head=12)
PROMPT_LEN = 128      # the benchmark's prefill
CHECK_NEW = 8         # greedy tokens PyTorch writes for the cross-check


class Block(nn.Module):
    def __init__(self, C, H):
        super().__init__()
        self.H = H
        self.ln_1 = nn.LayerNorm(C, eps=1e-5)
        self.ln_2 = nn.LayerNorm(C, eps=1e-5)
        # Hugging Face's Conv1D: weight [in, out], y = x @ W + b
        self.c_attn_w = nn.Parameter(torch.empty(C, 3 * C))
        self.c_attn_b = nn.Parameter(torch.empty(3 * C))
        self.c_proj_w = nn.Parameter(torch.empty(C, C))
        self.c_proj_b = nn.Parameter(torch.empty(C))
        self.fc_w = nn.Parameter(torch.empty(C, 4 * C))
        self.fc_b = nn.Parameter(torch.empty(4 * C))
        self.fc_proj_w = nn.Parameter(torch.empty(4 * C, C))
        self.fc_proj_b = nn.Parameter(torch.empty(C))

    def forward(self, x, past_k, past_v, causal):
        B, T, C = x.shape
        H, D = self.H, C // self.H
        qkv = self.ln_1(x) @ self.c_attn_w + self.c_attn_b
        q, k, v = qkv.split(C, dim=2)
        heads = lambda t: t.view(B, -1, H, D).transpose(1, 2)  # [B, H, T, D]
        q, k, v = heads(q), heads(k), heads(v)
        if past_k is not None:
            k = torch.cat([past_k, k], dim=2)
            v = torch.cat([past_v, v], dim=2)
        att = (q @ k.transpose(2, 3)) / math.sqrt(D)
        if causal is not None:
            att = att.masked_fill(causal, float('-inf'))
        y = torch.softmax(att, dim=-1) @ v
        y = y.transpose(1, 2).reshape(B, T, C)
        x = x + y @ self.c_proj_w + self.c_proj_b
        h = self.ln_2(x) @ self.fc_w + self.fc_b
        h = 0.5 * h * (1 + torch.tanh(math.sqrt(2 / math.pi) * (h + 0.044715 * h ** 3)))  # gelu_new
        return x + h @ self.fc_proj_w + self.fc_proj_b, k, v


class GPT2(nn.Module):
    def __init__(self, c):
        super().__init__()
        C = c['n_embd']
        self.wte = nn.Parameter(torch.empty(c['vocab_size'], C))
        self.wpe = nn.Parameter(torch.empty(c['n_positions'], C))
        self.h = nn.ModuleList([Block(C, c['n_head']) for _ in range(c['n_layer'])])
        self.ln_f = nn.LayerNorm(C, eps=1e-5)
        # GPT-2's h.N.attn.bias: True above the diagonal = may not attend
        self.register_buffer('above', torch.ones(c['n_positions'], c['n_positions'], dtype=torch.bool).triu(1))

    def run(self, ids, past):
        T = ids.shape[1]
        start = 0 if past is None else past[0].shape[2]
        pos = (torch.arange(T) + start).unsqueeze(0)
        x = self.wte[ids] + self.wpe[pos]
        causal = self.above[:T, :T] if past is None else None  # decoding one token sees every key
        presents = []
        for i, block in enumerate(self.h):
            pk, pv = (None, None) if past is None else (past[2 * i], past[2 * i + 1])
            x, k, v = block(x, pk, pv, causal)
            presents += [k, v]
        last = self.ln_f(x[:, -1, :])
        return (last @ self.wte.t(), *presents)  # logits [B, V] of the last position only


class Prefill(nn.Module):
    def __init__(self, m):
        super().__init__()
        self.m = m

    def forward(self, input_ids):
        return self.m.run(input_ids, None)


class Decode(nn.Module):
    def __init__(self, m):
        super().__init__()
        self.m = m

    def forward(self, input_ids, *past):
        return self.m.run(input_ids, list(past))


def init(m, seed):
    g = torch.Generator().manual_seed(seed)
    L = len(m.h)
    with torch.no_grad():
        for name, p in m.named_parameters():
            if name.endswith('ln_1.weight') or name.endswith('ln_2.weight') or name == 'ln_f.weight':
                p.copy_(1 + 0.1 * torch.randn(p.shape, generator=g))
            elif p.dim() == 1:
                p.copy_(0.02 * torch.randn(p.shape, generator=g))
            else:
                std = 0.02 / math.sqrt(2 * L) if 'proj_w' in name else 0.02
                p.copy_(std * torch.randn(p.shape, generator=g))


def hf_tensors(m):
    """Hugging Face GPT2LMHeadModel names (tied head: no lm_head.weight)."""
    out = {'transformer.wte.weight': m.wte, 'transformer.wpe.weight': m.wpe}
    for i, b in enumerate(m.h):
        p = f'transformer.h.{i}.'
        out.update({
            p + 'ln_1.weight': b.ln_1.weight, p + 'ln_1.bias': b.ln_1.bias,
            p + 'attn.c_attn.weight': b.c_attn_w, p + 'attn.c_attn.bias': b.c_attn_b,
            p + 'attn.c_proj.weight': b.c_proj_w, p + 'attn.c_proj.bias': b.c_proj_b,
            p + 'ln_2.weight': b.ln_2.weight, p + 'ln_2.bias': b.ln_2.bias,
            p + 'mlp.c_fc.weight': b.fc_w, p + 'mlp.c_fc.bias': b.fc_b,
            p + 'mlp.c_proj.weight': b.fc_proj_w, p + 'mlp.c_proj.bias': b.fc_proj_b,
        })
    out.update({'transformer.ln_f.weight': m.ln_f.weight, 'transformer.ln_f.bias': m.ln_f.bias})
    return {k: v.detach().numpy().astype('<f4') for k, v in out.items()}


def write_safetensors(path, tensors):
    """8-byte little-endian header length, the JSON header (padded with spaces to 8), raw tensors."""
    header, offset = {'__metadata__': {'format': 'pt'}}, 0
    for name, a in tensors.items():
        header[name] = {'dtype': 'F32', 'shape': list(a.shape), 'data_offsets': [offset, offset + a.nbytes]}
        offset += a.nbytes
    text = json.dumps(header, separators=(',', ':')).encode()
    text += b' ' * (-len(text) % 8)
    with open(path, 'wb') as f:
        f.write(struct.pack('<Q', len(text)))
        f.write(text)
        for a in tensors.values():
            f.write(np.ascontiguousarray(a).tobytes())


def write_agpt(path, m, c):
    """AGPT version 1 (docs/FORMATS.md): llm.c's order, matrices [out, in]."""
    L, C = c['n_layer'], c['n_embd']
    head = struct.pack('<4s7i', b'AGPT', 1, C, 4 * C, L, c['n_head'], c['vocab_size'], c['n_positions'])
    stack = lambda f: np.stack([f(b).detach().numpy() for b in m.h])
    parts = [m.wte, m.wpe, stack(lambda b: b.ln_1.weight), stack(lambda b: b.ln_1.bias),
             stack(lambda b: b.c_attn_w.t()), stack(lambda b: b.c_attn_b),
             stack(lambda b: b.c_proj_w.t()), stack(lambda b: b.c_proj_b),
             stack(lambda b: b.ln_2.weight), stack(lambda b: b.ln_2.bias),
             stack(lambda b: b.fc_w.t()), stack(lambda b: b.fc_b),
             stack(lambda b: b.fc_proj_w.t()), stack(lambda b: b.fc_proj_b), m.ln_f.weight, m.ln_f.bias]
    with open(path, 'wb') as f:
        f.write(head + bytes(256 - len(head)))
        for p in parts:
            a = p.detach().numpy() if torch.is_tensor(p) else p
            f.write(np.ascontiguousarray(a, dtype='<f4').tobytes())


def export_onnx(m, out):
    L = CONFIG['n_layer']
    names = [f'present.{i}.{kv}' for i in range(L) for kv in ('key', 'value')]
    ids = torch.randint(0, CONFIG['vocab_size'], (1, 5))
    axes = {'input_ids': {1: 'T'}, **{n: {2: 'T'} for n in names}}
    torch.onnx.export(Prefill(m), (ids,), f'{out}/prefill.onnx', input_names=['input_ids'],
                      output_names=['logits', *names], dynamic_axes=axes, opset_version=17, do_constant_folding=True)
    past = m.run(ids, None)[1:]
    past_names = [n.replace('present', 'past') for n in names]
    axes = {**{n: {2: 'P'} for n in past_names}, **{n: {2: 'P+1'} for n in names}}
    torch.onnx.export(Decode(m), (ids[:, :1], *past), f'{out}/decode.onnx', input_names=['input_ids', *past_names],
                      output_names=['logits', *names], dynamic_axes=axes, opset_version=17, do_constant_folding=True)


def reference(m, out):
    """float64 PyTorch: the prompt's last logits, greedy tokens, and each of their logits rows."""
    g = torch.Generator().manual_seed(7)
    prompt = torch.randint(0, CONFIG['vocab_size'], (1, PROMPT_LEN), generator=g)
    m64 = GPT2(CONFIG).double()
    m64.load_state_dict({k: v.double() if v.is_floating_point() else v for k, v in m.state_dict().items()})
    with torch.no_grad():
        logits, *past = m64.run(prompt, None)
        rows, new = [logits[0]], []
        for _ in range(CHECK_NEW):
            nxt = int(rows[-1].argmax())
            new.append(nxt)
            logits, *past = m64.run(torch.tensor([[nxt]]), past)
            rows.append(logits[0])
    top2 = [float(r.topk(2).values[0] - r.topk(2).values[1]) for r in rows]
    np.save(f'{out}/reference_logits.npy', torch.stack(rows).float().numpy())
    with open(f'{out}/reference.json', 'w') as f:
        json.dump({'prompt': prompt[0].tolist(), 'greedy': new, 'min_top2_margin': min(top2),
                   'logits_file': 'reference_logits.npy (float32 of the float64 rows: after the prompt, then after each greedy token)'}, f)


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else 'build/bench-models/gpt2-124m'
    os.makedirs(out, exist_ok=True)
    torch.manual_seed(0)
    t0 = time.time()
    m = GPT2(CONFIG)
    init(m, 124)
    m.eval()
    n = sum(p.numel() for p in m.parameters())
    with torch.no_grad():
        tensors = hf_tensors(m)
        write_safetensors(f'{out}/model.safetensors', tensors)
        cfg = {'architectures': ['GPT2LMHeadModel'], 'model_type': 'gpt2', 'activation_function': 'gelu_new',
               'layer_norm_epsilon': 1e-5, 'n_ctx': CONFIG['n_positions'], 'n_inner': None,
               'tie_word_embeddings': True, 'torch_dtype': 'float32', 'bos_token_id': 50256, 'eos_token_id': 50256, **CONFIG}
        with open(f'{out}/config.json', 'w') as f:
            json.dump(cfg, f, indent=2)
        write_agpt(f'{out}/model.agpt', m, CONFIG)
        export_onnx(m, out)
    reference(m, out)
    with open(f'{out}/made.json', 'w') as f:
        json.dump({'parameters': n, 'seed': 124, 'torch': torch.__version__, 'seconds': round(time.time() - t0, 1)}, f)
    print(f'{out}: {n} parameters, {time.time() - t0:.0f} s')


if __name__ == '__main__':
    main()
