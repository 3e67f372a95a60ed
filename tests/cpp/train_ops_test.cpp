// Every training kernel's backward against central finite differences of
// its forward (train_fd.h), on small random shapes with SIMD tail sizes.
#include <gtest/gtest.h>
#include <cstring>
#include "attnscope/train/ops.h"
#include "train_fd.h"
#include "../../cpp/src/train/random.h"
#include "../../cpp/src/train/vec.h"

namespace {

using namespace attnscope;
using namespace attnscope::train;
using train_fd::expect_gradient;
using train_fd::random_vector;
using train_fd::weighted_sum;

constexpr double kH = 3e-3;     // step: truncation error ~h^2 f'''/6 stays under 1e-5 of scale
constexpr double kRtol = 2e-3;  // float forward: loss noise ~1e-6 / 2h ~ 2e-4 of scale at most

TEST(TrainOps, LinearBackward) {
    for (int I : {1, 7, 17})
        for (int O : {3, 9}) {
            const int N = 5;
            auto x = random_vector(N * I, 1), w = random_vector(O * I, 2), b = random_vector(O, 3);
            auto R = random_vector(N * O, 4);
            std::vector<float> out(N * O), dx(N * I), dw(O * I), db(O);
            auto loss = [&] {
                linear_forward(out.data(), x.data(), w.data(), b.data(), N, I, O);
                return weighted_sum(R, out.data());
            };
            linear_backward(dx.data(), dw.data(), db.data(), R.data(), x.data(), w.data(), N, I, O);
            const std::string s = " I=" + std::to_string(I) + " O=" + std::to_string(O);
            expect_gradient("linear dx" + s, x.data(), x.size(), dx.data(), loss, kH, kRtol);
            expect_gradient("linear dw" + s, w.data(), w.size(), dw.data(), loss, kH, kRtol);
            expect_gradient("linear db" + s, b.data(), b.size(), db.data(), loss, kH, kRtol);
        }
}

TEST(TrainOps, RmsNormBackward) {
    for (int C : {3, 8, 17}) {
        const int N = 4;
        auto x = random_vector(N * C, 5), w = random_vector(C, 6), R = random_vector(N * C, 7);
        std::vector<float> out(N * C), rstd(N), dx(N * C), dw(C);
        auto loss = [&] {
            rmsnorm_forward(out.data(), rstd.data(), x.data(), w.data(), N, C, 1e-5f);
            return weighted_sum(R, out.data());
        };
        loss();
        rmsnorm_backward(dx.data(), dw.data(), R.data(), x.data(), w.data(), rstd.data(), N, C);
        expect_gradient("rmsnorm dx C=" + std::to_string(C), x.data(), x.size(), dx.data(), loss, kH, kRtol);
        expect_gradient("rmsnorm dw C=" + std::to_string(C), w.data(), w.size(), dw.data(), loss, kH, kRtol);
    }
}

TEST(TrainOps, LayerNormBackward) {
    for (int C : {3, 8, 17}) {
        const int N = 4;
        auto x = random_vector(N * C, 8), w = random_vector(C, 9), b = random_vector(C, 10);
        auto R = random_vector(N * C, 11);
        std::vector<float> out(N * C), mean(N), rstd(N), dx(N * C), dw(C), db(C);
        auto loss = [&] {
            layernorm_forward(out.data(), mean.data(), rstd.data(), x.data(), w.data(), b.data(), N, C, 1e-5f);
            return weighted_sum(R, out.data());
        };
        loss();
        layernorm_backward(dx.data(), dw.data(), db.data(), R.data(), x.data(), w.data(), mean.data(),
                           rstd.data(), N, C);
        const std::string s = " C=" + std::to_string(C);
        expect_gradient("layernorm dx" + s, x.data(), x.size(), dx.data(), loss, kH, kRtol);
        expect_gradient("layernorm dw" + s, w.data(), w.size(), dw.data(), loss, kH, kRtol);
        expect_gradient("layernorm db" + s, b.data(), b.size(), db.data(), loss, kH, kRtol);
    }
}

TEST(TrainOps, RopeBackwardBothLayouts) {
    const int R = 3, T = 5, D = 6;
    std::vector<float> cos(T * D / 2), sin(T * D / 2);
    rope_frequencies(cos.data(), sin.data(), T, D, 10000.f, 0);
    for (RopeLayout layout : {RopeLayout::Interleaved, RopeLayout::Half}) {
        auto x = random_vector(R * T * D, 12), Rw = random_vector(R * T * D, 13);
        std::vector<float> out(x.size()), dx(x.size());
        auto loss = [&] {
            rope_forward(out.data(), x.data(), cos.data(), sin.data(), R, T, D, layout);
            return weighted_sum(Rw, out.data());
        };
        rope_backward(dx.data(), Rw.data(), cos.data(), sin.data(), R, T, D, layout);
        expect_gradient(layout == RopeLayout::Half ? "rope half dx" : "rope interleaved dx", x.data(),
                        x.size(), dx.data(), loss, kH, kRtol);
    }
}

// Dropout of the weights at p = 0.3, fixed masks (a hash key), for the checks below.
Dropout weights_dropout() {
    Dropout d;
    d.threshold = dropout_threshold(0.3f);
    d.scale = 1.f / (1.f - 0.3f);
    d.key = dropout_key(dropout_stream(11, 2), 5);
    return d;
}

TEST(TrainOps, AttentionBackwardGqaMqaAlibiCausalOrNotDropout) {
    struct Case { int H, Hkv, D; bool alibi, causal, drop; };
    for (const Case k : {Case{4, 2, 6, false, true, false}, Case{3, 1, 5, true, true, false},
                         Case{2, 2, 9, false, true, false}, Case{4, 4, 3, true, true, false},
                         Case{4, 2, 6, false, false, false}, Case{3, 1, 5, true, false, false},
                         Case{4, 2, 6, true, true, true}, Case{2, 1, 5, false, false, true}}) {
        const int B = 2, T = 5;
        auto q = random_vector(B * k.H * T * k.D, 14), kk = random_vector(B * k.Hkv * T * k.D, 15);
        auto v = random_vector(B * k.Hkv * T * k.D, 16), R = random_vector(q.size(), 17);
        std::vector<float> slopes(k.H);
        alibi_slopes(slopes.data(), k.H);
        AttentionOptions o;
        o.causal = k.causal;
        o.slopes = k.alibi ? slopes.data() : nullptr;
        if (k.drop) o.dropout = weights_dropout();
        std::vector<float> out(q.size()), att(B * k.H * T * T), dq(q.size()), dk(kk.size()), dv(v.size());
        std::vector<float> scratch(std::max(attention_forward_scratch(T, o), attention_backward_scratch(T, o)));
        auto loss = [&] {
            attention_forward(out.data(), att.data(), scratch.data(), q.data(), kk.data(), v.data(), B, T, k.H,
                              k.Hkv, k.D, o);
            return weighted_sum(R, out.data());
        };
        loss();
        attention_backward(dq.data(), dk.data(), dv.data(), scratch.data(), R.data(), att.data(), q.data(),
                           kk.data(), v.data(), B, T, k.H, k.Hkv, k.D, o);
        const std::string s = " H=" + std::to_string(k.H) + " Hkv=" + std::to_string(k.Hkv) +
                              " D=" + std::to_string(k.D) + (k.alibi ? " alibi" : "") +
                              (k.causal ? "" : " bidirectional") + (k.drop ? " dropout" : "");
        expect_gradient("attention dq" + s, q.data(), q.size(), dq.data(), loss, kH, kRtol);
        expect_gradient("attention dk" + s, kk.data(), kk.size(), dk.data(), loss, kH, kRtol);
        expect_gradient("attention dv" + s, v.data(), v.size(), dv.data(), loss, kH, kRtol);
        for (int i = 0; i < T; ++i)  // causal: nothing above the diagonal; bidirectional: all of it
            for (int j = i + 1; j < T; ++j) {
                if (k.causal) EXPECT_EQ(att[i * T + j], 0.f);
                else EXPECT_GT(att[i * T + j], 0.f);
            }
    }
}

// T over two query/key blocks (kAttentionBlock) plus a tail: the block
// products that skip the upper triangle must still see every allowed pair.
TEST(TrainOps, AttentionBackwardAcrossBlocks) {
    const int B = 1, H = 2, Hkv = 1, D = 5, T = 2 * kAttentionBlock + 3;
    auto q = random_vector(B * H * T * D, 30), kk = random_vector(B * Hkv * T * D, 31);
    auto v = random_vector(B * Hkv * T * D, 32), R = random_vector(q.size(), 33);
    std::vector<float> slopes(H);
    alibi_slopes(slopes.data(), H);
    for (int variant = 0; variant < 4; ++variant) {
        AttentionOptions ao;
        ao.slopes = variant % 2 ? slopes.data() : nullptr;
        ao.causal = variant < 2;
        const float* sl = ao.slopes;
        std::vector<float> out(q.size()), att(B * H * T * T), dq(q.size()), dk(kk.size()), dv(v.size());
        std::vector<float> scratch(attention_backward_scratch(T, ao));
        auto loss = [&] {
            attention_forward(out.data(), att.data(), scratch.data(), q.data(), kk.data(), v.data(), B, T, H, Hkv, D, ao);
            return weighted_sum(R, out.data());
        };
        loss();
        // A float64 reference of one query row's output (every key block feeds
        // it): a late row, and for bidirectional attention an early one too.
        for (const int i : {T - 1, ao.causal ? T - 1 : 3}) {
            const int h = 1, keys = ao.causal ? i + 1 : T;
            std::vector<double> p(T);
            double m = -1e300, sum = 0;
            for (int j = 0; j < keys; ++j) {
                double s = 0;
                for (int d = 0; d < D; ++d) s += double(q[(h * T + i) * D + d]) * kk[j * D + d];
                p[j] = s / std::sqrt(double(D)) - (sl ? double(sl[h]) * std::abs(i - j) : 0.0);
                m = std::max(m, p[j]);
            }
            for (int j = 0; j < keys; ++j) sum += p[j] = std::exp(p[j] - m);
            for (int d = 0; d < D; ++d) {
                double o = 0;
                for (int j = 0; j < keys; ++j) o += p[j] / sum * v[j * D + d];
                EXPECT_NEAR(out[(h * T + i) * D + d], o, 1e-5) << "i=" << i << " d=" << d;
            }
        }
        attention_backward(dq.data(), dk.data(), dv.data(), scratch.data(), R.data(), att.data(), q.data(),
                           kk.data(), v.data(), B, T, H, Hkv, D, ao);
        const std::string s = std::string(" T=") + std::to_string(T) + (sl ? " alibi" : "") +
                              (ao.causal ? "" : " bidirectional");
        expect_gradient("attention dq" + s, q.data(), q.size(), dq.data(), loss, kH, kRtol);
        expect_gradient("attention dk" + s, kk.data(), kk.size(), dk.data(), loss, kH, kRtol);
        expect_gradient("attention dv" + s, v.data(), v.size(), dv.data(), loss, kH, kRtol);
        for (int r = 0; ao.causal && r < H * T; ++r)
            for (int j = r % T + 1; j < T; ++j) ASSERT_EQ(att[r * T + j], 0.f);
    }
}

// The SIMD rows must give model::exp_f32's bits in every lane (wasm-simd and
// wasm-scalar train to the same numbers): a sweep over [-110, 95] with the
// range ends, infinities, NaN and signed zero; exp_shift_sum against the
// scalar loop it replaces, on a row with a SIMD tail.
TEST(TrainOps, VectorExpHasExpF32sBits) {
    std::vector<float> x;
    for (float v = -110.f; v < 95.f; v += 0.0137f) x.push_back(v);
    for (float v : {88.72283935546875f, 88.7228f, 88.72284f, -103.97208404541015625f, -103.9721f, -87.3f, 0.f,
                    -0.f, 1e-30f, -1e-30f, INFINITY, -INFINITY, NAN})
        x.push_back(v);
    while (x.size() % 16) x.push_back(0.5f);
    std::vector<float> got(x);
    const float sum = vec::exp_shift_sum(got.data(), got.data(), static_cast<int>(got.size()), 0.f);
    float want_sum = 0.f;
    for (std::size_t i = 0; i < x.size(); ++i) {
        const float want = model::exp_f32(x[i]);
        want_sum += want;
        if (std::isnan(want)) EXPECT_TRUE(std::isnan(got[i])) << "x=" << x[i];
        else EXPECT_EQ(got[i], want) << "x=" << x[i];
    }
    EXPECT_TRUE(std::isnan(sum) && std::isnan(want_sum));
    std::vector<float> row(x.begin(), x.begin() + 1003), ref(row);  // finite, 1003: a tail of 3
    const float s1 = vec::exp_shift_sum(row.data(), row.data(), 1003, -2.5f);
    float s2 = 0.f;
    for (auto& v : ref) s2 += v = model::exp_f32(v + 2.5f);
    EXPECT_EQ(s1, s2);
    EXPECT_EQ(row, ref);
}

// The attention softmax's fused pass: exp(scale x - scale max x) with its
// in-order sum, the bits of scaling the row and then exp_shift_sum (the
// path it replaced), on rows with every SIMD tail, -inf keys and a NaN.
TEST(TrainOps, ScaledExpSumHasTheTwoPassBits) {
    const float scale = 0.25f;
    for (int n : {1, 3, 7, 17, 65, 130}) {
        auto x = random_vector(n, 30 + n, 40.f);
        if (n > 3) x[2] = -INFINITY;
        for (int nan = 0; nan < 2; ++nan) {
            if (nan && n > 5) x[5] = NAN;
            std::vector<float> got(x), ref(n);
            float mx = -INFINITY;
            for (float v : x) mx = v > mx ? v : mx;
            const float s1 = vec::exp_scaled_shift_sum(got.data(), got.data(), n, scale, scale * mx);
            float m2 = -INFINITY, s2 = 0.f;
            for (int i = 0; i < n; ++i) ref[i] = x[i] * scale, m2 = ref[i] > m2 ? ref[i] : m2;
            for (auto& v : ref) s2 += v = model::exp_f32(v - m2);
            EXPECT_TRUE(s1 == s2 || (std::isnan(s1) && std::isnan(s2))) << "n=" << n << " " << s1 << " vs " << s2;
            for (int i = 0; i < n; ++i)
                EXPECT_TRUE(got[i] == ref[i] || (std::isnan(got[i]) && std::isnan(ref[i]))) << "n=" << n << " i=" << i;
        }
    }
}

// SwiGLU with exp(-a) kept by the forward gives the bits of computing it again.
TEST(TrainOps, SwigluKeptExpGivesTheSameBits) {
    const int n = 37;
    auto a = random_vector(n, 40, 6.f), g = random_vector(n, 41), R = random_vector(n, 42);
    std::vector<float> out1(n), out2(n), e(n), da1(n), dg1(n), da2(n), dg2(n);
    swiglu_forward(out1.data(), a.data(), g.data(), n);
    swiglu_forward(out2.data(), e.data(), a.data(), g.data(), n);
    EXPECT_EQ(out1, out2);
    for (int i = 0; i < n; ++i) EXPECT_EQ(e[i], model::exp_f32(-a[i]));
    swiglu_backward(da1.data(), dg1.data(), R.data(), a.data(), g.data(), n);
    swiglu_backward(da2.data(), dg2.data(), R.data(), a.data(), g.data(), e.data(), n);
    EXPECT_EQ(da1, da2);
    EXPECT_EQ(dg1, dg2);
}

TEST(TrainOps, SwigluAndActivationsBackward) {
    const int n = 19;
    auto a = random_vector(n, 18, 2.f), g = random_vector(n, 19), R = random_vector(n, 20);
    std::vector<float> out(n), da(n), dg(n);
    auto loss = [&] {
        swiglu_forward(out.data(), a.data(), g.data(), n);
        return weighted_sum(R, out.data());
    };
    swiglu_backward(da.data(), dg.data(), R.data(), a.data(), g.data(), n);
    expect_gradient("swiglu da", a.data(), n, da.data(), loss, kH, kRtol);
    expect_gradient("swiglu dg", g.data(), n, dg.data(), loss, kH, kRtol);
    using A = model::Activation;
    for (A act : {A::Gelu, A::GeluTanh, A::Relu}) {
        auto x = random_vector(n, 21, 2.f);
        for (auto& e : x) if (std::abs(e) < 0.05f) e += 0.1f;  // away from ReLU's kink
        std::vector<float> dx(n);
        auto l2 = [&] {
            activation_forward(out.data(), x.data(), n, act);
            return weighted_sum(R, out.data());
        };
        activation_backward(dx.data(), R.data(), x.data(), n, act);
        const char* name = act == A::Gelu ? "gelu dx" : act == A::GeluTanh ? "gelu_tanh dx" : "relu dx";
        expect_gradient(name, x.data(), n, dx.data(), l2, kH, kRtol);
    }
}

TEST(TrainOps, CrossEntropyBackwardWithIgnoredTargets) {
    for (int V : {3, 17}) {
        const int N = 6;
        auto z = random_vector(N * V, 22, 2.f);
        std::vector<std::int32_t> t = {0, -1, 2, 1, -1, 2};
        std::vector<float> probs(z.size()), losses(N);
        int count = 0;
        auto loss = [&] {
            const double sum = crossentropy_forward(losses.data(), probs.data(), z.data(), t.data(), N, V, &count);
            return double(static_cast<float>(sum / count));  // the mean, rounded as loss_and_gradients does
        };
        const double l = loss();
        EXPECT_EQ(count, 4);
        double want = 0;  // float64 reference of the mean over the 4 counted rows
        for (int n = 0; n < N; ++n) {
            if (t[n] < 0) continue;
            double m = -1e300, s = 0;
            for (int v = 0; v < V; ++v) m = std::max(m, double(z[n * V + v]));
            for (int v = 0; v < V; ++v) s += std::exp(double(z[n * V + v]) - m);
            want += std::log(s) + m - z[n * V + t[n]];
        }
        EXPECT_NEAR(l, want / 4, 1e-6 * std::abs(want));
        std::vector<float> d(z.size());
        crossentropy_backward(d.data(), probs.data(), t.data(), N, V, count);
        expect_gradient("cross-entropy dlogits V=" + std::to_string(V), z.data(), z.size(), d.data(), loss,
                        kH, kRtol);
    }
}

TEST(TrainOps, TableLookupsAccumulate) {
    const int B = 2, T = 3, C = 5, V = 4;
    auto table = random_vector(V * C, 23), pos = random_vector(T * C, 24), R = random_vector(B * T * C, 25);
    std::vector<std::int32_t> ids = {1, 3, 1, 0, 1, 2};
    std::vector<float> out(B * T * C), dtable(V * C, 0.f), dpos(T * C, 0.f);
    auto loss = [&] {
        embedding_forward(out.data(), ids.data(), table.data(), B * T, C, 1.7f);  // x = 1.7 table[id]
        positions_forward(out.data(), pos.data(), B, T, C);
        return weighted_sum(R, out.data());
    };
    embedding_backward(dtable.data(), R.data(), ids.data(), B * T, C, 1.7f);
    positions_backward(dpos.data(), R.data(), B, T, C);
    expect_gradient("embedding dtable", table.data(), table.size(), dtable.data(), loss, kH, kRtol);
    expect_gradient("positions dtable", pos.data(), pos.size(), dpos.data(), loss, kH, kRtol);
}

TEST(TrainOps, SplitAndMergeHeadsAreInverse) {
    const int B = 2, T = 3, H = 4, D = 5;
    auto x = random_vector(B * T * H * D, 26);
    std::vector<float> hm(x.size()), back(x.size());
    split_heads(hm.data(), x.data(), B, T, H, D);
    EXPECT_EQ(hm[((1 * H + 2) * T + 1) * D + 3], x[((1 * T + 1) * H + 2) * D + 3]);
    merge_heads(back.data(), hm.data(), B, T, H, D);
    EXPECT_EQ(back, x);
}

}  // namespace

