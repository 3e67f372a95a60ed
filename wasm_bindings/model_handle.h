// The ModelHandle class the Embind blocks of model_bindings.cpp (loading,
// inference, tokenizer) and train_bindings.cpp (training) share: one handle
// owns a model, its tokenizer and a sampler. The model is either read from a
// file (Transformer) or created to be trained (TrainableModel), whose
// inference() view of the same weights then runs forward and generation.
// Conversion only: every method that can fail returns a status code (0 = ok,
// otherwise attnscope::Status) or -1 where it returns a count, and `error()`
// then says what was wrong; nothing throws or aborts.
#pragma once
#include <cmath>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>
#include "attnscope/model/sampler.h"
#include "attnscope/model/tokenizer.h"
#include "attnscope/model/transformer.h"
#include "attnscope/train/trainable_model.h"

namespace attnscope::bindings {

using namespace attnscope::model;
using Ptr = std::uintptr_t;

// The enums go out as their codes (model/config.h, TokenizerKind); web/lib
// spells them with the tables scripts/gen_enums.js writes from those headers
// (web/lib/ops/model_config.js), so each spelling is written once.
struct ModelInfo {
    int arch, format, weightType;  // Arch, FileFormat, WeightType
    int fileDtype;                 // FileDtype: how the file stored the weights
    int tokenizer;                 // TokenizerKind, when hasTokenizer
    int dim, hiddenDim, nLayers, nHeads, nKvHeads, vocabSize, seqLen, fileSeqLen, headSize, groupSize;
    bool sharedClassifier;
    float normEps, ropeBase;       // the norms' epsilon; RoPE's base (rope_theta)
    double weightBytes, stateBytes;
    int positions, norm, activation;  // the architecture variant: Positions, Norm, Activation
    bool prenorm, bias;
    bool trainable;  // created by createTrainable (parameters, gradients, saving)
    bool hasTokenizer;
};

// One named tensor of a trainable model (train::ParamInfo for JS).
struct ParamEntry {
    std::string name;    // the PyTorch state_dict name
    int rank, rows, cols;  // rank 1: [cols]; rank 2: [rows, cols]
    double offset, numel;  // in floats, into paramsPtr() / gradsPtr()
    bool decay;
};

inline const std::uint8_t* bytes_at(Ptr p) { return reinterpret_cast<const std::uint8_t*>(p); }

class ModelHandle {
  public:
    int loadLlama2c(Ptr p, double size, int max_seq_len, bool quantize, int group_size) {
        return load(false, p, size, max_seq_len, quantize, group_size);
    }
    int loadGpt2(Ptr p, double size, int max_seq_len, bool quantize, int group_size) {
        return load(true, p, size, max_seq_len, quantize, group_size);
    }
    int loadTokenizer(Ptr p, double size, int kind) {
        const int vocab = model() ? model()->config().vocab_size : 0;
        Tokenizer t;
        if (!keep(Tokenizer::load(bytes_at(p), static_cast<std::uint64_t>(size), static_cast<TokenizerKind>(kind),
                                  vocab, &t)))
            return status_;
        tokenizer_ = std::make_unique<Tokenizer>(std::move(t));
        return 0;
    }
    ModelInfo config() const {
        ModelInfo i{};
        i.hasTokenizer = tokenizer_ != nullptr;
        if (tokenizer_) i.tokenizer = static_cast<int>(tokenizer_->kind());
        if (!model()) return i;
        const ModelConfig& c = model()->config();
        i.arch = static_cast<int>(c.arch), i.format = static_cast<int>(c.format);
        i.weightType = static_cast<int>(c.weight_type);
        i.fileDtype = static_cast<int>(c.file_dtype);
        i.positions = static_cast<int>(c.positions), i.norm = static_cast<int>(c.norm);
        i.activation = static_cast<int>(c.activation);
        i.prenorm = c.prenorm, i.bias = c.bias, i.trainable = trainable_ != nullptr;
        i.dim = c.dim, i.hiddenDim = c.hidden_dim, i.nLayers = c.n_layers, i.nHeads = c.n_heads;
        i.nKvHeads = c.n_kv_heads, i.vocabSize = c.vocab_size, i.seqLen = c.seq_len;
        i.fileSeqLen = c.file_seq_len, i.headSize = c.head_size, i.groupSize = c.group_size;
        i.sharedClassifier = c.shared_classifier;
        i.normEps = c.norm_eps, i.ropeBase = c.rope_base;
        i.weightBytes = static_cast<double>(model()->weight_bytes());
        i.stateBytes = static_cast<double>(model()->state_bytes());
        return i;
    }
    int forward(int token, int pos, Ptr logits_out, Ptr attention_out) {
        if (!need_model() || !keep(model()->forward(token, pos, reinterpret_cast<float*>(attention_out))))
            return status_;
        if (logits_out)
            std::memcpy(reinterpret_cast<float*>(logits_out), model()->logits(),
                        sizeof(float) * static_cast<std::size_t>(model()->config().vocab_size));
        return 0;
    }
    // tokens: n int32; logits: rows*V floats; attention: L*H*rows*(start+n) floats; 0 = skip.
    int forwardSequence(Ptr tokens, int n, int start, int rows, Ptr logits_out, Ptr attention_out) {
        if (trainable_ && !trainable_->config().causal) return encoderForward(tokens, n, start, rows, logits_out, attention_out);
        if (!need_model()) return status_;
        keep(model()->forward_sequence(reinterpret_cast<const int*>(tokens), n, start, rows,
                                       reinterpret_cast<float*>(logits_out), reinterpret_cast<float*>(attention_out)));
        return status_;
    }
    Ptr logitsPtr() { return model() ? reinterpret_cast<Ptr>(model()->logits()) : 0; }
    int setSampler(float temperature, int top_k, float top_p, double seed) {
        if (!need_model()) return status_;
        if (!(seed >= 0 && seed <= 9007199254740992.0 && std::floor(seed) == seed))
            return fail("seed (" + std::to_string(seed) + ") must be an integer in 0..2^53");
        SamplerConfig c;
        c.temperature = temperature, c.top_k = top_k, c.top_p = top_p;
        c.seed = static_cast<std::uint64_t>(seed);
        Sampler s;
        if (!keep(Sampler::create(model()->config().vocab_size, c, &s))) return status_;
        sampler_ = std::make_unique<Sampler>(std::move(s));
        return 0;
    }
    int sample() {
        if (!need_model()) return -1;
        if (!sampler_) return fail("call setSampler before sampling"), -1;
        scratch_.assign(model()->logits(), model()->logits() + model()->config().vocab_size);
        return sampler_->sample(scratch_.data());
    }
    int step(int token, int pos) { return forward(token, pos, 0, 0) == 0 ? sample() : -1; }
    int encode(Ptr text, double len, bool bos, bool eos, Ptr out) {
        if (!need_tokenizer()) return -1;
        return tokenizer_->encode(reinterpret_cast<const char*>(text), static_cast<std::size_t>(len), bos, eos,
                                  reinterpret_cast<int*>(out));
    }
    int decode(Ptr ids, int n, Ptr out, int cap) {
        std::string s;
        if (!need_tokenizer() || !keep(tokenizer_->decode(reinterpret_cast<const int*>(ids), n, &s))) return -1;
        return copy_out(s, out, cap);
    }
    int piece(int prev, int token, Ptr out, int cap) {
        if (!need_tokenizer()) return -1;
        if (token < 0 || token >= tokenizer_->vocab_size())
            return fail("token " + std::to_string(token) + " is outside the vocabulary"), -1;
        return copy_out(std::string(tokenizer_->piece(prev, token)), out, cap);
    }
    int maxPieceBytes() const { return tokenizer_ ? tokenizer_->max_piece_bytes() : 0; }
    int cachedPositions() { return model() ? model()->cached_positions() : 0; }
    std::string error() const { return error_; }
    void dispose() {
        model_.reset();
        trainable_.reset();
        std::vector<std::uint8_t>().swap(saved_);
        tokenizer_.reset();
        sampler_.reset();
        std::vector<float>().swap(scratch_);
    }

