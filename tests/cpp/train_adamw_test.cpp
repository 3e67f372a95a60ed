// AdamW + clip_grad_norm_ + get_lr against a float64 re-implementation of
// torch.optim.AdamW's update; refusals that change nothing.
#include <gtest/gtest.h>
#include <cmath>
#include <cstring>
#include <vector>
#include "attnscope/train/adamw.h"

namespace {

using namespace attnscope;
using namespace attnscope::train;

TrainConfig small() {
    TrainConfig c;
    c.dim = 8, c.hidden_dim = 12, c.n_layers = 2, c.n_heads = 2, c.n_kv_heads = 1;
    c.vocab_size = 9, c.seq_len = 5;
    return with_family_defaults(c);
}

const std::vector<std::int32_t> kIn = {1, 2, 3, 4, 5, 6, 7, 8}, kTg = {2, 3, 4, -1, 6, 7, 8, 0};

// torch's get_lr as llama2.c writes it, in double.
double get_lr(int it, const AdamWOptions& o) {
    if (it < o.warmup_steps) return double(o.learning_rate) * it / o.warmup_steps;
    if (o.decay_steps < 0) return o.learning_rate;
    if (it > o.decay_steps) return o.min_learning_rate;
    const double r = double(it - o.warmup_steps) / (o.decay_steps - o.warmup_steps);
    return o.min_learning_rate + 0.5 * (1 + std::cos(M_PI * r)) * (double(o.learning_rate) - o.min_learning_rate);
}

TEST(TrainAdamW, ScheduleIsLlama2csGetLr) {
    std::unique_ptr<TrainableModel> m;
    ASSERT_TRUE(TrainableModel::create(small(), 1, &m).ok());
    AdamWOptions o;
    o.learning_rate = 0.01f, o.warmup_steps = 4, o.decay_steps = 10, o.min_learning_rate = 0.001f;
    std::unique_ptr<AdamW> a;
    ASSERT_TRUE(AdamW::create(m.get(), o, &a).ok());
    for (int it = 0; it < 14; ++it) EXPECT_NEAR(a->learning_rate_at(it), get_lr(it, o), 1e-9) << it;
    EXPECT_EQ(a->learning_rate_at(0), 0.f);                // the first warm-up step moves only the moments
    EXPECT_EQ(a->learning_rate_at(-5), 0.f);               // as it = 0, not lr * -5 / warmup
    EXPECT_FLOAT_EQ(a->learning_rate_at(4), 0.01f);        // the peak
    EXPECT_FLOAT_EQ(a->learning_rate_at(11), 0.001f);      // after decay
    o.decay_steps = -1;
    ASSERT_TRUE(AdamW::create(m.get(), o, &a).ok());
    EXPECT_FLOAT_EQ(a->learning_rate_at(1000), 0.01f);     // constant after warm-up
}

TEST(TrainAdamW, MatchesFloat64TorchAdamWWithClippingAndSchedule) {
    std::unique_ptr<TrainableModel> m;
    ASSERT_TRUE(TrainableModel::create(small(), 5, &m).ok());
    AdamWOptions o;
    o.learning_rate = 0.05f, o.weight_decay = 0.1f, o.clip_grad_norm = 0.5f;
    o.warmup_steps = 2, o.decay_steps = 6, o.min_learning_rate = 0.005f;
    std::unique_ptr<AdamW> a;
    ASSERT_TRUE(AdamW::create(m.get(), o, &a).ok());
    const std::size_t n = m->num_parameters();
    std::vector<double> w(m->params(), m->params() + n), mo(n, 0.0), v(n, 0.0);
    bool clipped = false;
    for (int it = 0; it < 8; ++it) {
        float loss = 0;
        ASSERT_TRUE(m->loss_and_gradients(kIn.data(), kTg.data(), 2, 4, &loss).ok());
        std::vector<double> g(m->grads(), m->grads() + n);  // the gradient the step will see
        StepResult r;
        ASSERT_TRUE(a->step(kIn.data(), kTg.data(), 2, 4, &r).ok());
        double ss = 0;
        for (double x : g) ss += x * x;
        const double norm = std::sqrt(ss), lr = get_lr(it, o);
        EXPECT_EQ(r.step, it + 1);
        EXPECT_EQ(r.loss, loss);
        EXPECT_NEAR(r.grad_norm, norm, 1e-6 * norm);
        EXPECT_NEAR(r.learning_rate, lr, 1e-9);
        const double coef = o.clip_grad_norm / (norm + 1e-6);
        clipped = clipped || coef < 1;
        const int t = it + 1;
        for (int k = 0; k < m->param_count(); ++k) {
            const ParamInfo& p = m->param(k);
            for (std::uint64_t j = p.offset; j < p.offset + p.numel; ++j) {
                const double gj = g[j] * std::min(1.0, coef);
                if (p.rank >= 2) w[j] *= 1 - lr * o.weight_decay;
                mo[j] = 0.9 * mo[j] + 0.1 * gj;
                v[j] = 0.999 * v[j] + 0.001 * gj * gj;
                const double mh = mo[j] / (1 - std::pow(0.9, t)), vh = v[j] / (1 - std::pow(0.999, t));
                w[j] -= lr * mh / (std::sqrt(vh) + 1e-8);
            }
        }
        double worst = 0;
        std::size_t at = 0;
        for (std::size_t j = 0; j < n; ++j)
            if (std::abs(m->params()[j] - w[j]) > worst) worst = std::abs(m->params()[j] - w[j]), at = j;
        // Float state vs double state: a few float ulps of |w| <= ~1 per step.
        EXPECT_LT(worst, 2e-6) << "step " << t << " index " << at;
        if (it == 7) std::printf("  after 8 steps: worst |w - w64| = %.2e at %zu\n", worst, at);
    }
    EXPECT_TRUE(clipped) << "the clipping branch was never taken";
}

TEST(TrainAdamW, RefusesBadOptionsNamingThem) {
    std::unique_ptr<TrainableModel> m;
    ASSERT_TRUE(TrainableModel::create(small(), 1, &m).ok());
    struct Case { const char* name; void (*change)(AdamWOptions*); };
    const Case cases[] = {
        {"learningRate", [](AdamWOptions* o) { o->learning_rate = 0; }},
        {"learningRate", [](AdamWOptions* o) { o->learning_rate = NAN; }},
        {"betas[0]", [](AdamWOptions* o) { o->beta1 = 1; }},
        {"betas[1]", [](AdamWOptions* o) { o->beta2 = NAN; }},
        {"eps", [](AdamWOptions* o) { o->eps = -1; }},
        {"weightDecay", [](AdamWOptions* o) { o->weight_decay = INFINITY; }},
        {"clipGradNorm", [](AdamWOptions* o) { o->clip_grad_norm = NAN; }},
        {"warmupSteps", [](AdamWOptions* o) { o->warmup_steps = -1; }},
        {"decaySteps", [](AdamWOptions* o) { o->warmup_steps = 5, o->decay_steps = 3; }},
        {"minLearningRate", [](AdamWOptions* o) { o->min_learning_rate = -1; }},
    };
    for (const Case& k : cases) {
        AdamWOptions o;
        k.change(&o);
        std::unique_ptr<AdamW> a;
        model::Outcome r = AdamW::create(m.get(), o, &a);
        EXPECT_EQ(r.status, Status::InvalidArgument) << k.name;
        EXPECT_NE(r.message.find(k.name), std::string::npos) << r.message;
    }
}

TEST(TrainAdamW, RefusedStepsChangeNothing) {
    std::unique_ptr<TrainableModel> m;
    ASSERT_TRUE(TrainableModel::create(small(), 2, &m).ok());
    std::unique_ptr<AdamW> a;
    ASSERT_TRUE(AdamW::create(m.get(), AdamWOptions{}, &a).ok());
    StepResult r;
    ASSERT_TRUE(a->step(kIn.data(), kTg.data(), 2, 4, &r).ok());
    const std::vector<float> before(m->params(), m->params() + m->num_parameters());
    auto unchanged = [&] {
        return std::memcmp(before.data(), m->params(), before.size() * 4) == 0 && a->steps_taken() == 1;
    };
    std::vector<std::int32_t> bad = kIn;
    bad[3] = 9;  // == V
    model::Outcome o = a->step(bad.data(), kTg.data(), 2, 4, &r);
    EXPECT_EQ(o.status, Status::InvalidArgument);
    EXPECT_NE(o.message.find("inputs[0][3] is 9"), std::string::npos) << o.message;
    EXPECT_TRUE(unchanged());
    bad = kTg;
    bad[5] = -2;
    EXPECT_EQ(a->step(kIn.data(), bad.data(), 2, 4, &r).status, Status::InvalidArgument);
    EXPECT_EQ(a->step(kIn.data(), kTg.data(), 1, 6, &r).status, Status::InvalidArgument);  // T > seq_len
    PassOptions three;
    three.micro_batches = 3;  // does not divide B = 2
    o = a->step(kIn.data(), kTg.data(), 2, 4, &r, three);
    EXPECT_NE(o.message.find("accumulate (3) must divide the batch size B (2)"), std::string::npos) << o.message;
    EXPECT_TRUE(unchanged());
    std::vector<std::int32_t> none(8, -1);
    EXPECT_EQ(a->step(kIn.data(), none.data(), 2, 4, &r).status, Status::InvalidArgument);
    EXPECT_TRUE(unchanged());
    // A NaN weight: the loss is NaN, the step is refused, the moments untouched
    // (the next good step equals the one a fresh copy would take).
    const float keep = m->params()[m->param(1).offset];
    m->params()[m->param(1).offset] = NAN;
    std::vector<float> nan_before(m->params(), m->params() + m->num_parameters());
    o = a->step(kIn.data(), kTg.data(), 2, 4, &r);
    EXPECT_EQ(o.status, Status::NonFinite);
    EXPECT_NE(o.message.find("loss"), std::string::npos) << o.message;
    EXPECT_EQ(std::memcmp(nan_before.data(), m->params(), nan_before.size() * 4), 0);
    EXPECT_EQ(a->steps_taken(), 1);
    m->params()[m->param(1).offset] = keep;
    EXPECT_TRUE(unchanged());
}

}  // namespace

