#!/usr/bin/env python3
"""PyTorch reference fixtures for the block parts (issue 3): feedForward,
multiHeadAttention and transformerBlock.

Run (needs Debian's python3-torch, hence /usr/bin/python3):

    /usr/bin/python3 scripts/gen_fixtures_blocks.py     # or: npm run fixtures

It writes tests/fixtures/blocks_<function>.json, replayed by
tests/js/blocks_fixtures.test.js. Same file format, encoding and helpers as
scripts/gen_fixtures.py (inputs float32 with shortest round-trip decimals,
references float64 rounded to 9 significant digits, non-finite values as
"inf"/"-inf"/"nan"); seeds are fixed, so two runs write identical bytes.
A case is {"name", "args": [x, params, opts], "expected"}; params are the
package's parameter objects ({wq, wk, ...} as [in, out] matrices, applied
x @ W; torch's nn.Linear stores the transpose, so the references load W.T).
Random inputs and weights are rounded to 4 significant digits (see randn)
to keep the files small (~1 MB together). expected is the output tensor
(feedForward) or {output, intermediates} with every intermediate the API
defines; transformerBlock records attentionIntermediates for the GPT-2 and
Llama blocks only (the multiHeadAttention file covers them in depth). With
RoPE, positionOffset leaves the output unchanged (scores depend on j - i
only); the q and k intermediates are what pin it down.

References, in float64 on the float32 inputs, from the definitions of the
issue 3 API (docs in web/lib/*.d.ts); legend T tokens, C = dModel, H heads,
Hkv kv heads, D = C / H, F FFN width:
  feedForward   act(x @ w1 + b1) @ w2 + b2, act = relu | gelu (erf) |
                gelu_tanh | relu2 (relu(z)^2); swiglu: (silu(x @ w1 + b1) *
                (x @ w3 + b3)) @ w2 + b2; absent biases are zero.
  multiHeadAttention
                q = x @ wq + bq split into H heads, k/v = m @ wk + bk, m @ wv + bv
                (m = memory or x) into Hkv heads; qkNorm per head ('rms':
                q * rsqrt(mean(q^2) + 1e-6), 'l2': q / max(|q|, 1e-12)) times
                qNorm/kNorm.weight, then RoPE (positions positionOffset + t);
                query head h uses kv head h // (H / Hkv); rawScores = q k^T,
                scaledScores = raw * scale / temperature (scale 1/sqrt(D);
                cosine: q^ k^T / temperature), maskedScores = scaled + float
                mask - alibi slope_h * |i' - j|, -inf where a bool mask,
                isCausal (j > i') or window (|i' - j| >= w) forbids, with
                i' = i + Tk - T; weights = softmax (a row with no key: zeros);
                headOutputs = weights @ v; concat [.., T, H*D]; output =
                concat @ wo + bo.
  transformerBlock
                pre-LN: h = x + mha(n1(x)), out = h + ffn(n2(h));
                post-LN: h = n1(x + mha(x)), out = n2(h + ffn(h));
                nGPT: h = N(x + aA * (N(mha(x)) - x)), out = N(h + aF * (N(ffn(h)) - h)),
                N = L2 normalisation (F.normalize, eps 1e-12).
Torch's own modules do the pieces where they exist (nn.Linear, nn.LayerNorm,
F.gelu, F.silu, F.normalize); independent cross-checks, asserted before
anything is written: nn.MultiheadAttention on the plain MHA cases (self and
cross, causal or not), gen_fixtures.attention_ref (the SDPA fixtures'
reference) on the attention core of every MHA case, and
nn.TransformerEncoderLayer on the GPT-2-style pre-LN and the post-LN blocks.
"""
import json
import math
import os
import sys

import torch
import torch.nn as nn
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_fixtures as base  # noqa: E402  (encoding, RoPE, ALiBi slopes, SDPA reference)
from gen_fixtures import F64, OUT_DIR, inp, ref, shape_str  # noqa: E402

GEN = torch.Generator().manual_seed(20240933)


