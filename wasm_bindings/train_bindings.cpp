// Embind for training (cpp/include/attnscope/train/): the config and
// optimiser structs as value objects (one struct across the boundary, its
// fields camelCase, enums as their codes), the rules web/lib reads instead of
// repeating them, ModelHandle's training methods (declared in
// model_handle.h, registered with the class in model_bindings.cpp) and
// TrainerHandle, which wraps train::AdamW. Conversion only: statuses and
// messages as the model bindings (`error()`).
//
// For web/lib (Ptr are _malloc'd heap addresses):
//   Module.trainFamilyConfig(arch)                 // TrainConfig: the family's variant, ModelArgs' sizes
//   Module.trainModelArgs()                        // { dim, nLayers, nHeads, vocabSize, seqLen, multipleOf }
//   Module.trainDefaultHiddenDim(activation, dim, multipleOf)
//   Module.trainLlama2cMismatch(config)            // why run.c's format cannot hold it, or ''
//   Module.adamwDefaults()                         // AdamWOptions: torch.optim.AdamW's
//   h.createTrainable(config, seed)                // a ModelHandle; config a TrainConfig
//   h.lossAndGradients(inputs, targets, B, T, pass, lossPtr)   // pass: { microBatches, train, step }
//   const t = new Module.TrainerHandle();          // smart_ptr; call t.dispose() then t.delete()
//   t.create(modelHandle, adamwOptions)
//   t.step(inputsPtr, targetsPtr, B, T, pass)      // int32 [B, T]; pass as above (train, step: the trainer's)
//   t.result(), t.learningRateAt(it), t.stepsTaken(), t.error(), t.dispose()
//   t.momentsPtr(0 | 1), t.setStepsTaken(n)      // the optimiser state of a checkpoint
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


train::TrainConfig family_config(int arch) { return train::family_config(static_cast<Arch>(arch)); }
train::ModelArgs model_args() { return {}; }
int default_hidden_dim(int activation, int dim, int multiple_of) {
    return train::default_hidden_dim(static_cast<Activation>(activation), dim, multiple_of);
}
std::string llama2c_mismatch(const train::TrainConfig& c) {
    const char* why = train::llama2c_mismatch(c);
    return why ? why : "";
}
train::AdamWOptions adamw_defaults() { return {}; }
}  // namespace

