// Model.loss for a model that cannot be trained (read from a file): the same
// mean cross-entropy as the training core's (PyTorch's F.cross_entropy with
// ignore_index=-1), from the forward's logits, summed in float64.

/**
 * batch: checkBatch's { inputs, targets, B, T } (checked); logitsOf(ids) ->
 * Float32Array (T, V) of one row. Returns the mean over targets != -1.
 */
export function forwardLoss(batch, logitsOf, V) {
  const { inputs, targets, B, T } = batch;
  let sum = 0, count = 0;
  for (let b = 0; b < B; b++) {
    const logits = logitsOf(inputs.subarray(b * T, (b + 1) * T));
    for (let t = 0; t < T; t++) {
      const target = targets[b * T + t];
      if (target === -1) continue;
      const row = logits.subarray(t * V, (t + 1) * V);
      let max = -Infinity;
      for (let i = 0; i < V; i++) if (row[i] > max) max = row[i];
      let z = 0;
      for (let i = 0; i < V; i++) z += Math.exp(row[i] - max);
      sum += max + Math.log(z) - row[target];
      count += 1;
    }
  }
  return sum / count;
}
