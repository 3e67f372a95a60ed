// The whole model's gradient (TrainableModel::loss_and_gradients) against
// central finite differences of its loss, for every tensor and every
// architecture option: the largest three entries of each tensor's gradient
// and two random ones (train_fd.h explains the tolerance).
#include <gtest/gtest.h>
#include <algorithm>
#include <cstring>
#include <numeric>
#include "attnscope/train/trainable_model.h"
#include "train_fd.h"

namespace {

using namespace attnscope;
using namespace attnscope::train;

constexpr double kH = 2e-3;     // parameters O(0.3); h = 1e-2 showed 3% truncation error (quadratic in h)
constexpr double kRtol = 1e-2;  // truncation at h = 2e-3: under 3e-3 of scale
constexpr double kAtol = 5e-4;  // the float loss's rounding noise (~1e-6) / 2h

TrainConfig base(model::Arch arch) {
    TrainConfig c;
    c.arch = arch;
    c.dim = 8, c.hidden_dim = 12, c.n_layers = 2, c.n_heads = 4, c.n_kv_heads = 2;
    c.vocab_size = 11, c.seq_len = 6;
    return with_family_defaults(c);
}

// Larger weights than the 0.02 init, so every gradient stands well above the loss's rounding noise.
void randomise(TrainableModel* m, std::uint32_t seed) {
    for (int i = 0; i < m->param_count(); ++i) {
        const ParamInfo& p = m->param(i);
        const bool bias = p.name.find(".bias") != std::string::npos;
        auto r = train_fd::random_vector(p.numel, seed + i, p.rank == 2 ? 0.3f : bias ? 0.1f : 0.2f);
        float* t = m->params() + p.offset;
        for (std::uint64_t j = 0; j < p.numel; ++j) t[j] = (p.rank == 1 && !bias ? 1.f : 0.f) + r[j];
    }
}

void check_model(const std::string& label, const TrainConfig& c) {
    SCOPED_TRACE(label);
    std::unique_ptr<TrainableModel> m;
    model::Outcome o = TrainableModel::create(c, 3, &m);
    ASSERT_TRUE(o.ok()) << o.message;
    randomise(m.get(), 100);
    const int B = 2, T = 5;
    std::vector<std::int32_t> in = {1, 4, 7, 10, 0, 3, 3, 9, 2, 5}, tg = {4, 7, -1, 0, 2, 3, 9, 2, -1, 8};
    float loss = 0;
    o = m->loss_and_gradients(in.data(), tg.data(), B, T, &loss);
    ASSERT_TRUE(o.ok()) << o.message;
    const std::vector<float> grads(m->grads(), m->grads() + m->num_parameters());
    auto eval = [&] {
        float l = 0;
        m->loss(in.data(), tg.data(), B, T, &l);
        return double(l);
    };
    std::printf("%s (loss %.4f)\n", label.c_str(), loss);
    for (int i = 0; i < m->param_count(); ++i) {
        const ParamInfo& p = m->param(i);
        const float* g = grads.data() + p.offset;
        std::vector<std::size_t> order(p.numel);
        std::iota(order.begin(), order.end(), 0);
        std::partial_sort(order.begin(), order.begin() + std::min<std::size_t>(3, p.numel), order.end(),
                          [&](std::size_t a, std::size_t b) { return std::abs(g[a]) > std::abs(g[b]); });
        std::vector<std::size_t> pick(order.begin(), order.begin() + std::min<std::size_t>(3, p.numel));
        pick.push_back((i * 7919) % p.numel);
        pick.push_back((i * 104729 + 13) % p.numel);
        train_fd::expect_gradient(p.name, m->params() + p.offset, p.numel, g, eval, kH, kRtol, pick, kAtol);
    }
}

TEST(TrainModelGrad, LlamaSeparateClassifierGqa) {
    TrainConfig c = base(model::Arch::Llama);
    c.shared_classifier = false;
    check_model("llama, separate classifier, GQA", c);
}

TEST(TrainModelGrad, LlamaSharedClassifierMqa) {
    TrainConfig c = base(model::Arch::Llama);
    c.n_kv_heads = 1;
    check_model("llama, shared classifier, MQA", c);
}

TEST(TrainModelGrad, Gpt2Defaults) { check_model("gpt2 defaults", base(model::Arch::Gpt2)); }

TEST(TrainModelGrad, EveryPositionsOption) {
    for (Positions p : {Positions::Learned, Positions::Sinusoidal, Positions::Alibi, Positions::None}) {
        TrainConfig c = base(model::Arch::Llama);
        c.positions = p;
        check_model("llama, positions " + std::to_string(static_cast<int>(p)), c);
    }
    TrainConfig c = base(model::Arch::Gpt2);
    c.positions = Positions::Rope;
    check_model("gpt2, positions rope", c);
}

TEST(TrainModelGrad, PostNormBothNorms) {
    TrainConfig c = base(model::Arch::Llama);
    c.prenorm = false;
    check_model("llama, post-LN", c);
    c = base(model::Arch::Gpt2);
    c.prenorm = false;
    check_model("gpt2, post-LN", c);
}

TEST(TrainModelGrad, EveryActivationAndBiases) {
    for (Activation a : {Activation::GeluTanh, Activation::Relu, Activation::SwiGlu}) {
        TrainConfig c = base(model::Arch::Gpt2);
        c.activation = a;
        check_model("gpt2, activation " + std::to_string(static_cast<int>(a)), c);
    }
    TrainConfig c = base(model::Arch::Llama);
    c.bias = true;
    c.norm = Norm::LayerNorm;
    c.activation = Activation::Gelu;
    check_model("llama, biases, layernorm, gelu", c);
    c = base(model::Arch::Gpt2);
    c.norm = Norm::RmsNorm;
    c.bias = false;
    c.shared_classifier = false;
    check_model("gpt2, rmsnorm, no biases, lm_head", c);
}

}  // namespace
