// The dense layer and the feed-forward network against float64 loops, for
// every activation, with and without biases, on sizes that leave SIMD tails.
#include <gtest/gtest.h>
#include <cmath>
#include <string>
#include <vector>
#include "attnscope/feed_forward.h"
#include "attnscope/linear.h"
#include "block_reference.h"

namespace {

using attnscope::Activation;
using attnscope::Status;
using ref::kF32SumRel;

constexpr Activation kAll[] = {Activation::Relu, Activation::Gelu, Activation::GeluTanh,
                               Activation::SwiGlu, Activation::Relu2};
const char* name(Activation a) {
    static const char* names[] = {"relu", "gelu", "gelu_tanh", "swiglu", "relu2"};
    return names[static_cast<int>(a)];
}

struct FfnRun {
    Status status;
    std::vector<float> out, hidden;
};
FfnRun run(const ref::FfnCase& c, bool with_hidden = true) {
    FfnRun r;
    r.out.assign(static_cast<std::size_t>(c.R) * c.C, -7.f);
    if (with_hidden) r.hidden.assign(static_cast<std::size_t>(c.R) * c.F, -7.f);
    r.status = attnscope::feed_forward(r.out.data(), with_hidden ? r.hidden.data() : nullptr, c.x.data(),
                                       c.weights(), c.R, c.C, c.F, c.act);
    return r;
}

TEST(Linear, MatchesReferenceWithAndWithoutBiasOnSimdTailSizes) {
    for (int n : ref::kTailSizes)
        for (bool bias : {false, true}) {
            SCOPED_TRACE("n=" + std::to_string(n) + " bias=" + std::to_string(bias));
            ref::Rng rng(ref::kSeed + n);
            const int R = 3, K = n, N = n + 2;
            const std::vector<float> x = rng.floats(R * K), W = ref::weights(rng, K, N);
            const std::vector<float> b = ref::maybe(rng, bias, N);
            std::vector<float> out(R * N, -7.f);
            attnscope::linear(out.data(), x.data(), W.data(), ref::ptr(b), R, K, N);
            ref::expect_close(out, ref::linear(ref::widen(x), W, b, R, K, N), kF32SumRel, "x @ W + b", {R, N});
        }
}

TEST(FeedForward, EveryActivationMatchesReferenceWithAndWithoutBiases) {
    for (Activation act : kAll)
        for (bool bias : {false, true})
            for (int F : {1, 7, 17, 65}) {
                SCOPED_TRACE(std::string(name(act)) + " bias=" + std::to_string(bias) + " F=" + std::to_string(F));
                const ref::FfnCase c = ref::make_ffn(5, 13, F, act, bias, ref::kSeed + F);
                const FfnRun r = run(c);
                ASSERT_EQ(r.status, Status::Ok);
                const ref::Ffn want = ref::feed_forward(c, ref::widen(c.x), c.R);
                ref::expect_close(r.hidden, want.hidden, kF32SumRel, "hidden", {c.R, c.F});
                ref::expect_close(r.out, want.out, kF32SumRel, "out", {c.R, c.C});
            }
}

TEST(FeedForward, ModelWidthsOnSimdTailSizesMatchReference) {
    for (int C : ref::kTailSizes) {
        SCOPED_TRACE("C=" + std::to_string(C));
        const ref::FfnCase c = ref::make_ffn(4, C, 4 * C, Activation::SwiGlu, true, ref::kSeed + C);
        const FfnRun r = run(c);
        ref::expect_close(r.out, ref::feed_forward(c, ref::widen(c.x), c.R).out, kF32SumRel, "out", {c.R, c.C});
    }
}

TEST(FeedForward, HiddenOutputIsOptionalAndChangesNothing) {
    const ref::FfnCase c = ref::make_ffn(6, 9, 17, Activation::GeluTanh, true, ref::kSeed);
    const FfnRun with = run(c), without = run(c, /*with_hidden=*/false);
    ASSERT_EQ(without.status, Status::Ok);
    EXPECT_EQ(with.out, without.out);
}

TEST(FeedForward, Relu2IsTheSquareOfRelu) {
    ref::FfnCase c = ref::make_ffn(4, 8, 17, Activation::Relu, false, ref::kSeed + 3);
    const FfnRun relu = run(c);
    c.act = Activation::Relu2;
    const FfnRun relu2 = run(c);
    for (std::size_t i = 0; i < relu.hidden.size(); ++i)
        EXPECT_EQ(relu2.hidden[i], relu.hidden[i] * relu.hidden[i]) << "hidden " << i;
}

TEST(FeedForward, ZeroRowsIsFine) {
    const ref::FfnCase c = ref::make_ffn(0, 8, 16, Activation::SwiGlu, true, ref::kSeed);
    EXPECT_EQ(run(c).status, Status::Ok);
}

TEST(FeedForward, NaNInARowStaysInThatRow) {
    ref::FfnCase c = ref::make_ffn(3, 8, 16, Activation::Gelu, true, ref::kSeed + 4);
    c.x[1 * 8 + 5] = ref::kNaNF;
    const FfnRun r = run(c);
    for (int i = 0; i < 3; ++i)
        for (int d = 0; d < 8; ++d) EXPECT_EQ(std::isnan(r.out[i * 8 + d]), i == 1) << "row " << i << " dim " << d;
}

TEST(FeedForward, RejectsMissingWeightsAndUnknownActivation) {
    ref::FfnCase c = ref::make_ffn(2, 4, 8, Activation::SwiGlu, false, ref::kSeed);
    c.w3.clear();  // SwiGLU needs W3
    EXPECT_EQ(run(c).status, Status::InvalidArgument);
    c = ref::make_ffn(2, 4, 8, Activation::Relu, false, ref::kSeed);
    c.w2.clear();
    EXPECT_EQ(run(c).status, Status::InvalidArgument);
    c = ref::make_ffn(2, 4, 8, Activation::Relu, false, ref::kSeed);
    c.act = static_cast<Activation>(9);
    const FfnRun r = run(c);
    EXPECT_EQ(r.status, Status::InvalidArgument);
    for (float v : r.out) EXPECT_EQ(v, -7.f) << "nothing is written on a rejected call";
}

}  // namespace
