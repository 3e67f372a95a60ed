// The activation arena of one (B, T), llm.c style: every tensor the backward
// needs, per layer, carved out of one block whose size is computed first.
// Legend: N = B*T rows, C, F, H, Hkv, D, V as in config.h; HD = H*D, KV = Hkv*D.
#pragma once
#include <cstdint>
#include <cstdlib>
#include <vector>
#include "attnscope/train/config.h"

namespace attnscope::train {

struct LayerActs {
    float* n1 = nullptr;       // (N, C) attention norm output (pre-LN: of the input; post-LN: of sum1)
    float* n1_mean = nullptr;  // (N) LayerNorm only
    float* n1_rstd = nullptr;  // (N)
    float* q = nullptr;        // (B, H, T, D) after RoPE
    float* k = nullptr;        // (B, Hkv, T, D) after RoPE
    float* v = nullptr;        // (B, Hkv, T, D)
    float* att = nullptr;      // (B, H, T, T) softmax weights
    float* atty = nullptr;     // (N, HD) attention output, token-major
    float* sum1 = nullptr;     // (N, C) input + attention branch
    float* n2 = nullptr;       // (N, C) FFN norm output (pre-LN: of sum1; post-LN: of sum2 = layer output)
    float* n2_mean = nullptr;  // (N)
    float* n2_rstd = nullptr;  // (N)
    float* h1 = nullptr;       // (N, F) w1 x (+ b1)
    float* h3 = nullptr;       // (N, F) w3 x (+ b3), SwiGLU only
    float* hact = nullptr;     // (N, F) activation(h1) or silu(h1) h3
    float* sum2 = nullptr;     // (N, C) FFN input + FFN branch
};

struct Activations {
    int B = 0, T = 0;
    std::uint64_t capacity = 0;  // floats in block
    float* block = nullptr;
    std::vector<LayerActs> layer;
    float* x0 = nullptr;        // (N, C) embedding (+ positions)
    float* lnf = nullptr;       // (N, C) final norm output
    float* lnf_mean = nullptr;  // (N)
    float* lnf_rstd = nullptr;  // (N)
    float* logits = nullptr;    // (N, V): probabilities after the forward, dlogits in the backward
    float* losses = nullptr;    // (N)
    // Scratch shared by the layers.
    float* tq = nullptr;        // (N, HD) token-major q, then the head-major attention output
    float* tk = nullptr;        // (N, KV)
    float* tv = nullptr;        // (N, KV)
    float* tmp = nullptr;       // (N, C) a branch output
    float* dres = nullptr;      // (N, C) gradient of the residual stream
    float* da = nullptr;        // (N, C)
    float* db = nullptr;        // (N, C)
    float* dc = nullptr;        // (N, C)
    float* dh1 = nullptr;       // (N, F)
    float* dh3 = nullptr;       // (N, F)
    float* dhact = nullptr;     // (N, F)
    float* dqh = nullptr;       // (N, HD) head-major
    float* dkh = nullptr;       // (N, KV)
    float* dvh = nullptr;       // (N, KV)
    float* douth = nullptr;     // (N, HD) head-major attention output gradient
    float* att_scratch = nullptr;  // (T*T + T*D)
    // Position tables (T rows of the current T).
    float* rope_cos = nullptr;  // (T, D/2)
    float* rope_sin = nullptr;  // (T, D/2)
    float* sinusoid = nullptr;  // (T, C)
    float* slopes = nullptr;    // (H) ALiBi

    ~Activations() { std::free(block); }
};

// Points every array of a (base == nullptr: only counts) for (B, T); returns floats used.
std::uint64_t carve_activations(Activations* a, float* base, const TrainConfig& c, int B, int T);

}  // namespace attnscope::train
