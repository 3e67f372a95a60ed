"""Llama-style decoder in PyTorch, llama2.c legacy checkpoint export/reader,
run.c-compatible tokenizer.bin writer/reader, and an independent float64
numpy reference forward that reads the exported file (used by
scripts/train_default_models.py).

Architecture (exactly what llama2.c's run.c computes):
  x = tok_emb[t]
  per layer:  xb = rmsnorm(x) * rms_att
              q = wq xb, k = wk xb, v = wv xb           (W stored (out, in))
              RoPE on adjacent pairs (2i, 2i+1) of every head of q and k,
                angle = pos / 10000^(2i / head_size)
              att_h = softmax(q_h . k_{h'} / sqrt(head_size)), causal,
                h' = h // (n_heads / n_kv_heads)            (GQA)
              x += wo concat_h(att_h v_{h'})
              xb = rmsnorm(x) * rms_ffn
              x += w2 (silu(w1 xb) * (w3 xb))
  logits = tok_emb (rmsnorm(x) * rms_final)    (tied classifier)
  rmsnorm(x) = x / sqrt(mean(x^2) + 1e-5)

Legacy file layout: 7 little-endian int32 (dim, hidden_dim, n_layers,
n_heads, n_kv_heads, vocab_size, seq_len; vocab_size < 0 would mean an
unshared classifier at the end: we always tie, so it is positive), then
float32 tensors: token_embedding_table (vocab, dim), rms_att_weight
(layer, dim), wq (layer, n_heads*hs, dim), wk (layer, n_kv_heads*hs, dim),
wv (same), wo (layer, dim, n_heads*hs), rms_ffn_weight (layer, dim),
w1 (layer, hidden, dim), w2 (layer, dim, hidden), w3 (layer, hidden, dim),
rms_final_weight (dim), freq_cis_real (seq_len, hs/2), freq_cis_imag
(seq_len, hs/2). Matrices are (out, in) row-major, as nn.Linear.weight and
as run.c's matmul(xout, x, W, n, d) reads them (W is d x n).
"""
import math
import struct

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

EPS = 1e-5
ROPE_BASE = 10000.0


class Config:
    def __init__(self, dim, hidden_dim, n_layers, n_heads, n_kv_heads, vocab_size, seq_len):
        self.dim = dim
        self.hidden_dim = hidden_dim
        self.n_layers = n_layers
        self.n_heads = n_heads
        self.n_kv_heads = n_kv_heads
        self.vocab_size = vocab_size
        self.seq_len = seq_len
        assert dim % n_heads == 0 and n_heads % n_kv_heads == 0
        self.head_size = dim // n_heads
        assert self.head_size % 2 == 0

    def as_dict(self):
        return dict(dim=self.dim, hidden_dim=self.hidden_dim, n_layers=self.n_layers,
                    n_heads=self.n_heads, n_kv_heads=self.n_kv_heads,
                    vocab_size=self.vocab_size, seq_len=self.seq_len,
                    head_size=self.head_size)


def rmsnorm(x, w):
    return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + EPS) * w


def rope_tables(head_size, seq_len, dtype=torch.float32):
    """cos/sin of shape (seq_len, head_size/2), computed in float64 first."""
    i = torch.arange(0, head_size, 2, dtype=torch.float64)
    freq = 1.0 / (ROPE_BASE ** (i / head_size))
    ang = torch.arange(seq_len, dtype=torch.float64)[:, None] * freq[None, :]
    return torch.cos(ang).to(dtype), torch.sin(ang).to(dtype)


def apply_rope(x, cos, sin):
    """x: (B, H, T, hs); rotates adjacent pairs (2i, 2i+1)."""
    x0 = x[..., 0::2]
    x1 = x[..., 1::2]
    r0 = x0 * cos - x1 * sin
    r1 = x0 * sin + x1 * cos
    return torch.stack((r0, r1), dim=-1).flatten(-2)


