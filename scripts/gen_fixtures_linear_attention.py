#!/usr/bin/env python3
"""PyTorch reference fixtures for linearAttention and performerProjection
(issue 3), replayed by tests/js/masks_fixtures.test.js.

Run (needs Debian's python3-torch, hence /usr/bin/python3):

    /usr/bin/python3 scripts/gen_fixtures_linear_attention.py   # or: npm run fixtures

Writes tests/fixtures/linear_attention*.json with the format, encoding and
helpers of gen_fixtures.py / gen_fixtures_masks.py; seeds are fixed.
References, from the definitions in web/lib/masks.d.ts:
  linearAttention  out_i = sum_j a_ij v_j / (sum_j a_ij + eps), a_ij =
             phi(q_i).phi(k_j) over all keys, or j <= i' = i + Nk - Nq when
             causal (the quadratic form, float64), asserted equal to the
             cumulative-sum (recurrent) form before anything is written.
             phi: elu(x) + 1, relu(x), or Performer's exp(w x' - |x'|^2 / 2)
             / sqrt(m), x' = x / D^(1/4), with a fixed projection w passed
             as opts.projection.
  performerProjection  Box-Muller on a Python splitmix64, as documented.
"""
import math
import os
import sys

import torch
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen_fixtures import F64, inp, ref  # noqa: E402
from gen_fixtures_masks import SplitMix64, causal, randn as randn4, write  # noqa: E402

GEN = torch.Generator().manual_seed(20240955)


def randn(*shape):
    return randn4(*shape, gen=GEN)


def features(x, fmap, w):
    if fmap == 'elu1':
        return F.elu(x) + 1
    if fmap == 'relu':
        return F.relu(x)
    xp = x / x.shape[-1] ** 0.25
    return torch.exp(xp @ w.to(F64).T - (xp * xp).sum(-1, keepdim=True) / 2) / math.sqrt(w.shape[0])


def linear_ref(q, k, v, fmap='elu1', is_causal=False, w=None, eps=1e-6):
    pq, pk, v = features(q.to(F64), fmap, w), features(k.to(F64), fmap, w), v.to(F64)
    nq, nk = q.shape[-2], k.shape[-2]
    a = pq @ pk.transpose(-1, -2)
    if is_causal:
        a = a * causal(nq, nk).to(F64)
    out = (a @ v) / (a.sum(-1, keepdim=True) + eps)
    if is_causal:  # the recurrent form: running sums of phi(k) v^T and phi(k)
        S = torch.cumsum(pk[..., :, :, None] * v[..., :, None, :], dim=-3)
        z = torch.cumsum(pk, dim=-2)
        idx = torch.arange(nq) + nk - nq
        ok = idx >= 0
        rec = torch.zeros_like(out)
        num = torch.einsum('...if,...ife->...ie', pq[..., ok, :], S[..., idx[ok], :, :])
        rec[..., ok, :] = num / (torch.einsum('...if,...if->...i', pq[..., ok, :], z[..., idx[ok], :])[..., None] + eps)
        assert torch.allclose(rec, out, rtol=1e-10, atol=1e-12), 'recurrent and quadratic references differ'
    return out  # a query with no key: 0 / (0 + eps) = 0


def box_muller(m, d, seed):
    rng, out = SplitMix64(seed), []
    for _ in range(m * d):
        u1, u2 = (rng.next() >> 11) * 2.0 ** -53, (rng.next() >> 11) * 2.0 ** -53
        out.append(math.sqrt(-2.0 * math.log(1.0 - u1)) * math.cos(6.283185307179586 * u2))
    return torch.tensor(out, dtype=F64).reshape(m, d)


def gen_linear_attention():
    cases = []

    def add(name, qs, ks, vs, fmap='elu1', is_causal=False, m=None, **opts):
        q, k, v = randn(*qs), randn(*ks), randn(*vs)
        o = {'featureMap': fmap, 'isCausal': is_causal, **opts}
        w = None
        if fmap == 'performer':
            w = randn(m, qs[-1])
            o['projection'] = inp(w)
        cases.append({'name': name, 'args': [inp(q), inp(k), inp(v), o], 'expected': ref(linear_ref(q, k, v, fmap, is_causal, w))})

    for fmap in ['elu1', 'relu']:
        add(f'{fmap} [2,6,8]', (2, 6, 8), (2, 6, 8), (2, 6, 8), fmap)
        add(f'{fmap} causal [2,6,8]', (2, 6, 8), (2, 6, 8), (2, 6, 8), fmap, True)
        add(f'{fmap} causal quadratic, Nq 3 < Nk 7, Dv 5', (2, 3, 8), (2, 7, 8), (2, 7, 5), fmap, True, form='quadratic')
        add(f'{fmap} rank 2, D 17, Nk 40', (9, 17), (40, 17), (40, 3), fmap)
    add('elu1 causal batch [2,3,70,4] (Nq > Nk rows: zeros)', (2, 3, 70, 4), (2, 3, 65, 4), (2, 3, 65, 7), 'elu1', True)
    add('performer m 16 [2,5,8]', (2, 5, 8), (2, 5, 8), (2, 5, 8), 'performer', m=16)
    add('performer m 7 causal, Nq 4 < Nk 9', (1, 4, 8), (1, 9, 8), (1, 9, 8), 'performer', True, m=7)
    add('performer m 33 causal quadratic, D 3', (2, 6, 3), (2, 6, 3), (2, 6, 3), 'performer', True, m=33, form='quadratic')
    write('linear_attention', 'linearAttention', 'quadratic form in float64, checked against the cumulative-sum form', cases)

    cases = [{'name': f'performerProjection({m}, {d}, seed {s})', 'args': [m, d, {'seed': s}], 'expected': ref(box_muller(m, d, s))}
             for m, d, s in [(4, 8, 0), (16, 3, 12345), (3, 17, 2 ** 40 + 1)]]
    write('linear_attention_projection', 'performerProjection', 'Box-Muller on a Python splitmix64 (masks.d.ts)', cases)


if __name__ == '__main__':
    gen_linear_attention()
