// The fused elementwise passes of the layers: f(x + bias) per row for the
// activations and a + (b + bias) for the residual adds, against float64, on
// widths that leave every SIMD tail; and a bias on the wrong axis must fail.
#include <gtest/gtest.h>
#include <cmath>
#include <functional>
#include <string>
#include <vector>
#include "attnscope/activation.h"
#include "attnscope/linear.h"
#include "reference.h"

namespace {

using ref::kF32Rel;
using Biased = void (*)(float*, const float*, const float*, long, int);

double gelu64(double x) { return 0.5 * x * (1.0 + std::erf(x / std::sqrt(2.0))); }
double gelu_tanh64(double x) {
    const double pi = std::acos(-1.0);
    return 0.5 * x * (1.0 + std::tanh(std::sqrt(2.0 / pi) * (x + 0.044715 * x * x * x)));
}
double relu64(double x) { return x > 0.0 ? x : 0.0; }

void expect_biased(Biased kernel, const std::function<double(double)>& f, const char* name) {
    ref::Rng rng(ref::kSeed + 40);
    constexpr int kRows = 3;
    for (int cols : ref::kTailSizes) {
        const auto x = rng.floats(kRows * cols, -4, 4), bias = rng.floats(cols, -2, 2);
        std::vector<float> out(x.size()), in_place = x;
        std::vector<double> want(x.size()), want_plain(x.size());
        for (int r = 0; r < kRows; ++r)
            for (int c = 0; c < cols; ++c) {
                want[r * cols + c] = f(double(x[r * cols + c]) + bias[c]);
                want_plain[r * cols + c] = f(x[r * cols + c]);
            }
        const std::string what = std::string(name) + " cols=" + std::to_string(cols);
        kernel(out.data(), x.data(), bias.data(), kRows, cols);
        ref::expect_close(out, want, kF32Rel, what);
        kernel(in_place.data(), in_place.data(), bias.data(), kRows, cols);
        ref::expect_close(in_place, want, kF32Rel, what + " in place");
        kernel(out.data(), x.data(), nullptr, kRows, cols);
        ref::expect_close(out, want_plain, kF32Rel, what + " no bias");
    }
}

TEST(FusedPasses, GeluOfXPlusBias) { expect_biased(attnscope::gelu_biased, gelu64, "gelu"); }
TEST(FusedPasses, GeluTanhOfXPlusBias) { expect_biased(attnscope::gelu_tanh_biased, gelu_tanh64, "gelu_tanh"); }
TEST(FusedPasses, ReluOfXPlusBias) { expect_biased(attnscope::relu_biased, relu64, "relu"); }

TEST(FusedPasses, BiasIndexedByColumnNotRow) {
    // A bias read per row instead of per column would give 1 + 10 here, not 1 + 20.
    const float x[2 * 2] = {0.f, 1.f, 0.f, 1.f}, bias[2] = {10.f, 20.f};
    float out[4];
    attnscope::relu_biased(out, x, bias, 2, 2);
    EXPECT_EQ(out[1], 21.f);
    EXPECT_EQ(out[2], 10.f);
}

TEST(FusedPasses, AddBiasedIsResidualPlusLayerPlusBias) {
    ref::Rng rng(ref::kSeed + 41);
    constexpr int kRows = 3;
    for (int cols : ref::kTailSizes) {
        const auto a = rng.floats(kRows * cols), b = rng.floats(kRows * cols), bias = rng.floats(cols);
        const std::string what = "add_biased cols=" + std::to_string(cols);
        for (int variant = 0; variant < 4; ++variant) {  // with/without b, with/without bias
            const float* pb = variant & 1 ? b.data() : nullptr;
            const float* pbias = variant & 2 ? bias.data() : nullptr;
            std::vector<double> want(a.size());
            for (int r = 0; r < kRows; ++r)
                for (int c = 0; c < cols; ++c) {
                    const int i = r * cols + c;
                    want[i] = double(a[i]) + (pb ? pb[i] : 0.0) + (pbias ? pbias[c] : 0.0);
                }
            std::vector<float> out(a.size());
            attnscope::add_biased(out.data(), a.data(), pb, pbias, kRows, cols);
            ref::expect_close(out, want, kF32Rel, what + " variant " + std::to_string(variant));
            if (!pb) continue;
            std::vector<float> in_place = b;  // out aliasing b: the FFN's output in the block
            attnscope::add_biased(in_place.data(), a.data(), in_place.data(), pbias, kRows, cols);
            ref::expect_close(in_place, want, kF32Rel, what + " into b");
        }
    }
}

}  // namespace
