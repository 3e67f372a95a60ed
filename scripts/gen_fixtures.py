#!/usr/bin/env python3
"""Reference fixtures for the attnscope JS suite, computed with PyTorch.

Run (needs Debian's python3-torch, hence /usr/bin/python3):

    npm run fixtures        # = /usr/bin/python3 scripts/gen_fixtures.py

It writes tests/fixtures/<function>.json. The fixtures are committed, so the
tests (tests/js/fixtures.test.js) never need torch; rerun this only when a
case is added or a reference changes, and commit the result. Seeds are fixed:
two runs write identical bytes.

File format: {"function": name, "reference": how, "cases": [case, ...]} with
case = {"name", "args": [...], "expected": tensor | {name: tensor}}. A tensor
is {"dtype", "shape", "data"}: dtype "float32" (an input: every value is a
float32, written with its shortest round-trip decimal), "uint8" (a boolean
mask input) or "float64" (a reference value from float64 maths on the
float32 inputs, rounded to 9 significant digits: at most 5e-9 relative,
well under float32's 6e-8, so the rounding never eats into a tolerance).
Non-finite values are the strings "inf", "-inf" and "nan". An object with a
"dtype" key anywhere in "args" is a tensor; everything else is passed as is.

Attention reference (torch 1.13 has no F.scaled_dot_product_attention), in
float64 from the package's conventions (docs/GUIDE.md "3. Scaled dot-product
attention", web/lib/index.d.ts):
  q [..., Hq, Nq, D], k [..., Hkv, Nk, D], v [..., Hkv, Nk, Dv] (rank 2 = one
  head); query head h uses kv head h // (Hq / Hkv) (repeat_interleave);
  s = q.k^T * scale / temperature ('dot', scale defaults to 1/sqrt(D)) or
  s = normalize(q).normalize(k)^T / temperature ('cosine');
  then + additive mask - alibi slope_h * |i' - j|, with i' = i + Nk - Nq;
  key j is allowed unless a boolean mask says 0, isCausal and j > i', or
  window w and |i' - j| >= w; weights = softmax over allowed keys, a row
  with none allowed is all zeros (and so is its output).
"""
import json
import math
import os
import random

import numpy as np
import torch
import torch.nn.functional as F

OUT_DIR = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'tests', 'fixtures'))
F64 = torch.float64
GEN = torch.Generator().manual_seed(20240611)
RNG = random.Random(20240611)


# ---- encoding ---------------------------------------------------------------

def _num(v, digits):
    if math.isnan(v):
        return 'nan'
    if math.isinf(v):
        return 'inf' if v > 0 else '-inf'
    if digits is None:  # a float32: shortest decimal that reads back to the same float32
        return float(repr(np.float32(v)))
    r = float(f'{v:.{digits}g}')
    return 0.0 if r == 0 else r  # no "-0.0" noise


def inp(t):
    """An input tensor (float32 or bool) as it will be given to the package."""
    if t.dtype == torch.bool:
        return {'dtype': 'uint8', 'shape': list(t.shape), 'data': [int(b) for b in t.flatten().tolist()]}
    assert t.dtype == torch.float32
    return {'dtype': 'float32', 'shape': list(t.shape),
            'data': [_num(v, None) for v in t.flatten().tolist()]}


def ref(t):
    """A float64 reference result, 9 significant digits."""
    t = t.to(F64)
    return {'dtype': 'float64', 'shape': list(t.shape), 'data': [_num(v, 9) for v in t.flatten().tolist()]}


def randn(*shape, scale=1.0, offset=0.0):
    return (torch.randn(*shape, generator=GEN, dtype=F64) * scale + offset).to(torch.float32)


def write(function, reference, cases):
    os.makedirs(OUT_DIR, exist_ok=True)
    path = os.path.join(OUT_DIR, f'{function}.json')
    body = ',\n'.join(json.dumps(c, separators=(',', ':'), allow_nan=False) for c in cases)
    with open(path, 'w') as f:
        f.write(f'{{"function":{json.dumps(function)},"reference":{json.dumps(reference)},"cases":[\n{body}\n]}}\n')
    print(f'{os.path.relpath(path)}: {len(cases)} cases, {os.path.getsize(path)} bytes')


def shape_str(s):
    return '[' + ','.join(str(d) for d in s) + ']'


# ---- matmul -------------------------------------------------------------------

