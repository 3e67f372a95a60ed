// A Transformer that learns: one parameter arena, one gradient arena of the
// same layout, one activation arena sized for (B, T) before it is allocated;
// forward and backward over whole [B, T] batches in the style of llm.c's
// train_gpt2.c (train/forward.cpp, train/backward.cpp), and the Model's
// inference path (model::Transformer) viewing the same weight memory.
//
//   std::unique_ptr<TrainableModel> m;
//   TrainableModel::create(config, seed, &m);
//   m->loss_and_gradients(inputs, targets, B, T, &loss);  // grads() now holds dL/dθ
//   m->loss_and_gradients(inputs, targets, B, T, &loss, {4});  // the same, in 4 micro-batches
//   m->inference().forward(token, pos);                     // after training
#pragma once
#include <cstdint>
#include <memory>
#include <vector>
#include "attnscope/model/outcome.h"
#include "attnscope/model/transformer.h"
#include "attnscope/train/config.h"

namespace attnscope::train {

struct Layout;       // where each tensor of the model lives (train/layout.h)
struct Activations;  // the activation arena of one (B, T) (train/activations.h)

// How a gradient pass runs a batch.
struct PassOptions {
    // The [B, T] batch is cut into this many micro-batches of B / micro_batches
    // rows (B % micro_batches == 0), run one after another into the same
    // gradients: the whole batch's loss and gradient (the mean over all its
    // counted targets) with the activation memory of one micro-batch.
    int micro_batches = 1;
    // A training pass: dropout at the config's rate, its masks those of
    // optimiser step `step` (counted from 0; drawn from the model's seed and
    // `step`, element by element of the whole batch, so micro-batches draw
    // what the whole batch would). false (default): no dropout, as in
    // evaluation. AdamW::step sets both.
    bool train = false;
    std::uint64_t step = 0;
};

class TrainableModel {
  public:
    // Validates every size (positive; C % H == 0; H % Hkv == 0; even head
    // size for RoPE; the limits of config.h) BEFORE allocating anything.
    // Initialisation by ParamRole as llama2.c's and nanoGPT's model.py:
    // matrices and embeddings N(0, 0.02); the attention output and the
    // SwiGLU gate (and gpt2's FFN output) N(0, 0.02/sqrt(2 n_layers)); norm
    // weights 1; biases 0. Random numbers:
    // one SplitMix64 stream from `seed`; each normal value from Marsaglia's
    // polar method on uniforms (top 53 bits / 2^53, mapped to (-1, 1)) with
    // a logarithm computed from + - * / only, in double, rounded to float
    // once; tensors filled in param() order, each row-major. Same seed ->
    // same bits in every build (native, wasm SIMD and scalar).
    static model::Outcome create(const TrainConfig& c, std::uint64_t seed,
                                 std::unique_ptr<TrainableModel>* out);

    const TrainConfig& config() const { return cfg_; }
    int param_count() const { return static_cast<int>(params_info_.size()); }  // named tensors
    const ParamInfo& param(int i) const { return params_info_[static_cast<std::size_t>(i)]; }
    std::uint64_t num_parameters() const { return num_params_; }  // floats in the arena
    float* params() { return params_; }                 // all tensors, one arena
    const float* params() const { return params_; }
    const float* grads() const { return grads_; }       // same layout as params()

    // The inference path viewing the same weights (no copy).
    model::Transformer& inference() { return *inference_; }
    // Call after writing params(): resets the inference KV cache.
    void weights_changed();

    // Mean cross-entropy over targets != -1, and grads() set to its gradient
    // (zeroed, then every kernel adds into it). inputs, targets: [B, T] int32,
    // row-major. Refuses (InvalidArgument naming the argument) ids outside
    // [0, V), targets outside [-1, V), B < 1, T < 1, T > seq_len, all targets
    // -1, micro-batches that do not divide B — before touching anything. The
    // activation arena grows only for a larger micro-batch B*T.
    model::Outcome loss_and_gradients(const std::int32_t* inputs, const std::int32_t* targets,
                                      int B, int T, float* loss, const PassOptions& o = {});
    // The same loss, forward only (grads() untouched).
    model::Outcome loss(const std::int32_t* inputs, const std::int32_t* targets, int B, int T,
                        float* loss);

    // The logits (B*T*V floats, row-major [B, T, V]) of the training forward,
    // for comparing with the inference path. inputs checked as above.
    model::Outcome logits(const std::int32_t* inputs, int B, int T, float* out);

    // An encoder's (causal false) forward of one sequence, the whole of it at
    // once (the inference path runs causal models token by token over a KV
    // cache, which an encoder has no use for): the last `rows` positions'
    // logits (rows, V) and attention weights (L, H, rows, n), either pointer
    // null to skip. Evaluation mode (no dropout). Checks as logits().
    model::Outcome forward_sequence(const std::int32_t* tokens, int n, int rows, float* logits,
                                    float* attention);

    // llama2.c legacy "version 0" bytes (export.py legacy_export). Refuses a
    // config it cannot hold: gpt2, positions != Rope, norm != RmsNorm,
    // post-LN, activation != SwiGlu, biases.
    model::Outcome save_llama2c(std::vector<std::uint8_t>* out) const;
    // AGPT version 2 (docs/FORMATS.md): every config agpt_mismatch allows;
    // Transformer::load_gpt2 reads it. The rest is refused naming why.
    model::Outcome save_agpt(std::vector<std::uint8_t>* out) const;

    ~TrainableModel();
    TrainableModel(const TrainableModel&) = delete;
    TrainableModel& operator=(const TrainableModel&) = delete;

  private:
    TrainableModel() = default;
    model::Outcome check_batch(const std::int32_t* inputs, const std::int32_t* targets, int B,
                               int T, bool need_targets = true, int micro_batches = 1) const;
    model::Outcome prepare_activations(int B, int T);
    // How one forward and its backward run: evaluation, or training with the
    // dropout masks of `stream`; rows first_row.. of the whole batch.
    struct Mode {
        bool train = false;
        std::uint64_t stream = 0;
        std::uint64_t first_row = 0;
    };
    void forward_logits(const std::int32_t* inputs, int B, int T, const Mode& m);  // a.logits filled
    // The summed loss of the rows (a.probs, a.losses filled).
    double forward(const std::int32_t* inputs, const std::int32_t* targets, int B, int T, const Mode& m);
    // Adds the gradient of (summed loss / count) into grads().
    void backward(const std::int32_t* inputs, const std::int32_t* targets, int B, int T, int count, const Mode& m);

    TrainConfig cfg_;
    std::uint64_t seed_ = 0;  // of the initialisation, and of the dropout masks
    std::vector<ParamInfo> params_info_;
    std::unique_ptr<Layout> layout_;
    std::uint64_t num_params_ = 0;
    float* params_ = nullptr;
    float* grads_ = nullptr;
    std::unique_ptr<Activations> acts_;
    std::unique_ptr<model::Transformer> inference_;
};

}  // namespace attnscope::train
