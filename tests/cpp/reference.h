// Test support: float64 references written as plain loops, seeded random data
// and the comparison helper every test uses. Nothing here calls the core.
#pragma once
#include <gtest/gtest.h>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <sstream>
#include <string>
#include <vector>
#include "attnscope/attention.h"  // MaskView, AttentionParams: plain data

namespace ref {

// Tolerances on max |got - want| / max(1, max |want|): a norm-wise error, so
// absolute for O(1) data and relative for larger results.
// One float kernel on O(1) data: a few roundings of u = 6e-8 each, with room.
constexpr double kF32Rel = 1e-5;
// Float sums of up to ~200 terms (matmul K = 130, 200 keys): error grows like n·u.
constexpr double kF32SumRel = 1e-4;

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr float kNegInfF = -std::numeric_limits<float>::infinity();
constexpr float kNaNF = std::numeric_limits<float>::quiet_NaN();

// Lengths that leave every possible SIMD tail (4-wide, 8-wide, 2x unrolled).
constexpr int kTailSizes[] = {1, 3, 7, 17, 65, 130};
constexpr std::uint64_t kSeed = 0x5eed2024;

// splitmix64: the same numbers on every compiler and standard library.
class Rng {
  public:
    explicit Rng(std::uint64_t seed) : state_(seed) {}
    double uniform(double lo, double hi) {
        return lo + (hi - lo) * static_cast<double>(next() >> 11) * 0x1.0p-53;
    }
    std::vector<float> floats(std::size_t n, double lo = -1.0, double hi = 1.0) {
        std::vector<float> v(n);
        for (float& x : v) x = static_cast<float>(uniform(lo, hi));
        return v;
    }