def gen_matmul():
    cases = []
    # Sizes 1, 3, 7, 17, 37, 65 cover the SIMD strips (4 batches of 4) and the scalar tails.
    shapes = [((5, 7), (7, 37)), ((1, 1), (1, 1)), ((3, 65), (65, 17)), ((17, 3), (3, 7)),
              ((7,), (7, 5)), ((4, 9), (9,)), ((13,), (13,)),
              ((2, 3, 4, 5), (2, 3, 5, 6)), ((2, 1, 3, 4), (5, 4, 6)), ((3, 4), (2, 4, 5)),
              ((2, 3, 4), (4,)), ((4,), (2, 4, 5)), ((1, 2, 3), (3, 1, 3, 20)),
              ((3, 0), (0, 2)), ((0, 3), (3, 2)), ((0, 2, 3), (3, 2)), ((3, 4), (0, 4, 5))]
    for _ in range(4):  # random sizes with random broadcast batch dims
        m, k, n = RNG.randint(1, 9), RNG.randint(1, 20), RNG.randint(1, 21)
        full = [RNG.choice([2, 3]) for _ in range(RNG.randint(0, 2))]
        ba = [d if RNG.random() < 0.6 else 1 for d in full]
        bb = [d if RNG.random() < 0.6 else 1 for d in full][RNG.randint(0, len(full)):]
        shapes.append((tuple(ba + [m, k]), tuple(bb + [k, n])))
    for sa, sb in shapes:
        a, b = randn(*sa), randn(*sb)
        cases.append({'name': f'{shape_str(sa)} @ {shape_str(sb)}', 'args': [inp(a), inp(b)],
                      'expected': ref(torch.matmul(a.to(F64), b.to(F64)))})
    write('matmul', 'torch.matmul in float64', cases)


# ---- softmax, norms, activations --------------------------------------------

def gen_softmax():
    cases = []

    def add(name, x, temperature=None):
        s = torch.softmax(x.to(F64) / (temperature or 1.0), dim=-1)
        s = torch.nan_to_num(s, nan=0.0)  # an all -inf row: attnscope gives zeros, torch NaN
        args = [inp(x)] + ([{'temperature': temperature}] if temperature is not None else [])
        cases.append({'name': name, 'args': args, 'expected': ref(s)})

    for shape in [(4,), (3, 7), (2, 3, 17), (5, 65), (1, 1)]:
        add(f'{shape_str(shape)} random', randn(*shape, scale=2.0))
    for t in [0.5, 2.0, 0.05]:
        add(f'[4,9] temperature {t}', randn(4, 9), t)
    x = randn(6, 11, scale=3.0)
    x[torch.rand(6, 11, generator=GEN) < 0.3] = -math.inf
    x[2, :] = -math.inf
    add('[6,11] with -inf entries and an all -inf row (zeros)', x)
    add('[6,11] with -inf entries, temperature 0.7', x, 0.7)
    add('[3,5] large offsets (stability)', randn(3, 5, scale=5.0, offset=1000.0))
    add('[2,8] large negative offsets', randn(2, 8, scale=5.0, offset=-1000.0))
    add('[1,4] worked example [1, 2, -inf, 3]', torch.tensor([[1.0, 2.0, -math.inf, 3.0]]))
    write('softmax', 'torch.softmax(x / temperature, -1) in float64; an all -inf row is zeros', cases)


def gen_layer_norm():
    cases = []
    for shape, w, b, eps in [((4, 7), True, True, None), ((2, 3, 17), False, False, None),
                             ((65,), True, False, 1e-3), ((5, 33), False, True, 1e-6),
                             ((3, 16), True, True, 0.1)]:
        x = randn(*shape, scale=2.0, offset=0.5)
        C = shape[-1]
        weight, bias = randn(C) if w else None, randn(C) if b else None
        opts = {k: v for k, v in [('weight', weight), ('bias', bias), ('eps', eps)] if v is not None}
        y = F.layer_norm(x.to(F64), (C,), None if weight is None else weight.to(F64),
                         None if bias is None else bias.to(F64), 1e-5 if eps is None else eps)
        args = [inp(x)] + ([{k: inp(v) if torch.is_tensor(v) else v for k, v in opts.items()}] if opts else [])
        cases.append({'name': f'{shape_str(shape)} weight={w} bias={b} eps={eps}', 'args': args, 'expected': ref(y)})
    # Offset data (mean 100, spread 0.1) needs a two-pass variance; a constant row gives the bias.
    x = randn(4, 24, scale=0.1, offset=100.0)
    x[1, :] = 3.0
    bias = randn(24)
    y = F.layer_norm(x.to(F64), (24,), None, bias.to(F64), 1e-5)
    cases.append({'name': '[4,24] offset 100, a constant row', 'args': [inp(x), {'bias': inp(bias)}], 'expected': ref(y)})
    write('layerNorm', 'torch.nn.functional.layer_norm in float64 (eps default 1e-5)', cases)


