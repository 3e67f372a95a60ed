#!/usr/bin/env python3
"""PyTorch autograd reference for the training objectives and options beyond
gen_fixtures_train.py: the masked (bidirectional) objective, dropout with its
masks fed in, the embedding scale and attention-only models.

Run (needs Debian's python3-torch, hence /usr/bin/python3):

    /usr/bin/python3 scripts/gen_fixtures_train_objectives.py

It writes tests/fixtures/train_objectives.json. Seeds are fixed: two runs
write the same bytes. The models are gen_fixtures_train.py's (imported), with:
- causal False: no mask on the scores (an encoder, BERT's); ALiBi subtracts
  m_h |i - j| (the causal form's m_h (i - j) is the same below the diagonal);
- the masked objective: targets -1 except at the positions chosen for
  masking, whose inputs were replaced (mask token / random / kept); the loss
  is F.cross_entropy(ignore_index=-1) as before;
- embeddingScale s: x = s * embedding[idx] + positions;
- hiddenDim 0: no feed-forward sublayer and no FFN norm;
- dropout p: nanoGPT's three places (the embedding sum, the softmax weights,
  each branch's output before its residual add), x * mask / (1 - p) with the
  mask FED IN: drawn here with the counter-based hash the core documents
  (cpp/src/train/random.h), written again in numpy from that description:
    mix(x) = SplitMix64's step (x + 0x9e3779b97f4a7c15, then its finaliser)
    stream = mix(mix(seed) ^ step); key = mix(stream ^ site)
    element i kept iff (mix(key ^ i) >> 40) >= floor(p 2^24)
  with site 0 the embedding sum and 1 + 3l, 2 + 3l, 3 + 3l layer l's
  attention weights (B, H, T, T), attention output and FFN output (B, T, C),
  i the element's row-major index in the whole batch's tensor. The test
  replays Model.lossAndGradients(inputs, targets, { dropoutStep: step }) on a
  model made with { seed } and these weights.
Loss, logits and gradients are float64 autograd from float32 weights, as in
gen_fixtures_train.py (tensors base64 little-endian float32).
"""
import math
import os
import sys

import numpy as np
import torch
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_fixtures_train as base  # noqa: E402  (the models and helpers)

F64 = torch.float64
M64 = (1 << 64) - 1


# ---- the dropout masks (the core's hash, from its description) -------------

def mix(x):
    """SplitMix64's step on numpy uint64 (arrays or scalars)."""
    with np.errstate(over='ignore'):
        z = np.uint64(x) + np.uint64(0x9e3779b97f4a7c15)
        z = (z ^ (z >> np.uint64(30))) * np.uint64(0xbf58476d1ce4e5b9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94d049bb133111eb)
        return z ^ (z >> np.uint64(31))


def mask(seed, step, site, shape, p):
    """The keep mask times 1/(1 - p) of a tensor of `shape` (the whole batch's), as float64."""
    stream = mix(mix(np.uint64(seed)) ^ np.uint64(step))
    key = mix(stream ^ np.uint64(site))
    n = int(np.prod(shape))
    h = mix(key ^ np.arange(n, dtype=np.uint64)) >> np.uint64(40)
    threshold = np.uint64(int(float(np.float32(p)) * 16777216.0))
    scale = float(np.float32(1) / (np.float32(1) - np.float32(p)))
    return torch.tensor(np.where(h >= threshold, scale, 0.0).reshape(shape), dtype=F64)


# ---- the model with the new options ------------------------------------------

def shapes(c):
    """gen_fixtures_train's names and shapes, without the FFN when hiddenDim is 0."""
    out = base.shapes(dict(c, hiddenDim=c['hiddenDim'] or 1))
    if c['hiddenDim'] == 0:
        out = {n: s for n, s in out.items()
               if not any(part in n for part in ('feed_forward', 'ffn_norm', '.mlp.', '.ln_2.'))}
    return out


