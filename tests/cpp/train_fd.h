// Central finite differences for the training tests. A kernel is checked
// through the scalar L = sum_i R_i out_i (R fixed random, summed in double),
// whose gradient with respect to the output is R; each input element x_i
// is moved by ±h and (L+ - L-) / 2h compared with the backward's value.
// Tolerance: |fd - analytic| <= rtol * scale + atol, scale = the largest
// |analytic| of the checked entries; atol covers the loss's float rounding
// noise divided by 2h (0 for the kernels, whose loss is summed in double).
// Each check also confirms that it would reject half and double the
// analytic gradient (a missing or extra factor), so no check is vacuous.
#pragma once
#include <gtest/gtest.h>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

namespace train_fd {

inline std::vector<float> random_vector(std::size_t n, std::uint32_t seed, float scale = 1.f) {
    std::mt19937 g(seed);
    std::normal_distribution<float> d(0.f, scale);
    std::vector<float> v(n);
    for (auto& x : v) x = d(g);
    return v;
}

inline double weighted_sum(const std::vector<float>& r, const float* out) {
    double s = 0;
    for (std::size_t i = 0; i < r.size(); ++i) s += double(r[i]) * out[i];
    return s;
}

struct Result {
    double worst = 0;      // max |fd - analytic| / allowed (<= 1 passes)
    double worst_abs = 0;  // that |fd - analytic|
    std::size_t at = 0;
    double scale = 0;
};

// Checks `analytic` against finite differences of loss() over x's elements
// `indices` (all when empty). x is restored. Prints the worst difference.
template <class Loss>
Result expect_gradient(const std::string& name, float* x, std::size_t n, const float* analytic, Loss&& loss,
                       double h, double rtol, std::vector<std::size_t> indices = {}, double atol = 0) {
    if (indices.empty())
        for (std::size_t i = 0; i < n; ++i) indices.push_back(i);
    Result r;
    for (std::size_t i : indices) r.scale = std::max(r.scale, std::abs(double(analytic[i])));
    std::vector<double> fd(indices.size());
    for (std::size_t k = 0; k < indices.size(); ++k) {
        const std::size_t i = indices[k];
        const float keep = x[i];
        x[i] = keep + float(h);
        const double hp = double(x[i]) - keep;  // the step float could represent
        const double lp = loss();
        x[i] = keep - float(h);
        const double hm = keep - double(x[i]);
        const double lm = loss();
        x[i] = keep;
        fd[k] = (lp - lm) / (hp + hm);
    }
    const double allowed = std::max(rtol * r.scale + atol, 1e-30);
    double half_worst = 0, double_worst = 0;
    for (std::size_t k = 0; k < indices.size(); ++k) {
        const double a = analytic[indices[k]];
        const double e = std::abs(fd[k] - a);
        if (e / allowed > r.worst) r.worst = e / allowed, r.worst_abs = e, r.at = indices[k];
        half_worst = std::max(half_worst, std::abs(fd[k] - 0.5 * a) / allowed);
        double_worst = std::max(double_worst, std::abs(fd[k] - 2.0 * a) / allowed);
    }
    std::printf("  [fd] %-44s worst |fd-an| %.2e = %.2e of scale %.3e at %zu (allowed %.2e)\n", name.c_str(),
                r.worst_abs, r.worst_abs / std::max(r.scale, 1e-30), r.scale, r.at, allowed);
    EXPECT_GT(r.scale, 0.0) << name << ": the gradient is zero, the check would prove nothing";
    EXPECT_LE(r.worst, 1.0) << name << ": worst at index " << r.at;
    EXPECT_GT(half_worst, 1.0) << name << ": half the gradient would pass too";
    EXPECT_GT(double_worst, 1.0) << name << ": double the gradient would pass too";
    return r;
}

}  // namespace train_fd