def gen_rms_norm():
    cases = []
    for shape, w, eps in [((4, 7), True, None), ((2, 3, 17), False, None), ((65,), True, 1e-6),
                          ((5, 32), False, 0.5), ((2, 1), True, None)]:
        x = randn(*shape, scale=1.5)
        C = shape[-1]
        weight = randn(C) if w else None
        x64 = x.to(F64)
        e = 1e-5 if eps is None else eps
        y = x64 * torch.rsqrt(x64.pow(2).mean(-1, keepdim=True) + e)
        if weight is not None:
            y = y * weight.to(F64)
        opts = {k: v for k, v in [('weight', weight), ('eps', eps)] if v is not None}
        args = [inp(x)] + ([{k: inp(v) if torch.is_tensor(v) else v for k, v in opts.items()}] if opts else [])
        cases.append({'name': f'{shape_str(shape)} weight={w} eps={eps}', 'args': args, 'expected': ref(y)})
    write('rmsNorm', 'x * rsqrt(mean(x^2, -1) + eps) * weight in float64 (eps default 1e-5)', cases)


def gen_l2_normalize():
    cases = []
    for shape, eps in [((4, 7), None), ((2, 3, 17), None), ((65,), 1e-3), ((3, 5), 10.0)]:
        x = randn(*shape)
        y = F.normalize(x.to(F64), dim=-1, eps=1e-12 if eps is None else eps)
        args = [inp(x)] + ([{'eps': eps}] if eps is not None else [])
        cases.append({'name': f'{shape_str(shape)} eps={eps}', 'args': args, 'expected': ref(y)})
    x = randn(3, 6)
    x[1, :] = 0.0
    cases.append({'name': '[3,6] with a zero row (stays zero)', 'args': [inp(x)],
                  'expected': ref(F.normalize(x.to(F64), dim=-1))})
    write('l2Normalize', 'torch.nn.functional.normalize(x, dim=-1, eps) in float64 (eps default 1e-12)', cases)


def activation_inputs():
    grid = torch.linspace(-8, 8, 65, dtype=F64).to(torch.float32)
    edges = torch.tensor([0.0, -0.0, 1e-6, -1e-6, 20.0, -20.0, 50.0, -50.0, 88.0, -88.0], dtype=torch.float32)
    return [('grid [-8, 8] step 0.25', grid), ('edges', edges), ('[3,5,7] random', randn(3, 5, 7, scale=3.0))]


def gen_activations():
    cases = []
    for name, x in activation_inputs():
        for approx in [None, 'none', 'tanh']:
            y = F.gelu(x.to(F64), approximate=approx or 'none')
            args = [inp(x)] + ([{'approximate': approx}] if approx else [])
            cases.append({'name': f'{name} approximate={approx}', 'args': args, 'expected': ref(y)})
    write('gelu', "torch.nn.functional.gelu(x, approximate) in float64 (default 'none')", cases)
    write('relu', 'torch.relu in float64', [{'name': n, 'args': [inp(x)], 'expected': ref(torch.relu(x.to(F64)))}
                                              for n, x in activation_inputs()])
    write('silu', 'torch.nn.functional.silu in float64',
          [{'name': n, 'args': [inp(x)], 'expected': ref(F.silu(x.to(F64)))} for n, x in activation_inputs()])


# ---- positional encodings ---------------------------------------------------

def sinusoidal_ref(T, C, base):
    t = torch.arange(T, dtype=F64)[:, None]
    c = torch.arange(C)
    inv_freq = torch.pow(torch.tensor(float(base), dtype=F64), -(c - c % 2).to(F64) / C)  # 2i / dModel
    angle = t * inv_freq[None, :]
    return torch.where(c % 2 == 0, torch.sin(angle), torch.cos(angle))


