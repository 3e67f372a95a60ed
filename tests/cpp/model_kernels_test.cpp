// The model's kernels against float64 on sizes that leave every tail
// (8-lane canonical order, 4-row blocks, 16/8-byte int8 chunks).
#include <gtest/gtest.h>
#include <cmath>
#include <limits>
#include <utility>
#include "attnscope/model/kernels.h"
#include "reference.h"

using namespace attnscope::model;

namespace {

// e^x from float + and *: Cephes' polynomial is within 2 ulp (plus the
// rounding of the result), so 4e-7 relative over the range.
constexpr double kExpRel = 4e-7;

TEST(ModelKernels, MatvecEqualsDotPerRowAndTheFloat64Product) {
    ref::Rng rng(ref::kSeed);
    for (int n : ref::kTailSizes)
        for (int d : {1, 3, 4, 5, 9}) {
            const auto w = rng.floats(static_cast<std::size_t>(n) * d), x = rng.floats(n);
            std::vector<float> out(d);
            matvec(out.data(), x.data(), w.data(), n, d);
            std::vector<double> want(d, 0.0);
            for (int i = 0; i < d; ++i) {
                for (int j = 0; j < n; ++j) want[i] += static_cast<double>(w[i * n + j]) * x[j];
                EXPECT_EQ(out[i], vec_dot(w.data() + i * n, x.data(), n)) << "row " << i << " n " << n;
            }
            ref::expect_close(out, want, ref::kF32SumRel, "matvec n=" + std::to_string(n));
        }
}

// A block of inputs (strided rows in and out) gives matvec's bits for each:
// sizes with and without 32-blocks, 8-blocks and a tail; d and count with and
// without a remainder of the SIMD build's 4-row x 2-input tiles.
TEST(ModelKernels, MatvecRowsEqualsMatvecPerInputBitForBit) {
    ref::Rng rng(ref::kSeed);
    for (int n : {1, 3, 7, 17, 32, 45, 65, 77, 104, 130})
        for (int d : {1, 4, 5, 9})
            for (int count : {1, 2, 3, 4, 5, 9}) {
                const int ldx = n + 3, ldo = d + 2;
                const auto w = rng.floats(static_cast<std::size_t>(n) * d);
                const auto x = rng.floats(static_cast<std::size_t>(count) * ldx);
                std::vector<float> out(static_cast<std::size_t>(count) * ldo, -7.f), one(d);
                std::vector<float> scratch(matvec_rows_scratch(n, count));
                matvec_rows(out.data(), ldo, x.data(), ldx, w.data(), n, d, count, scratch.data());
                for (int t = 0; t < count; ++t) {
                    matvec(one.data(), x.data() + t * ldx, w.data(), n, d);
                    for (int i = 0; i < d; ++i)
                        EXPECT_EQ(out[t * ldo + i], one[i]) << "n " << n << " d " << d << " input " << t << " row " << i;
                    for (int i = d; i < ldo; ++i) EXPECT_EQ(out[t * ldo + i], -7.f) << "wrote past the row";
                }
            }
}

// The row form gives gelu_tanh_f32's bits on every element: SIMD lanes and
// the scalar tail, across exp_f32's overflow, underflow and NaN cases.
TEST(ModelKernels, GeluTanhRowEqualsTheScalarFunctionBitForBit) {
    ref::Rng rng(ref::kSeed);
    std::vector<float> x = rng.floats(4001, -12.0, 12.0);
    for (float v : {0.f, -0.f, 1e-30f, -1e-30f, 44.f, 45.f, -52.f, -60.f, 88.f, -88.f, 1e30f, -1e30f,
                    std::numeric_limits<float>::infinity(), -std::numeric_limits<float>::infinity(),
                    std::numeric_limits<float>::quiet_NaN()})
        x.push_back(v);
    std::vector<float> row = x;
    vec_gelu_tanh(row.data(), static_cast<int>(row.size()));
    for (std::size_t i = 0; i < x.size(); ++i) {
        const float want = gelu_tanh_f32(x[i]);
        if (std::isnan(want)) EXPECT_TRUE(std::isnan(row[i])) << "x " << x[i];
        else EXPECT_EQ(row[i], want) << "x " << x[i];
    }
}

// Softmax over a row: exp_f32(x - max) on every element (SIMD lanes and the
// scalar tail), summed in order, then divided: written out here, bit for bit.
TEST(ModelKernels, SoftmaxIsExpF32OfEachElementSummedInOrder) {
    ref::Rng rng(ref::kSeed);
    for (int n : {1, 3, 7, 17, 65, 130}) {
        std::vector<float> x = rng.floats(n, -30.0, 30.0);
        if (n > 3) x[2] = -std::numeric_limits<float>::infinity();
        std::vector<float> want(x.size());
        float m = x[0];
        for (float v : x) m = v > m ? v : m;
        float sum = 0.f;
        for (int i = 0; i < n; ++i) sum += (want[i] = exp_f32(x[i] - m));
        for (int i = 0; i < n; ++i) want[i] /= sum;
        vec_softmax(x.data(), n);
        for (int i = 0; i < n; ++i) EXPECT_EQ(x[i], want[i]) << "n " << n << " i " << i;
    }
}

// Attention's weighted sum: each output summed over t in order from 0
// (written out), with outputs in 32-wide SIMD groups and a scalar tail.
TEST(ModelKernels, WeightedSumAddsTheRowsInOrderBitForBit) {
    ref::Rng rng(ref::kSeed);
    for (int n : {1, 3, 32, 45, 64, 77})
        for (int count : {1, 5, 130}) {
            const std::size_t stride = static_cast<std::size_t>(n) + 5;
            const auto a = rng.floats(count, 0.0, 1.0), v = rng.floats(count * stride);
            std::vector<float> out(n + 1, -7.f), want(n, 0.f);
            for (int t = 0; t < count; ++t)
                for (int i = 0; i < n; ++i) want[i] += a[t] * v[t * stride + i];
            vec_weighted_sum(out.data(), a.data(), v.data(), stride, count, n);
            for (int i = 0; i < n; ++i) EXPECT_EQ(out[i], want[i]) << "n " << n << " count " << count << " i " << i;
            EXPECT_EQ(out[n], -7.f) << "wrote past n";
        }
}

TEST(ModelKernels, Q8MatvecIsTheExactIntegerSumTimesTheScales) {
    ref::Rng rng(ref::kSeed);
    for (int gs : {1, 4, 8, 16, 24, 32, 40, 64})
        for (int d : {1, 4, 6}) {
            const int n = gs * 3;  // gs 4: an odd number of groups
            std::vector<std::int16_t> xq(n);
            std::vector<std::int8_t> wq(static_cast<std::size_t>(n) * d);
            for (auto& v : xq) v = static_cast<std::int16_t>(rng.uniform(-127, 128));
            for (auto& v : wq) v = static_cast<std::int8_t>(rng.uniform(-127, 128));
            const auto xs = rng.floats(n / gs, 0.001, 0.01), ws = rng.floats(static_cast<std::size_t>(n / gs) * d, 0.001, 0.01);
            std::vector<float> out(d);
            matvec_q8(out.data(), xq.data(), xs.data(), wq.data(), ws.data(), n, d, gs);
            for (int i = 0; i < d; ++i) {
                float f[4] = {0, 0, 0, 0};  // kernels.h's order, written out
                for (int g = 0; g < n / gs; ++g) {
                    std::int32_t lane[4] = {0, 0, 0, 0};
                    for (int k = 0; k < gs; ++k) lane[(k % 8) / 2] += wq[i * n + g * gs + k] * xq[g * gs + k];
                    for (int l = 0; l < 4; ++l) f[l] += static_cast<float>(lane[l]) * (ws[i * (n / gs) + g] * xs[g]);
                }
                const float want = (f[0] + f[1]) + (f[2] + f[3]);
                double exact = 0;
                for (int j = 0; j < n; ++j) exact += double(wq[i * n + j]) * xq[j] * ws[i * (n / gs) + j / gs] * xs[j / gs];
                EXPECT_NEAR(out[i], exact, 1e-5 * (1 + std::fabs(exact)));
                EXPECT_EQ(out[i], want) << "gs " << gs << " row " << i;
            }
        }
}

// kernels.h's order for one Q8_0 row, written out.
float q8_row_reference(const std::int8_t* w, const float* ws, const std::int16_t* x, const float* xs, int n, int gs) {
    float f[4] = {0, 0, 0, 0};
    for (int g = 0; g < n / gs; ++g) {
        std::int32_t lane[4] = {0, 0, 0, 0};
        for (int k = 0; k < gs; ++k) lane[(k % 8) / 2] += w[g * gs + k] * x[g * gs + k];
        for (int l = 0; l < 4; ++l) f[l] += static_cast<float>(lane[l]) * (ws[g] * xs[g]);
    }
    return (f[0] + f[1]) + (f[2] + f[3]);
}

// A prompt's rows against one Q8_0 matrix: every input count (the kernel
// takes four at a time, then one), group sizes with every path (4 with an odd
// last group: 172 = 43 x 4, as the 260K shape's hidden_dim; 8, 24 with a
// lane-by-lane tail, 32, 64), each value equal to matvec_q8's and to
// kernels.h's order; rows of out past d untouched.
TEST(ModelKernels, Q8MatvecRowsEqualsMatvecPerInput) {
    ref::Rng rng(ref::kSeed);
    for (auto [n, gs] : {std::pair{172, 4}, {176, 4}, {64, 8}, {72, 24}, {96, 32}, {128, 64}, {12, 2}})
        for (int count : {1, 3, 4, 5, 9}) {
            const int d = 5, groups = n / gs, ldo = d + 2;
            std::vector<std::int16_t> xq(static_cast<std::size_t>(n) * count);
            std::vector<std::int8_t> wq(static_cast<std::size_t>(n) * d);
            for (auto& v : xq) v = static_cast<std::int16_t>(rng.uniform(-127, 128));
            for (auto& v : wq) v = static_cast<std::int8_t>(rng.uniform(-127, 128));
            const auto xs = rng.floats(static_cast<std::size_t>(groups) * count, 0.001, 0.01);
            const auto ws = rng.floats(static_cast<std::size_t>(groups) * d, 0.001, 0.01);
            std::vector<float> out(static_cast<std::size_t>(ldo) * count, -7.f), one(d);
            matvec_q8_rows(out.data(), ldo, xq.data(), xs.data(), wq.data(), ws.data(), n, d, gs, count);
            for (int t = 0; t < count; ++t) {
                const std::int16_t* x = xq.data() + t * n;
                const float* s = xs.data() + t * groups;
                matvec_q8(one.data(), x, s, wq.data(), ws.data(), n, d, gs);
                for (int i = 0; i < d; ++i) {
                    EXPECT_EQ(out[t * ldo + i], one[i]) << "n " << n << " gs " << gs << " input " << t << " row " << i;
                    EXPECT_EQ(one[i], q8_row_reference(wq.data() + i * n, ws.data() + i * groups, x, s, n, gs))
                        << "n " << n << " gs " << gs << " row " << i;
                }
                for (int i = d; i < ldo; ++i) EXPECT_EQ(out[t * ldo + i], -7.f) << "wrote past the row";
            }
        }
}

TEST(ModelKernels, QuantizeRoundTripsWithinHalfAStep) {
    ref::Rng rng(ref::kSeed);
    const auto x = rng.floats(64, -3, 3);
    std::vector<std::int8_t> q(64);
    std::vector<float> s(4), back(64);
    quantize_q8(q.data(), s.data(), x.data(), 64, 16);
    dequantize_q8(back.data(), q.data(), s.data(), 64, 16);
    for (int i = 0; i < 64; ++i) EXPECT_LE(std::fabs(back[i] - x[i]), 0.5 * s[i / 16] * (1 + 1e-6)) << i;
    const float odd[4] = {0.f, 0.f, NAN, INFINITY};  // a zero group, a NaN, an inf: no UB, clamped
    quantize_q8(q.data(), s.data(), odd, 4, 2);
    EXPECT_EQ(q[0], 0);
    EXPECT_EQ(q[1], 0);
}

TEST(ModelKernels, ExpMatchesFloat64AcrossTheRange) {
    double worst = 0;
    float at = 0;
    for (float x = -87.f; x <= 88.f; x += 0.0137f) {
        const double want = std::exp(static_cast<double>(x));
        const double rel = std::fabs(exp_f32(x) - want) / want;
        if (rel > worst) worst = rel, at = x;
    }
    EXPECT_LE(worst, kExpRel) << "at x = " << at;
    EXPECT_EQ(exp_f32(0.f), 1.f);
    EXPECT_EQ(exp_f32(-200.f), 0.f);
    EXPECT_TRUE(std::isinf(exp_f32(100.f)));
    EXPECT_TRUE(std::isnan(exp_f32(NAN)));
    EXPECT_GT(exp_f32(-100.f), 0.f);  // subnormal, not flushed
}

TEST(ModelKernels, NormsAndSoftmaxMatchFloat64) {
    ref::Rng rng(ref::kSeed);
    for (int n : ref::kTailSizes) {
        const auto x = rng.floats(n, -2, 2), w = rng.floats(n), b = rng.floats(n);
        std::vector<float> out(n);
        vec_rms_norm(out.data(), x.data(), w.data(), n, 1e-5f);
        ref::expect_close(out, ref::rms_norm(ref::widen(x), ref::widen(w), 1, n, 1e-5), ref::kF32SumRel, "rms_norm");
        vec_layer_norm(out.data(), x.data(), w.data(), b.data(), n, 1e-5f);
        ref::expect_close(out, ref::layer_norm(ref::widen(x), ref::widen(w), ref::widen(b), 1, n, 1e-5),
                          ref::kF32SumRel, "layer_norm");
        out = x;
        vec_softmax(out.data(), n);
        ref::expect_close(out, ref::softmax(ref::widen(x), 1, n, 1.0), ref::kF32SumRel, "softmax");
    }
}

TEST(ModelKernels, ArgmaxTakesTheFirstMaximumAndSkipsNan) {
    const float x[] = {NAN, 1.f, 3.f, 3.f, -1.f};
    EXPECT_EQ(argmax(x, 5), 2);
    const float all_nan[] = {NAN, NAN};
    EXPECT_EQ(argmax(all_nan, 2), 0);
}

}  // namespace
