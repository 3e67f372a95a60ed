// Generation benchmark cases (issue 4): greedy from BOS, STEPS tokens, on the
// random-weight llama2.c checkpoints `attnscope_run_model random <shape>`
// writes (the same weights its `bench` mode builds in memory).
export const STEPS = 256;
export const REPS = 5; // after one warm-up run; the best and the median are kept

export const SHAPES = {
  '260k': 'dim 64, hidden 172, 5 layers, 8 heads, 4 KV heads, vocab 512, seq 512',
  '15m': 'dim 288, hidden 768, 6 layers, 6 heads, 6 KV heads, vocab 32000, seq 256',
};

export const CASES = [
  { shape: '260k', q8: false }, { shape: '260k', q8: true },
  { shape: '15m', q8: false }, { shape: '15m', q8: true },
];

// llama2.c's run.c on this machine kind, as the issue reports them (tok/s).
export const LLAMA2C = {
  '260k': { wasm: 3500, native: 15900 },
  '15m': { wasm: 300, native: 378 },
};

export const checkpointName = (shape) => `random_${shape}.bin`;

/**
 * Times Model.generate (the public API, no tokenizer) for every case:
 * load(shape, q8) returns a Model; returns [{ shape, q8, groupSize, best,
 * median, last }] with tok/s figures and the last generated id.
 */
export async function timeGeneration(load, cases = CASES) {
  const out = [];
  for (const c of cases) {
    const model = await load(c.shape, c.q8);
    const rates = [];
    let last = -1;
    for (let r = 0; r <= REPS; r++) {
      const t0 = performance.now();
      const { ids } = model.generate([1], { temperature: 0, maxNewTokens: STEPS, stopAtEos: false });
      const ms = performance.now() - t0;
      if (r > 0) rates.push(STEPS / (ms / 1000)); // r = 0 warms up (V8 tiers the wasm up)
      last = ids.at(-1);
    }
    rates.sort((a, b) => a - b);
    out.push({ ...c, groupSize: model.config.groupSize, best: rates.at(-1), median: rates[rates.length >> 1], last });
    model.dispose();
  }
  return out;
}
