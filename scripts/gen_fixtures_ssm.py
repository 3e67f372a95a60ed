#!/usr/bin/env python3
"""PyTorch float64 reference for selectiveScan's zero-order hold and its B, C
made from the input (tests/fixtures/ssm_scan.json, replayed by
tests/js/selective_scan.test.js).

Run (needs Debian's python3-torch, hence /usr/bin/python3):

    /usr/bin/python3 scripts/gen_fixtures_ssm.py

The recurrence, written here from Gu & Dao (2023) and the zero-order hold of
a diagonal linear system (never from attnscope's code), one sequence, steps
first: u, delta (L, Dch); A (Dch, N); B, C (L, N), (N), or made from the
input, B_t = u_t @ W_B with W_B (Dch, N) (Mamba's x_proj without bias);
  d = delta (+ deltaBias), softplus(d) if deltaSoftplus
  Euler:            x_t = exp(d A) x_{t-1} + d B_t u_t
  zero-order hold:  x_t = exp(d A) x_{t-1} + (exp(d A) - 1) / A B_t u_t   (d where A = 0)
  y_t = C_t . x_t + D u_t, times silu(z_t) with z.
Inputs are float32 values; everything is computed in float64.
"""
import json
import os

import torch
import torch.nn.functional as F

OUT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'tests', 'fixtures'))
F64 = torch.float64


def scan(u, delta, A, B, C, D=None, z=None, bias=None, softplus=False, zoh=False):
    L, Dch = u.shape
    N = A.shape[1]

    def per_step(v):  # -> (L, N)
        if isinstance(v, dict):
            return u @ v['weight']
        return v if v.dim() == 2 else v.expand(L, N)
    Bs, Cs = per_step(B), per_step(C)
    d = delta + (bias if bias is not None else 0)
    if softplus:
        d = torch.where(d > 20, d, torch.log1p(torch.exp(d)))
    x = torch.zeros(Dch, N, dtype=F64)
    ys, states = [], []
    for t in range(L):
        dA = d[t][:, None] * A
        if zoh:
            safe = torch.where(A == 0, torch.ones_like(A), A)
            gain = torch.where(A == 0, d[t][:, None].expand(Dch, N), torch.expm1(dA) / safe)
        else:
            gain = d[t][:, None].expand(Dch, N)
        x = torch.exp(dA) * x + gain * Bs[t][None, :] * u[t][:, None]
        y = x @ Cs[t]
        if D is not None:
            y = y + D * u[t]
        if z is not None:
            y = y * F.silu(z[t])
        ys.append(y)
        states.append(x.clone())
    return torch.stack(ys), torch.stack(states), Bs, Cs


def enc(t):
    return {'shape': list(t.shape), 'data': [float(v) for v in t.reshape(-1).tolist()]}


def f32(g, *shape, lo=-1.0, hi=1.0):
    return (lo + (hi - lo) * torch.rand(*shape, generator=g)).to(torch.float32).to(F64)


def case(name, seed, L, Dch, N, b, c, zoh, extras=False, softplus=False, zero_a=False):
    g = torch.Generator().manual_seed(seed)
    u = f32(g, L, Dch)
    delta = f32(g, L, Dch, lo=-2.0, hi=2.0) if softplus else f32(g, L, Dch, lo=0.05, hi=1.5)
    A = -torch.exp(f32(g, Dch, N, lo=-1.0, hi=1.0))
    if zero_a:
        A.view(-1)[::3] = 0.0

    def make(kind):
        if kind == 'per_step':
            return f32(g, L, N)
        if kind == 'shared':
            return f32(g, N)
        return {'weight': f32(g, Dch, N)}
    B, C = make(b), make(c)
    D = f32(g, Dch) if extras else None
    z = f32(g, L, Dch, lo=-3.0, hi=3.0) if extras else None
    bias = f32(g, Dch, lo=-0.5, hi=0.5) if extras else None
    y, states, Bs, Cs = scan(u, delta, A, B, C, D, z, bias, softplus, zoh)
    args = {'u': enc(u), 'delta': enc(delta), 'A': enc(A),
            'B': {'weight': enc(B['weight'])} if isinstance(B, dict) else enc(B),
            'C': {'weight': enc(C['weight'])} if isinstance(C, dict) else enc(C)}
    opts = {'discretization': 'zoh' if zoh else 'euler', 'deltaSoftplus': softplus, 'returnStates': True,
            'returnBC': True}
    if extras:
        opts.update(D=enc(D), z=enc(z), deltaBias=enc(bias))
    return {'name': name, 'args': args, 'opts': opts,
            'want': {'output': enc(y), 'states': enc(states), 'B': enc(Bs), 'C': enc(Cs)}}


def main():
    cases = [
        case('zoh, B and C per step, D, z, deltaBias, softplus', 500, 9, 4, 5, 'per_step', 'per_step', True,
             extras=True, softplus=True),
        case('zoh, B and C from the input', 501, 12, 3, 4, 'from_input', 'from_input', True),
        case('zoh, some A = 0 (the hold gives d), B from the input, C shared', 502, 7, 3, 6, 'from_input',
             'shared', True, zero_a=True),
        case('euler, B from the input, C per step, D, z', 503, 10, 4, 3, 'from_input', 'per_step', False,
             extras=True),
    ]
    path = os.path.join(OUT, 'ssm_scan.json')
    with open(path, 'w') as f:
        json.dump({'generator': 'scripts/gen_fixtures_ssm.py', 'torch': torch.__version__,
                   'note': 'float32 inputs, float64 scan; B, C in want = the B_t, C_t each step used',
                   'cases': cases}, f, separators=(',', ':'))
        f.write('\n')
    print(f'{path}: {len(cases)} cases, {os.path.getsize(path)} bytes')


if __name__ == '__main__':
    main()
