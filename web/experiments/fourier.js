// What a network that grokked modular addition learned: its token embedding,
// read as p functions of the token 0..p−1 (one per embedding column), is
// concentrated on a few Fourier frequencies (Nanda et al. 2023). This is the
// discrete Fourier transform over the token axis, in float64.

/**
 * Share of the embedding's energy at each frequency k = 0 … ⌊p/2⌋:
 * E_k = Σ_c |Σ_t W[t, c] e^{−2πi k t / p}|², with k and p − k together
 * (a real signal's two halves), normalised so the shares sum to 1.
 * `weights`: row-major [rows ≥ p, C] (only rows 0..p−1 are used).
 */
export function embeddingSpectrum(weights, p, C) {
  const half = Math.floor(p / 2);
  const energy = new Float64Array(half + 1);
  for (let k = 0; k <= half; k++) {
    let e = 0;
    for (let c = 0; c < C; c++) {
      let re = 0, im = 0;
      for (let t = 0; t < p; t++) {
        const angle = (-2 * Math.PI * k * t) / p;
        const w = weights[t * C + c];
        re += w * Math.cos(angle);
        im += w * Math.sin(angle);
      }
      e += re * re + im * im;
    }
    // k and p − k carry the same energy; k = 0 (and k = p/2 for even p) has no twin.
    energy[k] = k === 0 || 2 * k === p ? e : 2 * e;
  }
  const total = energy.reduce((s, v) => s + v, 0) || 1;
  return Array.from(energy, (v) => v / total);
}

/** Fraction of the energy held by the `top` largest non-zero frequencies. */
export function topFrequencyShare(spectrum, top) {
  return spectrum.slice(1).sort((x, y) => y - x).slice(0, top).reduce((s, v) => s + v, 0);
}
