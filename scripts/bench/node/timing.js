// Warm-up, then repetitions until both MIN_REPS and MIN_MS are reached (or
// MAX_REPS); the median is what the report shows, the minimum is kept too.
const WARMUP_MS = 100, MIN_REPS = 5, MIN_MS = 400, MAX_REPS = 200;

export function timeIt(fn) {
  const w0 = performance.now();
  do fn(); while (performance.now() - w0 < WARMUP_MS);
  const times = [];
  const t0 = performance.now();
  while (times.length < MAX_REPS && (times.length < MIN_REPS || performance.now() - t0 < MIN_MS)) {
    const s = performance.now();
    fn();
    times.push(performance.now() - s);
  }
  times.sort((a, b) => a - b);
  const mid = times.length >> 1;
  const median = times.length % 2 ? times[mid] : (times[mid - 1] + times[mid]) / 2;
  return { median, min: times[0], reps: times.length };
}
