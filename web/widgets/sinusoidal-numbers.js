// Every number <attn-sinusoidal> shows, asked of the core: the encoding from
// sinusoidalPositionalEncoding, products by matmul. Frequencies are read back
// from the encoding itself (row 1 holds sin ω_i and cos ω_i), so the table
// shows what the core uses, not a formula typed here.
import { attn } from './attention-source.js';

/** The transpose of a [R, C] tensor (data movement only). */
export function transpose(m) {
  const [R, C] = m.shape;
  const out = new Float32Array(R * C);
  for (let i = 0; i < R; i++) for (let j = 0; j < C; j++) out[j * R + i] = m.data[i * C + j];
  return attn.tensor(out, [C, R]);
}

/** PE [T, D] and its Gram matrix PE·PEᵀ [T, T]. */
export function encodingAndGram(T, D, base) {
  const pe = attn.sinusoidalPositionalEncoding(T, D, { base });
  return { pe, gram: attn.matmul(pe, transpose(pe)) };
}

/** ‖PE(pos)‖ for one D, from the core (√ of PE(pos)·PE(pos)). */
export function encodingNorm(pos, D, base) {
  const row = attn.sinusoidalPositionalEncoding(pos + 1, D, { base }).data.slice(pos * D);
  const r = attn.tensor(row, [1, D]);
  return Math.sqrt(attn.matmul(r, attn.tensor(row, [D, 1])).data[0]);
}

/**
 * Per pair i of dims (2i, 2i+1): ω_i = atan2(sin ω_i, cos ω_i) from PE row 1,
 * the divisor 1/ω_i (= base^(2i/D)) and the wavelength 2π/ω_i in positions.
 */
export function pairTable(D, base) {
  const pe = attn.sinusoidalPositionalEncoding(2, D, { base }).data;
  const rows = [];
  for (let i = 0; 2 * i + 1 < D; i++) {
    const omega = Math.atan2(pe[D + 2 * i], pe[D + 2 * i + 1]);
    rows.push({ pair: i, dims: [2 * i, 2 * i + 1], omega, divisor: 1 / omega, wavelength: (2 * Math.PI) / omega });
  }
  return rows;
}

/**
 * A(k) [D, D], block-diagonal with [[cos kω, sin kω], [−sin kω, cos kω]] per
 * pair (its entries taken from PE row k, which holds sin kω and cos kω), and
 * the check PE(pos+k) = A(k)·PE(pos) by the core's matmul: {A, predicted,
 * actual, maxDiff}.
 */
export function shiftMap(pos, k, D, base) { // D even
  const pe = attn.sinusoidalPositionalEncoding(Math.max(pos + k, k) + 1, D, { base }).data;
  const A = new Float32Array(D * D);
  for (let i = 0; 2 * i + 1 < D; i++) {
    const s = pe[k * D + 2 * i], c = pe[k * D + 2 * i + 1];
    const [a, b] = [2 * i, 2 * i + 1];
    A[a * D + a] = c; A[a * D + b] = s;
    A[b * D + a] = -s; A[b * D + b] = c;
  }
  const x = attn.tensor(pe.slice(pos * D, pos * D + D), [D, 1]);
  const predicted = attn.matmul(attn.tensor(A, [D, D]), x).data;
  const actual = pe.slice((pos + k) * D, (pos + k) * D + D);
  let maxDiff = 0;
  for (let d = 0; d < D; d++) maxDiff = Math.max(maxDiff, Math.abs(predicted[d] - actual[d]));
  return { A: attn.tensor(A, [D, D]), predicted, actual, maxDiff };
}
