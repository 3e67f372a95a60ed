// AdamW with global gradient-norm clipping and llama2.c's learning-rate
// schedule, over a TrainableModel's parameter arena.
//   m = b1 m + (1 - b1) g;  v = b2 v + (1 - b2) g^2
//   θ = θ (1 - lr wd) - lr (m / (1 - b1^t)) / (sqrt(v / (1 - b2^t)) + eps)
// exactly torch.optim.AdamW (decay only on ParamInfo::decay tensors, as
// llama2.c's configure_optimizers), after torch.nn.utils.clip_grad_norm_:
// g *= clip / (norm + 1e-6) when that factor is < 1.
#pragma once
#include <cstdint>
#include <memory>
#include <vector>
#include "attnscope/model/outcome.h"
#include "attnscope/train/trainable_model.h"

namespace attnscope::train {

struct AdamWOptions {                // defaults: torch.optim.AdamW's
    float learning_rate = 1e-3f;     // > 0: the peak (after warm-up) learning rate
    float beta1 = 0.9f, beta2 = 0.999f;  // in [0, 1)
    float eps = 1e-8f;               // > 0
    float weight_decay = 0.01f;      // >= 0, only on ParamInfo::decay tensors
    float clip_grad_norm = 0.f;      // <= 0: no clipping
    int warmup_steps = 0;            // >= 0
    int decay_steps = -1;            // < 0: constant after warm-up; else >= warmup_steps
    float min_learning_rate = 0.f;   // >= 0
};

struct StepResult {
    int step = 0;              // steps taken, this one included (it + 1)
    float loss = 0.f;          // before the update
    float grad_norm = 0.f;     // global L2 norm before clipping
    float learning_rate = 0.f; // the rate this step used
};

class AdamW {
  public:
    // Validates o (finite, ranges above); the model must outlive the optimiser.
    static model::Outcome create(TrainableModel* m, const AdamWOptions& o,
                                 std::unique_ptr<AdamW>* out);
    // llama2.c's get_lr(it), it = steps taken before this one:
    //   it < warmup: lr * it / warmup;  it > decay_steps (>= 0): min_lr;
    //   else min_lr + 0.5 (1 + cos(pi (it - warmup) / (decay - warmup))) (lr - min_lr);
    //   decay_steps < 0: lr after the warm-up. A negative it counts as 0.
    float learning_rate_at(int it) const;
    // loss_and_gradients (with o: micro-batches) + norm + clip + update +
    // weights_changed. A non-finite loss or gradient norm: Status::NonFinite
    // and NOTHING changes (weights, moments, step count); bad ids/sizes:
    // InvalidArgument, nothing changed.
    model::Outcome step(const std::int32_t* inputs, const std::int32_t* targets, int B, int T,
                        StepResult* out, const PassOptions& o = {});
    int steps_taken() const { return steps_; }
    const AdamWOptions& options() const { return o_; }

    // The optimiser's state, for a checkpoint: the moments (the parameter
    // arena's layout, num_parameters() floats each) and the step count.
    // Writing them and set_steps_taken() resumes a run exactly where it was.
    float* first_moments() { return m_; }
    float* second_moments() { return v_; }
    // InvalidArgument for n < 0; the step count then stays.
    model::Outcome set_steps_taken(int n);
    ~AdamW();
    AdamW(const AdamW&) = delete;
    AdamW& operator=(const AdamW&) = delete;

  private:
    AdamW() = default;
    TrainableModel* model_ = nullptr;
    AdamWOptions o_;
    float* m_ = nullptr;  // first moments, the arena's layout
    float* v_ = nullptr;  // second moments
    int steps_ = 0;
};

}  // namespace attnscope::train
