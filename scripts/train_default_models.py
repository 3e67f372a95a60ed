#!/usr/bin/env python3
"""Train attnscope's two default models and export them for Model.default().

    /usr/bin/python3 scripts/train_default_models.py            # both models
    /usr/bin/python3 scripts/train_default_models.py chars      # one model
    /usr/bin/python3 scripts/train_default_models.py sort
    /usr/bin/python3 scripts/train_default_models.py --check    # no training:
        reload the committed web/models/*.bin, redo every check below and
        compare with web/models/models.json

Needs Debian's python3-torch (1.13, CPU) and numpy, hence /usr/bin/python3.

Models (details and the tokenizer decision in web/models/README.md):
  chars    character-level language model on Jane Austen's "Pride and
           Prejudice" (web/models/corpus/, public domain, taken from Debian's
           r-cran-janeaustenr; see the corpus README)
  sort     task model: "dbca|" -> "abcd</s>" (sort 2..10 distinct letters);
           one layer, one head, whose attention the script measures

For each model the script: builds the data (fixed seeds), trains the
Llama-style torch model of scripts/train/llama2c.py (1 thread, deterministic
algorithms), measures the held-out loss next to the uniform baseline
ln(vocab_size), exports web/models/<name>.bin (llama2.c legacy format, fp32,
tied classifier) and <name>.tokenizer.bin (run.c's format), reloads both with
an independent reader and checks that a float64 numpy forward written like
run.c's (one token at a time, KV cache) gives the same logits as the torch
model run in float64 (max |diff| <= 1e-5; also reported against the float32
torch model), records a greedy generation from a fixed prompt (float32 torch,
recomputed by the numpy reference too, with its smallest top-1/top-2 logit
margin) and writes everything to web/models/models.json.

Determinism: seeds are fixed and torch runs single-threaded with
deterministic algorithms, so two runs on the same machine and libraries
write identical files. A different BLAS or CPU can change the low bits and
hence the trained weights; the tests compare against the committed files,
not against a retrain.

BLAS: Debian's torch calls the system libblas.so.3. With the reference BLAS
(libblas3, the default here) training is ~5x slower. If Debian's
libopenblas0-pthread is installed (apt-get install libopenblas0-pthread) the
script re-executes itself with LD_LIBRARY_PATH pointing at OpenBLAS (single
thread) for this process only; the system's BLAS choice is left alone. The
committed models were trained that way (OpenBLAS 0.3.21).

Run time on this machine (2 cores shared with other jobs; OpenBLAS, 1 torch
thread), last full run: 8 min 24 s wall for both models, of which training
chars 425 s (1000 steps) and sort 69 s (3000 steps); `--check` takes 10 s.
With the reference BLAS expect about 5x longer.

Experiments (not used for the committed files): ATTNSCOPE_TASK_EXPERIMENT and
ATTNSCOPE_CHARS_EXPERIMENT take a JSON object merged into SORT / CHARS, and
ATTNSCOPE_MODELS_OUT redirects the output folder.
"""
import argparse
import hashlib
import json
import math
import os
import random
import sys
import time

OPENBLAS_DIR = '/usr/lib/x86_64-linux-gnu/openblas-pthread'
if (os.path.exists(os.path.join(OPENBLAS_DIR, 'libblas.so.3'))
        and os.environ.get('ATTNSCOPE_TRAIN_REEXEC') != '1'):
    env = dict(os.environ)
    env['ATTNSCOPE_TRAIN_REEXEC'] = '1'
    env['LD_LIBRARY_PATH'] = OPENBLAS_DIR + (':' + env['LD_LIBRARY_PATH'] if env.get('LD_LIBRARY_PATH') else '')
    env['OPENBLAS_NUM_THREADS'] = '1'
    env['OMP_NUM_THREADS'] = '1'
    os.execve(sys.executable, [sys.executable] + sys.argv, env)

import numpy as np
import torch
import torch.nn.functional as F

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(HERE, 'train'))
import llama2c as L2  # noqa: E402

SCRIPT_VERSION = 1
OUT = os.environ.get('ATTNSCOPE_MODELS_OUT', os.path.join(ROOT, 'web', 'models'))
CORPUS = os.path.join(ROOT, 'web', 'models', 'corpus', 'pride_and_prejudice.txt')

