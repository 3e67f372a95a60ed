"""Milliseconds per training step of the same llama-family model in PyTorch
(CPU, one thread): llama2.c's architecture (RMSNorm, interleaved RoPE, GQA,
SwiGLU, shared classifier), the same batch as train_bench.cpp, AdamW
(weight decay 0.01 on matrices) after clip_grad_norm_(1.0).

    python3 torch_train.py shape.json steps
Prints one JSON object (median and best ms, tokens/s, parameters, losses).
    python3 torch_train.py shape.json serve
Step server for interleaved timing (interleaved.js): prints {"ready": ...},
then one step per line read from stdin, answering {"ms", "cpu", "loss"} (wall and process CPU time).
The BLAS torch uses is whatever the dynamic loader finds (see report.js)."""
import json
import math
import sys
import time

import torch
import torch.nn as nn
import torch.nn.functional as F

torch.set_num_threads(1)
shape = json.load(open(sys.argv[1]))
steps = 0 if sys.argv[2] == 'serve' else int(sys.argv[2])
C, FF, L, H, HKV = shape['dim'], shape['hiddenDim'], shape['nLayers'], shape['nHeads'], shape['nKvHeads']
V, S, B, T = shape['vocabSize'], shape['seqLen'], shape['batch'], shape['tokens']
D = C // H


class RMSNorm(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(n))

    def forward(self, x):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-5) * self.weight


def rope(x, cos, sin):  # x (B, T, h, D): pairs (2i, 2i+1)
    x0, x1 = x[..., 0::2], x[..., 1::2]
    return torch.stack((x0 * cos - x1 * sin, x0 * sin + x1 * cos), dim=-1).flatten(-2)


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.wq, self.wk = nn.Linear(C, H * D, bias=False), nn.Linear(C, HKV * D, bias=False)
        self.wv, self.wo = nn.Linear(C, HKV * D, bias=False), nn.Linear(H * D, C, bias=False)
        self.w1, self.w2, self.w3 = nn.Linear(C, FF, bias=False), nn.Linear(FF, C, bias=False), nn.Linear(C, FF, bias=False)
        self.n1, self.n2 = RMSNorm(C), RMSNorm(C)

    def forward(self, x, cos, sin, mask):
        b, t, _ = x.shape
        h = self.n1(x)
        q = rope(self.wq(h).view(b, t, H, D), cos, sin).transpose(1, 2)
        k = rope(self.wk(h).view(b, t, HKV, D), cos, sin).transpose(1, 2)
        v = self.wv(h).view(b, t, HKV, D).transpose(1, 2)
        k, v = k.repeat_interleave(H // HKV, dim=1), v.repeat_interleave(H // HKV, dim=1)
        att = (q @ k.transpose(-2, -1)) / math.sqrt(D) + mask
        y = (att.softmax(-1) @ v).transpose(1, 2).reshape(b, t, C)
        x = x + self.wo(y)
        h = self.n2(x)
        return x + self.w2(F.silu(self.w1(h)) * self.w3(h))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(V, C)
        self.layers = nn.ModuleList(Block() for _ in range(L))
        self.norm = RMSNorm(C)
        for p in self.parameters():
            if p.dim() == 2:
                nn.init.normal_(p, 0.0, 0.02)
        freq = 1.0 / (10000 ** (torch.arange(0, D, 2).float() / D))
        ang = torch.outer(torch.arange(S).float(), freq)
        self.cos, self.sin = ang.cos()[:, None, :], ang.sin()[:, None, :]
        self.mask = torch.full((S, S), float('-inf')).triu(1)

    def forward(self, idx, targets):
        t = idx.shape[1]
        x = self.emb(idx)
        for layer in self.layers:
            x = layer(x, self.cos[:t], self.sin[:t], self.mask[:t, :t])
        logits = self.norm(x) @ self.emb.weight.t()
        return F.cross_entropy(logits.view(-1, V), targets.view(-1), ignore_index=-1)


torch.manual_seed(1)
model = Model()
decay = [p for p in model.parameters() if p.dim() >= 2]
rest = [p for p in model.parameters() if p.dim() < 2]
opt = torch.optim.AdamW([{'params': decay, 'weight_decay': 0.01}, {'params': rest, 'weight_decay': 0.0}], lr=1e-3)
i = torch.arange(B * T)
inputs, targets = ((7 * i + 3) % V).view(B, T), ((7 * (i + 1) + 3) % V).view(B, T)


def step():
    loss = model(inputs, targets)
    opt.zero_grad(set_to_none=True)
    loss.backward()
    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    opt.step()
    return loss.item()


if sys.argv[2] == 'serve':
    print(json.dumps({'ready': True, 'torch': torch.__version__}), flush=True)
    for _ in sys.stdin:
        t0, c0 = time.perf_counter(), time.process_time()
        loss = step()
        ms, cpu = (time.perf_counter() - t0) * 1000, (time.process_time() - c0) * 1000
        print(json.dumps({'ms': ms, 'cpu': cpu, 'loss': loss}), flush=True)
    sys.exit(0)
times, losses = [], []
for s in range(steps + 2):
    t0 = time.perf_counter()
    loss = step()
    t1 = time.perf_counter()
    losses.append(loss)
    if s >= 2:
        times.append((t1 - t0) * 1000)
times.sort()
median = times[len(times) // 2]
print(json.dumps({'median_ms': median, 'best_ms': times[0], 'tokens_per_s': B * T / (median / 1000),
                  'parameters': sum(p.numel() for p in model.parameters()), 'steps': steps,
                  'first_loss': losses[0], 'last_loss': losses[-1], 'torch': torch.__version__}))
