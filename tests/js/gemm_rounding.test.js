// matmul runs on the packed gemm engine, whose every output element is one
// sum over k in order (in K slices of 512, each slice's sum added to the
// output): its bits are known exactly. With the fused multiply-add kernels
// (wasm-simd-fma: attnscope-fma.wasm, f32x4.relaxed_madd, fused on x64 with
// FMA3) each step is round(acc + a*b); in every other backend it is
// round(acc + round(a*b)). Float64 emulates both exactly (a product of two
// float32 fits a float64's 53 bits), so each backend must match its own
// rounding bit for bit on shapes that exercise the tile's tails (the tile is
// 4 rows x 8 columns) and the K slices, and must not match the other one.
import { expect, test } from 'vitest';
import { attn } from './helpers.js';

await attn.ready();
const FUSED = attn.backend() === 'wasm-simd-fma';
const KC = 512; // the engine's K slice (cpp/src/gemm.h)

function lcg(n, seed) {
  const out = new Float32Array(n);
  let s = seed >>> 0;
  for (let i = 0; i < n; i++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    out[i] = s / 2 ** 31 - 1;
  }
  return out;
}

// A (M,K) @ B (K,N) with the engine's order of float32 operations.
function emulate(a, b, M, K, N, fused) {
  const f = Math.fround;
  const out = new Float32Array(M * N);
  for (let i = 0; i < M; i++) {
    for (let j = 0; j < N; j++) {
      let o = 0;
      for (let k0 = 0; k0 < K; k0 += KC) {
        let acc = 0;
        for (let k = k0; k < Math.min(K, k0 + KC); k++) {
          const p = a[i * K + k] * b[k * N + j]; // exact in float64
          acc = fused ? f(acc + p) : f(acc + f(p));
        }
        o = k0 === 0 ? acc : f(o + acc);
      }
      out[i * N + j] = o;
    }
  }
  return out;
}

const differing = (x, y) => x.reduce((n, v, i) => n + (Object.is(v, y[i]) ? 0 : 1), 0);

const SHAPES = [[1, 1, 1], [3, 7, 17], [17, 65, 3], [65, 3, 7], [7, 17, 65], [5, 600, 9], [64, 64, 64]];

test.each(SHAPES)(`matmul [%i, %i] @ [%i, ·]: every element as the backend rounds (${FUSED ? 'fused' : 'multiply, then add'})`, (M, K, N) => {
  const a = lcg(M * K, 11 + M), b = lcg(K * N, 29 + N);
  const got = attn.matmul({ data: a, shape: [M, K] }, { data: b, shape: [K, N] }).data;
  const want = emulate(a, b, M, K, N, FUSED);
  const n = differing(got, want);
  expect(n, `${n} of ${M * N} elements differ from the ${FUSED ? 'fused' : 'unfused'} emulation`).toBe(0);
});

test('the two roundings differ on these inputs, so the test above can tell which one ran', () => {
  let apart = 0;
  for (const [M, K, N] of SHAPES) {
    const a = lcg(M * K, 11 + M), b = lcg(K * N, 29 + N);
    const got = attn.matmul({ data: a, shape: [M, K] }, { data: b, shape: [K, N] }).data;
    apart += differing(got, emulate(a, b, M, K, N, !FUSED));
  }
  expect(apart).toBeGreaterThan(100);
});
