// Micro-batches: loss_and_gradients over a batch cut into parts equals the
// whole batch's (every kernel adds into zeroed gradients; each part's
// gradient is of the whole batch's mean), for every variant.
#include <gtest/gtest.h>
#include <algorithm>
#include <cmath>
#include "attnscope/train/trainable_model.h"
#include "train_variants.h"

namespace {

using namespace attnscope;
using namespace attnscope::train;

TEST(TrainAccumulate, MicroBatchesGiveTheWholeBatchsGradient) {
    const int B = 4, T = 5;
    std::vector<std::int32_t> in(B * T), tg(B * T);
    for (int i = 0; i < B * T; ++i) in[i] = (7 * i + 3) % 11, tg[i] = (5 * i + 1) % 11;
    for (int i : {0, 1, 2, 7, 19}) tg[i] = -1;  // rows count 2, 4, 5 and 4 targets
    for (const auto& v : train_variants::all()) {
        SCOPED_TRACE(v.label);
        std::unique_ptr<TrainableModel> m;
        ASSERT_TRUE(TrainableModel::create(v.config, 5, &m).ok());
        train_variants::randomise(m.get(), 7);
        float whole = 0, parts = 0;
        ASSERT_TRUE(m->loss_and_gradients(in.data(), tg.data(), B, T, &whole).ok());
        const std::vector<float> g1(m->grads(), m->grads() + m->num_parameters());
        PassOptions o;
        o.micro_batches = 4;
        ASSERT_TRUE(m->loss_and_gradients(in.data(), tg.data(), B, T, &parts, o).ok());
        EXPECT_NEAR(parts, whole, 1e-6 * whole);
        float scale = 0;
        for (float g : g1) scale = std::max(scale, std::abs(g));
        double worst = 0;
        for (std::uint64_t i = 0; i < m->num_parameters(); ++i) worst = std::max(worst, double(std::abs(m->grads()[i] - g1[i])));
        std::printf("  %-32s loss %.6f, worst gradient difference %.2e of %.3e\n", v.label.c_str(), whole, worst, scale);
        EXPECT_LT(worst, 2e-6 * scale);
    }
}

}  // namespace