    // Training (defined in train_bindings.cpp, which registers TrainConfig);
    // seed an integer 0..2^53.
    int createTrainable(const train::TrainConfig& config, double seed);
    train::TrainConfig trainConfig() const { return trainable_ ? trainable_->config() : train::TrainConfig{}; }
    bool trainable() const { return trainable_ != nullptr; }
    int paramCount() const { return trainable_ ? trainable_->param_count() : 0; }
    ParamEntry param(int i) const;
    Ptr paramsPtr() { return trainable_ ? reinterpret_cast<Ptr>(trainable_->params()) : 0; }
    Ptr gradsPtr() const { return trainable_ ? reinterpret_cast<Ptr>(trainable_->grads()) : 0; }
    void weightsChanged() { if (trainable_) trainable_->weights_changed(); }
    int lossAndGradients(Ptr inputs, Ptr targets, int B, int T, const train::PassOptions& pass, Ptr loss_out);
    // An encoder (causal false) runs a whole sequence in the trainer's forward: forwardSequence's contract, start 0.
    int encoderForward(Ptr tokens, int n, int start, int rows, Ptr logits_out, Ptr attention_out);
    int loss(Ptr inputs, Ptr targets, int B, int T, Ptr loss_out);
    int saveLlama2c();
    int saveAgpt();
    Ptr savedPtr() const { return reinterpret_cast<Ptr>(saved_.data()); }
    double savedSize() const { return static_cast<double>(saved_.size()); }
    void clearSaved() { std::vector<std::uint8_t>().swap(saved_); }
    // For TrainerHandle: shared, so an optimiser never outlives its model's memory.
    std::shared_ptr<train::TrainableModel> trainableModel() const { return trainable_; }
    bool keep(const Outcome& o) {
        status_ = static_cast<int>(o.status);
        error_ = o.message;
        return o.ok();
    }
    int fail(const std::string& message) {
        status_ = static_cast<int>(attnscope::Status::InvalidArgument);
        error_ = message;
        return status_;
    }
    int status() const { return status_; }
    // A model read by another reader (hf_bindings.cpp) becomes this handle's, as a load does.
    void adopt(std::unique_ptr<Transformer> m) {
        if (tokenizer_ && tokenizer_->vocab_size() != m->config().vocab_size) tokenizer_.reset();
        model_ = std::move(m);
        trainable_.reset();
        sampler_.reset();
    }
    // The model that runs forward (a loaded file's, or the trainable one's view), or null.
    const Transformer* inferenceModel() const { return model(); }

