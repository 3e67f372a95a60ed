#!/usr/bin/env python3
"""PyTorch reference fixtures for masks and position biases (issue 3),
replayed by tests/js/masks_fixtures.test.js (linear attention's are written
by gen_fixtures_linear_attention.py, which reuses the helpers here).

Run (needs Debian's python3-torch, hence /usr/bin/python3):

    /usr/bin/python3 scripts/gen_fixtures_masks.py     # or: npm run fixtures

Writes tests/fixtures/{masks,bias}_*.json in the format and
encoding of scripts/gen_fixtures.py (whose helpers it imports); seeds are
fixed, so two runs write identical bytes. Integer results (T5 buckets) are
plain JSON lists. References, each written here from its definition
(web/lib/masks.d.ts), i' = i + Nk - Nq aligning queries to the end of the keys:
  masks      torch.tril / index arithmetic on the documented rules; BigBird's
             random links from a Python splitmix64 following masks.d.ts.
  SDPA       gen_fixtures.attention_ref with each mask (and biases as float masks).
  ALiBi      -slope_h * |i' - j|, slopes from the ALiBi paper's get_slopes.
  T5         Hugging Face T5Attention._relative_position_bucket (copied below,
             transformers 4.x) and compute_bias: nn.Embedding(buckets of
             memory - context) for (Nk, Nk) keeping the last Nq rows, as HF
             does when decoding with a cache.
  positions  x + nn.Embedding(table)(arange(T) + offset).
Attention weights are kept only for small cases (the outputs check the big ones).
"""
import json
import math
import os
import sys

import torch
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_fixtures as base  # noqa: E402
from gen_fixtures import F64, OUT_DIR, inp, ref  # noqa: E402

GEN = torch.Generator().manual_seed(20240944)
M64 = (1 << 64) - 1


def randn(*shape, scale=1.0, gen=GEN):
    """float32 N(0, scale^2) values rounded to 4 significant digits (short
    decimals, still arbitrary float32s for the arithmetic), as gen_fixtures_blocks.py."""
    x = torch.randn(*shape, generator=gen, dtype=F64) * scale
    return torch.tensor([float(f'{v:.4g}') for v in x.flatten().tolist()], dtype=torch.float32).reshape(x.shape)


def write(stem, function, reference, cases):
    path = os.path.join(OUT_DIR, f'{stem}.json')
    body = ',\n'.join(json.dumps(c, separators=(',', ':'), allow_nan=False) for c in cases)
    with open(path, 'w') as f:
        f.write(f'{{"function":{json.dumps(function)},"reference":{json.dumps(reference)},"cases":[\n{body}\n]}}\n')
    print(f'{os.path.relpath(path)}: {len(cases)} cases, {os.path.getsize(path)} bytes')


class SplitMix64:
    def __init__(self, seed):
        self.state = seed & M64

    def next(self):
        self.state = (self.state + 0x9e3779b97f4a7c15) & M64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xbf58476d1ce4e5b9) & M64
        z = ((z ^ (z >> 27)) * 0x94d049bb133111eb) & M64
        return z ^ (z >> 31)


# ---- masks --------------------------------------------------------------------

def aligned(nq, nk):
    return torch.arange(nq)[:, None] + (nk - nq), torch.arange(nk)[None, :]


def causal(nq, nk=None):
    nk = nq if nk is None else nk
    return torch.ones(nq, nk, dtype=torch.bool).tril(diagonal=nk - nq)


def window(nq, nk, w, opts=None):
    ip, j = aligned(nq, nk)
    m = (ip - j).abs() < w
    return m & (j <= ip) if (opts or {}).get('causal') else m


def strided(n, stride):
    back = torch.arange(n)[:, None] - torch.arange(n)[None, :]
    return (back >= 0) & ((back < stride) | (back % stride == 0))


def global_tokens(n, tokens, opts=None):
    g = torch.zeros(n, dtype=torch.bool)
    g[list(tokens)] = True
    m = torch.eye(n, dtype=torch.bool) | g[:, None] | g[None, :]
    return m & causal(n) if (opts or {}).get('causal') else m


def big_bird(n, opts):
    m = window(n, n, opts.get('window', 3)) | global_tokens(n, opts.get('globalTokens', [0] if n else []))
    rng = SplitMix64(opts.get('seed', 0))
    for i in range(n):
        free = [j for j in range(n) if not m[i, j]]
        for _ in range(min(opts.get('randomPerRow', 2), len(free))):
            m[i, free.pop(rng.next() % len(free))] = True
    return m


