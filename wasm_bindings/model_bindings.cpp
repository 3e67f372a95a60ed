// Embind for the tiny models (cpp/include/attnscope/model/): one handle owns a
// model, its tokenizer and a sampler. Conversion only. Every method that can
// fail returns a status code (0 = ok, otherwise Status) or -1 where it returns
// a count, and `error()` then says what was wrong; nothing throws or aborts.
//
// For web/lib (sizes are byte counts, Ptr are _malloc'd heap addresses):
//   const h = new Module.ModelHandle();            // smart_ptr: GC may reclaim; call h.delete()
//   h.loadLlama2c(ptr, size, maxSeqLen, quantize, groupSize)   // legacy, ak42 v1/v2
//   h.loadGpt2(ptr, size, maxSeqLen, quantize, groupSize)      // "AGPT" v1
//   h.loadTokenizer(ptr, size, kind)               // kind 0 = bpe (run.c), 1 = char
//   h.config()                                     // plain object, see ModelInfo
//   h.forward(token, pos, logitsPtr, attentionPtr) // copies V floats / L*H*(pos+1) floats; 0 = skip
//   h.logitsPtr()                                  // the model's own logits (V floats) after forward
//   h.setSampler(temperature, topK, topP, seed)    // seed: an integer 0..2^53
//   h.step(token, pos)                             // forward + sample: next token, or -1
//   h.sample()                                     // sample from the current logits (left intact)
//   h.encode(textPtr, len, bos, eos, outPtr)       // out: len + 3 int32; returns the count or -1
//   h.decode(idsPtr, n, outPtr, cap)               // UTF-8 bytes; returns the length or -1
//   h.piece(prev, token, outPtr, cap)              // bytes of one generated token (may split a character)
//   h.maxPieceBytes(), h.cachedPositions(), h.error(), h.dispose()
// A model load resets the sampler and drops a tokenizer of another vocabulary
// size; loadTokenizer after a model checks the sizes match. The file bytes
// are copied: free them after loading.
#include <emscripten/bind.h>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>
#include "attnscope/model/sampler.h"
#include "attnscope/model/tokenizer.h"
#include "attnscope/model/transformer.h"

using namespace attnscope::model;
using Ptr = std::uintptr_t;