  private:
    // The model that runs forward: a loaded file's, or the trainable one's view.
    Transformer* model() { return model_ ? model_.get() : trainable_ ? &trainable_->inference() : nullptr; }
    const Transformer* model() const {
        return model_ ? model_.get() : trainable_ ? &trainable_->inference() : nullptr;
    }
    int load(bool gpt2, Ptr p, double size, int max_seq_len, bool quantize, int group_size) {
        LoadOptions o;
        o.max_seq_len = max_seq_len, o.quantize_q8 = quantize, o.group_size = group_size;
        std::unique_ptr<Transformer> m;
        const auto n = static_cast<std::uint64_t>(size);
        if (!keep(gpt2 ? Transformer::load_gpt2(bytes_at(p), n, o, &m) : Transformer::load_llama2c(bytes_at(p), n, o, &m)))
            return status_;
        adopt(std::move(m));
        return 0;
    }
    bool need_model() { return model() || (fail("no model is loaded"), false); }
    bool need_trainable() {
        return trainable_ || (fail("this model cannot be trained: only a model made by Model.create can"), false);
    }
    bool need_tokenizer() { return tokenizer_ || (fail("no tokenizer is loaded"), false); }
    int copy_out(const std::string& s, Ptr out, int cap) {
        if (static_cast<std::size_t>(cap < 0 ? 0 : cap) < s.size())
            return fail("the text needs " + std::to_string(s.size()) + " bytes but the buffer holds " +
                        std::to_string(cap)), -1;
        std::memcpy(reinterpret_cast<char*>(out), s.data(), s.size());
        return static_cast<int>(s.size());
    }

    std::unique_ptr<Transformer> model_;                  // a model read from a file, or
    std::shared_ptr<train::TrainableModel> trainable_;   // a model created to be trained
    std::vector<std::uint8_t> saved_;                     // the bytes of the last save*()
    std::unique_ptr<Tokenizer> tokenizer_;
    std::unique_ptr<Sampler> sampler_;
    std::vector<float> scratch_;
    std::string error_;
    int status_ = 0;
};

}  // namespace attnscope::bindings
