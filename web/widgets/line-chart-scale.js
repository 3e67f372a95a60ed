// Axes of <attn-line-chart>: linear or log10 scales, "nice" ticks, and the
// number format of tick labels and readouts (engineering-style 3.2e10).

/** A scale mapping [lo, hi] (data) to [a, b] (pixels); log scales need lo > 0. */
export function makeScale(lo, hi, a, b, log) {
  const f = log ? Math.log10 : (v) => v;
  let l = f(lo), h = f(hi);
  if (!(h > l)) { l -= log ? 0.5 : Math.abs(l) * 0.1 + 1; h += log ? 0.5 : Math.abs(h) * 0.1 + 1; }
  const map = (v) => a + ((f(v) - l) / (h - l)) * (b - a);
  map.ticks = () => (log ? logTicks(l, h) : linearTicks(l, h));
  return map;
}

function linearTicks(lo, hi) {
  const raw = (hi - lo) / 5;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * mag).find((s) => s >= raw);
  const out = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi + step * 1e-9; v += step) out.push(Math.abs(v) < step * 1e-9 ? 0 : v);
  return out;
}

function logTicks(lo, hi) {
  const span = hi - lo;
  const every = span > 12 ? 3 : span > 6 ? 2 : 1;
  const out = [];
  for (let e = Math.ceil(lo); e <= Math.floor(hi); e += every) out.push(10 ** e);
  if (out.length < 2) { // less than a decade: 1, 1.5, 2, 3, 5, 7 times powers of 10
    out.length = 0;
    for (let e = Math.floor(lo); e <= Math.ceil(hi); e++) {
      for (const m of [1, 1.5, 2, 3, 5, 7]) if (Math.log10(m * 10 ** e) >= lo - 1e-9 && Math.log10(m * 10 ** e) <= hi + 1e-9) out.push(m * 10 ** e);
    }
  }
  return out;
}

/** 0.0123 → "0.0123", 3.2e10 → "3.2e10", 20 → "20" (3 significant digits). */
export function formatNumber(v, digits = 3) {
  if (!Number.isFinite(v)) return String(v);
  if (v === 0) return '0';
  const a = Math.abs(v);
  if (a >= 1e5 || a < 1e-3) {
    const [m, e] = v.toExponential(digits - 1).split('e');
    return `${m.replace(/\.?0+$/, '')}e${Number(e)}`;
  }
  return String(Number(v.toPrecision(digits)));
}
