// y ranges for the sweep and position charts: losses of 2–3 nats on an axis
// from 0 (linear) or between two log ticks would show no tick at all or
// flatten the differences that matter; these bounds fall on ticks.
const LOG_STEPS = [1, 1.5, 2, 3, 5, 7, 10];

/** [lo, hi] on log ticks (1, 1.5, 2, 3, 5, 7 × 10^k) around the positive `values`, or null. */
export function logBounds(values) {
  const v = values.filter((x) => Number.isFinite(x) && x > 0);
  if (!v.length) return null;
  const min = Math.min(...v), max = Math.max(...v);
  const e = (x) => 10 ** Math.floor(Math.log10(x));
  const lo = LOG_STEPS.map((m) => m * e(min)).filter((t) => t <= min * (1 + 1e-12)).at(-1);
  const hi = LOG_STEPS.map((m) => m * e(max)).find((t) => t >= max * (1 - 1e-12));
  return [lo, hi];
}

/** [lo, hi] on half units around `values` (linear axes), or null. */
export function halfUnitBounds(values) {
  const v = values.filter(Number.isFinite);
  if (!v.length) return null;
  return [Math.floor(Math.min(...v) * 2) / 2, Math.ceil(Math.max(...v) * 2) / 2];
}

/** Sets (or clears) a chart's y-min / y-max. */
export function setYBounds(chart, bounds) {
  if (bounds) { chart.setAttribute('y-min', String(bounds[0])); chart.setAttribute('y-max', String(bounds[1])); }
  else { chart.removeAttribute('y-min'); chart.removeAttribute('y-max'); }
}
