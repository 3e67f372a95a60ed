// TrainableModel: creation (checks, table, arenas, seeded init), the
// inference view over the same weights, and the checked entry points.
#include "attnscope/train/trainable_model.h"
#include <algorithm>
#include <cinttypes>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include "activations.h"
#include "layout.h"
#include "random.h"

namespace attnscope::train {
namespace {

using model::failure;
constexpr Status kBad = Status::InvalidArgument;

// llama2.c's model.py (nn.init.normal_(std 0.02) for every matrix and
// embedding, 0.02/sqrt(2L) for "wo" and "w3") and nanoGPT's (0.02/sqrt(2L)
// for both "c_proj": wo and w2): the attention output and the SwiGLU gate
// are scaled in both families, the FFN output in gpt2 only. Norm weights 1,
// biases 0.
double init_std(ParamRole role, const TrainConfig& c) {
    const double scaled = 0.02 / std::sqrt(2.0 * c.n_layers);
    switch (role) {
        case ParamRole::AttnOutput:
        case ParamRole::FfnGate: return scaled;
        case ParamRole::FfnOutput: return c.arch == model::Arch::Gpt2 ? scaled : 0.02;
        default: return 0.02;
    }
}

model::ModelConfig inference_config(const TrainConfig& t) {
    model::ModelConfig c;
    c.arch = t.arch;
    c.dim = t.dim;
    c.hidden_dim = t.hidden_dim;
    c.n_layers = t.n_layers;
    c.n_heads = t.n_heads;
    c.n_kv_heads = t.n_kv_heads;
    c.vocab_size = t.vocab_size;
    c.seq_len = c.file_seq_len = t.seq_len;
    c.head_size = t.dim / t.n_heads;
    c.shared_classifier = t.shared_classifier;
    c.norm_eps = t.norm_eps;
    c.rope_base = t.rope_base;
    c.positions = t.positions;
    c.norm = t.norm;
    c.prenorm = t.prenorm;
    c.activation = t.activation;
    c.bias = t.bias;
    c.causal = t.causal;
    c.embedding_scale = t.embedding_scale;
    c.format = llama2c_mismatch(t) ? model::FileFormat::Agpt2 : model::FileFormat::Llama2c;
    return c;
}

model::Weights inference_weights(const Layout& y, const float* p) {
    model::Weights w;
    w.token_embedding.f = y.emb.at(p);
    w.classifier.f = y.cls.at(p);
    w.wpe = y.pos.at(p);
    w.rms_att = w.ln1_w = y.ln1_w.at(p);
    w.ln1_b = y.ln1_b.at(p);
    w.rms_ffn = w.ln2_w = y.ln2_w.at(p);
    w.ln2_b = y.ln2_b.at(p);
    w.rms_final = w.lnf_w = y.lnf_w.at(p);
    w.lnf_b = y.lnf_b.at(p);
    if (y.wqkv.present()) {
        w.wqkv.f = y.wqkv.at(p);
        w.bqkv = y.bqkv.at(p);
    } else {
        w.wq.f = y.wq.at(p);
        w.wk.f = y.wk.at(p);
        w.wv.f = y.wv.at(p);
        w.bq = y.bq.at(p);
        w.bk = y.bk.at(p);
        w.bv = y.bv.at(p);
    }
    w.wo.f = y.wo.at(p);
    w.bo = y.bo.at(p);
    w.w1.f = y.w1.at(p);
    w.b1 = y.b1.at(p);
    w.w3.f = y.w3.at(p);
    w.b3 = y.b3.at(p);
    w.w2.f = y.w2.at(p);
    w.b2 = y.b2.at(p);
    return w;
}

}  // namespace

model::Outcome TrainableModel::create(const TrainConfig& c, std::uint64_t seed,
                                      std::unique_ptr<TrainableModel>* out) {
    if (!out) return failure(kBad, "out is null");
    model::Outcome o = check_config(c);
    if (!o.ok()) return o;
    std::unique_ptr<TrainableModel> m(new TrainableModel());
    m->cfg_ = c;
    m->seed_ = seed;
    m->layout_ = std::make_unique<Layout>();
    build_layout(c, m->layout_.get(), &m->params_info_, &m->num_params_);
    const std::size_t bytes = static_cast<std::size_t>(m->num_params_) * sizeof(float);
    m->params_ = static_cast<float*>(std::malloc(bytes));
    m->grads_ = static_cast<float*>(std::calloc(static_cast<std::size_t>(m->num_params_), sizeof(float)));
    if (!m->params_ || !m->grads_)
        return failure(Status::OutOfMemory, "cannot allocate 2 x %" PRIu64 " bytes for the parameters and gradients",
                       static_cast<std::uint64_t>(bytes));
    NormalStream rng(seed);
    for (const ParamInfo& p : m->params_info_) {
        float* t = m->params_ + p.offset;
        if (p.role == ParamRole::NormWeight || p.role == ParamRole::NormBias || p.role == ParamRole::LinearBias) {
            std::fill(t, t + p.numel, p.role == ParamRole::NormWeight ? 1.f : 0.f);
            continue;
        }
        const double std = init_std(p.role, c);
        for (std::uint64_t i = 0; i < p.numel; ++i) t[i] = static_cast<float>(rng.normal() * std);
    }
    m->acts_ = std::make_unique<Activations>();
    o = model::Transformer::view(inference_config(c), inference_weights(*m->layout_, m->params_),
                                 &m->inference_);
    if (!o.ok()) return o;
    *out = std::move(m);
    return {};
}

TrainableModel::~TrainableModel() {
    std::free(params_);
    std::free(grads_);
}

void TrainableModel::weights_changed() { inference_->reset_cache(); }

model::Outcome TrainableModel::prepare_activations(int B, int T) { return size_activations(acts_.get(), cfg_, B, T); }

model::Outcome TrainableModel::check_batch(const std::int32_t* inputs, const std::int32_t* targets,
                                           int B, int T, bool need_targets, int micro_batches) const {
    if (B < 1) return failure(kBad, "inputs: batch size B (%d) must be at least 1", B);
    if (T < 1) return failure(kBad, "inputs has T = %d positions; at least 1 is needed", T);
    if (T > cfg_.seq_len)
        return failure(kBad, "inputs has T = %d positions but the model's seqLen is %d", T, cfg_.seq_len);
    if (micro_batches < 1 || B % micro_batches != 0)
        return failure(kBad, "accumulate (%d) must divide the batch size B (%d): the batch is cut into that "
                       "many micro-batches of equal size", micro_batches, B);
    const int Bm = B / micro_batches;
    if (static_cast<std::uint64_t>(Bm) * T > kMaxActivationFloats)
        return failure(kBad, "inputs: B x T = %d x %d is too large", Bm, T);
    Activations count;  // the activation arena this (B, T) needs, before any id is read
    const std::uint64_t need = carve_activations(&count, nullptr, cfg_, Bm, T);
    if (need > kMaxActivationFloats)
        return failure(kBad, "inputs: a batch of B x T = %d x %d needs %s floats of activations, over the limit "
                       "of %" PRIu64 " (use a smaller batch, or accumulate over micro-batches)", Bm, T,
                       need == ~0ull ? "more than 2^62" : std::to_string(need).c_str(), kMaxActivationFloats);
    if (!inputs) return failure(kBad, "inputs is null");
    if (!targets && need_targets) return failure(kBad, "targets is null");
    const std::size_t n = static_cast<std::size_t>(B) * T;
    bool any = false;
    for (std::size_t i = 0; i < n; ++i) {
        if (inputs[i] < 0 || inputs[i] >= cfg_.vocab_size)
            return failure(kBad, "inputs[%zu][%zu] is %d, outside the vocabulary 0..%d", i / T, i % T, inputs[i],
                           cfg_.vocab_size - 1);
        if (!need_targets) continue;
        if (targets[i] < -1 || targets[i] >= cfg_.vocab_size)
            return failure(kBad, "targets[%zu][%zu] is %d, outside -1..%d (-1 = ignored)", i / T, i % T,
                           targets[i], cfg_.vocab_size - 1);
        any = any || targets[i] != -1;
    }
    if (!any && need_targets)
        return failure(kBad, "every one of targets is -1 (ignored); at least one must be a token id");
    return {};
}

model::Outcome TrainableModel::loss_and_gradients(const std::int32_t* inputs, const std::int32_t* targets,
                                                  int B, int T, float* loss, const PassOptions& o) {
    model::Outcome r = check_batch(inputs, targets, B, T, true, o.micro_batches);
    const int Bm = B / (o.micro_batches > 0 ? o.micro_batches : 1);
    if (r.ok()) r = prepare_activations(Bm, T);
    if (!r.ok()) return r;
    int count = 0;  // the whole batch's: every micro-batch's gradient is of the batch's mean
    for (std::size_t i = 0; i < static_cast<std::size_t>(B) * T; ++i) count += targets[i] != -1;
    std::memset(grads_, 0, sizeof(float) * num_params_);
    double total = 0.0;
    Mode mode;
    mode.train = o.train;
    mode.stream = dropout_stream(seed_, o.step);
    for (int m = 0; m < o.micro_batches; ++m) {
        const std::size_t at = static_cast<std::size_t>(m) * Bm * T;
        mode.first_row = static_cast<std::uint64_t>(m) * Bm;
        total += forward(inputs + at, targets + at, Bm, T, mode);
        backward(inputs + at, targets + at, Bm, T, count, mode);
    }
    if (loss) *loss = static_cast<float>(total / count);
    return {};
}

model::Outcome TrainableModel::loss(const std::int32_t* inputs, const std::int32_t* targets, int B, int T,
                                    float* loss) {
    model::Outcome o = check_batch(inputs, targets, B, T);
    if (o.ok()) o = prepare_activations(B, T);
    if (!o.ok()) return o;
    int count = 0;
    for (std::size_t i = 0; i < static_cast<std::size_t>(B) * T; ++i) count += targets[i] != -1;
    const double total = forward(inputs, targets, B, T, Mode{});
    if (loss) *loss = static_cast<float>(total / count);
    return {};
}

model::Outcome TrainableModel::logits(const std::int32_t* inputs, int B, int T, float* out) {
    model::Outcome o = check_batch(inputs, nullptr, B, T, false);
    if (o.ok() && !out) o = failure(kBad, "out is null");
    if (o.ok()) o = prepare_activations(B, T);
    if (!o.ok()) return o;
    forward_logits(inputs, B, T, Mode{});
    std::memcpy(out, acts_->logits, sizeof(float) * static_cast<std::size_t>(B) * T * cfg_.vocab_size);
    return {};
}

model::Outcome TrainableModel::forward_sequence(const std::int32_t* tokens, int n, int rows, float* logits,
                                                float* attention) {
    model::Outcome o = check_batch(tokens, nullptr, 1, n, false);
    if (o.ok() && (rows < 0 || rows > n))
        o = failure(kBad, "rows (%d) must be in 0..%d, the sequence's length", rows, n);
    if (o.ok()) o = prepare_activations(1, n);
    if (!o.ok()) return o;
    forward_logits(tokens, 1, n, Mode{});
    const std::size_t V = static_cast<std::size_t>(cfg_.vocab_size), from = static_cast<std::size_t>(n - rows);
    if (logits) std::memcpy(logits, acts_->logits + from * V, sizeof(float) * rows * V);
    if (attention)
        for (int l = 0; l < cfg_.n_layers; ++l)
            for (int h = 0; h < cfg_.n_heads; ++h) {
                const float* src = acts_->layer[static_cast<std::size_t>(l)].att + (static_cast<std::size_t>(h) * n + from) * n;
                float* dst = attention + (static_cast<std::size_t>(l) * cfg_.n_heads + h) * rows * n;
                std::memcpy(dst, src, sizeof(float) * static_cast<std::size_t>(rows) * n);
            }
    return {};
}

}  // namespace attnscope::train