torch.set_num_threads(1)
torch.use_deterministic_algorithms(True)


def seed_all(s):
    random.seed(s)
    np.random.seed(s)
    torch.manual_seed(s)


def log(*a):
    print(*a, flush=True)


# ======================================================================= chars

CHARS = dict(
    name='chars',
    seed=1234,
    config=dict(dim=128, hidden_dim=352, n_layers=4, n_heads=8, n_kv_heads=4, seq_len=256),
    steps=1000, batch=12, ctx=256, lr=3e-3, min_lr=3e-4, warmup=60, wd=0.1,
    heldout_fraction=0.1,
    prompt='Elizabeth',
    max_new_tokens=200,
)

if os.environ.get('ATTNSCOPE_CHARS_EXPERIMENT'):
    _exp = json.loads(os.environ['ATTNSCOPE_CHARS_EXPERIMENT'])
    CHARS.update({k: v for k, v in _exp.items() if k != 'config'})
    CHARS['config'].update(_exp.get('config', {}))


def chars_vocab():
    # printable ASCII plus newline: '\n', ' ', '!', ..., '~'  (ids 259..354)
    return L2.char_vocab(['\n'] + [chr(c) for c in range(0x20, 0x7F)])


def chars_data(vocab):
    text = open(CORPUS, encoding='utf-8').read()
    stoi = {s: i for i, s in enumerate(vocab)}
    ids = np.array([stoi[ch] for ch in text], dtype=np.int64)
    cut = int(len(ids) * (1 - CHARS['heldout_fraction']))
    # move the cut to the start of a paragraph so no sentence is split
    while not (text[cut - 2:cut] == '\n\n'):
        cut += 1
    return text, ids[:cut], ids[cut:], cut


def space_starts(ids, space_id, ctx):
    """Positions s with ids[s] == ' ' and room for ctx tokens from s."""
    return np.nonzero(ids[:len(ids) - ctx] == space_id)[0]


def chars_batch(ids, starts, rng, batch, ctx):
    # sequence = <s>, then ctx characters starting at a space: exactly what
    # run.c's encode() produces for a prompt (BOS, dummy-prefix ' ', text)
    s = rng.choice(starts, size=batch)
    seq = np.stack([np.concatenate(([L2.BOS], ids[p:p + ctx])) for p in s])
    seq = torch.from_numpy(seq)
    return seq[:, :-1], seq[:, 1:]


def chars_heldout_batches(ids, space_id, ctx, n_windows=64):
    starts = space_starts(ids, space_id, ctx)
    pick = starts[np.linspace(0, len(starts) - 1, n_windows).astype(int)]
    seq = torch.from_numpy(np.stack([np.concatenate(([L2.BOS], ids[p:p + ctx])) for p in pick]))
    return seq[:, :-1], seq[:, 1:]


# ======================================================================== sort

SORT = dict(
    name='sort',
    task='sort',
    seed=4321,
    # one layer, one head: the whole "algorithm" is visible in one heatmap
    config=dict(dim=64, hidden_dim=128, n_layers=1, n_heads=1, n_kv_heads=1, seq_len=32),
    steps=3000, batch=64, lr=3e-3, min_lr=3e-4, warmup=100, wd=0.01,
    min_len=2, max_len=10, n_heldout=2000,
    prompt='softmax|',
    max_new_tokens=12,
)
LETTERS = 'abcdefghijklmnopqrstuvwxyz'
# For experiments only (the committed model uses none): a JSON object merged
# into SORT, e.g. {"task": "reverse", "config": {"n_layers": 2}}; task is
# 'sort', 'reverse' or 'copy' (README.md reports what those gave).
if os.environ.get('ATTNSCOPE_TASK_EXPERIMENT'):
    _exp = json.loads(os.environ['ATTNSCOPE_TASK_EXPERIMENT'])
    SORT.update({k: v for k, v in _exp.items() if k != 'config'})
    SORT['config'].update(_exp.get('config', {}))


def task_vocab():
    return L2.char_vocab([' ', '|'] + list(LETTERS))


def answer(word):
    return {'sort': ''.join(sorted(word)), 'reverse': word[::-1], 'copy': word}[SORT['task']]