namespace {

// ops.h's convention: every backward adds into the gradients it writes, so
// a second call on the same buffers doubles them (up to the rounding of
// sums that add row by row: 1e-5 of the tensor's largest entry; a kernel
// that overwrote, or zeroed first, would leave them as they were).
template <class Backward>
void expect_adds(const std::string& name, std::vector<std::vector<float>*> grads, Backward&& backward) {
    for (auto* g : grads) std::fill(g->begin(), g->end(), 0.f);
    backward();
    std::vector<std::vector<float>> once;
    for (auto* g : grads) once.push_back(*g);
    backward();
    for (std::size_t k = 0; k < grads.size(); ++k) {
        float scale = 0.f;
        for (float v : once[k]) scale = std::max(scale, std::abs(v));
        EXPECT_GT(scale, 0.f) << name << " gradient " << k << " is all zero: the check proves nothing";
        for (std::size_t i = 0; i < once[k].size(); ++i)
            ASSERT_LE(std::abs((*grads[k])[i] - 2.f * once[k][i]), 1e-5f * scale)
                << name << " gradient " << k << " [" << i << "]";
    }
}

TEST(TrainOps, EveryBackwardAddsIntoItsGradients) {
    const int N = 3, I = 5, O = 4, C = 6, T = 3, D = 4, H = 2, Hkv = 1, V = 5;
    auto x = random_vector(N * I, 40), w = random_vector(O * I, 41), R = random_vector(N * O, 42);
    std::vector<float> dx(N * I), dw(O * I), db(O);
    expect_adds("linear", {&dx, &dw, &db},
                [&] { linear_backward(dx.data(), dw.data(), db.data(), R.data(), x.data(), w.data(), N, I, O); });

    auto xn = random_vector(N * C, 43), wn = random_vector(C, 44), bn = random_vector(C, 45), Rn = random_vector(N * C, 46);
    std::vector<float> out(N * C), mean(N), rstd(N), dxn(N * C), dwn(C), dbn(C);
    rmsnorm_forward(out.data(), rstd.data(), xn.data(), wn.data(), N, C, 1e-5f);
    expect_adds("rmsnorm", {&dxn, &dwn},
                [&] { rmsnorm_backward(dxn.data(), dwn.data(), Rn.data(), xn.data(), wn.data(), rstd.data(), N, C); });
    layernorm_forward(out.data(), mean.data(), rstd.data(), xn.data(), wn.data(), bn.data(), N, C, 1e-5f);
    expect_adds("layernorm", {&dxn, &dwn, &dbn}, [&] {
        layernorm_backward(dxn.data(), dwn.data(), dbn.data(), Rn.data(), xn.data(), wn.data(), mean.data(),
                           rstd.data(), N, C);
    });

    std::vector<float> cos(T * D / 2), sin(T * D / 2);
    rope_frequencies(cos.data(), sin.data(), T, D, 10000.f, 0);
    auto Rr = random_vector(H * T * D, 47);
    std::vector<float> dr(H * T * D);
    expect_adds("rope", {&dr}, [&] {
        rope_backward(dr.data(), Rr.data(), cos.data(), sin.data(), H, T, D, RopeLayout::Interleaved);
    });

    auto q = random_vector(H * T * D, 48), k = random_vector(Hkv * T * D, 49), v = random_vector(Hkv * T * D, 50);
    auto Ra = random_vector(H * T * D, 51);
    AttentionOptions opts;
    std::vector<float> ao(H * T * D), att(H * T * T), dq(q.size()), dk(k.size()), dv(v.size()), scratch(T * T);
    attention_forward(ao.data(), att.data(), scratch.data(), q.data(), k.data(), v.data(), 1, T, H, Hkv, D, opts);
    expect_adds("attention", {&dq, &dk, &dv}, [&] {
        attention_backward(dq.data(), dk.data(), dv.data(), scratch.data(), Ra.data(), att.data(), q.data(), k.data(),
                           v.data(), 1, T, H, Hkv, D, opts);
    });
    Dropout d = weights_dropout();
    auto xd = random_vector(40, 56), Rd = random_vector(40, 57);
    std::vector<float> dxd(40);
    expect_adds("dropout", {&dxd}, [&] { dropout_backward(dxd.data(), Rd.data(), 40, d); });

    const int n = 9;
    auto a = random_vector(n, 52), g = random_vector(n, 53), Rs = random_vector(n, 54);
    std::vector<float> da(n), dg(n), dact(n);
    expect_adds("swiglu", {&da, &dg}, [&] { swiglu_backward(da.data(), dg.data(), Rs.data(), a.data(), g.data(), n); });
    expect_adds("gelu", {&dact},
                [&] { activation_backward(dact.data(), Rs.data(), a.data(), n, model::Activation::Gelu); });

    auto z = random_vector(N * V, 55);
    std::vector<std::int32_t> t = {1, -1, 4};
    std::vector<float> probs(z.size()), losses(N), dz(z.size());
    int count = 0;
    crossentropy_forward(losses.data(), probs.data(), z.data(), t.data(), N, V, &count);
    expect_adds("cross-entropy", {&dz}, [&] { crossentropy_backward(dz.data(), probs.data(), t.data(), N, V, count); });
}

}  // namespace