def attention(P, c, n, x, drop, l):
    B, T, C = x.shape
    H, Hkv = c['nHeads'], c['nKvHeads']
    D = C // H
    if n['wqkv']:
        q, k, v = base.linear(P, n['wqkv'], x).split([H * D, Hkv * D, Hkv * D], dim=-1)
    else:
        q, k, v = base.linear(P, n['wq'], x), base.linear(P, n['wk'], x), base.linear(P, n['wv'], x)
    q, k, v = q.view(B, T, H, D), k.view(B, T, Hkv, D), v.view(B, T, Hkv, D)
    if c['positions'] == 'rope':
        q, k = base.apply_rope(q), base.apply_rope(k)
    k = torch.repeat_interleave(k, H // Hkv, dim=2)
    v = torch.repeat_interleave(v, H // Hkv, dim=2)
    q, k, v = q.transpose(1, 2), k.transpose(1, 2), v.transpose(1, 2)
    scores = q @ k.transpose(2, 3) / math.sqrt(D)
    i = torch.arange(T)[:, None]
    j = torch.arange(T)[None, :]
    if c['positions'] == 'alibi':
        m = torch.tensor(base.alibi_slopes(H), dtype=F64)[:, None, None]
        scores = scores - m * (i - j).abs().to(F64)
    if c['causal']:
        scores = scores.masked_fill(j > i, float('-inf'))
    weights = F.softmax(scores, dim=-1)
    if drop:
        weights = weights * drop(1 + 3 * l, weights.shape)
    out = weights @ v
    out = base.linear(P, n['wo'], out.transpose(1, 2).reshape(B, T, H * D))
    return out * drop(2 + 3 * l, out.shape) if drop else out


def feed_forward(P, c, n, x, drop, l):
    out = base.feed_forward(P, c, n, x)
    return out * drop(3 + 3 * l, out.shape) if drop else out


def forward(P, c, idx, drop=None):
    """logits (B, T, V); drop(site, shape) gives the fed-in dropout masks, or None."""
    top = base.top_names(c)
    T = idx.shape[1]
    h = c['embeddingScale'] * F.embedding(idx, P[top['emb']])
    if c['positions'] == 'learned':
        h = h + P[top['pos']][:T]
    elif c['positions'] == 'sinusoidal':
        h = h + base.sinusoidal(T, c['dim'])
    if drop:
        h = h * drop(0, h.shape)
    ffn = c['hiddenDim'] > 0
    for l in range(c['nLayers']):
        n = base.names(c, l)
        if c['prenorm']:
            h = h + attention(P, c, n, base.norm(P, c, n['norm1'], h), drop, l)
            if ffn:
                h = h + feed_forward(P, c, n, base.norm(P, c, n['norm2'], h), drop, l)
        else:
            h = base.norm(P, c, n['norm1'], h + attention(P, c, n, h, drop, l))
            if ffn:
                h = base.norm(P, c, n['norm2'], h + feed_forward(P, c, n, h, drop, l))
    h = base.norm(P, c, top['normf'], h)
    return F.linear(h, P[top['emb'] if c['sharedClassifier'] else top['cls']])


# ---- cases ----------------------------------------------------------------

def config(arch, **over):
    c = base.family(arch)
    c.update(causal=True, dropout=0.0, embeddingScale=1.0)
    c.update(over)
    return c


MASK_ID = 0


def masked_batch(c, g, B=2, T=6, p=0.3):
    """BERT's recipe on random ids: chosen positions' targets are their ids (the rest -1),
    their inputs the mask token 80%, a random token 10%, kept 10%; at least one chosen."""
    ids = torch.randint(1, c['vocabSize'], (B, T), generator=g)
    chosen = torch.rand(B, T, generator=g) < p
    chosen.view(-1)[0] = True
    split = torch.rand(B, T, generator=g)
    randoms = torch.randint(0, c['vocabSize'], (B, T), generator=g)
    inputs = torch.where(chosen & (split < 0.8), torch.full_like(ids, MASK_ID),
                         torch.where(chosen & (split < 0.9), randoms, ids))
    targets = torch.where(chosen, ids, torch.full_like(ids, -1))
    return inputs, targets


SQRT = lambda d: float(np.float32(math.sqrt(d)))  # noqa: E731  (the core keeps it as float32)

CASES = [
    ('masked objective: llama encoder, rope, GQA 4/2', config('llama', causal=False), 'masked', None),
    ('masked objective: gpt2 encoder, alibi |i - j|, post-LN', config('gpt2', causal=False, positions='alibi',
                                                                     prenorm=False), 'masked', None),
    ('embeddingScale sqrt(dim): llama, sinusoidal', config('llama', positions='sinusoidal',
                                                           embeddingScale=SQRT(16)), 'causal', None),
    ('embeddingScale sqrt(dim): gpt2, learned', config('gpt2', embeddingScale=SQRT(16)), 'causal', None),
    ('attention-only: llama, 2 layers', config('llama', hiddenDim=0), 'causal', None),
    ('attention-only: gpt2, post-LN', config('gpt2', hiddenDim=0, prenorm=False), 'causal', None),
    ('dropout 0.25, step 3: llama, separate classifier', config('llama', dropout=0.25, sharedClassifier=False),
     'causal', (21, 3)),
    ('dropout 0.25, step 0: gpt2 encoder, masked objective', config('gpt2', dropout=0.25, causal=False),
     'masked', (22, 0)),
]


def case(name, c, objective, dropout, seed):
    g = torch.Generator().manual_seed(seed)
    P32 = {}
    for n, shape in shapes(c).items():  # base.random_weights's recipe over these names
        if n.endswith('.bias'):
            t = torch.randn(*shape, generator=g) * 0.1
        elif len(shape) == 1:
            t = 1 + torch.randn(*shape, generator=g) * 0.2
        elif 'wte' in n or 'wpe' in n or 'embeddings' in n:
            t = torch.randn(*shape, generator=g)
        else:
            t = torch.randn(*shape, generator=g) * shape[1] ** -0.5
        P32[n] = t.to(torch.float32)
    inputs, targets = masked_batch(c, g) if objective == 'masked' else base.batch(c, g)
    drop = None
    if dropout:
        model_seed, step = dropout

        def drop(site, shape):  # noqa: E306  (the whole batch's mask of that site)
            return mask(model_seed, step, site, tuple(shape), c['dropout'])
    P = {n: t.to(F64).requires_grad_(True) for n, t in P32.items()}
    logits = forward(P, c, inputs, drop)
    loss = F.cross_entropy(logits.reshape(-1, logits.shape[-1]), targets.reshape(-1), ignore_index=-1)
    loss.backward()
    out = {'name': name, 'config': c, 'objective': objective, 'seed': seed,
           'inputs': inputs.tolist(), 'targets': targets.tolist(), 'loss': loss.item(),
           'parameters': base.tensors(P32), 'gradients': base.tensors({n: p.grad for n, p in P.items()})}
    if dropout:
        out['dropout'] = {'modelSeed': dropout[0], 'step': dropout[1]}
        with torch.no_grad():  # the evaluation loss: no dropout
            ev = forward(P, c, inputs)
            out['evalLoss'] = F.cross_entropy(ev.reshape(-1, ev.shape[-1]), targets.reshape(-1),
                                              ignore_index=-1).item()
    else:
        out['logits0'] = [[float(f'{v:.12g}') for v in row] for row in logits[0].tolist()]
    return out


def main():
    torch.use_deterministic_algorithms(True)
    note = ('float32 weights, float64 autograd; tensors base64 little-endian float32; '
            'loss = cross_entropy(ignore_index=-1) mean; dropout masks fed in (the core\'s hash); '
            'logits0 = logits of batch row 0 [T, V] (no dropout cases)')
    cases = [case(n, c, o, d, 400 + i) for i, (n, c, o, d) in enumerate(CASES)]
    base.write('train_objectives', note, cases)
    # A self-check of the hash: about 1 - p of a large mask is kept.
    big = mask(5, 1, 7, (1 << 16,), 0.25)
    kept = float((big > 0).double().mean())
    assert abs(kept - 0.75) < 5 * math.sqrt(0.75 * 0.25 / (1 << 16)), kept
    print(f'dropout hash self-check: keep rate {kept:.4f} of 65536 at p 0.25')


if __name__ == '__main__':
    main()
