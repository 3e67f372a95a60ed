// Times several functions by alternating them call by call (so a change of
// machine load hits all of them alike): warm-up, then rounds until both
// MIN_REPS and MIN_MS are reached (or MAX_REPS). Returns per function
// { median, min, reps } in milliseconds; the report shows the median.
const WARMUP_MS = 100, MIN_REPS = 5, MIN_MS = 300, MAX_REPS = 200;

// minReps lowers the floor for calls of a second or more (the long cases).
export function timeAll(fns, { minReps = MIN_REPS } = {}) {
  const w0 = performance.now();
  do fns.forEach((fn) => fn()); while (performance.now() - w0 < WARMUP_MS);
  const times = fns.map(() => []);
  const t0 = performance.now();
  for (let reps = 0; reps < MAX_REPS && (reps < minReps || performance.now() - t0 < MIN_MS); reps++) {
    fns.forEach((fn, i) => {
      const s = performance.now();
      fn();
      times[i].push(performance.now() - s);
    });
  }
  return times.map((t) => {
    t.sort((a, b) => a - b);
    const mid = t.length >> 1;
    return { median: t.length % 2 ? t[mid] : (t[mid - 1] + t[mid]) / 2, min: t[0], reps: t.length };
  });
}