def randn(*shape, scale=1.0, offset=0.0):
    """float32 N(offset, scale^2) values rounded to 4 significant digits: still
    arbitrary float32s for the arithmetic (0.1234 is not a binary fraction),
    but their shortest decimals are short, which halves the size of the inputs."""
    x = torch.randn(*shape, generator=GEN, dtype=F64) * scale + offset
    return torch.tensor([float(f'{v:.4g}') for v in x.flatten().tolist()], dtype=torch.float32).reshape(x.shape)


def weight(n_in, n_out):
    """A [in, out] matrix with the usual 1/sqrt(in) spread, so activations stay O(1)."""
    return randn(n_in, n_out, scale=1 / math.sqrt(n_in))


def write(stem, function, reference, cases):
    path = os.path.join(OUT_DIR, f'blocks_{stem}.json')
    body = ',\n'.join(json.dumps(c, separators=(',', ':'), allow_nan=False) for c in cases)
    with open(path, 'w') as f:
        f.write(f'{{"function":{json.dumps(function)},"reference":{json.dumps(reference)},"cases":[\n{body}\n]}}\n')
    print(f'{os.path.relpath(path)}: {len(cases)} cases, {os.path.getsize(path)} bytes')
    return os.path.getsize(path)


def encode(v):
    """Params/options -> fixture JSON: tensors as inputs, nested objects kept."""
    if torch.is_tensor(v):
        return inp(v)
    if isinstance(v, dict):
        return {k: encode(x) for k, x in v.items()}
    return v


def assert_close(a, b, what, tol=1e-10):
    a, b = a.to(F64), b.to(F64)
    assert a.shape == b.shape, (what, a.shape, b.shape)
    err = (a - b).abs().max().item() if a.numel() else 0.0
    assert err <= tol * max(1.0, b.abs().max().item()), f'cross-check {what}: {err}'


# ---- building blocks (torch modules, float64) ---------------------------------

def linear(x, w, b=None):
    """x @ w + b through nn.Linear (which stores w transposed)."""
    lin = nn.Linear(w.shape[0], w.shape[1], bias=b is not None, dtype=F64)
    lin.weight.copy_(w.to(F64).T)
    if b is not None:
        lin.bias.copy_(b.to(F64))
    return lin(x.to(F64))


def layer_norm(x, p, eps):
    C = x.shape[-1]
    ln = nn.LayerNorm(C, eps=eps, dtype=F64)
    ln.weight.copy_(p['weight'].to(F64))
    ln.bias.copy_(p['bias'].to(F64) if 'bias' in p else torch.zeros(C, dtype=F64))
    return ln(x.to(F64))


def rms_norm(x, weight_, eps):
    x = x.to(F64)
    y = x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps)
    return y if weight_ is None else y * weight_.to(F64)


def l2n(x):
    return F.normalize(x.to(F64), dim=-1, eps=1e-12)


ACT = {'relu': F.relu, 'gelu': F.gelu, 'gelu_tanh': lambda z: F.gelu(z, approximate='tanh'),
       'relu2': lambda z: F.relu(z).pow(2)}


def ffn_ref(x, p, activation='gelu'):
    """Returns (output, hidden after the activation / the gated product)."""
    if activation == 'swiglu':
        hidden = F.silu(linear(x, p['w1'], p.get('b1'))) * linear(x, p['w3'], p.get('b3'))
    else:
        hidden = ACT[activation](linear(x, p['w1'], p.get('b1')))
    return linear(hidden, p['w2'], p.get('b2')), hidden