def gen_mask_builders():
    cases = []

    def add(fn, build, *args):
        cases.append({'name': f'{fn}({json.dumps(list(args))[1:-1]})', 'function': fn, 'args': list(args),
                      'expected': inp(build(*args))})

    for a in [(5,), (4, 9), (9, 4), (0,), (1, 1), (70, 130)]:
        add('causalMask', causal, *a)
    for a in [(7, 7, 2), (7, 7, 3, {'causal': True}), (4, 9, 3), (4, 9, 3, {'causal': True}), (9, 4, 2), (130, 130, 65)]:
        add('slidingWindowMask', window, *a)
    for a in [(6, 3), (17, 4), (65, 8), (1, 1)]:
        add('stridedMask', strided, *a)
    for a in [(8, [0]), (9, [0, 4], {'causal': True}), (5, []), (17, [16, 3, 3])]:
        add('globalTokensMask', global_tokens, *a)
    for a in [(8, {'seed': 1}), (16, {'window': 2, 'globalTokens': [0, 15], 'randomPerRow': 3, 'seed': 42}),
              (130, {'seed': 2 ** 40 + 3}), (5, {'randomPerRow': 10}), (0, {}),
              (12, {'window': 1, 'globalTokens': [], 'randomPerRow': 0})]:
        add('bigBirdMask', big_bird, *a)
    a, b, c = strided(9, 3), global_tokens(9, [0]), window(9, 9, 2)
    cases.append({'name': 'combineMasks(strided, global, window)', 'function': 'combineMasks',
                  'args': [inp(a), inp(b), inp(c)], 'expected': inp(a | b | c)})
    cases.append({'name': 'intersectMasks(strided, causal window)', 'function': 'intersectMasks',
                  'args': [inp(a), inp(window(9, 9, 4, {'causal': True}))], 'expected': inp(a & window(9, 9, 4, {'causal': True}))})
    write('masks_builders', 'masks', 'torch index arithmetic on the documented rules; BigBird links by a Python splitmix64', cases)


# ---- attention with masks and biases ----------------------------------------

def alibi(h, nq, nk):
    ip, j = aligned(nq, nk)
    return -torch.tensor(base.alibi_get_slopes(h), dtype=F64)[:, None, None] * (j - ip).abs().to(F64)


def _relative_position_bucket(relative_position, bidirectional=True, num_buckets=32, max_distance=128):
    # Hugging Face transformers, models/t5/modeling_t5.py (Apache-2.0), verbatim.
    relative_buckets = 0
    if bidirectional:
        num_buckets //= 2
        relative_buckets += (relative_position > 0).to(torch.long) * num_buckets
        relative_position = torch.abs(relative_position)
    else:
        relative_position = -torch.min(relative_position, torch.zeros_like(relative_position))
    max_exact = num_buckets // 2
    is_small = relative_position < max_exact
    relative_position_if_large = max_exact + (
        torch.log(relative_position.float() / max_exact)
        / math.log(max_distance / max_exact)
        * (num_buckets - max_exact)
    ).to(torch.long)
    relative_position_if_large = torch.min(
        relative_position_if_large, torch.full_like(relative_position_if_large, num_buckets - 1)
    )
    relative_buckets += torch.where(is_small, relative_position, relative_position_if_large)
    return relative_buckets


def t5_bias(table, nq, nk, opts=None):
    o = {'bidirectional': True, 'maxDistance': 128, **(opts or {})}
    ctx, mem = torch.arange(nk)[:, None], torch.arange(nk)[None, :]  # HF compute_bias(nk, nk)
    buckets = _relative_position_bucket(mem - ctx, o['bidirectional'], table.shape[0], o['maxDistance'])
    values = torch.nn.Embedding.from_pretrained(table.to(F64))(buckets)  # (nk, nk, H)
    return values.permute(2, 0, 1)[:, nk - nq:, :]  # the last nq query rows


