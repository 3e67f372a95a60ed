// TrainableModel: creation (checks, table, arenas, seeded init), the
// inference view over the same weights, and the checked entry points.
#include "attnscope/train/trainable_model.h"
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

// nn.init.normal_(std) for matrices and embeddings; the output projections
// of each residual branch get 0.02/sqrt(2L) (llama2.c's and nanoGPT's init).
double init_std(const std::string& name, int n_layers) {
    auto ends = [&](const char* s) {
        const std::size_t n = std::strlen(s);
        return name.size() >= n && name.compare(name.size() - n, n, s) == 0;
    };
    if (ends("wo.weight") || ends("w3.weight") || ends("c_proj.weight") || ends("c_gate.weight"))
        return 0.02 / std::sqrt(2.0 * n_layers);
    return 0.02;
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
    c.format = model::is_plain_llama(c) ? model::FileFormat::Llama2c : model::FileFormat::Agpt2;
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

TrainConfig with_family_defaults(TrainConfig c) {
    const bool gpt2 = c.arch == model::Arch::Gpt2;
    c.positions = gpt2 ? Positions::Learned : Positions::Rope;
    c.norm = gpt2 ? Norm::LayerNorm : Norm::RmsNorm;
    c.prenorm = true;
    c.activation = gpt2 ? Activation::Gelu : Activation::SwiGlu;
    c.bias = gpt2;
    return c;
}

int llama_hidden_dim(int dim, int multiple_of) {
    const long long hidden = 2LL * (4LL * dim) / 3;  // int(2 * 4C / 3)
    return static_cast<int>(multiple_of * ((hidden + multiple_of - 1) / multiple_of));
}

model::Outcome TrainableModel::create(const TrainConfig& c, std::uint64_t seed,
                                      std::unique_ptr<TrainableModel>* out) {
    if (!out) return failure(kBad, "out is null");
    model::Outcome o = check_config(c);
    if (!o.ok()) return o;
    std::unique_ptr<TrainableModel> m(new TrainableModel());
    m->cfg_ = c;
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
        const bool bias = p.name.size() > 5 && p.name.compare(p.name.size() - 5, 5, ".bias") == 0;
        if (p.rank == 1) {  // norm weights 1, every bias 0
            for (std::uint64_t i = 0; i < p.numel; ++i) t[i] = bias ? 0.f : 1.f;
            continue;
        }
        const double std = init_std(p.name, c.n_layers);
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

model::Outcome TrainableModel::check_batch(const std::int32_t* inputs, const std::int32_t* targets,
                                           int B, int T, bool need_targets) const {
    if (B < 1) return failure(kBad, "inputs: batch size B (%d) must be at least 1", B);
    if (T < 1) return failure(kBad, "inputs: sequence length T (%d) must be at least 1", T);
    if (T > cfg_.seq_len)
        return failure(kBad, "inputs: sequence length T (%d) is over the model's seqLen (%d)", T, cfg_.seq_len);
    if (static_cast<std::uint64_t>(B) * T > kMaxActivationFloats)
        return failure(kBad, "inputs: B x T = %d x %d is too large", B, T);
    Activations count;  // the activation arena this (B, T) needs, before any id is read
    const std::uint64_t need = carve_activations(&count, nullptr, cfg_, B, T);
    if (need > kMaxActivationFloats)
        return failure(kBad, "inputs: a batch of B x T = %d x %d needs %s floats of activations, over the limit "
                       "of %" PRIu64 " (use a smaller batch)", B, T,
                       need == ~0ull ? "more than 2^62" : std::to_string(need).c_str(), kMaxActivationFloats);
    if (!inputs) return failure(kBad, "inputs is null");
    if (!targets && need_targets) return failure(kBad, "targets is null");
    const std::size_t n = static_cast<std::size_t>(B) * T;
    bool any = false;
    for (std::size_t i = 0; i < n; ++i) {
        if (inputs[i] < 0 || inputs[i] >= cfg_.vocab_size)
            return failure(kBad, "inputs[%zu][%zu] = %d is outside the vocabulary 0..%d", i / T, i % T,
                           inputs[i], cfg_.vocab_size - 1);
        if (!need_targets) continue;
        if (targets[i] < -1 || targets[i] >= cfg_.vocab_size)
            return failure(kBad, "targets[%zu][%zu] = %d is outside -1..%d (-1 = ignored)", i / T, i % T,
                           targets[i], cfg_.vocab_size - 1);
        any = any || targets[i] != -1;
    }
    if (!any && need_targets) return failure(kBad, "targets: every target is -1 (ignored), so the mean loss is undefined");
    return {};
}

model::Outcome TrainableModel::loss_and_gradients(const std::int32_t* inputs, const std::int32_t* targets,
                                                  int B, int T, float* loss) {
    model::Outcome o = check_batch(inputs, targets, B, T);
    if (o.ok()) o = prepare_activations(B, T);
    if (!o.ok()) return o;
    const float l = forward(inputs, targets, B, T);
    backward(inputs, targets, B, T);
    if (loss) *loss = l;
    return {};
}

model::Outcome TrainableModel::loss(const std::int32_t* inputs, const std::int32_t* targets, int B, int T,
                                    float* loss) {
    model::Outcome o = check_batch(inputs, targets, B, T);
    if (o.ok()) o = prepare_activations(B, T);
    if (!o.ok()) return o;
    const float l = forward(inputs, targets, B, T);
    if (loss) *loss = l;
    return {};
}

model::Outcome TrainableModel::logits(const std::int32_t* inputs, int B, int T, float* out) {
    model::Outcome o = check_batch(inputs, nullptr, B, T, false);
    if (o.ok() && !out) o = failure(kBad, "out is null");
    if (o.ok()) o = prepare_activations(B, T);
    if (!o.ok()) return o;
    forward_logits(inputs, B, T);
    std::memcpy(out, acts_->logits, sizeof(float) * static_cast<std::size_t>(B) * T * cfg_.vocab_size);
    return {};
}

}  // namespace attnscope::train
