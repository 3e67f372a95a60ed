// The steps at which a long run is evaluated: dense at first (so a log-step
// axis has points in every decade), then every `every` steps.

/** Sorted distinct steps 0 … steps: ~12 a decade up to `every`, then its multiples, and `steps` itself. */
export function evaluationSteps(steps, every) {
  const set = new Set([0, steps]);
  for (let x = 1; x < Math.min(every, steps); x = Math.max(x + 1, Math.round(x * 10 ** (1 / 12)))) set.add(x);
  for (let x = every; x < steps; x += every) set.add(x);
  return [...set].sort((a, b) => a - b);
}
