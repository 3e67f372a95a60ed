// The kernels of the model forward (run.c's matmul, rmsnorm, softmax, and
// runq.c's Q8_0 matmul and quantize), with one fixed order of float
// operations: the SIMD build (sse4.1 natively, wasm SIMD), the AVX build and
// the scalar build give bit-identical results, so greedy and seeded sampling
// pick the same tokens in the native build and in either wasm module.
//
// Canonical sum of n products: four 8-lane accumulators A0..A3; element j of
// the 32-blocks (j < n - n % 32) goes to lane j % 8 of A[(j / 8) % 4]; the
// remaining 8-blocks go to A0; each lane does acc = acc + a*b (no fused
// multiply-add); then A = (A0 + A1) + (A2 + A3) lane by lane, s = ((l0+l4) +
// (l1+l5)) + ((l2+l6) + (l3+l7)), then the last n % 8 products added in order.
// Kernels do not allocate, print or throw.
// Names: kernels over one vector are vec_* (the core's dot, softmax, rms_norm
// in cpp/include/attnscope/ take (rows, cols) tensors and another order of
// operations); scalar functions are *_f32; matvec* apply a weight matrix.
#pragma once
#include <cstddef>
#include <cstdint>

namespace attnscope::model {

// sum_j a[j] * b[j], canonical order.
float vec_dot(const float* a, const float* b, int n);

// out (d) = W (d,n) @ x (n); W's rows contiguous (nn.Linear layout). out[i] == dot(W_i, x).
void matvec(float* out, const float* x, const float* w, int n, int d);

// The same product for `count` inputs at once (a prompt's tokens): out row t
// (d floats, rows ldo apart) = W (d,n) @ x row t (n floats, rows ldx apart),
// each value bit-identical to matvec's. Each weight row is read from memory
// once for all the inputs instead of once per input. scratch: room for
// matvec_rows_scratch(n, count) floats (the SIMD build packs rows into it).
void matvec_rows(float* out, long ldo, const float* x, long ldx, const float* w, int n, int d, int count,
                 float* scratch);
std::size_t matvec_rows_scratch(int n, int count);

// Q8_0: x quantised (xq (n) int8 values held as int16, xs (n/gs)), W int8 (d,n)
// with scales (d, n/gs); n % gs == 0.
// Per row: four float lanes F; for each group g in order, integer lane sums
// L[j] = sum of wq*xq over the group's elements k with (k % 8) / 2 == j, and
// F[j] = F[j] + float(L[j]) * (ws[i,g] * xs[g]); out[i] = (F0 + F1) + (F2 + F3).
void matvec_q8(float* out, const std::int16_t* xq, const float* xs, const std::int8_t* wq,
               const float* ws, int n, int d, int gs);

// The same product for `count` inputs at once (a prompt's rows): xq row t at
// xq + t * n, its scales at xs + t * (n / gs); out row t (d floats, rows ldo
// apart) = W @ x row t, each value bit-identical to matvec_q8's. Each weight
// row is read from memory once for all the inputs, and widened once for
// every four.
void matvec_q8_rows(float* out, long ldo, const std::int16_t* xq, const float* xs, const std::int8_t* wq,
                    const float* ws, int n, int d, int gs, int count);

// Groups of gs (n % gs == 0): s = max|x| / 127, q = round(x / s) (half away
// from zero, clamped to ±127; 0 where s == 0 or x/s is NaN).
void quantize_q8(std::int8_t* q, float* s, const float* x, std::int64_t n, int gs);
// The same values for activations, stored widened for matvec_q8.
void quantize_q8_activations(std::int16_t* q, float* s, const float* x, std::int64_t n, int gs);

// x (n) <- x dequantised row of a Q8_0 matrix: q (n), s (n/gs).
void dequantize_q8(float* out, const std::int8_t* q, const float* s, int n, int gs);

// out = w * x / sqrt(mean(x^2) + eps) (llama2.c's rmsnorm).
void vec_rms_norm(float* out, const float* x, const float* w, int n, float eps);

// out = (x - mean) / sqrt(var + eps) * w + b (biased variance, as nn.LayerNorm).
void vec_layer_norm(float* out, const float* x, const float* w, const float* b, int n, float eps);

// In place over x (n): exp(x - max) / sum. NaN in, NaN out.
void vec_softmax(float* x, int n);

// e^x from float + and * only (Cody-Waite reduction, degree-6 polynomial;
// max error ~2 ulp): the same bits everywhere, unlike libm's expf.
float exp_f32(float x);

// x * sigmoid(x), and GELU's tanh form 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))).
float silu_f32(float x);
float gelu_tanh_f32(float x);
// x[i] = gelu_tanh_f32(x[i]) for i < n, SIMD where the build has it (the same bits).
void vec_gelu_tanh(float* x, int n);
// erf from + - * / and exp_f32 (Abramowitz & Stegun 7.1.26, |error| < 1.5e-7),
// and the exact GELU 0.5 x (1 + erf(x / sqrt 2)) built on it.
float erf_f32(float x);
float gelu_f32(float x);

// out[i] = sum over t < count, in order from 0, of a[t] * v[t * stride + i], i < n
// (attention's weighted sum of the cached values).
void vec_weighted_sum(float* out, const float* a, const float* v, std::size_t stride, int count, int n);

// Position of the largest value (the first on ties; NaN never wins).
int argmax(const float* x, int n);

}  // namespace attnscope::model