class Layer(nn.Module):
    def __init__(self, c):
        super().__init__()
        hs = c.head_size
        self.attention_norm = nn.Parameter(torch.ones(c.dim))
        self.wq = nn.Linear(c.dim, c.n_heads * hs, bias=False)
        self.wk = nn.Linear(c.dim, c.n_kv_heads * hs, bias=False)
        self.wv = nn.Linear(c.dim, c.n_kv_heads * hs, bias=False)
        self.wo = nn.Linear(c.n_heads * hs, c.dim, bias=False)
        self.ffn_norm = nn.Parameter(torch.ones(c.dim))
        self.w1 = nn.Linear(c.dim, c.hidden_dim, bias=False)
        self.w2 = nn.Linear(c.hidden_dim, c.dim, bias=False)
        self.w3 = nn.Linear(c.dim, c.hidden_dim, bias=False)


class Llama(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.c = c
        self.tok_embeddings = nn.Embedding(c.vocab_size, c.dim)
        self.layers = nn.ModuleList([Layer(c) for _ in range(c.n_layers)])
        self.norm = nn.Parameter(torch.ones(c.dim))
        cos, sin = rope_tables(c.head_size, c.seq_len)
        self.register_buffer('rope_cos', cos, persistent=False)
        self.register_buffer('rope_sin', sin, persistent=False)
        self.apply(self._init)
        for n, p in self.named_parameters():
            if n.endswith('wo.weight') or n.endswith('w2.weight'):
                nn.init.normal_(p, 0.0, 0.02 / math.sqrt(2 * c.n_layers))

    @staticmethod
    def _init(m):
        if isinstance(m, (nn.Linear, nn.Embedding)):
            nn.init.normal_(m.weight, 0.0, 0.02)

    def n_params(self):
        return sum(p.numel() for p in self.parameters())

    def forward(self, idx, return_attention=False):
        c = self.c
        B, T = idx.shape
        hs = c.head_size
        x = self.tok_embeddings(idx)
        cos = self.rope_cos[:T].to(x.dtype)
        sin = self.rope_sin[:T].to(x.dtype)
        neg = torch.full((T, T), float('-inf'), dtype=x.dtype, device=idx.device).triu(1)
        scale = 1.0 / math.sqrt(hs)
        atts = []
        for L in self.layers:
            xb = rmsnorm(x, L.attention_norm)
            q = L.wq(xb).view(B, T, c.n_heads, hs).transpose(1, 2)
            k = L.wk(xb).view(B, T, c.n_kv_heads, hs).transpose(1, 2)
            v = L.wv(xb).view(B, T, c.n_kv_heads, hs).transpose(1, 2)
            q = apply_rope(q, cos, sin) * scale
            k = apply_rope(k, cos, sin)
            rep = c.n_heads // c.n_kv_heads
            if rep > 1:
                # (B, Hkv, T, hs) -> (B, Hkv, rep, T, hs): query head h uses kv head h // rep
                q = q.view(B, c.n_kv_heads, rep, T, hs)
                s = q @ k.unsqueeze(2).transpose(-1, -2) + neg
                a = F.softmax(s, dim=-1)
                o = (a @ v.unsqueeze(2)).view(B, c.n_heads, T, hs)
                a = a.view(B, c.n_heads, T, T)
            else:
                s = q @ k.transpose(-1, -2) + neg
                a = F.softmax(s, dim=-1)
                o = a @ v
            if return_attention:
                atts.append(a.detach())
            o = o.transpose(1, 2).reshape(B, T, c.n_heads * hs)
            x = x + L.wo(o)
            xb = rmsnorm(x, L.ffn_norm)
            x = x + L.w2(F.silu(L.w1(xb)) * L.w3(xb))
        x = rmsnorm(x, self.norm)
        logits = x @ self.tok_embeddings.weight.t()
        if return_attention:
            return logits, atts   # atts[layer]: (B, n_heads, T, T)
        return logits


# ---------------------------------------------------------------- export

def export_legacy(model, path):
    c = model.c
    out = bytearray()
    out += struct.pack('<7i', c.dim, c.hidden_dim, c.n_layers, c.n_heads,
                       c.n_kv_heads, c.vocab_size, c.seq_len)

    def w(t):
        out.extend(t.detach().to(torch.float32).contiguous().numpy().astype('<f4').tobytes())

    w(model.tok_embeddings.weight)
    for name in ('attention_norm', 'wq', 'wk', 'wv', 'wo', 'ffn_norm', 'w1', 'w2', 'w3'):
        for L in model.layers:
            p = getattr(L, name)
            w(p if isinstance(p, nn.Parameter) else p.weight)
    w(model.norm)
    cos, sin = rope_tables(c.head_size, c.seq_len)
    w(cos)   # freq_cis_real, ignored by run.c (it computes RoPE itself)
    w(sin)   # freq_cis_imag
    with open(path, 'wb') as f:
        f.write(out)
    return len(out)


def read_legacy(path):
    """Independent reader: returns (config dict, dict of float64 numpy arrays)."""
    data = open(path, 'rb').read()
    dim, hidden, n_layers, n_heads, n_kv, vocab, seq_len = struct.unpack_from('<7i', data, 0)
    assert min(dim, hidden, n_layers, n_heads, n_kv, seq_len) > 0 and vocab != 0
    shared = vocab > 0
    vocab = abs(vocab)
    hs = dim // n_heads
    floats = np.frombuffer(data, dtype='<f4', offset=28).astype(np.float64)
    p = 0

    def take(*shape):
        nonlocal p
        n = int(np.prod(shape))
        a = floats[p:p + n].reshape(shape)
        p += n
        return a

    W = {}
    W['emb'] = take(vocab, dim)
    W['rms_att'] = take(n_layers, dim)
    W['wq'] = take(n_layers, n_heads * hs, dim)
    W['wk'] = take(n_layers, n_kv * hs, dim)
    W['wv'] = take(n_layers, n_kv * hs, dim)
    W['wo'] = take(n_layers, dim, n_heads * hs)
    W['rms_ffn'] = take(n_layers, dim)
    W['w1'] = take(n_layers, hidden, dim)
    W['w2'] = take(n_layers, dim, hidden)
    W['w3'] = take(n_layers, hidden, dim)
    W['rms_final'] = take(dim)
    take(seq_len, hs // 2)
    take(seq_len, hs // 2)
    W['wcls'] = W['emb'] if shared else take(vocab, dim)
    assert p == floats.size, 'trailing data in %s' % path
    cfg = dict(dim=dim, hidden_dim=hidden, n_layers=n_layers, n_heads=n_heads,
               n_kv_heads=n_kv, vocab_size=vocab, seq_len=seq_len)
    return cfg, W


def reference_forward(cfg, W, tokens):
    """float64, one token at a time with a KV cache, written like run.c's
    forward(); returns logits (len(tokens), vocab) and attention weights
    [layer][head] -> (T, T) lower-triangular."""
    dim = cfg['dim']
    nl, nh, nkv = cfg['n_layers'], cfg['n_heads'], cfg['n_kv_heads']
    hs = dim // nh
    kv_mul = nh // nkv
    T = len(tokens)
    kc = np.zeros((nl, T, nkv * hs))
    vc = np.zeros((nl, T, nkv * hs))
    att_all = np.zeros((nl, nh, T, T))
    out = np.zeros((T, cfg['vocab_size']))

    def rms(x, w):
        ss = np.dot(x, x) / x.size + 1e-5
        return w * (x / np.sqrt(ss))

    for pos, tok in enumerate(tokens):
        x = W['emb'][tok].copy()
        for l in range(nl):
            xb = rms(x, W['rms_att'][l])
            q = W['wq'][l] @ xb
            k = W['wk'][l] @ xb
            v = W['wv'][l] @ xb
            for i in range(0, nh * hs, 2):
                hd = i % hs
                freq = 1.0 / (10000.0 ** (hd / hs))
                val = pos * freq
                fcr, fci = math.cos(val), math.sin(val)
                vecs = (q, k) if i < nkv * hs else (q,)
                for vec in vecs:
                    v0, v1 = vec[i], vec[i + 1]
                    vec[i] = v0 * fcr - v1 * fci
                    vec[i + 1] = v0 * fci + v1 * fcr
            kc[l, pos] = k
            vc[l, pos] = v
            o = np.zeros(nh * hs)
            for h in range(nh):
                qh = q[h * hs:(h + 1) * hs]
                kvh = h // kv_mul
                ks = kc[l, :pos + 1, kvh * hs:(kvh + 1) * hs]
                sc = ks @ qh / math.sqrt(hs)
                sc = np.exp(sc - sc.max())
                a = sc / sc.sum()
                att_all[l, h, pos, :pos + 1] = a
                o[h * hs:(h + 1) * hs] = a @ vc[l, :pos + 1, kvh * hs:(kvh + 1) * hs]
            x = x + W['wo'][l] @ o
            xb = rms(x, W['rms_ffn'][l])
            h1 = W['w1'][l] @ xb
            h3 = W['w3'][l] @ xb
            hb = (h1 / (1.0 + np.exp(-h1))) * h3
            x = x + W['w2'][l] @ hb
        x = rms(x, W['rms_final'])
        out[pos] = W['wcls'] @ x
    return out, att_all


# ---------------------------------------------------------------- tokenizer

SPECIALS = ['<unk>', '<s>', '</s>']
BOS, EOS = 1, 2
N_BYTE = 256
FIRST_CHAR = len(SPECIALS) + N_BYTE   # 259


def char_vocab(chars):
    """Token strings: <unk>, <s>, </s>, <0x00>..<0xFF>, then the characters."""
    vocab = list(SPECIALS) + ['<0x%02X>' % b for b in range(N_BYTE)] + list(chars)
    assert len(set(vocab)) == len(vocab)
    return vocab


def write_tokenizer(vocab, path):
    pieces = [s.encode('utf-8') for s in vocab]
    out = bytearray(struct.pack('<i', max(len(p) for p in pieces)))
    for p in pieces:
        out += struct.pack('<fi', 0.0, len(p)) + p
    with open(path, 'wb') as f:
        f.write(out)
    return len(out)


def read_tokenizer(path, vocab_size):
    data = open(path, 'rb').read()
    (maxlen,) = struct.unpack_from('<i', data, 0)
    p = 4
    vocab, scores = [], []
    for _ in range(vocab_size):
        s, n = struct.unpack_from('<fi', data, p)
        p += 8
        vocab.append(data[p:p + n])
        p += n
        scores.append(s)
    assert p == len(data)
    assert max(len(v) for v in vocab) == maxlen
    return vocab, scores


def runc_encode(vocab_bytes, scores, text, bos=True, eos=False):
    """run.c's encode(): BOS, dummy-prefix ' ' token (text non-empty), each
    UTF-8 code point looked up, else byte fallback (byte + 3), then BPE
    merges by highest score (none fire for a char-level vocabulary)."""
    lookup = {v: i for i, v in enumerate(vocab_bytes)}
    toks = [BOS] if bos else []
    if text:
        toks.append(lookup[b' '])
    for ch in text:
        b = ch.encode('utf-8')
        if b in lookup:
            toks.append(lookup[b])
        else:
            toks.extend(x + 3 for x in b)
    while True:
        best, best_i, best_id = -1e10, -1, -1
        for i in range(len(toks) - 1):
            m = lookup.get(vocab_bytes[toks[i]] + vocab_bytes[toks[i + 1]])
            if m is not None and scores[m] > best:
                best, best_i, best_id = scores[m], i, m
        if best_i == -1:
            break
        toks[best_i:best_i + 2] = [best_id]
    if eos:
        toks.append(EOS)
    return toks


def runc_decode(vocab_bytes, prev, tok):
    piece = vocab_bytes[tok]
    if prev == BOS and piece[:1] == b' ':
        piece = piece[1:]
    if len(piece) == 6 and piece.startswith(b'<0x') and piece.endswith(b'>'):
        return bytes([int(piece[3:5], 16)])
    return piece