def task_encode(vocab, word):
    """<s> ' ' w1..wn '|' answer </s>: run.c's encode of 'w1..wn|' followed
    by the answer and EOS."""
    stoi = {s: i for i, s in enumerate(vocab)}
    return ([L2.BOS, stoi[' ']] + [stoi[c] for c in word] + [stoi['|']]
            + [stoi[c] for c in answer(word)] + [L2.EOS])


def random_word(rng, lo, hi):
    """n in lo..hi distinct lowercase letters, in random order."""
    n = int(rng.integers(lo, hi + 1))
    return ''.join(LETTERS[i] for i in rng.permutation(26)[:n])


def task_tensors(vocab, words, T):
    """inputs/targets padded to T; targets are -100 except the answer
    (the letters after '|' and the final </s>)."""
    X = torch.full((len(words), T), L2.EOS, dtype=torch.long)
    Y = torch.full((len(words), T), -100, dtype=torch.long)
    for b, w in enumerate(words):
        seq = task_encode(vocab, w)
        n = len(w)
        X[b, :len(seq) - 1] = torch.tensor(seq[:-1])
        d = n + 2                     # position of '|'
        # the prediction made at position p is token p + 1; answer tokens are
        # positions d+1 .. d+n+1 (the last one is </s>), predicted at d .. d+n
        Y[b, d:d + n + 1] = torch.tensor(seq[d + 1:d + n + 2])
    return X, Y


# ==================================================================== training

def make_model(cfg_dict, vocab_size):
    c = L2.Config(vocab_size=vocab_size, **cfg_dict)
    return L2.Llama(c)


def lr_at(step, spec):
    if step < spec['warmup']:
        return spec['lr'] * (step + 1) / spec['warmup']
    t = (step - spec['warmup']) / max(1, spec['steps'] - spec['warmup'])
    return spec['min_lr'] + 0.5 * (spec['lr'] - spec['min_lr']) * (1 + math.cos(math.pi * t))


def make_optimizer(model, spec):
    decay = [p for n, p in model.named_parameters() if p.dim() >= 2]
    no_decay = [p for n, p in model.named_parameters() if p.dim() < 2]
    return torch.optim.AdamW([{'params': decay, 'weight_decay': spec['wd']},
                              {'params': no_decay, 'weight_decay': 0.0}],
                             lr=spec['lr'], betas=(0.9, 0.98), eps=1e-8)


def ce(logits, Y):
    return F.cross_entropy(logits.reshape(-1, logits.shape[-1]), Y.reshape(-1), ignore_index=-100)


@torch.no_grad()
def eval_loss(model, X, Y, chunk=16):
    model.eval()
    tot, cnt = 0.0, 0
    for i in range(0, len(X), chunk):
        logits = model(X[i:i + chunk])
        y = Y[i:i + chunk]
        n = int((y != -100).sum())
        tot += float(ce(logits, y)) * n
        cnt += n
    model.train()
    return tot / cnt


def train(model, spec, next_batch, evaluate, eval_every):
    opt = make_optimizer(model, spec)
    t0 = time.time()
    history = []
    for step in range(spec['steps']):
        for g in opt.param_groups:
            g['lr'] = lr_at(step, spec)
        X, Y = next_batch(step)
        loss = ce(model(X), Y)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        if step % eval_every == 0 or step == spec['steps'] - 1:
            v = evaluate()
            history.append(dict(step=step, train=round(float(loss), 4), heldout=round(v, 4)))
            log('  step %5d  train %.4f  held-out %.4f  (%.0fs)' % (step, float(loss), v, time.time() - t0))
    return time.time() - t0, history


# ============================================================ export + checks

@torch.no_grad()
def greedy(model, prompt_ids, max_new, seq_len, stop=()):
    """float32 torch, full recompute each step; returns new ids and the
    smallest top-1 minus top-2 logit margin along the way."""
    model.eval()
    ids = list(prompt_ids)
    new, margin = [], float('inf')
    while len(new) < max_new and len(ids) < seq_len:
        logits = model(torch.tensor([ids]))[0, -1]
        top = torch.topk(logits, 2).values
        margin = min(margin, float(top[0] - top[1]))
        t = int(torch.argmax(logits))
        ids.append(t)
        new.append(t)
        if t in stop:
            break
    return new, margin


