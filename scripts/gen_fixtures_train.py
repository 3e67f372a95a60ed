#!/usr/bin/env python3
"""PyTorch autograd reference for training (issue 10): loss, every gradient and
10 AdamW steps of whole models of both families, every architecture option.

Run (needs Debian's python3-torch, hence /usr/bin/python3):

    /usr/bin/python3 scripts/gen_fixtures_train.py     # or: npm run fixtures

It writes tests/fixtures/train_llama.json, train_gpt2.json (gradient cases)
and train_adamw.json (optimiser runs). Seeds are fixed: two runs write the
same bytes.

The two families, written here from the papers' and the reference repos'
descriptions (never from attnscope's code):
- llama (llama2.c's model.py): h = tok_embeddings[idx]; per layer
  h = h + wo(attn(attention_norm(h))); h = h + w2(silu(w1 x) * w3 x) with
  x = ffn_norm(h); logits = output(norm(h)) (output = tok_embeddings when
  shared). RMSNorm w * x / sqrt(mean(x^2) + 1e-5); RoPE on interleaved pairs
  (2i, 2i+1) turned by t * 10000^(-2i/D); query head h reads KV head
  h // (H/Hkv) (repeat_kv).
- gpt2 (nanoGPT's model.py): x = wte[idx] + wpe[t]; per layer
  x = x + attn.c_proj(attn(ln_1(x))) with c_attn's rows q, k, v;
  x = x + mlp.c_proj(gelu(mlp.c_fc(ln_2(x)))); logits = lm_head(ln_f(x));
  LayerNorm with bias, eps 1e-5; exact GELU; linear biases.
Options (docs/TRAINING.md, "The API"; names: docs/TRAINING.md#parameter-names): positions rope | learned (`pos_embeddings.weight`
for llama, `transformer.wpe.weight` for gpt2, [T, C], added to the
embedding) | sinusoidal (PE[t, 2i] = sin(t 10000^(-2i/C)), PE[t, 2i+1] =
cos(same), added) | alibi (-m_h (i - j) added to the causal scores after the
1/sqrt(D) scaling, m = the ALiBi paper's slopes) | none; norm rmsnorm |
layernorm (weight and bias); prenorm false = post-LN: h = norm1(h + attn(h)),
h = norm2(h + ffn(h)), the final norm kept; activation swiglu (gpt2:
mlp.c_gate as w3) | gelu | gelu_tanh | relu (one matrix in, one out);
shared or separate classifier; GQA/MQA.

Loss: F.cross_entropy(logits, targets, ignore_index=-1) (mean over targets
that are not -1), as llama2.c's train.py. Gradients: loss.backward().

Numbers: the weights are float32 values (random, not the init, so every
part matters: matrices N(0, 1/in), embeddings N(0, 1), norm weights
1 + N(0, 0.2^2), biases N(0, 0.1^2)); loss, logits and gradients are
computed in float64 from them (exact up to float64 rounding). Tensors are
stored as base64 of little-endian float32 (the gradients rounded to float32
once: a relative error <= 6e-8, far below the tests' tolerances); scalars
and logits as JSON numbers.

train_adamw.json: 10 steps of torch.optim.AdamW (float64 parameters, two
groups as llama2.c's configure_optimizers: weight decay on tensors with >= 2
dims only), torch.nn.utils.clip_grad_norm_ before each step, the learning
rate of llama2.c's get_lr(it) set on each group before step it (it from 0).
Each step's batch, loss, total gradient norm (before clipping) and learning
rate, and the weights after step 10.
"""
import base64
import json
import math
import os

import numpy as np
import torch
import torch.nn.functional as F

OUT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'tests', 'fixtures'))
F64 = torch.float64


# ---- the models (functional, over a dict of named float64 tensors) ----------

def alibi_slopes(n):
    # The ALiBi paper's get_slopes (Press et al.), non powers of two included.
    def power_of_2(n):
        start = 2 ** (-2 ** -(math.log2(n) - 3))
        return [start * start ** i for i in range(n)]
    if math.log2(n).is_integer():
        return power_of_2(n)
    p = 2 ** math.floor(math.log2(n))
    return power_of_2(p) + alibi_slopes(2 * p)[0::2][:n - p]


def sinusoidal(T, C):
    t = torch.arange(T, dtype=F64)[:, None]
    c = torch.arange(C)
    angle = t * torch.pow(torch.tensor(10000.0, dtype=F64), -(c - c % 2).to(F64) / C)[None, :]
    return torch.where(c % 2 == 0, torch.sin(angle), torch.cos(angle))