  private:
    std::uint64_t next() {
        std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }
    std::uint64_t state_;
};

inline std::vector<double> widen(const std::vector<float>& x) { return {x.begin(), x.end()}; }

// "[i0,i1,...]" for flat index `flat` of a row-major tensor of `shape`.
inline std::string index_string(std::size_t flat, const std::vector<int>& shape) {
    if (shape.empty()) return "[" + std::to_string(flat) + "]";
    std::vector<std::size_t> idx(shape.size());
    for (std::size_t d = shape.size(); d-- > 0;) {
        idx[d] = flat % shape[d];
        flat /= shape[d];
    }
    std::string s = "[";
    for (std::size_t d = 0; d < idx.size(); ++d) s += (d ? "," : "") + std::to_string(idx[d]);
    return s + "]";
}

// Fails when max |got - want| > rel * max(1, max |want|) and prints the worst
// difference and where. A NaN on one side only counts as an infinite difference.
inline void expect_close(const float* got, const double* want, std::size_t n, double rel,
                         const std::string& what, const std::vector<int>& shape = {}) {
    if (n == 0) return;
    double worst = -1.0, scale = 1.0;
    std::size_t at = 0;
    for (std::size_t i = 0; i < n; ++i) {
        if (std::isfinite(want[i])) scale = std::max(scale, std::fabs(want[i]));
        const bool nan_g = std::isnan(got[i]), nan_w = std::isnan(want[i]);
        double d = nan_g && nan_w ? 0.0 : (nan_g || nan_w) ? kInf : std::fabs(got[i] - want[i]);
        if (std::isnan(d)) d = 0.0;  // the same infinity on both sides
        if (d > worst) worst = d, at = i;
    }
    EXPECT_LE(worst, rel * scale)
        << what << ": worst |got - want| = " << worst << " at " << index_string(at, shape)
        << " (got " << got[at] << ", want " << want[at] << "; n = " << n << ")";
}
inline void expect_close(const std::vector<float>& got, const std::vector<double>& want,
                         double rel, const std::string& what, const std::vector<int>& shape = {}) {
    ASSERT_EQ(got.size(), want.size()) << what;
    expect_close(got.data(), want.data(), got.size(), rel, what, shape);
}

// ---- float64 references -------------------------------------------------

// a (M,K) @ b (K,N)
inline std::vector<double> matmul(const std::vector<double>& a, const std::vector<double>& b,
                                  int M, int K, int N) {
    std::vector<double> out(static_cast<std::size_t>(M) * N, 0.0);
    for (int i = 0; i < M; ++i)
        for (int j = 0; j < N; ++j)
            for (int k = 0; k < K; ++k) out[i * N + j] += a[i * K + k] * b[k * N + j];
    return out;
}

// softmax(x / T) per row; -inf gives 0, a row with no finite entry gives zeros.
inline std::vector<double> softmax(const std::vector<double>& x, int rows, int cols, double T) {
    std::vector<double> out(x.size(), 0.0);
    for (int r = 0; r < rows; ++r) {
        double m = -kInf;
        for (int c = 0; c < cols; ++c) m = std::max(m, x[r * cols + c] / T);
        if (m == -kInf) continue;
        double sum = 0.0;
        for (int c = 0; c < cols; ++c) sum += std::exp(x[r * cols + c] / T - m);
        for (int c = 0; c < cols; ++c) out[r * cols + c] = std::exp(x[r * cols + c] / T - m) / sum;
    }
    return out;
}

// Per row of C: (x - mean) / sqrt(var + eps) * w + b with the biased variance.
inline std::vector<double> layer_norm(const std::vector<double>& x, const std::vector<double>& w,
                                      const std::vector<double>& b, int rows, int C, double eps) {
    std::vector<double> out(x.size());
    for (int r = 0; r < rows; ++r) {
        double mean = 0.0, var = 0.0;
        for (int c = 0; c < C; ++c) mean += x[r * C + c] / C;
        for (int c = 0; c < C; ++c) var += (x[r * C + c] - mean) * (x[r * C + c] - mean) / C;
        for (int c = 0; c < C; ++c)
            out[r * C + c] = (x[r * C + c] - mean) / std::sqrt(var + eps) * (w.empty() ? 1.0 : w[c]) +
                             (b.empty() ? 0.0 : b[c]);
    }
    return out;
}

// Per row of C: x / sqrt(mean(x^2) + eps) * w.
inline std::vector<double> rms_norm(const std::vector<double>& x, const std::vector<double>& w,
                                    int rows, int C, double eps) {
    std::vector<double> out(x.size());
    for (int r = 0; r < rows; ++r) {
        double ms = 0.0;
        for (int c = 0; c < C; ++c) ms += x[r * C + c] * x[r * C + c] / C;
        for (int c = 0; c < C; ++c)
            out[r * C + c] = x[r * C + c] / std::sqrt(ms + eps) * (w.empty() ? 1.0 : w[c]);
    }
    return out;
}

// Per row of C: x / max(|x|, eps).
inline std::vector<double> l2_normalize(const std::vector<double>& x, int rows, int C, double eps) {
    std::vector<double> out(x.size());
    for (int r = 0; r < rows; ++r) {
        double sq = 0.0;
        for (int c = 0; c < C; ++c) sq += x[r * C + c] * x[r * C + c];
        for (int c = 0; c < C; ++c) out[r * C + c] = x[r * C + c] / std::max(std::sqrt(sq), eps);
    }
    return out;
}

// (T, C): even column 2i holds sin(t / base^(2i/C)), odd column 2i+1 cos of the same.
inline std::vector<double> sinusoidal(int T, int C, double base) {
    std::vector<double> out(static_cast<std::size_t>(T) * C);
    for (int t = 0; t < T; ++t)
        for (int i = 0; 2 * i < C; ++i) {
            const double angle = t / std::pow(base, 2.0 * i / C);
            out[t * C + 2 * i] = std::sin(angle);
            if (2 * i + 1 < C) out[t * C + 2 * i + 1] = std::cos(angle);
        }
    return out;
}

// RoPE of x (B,T,D) at positions t + offset: pair i is (2i, 2i+1) when
// interleaved, (i, i + D/2) otherwise, rotated by (t + offset) * base^(-2i/D).
inline std::vector<double> rope(const std::vector<double>& x, int B, int T, int D, double base,
                                bool interleaved, int offset) {
    std::vector<double> out(x.size());
    for (int b = 0; b < B; ++b)
        for (int t = 0; t < T; ++t)
            for (int i = 0; i < D / 2; ++i) {
                const int ia = interleaved ? 2 * i : i, ib = interleaved ? 2 * i + 1 : i + D / 2;
                const double th = (t + offset) * std::pow(base, -2.0 * i / D);
                const double* xr = &x[(static_cast<std::size_t>(b) * T + t) * D];
                double* o = &out[(static_cast<std::size_t>(b) * T + t) * D];
                o[ia] = xr[ia] * std::cos(th) - xr[ib] * std::sin(th);
                o[ib] = xr[ia] * std::sin(th) + xr[ib] * std::cos(th);
            }
    return out;
}

// ALiBi slopes as the paper's reference code (Press et al. 2022) builds them.
inline std::vector<double> alibi_slopes(int n) {
    auto power_of_2 = [](int m) {
        const double start = std::pow(2.0, -std::pow(2.0, -(std::log2(m) - 3)));
        std::vector<double> s;
        for (int i = 0; i < m; ++i) s.push_back(start * std::pow(start, i));
        return s;
    };
    const double lg = std::log2(n);
    if (lg == std::floor(lg)) return power_of_2(n);
    const int closest = 1 << static_cast<int>(std::floor(lg));
    std::vector<double> s = power_of_2(closest), wider = alibi_slopes(2 * closest);
    for (int i = 0; i < n - closest; ++i) s.push_back(wider[2 * i]);
    return s;
}

// Attention as docs/GUIDE.md ("3. Scaled dot-product attention") states it,
// one query row at a time. Key j is allowed for query i when the boolean mask
// says so, (causal) j <= i', (window) |i' - j| < window, with i' = i + Nk - Nq.
// Rows with no allowed key, or only -inf scores, get zero weights and output.
struct Attention {
    std::vector<double> out, weights;  // (B,H,Nq,Dv), (B,H,Nq,Nk)
};
inline Attention attention(const std::vector<float>& q, const std::vector<float>& k,
                           const std::vector<float>& v, const attnscope::MaskView& m,
                           const attnscope::AttentionParams& p) {
    Attention r;
    r.out.assign(static_cast<std::size_t>(p.B) * p.H * p.Nq * p.Dv, 0.0);
    r.weights.assign(static_cast<std::size_t>(p.B) * p.H * p.Nq * p.Nk, 0.0);
    const std::vector<double> slopes = p.alibi ? alibi_slopes(p.H) : std::vector<double>();
    auto norm = [](const float* x, int n) {
        double s = 0.0;
        for (int c = 0; c < n; ++c) s += static_cast<double>(x[c]) * x[c];
        return std::sqrt(s);
    };
    for (int b = 0; b < p.B; ++b)
        for (int h = 0; h < p.H; ++h)
            for (int i = 0; i < p.Nq; ++i) {
                const int hk = h / (p.H / p.Hkv), ia = i + p.Nk - p.Nq;
                const float* qi = &q[((static_cast<std::size_t>(b) * p.H + h) * p.Nq + i) * p.D];
                const std::size_t row = (static_cast<std::size_t>(b) * p.H + h) * p.Nq + i;
                std::vector<double> s(p.Nk, -kInf);
                for (int j = 0; j < p.Nk; ++j) {
                    const long mi = b * m.stride_b + h * m.stride_h + i * m.stride_q + j * m.stride_k;
                    if (p.causal && j > ia) continue;
                    if (p.window > 0 && std::abs(ia - j) >= p.window) continue;
                    if (m.allow && m.allow[mi] == 0) continue;
                    const float* kj = &k[((static_cast<std::size_t>(b) * p.Hkv + hk) * p.Nk + j) * p.D];
                    double d = 0.0;
                    for (int c = 0; c < p.D; ++c) d += static_cast<double>(qi[c]) * kj[c];
                    if (p.kind == attnscope::AttentionKind::Cosine)
                        d /= std::max(norm(qi, p.D), double(p.eps)) * std::max(norm(kj, p.D), double(p.eps));
                    else
                        d *= p.scale;
                    s[j] = d / p.temperature;
                    if (m.add) s[j] += m.add[mi];
                    if (p.alibi) s[j] -= slopes[h] * std::abs(j - ia);
                }
                const std::vector<double> w = softmax(s, 1, p.Nk, 1.0);
                for (int j = 0; j < p.Nk; ++j) {
                    r.weights[row * p.Nk + j] = w[j];
                    const float* vj = &v[((static_cast<std::size_t>(b) * p.Hkv + hk) * p.Nk + j) * p.Dv];
                    for (int c = 0; c < p.Dv; ++c) r.out[row * p.Dv + c] += w[j] * vj[c];
                }
            }
    return r;
}

}  // namespace ref
