// AdamW as torch.optim.AdamW (single-tensor path of torch 1.13), after
// torch.nn.utils.clip_grad_norm_, with llama2.c's get_lr schedule.
#include "attnscope/train/adamw.h"
#include <cmath>
#include <cstdlib>
#include <new>
#include "vec.h"

namespace attnscope::train {
namespace {

using model::failure;
constexpr Status kBad = Status::InvalidArgument;

// sum_i g[i]^2 in double, in order (the same bits in every build).
double sum_of_squares(const float* g, std::size_t n) {
    double ss = 0.0;
    for (std::size_t i = 0; i < n; ++i) ss += double(g[i]) * g[i];
    return ss;
}

struct Moments {
    float b1, b2, bc2_sqrt, eps, neg_step, clip;
};

// One tensor's AdamW update (torch's single-tensor order of operations):
//   g' = g clip; p *= keep; m = b1 m + (1 - b1) g'; v = b2 v + (1 - b2) g'^2;
//   p += -step m / (sqrt(v) / sqrt(1 - b2^t) + eps).
// The SIMD loop does the same float operations (sqrt and / are exact), so
// both paths give the same bits.
void update(float* p, float* m, float* v, const float* g, std::uint64_t n, float keep, const Moments& o) {
    std::uint64_t j = 0;
#if ATTNSCOPE_SIMD
    using vec::fb;
    const fb vb1(o.b1), vb2(o.b2), c1(1.f - o.b1), c2(1.f - o.b2), vkeep(keep), vclip(o.clip);
    const fb vbc(o.bc2_sqrt), veps(o.eps), vstep(o.neg_step);
    for (; j + vec::W <= n; j += vec::W) {
        const fb gj = fb::load_unaligned(g + j) * vclip;
        const fb mj = fb::load_unaligned(m + j) * vb1 + gj * c1;
        const fb vj = fb::load_unaligned(v + j) * vb2 + gj * gj * c2;
        const fb denom = xsimd::sqrt(vj) / vbc + veps;
        (fb::load_unaligned(p + j) * vkeep + vstep * (mj / denom)).store_unaligned(p + j);
        mj.store_unaligned(m + j);
        vj.store_unaligned(v + j);
    }
#endif
    for (; j < n; ++j) {
        const float gj = g[j] * o.clip;
        p[j] *= keep;
        m[j] = m[j] * o.b1 + gj * (1.f - o.b1);
        v[j] = v[j] * o.b2 + gj * gj * (1.f - o.b2);
        const float denom = std::sqrt(v[j]) / o.bc2_sqrt + o.eps;
        p[j] += o.neg_step * (m[j] / denom);
    }
}

}  // namespace

model::Outcome AdamW::create(TrainableModel* m, const AdamWOptions& o, std::unique_ptr<AdamW>* out) {
    if (!m) return failure(kBad, "model is null");
    if (!out) return failure(kBad, "out is null");
    if (!std::isfinite(o.learning_rate) || o.learning_rate <= 0.f)
        return failure(kBad, "learningRate (%g) must be a finite number > 0", double(o.learning_rate));
    if (!(o.beta1 >= 0.f && o.beta1 < 1.f)) return failure(kBad, "betas[0] (%g) must be in [0, 1)", double(o.beta1));
    if (!(o.beta2 >= 0.f && o.beta2 < 1.f)) return failure(kBad, "betas[1] (%g) must be in [0, 1)", double(o.beta2));
    if (!std::isfinite(o.eps) || o.eps <= 0.f) return failure(kBad, "eps (%g) must be a finite number > 0", double(o.eps));
    if (!std::isfinite(o.weight_decay) || o.weight_decay < 0.f)
        return failure(kBad, "weightDecay (%g) must be a finite number >= 0", double(o.weight_decay));
    if (!std::isfinite(o.clip_grad_norm))
        return failure(kBad, "clipGradNorm (%g) must be finite (<= 0: no clipping)", double(o.clip_grad_norm));
    if (o.warmup_steps < 0) return failure(kBad, "warmupSteps (%d) must be >= 0", o.warmup_steps);
    if (o.decay_steps >= 0 && o.decay_steps < o.warmup_steps)
        return failure(kBad, "decaySteps (%d) must be at least warmupSteps (%d)", o.decay_steps, o.warmup_steps);
    if (!std::isfinite(o.min_learning_rate) || o.min_learning_rate < 0.f)
        return failure(kBad, "minLearningRate (%g) must be a finite number >= 0", double(o.min_learning_rate));
    std::unique_ptr<AdamW> a(new (std::nothrow) AdamW());
    if (!a) return failure(Status::OutOfMemory, "cannot allocate the optimiser");
    a->model_ = m;
    a->o_ = o;
    const std::size_t n = static_cast<std::size_t>(m->num_parameters());
    a->m_ = static_cast<float*>(std::calloc(n, sizeof(float)));
    a->v_ = static_cast<float*>(std::calloc(n, sizeof(float)));
    if (!a->m_ || !a->v_)
        return failure(Status::OutOfMemory, "cannot allocate 2 x %zu floats for the AdamW moments", n);
    *out = std::move(a);
    return {};
}

AdamW::~AdamW() {
    std::free(m_);
    std::free(v_);
}

model::Outcome AdamW::set_steps_taken(int n) {
    if (n < 0) return failure(kBad, "steps (%d) must be at least 0", n);
    steps_ = n;
    return {};
}

float AdamW::learning_rate_at(int it) const {
    if (it < 0) it = 0;  // no step before the first
    const double lr = o_.learning_rate, min_lr = o_.min_learning_rate;
    const int warmup = o_.warmup_steps, decay = o_.decay_steps;
    if (it < warmup) return static_cast<float>(lr * it / warmup);
    if (decay < 0) return static_cast<float>(lr);
    if (it > decay) return static_cast<float>(min_lr);
    const double ratio = decay > warmup ? double(it - warmup) / (decay - warmup) : 0.0;
    const double coeff = 0.5 * (1.0 + std::cos(3.14159265358979323846 * ratio));
    return static_cast<float>(min_lr + coeff * (lr - min_lr));
}

model::Outcome AdamW::step(const std::int32_t* inputs, const std::int32_t* targets, int B, int T,
                           StepResult* out, const PassOptions& pass) {
    float loss = 0.f;
    PassOptions train = pass;  // a training pass: dropout with this step's masks
    train.train = true;
    train.step = static_cast<std::uint64_t>(steps_);
    model::Outcome o = model_->loss_and_gradients(inputs, targets, B, T, &loss, train);
    if (!o.ok()) return o;
    const float* g = model_->grads();
    const std::size_t n = static_cast<std::size_t>(model_->num_parameters());
    if (!std::isfinite(loss))
        return failure(Status::NonFinite, "the loss is %g at step %d: the weights were left as they were "
                       "(try a lower learningRate or clipGradNorm)", double(loss), steps_ + 1);
    const double norm = std::sqrt(sum_of_squares(g, n));
    if (!std::isfinite(norm))
        return failure(Status::NonFinite, "the gradient norm is %g at step %d: the weights were left as they "
                       "were (try a lower learningRate or clipGradNorm)", norm, steps_ + 1);

    // clip_grad_norm_: g *= max_norm / (norm + 1e-6) when that is below 1.
    float clip = 1.f;
    if (o_.clip_grad_norm > 0.f) {
        const double coef = double(o_.clip_grad_norm) / (norm + 1e-6);
        if (coef < 1.0) clip = static_cast<float>(coef);
    }
    const float lr = learning_rate_at(steps_);
    const int t = steps_ + 1;
    const float b1 = o_.beta1, b2 = o_.beta2;
    const double step_size = double(lr) / (1.0 - std::pow(double(b1), t));
    const double bc2_sqrt = std::sqrt(1.0 - std::pow(double(b2), t));
    float* p = model_->params();
    const Moments mo{b1, b2, static_cast<float>(bc2_sqrt), o_.eps, -static_cast<float>(step_size), clip};
    for (int k = 0; k < model_->param_count(); ++k) {
        const ParamInfo& info = model_->param(k);
        const float keep = info.decay ? static_cast<float>(1.0 - double(lr) * o_.weight_decay) : 1.f;
        update(p + info.offset, m_ + info.offset, v_ + info.offset, g + info.offset, info.numel, keep, mo);
    }
    steps_ = t;
    model_->weights_changed();
    if (out) *out = {t, loss, static_cast<float>(norm), lr};
    return {};
}

}  // namespace attnscope::train
