// Generation benchmark cases: greedy from BOS, STEPS tokens (fewer on the
// GPT-2 shape, whose fp32 weights are 498 MB a token), on the random-weight
// checkpoints `attnscope_run_model random <shape>` writes (the same weights
// its `bench` mode builds in memory): llama2.c files, and an AGPT (GPT-2)
// file for gpt2-124m.
export const STEPS = 256;
export const REPS = 5; // after one warm-up run; the best and the median are kept

export const SHAPES = {
  '260k': 'dim 64, hidden 172, 5 layers, 8 heads, 4 KV heads, vocab 512, seq 512',
  '15m': 'dim 288, hidden 768, 6 layers, 6 heads, 6 KV heads, vocab 32000, seq 256',
  'gpt2-124m': 'GPT-2: dim 768, hidden 3072, 12 layers, 12 heads, vocab 50257, seq 1024, tied embedding',
};
const GPT2_SHAPES = ['gpt2-124m'];
const GPT2_STEPS = 64;

export const CASES = [
  { shape: '260k', q8: false }, { shape: '260k', q8: true },
  { shape: '15m', q8: false }, { shape: '15m', q8: true },
  { shape: 'gpt2-124m', q8: false, steps: GPT2_STEPS }, { shape: 'gpt2-124m', q8: true, steps: GPT2_STEPS },
];

/** The shape's checkpoint as a Model: Model.fromGpt2 for a GPT-2 shape, else fromLlama2c. */
export function loadModel(attn, shape, bytes, quantize) {
  return GPT2_SHAPES.includes(shape)
    ? attn.Model.fromGpt2(bytes, null, { quantize })
    : attn.Model.fromLlama2c(bytes, null, { quantize });
}

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
    const steps = c.steps ?? STEPS;
    const rates = [];
    let last = -1;
    for (let r = 0; r <= REPS; r++) {
      const t0 = performance.now();
      const { ids } = model.generate([1], { temperature: 0, maxNewTokens: steps, stopAtEos: false });
      const ms = performance.now() - t0;
      if (r > 0) rates.push(steps / (ms / 1000)); // r = 0 warms up (V8 tiers the wasm up)
      last = ids.at(-1);
    }
    rates.sort((a, b) => a - b);
    out.push({ ...c, groupSize: model.config.groupSize, best: rates.at(-1), median: rates[rates.length >> 1], last });
    model.dispose();
  }
  return out;
}

// Prompt prefill (issue 14): PREFILL_TOKENS prompt tokens through
// Model.forward(ids, { lastOnly: true }) (one core call, forward_sequence)
// and through the core's one-token forward per position (the way a prompt
// ran before), interleaved so both see the same machine load.
export const PREFILL_TOKENS = 128;

/**
 * load(shape, q8) returns { model, stepwise(ids) } (stepwise: one-token
 * forwards over ids on another handle of the same file); returns
 * [{ shape, q8, tokens, sequence, stepwise, ratio }]: best tok/s of each and
 * the median of the per-run ratios stepwise time ÷ sequence time.
 */
export async function timePrefill(load, cases = CASES) {
  const out = [];
  for (const c of cases) {
    const { model, stepwise } = await load(c.shape, c.q8);
    const V = model.config.vocabSize, T = Math.min(PREFILL_TOKENS, model.config.seqLen);
    const ids = Array.from({ length: T }, (_, i) => (i === 0 ? 1 : (i * 37 + 11) % V));
    const seq = [], step = [], ratios = [];
    for (let r = 0; r <= REPS; r++) {
      let t0 = performance.now();
      model.forward(ids, { lastOnly: true });
      const a = performance.now() - t0;
      t0 = performance.now();
      stepwise(ids);
      const b = performance.now() - t0;
      if (r === 0) continue; // warm-up
      seq.push(T / (a / 1000));
      step.push(T / (b / 1000));
      ratios.push(b / a);
    }
    ratios.sort((x, y) => x - y);
    out.push({ ...c, tokens: T, sequence: Math.max(...seq), stepwise: Math.max(...step), ratio: ratios[ratios.length >> 1] });
    model.dispose();
  }
  return out;
}
