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
  selectiveScan  a float64 re-implementation (written here) of the loop of
             mamba_ssm's selective_scan_ref for one sequence: delta (+ bias),
             torch's F.softplus, x = exp(delta A) x + delta B u, y = C.x + D u,
             times F.silu(z); the states of every step are kept.
  ssmConvolutionKernel  K[k] = sum_n C exp(k delta A) delta B in float64,
             asserted to reproduce the float64 scan by causal convolution.
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


# ---- selective scan ---------------------------------------------------------

def scan_ref(u, delta, A, B, C, D=None, z=None, delta_bias=None, softplus=False):
    """One sequence, steps first: u, delta [L, Dch]; A [Dch, N]; B, C [L, N] or [N]."""
    u, delta, A, B, C = (t.to(F64) for t in (u, delta, A, B, C))
    if delta_bias is not None:
        delta = delta + delta_bias.to(F64)
    if softplus:
        delta = torch.nn.functional.softplus(delta)
    L, Dch = u.shape
    x = torch.zeros(Dch, A.shape[1], dtype=F64)
    ys, states = [], []
    for t in range(L):
        Bt = B[t] if B.dim() == 2 else B
        Ct = C[t] if C.dim() == 2 else C
        x = torch.exp(delta[t][:, None] * A) * x + (delta[t] * u[t])[:, None] * Bt[None, :]
        states.append(x)
        ys.append(x @ Ct)
    y = torch.stack(ys) if L else torch.zeros(0, Dch, dtype=F64)
    if D is not None:
        y = y + u * D.to(F64)
    if z is not None:
        y = y * torch.nn.functional.silu(z.to(F64))
    st = torch.stack(states) if L else torch.zeros(0, Dch, A.shape[1], dtype=F64)
    return y, st


def conv_kernel_ref(delta, A, B, C, length):
    delta, A, B, C = (t.to(F64) for t in (delta, A, B, C))
    k = torch.arange(length, dtype=F64)[:, None, None]  # [length, 1, 1]
    return (C * torch.exp(k * delta[None, :, None] * A[None]) * delta[None, :, None] * B).sum(-1)  # [length, Dch]


def gen_selective_scan():
    cases = []

    def add(name, L, Dch, N, b_varies=True, c_varies=True, D=False, z=False, bias=False, softplus=False):
        u = randn(L, Dch)
        delta = (torch.rand(L, Dch, generator=GEN, dtype=F64) * 0.9 + 0.05).to(torch.float32)
        if softplus:  # raw values around 0, some far out (softplus's linear branch above 20)
            delta = randn(L, Dch, scale=2.0)
            delta[0, 0] = 25.0
        A = -torch.exp(randn(Dch, N, scale=0.5).to(F64)).to(torch.float32)  # Mamba's A = -exp(A_log) < 0
        B = randn(L, N) if b_varies else randn(N)
        C = randn(L, N) if c_varies else randn(N)
        opts = {'returnStates': True}
        extra = {}
        if D:
            extra['D'] = randn(Dch)
        if z:
            extra['z'] = randn(L, Dch)
        if bias:
            extra['delta_bias'] = randn(Dch, scale=0.5)
        if softplus:
            opts['deltaSoftplus'] = True
        y, st = scan_ref(u, delta, A, B, C, extra.get('D'), extra.get('z'), extra.get('delta_bias'), softplus)
        for key, js in [('D', 'D'), ('z', 'z'), ('delta_bias', 'deltaBias')]:
            if key in extra:
                opts[js] = inp(extra[key])
        cases.append({'name': name, 'args': [inp(u), inp(delta), inp(A), inp(B), inp(C), opts],
                      'expected': {'output': ref(y), 'states': ref(st)}})

    add('L=1 Dch=1 N=1 (one step)', 1, 1, 1)
    add('L=6 Dch=3 N=4 input-dependent B, C', 6, 3, 4)
    add('L=7 Dch=5 N=3 time-invariant B, C with D', 7, 5, 3, b_varies=False, c_varies=False, D=True)
    add('L=9 Dch=4 N=16 B varies, C fixed, z gate', 9, 4, 16, c_varies=False, z=True)
    add('L=12 Dch=6 N=8 everything: D, z, deltaBias, softplus', 12, 6, 8, D=True, z=True, bias=True, softplus=True)
    add('L=40 Dch=2 N=5 long sequence', 40, 2, 5, D=True)
    add('L=0 Dch=3 N=2 empty', 0, 3, 2)
    write('topics_selectiveScan', 'selectiveScan',
          "float64 re-implementation of selective_scan_ref's loop (one sequence, steps first)", cases)

    cases = []
    for name, Dch, N, length in [('Dch=1 N=1 length=5', 1, 1, 5), ('Dch=3 N=4 length=12', 3, 4, 12),
                                 ('Dch=4 N=16 length=64', 4, 16, 64), ('length=0', 2, 3, 0)]:
        delta = (torch.rand(Dch, generator=GEN, dtype=F64) * 0.9 + 0.05).to(torch.float32)
        A = -torch.exp(randn(Dch, N, scale=0.5).to(F64)).to(torch.float32)
        B, C = randn(N), randn(N)
        K = conv_kernel_ref(delta, A, B, C, length)
        if length:  # the causal convolution of K reproduces the float64 scan
            u = randn(length, Dch)
            y, _ = scan_ref(u, delta.expand(length, Dch), A, B, C)
            conv = torch.stack([sum(K[j] * u.to(F64)[t - j] for j in range(t + 1)) for t in range(length)])
            assert torch.allclose(conv, y, rtol=1e-10, atol=1e-12), 'kernel and scan differ'
        cases.append({'name': name, 'args': [inp(delta), inp(A), inp(B), inp(C), length], 'expected': ref(K)})
    write('topics_ssmConvolutionKernel', 'ssmConvolutionKernel',
          'K[k, c] = sum_n C exp(k delta A) delta B, float64, checked against the float64 scan', cases)


def main():
    gen_rope_positions()
    gen_linear_unnormalised()
    gen_selective_scan()


if __name__ == '__main__':
    main()