@torch.no_grad()
def sample(model, prompt_ids, max_new, seq_len, temperature, seed):
    model.eval()
    g = torch.Generator().manual_seed(seed)
    ids = list(prompt_ids)
    for _ in range(max_new):
        if len(ids) >= seq_len:
            break
        logits = model(torch.tensor([ids]))[0, -1] / temperature
        ids.append(int(torch.multinomial(F.softmax(logits, -1), 1, generator=g)))
    return ids[len(prompt_ids):]


def decode(vocab_bytes, prompt_last, ids):
    out, prev = b'', prompt_last
    for t in ids:
        out += L2.runc_decode(vocab_bytes, prev, t)
        prev = t
    return out.decode('utf-8', errors='replace')


def torch_from_bin(path):
    cfg, W = L2.read_legacy(path)
    m = make_model({k: cfg[k] for k in ('dim', 'hidden_dim', 'n_layers', 'n_heads', 'n_kv_heads', 'seq_len')},
                   cfg['vocab_size'])
    with torch.no_grad():
        m.tok_embeddings.weight.copy_(torch.from_numpy(W['emb']))
        for i, Lr in enumerate(m.layers):
            Lr.attention_norm.copy_(torch.from_numpy(W['rms_att'][i]))
            Lr.ffn_norm.copy_(torch.from_numpy(W['rms_ffn'][i]))
            for n in ('wq', 'wk', 'wv', 'wo', 'w1', 'w2', 'w3'):
                getattr(Lr, n).weight.copy_(torch.from_numpy(W[n][i]))
        m.norm.copy_(torch.from_numpy(W['rms_final']))
    return m


def roundtrip_check(model, bin_path, tok_path, probe_ids):
    """Reload with the independent reader; numpy float64 run.c-style forward
    vs the torch model in float64 (and in float32)."""
    cfg, W = L2.read_legacy(bin_path)
    assert cfg['vocab_size'] == model.c.vocab_size
    vocab_bytes, scores = L2.read_tokenizer(tok_path, cfg['vocab_size'])
    ref, att = L2.reference_forward(cfg, W, probe_ids)
    m64 = make_model({k: cfg[k] for k in ('dim', 'hidden_dim', 'n_layers', 'n_heads', 'n_kv_heads', 'seq_len')},
                     cfg['vocab_size'])
    m64.load_state_dict(model.state_dict())
    m64 = m64.double().eval()
    with torch.no_grad():
        l64 = m64(torch.tensor([probe_ids]))[0].numpy()
        l32, a32 = model.eval()(torch.tensor([probe_ids]), return_attention=True)
    d64 = float(np.abs(l64 - ref).max())
    d32 = float(np.abs(l32[0].double().numpy() - ref).max())
    datt = max(float(np.abs(a32[l][0].double().numpy() - att[l]).max()) for l in range(cfg['n_layers']))
    log('  round trip: max|logits torch64 - numpy ref| = %.2e, torch32: %.2e, attention32: %.2e'
        % (d64, d32, datt))
    assert d64 <= 1e-5, 'export round trip failed: %g' % d64
    assert d32 <= 1e-3
    # the torch model rebuilt from the .bin file equals the trained one exactly
    with torch.no_grad():
        lb = torch_from_bin(bin_path).eval()(torch.tensor([probe_ids]))
    assert torch.equal(lb, l32), 'torch model rebuilt from %s differs' % bin_path
    return dict(max_abs_diff_float64=d64, max_abs_diff_float32=d32, max_abs_diff_attention_float32=datt), ref


def sha256(path):
    return hashlib.sha256(open(path, 'rb').read()).hexdigest()


def file_entry(path):
    return dict(file=os.path.relpath(path, OUT), bytes=os.path.getsize(path), sha256=sha256(path))


def rounded(xs, digits=6):
    return [float('%.*g' % (digits, float(x))) for x in xs]


def sig(x, digits=7):
    return float('%.*g' % (digits, float(x)))


# ======================================================= per-model pipelines