int ModelHandle::createTrainable(const train::TrainConfig& c, double seed) {
    if (!is_seed(seed)) return fail("seed (" + std::to_string(seed) + ") must be an integer in 0..2^53");
    std::unique_ptr<train::TrainableModel> m;
    if (!keep(train::TrainableModel::create(c, static_cast<std::uint64_t>(seed), &m))) return status();
    if (tokenizer_ && tokenizer_->vocab_size() != c.vocab_size) tokenizer_.reset();
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

int ModelHandle::lossAndGradients(Ptr inputs, Ptr targets, int B, int T, const train::PassOptions& pass,
                                  Ptr loss_out) {
    if (!need_trainable()) return status();
    keep(trainable_->loss_and_gradients(ids_at(inputs), ids_at(targets), B, T, reinterpret_cast<float*>(loss_out),
                                        pass));
    return status();
}

int ModelHandle::encoderForward(Ptr tokens, int n, int start, int rows, Ptr logits_out, Ptr attention_out) {
    if (start != 0) return fail("an encoder (causal: false) runs whole sequences from position 0, not from " +
                                std::to_string(start));
    keep(trainable_->forward_sequence(ids_at(tokens), n, rows, reinterpret_cast<float*>(logits_out),
                                      reinterpret_cast<float*>(attention_out)));
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
    int create(ModelHandle& model, const train::AdamWOptions& o) {
        model_ = model.trainableModel();
        if (!model_) return fail("the model cannot be trained: only a model made by Model.create can");
        const model::Outcome r = train::AdamW::create(model_.get(), o, &adamw_);
        if (!r.ok()) model_.reset();
        return keep(r);
    }
    int step(Ptr inputs, Ptr targets, int B, int T, const train::PassOptions& pass) {
        if (!adamw_) return fail("the trainer has been disposed");
        train::StepResult r;
        const int s = keep(adamw_->step(ids_at(inputs), ids_at(targets), B, T, &r, pass));
        if (s == 0) last_ = {r.step, r.loss, r.grad_norm, r.learning_rate};
        return s;
    }
    StepInfo result() const { return last_; }
    // The moments (which 0: first, 1: second) in the parameter arena's layout, 0 when disposed.
    Ptr momentsPtr(int which) {
        if (!adamw_) return 0;
        return reinterpret_cast<Ptr>(which == 0 ? adamw_->first_moments() : adamw_->second_moments());
    }
    int setStepsTaken(int n) { return adamw_ ? keep(adamw_->set_steps_taken(n)) : fail("the trainer has been disposed"); }
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

// PassOptions::step (a uint64) travels as a double: steps stay far below 2^53.
double step_of(const train::PassOptions& p) { return static_cast<double>(p.step); }
void set_step(train::PassOptions& p, double v) { p.step = v >= 0 ? static_cast<std::uint64_t>(v) : 0; }

// An enum field of a value object travels as its code.
template <class S, class E, E S::*field>
int code_of(const S& s) { return static_cast<int>(s.*field); }
template <class S, class E, E S::*field>
void set_code(S& s, int v) { s.*field = static_cast<E>(v); }

}  // namespace attnscope::bindings

EMSCRIPTEN_BINDINGS(train) {
    using namespace attnscope::bindings;
    using attnscope::train::AdamWOptions;
    using attnscope::train::ModelArgs;
    using attnscope::train::TrainConfig;
    using C = TrainConfig;
    emscripten::value_object<TrainConfig>("TrainConfig")
        .field("arch", &code_of<C, Arch, &C::arch>, &set_code<C, Arch, &C::arch>)
        .field("dim", &C::dim).field("hiddenDim", &C::hidden_dim).field("nLayers", &C::n_layers)
        .field("nHeads", &C::n_heads).field("nKvHeads", &C::n_kv_heads).field("vocabSize", &C::vocab_size)
        .field("seqLen", &C::seq_len).field("sharedClassifier", &C::shared_classifier)
        .field("positions", &code_of<C, Positions, &C::positions>, &set_code<C, Positions, &C::positions>)
        .field("norm", &code_of<C, Norm, &C::norm>, &set_code<C, Norm, &C::norm>)
        .field("prenorm", &C::prenorm)
        .field("activation", &code_of<C, Activation, &C::activation>, &set_code<C, Activation, &C::activation>)
        .field("bias", &C::bias).field("normEps", &C::norm_eps).field("ropeBase", &C::rope_base)
        .field("causal", &C::causal).field("dropout", &C::dropout).field("embeddingScale", &C::embedding_scale);
    using P = attnscope::train::PassOptions;
    emscripten::value_object<P>("PassOptions")
        .field("microBatches", &P::micro_batches).field("train", &P::train)
        .field("step", &step_of, &set_step);
    emscripten::value_object<ModelArgs>("ModelArgs")
        .field("dim", &ModelArgs::dim).field("nLayers", &ModelArgs::n_layers).field("nHeads", &ModelArgs::n_heads)
        .field("vocabSize", &ModelArgs::vocab_size).field("seqLen", &ModelArgs::seq_len)
        .field("multipleOf", &ModelArgs::multiple_of);
    emscripten::value_object<AdamWOptions>("AdamWOptions")
        .field("learningRate", &AdamWOptions::learning_rate).field("beta1", &AdamWOptions::beta1)
        .field("beta2", &AdamWOptions::beta2).field("eps", &AdamWOptions::eps)
        .field("weightDecay", &AdamWOptions::weight_decay).field("clipGradNorm", &AdamWOptions::clip_grad_norm)
        .field("warmupSteps", &AdamWOptions::warmup_steps).field("decaySteps", &AdamWOptions::decay_steps)
        .field("minLearningRate", &AdamWOptions::min_learning_rate);
    emscripten::function("trainFamilyConfig", &family_config);
    emscripten::function("trainModelArgs", &model_args);
    emscripten::function("trainDefaultHiddenDim", &default_hidden_dim);
    emscripten::function("trainLlama2cMismatch", &llama2c_mismatch);
    emscripten::function("adamwDefaults", &adamw_defaults);
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
        .function("momentsPtr", &TrainerHandle::momentsPtr)
        .function("setStepsTaken", &TrainerHandle::setStepsTaken)
        .function("error", &TrainerHandle::error)
        .function("dispose", &TrainerHandle::dispose);
}
