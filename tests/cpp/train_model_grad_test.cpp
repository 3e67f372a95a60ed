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
