#!/usr/bin/env python3
"""PyTorch reference fixtures for the tiny-model readers and forwards (issue 4).

Run (needs Debian's python3-torch, hence /usr/bin/python3):

    /usr/bin/python3 scripts/gen_fixtures_model.py     # or: npm run fixtures

It writes into tests/fixtures/models/ (seeds fixed: two runs write identical
bytes; every file < 200 KB):
  llama_tiny.bin         llama2.c legacy checkpoint, random weights: dim 32,
                         hidden 72, 2 layers, 4 heads, 2 KV heads (GQA),
                         vocab 280, seq 32, unshared classifier (negative
                         vocab_size field, wcls stored last)
  llama_tiny_q8.bin      the same weights as ak42 version 2 (Q8_0, group 8),
                         quantised as llama2.c's export.py does (torch.round)
  llama_tiny_tokenizer.bin  tokenizer.bin: <unk>, <s>, </s>, <0x00>..<0xFF>,
                         then 21 pieces with merge scores
  llama_tiny.json        {"tokens", "logits" (T, V) float64, "logits_q8"
                         (the Q8_0 weights dequantised, activations exact),
                         "encode": [{"text", "bos", "eos", "ids"}]}
  gpt2_tiny.bin          our AGPT v1 checkpoint (docs/FORMATS.md): dim 32,
                         hidden 128, 2 layers, 4 heads, vocab 64, seq 32
  gpt2_tiny_tokenizer.bin  a char-level tokenizer.bin (ids 0..2 = <unk>,
                         <s>, </s>; then one character per token)
  gpt2_tiny.json         {"tokens", "logits", "encode"}

References are float64 on the float32 weights, written from the maths:
Llama (llama2.c's model.py): x = emb[tok]; per layer h = x + wo(attn(rope(wq
rms(x)), rope(wk rms(x)), wv rms(x))) with RMSNorm eps 1e-5 (weights times
x / sqrt(mean(x^2) + eps)), RoPE on pairs (2i, 2i+1) by pos * 10000^(-2i/D),
causal softmax(q k^T / sqrt(D)), query head h reading KV head h // (H/Hkv);
x = h + w2(silu(w1 rms(h)) * w3 rms(h)); logits = wcls rms(x).
GPT-2: x = wte[tok] + wpe[pos]; h = x + proj(attn(qkv(ln1(x)))) + b; x = h +
fc_proj(gelu_tanh(fc(ln2(h)) + b)) + b; logits = wte lnf(x) (LayerNorm eps
1e-5). Token ids of "encode" come from a plain Python port of run.c's
encode (BPE) and from character lookup (char), not from the core.
The C++ test (tests/cpp/model_fixture_test.cpp) and the JS tests replay them.
"""
import json
import os
import struct

import torch
import torch.nn.functional as F

OUT = os.path.join(os.path.dirname(__file__), '..', 'tests', 'fixtures', 'models')
T64 = torch.float64


def f32_bytes(t):
    return t.detach().to(torch.float32).contiguous().numpy().tobytes()


def rounded(x, digits=10):
    return [float(f'{v:.{digits}g}') for v in x]


# ---- Llama ---------------------------------------------------------------

def llama_weights(g, C=32, F_=72, L=2, H=4, Hkv=2, V=280, T=32):
    D = C // H
    def randn(*shape, scale=1.0):
        return (torch.randn(*shape, generator=g) * scale).to(torch.float32)
    w = dict(C=C, F=F_, L=L, H=H, Hkv=Hkv, V=V, T=T, D=D)
    w['emb'] = randn(V, C)
    w['rms_att'] = 1 + randn(L, C, scale=0.2)
    w['wq'] = randn(L, C, C, scale=C ** -0.5)
    w['wk'] = randn(L, Hkv * D, C, scale=C ** -0.5)
    w['wv'] = randn(L, Hkv * D, C, scale=C ** -0.5)
    w['wo'] = randn(L, C, C, scale=C ** -0.5)
    w['rms_ffn'] = 1 + randn(L, C, scale=0.2)
    w['w1'] = randn(L, F_, C, scale=C ** -0.5)
    w['w2'] = randn(L, C, F_, scale=F_ ** -0.5)
    w['w3'] = randn(L, F_, C, scale=C ** -0.5)
    w['rms_final'] = 1 + randn(C, scale=0.2)
    w['wcls'] = randn(V, C, scale=C ** -0.5)
    return w


