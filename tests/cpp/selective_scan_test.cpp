// selective_scan against a float64 loop written from the header's formulas,
// with every optional input, both B/C kinds and every state row; and
// ssm_convolution_kernel against the scan (y = K * u).
#include <gtest/gtest.h>
#include <cmath>
#include <string>
#include <vector>
#include "attnscope/selective_scan.h"
#include "reference.h"

namespace {

using attnscope::SelectiveScanParams;
using attnscope::Status;

struct ScanCase {
    SelectiveScanParams p;
    std::vector<float> u, delta, A, B, C, D, z, bias;  // D, z, bias empty = absent
};

ScanCase make(int L, int Dch, int N, bool b_varies, bool c_varies, bool extras, bool softplus, std::uint64_t seed) {
    ref::Rng rng(seed);
    ScanCase c;
    c.p.L = L, c.p.Dch = Dch, c.p.N = N, c.p.b_varies = b_varies, c.p.c_varies = c_varies, c.p.delta_softplus = softplus;
    c.u = rng.floats(static_cast<std::size_t>(L) * Dch);
    c.delta = softplus ? rng.floats(static_cast<std::size_t>(L) * Dch, -3.0, 3.0)
                       : rng.floats(static_cast<std::size_t>(L) * Dch, 0.05, 0.95);
    if (softplus && L > 0 && Dch > 0) c.delta[0] = 25.f;  // softplus's linear branch
    c.A = rng.floats(static_cast<std::size_t>(Dch) * N, -2.0, -0.1);
    c.B = rng.floats(static_cast<std::size_t>(b_varies ? L : 1) * N);
    c.C = rng.floats(static_cast<std::size_t>(c_varies ? L : 1) * N);
    if (extras) {
        c.D = rng.floats(Dch);
        c.z = rng.floats(static_cast<std::size_t>(L) * Dch, -3.0, 3.0);
        c.bias = rng.floats(Dch, -0.5, 0.5);
    }
    return c;
}

const float* opt(const std::vector<float>& v) { return v.empty() ? nullptr : v.data(); }

// float64: returns y (L, Dch) followed by the states (L, Dch, N).
std::vector<double> reference(const ScanCase& c, std::vector<double>* states) {
    const auto& p = c.p;
    std::vector<double> x(static_cast<std::size_t>(p.Dch) * p.N, 0.0), y;
    for (int t = 0; t < p.L; ++t)
        for (int ch = 0; ch < p.Dch; ++ch) {
            const std::size_t tc = static_cast<std::size_t>(t) * p.Dch + ch;
            double d = c.delta[tc] + (c.bias.empty() ? 0.0 : c.bias[ch]);
            if (p.delta_softplus) d = d > 20.0 ? d : std::log(1.0 + std::exp(d));
            double out = 0.0;
            for (int n = 0; n < p.N; ++n) {
                const double b = c.B[(p.b_varies ? t : 0) * p.N + n], cc = c.C[(p.c_varies ? t : 0) * p.N + n];
                double& xs = x[static_cast<std::size_t>(ch) * p.N + n];
                xs = std::exp(d * c.A[static_cast<std::size_t>(ch) * p.N + n]) * xs + d * b * c.u[tc];
                out += cc * xs;
            }
            if (!c.D.empty()) out += c.D[ch] * static_cast<double>(c.u[tc]);
            if (!c.z.empty()) out *= c.z[tc] / (1.0 + std::exp(-static_cast<double>(c.z[tc])));
            y.push_back(out);
            for (int n = 0; n < p.N; ++n) states->push_back(x[static_cast<std::size_t>(ch) * p.N + n]);
        }
    return y;
}

std::string describe(const SelectiveScanParams& p, bool extras) {
    return "L=" + std::to_string(p.L) + " Dch=" + std::to_string(p.Dch) + " N=" + std::to_string(p.N) +
           " b_varies=" + std::to_string(p.b_varies) + " c_varies=" + std::to_string(p.c_varies) +
           " softplus=" + std::to_string(p.delta_softplus) + " extras=" + std::to_string(extras);
}

// Float32 recurrence on O(1) data over <= 65 steps: errors stay a few u per
// step (exp(d A) < 1 damps old ones); y sums N <= 17 terms.
TEST(SelectiveScan, MatchesFloat64WithEveryOptionAndBothKindsOfBAndC) {
    for (int N : {1, 3, 7, 17})
        for (bool b_varies : {true, false})
            for (bool c_varies : {true, false})
                for (bool extras : {false, true})
                    for (bool softplus : {false, true}) {
                        const ScanCase c = make(9, 5, N, b_varies, c_varies, extras, softplus, ref::kSeed + 200 + N);
                        const auto& p = c.p;
                        std::vector<float> out(static_cast<std::size_t>(p.L) * p.Dch, -7.f);
                        std::vector<float> states(static_cast<std::size_t>(p.L) * p.Dch * p.N, -7.f);
                        ASSERT_EQ(attnscope::selective_scan(out.data(), states.data(), c.u.data(), c.delta.data(),
                                                            c.A.data(), c.B.data(), c.C.data(), opt(c.D), opt(c.z),
                                                            opt(c.bias), p),
                                  Status::Ok);
                        std::vector<double> want_states;
                        const auto want = reference(c, &want_states);
                        ref::expect_close(out, want, ref::kF32SumRel, describe(p, extras) + " output", {p.L, p.Dch});
                        ref::expect_close(states, want_states, ref::kF32SumRel, describe(p, extras) + " states",
                                          {p.L, p.Dch, p.N});
                    }
}

TEST(SelectiveScan, LongSequencesAndNoStatesGiveTheSameOutput) {
    for (int L : ref::kTailSizes) {
        const ScanCase c = make(L, 3, 4, true, true, true, true, ref::kSeed + 210 + L);
        std::vector<float> with(static_cast<std::size_t>(L) * 3), without(with.size());
        std::vector<float> states(static_cast<std::size_t>(L) * 3 * 4);
        attnscope::selective_scan(with.data(), states.data(), c.u.data(), c.delta.data(), c.A.data(), c.B.data(),
                                  c.C.data(), opt(c.D), opt(c.z), opt(c.bias), c.p);
        ASSERT_EQ(attnscope::selective_scan(without.data(), nullptr, c.u.data(), c.delta.data(), c.A.data(),
                                            c.B.data(), c.C.data(), opt(c.D), opt(c.z), opt(c.bias), c.p),
                  Status::Ok);
        EXPECT_EQ(with, without) << "L=" << L;
        std::vector<double> unused;
        ref::expect_close(without, reference(c, &unused), ref::kF32SumRel, "L=" + std::to_string(L), {L, 3});
    }
}

TEST(SelectiveScan, InvalidSizesWriteNothingAndEmptyIsOk) {
    ScanCase c = make(2, 2, 2, true, true, false, false, ref::kSeed + 220);
    std::vector<float> out(4, -7.f);
    c.p.N = -1;
    EXPECT_EQ(attnscope::selective_scan(out.data(), nullptr, c.u.data(), c.delta.data(), c.A.data(), c.B.data(),
                                        c.C.data(), nullptr, nullptr, nullptr, c.p),
              Status::InvalidArgument);
    EXPECT_EQ(out, std::vector<float>(4, -7.f));
    c.p.N = 2, c.p.L = 0;
    EXPECT_EQ(attnscope::selective_scan(out.data(), out.data(), c.u.data(), c.delta.data(), c.A.data(), c.B.data(),
                                        c.C.data(), nullptr, nullptr, nullptr, c.p),
              Status::Ok);
    EXPECT_EQ(out, std::vector<float>(4, -7.f));  // L = 0: states has no rows; nothing touched
}

TEST(SsmConvolutionKernel, CausalConvolutionEqualsTheScan) {
    for (int L : {1, 7, 65})
        for (int N : {1, 4, 17}) {
            const int Dch = 3;
            ScanCase c = make(L, Dch, N, false, false, false, false, ref::kSeed + 230 + N);
            ref::Rng rng(ref::kSeed + 240);
            const auto step = rng.floats(Dch, 0.05, 0.95);
            for (int t = 0; t < L; ++t)
                for (int ch = 0; ch < Dch; ++ch) c.delta[static_cast<std::size_t>(t) * Dch + ch] = step[ch];
            std::vector<float> K(static_cast<std::size_t>(L) * Dch);
            ASSERT_EQ(attnscope::ssm_convolution_kernel(K.data(), step.data(), c.A.data(), c.B.data(), c.C.data(), L,
                                                        Dch, N),
                      Status::Ok);
            std::vector<float> conv;  // float64 sums of the float32 kernel, rounded once
            std::vector<double> unused;
            for (int t = 0; t < L; ++t)
                for (int ch = 0; ch < Dch; ++ch) {
                    double y = 0.0;
                    for (int k = 0; k <= t; ++k)
                        y += static_cast<double>(K[static_cast<std::size_t>(k) * Dch + ch]) *
                             c.u[static_cast<std::size_t>(t - k) * Dch + ch];
                    conv.push_back(static_cast<float>(y));
                }
            ref::expect_close(conv, reference(c, &unused), ref::kF32SumRel,
                              "L=" + std::to_string(L) + " N=" + std::to_string(N), {L, Dch});
        }
}

TEST(SsmConvolutionKernel, NegativeSizesAreRefused) {
    float k = -7.f, one = 1.f;
    EXPECT_EQ(attnscope::ssm_convolution_kernel(&k, &one, &one, &one, &one, -1, 1, 1), Status::InvalidArgument);
    EXPECT_EQ(k, -7.f);
}

}  // namespace
