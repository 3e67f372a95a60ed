// Embind for training (cpp/include/attnscope/train/): ModelHandle's training
// methods (declared in model_handle.h, registered with the class in
// model_bindings.cpp) and TrainerHandle, which wraps train::AdamW. Conversion
// only: statuses and messages as the model bindings (`error()`).
//
// For web/lib (Ptr are _malloc'd heap addresses):
//   const t = new Module.TrainerHandle();          // smart_ptr; call t.dispose() then t.delete()
//   t.create(modelHandle, lr, beta1, beta2, eps, weightDecay, clip, warmup, decaySteps, minLr)
//   t.step(inputsPtr, targetsPtr, B, T)            // int32 [B, T]; then t.result()
//   t.result()                                     // StepInfo of the last step
//   t.learningRateAt(it), t.stepsTaken(), t.error(), t.dispose()
// A refused step (bad ids, a non-finite loss or gradient norm) changes
// nothing: the core checks before it writes.
#include <emscripten/bind.h>
#include <cmath>
#include <memory>
#include <string>
#include "attnscope/train/adamw.h"
#include "model_handle.h"

namespace attnscope::bindings {

namespace {
const std::int32_t* ids_at(Ptr p) { return reinterpret_cast<const std::int32_t*>(p); }
bool is_seed(double s) { return s >= 0 && s <= 9007199254740992.0 && std::floor(s) == s; }
}  // namespace

int ModelHandle::createTrainable(int arch, int dim, int hidden_dim, int n_layers, int n_heads, int n_kv_heads,
                                 int vocab_size, int seq_len, bool shared_classifier, int positions, int norm,
                                 bool prenorm, int activation, bool bias, double seed) {
    if (!is_seed(seed)) return fail("seed (" + std::to_string(seed) + ") must be an integer in 0..2^53");
    train::TrainConfig c;
    c.arch = static_cast<Arch>(arch);
    c.dim = dim, c.hidden_dim = hidden_dim, c.n_layers = n_layers, c.n_heads = n_heads;
    c.n_kv_heads = n_kv_heads, c.vocab_size = vocab_size, c.seq_len = seq_len;
    c.shared_classifier = shared_classifier;
    c.positions = static_cast<Positions>(positions);
    c.norm = static_cast<Norm>(norm);
    c.prenorm = prenorm;
    c.activation = static_cast<Activation>(activation);
    c.bias = bias;
    std::unique_ptr<train::TrainableModel> m;
    if (!keep(train::TrainableModel::create(c, static_cast<std::uint64_t>(seed), &m))) return status();
    if (tokenizer_ && tokenizer_->vocab_size() != vocab_size) tokenizer_.reset();
    model_.reset();
    trainable_ = std::move(m);
    sampler_.reset();
    return 0;
}

ParamEntry ModelHandle::param(int i) const {
    ParamEntry e{};
    if (!trainable_ || i < 0 || i >= trainable_->param_count()) return e;
    const train::ParamInfo& p = trainable_->param(i);
    e.name = p.name;
    e.rank = p.rank;
    e.rows = p.rank == 2 ? p.shape[0] : 1;
    e.cols = p.rank == 2 ? p.shape[1] : p.shape[0];
    e.offset = static_cast<double>(p.offset);
    e.numel = static_cast<double>(p.numel);
    e.decay = p.decay;
    return e;
}

int ModelHandle::lossAndGradients(Ptr inputs, Ptr targets, int B, int T, Ptr loss_out) {
    if (!need_trainable()) return status();
    keep(trainable_->loss_and_gradients(ids_at(inputs), ids_at(targets), B, T, reinterpret_cast<float*>(loss_out)));
    return status();
}

int ModelHandle::loss(Ptr inputs, Ptr targets, int B, int T, Ptr loss_out) {
    if (!need_trainable()) return status();
    keep(trainable_->loss(ids_at(inputs), ids_at(targets), B, T, reinterpret_cast<float*>(loss_out)));
    return status();
}

int ModelHandle::saveLlama2c() {
    clearSaved();
    if (!need_trainable()) return status();
    keep(trainable_->save_llama2c(&saved_));
    return status();
}

int ModelHandle::saveAgpt() {
    clearSaved();
    if (!need_trainable()) return status();
    keep(trainable_->save_agpt(&saved_));
    return status();
}

// The result of one step, for JS.
struct StepInfo {
    int step;
    float loss, gradNorm, learningRate;
};

class TrainerHandle {
  public:
    int create(ModelHandle& model, float lr, float beta1, float beta2, float eps, float weight_decay, float clip,
               int warmup_steps, int decay_steps, float min_lr) {
        model_ = model.trainableModel();
        if (!model_) return fail("the model cannot be trained: only a model made by Model.create can");
        train::AdamWOptions o;
        o.learning_rate = lr, o.beta1 = beta1, o.beta2 = beta2, o.eps = eps, o.weight_decay = weight_decay;
        o.clip_grad_norm = clip, o.warmup_steps = warmup_steps, o.decay_steps = decay_steps;
        o.min_learning_rate = min_lr;
        const model::Outcome r = train::AdamW::create(model_.get(), o, &adamw_);
        if (!r.ok()) model_.reset();
        return keep(r);
    }
    int step(Ptr inputs, Ptr targets, int B, int T) {
        if (!adamw_) return fail("the trainer has been disposed");
        train::StepResult r;
        const int s = keep(adamw_->step(ids_at(inputs), ids_at(targets), B, T, &r));
        if (s == 0) last_ = {r.step, r.loss, r.grad_norm, r.learning_rate};
        return s;
    }
    StepInfo result() const { return last_; }
    float learningRateAt(int it) const { return adamw_ ? adamw_->learning_rate_at(it) : 0.f; }
    int stepsTaken() const { return adamw_ ? adamw_->steps_taken() : 0; }
    std::string error() const { return error_; }
    void dispose() {
        adamw_.reset();  // before the model it points into
        model_.reset();
    }

  private:
    int keep(const model::Outcome& o) {
        error_ = o.message;
        return static_cast<int>(o.status);
    }
    int fail(const std::string& message) {
        error_ = message;
        return static_cast<int>(attnscope::Status::InvalidArgument);
    }

    std::shared_ptr<train::TrainableModel> model_;  // kept alive while the optimiser points into it
    std::unique_ptr<train::AdamW> adamw_;
    StepInfo last_{};
    std::string error_;
};

}  // namespace attnscope::bindings

EMSCRIPTEN_BINDINGS(train) {
    using attnscope::bindings::StepInfo;
    using attnscope::bindings::TrainerHandle;
    emscripten::value_object<StepInfo>("StepInfo")
        .field("step", &StepInfo::step).field("loss", &StepInfo::loss)
        .field("gradNorm", &StepInfo::gradNorm).field("learningRate", &StepInfo::learningRate);
    emscripten::class_<TrainerHandle>("TrainerHandle")
        .smart_ptr_constructor("TrainerHandle", &std::make_shared<TrainerHandle>)
        .function("create", &TrainerHandle::create)
        .function("step", &TrainerHandle::step)
        .function("result", &TrainerHandle::result)
        .function("learningRateAt", &TrainerHandle::learningRateAt)
        .function("stepsTaken", &TrainerHandle::stepsTaken)
        .function("error", &TrainerHandle::error)
        .function("dispose", &TrainerHandle::dispose);
}
