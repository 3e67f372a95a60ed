#!/usr/bin/env python3
"""The reference for tests/js/word_model.test.js: the cross-entropy of the
first WINDOWS test windows (train.py's windows: <s> + 255 tokens) under the
shipped word model's float32 weights (train.py's model.bin, the file ship.js
quantised), computed in float64 by scripts/train/llama2c.py's
reference_forward (written like run.c's forward, independent of attnscope).
The test scores the same windows with the shipped Q8_0 file.

    /usr/bin/python3 scripts/word-model/reference_loss.py [model.bin] [test.bin]
      (defaults build/word-model/model.bin, build/word-model/test.bin)

Writes tests/fixtures/word_model_loss.json. Needs numpy (no torch).
"""
import hashlib
import json
import math
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, 'scripts', 'train'))
import llama2c as L2  # noqa: E402

WINDOWS = 8
WINDOW = 255
BOS = 1


def main():
    model = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, 'build/word-model/model.bin')
    test = sys.argv[2] if len(sys.argv) > 2 else os.path.join(ROOT, 'build/word-model/test.bin')
    ids = np.fromfile(test, dtype='<i4').astype(np.int64)
    cfg, W = L2.read_legacy(model)
    per_window = []
    nats, n = 0.0, 0
    for w in range(WINDOWS):
        y = ids[w * WINDOW:(w + 1) * WINDOW]
        x = [BOS] + ids[w * WINDOW:w * WINDOW + len(y) - 1].tolist()
        logits, _ = L2.reference_forward(cfg, W, x)
        m = logits.max(axis=1, keepdims=True)
        logz = (m[:, 0] + np.log(np.exp(logits - m).sum(axis=1)))
        ce = logz - logits[np.arange(len(y)), y]
        per_window.append(round(float(ce.mean()), 6))
        nats += float(ce.sum())
        n += len(y)
    out = dict(
        about='float64 cross-entropy (nats/token) of the first test windows under the word model\'s float32 weights (scripts/word-model/reference_loss.py)',
        model_sha256=hashlib.sha256(open(model, 'rb').read()).hexdigest(),
        test_sha256=hashlib.sha256(open(test, 'rb').read()).hexdigest(),
        windows=WINDOWS, window=WINDOW, tokens=n, loss_per_token=round(nats / n, 6), per_window=per_window,
    )
    path = os.path.join(ROOT, 'tests/fixtures/word_model_loss.json')
    with open(path, 'w') as f:
        json.dump(out, f, indent=1)
        f.write('\n')
    print('%d tokens: %.5f nats/token -> %s' % (n, nats / n, path))


if __name__ == '__main__':
    main()