def gen_masked_attention():
    cases = []

    def add(name, qs, ks, vs, build, expect_mask, ref_only=None, **opts):
        q, k, v = randn(*qs), randn(*ks), randn(*vs)
        out, w = base.attention_ref(q, k, v, mask=expect_mask, **opts, **(ref_only or {}))
        expected = {'output': ref(out)}
        if w.numel() <= 4096:
            expected['weights'] = ref(w)
        cases.append({'name': name, 'mask': build, 'args': [inp(q), inp(k), inp(v)] + ([opts] if opts else []),
                      'expected': expected})

    add('causalMask(4, 9) = isCausal, aligned to the end', (2, 4, 8), (2, 9, 8), (2, 9, 8),
        {'function': 'causalMask', 'args': [4, 9]}, causal(4, 9))
    add('slidingWindowMask causal over flash tiles', (1, 150, 8), (1, 150, 8), (1, 150, 8),
        {'function': 'slidingWindowMask', 'args': [150, 150, 70, {'causal': True}]}, window(150, 150, 70, {'causal': True}))
    add('stridedMask(150, 64): whole tiles hidden', (2, 150, 8), (2, 150, 8), (2, 150, 4),
        {'function': 'stridedMask', 'args': [150, 64]}, strided(150, 64))
    add('globalTokensMask with GQA', (4, 9, 8), (2, 9, 8), (2, 9, 8),
        {'function': 'globalTokensMask', 'args': [9, [0, 5]]}, global_tokens(9, [0, 5]), enableGqa=True)
    add('bigBirdMask(130) with a batch dim', (2, 2, 130, 8), (2, 2, 130, 8), (2, 2, 130, 8),
        {'function': 'bigBirdMask', 'args': [130, {'window': 2, 'globalTokens': [0, 64], 'randomPerRow': 3, 'seed': 5}]},
        big_bird(130, {'window': 2, 'globalTokens': [0, 64], 'randomPerRow': 3, 'seed': 5}))
    add('stridedMask(20, 4) and isCausal', (2, 20, 8), (2, 20, 8), (2, 20, 8),
        {'function': 'stridedMask', 'args': [20, 4]}, strided(20, 4), isCausal=True)
    add('alibiBias(6, 3, 7) as a float mask = the alibi option', (6, 3, 8), (6, 7, 8), (6, 7, 8),
        {'function': 'alibiBias', 'args': [6, 3, 7]}, None, ref_only={'alibi': True})
    table = randn(8, 3)
    q, k, v = randn(3, 5, 8), randn(3, 9, 8), randn(3, 9, 8)
    bias = t5_bias(table, 5, 9, {'maxDistance': 20})
    out, w = base.attention_ref(q, k, v, mask=bias)
    cases.append({'name': 't5RelativeBias(table [8,3], 5, 9) as a float mask', 'args': [inp(q), inp(k), inp(v)],
                  'mask': {'function': 't5RelativeBias', 'args': [inp(table), 5, 9, {'maxDistance': 20}]},
                  'expected': {'output': ref(out), 'weights': ref(w)}})
    write('masks_attention', 'attention', 'gen_fixtures.attention_ref with masks built from the documented rules', cases)


def gen_biases():
    cases = [{'name': f'alibiBias({h}, {nq}, {nk})', 'args': [h, nq, nk], 'expected': ref(alibi(h, nq, nk))}
             for h, nq, nk in [(1, 4, 4), (3, 5, 5), (6, 2, 9), (8, 7, 7), (12, 1, 17), (5, 0, 3)]]
    write('bias_alibi', 'alibiBias', "-slope_h * |i' - j|, slopes from the ALiBi paper's get_slopes", cases)

    rel = list(range(-300, 301)) + [-100000, 5000, 2 ** 31 - 1, -2 ** 31]
    cases = []
    for opts in [{}, {'bidirectional': False}, {'numBuckets': 8, 'maxDistance': 20},
                 {'bidirectional': False, 'numBuckets': 64, 'maxDistance': 1000}, {'numBuckets': 4, 'maxDistance': 2}]:
        o = {'bidirectional': True, 'numBuckets': 32, 'maxDistance': 128, **opts}
        b = _relative_position_bucket(torch.tensor(rel), o['bidirectional'], o['numBuckets'], o['maxDistance'])
        cases.append({'name': f'buckets {json.dumps(opts)}', 'args': [rel, opts], 'expected': b.tolist()})
    write('bias_t5_bucket', 't5RelativePositionBucket', 'HF T5Attention._relative_position_bucket', cases)

    cases = []
    for (nb, h), nq, nk, opts in [((32, 4), 6, 6, {}), ((8, 2), 5, 5, {'bidirectional': False, 'maxDistance': 20}),
                                  ((16, 3), 3, 40, {'maxDistance': 16}), ((6, 1), 9, 9, {'bidirectional': False, 'maxDistance': 4})]:
        table = randn(nb, h)
        cases.append({'name': f'table [{nb},{h}] nQ {nq} nK {nk} {json.dumps(opts)}', 'args': [inp(table), nq, nk, opts],
                      'expected': ref(t5_bias(table, nq, nk, opts))})
    write('bias_t5', 't5RelativeBias', 'HF T5 compute_bias (last nQ rows of the nK x nK bias), heads first', cases)

    cases = []
    for xs, L, off in [((5, 8), 5, 0), ((2, 3, 17), 10, 7), ((4, 1), 4, 0), ((2, 2, 6, 65), 9, 3)]:
        x, table = randn(*xs), randn(L, xs[-1])
        pos = torch.nn.Embedding.from_pretrained(table.to(F64))(torch.arange(xs[-2]) + off)
        cases.append({'name': f'x {list(xs)} table [{L},{xs[-1]}] offset {off}', 'args': [inp(x), inp(table), {'positionOffset': off}],
                      'expected': ref(x.to(F64) + pos)})
    write('bias_position_embeddings', 'addPositionEmbeddings', 'x + nn.Embedding(table)(arange(T) + offset)', cases)


def main():
    gen_mask_builders()
    gen_masked_attention()
    gen_biases()


if __name__ == '__main__':
    main()