def gen_sinusoidal():
    cases = []
    for T, C, base in [(2, 4, None), (7, 16, None), (40, 64, None), (33, 10, 500.0), (5, 7, None),
                       (600, 4, None), (3, 8, 100.0), (1, 1, None), (0, 8, None)]:
        args = [T, C] + ([{'base': base}] if base is not None else [])
        cases.append({'name': f'seqLen={T} dModel={C} base={base}', 'args': args,
                      'expected': ref(sinusoidal_ref(T, C, base or 10000.0))})
    write('sinusoidalPositionalEncoding', 'PE[t,2i] = sin(t base^(-2i/d)), PE[t,2i+1] = cos(same), float64', cases)


def rope_angles(T, D, base, offset):
    i = torch.arange(D // 2, dtype=F64)
    inv_freq = torch.pow(torch.tensor(float(base), dtype=F64), -2.0 * i / D)
    return (torch.arange(T, dtype=F64) + offset)[:, None] * inv_freq[None, :]  # [T, D/2]


def rope_ref(x, base, layout, offset):
    x = x.to(F64)
    T, D = x.shape[-2:]
    ang = rope_angles(T, D, base, offset)
    c, s = torch.cos(ang), torch.sin(ang)
    ia = torch.arange(0, D, 2) if layout == 'interleaved' else torch.arange(D // 2)
    ib = ia + 1 if layout == 'interleaved' else ia + D // 2
    a, b = x[..., ia], x[..., ib]
    out = torch.empty_like(x)
    out[..., ia] = a * c - b * s
    out[..., ib] = a * s + b * c
    return out


def gen_rope():
    cases = []
    for D, T, base, offset in [(4, 3, None, None), (8, 10, 500000.0, None), (64, 20, None, None),
                               (2, 1, None, None), (16, 5, None, 100), (6, 4, 10.0, 3)]:
        opts = {k: v for k, v in [('base', base), ('positionOffset', offset)] if v is not None}
        ang = rope_angles(T, D, base or 10000.0, offset or 0)
        cases.append({'name': f'headDim={D} seqLen={T} {opts}', 'args': [D, T] + ([opts] if opts else []),
                      'expected': {'cos': ref(torch.cos(ang)), 'sin': ref(torch.sin(ang))}})
    write('ropeFrequencies', 'cos/sin of (t + offset) * base^(-2i/headDim), float64', cases)

    cases = []
    for shape, layout, base, offset in [((3, 4), None, None, None), ((3, 4), 'half', None, None),
                                        ((2, 5, 8), 'interleaved', None, 7), ((2, 5, 8), 'half', None, 7),
                                        ((2, 2, 6, 34), 'interleaved', 500000.0, None),
                                        ((2, 2, 6, 34), 'half', 500000.0, None),
                                        ((1, 64), 'half', None, 1000), ((4, 2), None, 100.0, 2),
                                        ((3, 0, 8), None, None, None)]:
        x = randn(*shape)
        opts = {k: v for k, v in [('layout', layout), ('base', base), ('positionOffset', offset)] if v is not None}
        y = rope_ref(x, base or 10000.0, layout or 'interleaved', offset or 0)
        cases.append({'name': f'{shape_str(shape)} {opts}', 'args': [inp(x)] + ([opts] if opts else []),
                      'expected': ref(y)})
    write('applyRope', "pairs (2i,2i+1) ('interleaved') or (i,i+D/2) ('half') rotated by rope angles, float64", cases)


def alibi_get_slopes(n):
    # The ALiBi paper's reference construction (Press et al., github.com/ofirpress/attention_with_linear_biases).
    def get_slopes_power_of_2(n):
        start = 2 ** (-2 ** -(math.log2(n) - 3))
        ratio = start
        return [start * ratio ** i for i in range(n)]
    if math.log2(n).is_integer():
        return get_slopes_power_of_2(n)
    closest_power_of_2 = 2 ** math.floor(math.log2(n))
    return (get_slopes_power_of_2(closest_power_of_2)
            + alibi_get_slopes(2 * closest_power_of_2)[0::2][:n - closest_power_of_2])


def gen_alibi():
    cases = [{'name': f'nHeads={n}', 'args': [n], 'expected': ref(torch.tensor(alibi_get_slopes(n), dtype=F64))}
             for n in [1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 20, 24, 32, 33, 48, 64]]
    write('alibiSlopes', "the ALiBi paper's get_slopes (non powers of two included)", cases)


# ---- attention --------------------------------------------------------------

def attention_ref(q, k, v, mask=None, isCausal=False, scale=None, enableGqa=False, kind='dot',
                  temperature=1.0, alibi=False, window=None):
    q, k, v = q.to(F64), k.to(F64), v.to(F64)
    single = q.dim() == 2
    if single:
        q, k, v = q[None], k[None], v[None]
    Hq, Nq, D = q.shape[-3:]
    Hkv, Nk = k.shape[-3], k.shape[-2]
    if Hq != Hkv:
        assert enableGqa and Hq % Hkv == 0
        k = k.repeat_interleave(Hq // Hkv, dim=-3)
        v = v.repeat_interleave(Hq // Hkv, dim=-3)
    if kind == 'cosine':
        s = F.normalize(q, dim=-1, eps=1e-12) @ F.normalize(k, dim=-1, eps=1e-12).transpose(-1, -2) / temperature
    else:
        s = q @ k.transpose(-1, -2) * (1 / math.sqrt(D) if scale is None else scale) / temperature
    ip = torch.arange(Nq)[:, None] + (Nk - Nq)  # query i aligned to the end of the keys
    j = torch.arange(Nk)[None, :]
    allowed = torch.ones(Nq, Nk, dtype=torch.bool)
    if isCausal:
        allowed &= j <= ip
    if window is not None:
        allowed &= (ip - j).abs() < window
    if mask is not None:
        if mask.dtype == torch.bool:
            allowed = allowed & mask
        else:
            s = s + mask.to(F64)
    if alibi:
        slopes = torch.tensor(alibi_get_slopes(Hq), dtype=F64)
        s = s - slopes[:, None, None] * (j - ip).abs().to(F64)
    allowed = allowed.expand(s.shape)
    s = s.masked_fill(~allowed, -math.inf)
    none = (s == -math.inf).all(-1, keepdim=True)
    w = torch.where(none, torch.zeros_like(s), torch.softmax(s, dim=-1))
    out = w @ v
    if single:
        out, w = out[0], w[0]
    return out, w


def gen_attention():
    cases = []

    def add(name, qs, ks, vs, mask=None, **opts):
        q, k, v = randn(*qs), randn(*ks), randn(*vs)
        out, w = attention_ref(q, k, v, mask=mask, **opts)
        o = dict(opts)
        if mask is not None:
            o['attnMask'] = inp(mask)
        cases.append({'name': name, 'args': [inp(q), inp(k), inp(v)] + ([o] if o else []),
                      'expected': {'output': ref(out), 'weights': ref(w)}})

    def bool_mask(*shape, p=0.7):
        return torch.rand(*shape, generator=GEN) < p

    add('rank-2 q/k/v: one head [5,8]', (5, 8), (5, 8), (5, 8))
    add('[2,3,5,8] plain', (2, 3, 5, 8), (2, 3, 5, 8), (2, 3, 5, 8))
    add('Dv != D: v [2,6,3]', (2, 4, 5), (2, 6, 5), (2, 6, 3))
    add('odd head dim 17, Nq 7 Nk 9', (1, 2, 7, 17), (1, 2, 9, 17), (1, 2, 9, 17))
    add('causal Nq = Nk', (2, 6, 8), (2, 6, 8), (2, 6, 8), isCausal=True)
    add('causal Nq < Nk (KV cache: aligned to the end)', (2, 3, 8), (2, 7, 8), (2, 7, 8), isCausal=True)
    add('causal Nq = 1 (one decode step)', (2, 1, 8), (2, 9, 8), (2, 9, 8), isCausal=True)
    add('causal Nq > Nk (first rows see no key: zeros)', (1, 6, 4), (1, 3, 4), (1, 3, 4), isCausal=True)
    add('GQA Hq 6 Hkv 2', (2, 6, 4, 8), (2, 2, 5, 8), (2, 2, 5, 8), enableGqa=True)
    add('MQA Hq 4 Hkv 1, causal', (4, 5, 8), (1, 5, 8), (1, 5, 8), enableGqa=True, isCausal=True)
    add('bool mask [Nq,Nk] with a fully masked row', (2, 2, 4, 8), (2, 2, 6, 8), (2, 2, 6, 8),
        mask=torch.tensor([[1, 1, 0, 1, 0, 1], [0, 0, 0, 0, 0, 0], [1, 0, 1, 0, 1, 1], [0, 0, 0, 0, 0, 1]],
                          dtype=torch.bool))
    add('bool mask [B,H,Nq,Nk] and causal', (2, 3, 5, 4), (2, 3, 5, 4), (2, 3, 5, 4),
        mask=bool_mask(2, 3, 5, 5), isCausal=True)
    m = randn(2, 1, 4, 6)
    m[torch.rand(2, 1, 4, 6, generator=GEN) < 0.3] = -math.inf
    m[0, 0, 2, :] = -math.inf
    add('float mask [B,1,Nq,Nk] with -inf (a row all -inf: zeros)', (2, 3, 4, 8), (2, 3, 6, 8), (2, 3, 6, 8), mask=m)
    add('float mask [H,1,Nk]', (3, 4, 8), (3, 6, 8), (3, 6, 8), mask=randn(3, 1, 6))
    add('bool mask [2,1,H,Nq,Nk] on batch [2,3] (partial broadcast)', (2, 3, 2, 4, 8), (2, 3, 2, 5, 8),
        (2, 3, 2, 5, 8), mask=bool_mask(2, 1, 2, 4, 5))
    add('window 2', (2, 7, 8), (2, 7, 8), (2, 7, 8), window=2)
    add('window 3 causal, Nq < Nk', (2, 4, 8), (2, 9, 8), (2, 9, 8), window=3, isCausal=True)
    add('window 1 (only the aligned token)', (1, 5, 8), (1, 5, 8), (1, 5, 8), window=1)
    add('explicit scale 0.3', (2, 5, 8), (2, 5, 8), (2, 5, 8), scale=0.3)
    add('temperature 0.5', (2, 5, 8), (2, 6, 8), (2, 6, 8), temperature=0.5)
    add('temperature 3 with scale 1', (2, 5, 8), (2, 6, 8), (2, 6, 8), temperature=3.0, scale=1.0)
    add('cosine', (2, 5, 8), (2, 6, 8), (2, 6, 8), kind='cosine')
    add('cosine temperature 0.1 causal', (2, 5, 8), (2, 6, 8), (2, 6, 8), kind='cosine', temperature=0.1,
        isCausal=True)
    add('alibi 4 heads causal', (4, 6, 8), (4, 6, 8), (4, 6, 8), alibi=True, isCausal=True)
    add('alibi 6 heads (not a power of two), Nq < Nk', (6, 3, 8), (6, 7, 8), (6, 7, 8), alibi=True)
    add('alibi + temperature + float mask', (2, 4, 3, 8), (2, 4, 5, 8), (2, 4, 5, 8), alibi=True,
        temperature=2.0, mask=randn(3, 5))
    add('everything: GQA, causal, window, bool mask, alibi, scale', (2, 4, 4, 8), (2, 2, 6, 8), (2, 2, 6, 4),
        enableGqa=True, isCausal=True, window=3, mask=bool_mask(4, 1, 6, p=0.8), alibi=True, scale=0.5)
    add('long: Nk 150 crosses flash tiles of 64', (1, 2, 3, 8), (1, 2, 150, 8), (1, 2, 150, 8))
    add('long causal window 70, Nk 150', (1, 3, 8), (1, 150, 8), (1, 150, 8), isCausal=True, window=70)
    add('Nk = 0 (no keys: zeros)', (1, 2, 3, 4), (1, 2, 0, 4), (1, 2, 0, 4))
    add('large scores (stability)', (1, 4, 8), (1, 5, 8), (1, 5, 8), scale=20.0)
    write('attention', 'explicit float64 attention from the conventions of docs/GUIDE.md (see gen_fixtures.py)', cases)


def main():
    gen_matmul()
    gen_softmax()
    gen_layer_norm()
    gen_rms_norm()
    gen_l2_normalize()
    gen_activations()
    gen_sinusoidal()
    gen_rope()
    gen_alibi()
    gen_attention()
    total = sum(os.path.getsize(os.path.join(OUT_DIR, f)) for f in os.listdir(OUT_DIR) if f.endswith('.json'))
    print(f'total {total} bytes')


if __name__ == '__main__':
    main()