def mha_ref(x, p, nHeads, nKvHeads=None, isCausal=False, rope=None, memory=None, qkNorm=None, kind='dot',
            temperature=1.0, scale=None, alibi=False, window=None, attnMask=None, positionOffset=0,
            returnIntermediates=False):
    H = nHeads
    Hkv = nKvHeads or H
    C = x.shape[-1]
    D = C // H
    src = x if memory is None else memory

    def heads(t, n):  # [..., T, n*D] -> [..., n, T, D]
        return t.unflatten(-1, (n, D)).transpose(-3, -2)

    q = heads(linear(x, p['wq'], p.get('bq')), H)
    k = heads(linear(src, p['wk'], p.get('bk')), Hkv)
    v = heads(linear(src, p['wv'], p.get('bv')), Hkv)

    def qk_norm(t, name):
        w = p[name]['weight'] if name in p else None
        if qkNorm == 'rms':
            return rms_norm(t, w, 1e-6)
        if qkNorm == 'l2':
            return l2n(t) * (1.0 if w is None else w.to(F64))
        return t

    q, k = qk_norm(q, 'qNorm'), qk_norm(k, 'kNorm')
    if rope is not None:
        rb, rl = rope.get('base', 10000.0), rope.get('layout', 'interleaved')
        q = base.rope_ref(q, rb, rl, positionOffset)
        k = base.rope_ref(k, rb, rl, positionOffset)

    T, Tk = q.shape[-2], k.shape[-2]
    kk = k.repeat_interleave(H // Hkv, dim=-3)
    vv = v.repeat_interleave(H // Hkv, dim=-3)
    raw = q @ kk.transpose(-1, -2)
    if kind == 'cosine':
        scaled = l2n(q) @ l2n(kk).transpose(-1, -2) / temperature
    else:
        scaled = raw * (1 / math.sqrt(D) if scale is None else scale) / temperature
    ip = torch.arange(T)[:, None] + (Tk - T)
    j = torch.arange(Tk)[None, :]
    allowed = torch.ones(T, Tk, dtype=torch.bool)
    if isCausal:
        allowed &= j <= ip
    if window is not None:
        allowed &= (ip - j).abs() < window
    s = scaled
    if attnMask is not None:
        if attnMask.dtype == torch.bool:
            allowed = allowed & attnMask
        else:
            s = s + attnMask.to(F64)
    if alibi:
        s = s - torch.tensor(base.alibi_get_slopes(H), dtype=F64)[:, None, None] * (j - ip).abs().to(F64)
    masked = s.masked_fill(~allowed.expand(s.shape), -math.inf)
    none = (masked == -math.inf).all(-1, keepdim=True)
    weights = torch.where(none, torch.zeros_like(masked), torch.softmax(masked, dim=-1))
    head_out = weights @ vv
    concat = head_out.transpose(-3, -2).flatten(-2)
    out = linear(concat, p['wo'], p.get('bo'))

    # Cross-check the attention core against the SDPA fixtures' reference.
    o2, w2 = base.attention_ref(q, k, v, mask=attnMask, isCausal=isCausal, scale=scale, enableGqa=H != Hkv,
                                kind=kind, temperature=temperature, alibi=alibi, window=window)
    assert_close(w2, weights, 'attention_ref weights')
    assert_close(o2, head_out, 'attention_ref output')

    inter = {'q': q, 'k': k, 'v': v, 'rawScores': raw, 'scaledScores': scaled, 'maskedScores': masked,
             'weights': weights, 'headOutputs': head_out, 'concat': concat}
    return out, inter


def torch_mha_check(x, p, H, memory=None, isCausal=False, out=None, weights=None):
    """nn.MultiheadAttention on the same weights (plain MHA, all biases or none)."""
    C = x.shape[-1]
    has_bias = 'bq' in p
    m = nn.MultiheadAttention(C, H, bias=has_bias, batch_first=True, dtype=F64)
    m.in_proj_weight.copy_(torch.cat([p['wq'].T, p['wk'].T, p['wv'].T]).to(F64))
    m.out_proj.weight.copy_(p['wo'].T.to(F64))
    if has_bias:
        m.in_proj_bias.copy_(torch.cat([p['bq'], p['bk'], p['bv']]).to(F64))
        m.out_proj.bias.copy_(p['bo'].to(F64))
    src = x if memory is None else memory
    lead = x.shape[:-2]
    xb = x.to(F64).reshape(-1, *x.shape[-2:])
    sb = src.to(F64).reshape(-1, *src.shape[-2:])
    T, Tk = x.shape[-2], src.shape[-2]
    mask = None
    if isCausal:  # torch: True = not allowed; aligned to the end of the keys as attnscope does
        mask = torch.arange(Tk)[None, :] > torch.arange(T)[:, None] + (Tk - T)
    o, w = m(xb, sb, sb, attn_mask=mask, need_weights=True, average_attn_weights=False)
    assert_close(o.reshape(*lead, T, C), out, 'nn.MultiheadAttention output')
    assert_close(w.reshape(*lead, H, T, Tk), weights, 'nn.MultiheadAttention weights')


def block_ref(x, p, cfg):
    nh, nkv = cfg['nHeads'], cfg.get('nKvHeads')
    eps = cfg.get('eps', 1e-5)
    norm = cfg.get('norm', 'layernorm')
    act = cfg.get('activation', 'gelu')
    attn_opts = {k: cfg[k] for k in ('isCausal', 'rope', 'qkNorm', 'kind', 'temperature', 'alibi', 'window',
                                     'positionOffset') if k in cfg}

    def n(t, which):
        return layer_norm(t, p[which], eps) if norm == 'layernorm' else rms_norm(t, p[which]['weight'], eps)

    def mha(t):
        return mha_ref(t, p['attn'], nh, nkv, **attn_opts)

    x64 = x.to(F64)
    if cfg.get('normalized'):
        a, ai = mha(x64)
        h = l2n(x64 + p['alphaAttn'].to(F64) * (l2n(a) - x64))
        f, hidden = ffn_ref(h, p['ffn'], act)
        out = l2n(h + p['alphaFfn'].to(F64) * (l2n(f) - h))
        normed1, normed2 = x64, h
    elif cfg.get('prenorm', True):
        normed1 = n(x64, 'norm1')
        a, ai = mha(normed1)
        h = x64 + a
        normed2 = n(h, 'norm2')
        f, hidden = ffn_ref(normed2, p['ffn'], act)
        out = h + f
    else:
        normed1 = x64
        a, ai = mha(x64)
        h = n(x64 + a, 'norm1')
        normed2 = h
        f, hidden = ffn_ref(h, p['ffn'], act)
        out = n(h + f, 'norm2')
    inter = {'normed1': normed1, 'attention': a, 'residual1': h, 'normed2': normed2, 'ffnHidden': hidden,
             'ffn': f, 'output': out, 'attentionIntermediates': ai}
    return out, inter


def torch_encoder_layer_check(x, p, cfg, out):
    """nn.TransformerEncoderLayer (LayerNorm, relu/gelu FFN, all biases, MHA) on the same weights."""
    C = x.shape[-1]
    Fw = p['ffn']['w1'].shape[1]
    layer = nn.TransformerEncoderLayer(C, cfg['nHeads'], dim_feedforward=Fw, dropout=0.0,
                                       activation=cfg.get('activation', 'gelu'),
                                       layer_norm_eps=cfg.get('eps', 1e-5), batch_first=True,
                                       norm_first=cfg.get('prenorm', True), dtype=F64)
    a, f = p['attn'], p['ffn']
    layer.self_attn.in_proj_weight.copy_(torch.cat([a['wq'].T, a['wk'].T, a['wv'].T]).to(F64))
    layer.self_attn.in_proj_bias.copy_(torch.cat([a['bq'], a['bk'], a['bv']]).to(F64))
    layer.self_attn.out_proj.weight.copy_(a['wo'].T.to(F64))
    layer.self_attn.out_proj.bias.copy_(a['bo'].to(F64))
    layer.linear1.weight.copy_(f['w1'].T.to(F64))
    layer.linear1.bias.copy_(f['b1'].to(F64))
    layer.linear2.weight.copy_(f['w2'].T.to(F64))
    layer.linear2.bias.copy_(f['b2'].to(F64))
    for nm in ('norm1', 'norm2'):
        getattr(layer, nm).weight.copy_(p[nm]['weight'].to(F64))
        getattr(layer, nm).bias.copy_(p[nm]['bias'].to(F64))
    T = x.shape[-2]
    mask = torch.triu(torch.ones(T, T, dtype=torch.bool), 1) if cfg.get('isCausal') else None
    layer.train()  # dropout 0; keeps torch off its float32-only fast path
    o = layer(x.to(F64).reshape(-1, T, C), src_mask=mask)
    assert_close(o.reshape(out.shape), out, 'nn.TransformerEncoderLayer output')


# ---- random parameters --------------------------------------------------------

def ffn_params(C, Fw, activation, biases):
    p = {'w1': weight(C, Fw)}
    if activation == 'swiglu':
        p['w3'] = weight(C, Fw)
    p['w2'] = weight(Fw, C)
    if biases is True:
        biases = ('b1', 'b3', 'b2') if activation == 'swiglu' else ('b1', 'b2')
    for b in biases or ():
        p[b] = randn(C if b == 'b2' else Fw, scale=0.5)
    return p


def attn_params(C, H, Hkv=None, biases=False, qNorm=False, kNorm=False, normScale=(1.0, 0.3)):
    Hkv = Hkv or H
    D = C // H
    p = {'wq': weight(C, H * D), 'wk': weight(C, Hkv * D), 'wv': weight(C, Hkv * D), 'wo': weight(H * D, C)}
    if biases:
        p.update(bq=randn(H * D, scale=0.5), bk=randn(Hkv * D, scale=0.5), bv=randn(Hkv * D, scale=0.5),
                 bo=randn(C, scale=0.5))
    if qNorm:
        p['qNorm'] = {'weight': randn(D, scale=normScale[1], offset=normScale[0])}
    if kNorm:
        p['kNorm'] = {'weight': randn(D, scale=normScale[1], offset=normScale[0])}
    return p


def norm_params(C, norm, bias=True):
    p = {'weight': randn(C, scale=0.3, offset=1.0)}
    if norm == 'layernorm' and bias:
        p['bias'] = randn(C, scale=0.3)
    return p


# ---- feedForward --------------------------------------------------------------

def gen_feed_forward():
    cases = []

    def add(name, shape, Fw, activation, biases, pass_activation=True):
        C = shape[-1]
        x = randn(*shape)
        p = ffn_params(C, Fw, activation, biases)
        out, _ = ffn_ref(x, p, activation)
        args = [inp(x), encode(p)] + ([{'activation': activation}] if pass_activation else [])
        cases.append({'name': f'{activation} {shape_str(shape)} F={Fw} {name}', 'args': args,
                      'expected': ref(out)})

    # C and F of 8, 16, 24 fill SIMD strips of 4; 17 and 23 leave scalar tails.
    for act in ['relu', 'gelu', 'gelu_tanh', 'swiglu', 'relu2']:
        add('with biases', (4, 16), 24, act, True)
        add('no biases', (2, 3, 17), 23, act, False)
    add('only b2', (3, 16), 24, 'relu', ('b2',))
    add('swiglu only b3', (4, 16), 20, 'swiglu', ('b3',))
    add('batch dims [2,2], biases', (2, 2, 3, 12), 23, 'gelu_tanh', True)
    add('default activation (gelu), biases', (3, 8), 16, 'gelu', True, pass_activation=False)
    add('one token', (1, 16), 16, 'swiglu', False)
    return write('feedForward', 'feedForward',
                 'act(x@w1+b1)@w2+b2 (swiglu: (silu(x@w1+b1)*(x@w3+b3))@w2+b2) with nn.Linear, F.gelu, F.silu '
                 'in float64 (see gen_fixtures_blocks.py)', cases)


# ---- multiHeadAttention -------------------------------------------------------

def gen_mha():
    cases = []

    def add(name, shape, H, Hkv=None, biases=False, memory_len=None, check_torch=False, mask=None,
            qNorm=False, kNorm=False, normScale=(1.0, 0.3), **opts):
        C = shape[-1]
        x = randn(*shape)
        memory = randn(*shape[:-2], memory_len, C) if memory_len else None
        p = attn_params(C, H, Hkv, biases, qNorm, kNorm, normScale)
        o = {'nHeads': H, **({'nKvHeads': Hkv} if Hkv else {}), **opts}
        if memory is not None:
            o['memory'] = memory
        if mask is not None:
            o['attnMask'] = mask
        o['returnIntermediates'] = True
        out, inter = mha_ref(x, p, **{k: v for k, v in o.items()})
        if check_torch:
            torch_mha_check(x, p, H, memory=memory, isCausal=o.get('isCausal', False), out=out,
                            weights=inter['weights'])
        cases.append({'name': name, 'args': [inp(x), encode(p), encode(o)],
                      'expected': {'output': ref(out), 'intermediates': {k: ref(v) for k, v in inter.items()}}})

    add('MHA H=4 [5,16] biases, bidirectional (= nn.MultiheadAttention)', (5, 16), 4, biases=True,
        check_torch=True)
    add('MHA H=2 [2,4,8] causal, no biases (= nn.MultiheadAttention)', (2, 4, 8), 2, isCausal=True,
        check_torch=True)
    add('MHA H=2 batch [2,2] [3,8] causal, biases (= nn.MultiheadAttention)', (2, 2, 3, 8), 2, biases=True,
        isCausal=True, check_torch=True)
    add('MHA H=3 D=5 (odd head dim) [5,15]', (5, 15), 3, biases=True)
    add('GQA H=4 Hkv=2 [4,16] causal', (4, 16), 4, 2, isCausal=True)
    add('GQA H=6 Hkv=3 D=3 [4,18] biases', (4, 18), 6, 3, biases=True)
    add('MQA H=4 Hkv=1 [5,16] causal', (5, 16), 4, 1, isCausal=True)
    add('RoPE interleaved positionOffset 3, GQA H=4 Hkv=2 D=6, causal', (5, 24), 4, 2, isCausal=True,
        rope={'layout': 'interleaved'}, positionOffset=3)
    add('RoPE half base 500000 positionOffset 7', (5, 16), 2, rope={'base': 500000.0, 'layout': 'half'},
        positionOffset=7, isCausal=True)
    add('RoPE default layout (interleaved), base 100, biases', (5, 16), 2, biases=True, rope={'base': 100.0})
    add('RoPE half, no positionOffset, MQA', (2, 4, 16), 2, 1, rope={'layout': 'half'}, isCausal=True)
    add('qkNorm rms with weights', (5, 16), 2, isCausal=True, qkNorm='rms', qNorm=True, kNorm=True)
    add('qkNorm rms without weights', (2, 4, 8), 2, qkNorm='rms')
    add('qkNorm rms with weights, then RoPE half (order matters)', (5, 16), 2, qkNorm='rms', qNorm=True,
        kNorm=True, rope={'layout': 'half'}, positionOffset=2, isCausal=True)
    add('qkNorm l2 with weights (scale 2 ± 0.5), GQA', (5, 16), 4, 2, qkNorm='l2', qNorm=True, kNorm=True,
        normScale=(2.0, 0.5), isCausal=True)
    add('qkNorm l2 without weights, temperature 0.1', (5, 16), 2, qkNorm='l2', temperature=0.1)
    add('qkNorm l2 with only a qNorm weight, RoPE interleaved', (5, 16), 2, qkNorm='l2', qNorm=True,
        normScale=(3.0, 0.5), rope={'layout': 'interleaved'}, positionOffset=4)
    add('cosine temperature 0.1', (2, 5, 8), 2, kind='cosine', temperature=0.1)
    add('cosine causal temperature 0.2, biases', (5, 16), 2, biases=True, kind='cosine', temperature=0.2,
        isCausal=True)
    add('cross-attention memory Tm=7, T=4, biases (= nn.MultiheadAttention)', (4, 16), 4, biases=True,
        memory_len=7, check_torch=True)
    add('cross-attention batch [2], Tm=3 < T=4, GQA', (2, 4, 16), 4, 2, memory_len=3)
    add('cross-attention causal Tm=6, T=3 (aligned to the end; = nn.MultiheadAttention)', (3, 16), 2,
        memory_len=6, isCausal=True, check_torch=True)
    add('alibi H=4 causal, biases', (6, 16), 4, biases=True, alibi=True, isCausal=True)
    add('alibi H=6 (not a power of two), bidirectional', (4, 12), 6, alibi=True)
    add('alibi H=3 cross-attention Tm=5, T=3', (3, 12), 3, alibi=True, memory_len=5)
    add('window 2 causal', (6, 8), 2, isCausal=True, window=2)
    add('window 3 bidirectional, MQA', (6, 8), 2, 1, window=3)
    add('bool attnMask [T,T] with a fully masked row', (5, 16), 2,
        mask=torch.tensor([[1, 0, 1, 1, 0], [0, 0, 0, 0, 0], [1, 1, 1, 0, 1], [0, 1, 1, 1, 1], [1, 1, 0, 0, 1]],
                          dtype=torch.bool))
    add('float attnMask [H,1,T] broadcast, causal', (2, 5, 8), 2, mask=randn(2, 1, 5), isCausal=True)
    add('scale 0.5 temperature 2', (5, 16), 4, scale=0.5, temperature=2.0)
    add('one token T=1', (1, 16), 4, biases=True, isCausal=True, rope={'layout': 'half'}, positionOffset=9)
    return write('multiHeadAttention', 'multiHeadAttention',
                 'projections with nn.Linear, heads, qkNorm, RoPE, masked softmax attention in float64 '
                 '(gen_fixtures_blocks.py mha_ref; cross-checked with nn.MultiheadAttention and '
                 'gen_fixtures.attention_ref)', cases)


# ---- transformerBlock ---------------------------------------------------------

def gen_block():
    cases = []

    def add(name, shape, cfg, Fw, attn_kw, ffn_biases, norm_bias=True, check_torch=False, intermediates=True,
            attention_intermediates=False, x=None):
        C = shape[-1]
        norm = cfg.get('norm', 'layernorm')
        act = cfg.get('activation', 'gelu')
        x = randn(*shape) if x is None else x
        p = {}
        if not cfg.get('normalized'):
            p['norm1'] = norm_params(C, norm, norm_bias)
        p['attn'] = attn_params(C, cfg['nHeads'], cfg.get('nKvHeads'), **attn_kw)
        if not cfg.get('normalized'):
            p['norm2'] = norm_params(C, norm, norm_bias)
        p['ffn'] = ffn_params(C, Fw, act, ffn_biases)
        if cfg.get('normalized'):
            p['alphaAttn'] = randn(C, scale=0.1, offset=0.3)
            p['alphaFfn'] = randn(C, scale=0.1, offset=0.3)
        cfg = dict(cfg)
        if intermediates:
            cfg['returnIntermediates'] = True
        out, inter = block_ref(x, p, cfg)
        if check_torch:
            torch_encoder_layer_check(x, p, cfg, out)
        want = {'output': ref(out)}
        if intermediates:
            # attentionIntermediates are recorded for the two headline blocks only (the
            # multiHeadAttention fixtures cover them in depth; this keeps the file small).
            want['intermediates'] = {k: ({kk: ref(vv) for kk, vv in v.items()} if isinstance(v, dict) else ref(v))
                                     for k, v in inter.items()
                                     if k != 'attentionIntermediates' or attention_intermediates}
        cases.append({'name': name, 'args': [inp(x), encode(p), encode(cfg)], 'expected': want})

    add('GPT-2 pre-LN: LayerNorm, GELU, biases everywhere, causal, [2,5,16] H=4 F=64 '
        '(= nn.TransformerEncoderLayer norm_first)', (2, 5, 16),
        {'nHeads': 4, 'norm': 'layernorm', 'prenorm': True, 'activation': 'gelu', 'isCausal': True},
        64, {'biases': True}, True, check_torch=True, attention_intermediates=True)
    add('Llama: RMSNorm, RoPE half, GQA H=4 Hkv=2 D=6, SwiGLU F=48, no biases, causal, [6,24]', (6, 24),
        {'nHeads': 4, 'nKvHeads': 2, 'norm': 'rmsnorm', 'activation': 'swiglu', 'isCausal': True,
         'rope': {'base': 10000.0, 'layout': 'half'}, 'eps': 1e-6},
        48, {}, False, attention_intermediates=True)
    add('Llama-like: RMSNorm, RoPE interleaved positionOffset 5, MQA, SwiGLU, [2,4,16]', (2, 4, 16),
        {'nHeads': 2, 'nKvHeads': 1, 'norm': 'rmsnorm', 'activation': 'swiglu', 'isCausal': True,
         'rope': {'layout': 'interleaved'}, 'positionOffset': 5},
        40, {}, False)
    add('post-LN: LayerNorm, ReLU, biases, bidirectional, [2,5,16] H=2 F=48 '
        '(= nn.TransformerEncoderLayer)', (2, 5, 16),
        {'nHeads': 2, 'norm': 'layernorm', 'prenorm': False, 'activation': 'relu', 'isCausal': False},
        48, {'biases': True}, True, check_torch=True)
    add('post-LN: RMSNorm, gelu_tanh, causal, eps 1e-3, [5,16]', (5, 16),
        {'nHeads': 4, 'norm': 'rmsnorm', 'prenorm': False, 'activation': 'gelu_tanh', 'isCausal': True,
         'eps': 1e-3},
        32, {'biases': True}, True)
    x = F.normalize(torch.randn(2, 5, 16, generator=GEN, dtype=F64), dim=-1).to(torch.float32)
    add('nGPT normalized: qkNorm l2 with weights, temperature 0.125, RoPE half, SwiGLU, causal, [2,5,16]',
        (2, 5, 16),
        {'nHeads': 2, 'normalized': True, 'activation': 'swiglu', 'isCausal': True, 'qkNorm': 'l2',
         'temperature': 0.125, 'rope': {'layout': 'half'}},
        32, {'qNorm': True, 'kNorm': True, 'normScale': (1.0, 0.2)}, False, x=x)
    add('defaults only ({nHeads}: pre-LN LayerNorm, gelu, bidirectional), no intermediates, [5,16]', (5, 16),
        {'nHeads': 4}, 32, {'biases': True}, True, intermediates=False)
    add('pre-LN LayerNorm without bias, relu2, alibi, window 3, MQA, batch [2,2], [2,2,3,16]', (2, 2, 3, 16),
        {'nHeads': 4, 'nKvHeads': 1, 'activation': 'relu2', 'isCausal': True, 'alibi': True, 'window': 3},
        24, {'biases': True}, ('b1',), norm_bias=False)
    add('pre-LN cosine attention temperature 0.1, qkNorm rms, GQA, [5,24]', (5, 24),
        {'nHeads': 6, 'nKvHeads': 2, 'norm': 'rmsnorm', 'kind': 'cosine', 'temperature': 0.1, 'qkNorm': 'rms',
         'activation': 'gelu'},
        24, {'qNorm': True, 'kNorm': True}, True)
    return write('transformerBlock', 'transformerBlock',
                 'pre-LN / post-LN / nGPT block from mha_ref and ffn_ref with nn.LayerNorm in float64 '
                 '(gen_fixtures_blocks.py block_ref; GPT-2 and post-LN cross-checked with '
                 'nn.TransformerEncoderLayer)', cases)


def main():
    with torch.no_grad():
        total = gen_feed_forward() + gen_mha() + gen_block()
    print(f'total {total} bytes')


if __name__ == '__main__':
    main()
