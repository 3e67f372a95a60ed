// Where each HfRole's tensor lives in the engine (model::Weights) and how the
// rows of the Hugging Face file map onto it: shared by the reader
// (checkpoint_hf.cpp) and the read-back of any model (hf_read_back.cpp).
#pragma once
#include <cstdint>
#include "attnscope/model/hf_reader.h"

namespace attnscope::model::hf {

using U = std::uint64_t;

inline const char* const kRoleNames[kHfRoleCount] = {
    "embedding", "positions", "norm1_weight", "norm1_bias", "wq", "wk", "wv", "bq", "bk", "bv", "wqkv",
    "bqkv", "wo", "bo", "norm2_weight", "norm2_bias", "w1", "b1", "w3", "b3", "w2", "b2",
    "final_norm_weight", "final_norm_bias", "classifier"};

enum class Transform {
    None,        // file row r is engine row r
    Transpose,   // GPT-2's Conv1D: file (K, R) = engine (R, K) transposed
    Interleave,  // Llama q/k: file row (or, for a bias, element) i is engine interleaved_row(i)
};

// A role's tensor in the engine: `layers` stacked (R, K) matrices (a vector is 1 x K).
struct RoleInfo {
    bool present = false;
    U layers = 0, R = 0, K = 0;
    Transform transform = Transform::None;
    MatrixStack* mat = nullptr;   // a matrix: Q8_0 when the model is quantised
    const float** vec = nullptr;  // float32 always
    U file_rows() const { return transform == Transform::Transpose ? K : R; }
    U file_cols() const { return transform == Transform::Transpose ? R : K; }
};

inline RoleInfo role_info(const ModelConfig& c, HfRole role, Weights* w) {
    const U L = c.n_layers, C = c.dim, F = c.hidden_dim, V = c.vocab_size, T = c.file_seq_len;
    const U HD = static_cast<U>(c.n_heads) * c.head_size, KV = static_cast<U>(c.n_kv_heads) * c.head_size;
    const bool gpt2 = c.arch == Arch::Gpt2, llama = !gpt2, b = c.bias;
    const Transform conv1d = gpt2 ? Transform::Transpose : Transform::None;
    auto mat = [](bool on, U layers, U R, U K, Transform t, MatrixStack* m) {
        RoleInfo r{on, layers, R, K, t};
        r.mat = m;
        return on ? r : RoleInfo{};
    };
    auto vec = [](bool on, U layers, U R, U K, Transform t, const float** v) {
        RoleInfo r{on, layers, R, K, t};
        r.vec = v;
        return on ? r : RoleInfo{};
    };
    const Transform none = Transform::None, inter = Transform::Interleave;
    switch (role) {
        case HfRole::Embedding: return mat(true, 1, V, C, none, &w->token_embedding);
        case HfRole::Positions: return vec(gpt2, 1, T, C, none, &w->wpe);
        case HfRole::Norm1Weight: return vec(true, L, 1, C, none, &w->ln1_w);
        case HfRole::Norm1Bias: return vec(gpt2, L, 1, C, none, &w->ln1_b);
        case HfRole::Wq: return mat(llama, L, HD, C, inter, &w->wq);
        case HfRole::Wk: return mat(llama, L, KV, C, inter, &w->wk);
        case HfRole::Wv: return mat(llama, L, KV, C, none, &w->wv);
        case HfRole::Bq: return vec(llama && b, L, 1, HD, inter, &w->bq);
        case HfRole::Bk: return vec(llama && b, L, 1, KV, inter, &w->bk);
        case HfRole::Bv: return vec(llama && b, L, 1, KV, none, &w->bv);
        case HfRole::Wqkv: return mat(gpt2, L, HD + 2 * KV, C, conv1d, &w->wqkv);
        case HfRole::Bqkv: return vec(gpt2, L, 1, HD + 2 * KV, none, &w->bqkv);
        case HfRole::Wo: return mat(true, L, C, HD, conv1d, &w->wo);
        case HfRole::Bo: return vec(b, L, 1, C, none, &w->bo);
        case HfRole::Norm2Weight: return vec(true, L, 1, C, none, &w->ln2_w);
        case HfRole::Norm2Bias: return vec(gpt2, L, 1, C, none, &w->ln2_b);
        case HfRole::W1: return mat(true, L, F, C, conv1d, &w->w1);
        case HfRole::B1: return vec(b, L, 1, F, none, &w->b1);
        case HfRole::W3: return mat(llama, L, F, C, none, &w->w3);
        case HfRole::B3: return vec(llama && b, L, 1, F, none, &w->b3);
        case HfRole::W2: return mat(true, L, C, F, conv1d, &w->w2);
        case HfRole::B2: return vec(b, L, 1, C, none, &w->b2);
        case HfRole::FinalNormWeight: return vec(true, 1, 1, C, none, &w->lnf_w);
        case HfRole::FinalNormBias: return vec(gpt2, 1, 1, C, none, &w->lnf_b);
        case HfRole::Classifier: return mat(!c.shared_classifier, 1, V, C, none, &w->classifier);
    }
    return {};
}

}  // namespace attnscope::model::hf
