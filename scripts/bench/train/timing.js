// The timed training loop shared by Node (node.js) and Chromium (browser.js):
// Model.create + Trainer.step on the batch train_bench.cpp uses, token
// (7 i + 3) mod V with the next one as target; 2 warm-up steps, then `steps`.
export function timeTraining(attn, shape, steps) {
  if (typeof attn.Model?.create !== 'function' || typeof attn.Trainer !== 'function') {
    return { backend: attn.backend(), skipped: 'no Model.create / Trainer in this build' };
  }
  const { dim, hiddenDim, nLayers, nHeads, nKvHeads, vocabSize, seqLen, batch: B, tokens: T } = shape;
  const model = attn.Model.create({ arch: 'llama', dim, hiddenDim, nLayers, nHeads, nKvHeads, vocabSize, seqLen }, { seed: 1 });
  const trainer = new attn.Trainer(model, { learningRate: shape.learningRate, clipGradNorm: shape.clipGradNorm });
  const inputs = { data: new Int32Array(B * T), shape: [B, T] };
  const targets = { data: new Int32Array(B * T), shape: [B, T] };
  for (let i = 0; i < B * T; i++) {
    inputs.data[i] = (7 * i + 3) % vocabSize;
    targets.data[i] = (7 * (i + 1) + 3) % vocabSize;
  }
  const times = [];
  let first = 0, last = 0;
  for (let s = 0; s < steps + 2; s++) {
    const t0 = performance.now();
    const r = trainer.step(inputs, targets);
    const t1 = performance.now();
    if (s === 0) first = r.loss;
    last = r.loss;
    if (s >= 2) times.push(t1 - t0);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  let parameters = 0;
  for (const t of Object.values(model.parameters())) parameters += t.data.length;
  trainer.dispose();
  model.dispose();
  return { backend: attn.backend(), median_ms: median, best_ms: times[0], tokens_per_s: (B * T) / (median / 1000),
    parameters, steps, first_loss: first, last_loss: last };
}
