// softmax, layer_norm, rms_norm, l2_normalize against float64 loops and their
// defining properties.
#include <gtest/gtest.h>
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>
#include "attnscope/norm.h"
#include "attnscope/softmax.h"
#include "reference.h"

namespace {

using ref::kF32Rel;
using ref::kF32SumRel;
using ref::kNaNF;
using ref::kNegInfF;

TEST(Softmax, MatchesFloat64WithTemperature) {
    ref::Rng rng(ref::kSeed + 10);
    for (int cols : ref::kTailSizes)
        for (float T : {1.f, 0.5f, 3.f}) {
            const int rows = 3;
            const auto x = rng.floats(rows * cols, -4, 4);
            std::vector<float> out(x.size());
            attnscope::softmax(out.data(), x.data(), rows, cols, T);
            ref::expect_close(out, ref::softmax(ref::widen(x), rows, cols, T), kF32Rel,
                              "cols=" + std::to_string(cols) + " T=" + std::to_string(T),
                              {rows, cols});
        }
}

// The vectorised exp (cpp/src/vec_exp.h): a row [0, -t1, ..., -t7] has max 0,
// so out[c] / out[0] = exp(-t_c) exactly in real arithmetic. Over t in
// [0, 80] each ratio must be within 4e-7 relative of float64 (a few ulp; a
// cruder exp, e.g. a degree-3 polynomial at ~1e-4, fails). Rows of 8 run the
// SIMD loop; the scalar build checks std::exp the same way.
TEST(Softmax, ExponentialIsWithinAFewUlpOverTheRange) {
    double worst = 0.0;
    for (int step = 0; step < 2000; ++step) {
        float row[8], out[8];
        row[0] = 0.f;
        for (int c = 1; c < 8; ++c) row[c] = -static_cast<float>((step * 7 + c) % 8000) * 0.01f;
        attnscope::softmax(out, row, 1, 8, 1.f);
        for (int c = 1; c < 8; ++c) {
            const double want = std::exp(static_cast<double>(row[c]));
            const double got = static_cast<double>(out[c]) / out[0];
            worst = std::max(worst, std::abs(got - want) / want);
        }
    }
    EXPECT_LT(worst, 4e-7);
    float row[8] = {0.f, kNegInfF, 0.f, kNegInfF, 0.f, 0.f, 0.f, 0.f}, out[8];
    attnscope::softmax(out, row, 1, 8, 1.f);
    EXPECT_EQ(out[1], 0.f);
    EXPECT_EQ(out[3], 0.f);
    EXPECT_EQ(out[0], out[7]);
}

TEST(Softmax, RowsSumToOne) {
    ref::Rng rng(ref::kSeed + 11);
    for (int cols : ref::kTailSizes) {
        const int rows = 4;
        const auto x = rng.floats(rows * cols, -10, 10);
        std::vector<float> out(x.size());
        attnscope::softmax(out.data(), x.data(), rows, cols, 1.f);
        for (int r = 0; r < rows; ++r) {
            double sum = 0.0;
            for (int c = 0; c < cols; ++c) sum += out[r * cols + c];
            EXPECT_NEAR(sum, 1.0, kF32SumRel) << "row " << r << " of cols=" << cols;
        }
    }
}

TEST(Softmax, LargeLogitsDoNotOverflow) {
    // exp(1000) overflows float; the row max must be subtracted first.
    const std::vector<float> x = {1000.f, 1001.f, 999.f};
    std::vector<float> out(3);
    attnscope::softmax(out.data(), x.data(), 1, 3, 1.f);
    ref::expect_close(out, ref::softmax({0.0, 1.0, -1.0}, 1, 3, 1.0), kF32Rel, "shifted by 1000");
}

TEST(Softmax, NegativeInfinityGivesExactZero) {
    ref::Rng rng(ref::kSeed + 12);
    for (int cols : {3, 7, 17, 65}) {
        auto x = rng.floats(cols, -3, 3);
        for (int c = 0; c < cols; c += 3) x[c] = kNegInfF;
        std::vector<float> out(cols);
        attnscope::softmax(out.data(), x.data(), 1, cols, 1.f);
        for (int c = 0; c < cols; c += 3) EXPECT_EQ(out[c], 0.f) << "col " << c;
        ref::expect_close(out, ref::softmax(ref::widen(x), 1, cols, 1.0), kF32Rel,
                          "cols=" + std::to_string(cols));
    }
}

TEST(Softmax, AllNegativeInfinityRowGivesZerosAndLeavesOtherRowsAlone) {
    const int cols = 17;
    std::vector<float> x(2 * cols, kNegInfF);
    for (int c = 0; c < cols; ++c) x[cols + c] = 0.1f * c;
    std::vector<float> out(x.size(), 5.f);
    attnscope::softmax(out.data(), x.data(), 2, cols, 1.f);
    for (int c = 0; c < cols; ++c) EXPECT_EQ(out[c], 0.f) << "col " << c;
    ref::expect_close(out, ref::softmax(ref::widen(x), 2, cols, 1.0), kF32Rel, "both rows");
}

TEST(Softmax, NaNMakesItsRowNaNOnly) {
    const int cols = 7;
    std::vector<float> x(2 * cols, 0.5f);
    x[3] = kNaNF;
    std::vector<float> out(x.size());
    attnscope::softmax(out.data(), x.data(), 2, cols, 1.f);
    for (int c = 0; c < cols; ++c) {
        EXPECT_TRUE(std::isnan(out[c])) << "row 0 col " << c << " = " << out[c];
        EXPECT_FLOAT_EQ(out[cols + c], 1.f / cols) << "row 1 col " << c;
    }
}

TEST(Softmax, WorksInPlace) {
    ref::Rng rng(ref::kSeed + 13);
    auto x = rng.floats(2 * 65, -3, 3);
    const auto want = ref::softmax(ref::widen(x), 2, 65, 1.0);
    attnscope::softmax(x.data(), x.data(), 2, 65, 1.f);
    ref::expect_close(x, want, kF32Rel, "aliased", {2, 65});
}

TEST(LayerNorm, MatchesFloat64WithAndWithoutAffine) {
    ref::Rng rng(ref::kSeed + 14);
    for (int C : ref::kTailSizes) {
        const int rows = 3;
        const auto x = rng.floats(rows * C, -3, 3), w = rng.floats(C), b = rng.floats(C);
        std::vector<float> out(x.size());
        attnscope::layer_norm(out.data(), x.data(), w.data(), b.data(), rows, C, 1e-5f);
        ref::expect_close(out, ref::layer_norm(ref::widen(x), ref::widen(w), ref::widen(b), rows, C, 1e-5),
                          kF32Rel, "affine C=" + std::to_string(C), {rows, C});
        attnscope::layer_norm(out.data(), x.data(), nullptr, nullptr, rows, C, 1e-5f);
        ref::expect_close(out, ref::layer_norm(ref::widen(x), {}, {}, rows, C, 1e-5), kF32Rel,
                          "plain C=" + std::to_string(C), {rows, C});
    }
}

TEST(LayerNorm, IsAccurateOnDataFarFromZero) {
    // Data 1000 +- 1 (sigma ~0.58): the output moves by |x|/sigma ~1700 times any
    // rounding of x, so a float kernel may be off by 4 u * 1700 ~ 4e-4. A one-pass
    // E[x^2] - E[x]^2 variance in float is off by ~10% here.
    const double tol = 4 * 0x1p-24 * 1000.0 / std::sqrt(1.0 / 3.0);
    ref::Rng rng(ref::kSeed + 15);
    const int C = 65;
    auto x = rng.floats(C, -1, 1);
    for (float& v : x) v += 1000.f;
    std::vector<float> out(C);
    attnscope::layer_norm(out.data(), x.data(), nullptr, nullptr, 1, C, 1e-5f);
    ref::expect_close(out, ref::layer_norm(ref::widen(x), {}, {}, 1, C, 1e-5), tol, "offset 1000");
}

TEST(RmsNorm, MatchesFloat64WithAndWithoutWeight) {
    ref::Rng rng(ref::kSeed + 16);
    for (int C : ref::kTailSizes) {
        const int rows = 3;
        const auto x = rng.floats(rows * C, -3, 3), w = rng.floats(C);
        std::vector<float> out(x.size());
        attnscope::rms_norm(out.data(), x.data(), w.data(), rows, C, 1e-6f);
        ref::expect_close(out, ref::rms_norm(ref::widen(x), ref::widen(w), rows, C, 1e-6), kF32Rel,
                          "weighted C=" + std::to_string(C), {rows, C});
        out = x;  // and in place
        attnscope::rms_norm(out.data(), out.data(), nullptr, rows, C, 1e-6f);
        ref::expect_close(out, ref::rms_norm(ref::widen(x), {}, rows, C, 1e-6), kF32Rel,
                          "in place C=" + std::to_string(C), {rows, C});
    }
}

TEST(L2Normalize, MatchesFloat64AndGivesUnitRows) {
    ref::Rng rng(ref::kSeed + 17);
    for (int C : ref::kTailSizes) {
        const int rows = 3;
        const auto x = rng.floats(rows * C, -3, 3);
        std::vector<float> out(x.size());
        attnscope::l2_normalize(out.data(), x.data(), rows, C, 1e-12f);
        ref::expect_close(out, ref::l2_normalize(ref::widen(x), rows, C, 1e-12), kF32Rel,
                          "C=" + std::to_string(C), {rows, C});
        for (int r = 0; r < rows; ++r) {
            double sq = 0.0;
            for (int c = 0; c < C; ++c) sq += static_cast<double>(out[r * C + c]) * out[r * C + c];
            EXPECT_NEAR(std::sqrt(sq), 1.0, kF32Rel) << "row " << r << " C=" << C;
        }
    }
}

TEST(L2Normalize, ZeroRowStaysZero) {
    std::vector<float> x(17, 0.f), out(17, 5.f);
    attnscope::l2_normalize(out.data(), x.data(), 1, 17, 1e-12f);
    for (int c = 0; c < 17; ++c) EXPECT_EQ(out[c], 0.f) << "col " << c;
}

}  // namespace