namespace {

struct ModelInfo {
    std::string arch, format, weightType, tokenizer;
    int dim, hiddenDim, nLayers, nHeads, nKvHeads, vocabSize, seqLen, fileSeqLen, headSize, groupSize;
    bool sharedClassifier;
    double weightBytes, stateBytes;
};

const std::uint8_t* bytes_at(Ptr p) { return reinterpret_cast<const std::uint8_t*>(p); }

class ModelHandle {
  public:
    int loadLlama2c(Ptr p, double size, int max_seq_len, bool quantize, int group_size) {
        return load(false, p, size, max_seq_len, quantize, group_size);
    }
    int loadGpt2(Ptr p, double size, int max_seq_len, bool quantize, int group_size) {
        return load(true, p, size, max_seq_len, quantize, group_size);
    }
    int loadTokenizer(Ptr p, double size, int kind) {
        const int vocab = model_ ? model_->config().vocab_size : 0;
        Tokenizer t;
        if (!keep(Tokenizer::load(bytes_at(p), static_cast<std::uint64_t>(size), static_cast<TokenizerKind>(kind),
                                  vocab, &t)))
            return status_;
        tokenizer_ = std::make_unique<Tokenizer>(std::move(t));
        return 0;
    }
    ModelInfo config() const {
        ModelInfo i{};
        static const char* kArch[] = {"llama", "gpt2"};
        static const char* kFormat[] = {"llama2c", "ak42v1", "ak42v2", "agpt1"};
        i.tokenizer = !tokenizer_ ? "none" : tokenizer_->kind() == TokenizerKind::Char ? "char" : "bpe";
        if (!model_) return i;
        const ModelConfig& c = model_->config();
        i.arch = kArch[static_cast<int>(c.arch)];
        i.format = kFormat[static_cast<int>(c.format)];
        i.weightType = c.weight_type == WeightType::Q8_0 ? "q8_0" : "f32";
        i.dim = c.dim, i.hiddenDim = c.hidden_dim, i.nLayers = c.n_layers, i.nHeads = c.n_heads;
        i.nKvHeads = c.n_kv_heads, i.vocabSize = c.vocab_size, i.seqLen = c.seq_len;
        i.fileSeqLen = c.file_seq_len, i.headSize = c.head_size, i.groupSize = c.group_size;
        i.sharedClassifier = c.shared_classifier;
        i.weightBytes = static_cast<double>(model_->weight_bytes());
        i.stateBytes = static_cast<double>(model_->state_bytes());
        return i;
    }
    int forward(int token, int pos, Ptr logits_out, Ptr attention_out) {
        if (!need_model() || !keep(model_->forward(token, pos, reinterpret_cast<float*>(attention_out))))
            return status_;
        if (logits_out)
            std::memcpy(reinterpret_cast<float*>(logits_out), model_->logits(),
                        sizeof(float) * static_cast<std::size_t>(model_->config().vocab_size));
        return 0;
    }
    Ptr logitsPtr() const { return model_ ? reinterpret_cast<Ptr>(model_->logits()) : 0; }
    int setSampler(float temperature, int top_k, float top_p, double seed) {
        if (!need_model()) return status_;
        if (!(seed >= 0 && seed <= 9007199254740992.0 && std::floor(seed) == seed))
            return fail("seed (" + std::to_string(seed) + ") must be an integer in 0..2^53");
        SamplerConfig c;
        c.temperature = temperature, c.top_k = top_k, c.top_p = top_p;
        c.seed = static_cast<std::uint64_t>(seed);
        Sampler s;
        if (!keep(Sampler::create(model_->config().vocab_size, c, &s))) return status_;
        sampler_ = std::make_unique<Sampler>(std::move(s));
        return 0;
    }
    int sample() {
        if (!need_model()) return -1;
        if (!sampler_) return fail("call setSampler before sampling"), -1;
        scratch_.assign(model_->logits(), model_->logits() + model_->config().vocab_size);
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
    int cachedPositions() const { return model_ ? model_->cached_positions() : 0; }
    std::string error() const { return error_; }
    void dispose() {
        model_.reset();
        tokenizer_.reset();
        sampler_.reset();
        std::vector<float>().swap(scratch_);
    }

  private:
    int load(bool gpt2, Ptr p, double size, int max_seq_len, bool quantize, int group_size) {
        LoadOptions o;
        o.max_seq_len = max_seq_len, o.quantize_q8 = quantize, o.group_size = group_size;
        std::unique_ptr<Transformer> m;
        const auto n = static_cast<std::uint64_t>(size);
        if (!keep(gpt2 ? Transformer::load_gpt2(bytes_at(p), n, o, &m) : Transformer::load_llama2c(bytes_at(p), n, o, &m)))
            return status_;
        if (tokenizer_ && tokenizer_->vocab_size() != m->config().vocab_size) tokenizer_.reset();
        model_ = std::move(m);
        sampler_.reset();
        return 0;
    }
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
    bool need_model() { return model_ || (fail("no model is loaded"), false); }
    bool need_tokenizer() { return tokenizer_ || (fail("no tokenizer is loaded"), false); }
    int copy_out(const std::string& s, Ptr out, int cap) {
        if (static_cast<std::size_t>(cap < 0 ? 0 : cap) < s.size())
            return fail("the text needs " + std::to_string(s.size()) + " bytes but the buffer holds " +
                        std::to_string(cap)), -1;
        std::memcpy(reinterpret_cast<char*>(out), s.data(), s.size());
        return static_cast<int>(s.size());
    }

    std::unique_ptr<Transformer> model_;
    std::unique_ptr<Tokenizer> tokenizer_;
    std::unique_ptr<Sampler> sampler_;
    std::vector<float> scratch_;
    std::string error_;
    int status_ = 0;
};

}  // namespace

EMSCRIPTEN_BINDINGS(model) {
    emscripten::value_object<ModelInfo>("ModelInfo")
        .field("arch", &ModelInfo::arch).field("format", &ModelInfo::format)
        .field("weightType", &ModelInfo::weightType).field("tokenizer", &ModelInfo::tokenizer)
        .field("dim", &ModelInfo::dim).field("hiddenDim", &ModelInfo::hiddenDim)
        .field("nLayers", &ModelInfo::nLayers).field("nHeads", &ModelInfo::nHeads)
        .field("nKvHeads", &ModelInfo::nKvHeads).field("vocabSize", &ModelInfo::vocabSize)
        .field("seqLen", &ModelInfo::seqLen).field("fileSeqLen", &ModelInfo::fileSeqLen)
        .field("headSize", &ModelInfo::headSize).field("groupSize", &ModelInfo::groupSize)
        .field("sharedClassifier", &ModelInfo::sharedClassifier)
        .field("weightBytes", &ModelInfo::weightBytes).field("stateBytes", &ModelInfo::stateBytes);
    emscripten::class_<ModelHandle>("ModelHandle")
        .smart_ptr_constructor("ModelHandle", &std::make_shared<ModelHandle>)
        .function("loadLlama2c", &ModelHandle::loadLlama2c)
        .function("loadGpt2", &ModelHandle::loadGpt2)
        .function("loadTokenizer", &ModelHandle::loadTokenizer)
        .function("config", &ModelHandle::config)
        .function("forward", &ModelHandle::forward)
        .function("logitsPtr", &ModelHandle::logitsPtr)
        .function("setSampler", &ModelHandle::setSampler)
        .function("sample", &ModelHandle::sample)
        .function("step", &ModelHandle::step)
        .function("encode", &ModelHandle::encode)
        .function("decode", &ModelHandle::decode)
        .function("piece", &ModelHandle::piece)
        .function("maxPieceBytes", &ModelHandle::maxPieceBytes)
        .function("cachedPositions", &ModelHandle::cachedPositions)
        .function("error", &ModelHandle::error)
        .function("dispose", &ModelHandle::dispose);
}
