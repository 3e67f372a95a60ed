#!/usr/bin/env python3
"""PyTorch reference fixtures for the issue-12 core additions, replayed by
tests/js/topics_fixtures.test.js.

Run (needs Debian's python3-torch, hence /usr/bin/python3):

    /usr/bin/python3 scripts/gen_fixtures_topics.py   # or: npm run fixtures

Writes tests/fixtures/topics_*.json with the format and encoding of
gen_fixtures.py (float32 inputs, float64 references to 9 digits); seeds are
fixed, so two runs write identical bytes. References:
  applyRope {positions}  pairs as complex numbers times e^{i p_t theta_i}
             (theta_i = base^(-2i/D); interleaved pairs (2i, 2i+1), half
             pairs (i, i + D/2)), in complex128: a different formulation
             from the package's cos/sin rotation.
  linearAttention {normalize: false}  phi(Q) phi(K)^T V in float64 (phi
             identity, elu(x) + 1 or relu), masked to j <= i + Nk - Nq when
             causal, asserted equal to the recurrent form (cumulative sums
             of phi(k) v^T read by phi(q)) before anything is written.
"""
import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen_fixtures import F64, inp, ref, shape_str  # noqa: E402
from gen_fixtures_masks import write  # noqa: E402

GEN = torch.Generator().manual_seed(20241212)


def randn(*shape, scale=1.0):
    return (torch.randn(*shape, generator=GEN, dtype=F64) * scale).to(torch.float32)


# ---- RoPE at explicit positions ---------------------------------------------

def rope_complex(x, positions, base, layout):
    x = x.to(F64)
    D = x.shape[-1]
    theta = torch.pow(torch.tensor(float(base), dtype=F64), -2.0 * torch.arange(D // 2, dtype=F64) / D)
    turn = torch.polar(torch.ones(len(positions), D // 2, dtype=F64),
                       torch.tensor(positions, dtype=F64)[:, None] * theta[None, :])  # [T, D/2]
    if layout == 'interleaved':
        z = torch.view_as_complex(x.reshape(*x.shape[:-1], D // 2, 2).contiguous()) * turn
        return torch.view_as_real(z).reshape(x.shape)
    z = torch.complex(x[..., :D // 2], x[..., D // 2:]) * turn
    return torch.cat([z.real, z.imag], dim=-1)


def gen_rope_positions():
    cases = []
    quarter = 0.785398163397448  # pi / 4 to float64 precision, written out for the JSON
    for shape, layout, base, positions in [
            ((1, 2), 'interleaved', None, [quarter]),
            ((1, 2), 'half', None, [0.5]),
            ((3, 4), 'interleaved', None, [0.5, quarter, 2.25]),
            ((2, 4, 8), 'half', None, [-1.5, 0.0, 3.75, 1000.125]),
            ((2, 3, 6), 'interleaved', 10.0, [0.1, -0.2, 7.0]),
            ((2, 2, 5, 34), 'half', 500000.0, [0.5 * t for t in range(5)]),
            ((3, 0, 8), 'interleaved', None, [])]:
        x = randn(*shape)
        opts = {'positions': positions, 'layout': layout, **({'base': base} if base else {})}
        cases.append({'name': f'{shape_str(shape)} {layout} positions={positions[:3]}',
                      'args': [inp(x), opts], 'expected': ref(rope_complex(x, positions, base or 10000.0, layout))})
    write('topics_applyRope_positions', 'applyRope',
          'pairs as complex numbers times exp(i p_t base^(-2i/D)), complex128', cases)


# ---- linear attention, unnormalised -----------------------------------------

PHI = {'identity': lambda x: x, 'elu1': lambda x: torch.nn.functional.elu(x) + 1, 'relu': torch.relu}


def linear_unnormalised(q, k, v, fmap, is_causal):
    pq, pk, v = PHI[fmap](q.to(F64)), PHI[fmap](k.to(F64)), v.to(F64)
    nq, nk = q.shape[-2], k.shape[-2]
    a = pq @ pk.transpose(-1, -2)
    if is_causal:
        a = a * (torch.arange(nk)[None, :] <= torch.arange(nq)[:, None] + nk - nq).to(F64)
    out = a @ v
    # Recurrent form: S_j = sum_{j' <= j} phi(k_j') v_j'^T, query i reads S at its last key.
    S = torch.cumsum(pk[..., :, :, None] * v[..., :, None, :], dim=-3)
    last = (torch.arange(nq) + nk - nq) if is_causal else torch.full((nq,), nk - 1)
    rec = torch.zeros_like(out)
    ok = last >= 0
    rec[..., ok, :] = torch.einsum('...if,...ife->...ie', pq[..., ok, :], S[..., last[ok], :, :])
    assert torch.allclose(rec, out, rtol=1e-10, atol=1e-10), 'recurrent and quadratic references differ'
    return out


def gen_linear_unnormalised():
    cases = []
    for qs, ks, vs, fmap, is_causal, form in [
            ((4, 3), (4, 3), (4, 2), 'identity', False, None),
            ((4, 3), (4, 3), (4, 2), 'identity', True, None),
            ((2, 3, 5, 8), (2, 3, 7, 8), (2, 3, 7, 5), 'identity', True, 'quadratic'),
            ((2, 6, 4), (2, 6, 4), (2, 6, 3), 'elu1', True, None),
            ((2, 6, 4), (2, 6, 4), (2, 6, 3), 'relu', False, 'quadratic'),
            ((1, 9, 17), (1, 4, 17), (1, 4, 6), 'identity', True, None)]:
        q, k, v = randn(*qs), randn(*ks), randn(*vs)
        opts = {'featureMap': fmap, 'normalize': False, 'isCausal': is_causal, **({'form': form} if form else {})}
        cases.append({'name': f'q{shape_str(qs)} k{shape_str(ks)} {fmap} causal={is_causal} form={form}',
                      'args': [inp(q), inp(k), inp(v), opts],
                      'expected': {'output': ref(linear_unnormalised(q, k, v, fmap, is_causal))}})
    write('topics_linearAttention_unnormalised', 'linearAttention',
          'phi(Q) phi(K)^T V (causal-masked), float64, checked against the cumulative-sum form', cases)


def main():
    gen_rope_positions()
    gen_linear_unnormalised()


if __name__ == '__main__':
    main()