def run_chars(check_only=False):
    spec = CHARS
    vocab = chars_vocab()
    V = len(vocab)
    vocab_bytes = [s.encode() for s in vocab]
    text, train_ids, held_ids, cut = chars_data(vocab)
    space = vocab.index(' ')
    ctx = spec['ctx']
    bin_path = os.path.join(OUT, 'chars.bin')
    tok_path = os.path.join(OUT, 'chars.tokenizer.bin')
    HX, HY = chars_heldout_batches(held_ids, space, ctx)
    log('chars: corpus %d chars, train %d, held-out %d, vocab %d' % (len(text), len(train_ids), len(held_ids), V))

    seed_all(spec['seed'])
    if check_only:
        model = torch_from_bin(bin_path)
        secs, history = None, None
    else:
        model = make_model(spec['config'], V)
        log('chars: %d parameters' % model.n_params())
        starts = space_starts(train_ids, space, ctx)
        rng = np.random.default_rng(spec['seed'])
        secs, history = train(model, spec, lambda step: chars_batch(train_ids, starts, rng, spec['batch'], ctx),
                              lambda: eval_loss(model, HX, HY), eval_every=100)
        L2.export_legacy(model, bin_path)
        L2.write_tokenizer(vocab, tok_path)
    model.eval()
    heldout = eval_loss(model, HX, HY)
    # unigram baseline: entropy of the training characters' frequencies
    counts = np.bincount(train_ids, minlength=V).astype(np.float64)
    pr = counts / counts.sum()
    held_unigram = float(-np.mean(np.log(np.maximum(pr[held_ids], 1e-12))))

    tok_bytes, scores = L2.read_tokenizer(tok_path, V)
    prompt_ids = L2.runc_encode(tok_bytes, scores, spec['prompt'], bos=True)
    new, margin = greedy(model, prompt_ids, spec['max_new_tokens'], model.c.seq_len)
    text_out = decode(vocab_bytes, prompt_ids[-1], new)
    # a held-out window of 128 tokens with its exact mean loss: the C++/JS
    # forward can recompute it
    probe = [L2.BOS] + held_ids[int(space_starts(held_ids, space, 128)[10]):][:128].tolist()
    with torch.no_grad():
        probe_loss = float(ce(model(torch.tensor([probe[:-1]])), torch.tensor([probe[1:]])))
    rt, ref = roundtrip_check(model, bin_path, tok_path, prompt_ids + new)
    ref_greedy = [int(np.argmax(ref[len(prompt_ids) - 1 + i])) for i in range(len(new))]
    assert ref_greedy == new, 'numpy reference greedy differs from torch'
    samples = []
    for seed, temp in ((1, 0.8), (2, 0.8), (3, 1.0)):
        p = L2.runc_encode(tok_bytes, scores, '"I', bos=True)
        s = sample(model, p, 240, model.c.seq_len, temp, seed)
        samples.append(dict(prompt='"I', temperature=temp, seed=seed,
                            text='"I' + decode(vocab_bytes, p[-1], s)))
    log('chars: held-out loss %.4f (uniform ln(%d) = %.4f, unigram %.4f)' % (heldout, V, math.log(V), held_unigram))
    log('chars: greedy %r -> %r (min margin %.3g)' % (spec['prompt'], text_out, margin))
    for s in samples:
        log('chars: sample T=%.1f seed=%d: %r' % (s['temperature'], s['seed'], s['text']))
    return dict(
        description='character-level language model trained on Jane Austen, "Pride and Prejudice" '
                    '(public domain; corpus/README.md)',
        checkpoint=file_entry(bin_path), tokenizer=file_entry(tok_path),
        format='llama2c-legacy-fp32', tokenizer_format='llama2c-tokenizer-bin (char-level vocabulary, see README.md)',
        config=model.c.as_dict(), n_params=model.n_params(),
        vocab_layout='0 <unk>, 1 <s>, 2 </s>, 3..258 <0x00>..<0xFF>, 259 "\\n", 260..354 " ".."~" (printable ASCII)',
        training=dict(seed=spec['seed'], steps=spec['steps'], batch=spec['batch'], context=ctx, lr=spec['lr'],
                      min_lr=spec['min_lr'], warmup=spec['warmup'], weight_decay=spec['wd'],
                      train_seconds=None if secs is None else round(secs, 1), torch=torch.__version__, history=history),
        heldout=dict(definition='mean cross-entropy (nats) of next-character prediction on 64 windows of <s> + 256 '
                                'characters starting at a space, evenly spread over the last %d%% of the corpus '
                                '(characters %d.. of the file, never trained on)'
                                % (int(CHARS['heldout_fraction'] * 100), cut),
                     loss=sig(heldout), uniform_baseline=sig(math.log(V)),
                     unigram_baseline=sig(held_unigram)),
        probe=dict(ids=probe, mean_loss=sig(probe_loss),
                   definition='mean cross-entropy of ids[1:] predicted from ids[:-1] (one forward pass)'),
        greedy=dict(prompt=spec['prompt'], prompt_ids=prompt_ids, max_new_tokens=spec['max_new_tokens'],
                    new_ids=new, text=text_out, min_top2_margin=sig(margin),
                    stop='none (max_new_tokens)',
                    last_logits=rounded(ref[len(prompt_ids) - 1]),
                    note='prompt_ids = run.c encode(prompt, bos=1, eos=0); each new id is the argmax of the '
                         'float32 torch logits; last_logits = float64 reference logits after the prompt'),
        roundtrip=rt, samples=samples,
    )


