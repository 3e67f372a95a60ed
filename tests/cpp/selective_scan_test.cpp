// selective_scan against a float64 loop written from the header's formulas,
// with every optional input, the three B/C kinds (per step, shared, a linear
// function of the input), both discretisations (Euler, zero-order hold) and
// every state row; and ssm_convolution_kernel against the scan (y = K * u).
#include <gtest/gtest.h>
#include <cmath>
#include <string>
#include <vector>
#include "attnscope/selective_scan.h"
#include "reference.h"

namespace {

using attnscope::Discretization;
using attnscope::ScanInput;
using attnscope::SelectiveScanParams;
using attnscope::Status;

struct ScanCase {
    SelectiveScanParams p;
    std::vector<float> u, delta, A, B, C, D, z, bias;  // D, z, bias empty = absent
};

// Rows of B or C for a kind: (L, N), (N) or the (Dch, N) weights.
int rows(ScanInput kind, int L, int Dch) {
    return kind == ScanInput::PerStep ? L : kind == ScanInput::Shared ? 1 : Dch;
}

ScanCase make(int L, int Dch, int N, ScanInput b, ScanInput cc, bool extras, bool softplus, std::uint64_t seed,
              Discretization disc = Discretization::Euler) {
    ref::Rng rng(seed);
    ScanCase c;
    c.p.L = L, c.p.Dch = Dch, c.p.N = N, c.p.b = b, c.p.c = cc, c.p.delta_softplus = softplus;
    c.p.discretization = disc;
    c.u = rng.floats(static_cast<std::size_t>(L) * Dch);
    c.delta = softplus ? rng.floats(static_cast<std::size_t>(L) * Dch, -3.0, 3.0)
                       : rng.floats(static_cast<std::size_t>(L) * Dch, 0.05, 0.95);
    if (softplus && L > 0 && Dch > 0) c.delta[0] = 25.f;  // softplus's linear branch
    c.A = rng.floats(static_cast<std::size_t>(Dch) * N, -2.0, -0.1);
    c.B = rng.floats(static_cast<std::size_t>(rows(b, L, Dch)) * N);
    c.C = rng.floats(static_cast<std::size_t>(rows(cc, L, Dch)) * N);
    if (extras) {
        c.D = rng.floats(Dch);
        c.z = rng.floats(static_cast<std::size_t>(L) * Dch, -3.0, 3.0);
        c.bias = rng.floats(Dch, -0.5, 0.5);
    }
    return c;
}

const float* opt(const std::vector<float>& v) { return v.empty() ? nullptr : v.data(); }

// B_t[n] or C_t[n] of a kind, in float64.
double input_at(const std::vector<float>& v, ScanInput kind, const ScanCase& c, int t, int n) {
    const auto& p = c.p;
    if (kind == ScanInput::PerStep) return v[static_cast<std::size_t>(t) * p.N + n];
    if (kind == ScanInput::Shared) return v[n];
    double s = 0.0;  // u_t . W[:, n]
    for (int ch = 0; ch < p.Dch; ++ch)
        s += static_cast<double>(c.u[static_cast<std::size_t>(t) * p.Dch + ch]) * v[static_cast<std::size_t>(ch) * p.N + n];
    return s;
}

// float64: returns y (L, Dch) followed by the states (L, Dch, N); bc (if not
// null) gets B_t then C_t of every step.
std::vector<double> reference(const ScanCase& c, std::vector<double>* states, std::vector<double>* bc = nullptr) {
    const auto& p = c.p;
    std::vector<double> x(static_cast<std::size_t>(p.Dch) * p.N, 0.0), y;
    for (int t = 0; t < p.L; ++t) {
        if (bc) {
            for (int n = 0; n < p.N; ++n) bc->push_back(input_at(c.B, p.b, c, t, n));
            for (int n = 0; n < p.N; ++n) bc->push_back(input_at(c.C, p.c, c, t, n));
        }
        for (int ch = 0; ch < p.Dch; ++ch) {
            const std::size_t tc = static_cast<std::size_t>(t) * p.Dch + ch;
            double d = c.delta[tc] + (c.bias.empty() ? 0.0 : c.bias[ch]);
            if (p.delta_softplus) d = d > 20.0 ? d : std::log(1.0 + std::exp(d));
            double out = 0.0;
            for (int n = 0; n < p.N; ++n) {
                const double b = input_at(c.B, p.b, c, t, n), cc = input_at(c.C, p.c, c, t, n);
                const double a = c.A[static_cast<std::size_t>(ch) * p.N + n];
                // Euler: d B u; zero-order hold: (e^{d a} - 1) / a B u (d where a = 0).
                const double gain = p.discretization == Discretization::Euler ? d
                                    : a == 0.0 ? d : (std::exp(d * a) - 1.0) / a;
                double& xs = x[static_cast<std::size_t>(ch) * p.N + n];
                xs = std::exp(d * a) * xs + gain * b * c.u[tc];
                out += cc * xs;
            }
            if (!c.D.empty()) out += c.D[ch] * static_cast<double>(c.u[tc]);
            if (!c.z.empty()) out *= c.z[tc] / (1.0 + std::exp(-static_cast<double>(c.z[tc])));
            y.push_back(out);
            for (int n = 0; n < p.N; ++n) states->push_back(x[static_cast<std::size_t>(ch) * p.N + n]);
        }
    }
    return y;
}

std::string describe(const SelectiveScanParams& p, bool extras) {
    return "L=" + std::to_string(p.L) + " Dch=" + std::to_string(p.Dch) + " N=" + std::to_string(p.N) +
           " B=" + std::to_string(static_cast<int>(p.b)) + " C=" + std::to_string(static_cast<int>(p.c)) +
           " softplus=" + std::to_string(p.delta_softplus) + " extras=" + std::to_string(extras) +
           (p.discretization == Discretization::Zoh ? " zoh" : " euler");
}

// Float32 recurrence on O(1) data over <= 65 steps: errors stay a few u per
// step (exp(d A) < 1 damps old ones); y sums N <= 17 terms.
TEST(SelectiveScan, MatchesFloat64WithEveryOptionKindOfBAndCAndDiscretization) {
    const ScanInput kinds[] = {ScanInput::PerStep, ScanInput::Shared, ScanInput::FromInput};
    for (int N : {1, 3, 7, 17})
        for (ScanInput b_kind : kinds)
            for (ScanInput c_kind : kinds)
                for (bool extras : {false, true})
                    for (bool softplus : {false, true})
                        for (Discretization disc : {Discretization::Euler, Discretization::Zoh}) {
                        const ScanCase c = make(9, 5, N, b_kind, c_kind, extras, softplus, ref::kSeed + 200 + N, disc);
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
        const ScanCase c = make(L, 3, 4, ScanInput::PerStep, ScanInput::PerStep, true, true, ref::kSeed + 210 + L);
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
    ScanCase c = make(2, 2, 2, ScanInput::PerStep, ScanInput::PerStep, false, false, ref::kSeed + 220);
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
            ScanCase c = make(L, Dch, N, ScanInput::Shared, ScanInput::Shared, false, false, ref::kSeed + 230 + N);
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

// Zero-order hold against Euler where they must agree or differ: with A = 0
// the hold's gain (e^{dA} - 1)/A is its limit d (Euler's); with a small dA
// they agree to O(dA); for dA of order 1 they differ by more than the
// tolerance (the plausible slip of writing Euler's d B u for the hold). The
// B_t, C_t the scan used come back as they were made from the input.
TEST(SelectiveScan, ZeroOrderHoldLimitsAndTheBAndCItUsed) {
    ScanCase c = make(6, 3, 4, ScanInput::FromInput, ScanInput::FromInput, true, false, ref::kSeed + 250,
                      Discretization::Zoh);
    for (std::size_t i = 0; i < c.A.size(); i += 3) c.A[i] = 0.f;  // some A = 0 entries
    const auto& p = c.p;
    std::vector<float> out(static_cast<std::size_t>(p.L) * p.Dch), b_used(static_cast<std::size_t>(p.L) * p.N),
        c_used(b_used.size());
    ASSERT_EQ(attnscope::selective_scan(out.data(), nullptr, c.u.data(), c.delta.data(), c.A.data(), c.B.data(),
                                        c.C.data(), opt(c.D), opt(c.z), opt(c.bias), p, b_used.data(), c_used.data()),
              Status::Ok);
    std::vector<double> unused, bc;
    ref::expect_close(out, reference(c, &unused, &bc), ref::kF32SumRel, "zoh with A = 0 entries", {p.L, p.Dch});
    std::vector<double> want_b, want_c;
    for (int t = 0; t < p.L; ++t)
        for (int n = 0; n < p.N; ++n) {
            want_b.push_back(bc[static_cast<std::size_t>(t) * 2 * p.N + n]);
            want_c.push_back(bc[static_cast<std::size_t>(t) * 2 * p.N + p.N + n]);
        }
    ref::expect_close(b_used, want_b, ref::kF32SumRel, "B_t = u_t W_B", {p.L, p.N});
    ref::expect_close(c_used, want_c, ref::kF32SumRel, "C_t = u_t W_C", {p.L, p.N});
    // Euler's output on the same case is off by far more than the tolerance.
    ScanCase euler = c;
    euler.p.discretization = Discretization::Euler;
    std::vector<double> e_unused;
    const auto e = reference(euler, &e_unused);
    double worst = 0;
    for (std::size_t i = 0; i < out.size(); ++i) worst = std::max(worst, std::abs(out[i] - e[i]) / (1 + std::abs(e[i])));
    EXPECT_GT(worst, 100 * ref::kF32SumRel) << "zero-order hold and Euler should differ at dA of order 1";
    // With every A = 0 the two agree: (e^{dA} - 1) / A -> d.
    std::fill(c.A.begin(), c.A.end(), 0.f);
    std::vector<float> zoh(out.size()), eul(out.size());
    attnscope::selective_scan(zoh.data(), nullptr, c.u.data(), c.delta.data(), c.A.data(), c.B.data(), c.C.data(),
                              opt(c.D), opt(c.z), opt(c.bias), p);
    euler.A = c.A;
    attnscope::selective_scan(eul.data(), nullptr, euler.u.data(), euler.delta.data(), euler.A.data(),
                              euler.B.data(), euler.C.data(), opt(euler.D), opt(euler.z), opt(euler.bias), euler.p);
    for (std::size_t i = 0; i < zoh.size(); ++i) EXPECT_NEAR(zoh[i], eul[i], 1e-5 * (1 + std::abs(eul[i]))) << i;
}

}  // namespace