namespace {

// The dropout masks (train/random.h's hash): the keep rate is 1 - p within
// 5 standard errors over 2^20 elements, kept elements are scaled by exactly
// 1/(1 - p) (float), two sites and neighbouring elements are independent
// (both kept at the rate (1 - p)^2), and the same (seed, step, site) draws
// the same mask bit for bit while another step draws another.
TEST(TrainOps, DropoutKeepRateScaleAndIndependence) {
    const long n = 1 << 20;
    for (float p : {0.1f, 0.25f, 0.5f}) {
        Dropout a, b;
        a.threshold = b.threshold = dropout_threshold(p);
        a.scale = b.scale = 1.f / (1.f - p);
        a.key = dropout_key(dropout_stream(7, 3), 1);
        b.key = dropout_key(dropout_stream(7, 3), 2);
        std::vector<float> x(n, 1.f), y(n, 1.f);
        dropout_forward(x.data(), n, a);
        dropout_forward(y.data(), n, b);
        long kept = 0, both = 0, pairs = 0;
        for (long i = 0; i < n; ++i) {
            ASSERT_TRUE(x[i] == 0.f || x[i] == a.scale) << i;
            kept += x[i] != 0.f;
            both += x[i] != 0.f && y[i] != 0.f;
            if (i + 1 < n) pairs += x[i] != 0.f && x[i + 1] != 0.f;
        }
        const double q = 1.0 - p, se = std::sqrt(q * (1 - q) / n), se2 = std::sqrt(q * q * (1 - q * q) / n);
        std::printf("  p=%.2f keep %.5f (want %.5f, se %.1e), both sites %.5f, neighbours %.5f (want %.5f)\n", p,
                    double(kept) / n, q, se, double(both) / n, double(pairs) / (n - 1), q * q);
        EXPECT_NEAR(double(kept) / n, q, 5 * se);
        EXPECT_NEAR(double(both) / n, q * q, 5 * se2);
        EXPECT_NEAR(double(pairs) / (n - 1), q * q, 5 * se2);
        EXPECT_EQ(a.scale, 1.f / (1.f - p));
        // Reproducible per (seed, step): the same mask again; step 4 another one.
        std::vector<float> again(n, 1.f), other(n, 1.f);
        dropout_forward(again.data(), n, a);
        EXPECT_EQ(again, x);
        Dropout c = a;
        c.key = dropout_key(dropout_stream(7, 4), 1);
        dropout_forward(other.data(), n, c);
        EXPECT_NE(other, x);
        // A micro-batch starting at element `first` draws the whole tensor's elements from there.
        Dropout tail = a;
        tail.first = 1000;
        std::vector<float> part(64, 1.f);
        dropout_forward(part.data(), 64, tail);
        EXPECT_TRUE(std::equal(part.begin(), part.end(), x.begin() + 1000));
    }
}

}  // namespace