def analyse_task_heads(model, vocab, words):
    """Where each head looks from the answer queries p = d..d+n (d = position
    of '|', n = word length; the query at p predicts token p+1).
    'letter' steps (the next token is a letter): the mean attention weight
    on, and the share of queries whose argmax is, these keys: 'target' = the
    input position of the letter to output next, 'after_target' = that of the
    letter output after it (none if that is </s>), 'same_letter' = the input
    position of the letter the query holds (none for p = d), 'previous' p-1,
    'delimiter' d, 'space' 1 (run.c's dummy prefix), 'bos' 0, 'self' p.
    'eos' steps (the next token is </s>): the same keys except target.
    Letters are distinct, so positions are unambiguous."""
    c = model.c
    names = ['target', 'after_target', 'same_letter', 'previous', 'delimiter', 'space', 'bos', 'self']
    acc = {}
    with torch.no_grad():
        for w in words:
            full = task_encode(vocab, w)
            seq = full[:-1]
            _, atts = model.eval()(torch.tensor([seq]), return_attention=True)
            n = len(w)
            d = n + 2
            where = {seq[i]: i for i in range(2, n + 2)}
            for p in range(d, d + n + 1):
                nxt = full[p + 1]
                kind = 'eos' if nxt == L2.EOS else 'letter'
                keys = [where.get(nxt), where.get(full[p + 2]) if p + 2 < len(full) else None,
                        where.get(seq[p]) if p > d else None, p - 1, d, 1, 0, p]
                for l in range(c.n_layers):
                    a = atts[l][0, :, p].numpy()
                    am = a.argmax(axis=1)
                    for h in range(c.n_heads):
                        e = acc.setdefault((kind, l, h), dict(n=0, w=np.zeros(len(names)), top=np.zeros(len(names) + 1)))
                        e['n'] += 1
                        hit = None
                        for k, j in enumerate(keys):
                            if j is None:
                                continue
                            e['w'][k] += a[h, j]
                            if hit is None and am[h] == j:
                                hit = k
                        e['top'][len(names) if hit is None else hit] += 1
    table = []
    for l in range(c.n_layers):
        for h in range(c.n_heads):
            row = dict(layer=l, head=h)
            for kind in ('letter', 'eos'):
                e = acc[(kind, l, h)]
                sel = [k for k in range(len(names)) if not (kind == 'eos' and names[k] in ('target', 'after_target'))]
                row[kind] = dict(
                    queries=e['n'],
                    mean_weight={names[k]: round(float(e['w'][k] / e['n']), 4) for k in sel},
                    argmax_share=dict([(names[k], round(float(e['top'][k] / e['n']), 4)) for k in sel]
                                      + [('other', round(float(e['top'][-1] / e['n']), 4))]))
            table.append(row)
    return table