def apply_rope(x):  # x (B, T, heads, D): llama2.c's apply_rotary_emb (complex pairs)
    B, T, nh, D = x.shape
    freqs = 1.0 / (10000.0 ** (torch.arange(0, D, 2, dtype=F64) / D))
    angles = torch.outer(torch.arange(T, dtype=F64), freqs)  # (T, D/2)
    cos, sin = torch.cos(angles)[None, :, None, :], torch.sin(angles)[None, :, None, :]
    xr, xi = x[..., 0::2], x[..., 1::2]
    return torch.stack([xr * cos - xi * sin, xr * sin + xi * cos], dim=-1).reshape(B, T, nh, D)


def names(c, l):
    """The state_dict names of layer l's parts (None where absent)."""
    if c['arch'] == 'llama':
        p = f'layers.{l}.'
        return dict(norm1=p + 'attention_norm', norm2=p + 'ffn_norm', wq=p + 'attention.wq',
                    wk=p + 'attention.wk', wv=p + 'attention.wv', wqkv=None, wo=p + 'attention.wo',
                    w1=p + 'feed_forward.w1', w3=p + 'feed_forward.w3', w2=p + 'feed_forward.w2')
    p = f'transformer.h.{l}.'
    return dict(norm1=p + 'ln_1', norm2=p + 'ln_2', wq=None, wk=None, wv=None, wqkv=p + 'attn.c_attn',
                wo=p + 'attn.c_proj', w1=p + 'mlp.c_fc', w3=p + 'mlp.c_gate', w2=p + 'mlp.c_proj')


def top_names(c):
    if c['arch'] == 'llama':
        return dict(emb='tok_embeddings.weight', pos='pos_embeddings.weight', normf='norm',
                    cls='output.weight')
    return dict(emb='transformer.wte.weight', pos='transformer.wpe.weight', normf='transformer.ln_f',
                cls='lm_head.weight')


def shapes(c):
    """Every parameter's name and shape (nn.Linear: [out, in])."""
    C, Fh, V, T = c['dim'], c['hiddenDim'], c['vocabSize'], c['seqLen']
    D = C // c['nHeads']
    HD, KV = c['nHeads'] * D, c['nKvHeads'] * D
    ln, bias, gate = c['norm'] == 'layernorm', c['bias'], c['activation'] == 'swiglu'
    top = top_names(c)
    out = {top['emb']: [V, C]}
    if c['positions'] == 'learned':
        out[top['pos']] = [T, C]

    def linear(n, o, i):
        out[n + '.weight'] = [o, i]
        if bias:
            out[n + '.bias'] = [o]

    def norm(n):
        out[n + '.weight'] = [C]
        if ln:
            out[n + '.bias'] = [C]
    for l in range(c['nLayers']):
        n = names(c, l)
        norm(n['norm1'])
        if n['wqkv']:
            linear(n['wqkv'], HD + 2 * KV, C)
        else:
            linear(n['wq'], HD, C), linear(n['wk'], KV, C), linear(n['wv'], KV, C)
        linear(n['wo'], C, HD)
        norm(n['norm2'])
        linear(n['w1'], Fh, C)
        if gate:
            linear(n['w3'], Fh, C)
        linear(n['w2'], C, Fh)
    norm(top['normf'])
    if not c['sharedClassifier']:
        out[top['cls']] = [V, C]
    return out


def linear(P, n, x):
    return F.linear(x, P[n + '.weight'], P.get(n + '.bias'))


def norm(P, c, n, x):
    if c['norm'] == 'layernorm':
        return F.layer_norm(x, (x.shape[-1],), P[n + '.weight'], P[n + '.bias'], 1e-5)
    return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-5) * P[n + '.weight']