MATRICES = ['wq', 'wk', 'wv', 'wo', 'w1', 'w2', 'w3']


def rms(x, weight):
    return x / torch.sqrt((x * x).mean(-1, keepdim=True) + 1e-5) * weight


def rope(x, D):  # x (T, heads, D): rotate pairs (2i, 2i+1) by t * 10000^(-2i/D)
    T = x.shape[0]
    angle = torch.arange(T, dtype=T64)[:, None] * 10000.0 ** (-torch.arange(0, D, 2, dtype=T64) / D)
    c, s = torch.cos(angle)[:, None, :], torch.sin(angle)[:, None, :]
    a, b = x[..., 0::2], x[..., 1::2]
    out = torch.empty_like(x)
    out[..., 0::2] = a * c - b * s
    out[..., 1::2] = a * s + b * c
    return out


def attention(q, k, v):  # q (T, H, D), k/v (T, Hkv, D) -> (T, H*D)
    T, H, D = q.shape
    rep = H // k.shape[1]
    k, v = k.repeat_interleave(rep, dim=1), v.repeat_interleave(rep, dim=1)
    scores = torch.einsum('ihd,jhd->hij', q, k) / D ** 0.5
    scores = scores.masked_fill(torch.triu(torch.ones(T, T, dtype=torch.bool), 1), float('-inf'))
    return torch.einsum('hij,jhd->ihd', torch.softmax(scores, -1), v).reshape(T, H * D)


def llama_forward(w, tokens):
    d = {k: (v.to(T64) if torch.is_tensor(v) else v) for k, v in w.items()}
    T, D, H, Hkv = len(tokens), w['D'], w['H'], w['Hkv']
    x = d['emb'][tokens]
    for l in range(w['L']):
        xn = rms(x, d['rms_att'][l])
        q = rope((xn @ d['wq'][l].T).reshape(T, H, D), D)
        k = rope((xn @ d['wk'][l].T).reshape(T, Hkv, D), D)
        v = (xn @ d['wv'][l].T).reshape(T, Hkv, D)
        x = x + attention(q, k, v) @ d['wo'][l].T
        xn = rms(x, d['rms_ffn'][l])
        x = x + (F.silu(xn @ d['w1'][l].T) * (xn @ d['w3'][l].T)) @ d['w2'][l].T
    return rms(x, d['rms_final']) @ d['wcls'].T


def quantize_q80(t, gs):  # llama2.c export.py: per group max/127, torch.round
    flat = t.reshape(-1, gs).to(torch.float32)
    scale = flat.abs().max(dim=1).values / 127.0
    q = torch.round(flat / scale[:, None]).to(torch.int8)
    return q, scale, (q.to(torch.float32) * scale[:, None]).reshape(t.shape)


