// Where every tensor of a trainable model lives in the parameter arena (the
// gradient arena has the same layout). Tensors of one role are stacked over
// the layers, so the inference path's (L, rows, cols) MatrixStacks view
// them directly; the named table (ParamInfo) points into these stacks.
#pragma once
#include <cstdint>
#include <vector>
#include "attnscope/model/outcome.h"
#include "attnscope/train/config.h"

namespace attnscope::train {

constexpr std::uint64_t kAbsent = ~0ull;

// Layer l of a role starts at off + l * stride (floats).
struct Slot {
    std::uint64_t off = kAbsent;
    std::uint64_t stride = 0;
    bool present() const { return off != kAbsent; }
    float* at(float* base, int l = 0) const { return present() ? base + off + l * stride : nullptr; }
    const float* at(const float* base, int l = 0) const {
        return present() ? base + off + l * stride : nullptr;
    }
};

struct Layout {
    Slot emb;            // (V, C) token embedding
    Slot pos;            // (T, C) learned positions
    Slot ln1_w, ln1_b;   // (L, C) attention norm (post-LN: after the attention residual)
    Slot wqkv, bqkv;     // gpt2: (L, (H+2Hkv)D, C) and (L, (H+2Hkv)D); rows q, k, v
    Slot wq, wk, wv;     // (L, HD, C), (L, KV, C), (L, KV, C): llama's own, gpt2's inside wqkv
    Slot bq, bk, bv;     // (L, HD), (L, KV), (L, KV)
    Slot wo, bo;         // (L, C, HD), (L, C)
    Slot ln2_w, ln2_b;   // (L, C) FFN norm
    Slot w1, b1;         // (L, F, C), (L, F): llama w1, gpt2 c_fc
    Slot w3, b3;         // (L, F, C), (L, F): SwiGLU's gate w3 (gpt2 c_gate)
    Slot w2, b2;         // (L, C, F), (L, C): llama w2, gpt2 mlp.c_proj
    Slot lnf_w, lnf_b;   // (C) final norm
    Slot cls;            // (V, C) classifier; == emb when shared
};

// Fills the layout and the named table (PyTorch state_dict order) of a
// validated config; *total = floats in the arena. Allocates nothing else.
void build_layout(const TrainConfig& c, Layout* layout, std::vector<ParamInfo>* table,
                  std::uint64_t* total);

}  // namespace attnscope::train