def attention(P, c, n, x):
    B, T, C = x.shape
    H, Hkv = c['nHeads'], c['nKvHeads']
    D = C // H
    if n['wqkv']:
        q, k, v = linear(P, n['wqkv'], x).split([H * D, Hkv * D, Hkv * D], dim=-1)
    else:
        q, k, v = linear(P, n['wq'], x), linear(P, n['wk'], x), linear(P, n['wv'], x)
    q, k, v = q.view(B, T, H, D), k.view(B, T, Hkv, D), v.view(B, T, Hkv, D)
    if c['positions'] == 'rope':
        q, k = apply_rope(q), apply_rope(k)
    k = torch.repeat_interleave(k, H // Hkv, dim=2)  # llama2.c's repeat_kv
    v = torch.repeat_interleave(v, H // Hkv, dim=2)
    q, k, v = q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2)  # (B, H, T, D)
    scores = q @ k.transpose(2, 3) / math.sqrt(D)
    i = torch.arange(T)[:, None]
    j = torch.arange(T)[None, :]
    if c['positions'] == 'alibi':
        m = torch.tensor(alibi_slopes(H), dtype=F64)[:, None, None]
        scores = scores - m * (i - j).to(F64)
    scores = scores.masked_fill(j > i, float('-inf'))
    out = F.softmax(scores, dim=-1) @ v
    return linear(P, n['wo'], out.transpose(1, 2).reshape(B, T, H * D))


def feed_forward(P, c, n, x):
    a = c['activation']
    if a == 'swiglu':
        h = F.silu(linear(P, n['w1'], x)) * linear(P, n['w3'], x)
    elif a == 'gelu':
        h = F.gelu(linear(P, n['w1'], x))
    elif a == 'gelu_tanh':
        h = F.gelu(linear(P, n['w1'], x), approximate='tanh')
    else:
        h = F.relu(linear(P, n['w1'], x))
    return linear(P, n['w2'], h)


def forward(P, c, idx):
    """logits (B, T, V) of token ids idx (B, T)."""
    top = top_names(c)
    T = idx.shape[1]
    h = F.embedding(idx, P[top['emb']])
    if c['positions'] == 'learned':
        h = h + P[top['pos']][:T]
    elif c['positions'] == 'sinusoidal':
        h = h + sinusoidal(T, c['dim'])
    for l in range(c['nLayers']):
        n = names(c, l)
        if c['prenorm']:
            h = h + attention(P, c, n, norm(P, c, n['norm1'], h))
            h = h + feed_forward(P, c, n, norm(P, c, n['norm2'], h))
        else:
            h = norm(P, c, n['norm1'], h + attention(P, c, n, h))
            h = norm(P, c, n['norm2'], h + feed_forward(P, c, n, h))
    h = norm(P, c, top['normf'], h)
    return F.linear(h, P[top['emb'] if c['sharedClassifier'] else top['cls']])


def loss_of(P, c, inputs, targets):
    logits = forward(P, c, inputs)
    return F.cross_entropy(logits.reshape(-1, logits.shape[-1]), targets.reshape(-1), ignore_index=-1), logits


# ---- cases ----------------------------------------------------------------

def family(arch, **over):
    c = dict(arch=arch, dim=16, hiddenDim=24 if arch == 'llama' else 32, nLayers=2, nHeads=4, nKvHeads=2,
             vocabSize=11, seqLen=8, sharedClassifier=True)
    if arch == 'llama':
        c.update(positions='rope', norm='rmsnorm', prenorm=True, activation='swiglu', bias=False)
    else:
        c.update(positions='learned', norm='layernorm', prenorm=True, activation='gelu', bias=True)
    c.update(over)
    return c


LLAMA = [
    ('default: rope, rmsnorm, swiglu, shared classifier, GQA 4/2', family('llama')),
    ('learned positions, separate classifier, MHA', family('llama', positions='learned', sharedClassifier=False,
                                                           nKvHeads=4)),
    ('sinusoidal, layernorm, post-LN', family('llama', positions='sinusoidal', norm='layernorm', prenorm=False)),
    ('alibi, gelu, MQA', family('llama', positions='alibi', activation='gelu', nKvHeads=1)),
    ('no positions, relu, 3 layers, linear biases', family('llama', positions='none', activation='relu',
                                                           nLayers=3, bias=True)),
]
GPT2 = [
    ('default: learned, layernorm, gelu, biases, shared classifier, GQA 4/2', family('gpt2')),
    ('rope, swiglu (c_gate), separate classifier, MHA', family('gpt2', positions='rope', activation='swiglu',
                                                               sharedClassifier=False, nKvHeads=4)),
    ('alibi, rmsnorm, post-LN, gelu_tanh', family('gpt2', positions='alibi', norm='rmsnorm', prenorm=False,
                                                  activation='gelu_tanh')),
    ('sinusoidal, relu, MQA, no biases', family('gpt2', positions='sinusoidal', activation='relu', nKvHeads=1,
                                                bias=False)),
    ('no positions, dim 24, 6 heads (3 KV) of size 4, post-LN', family('gpt2', positions='none', dim=24,
                                                                     nHeads=6, nKvHeads=3, prenorm=False)),
]


def random_weights(c, g):
    P = {}
    for n, shape in shapes(c).items():
        if n.endswith('.bias'):
            t = torch.randn(*shape, generator=g) * 0.1
        elif len(shape) == 1:
            t = 1 + torch.randn(*shape, generator=g) * 0.2
        elif 'wte' in n or 'wpe' in n or 'embeddings' in n:
            t = torch.randn(*shape, generator=g)
        else:
            t = torch.randn(*shape, generator=g) * shape[1] ** -0.5
        P[n] = t.to(torch.float32)
    return P


def batch(c, g, B=2, T=6, ignore=2):
    inputs = torch.randint(0, c['vocabSize'], (B, T), generator=g)
    targets = torch.randint(0, c['vocabSize'], (B, T), generator=g)
    flat = targets.view(-1)
    flat[torch.randperm(B * T, generator=g)[:ignore]] = -1
    return inputs, targets


def b64(t):
    return base64.b64encode(t.detach().to(torch.float32).contiguous().numpy().astype('<f4').tobytes()).decode()


def tensors(P):
    return {n: {'shape': list(t.shape), 'f32': b64(t)} for n, t in P.items()}


def gradient_case(name, c, seed):
    g = torch.Generator().manual_seed(seed)
    P32 = random_weights(c, g)
    inputs, targets = batch(c, g)
    P = {n: t.to(F64).requires_grad_(True) for n, t in P32.items()}
    loss, logits = loss_of(P, c, inputs, targets)
    loss.backward()
    return {'name': name, 'config': c, 'seed': seed, 'inputs': inputs.tolist(), 'targets': targets.tolist(),
            'loss': loss.item(), 'logits0': [[float(f'{v:.12g}') for v in row] for row in logits[0].tolist()],
            'parameters': tensors(P32), 'gradients': tensors({n: p.grad for n, p in P.items()})}


def get_lr(o, it):  # llama2.c's train.py get_lr, with decaySteps = lr_decay_iters
    if it < o['warmupSteps']:
        return o['learningRate'] * it / o['warmupSteps']
    if o.get('decaySteps') is None:
        return o['learningRate']
    if it > o['decaySteps']:
        return o['minLearningRate']
    ratio = (it - o['warmupSteps']) / (o['decaySteps'] - o['warmupSteps'])
    coeff = 0.5 * (1.0 + math.cos(math.pi * ratio))
    return o['minLearningRate'] + coeff * (o['learningRate'] - o['minLearningRate'])


def adamw_case(name, c, o, seed, steps=10):
    g = torch.Generator().manual_seed(seed)
    P32 = random_weights(c, g)
    P = {n: t.to(F64).requires_grad_(True) for n, t in P32.items()}
    decay = [p for p in P.values() if p.dim() >= 2]
    no_decay = [p for p in P.values() if p.dim() < 2]
    opt = torch.optim.AdamW([{'params': decay, 'weight_decay': o['weightDecay']},
                             {'params': no_decay, 'weight_decay': 0.0}],
                            lr=o['learningRate'], betas=tuple(o['betas']), eps=o['eps'])
    log = []
    for it in range(steps):
        inputs, targets = batch(c, g)
        lr = get_lr(o, it)
        for group in opt.param_groups:
            group['lr'] = lr
        opt.zero_grad(set_to_none=True)
        loss, _ = loss_of(P, c, inputs, targets)
        loss.backward()
        norm = torch.nn.utils.clip_grad_norm_(list(P.values()), o['clipGradNorm'])
        opt.step()
        log.append({'inputs': inputs.tolist(), 'targets': targets.tolist(), 'loss': loss.item(),
                    'gradNorm': norm.item(), 'learningRate': lr})
    return {'name': name, 'config': c, 'options': o, 'seed': seed, 'parameters': tensors(P32), 'steps': log,
            'after': tensors({n: p.detach() for n, p in P.items()})}


def write(name, note, cases):
    path = os.path.join(OUT, f'{name}.json')
    with open(path, 'w') as f:
        json.dump({'generator': 'scripts/gen_fixtures_train.py', 'torch': torch.__version__, 'note': note,
                   'cases': cases}, f, separators=(',', ':'))
        f.write('\n')
    print(f'{path}: {len(cases)} cases, {os.path.getsize(path)} bytes')


def main():
    torch.use_deterministic_algorithms(True)
    note = ('float32 weights, float64 autograd; tensors base64 little-endian float32; '
            'loss = cross_entropy(ignore_index=-1) mean; logits0 = logits of batch row 0 [T, V]')
    write('train_llama', note, [gradient_case(n, c, 100 + i) for i, (n, c) in enumerate(LLAMA)])
    write('train_gpt2', note, [gradient_case(n, c, 200 + i) for i, (n, c) in enumerate(GPT2)])
    opts = dict(learningRate=1e-2, betas=[0.9, 0.95], eps=1e-8, weightDecay=0.1, clipGradNorm=2.5,
                warmupSteps=2, decaySteps=8, minLearningRate=1e-3)
    write('train_adamw', note + '; AdamW in float64, after = weights after the last step', [
        adamw_case('llama, GQA, separate classifier', family('llama', sharedClassifier=False), opts, 300),
        adamw_case('gpt2 default', family('gpt2'), dict(opts, clipGradNorm=9.0, betas=[0.9, 0.999],
                                                        weightDecay=0.01), 301),
    ])


if __name__ == '__main__':
    main()