def llama_files(w, gs=8):
    C, F_, L, H, Hkv, V, T, D = (w[k] for k in ['C', 'F', 'L', 'H', 'Hkv', 'V', 'T', 'D'])
    legacy = struct.pack('7i', C, F_, L, H, Hkv, -V, T)  # negative vocab: unshared classifier
    for name in ['emb', 'rms_att', 'wq', 'wk', 'wv', 'wo', 'rms_ffn', 'w1', 'w2', 'w3', 'rms_final']:
        legacy += f32_bytes(w[name])
    legacy += f32_bytes(torch.zeros(2 * T * D // 2))  # the legacy freq_cis_real/imag blocks
    legacy += f32_bytes(w['wcls'])

    header = struct.pack('I', 0x616b3432) + struct.pack('i', 2) + struct.pack('7i', C, F_, L, H, Hkv, V, T)
    header += struct.pack('B', 0) + struct.pack('i', gs)
    q8 = header + b'\0' * (256 - len(header))
    for name in ['rms_att', 'rms_ffn', 'rms_final']:
        q8 += f32_bytes(w[name])
    dequantised = dict(w)
    for name in ['emb'] + MATRICES + ['wcls']:
        stack = [w[name]] if name in ('emb', 'wcls') else list(w[name])
        parts = []
        for m in stack:
            q, s, back = quantize_q80(m, gs)
            q8 += q.numpy().tobytes() + f32_bytes(s)
            parts.append(back)
        dequantised[name] = parts[0] if name in ('emb', 'wcls') else torch.stack(parts)
    return legacy, q8, dequantised


# ---- tokenizers ------------------------------------------------------------

def tokenizer_bytes(tokens, scores):
    data = struct.pack('i', max(len(t.encode()) for t in tokens))
    for t, s in zip(tokens, scores):
        b = t.encode()
        data += struct.pack('fi', s, len(b)) + b
    return data


def run_c_encode(tokens, scores, text, bos, eos):
    """llama2.c run.c's encode, in plain Python."""
    ids = {}
    for i in reversed(range(len(tokens))):
        ids[tokens[i].encode()] = i
    out = [1] if bos else []
    raw = text.encode()
    if raw and b' ' in ids:
        out.append(ids[b' '])
    i = 0
    while i < len(raw):
        n = 1
        while i + n < len(raw) and n < 4 and raw[i + n] & 0xC0 == 0x80:
            n += 1
        piece = raw[i:i + n]
        out.extend([ids[piece]] if piece in ids else [b + 3 for b in piece])
        i += n
    while True:
        best, best_i = -1e10, -1
        for j in range(len(out) - 1):
            m = tokens[out[j]].encode() + tokens[out[j + 1]].encode()
            if m in ids and scores[ids[m]] > best:
                best, best_i = scores[ids[m]], j
        if best_i < 0:
            break
        out[best_i:best_i + 2] = [ids[tokens[out[best_i]].encode() + tokens[out[best_i + 1]].encode()]]
    return out + ([2] if eos else [])


def char_encode(tokens, text, bos, eos):
    ids = {t: i for i, t in reversed(list(enumerate(tokens)))}
    return ([1] if bos else []) + [ids.get(ch, 0) for ch in text] + ([2] if eos else [])


# ---- GPT-2 ---------------------------------------------------------------

GPT2_ORDER = ['wte', 'wpe', 'ln1_w', 'ln1_b', 'qkv_w', 'qkv_b', 'proj_w', 'proj_b', 'ln2_w', 'ln2_b',
              'fc_w', 'fc_b', 'fcp_w', 'fcp_b', 'lnf_w', 'lnf_b']


def gpt2_weights(g, C=32, F_=128, L=2, H=4, V=64, T=32):
    def randn(*shape, scale=1.0):
        return (torch.randn(*shape, generator=g) * scale).to(torch.float32)
    w = dict(C=C, F=F_, L=L, H=H, V=V, T=T)
    w.update(wte=randn(V, C), wpe=randn(T, C, scale=0.3), ln1_w=1 + randn(L, C, scale=0.2),
             ln1_b=randn(L, C, scale=0.1), qkv_w=randn(L, 3 * C, C, scale=C ** -0.5),
             qkv_b=randn(L, 3 * C, scale=0.1), proj_w=randn(L, C, C, scale=C ** -0.5),
             proj_b=randn(L, C, scale=0.1), ln2_w=1 + randn(L, C, scale=0.2), ln2_b=randn(L, C, scale=0.1),
             fc_w=randn(L, F_, C, scale=C ** -0.5), fc_b=randn(L, F_, scale=0.1),
             fcp_w=randn(L, C, F_, scale=F_ ** -0.5), fcp_b=randn(L, C, scale=0.1),
             lnf_w=1 + randn(C, scale=0.2), lnf_b=randn(C, scale=0.1))
    return w


def gpt2_forward(w, tokens):
    d = {k: (v.to(T64) if torch.is_tensor(v) else v) for k, v in w.items()}
    T, C, H = len(tokens), w['C'], w['H']
    x = d['wte'][tokens] + d['wpe'][:T]
    for l in range(w['L']):
        xn = F.layer_norm(x, (C,), d['ln1_w'][l], d['ln1_b'][l], 1e-5)
        q, k, v = (xn @ d['qkv_w'][l].T + d['qkv_b'][l]).split(C, dim=-1)
        a = attention(q.reshape(T, H, C // H), k.reshape(T, H, C // H), v.reshape(T, H, C // H))
        x = x + a @ d['proj_w'][l].T + d['proj_b'][l]
        xn = F.layer_norm(x, (C,), d['ln2_w'][l], d['ln2_b'][l], 1e-5)
        h = F.gelu(xn @ d['fc_w'][l].T + d['fc_b'][l], approximate='tanh')
        x = x + h @ d['fcp_w'][l].T + d['fcp_b'][l]
    return F.layer_norm(x, (C,), d['lnf_w'], d['lnf_b'], 1e-5) @ d['wte'].T


def gpt2_file(w):
    header = b'AGPT' + struct.pack('7i', 1, w['C'], w['F'], w['L'], w['H'], w['V'], w['T'])
    return header + b'\0' * (256 - len(header)) + b''.join(f32_bytes(w[k]) for k in GPT2_ORDER)


# ---- main ----------------------------------------------------------------

def write(name, data):
    path = os.path.join(OUT, name)
    mode = 'w' if isinstance(data, str) else 'wb'
    with open(path, mode) as f:
        f.write(data)
    assert os.path.getsize(path) < 200_000, f'{name} is {os.path.getsize(path)} bytes'


def main():
    os.makedirs(OUT, exist_ok=True)
    g = torch.Generator().manual_seed(20240604)
    texts = ['the theme', 'hello there', '日本語 the', '', 'ü?']

    lw = llama_weights(g)
    legacy, q8, deq = llama_files(lw)
    pieces = [' ', 'e', 't', 'h', 'th', 'the', ' the', ' t', 'he', 'hel', 'l', 'o', 'lo', 'hello', 'm',
              'em', 'eme', '日', '本', '日本', 'r']
    tokens = ['<unk>', '\n<s>\n', '\n</s>\n'] + [f'<0x{b:02X}>' for b in range(256)] + pieces
    scores = [0.0] * 259 + [-float(i % 7) for i in range(len(pieces))]
    assert len(tokens) == lw['V']
    seq = [1, 265, 277, 5, 130, 3, 278, 40, 200, 266]
    write('llama_tiny.bin', legacy)
    write('llama_tiny_q8.bin', q8)
    write('llama_tiny_tokenizer.bin', tokenizer_bytes(tokens, scores))
    write('llama_tiny.json', json.dumps({
        'tokens': seq,
        'logits': [rounded(r) for r in llama_forward(lw, seq).tolist()],
        'logits_q8': [rounded(r) for r in llama_forward(deq, seq).tolist()],
        'encode': [{'text': t, 'bos': b, 'eos': e, 'ids': run_c_encode(tokens, scores, t, b, e)}
                   for t in texts for b, e in [(True, False), (False, True)]],
    }, ensure_ascii=False) + '\n')

    gw = gpt2_weights(g)
    chars = ['<unk>', '<s>', '</s>'] + list(' etaoinshrdlucmfwypvbgkjqxzTHEANDOS.,;:!?\'"-\n0123456789()/日本語')
    assert len(chars) == gw['V'], len(chars)
    seq = [1, 3, 17, 40, 61, 62, 63, 5, 8, 30]
    write('gpt2_tiny.bin', gpt2_file(gw))
    write('gpt2_tiny_tokenizer.bin', tokenizer_bytes(chars, [0.0] * len(chars)))
    write('gpt2_tiny.json', json.dumps({
        'tokens': seq,
        'logits': [rounded(r) for r in gpt2_forward(gw, seq).tolist()],
        'encode': [{'text': t, 'bos': b, 'eos': e, 'ids': char_encode(chars, t, b, e)}
                   for t in texts for b, e in [(True, False), (False, True)]],
    }, ensure_ascii=False) + '\n')


if __name__ == '__main__':
    main()