def run_task(check_only=False):
    spec = SORT
    name = spec['name']
    vocab = task_vocab()
    V = len(vocab)
    vocab_bytes = [s.encode() for s in vocab]
    T = spec['config']['seq_len']
    bin_path = os.path.join(OUT, name + '.bin')
    tok_path = os.path.join(OUT, name + '.tokenizer.bin')
    rng = np.random.default_rng(spec['seed'])
    held = []
    seen = set()
    while len(held) < spec['n_heldout']:
        w = random_word(rng, spec['min_len'], spec['max_len'])
        if w not in seen:
            seen.add(w)
            held.append(w)
    HX, HY = task_tensors(vocab, held, T)

    seed_all(spec['seed'])
    if check_only:
        model = torch_from_bin(bin_path)
        secs, history = None, None
    else:
        model = make_model(spec['config'], V)
        log('%s: %d parameters' % (name, model.n_params()))

        def next_batch(step):
            words = []
            while len(words) < spec['batch']:
                w = random_word(rng, spec['min_len'], spec['max_len'])
                if w not in seen:      # held-out words are never trained on
                    words.append(w)
            return task_tensors(vocab, words, T)

        secs, history = train(model, spec, next_batch, lambda: eval_loss(model, HX[:500], HY[:500]), eval_every=250)
        L2.export_legacy(model, bin_path)
        L2.write_tokenizer(vocab, tok_path)
    model.eval()
    heldout = eval_loss(model, HX, HY)
    # exact-match accuracy of greedy answers on the held-out words (teacher
    # forcing is exact here: greedy is right iff every argmax is right)
    with torch.no_grad():
        pred = torch.cat([model(HX[i:i + 250]).argmax(-1) for i in range(0, len(HX), 250)])
    ok = ((pred == HY) | (HY == -100)).all(dim=1)
    acc = float(ok.float().mean())
    per_len = {}
    for w, o in zip(held, ok.tolist()):
        per_len.setdefault(len(w), []).append(o)
    per_len = {str(k): round(sum(v) / len(v), 4) for k, v in sorted(per_len.items())}

    tok_bytes, scores = L2.read_tokenizer(tok_path, V)
    prompt_ids = L2.runc_encode(tok_bytes, scores, spec['prompt'], bos=True)
    new, margin = greedy(model, prompt_ids, spec['max_new_tokens'], T, stop=(L2.BOS, L2.EOS))
    text_out = decode(vocab_bytes, prompt_ids[-1], [t for t in new if t != L2.EOS])
    probe_word = 'keyboard'
    probe = task_encode(vocab, probe_word)
    with torch.no_grad():
        logits = model(torch.tensor([probe[:-1]]))
        y = torch.full((1, len(probe) - 1), -100, dtype=torch.long)
        d = len(probe_word) + 2
        y[0, d:] = torch.tensor(probe[d + 1:])
        probe_loss = float(ce(logits, y))
    rt, ref = roundtrip_check(model, bin_path, tok_path, prompt_ids + new)
    ref_greedy = [int(np.argmax(ref[len(prompt_ids) - 1 + i])) for i in range(len(new))]
    assert ref_greedy == new, 'numpy reference greedy differs from torch'
    heads = analyse_task_heads(model, vocab, held[:500])
    log('%s: held-out answer loss %.5f (uniform ln(%d) = %.4f, letters+</s> ln(27) = %.4f), exact match %.4f'
        % (name, heldout, V, math.log(V), math.log(27), acc))
    log('%s: exact match by length %s' % (name, per_len))
    log('%s: greedy %r -> %r (ids %s, min margin %.3g)' % (name, spec['prompt'], text_out, new, margin))
    for h in heads:
        for kind in ('letter', 'eos'):
            log('  layer %d head %d %-6s weight: %s' % (h['layer'], h['head'], kind,
                '  '.join('%s %.3f' % kv for kv in h[kind]['mean_weight'].items())))
            log('                       argmax: %s' % '  '.join('%s %.3f' % kv for kv in h[kind]['argmax_share'].items()))
    return dict(
        description='task model: sorts 2..10 distinct lowercase letters written before "|" into alphabetical '
                    'order, then emits </s>',
        checkpoint=file_entry(bin_path), tokenizer=file_entry(tok_path),
        format='llama2c-legacy-fp32', tokenizer_format='llama2c-tokenizer-bin (char-level vocabulary, see README.md)',
        config=model.c.as_dict(), n_params=model.n_params(),
        vocab_layout='0 <unk>, 1 <s>, 2 </s>, 3..258 <0x00>..<0xFF>, 259 " ", 260 "|", 261..286 "a".."z"',
        sequence_layout='<s> " " w1 .. wn "|" sorted(w) </s>  (run.c encode of "w1..wn|", then the answer)',
        training=dict(task=spec['task'], seed=spec['seed'], steps=spec['steps'], batch=spec['batch'],
                      lr=spec['lr'], min_lr=spec['min_lr'], warmup=spec['warmup'], weight_decay=spec['wd'],
                      word_lengths=[spec['min_len'], spec['max_len']],
                      loss='cross-entropy on the answer tokens only (letters after "|" and </s>)',
                      train_seconds=None if secs is None else round(secs, 1), torch=torch.__version__, history=history),
        heldout=dict(definition='mean cross-entropy (nats) of the answer tokens (sorted letters and </s>) of %d '
                                'random words (lengths %d..%d, distinct letters) excluded from training'
                                % (spec['n_heldout'], spec['min_len'], spec['max_len']),
                     loss=sig(heldout), uniform_baseline=sig(math.log(V)),
                     exact_match=round(acc, 5), exact_match_by_length=per_len),
        probe=dict(ids=probe, mean_loss=sig(probe_loss),
                   definition='mean cross-entropy over the answer tokens only (targets ids[11:], predicted at '
                              'positions 10..18 of one forward pass over ids[:-1])'),
        greedy=dict(prompt=spec['prompt'], prompt_ids=prompt_ids, max_new_tokens=spec['max_new_tokens'],
                    new_ids=new, text=text_out, min_top2_margin=sig(margin),
                    stop='after emitting </s> (2) or <s> (1)',
                    last_logits=rounded(ref[len(prompt_ids) - 1]),
                    note='prompt_ids = run.c encode(prompt, bos=1, eos=0); each new id is the argmax of the '
                         'float32 torch logits; last_logits = float64 reference logits after the prompt'),
        roundtrip=rt,
        attention_heads=dict(definition=' '.join(analyse_task_heads.__doc__.split()),
                             words=500, heads=heads),
    )


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('which', nargs='*', help='chars and/or sort (default: both)')
    ap.add_argument('--check', action='store_true', help='no training: verify the committed files')
    args = ap.parse_args()
    which = args.which or ['chars', 'sort']
    for name in which:
        if name not in ('chars', 'sort'):
            ap.error('unknown model %r (chars, sort)' % name)
    os.makedirs(OUT, exist_ok=True)
    json_path = os.path.join(OUT, 'models.json')
    t0 = time.time()
    results = {}
    for name in which:
        results[name] = (run_chars if name == 'chars' else run_task)(check_only=args.check)
    total = time.time() - t0
    doc = json.load(open(json_path)) if os.path.exists(json_path) else {}
    if args.check:
        bad = []
        for name, r in results.items():
            old = doc['models'][name]
            for key in ('checkpoint', 'tokenizer', 'n_params', 'config'):
                if old[key] != r[key]:
                    bad.append('%s.%s' % (name, key))
            for key in ('prompt_ids', 'new_ids'):
                if old['greedy'][key] != r['greedy'][key]:
                    bad.append('%s.greedy.%s' % (name, key))
            for key in ('heldout', 'probe'):
                field = 'loss' if key == 'heldout' else 'mean_loss'
                a, b = old[key][field], r[key][field]
                if abs(a - b) > 1e-5 * max(1.0, abs(a)):
                    bad.append('%s.%s.%s' % (name, key, field))
        log('check: %s (%.0fs)' % ('OK' if not bad else 'MISMATCH ' + ', '.join(bad), total))
        sys.exit(1 if bad else 0)
    models = doc.get('models', {})
    models.update(results)
    doc['models'] = {k: models[k] for k in ('chars', 'sort') if k in models}
    doc['script'] = 'scripts/train_default_models.py'
    doc['script_version'] = SCRIPT_VERSION
    doc['generated_by'] = 'torch %s, numpy %s, python %s' % (torch.__version__, np.__version__,
                                                            sys.version.split()[0])
    doc['format_notes'] = ('checkpoints: llama2.c legacy header (7 int32) + fp32 tensors, tied classifier '
                           '(vocab_size > 0); tokenizers: run.c tokenizer.bin with a char-level vocabulary '
                           '(README.md). Token ids in this file are what run.c encode() gives.')
    sizes = sum(os.path.getsize(os.path.join(OUT, m[k]['file'])) for m in doc['models'].values()
                for k in ('checkpoint', 'tokenizer'))
    doc['total_bytes'] = sizes
    with open(json_path, 'w') as f:
        json.dump(doc, f, indent=1, ensure_ascii=False)
        f.write('\n')
    log('wrote %s; models total %d bytes; this run %.0fs' % (json_path, sizes, total))


if __name__ == '__main__':
    main()
