// After training, the Model's inference path (model::Transformer viewing the
// trainable model's weights) gives the training forward's logits at every
// position, for every variant.
#include <gtest/gtest.h>
#include <cmath>
#include "attnscope/train/adamw.h"
#include "train_fd.h"
#include "train_variants.h"

namespace {

using namespace attnscope;
using namespace attnscope::train;

// Different summation orders (matmul kernels vs the model's canonical dot):
// float rounding of a logit of size ~3 over two layers stays near 1e-6.
constexpr double kTol = 2e-5;


TEST(TrainInference, InferenceLogitsEqualTrainingLogitsForEveryVariant) {
    for (const auto& v : train_variants::all()) {
        SCOPED_TRACE(v.label);
        std::unique_ptr<TrainableModel> m;
        ASSERT_TRUE(TrainableModel::create(v.config, 9, &m).ok());
        train_variants::randomise(m.get(), 300);
        const int T = v.config.seq_len, V = v.config.vocab_size;
        const std::vector<std::int32_t> ids = {3, 1, 4, 1, 5, 9};
        if (!v.config.causal) {  // an encoder has no token-by-token forward, and says so
            model::Outcome o = m->inference().forward(ids[0], 0);
            EXPECT_EQ(o.status, Status::InvalidArgument);
            EXPECT_NE(o.message.find("encoder (causal: false)"), std::string::npos) << o.message;
            continue;
        }
        std::vector<float> train_logits(T * V);
        ASSERT_TRUE(m->logits(ids.data(), 1, T, train_logits.data()).ok());
        double worst = 0;
        for (int t = 0; t < T; ++t) {
            model::Outcome o = m->inference().forward(ids[t], t);
            ASSERT_TRUE(o.ok()) << o.message;
            for (int j = 0; j < V; ++j)
                worst = std::max(worst, std::abs(double(m->inference().logits()[j]) - train_logits[t * V + j]));
        }
        std::printf("  %-32s worst |inference - training| logit %.2e\n", v.label.c_str(), worst);
        EXPECT_LT(worst, kTol);
    }
}

TEST(TrainInference, InferenceSeesTrainedWeights) {
    std::unique_ptr<TrainableModel> m;
    ASSERT_TRUE(TrainableModel::create(train_variants::base(model::Arch::Llama), 4, &m).ok());
    ASSERT_TRUE(m->inference().forward(2, 0).ok());
    const std::vector<float> before(m->inference().logits(), m->inference().logits() + 11);
    std::unique_ptr<AdamW> a;
    AdamWOptions o;
    o.learning_rate = 0.05f;
    ASSERT_TRUE(AdamW::create(m.get(), o, &a).ok());
    const std::vector<std::int32_t> in = {2, 3, 4, 5}, tg = {3, 4, 5, 6};
    StepResult r;
    ASSERT_TRUE(a->step(in.data(), tg.data(), 1, 4, &r).ok());
    EXPECT_EQ(m->inference().cached_positions(), 0);  // the step reset the KV cache
    ASSERT_TRUE(m->inference().forward(2, 0).ok());
    std::vector<float> want(4 * 11);
    ASSERT_TRUE(m->logits(in.data(), 1, 4, want.data()).ok());
    double moved = 0, worst = 0;
    for (int j = 0; j < 11; ++j) {
        moved = std::max(moved, std::abs(double(m->inference().logits()[j]) - before[j]));
        worst = std::max(worst, std::abs(double(m->inference().logits()[j]) - want[j]));
    }
    EXPECT_GT(moved, 1e-4);
    EXPECT_LT(worst, kTol);
}

}  // namespace