namespace {

// A checkpoint of the optimiser (moments + step count) copied into a fresh
// AdamW over a copy of the weights: the next steps are the same bits.
TEST(TrainAdamW, MomentsAndStepCountResumeARunExactly) {
    std::unique_ptr<TrainableModel> a, b;
    ASSERT_TRUE(TrainableModel::create(small(), 4, &a).ok());
    ASSERT_TRUE(TrainableModel::create(small(), 9, &b).ok());
    AdamWOptions o;
    o.learning_rate = 1e-2f, o.warmup_steps = 2, o.decay_steps = 6;
    std::unique_ptr<AdamW> ta, tb;
    ASSERT_TRUE(AdamW::create(a.get(), o, &ta).ok());
    ASSERT_TRUE(AdamW::create(b.get(), o, &tb).ok());
    StepResult r;
    for (int s = 0; s < 3; ++s) ASSERT_TRUE(ta->step(kIn.data(), kTg.data(), 2, 4, &r).ok());
    const std::size_t n = a->num_parameters();
    std::memcpy(b->params(), a->params(), n * 4);
    std::memcpy(tb->first_moments(), ta->first_moments(), n * 4);
    std::memcpy(tb->second_moments(), ta->second_moments(), n * 4);
    ASSERT_TRUE(tb->set_steps_taken(ta->steps_taken()).ok());
    b->weights_changed();
    for (int s = 0; s < 3; ++s) {
        StepResult ra, rb;
        ASSERT_TRUE(ta->step(kIn.data(), kTg.data(), 2, 4, &ra).ok());
        ASSERT_TRUE(tb->step(kIn.data(), kTg.data(), 2, 4, &rb).ok());
        EXPECT_EQ(ra.loss, rb.loss);
        EXPECT_EQ(ra.learning_rate, rb.learning_rate);
        EXPECT_EQ(ra.step, rb.step);
    }
    EXPECT_EQ(std::memcmp(a->params(), b->params(), n * 4), 0);
    EXPECT_EQ(tb->set_steps_taken(-1).status, Status::InvalidArgument);
    EXPECT_EQ(tb->steps_taken(), 6);
}

}  // namespace
