// The whole model's gradient (TrainableModel::loss_and_gradients) against
// central finite differences of its loss, for every tensor and every
// architecture option: the largest three entries of each tensor's gradient
// and two random ones (train_fd.h explains the tolerance), for every variant
// of train_variants.h.
#include <gtest/gtest.h>
#include <algorithm>
#include <cstring>
#include <numeric>
#include "attnscope/train/trainable_model.h"
#include "train_fd.h"
#include "train_variants.h"

namespace {

using namespace attnscope;
using namespace attnscope::train;

constexpr double kH = 2e-3;     // parameters O(0.3); h = 1e-2 showed 3% truncation error (quadratic in h)
constexpr double kRtol = 1e-2;  // truncation at h = 2e-3: under 3e-3 of scale
constexpr double kAtol = 5e-4;  // the float loss's rounding noise (~1e-6) / 2h

void check_model(const std::string& label, const TrainConfig& c) {
    SCOPED_TRACE(label);
    std::unique_ptr<TrainableModel> m;
    model::Outcome o = TrainableModel::create(c, 3, &m);
    ASSERT_TRUE(o.ok()) << o.message;
    train_variants::randomise(m.get(), 100);
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

TEST(TrainModelGrad, EveryVariant) {
    for (const auto& v : train_variants::all()) check_model(v.label, v.config);
}

}  // namespace

namespace {

// A training pass (dropout on, the masks of one step) against finite
// differences of the same training pass's loss: the masks are drawn again
// from the same (seed, step), so the loss is a smooth function of the weights.
TEST(TrainModelGrad, TrainingPassWithDropout) {
    for (const auto& v : train_variants::all()) {
        if (!(v.config.dropout > 0.f)) continue;
        SCOPED_TRACE(v.label);
        std::unique_ptr<TrainableModel> m;
        ASSERT_TRUE(TrainableModel::create(v.config, 3, &m).ok());
        train_variants::randomise(m.get(), 100);
        const int B = 2, T = 5;
        std::vector<std::int32_t> in = {1, 4, 7, 10, 0, 3, 3, 9, 2, 5}, tg = {4, 7, -1, 0, 2, 3, 9, 2, -1, 8};
        PassOptions train;
        train.train = true;
        train.step = 6;
        float loss = 0, eval = 0;
        ASSERT_TRUE(m->loss_and_gradients(in.data(), tg.data(), B, T, &loss, train).ok());
        const std::vector<float> grads(m->grads(), m->grads() + m->num_parameters());
        ASSERT_TRUE(m->loss(in.data(), tg.data(), B, T, &eval).ok());
        EXPECT_NE(loss, eval);  // the masks change the training loss, not the evaluation
        auto training_loss = [&] {
            float l = 0;
            m->loss_and_gradients(in.data(), tg.data(), B, T, &l, train);
            return double(l);
        };
        std::printf("%s (training loss %.4f, evaluation %.4f)\n", v.label.c_str(), loss, eval);
        for (int i = 0; i < m->param_count(); ++i) {
            const ParamInfo& p = m->param(i);
            const float* g = grads.data() + p.offset;
            std::vector<std::size_t> pick = {0, p.numel / 2, p.numel - 1, (i * 7919u) % p.numel};
            std::size_t top = 0;
            for (std::size_t j = 0; j < p.numel; ++j) if (std::abs(g[j]) > std::abs(g[top])) top = j;
            pick.push_back(top);
            bool any = false;
            for (std::size_t j : pick) any = any || g[j] != 0.f;
            if (!any) continue;  // every picked entry dropped (a key bias's true 0)
            train_fd::expect_gradient(p.name, m->params() + p.offset, p.numel, g, training_loss, kH, kRtol, pick, kAtol);
        }
    }
}

}  // namespace
