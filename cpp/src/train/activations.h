// The activation arena of one (B, T), llm.c style: every tensor the backward
// needs, per layer, carved out of one block whose size is computed first,
// and the scratch the layers share. Each named buffer holds one tensor (its
// comment says which), for whichever layer is being computed: no buffer is
// reused for a second meaning.
// Legend: N = B*T rows, C, F, H, Hkv, D, V as in config.h; HD = H*D, KV = Hkv*D.
// Head-major tensors are (B, heads, T, D); token-major ones (N, heads*D).
#pragma once
#include <cstdint>
#include <cstdlib>
#include <vector>
#include "attnscope/model/outcome.h"
#include "attnscope/train/config.h"

namespace attnscope::train {

// What one layer's backward reads.
struct LayerActs {
    float* n1 = nullptr;       // (N, C) attention norm output (pre-LN: of the input; post-LN: of sum1)
    float* n1_mean = nullptr;  // (N) LayerNorm only
    float* n1_rstd = nullptr;  // (N)
    float* q = nullptr;        // (B, H, T, D) head-major, after RoPE
    float* k = nullptr;        // (B, Hkv, T, D) after RoPE
    float* v = nullptr;        // (B, Hkv, T, D)
    float* att = nullptr;      // (B, H, T, T) softmax weights
    float* atty = nullptr;     // (N, HD) attention output, token-major (wo's input)
    float* sum1 = nullptr;     // (N, C) input + attention branch
    float* n2 = nullptr;       // (N, C) FFN norm output (pre-LN: of sum1; post-LN: of sum2 = layer output)
    float* n2_mean = nullptr;  // (N)
    float* n2_rstd = nullptr;  // (N)
    float* h1 = nullptr;       // (N, F) w1 x (+ b1)
    float* h3 = nullptr;       // (N, F) w3 x (+ b3), SwiGLU only
    float* h1exp = nullptr;    // (N, F) exp(-h1), SwiGLU only (its backward's sigmoid)
    float* hact = nullptr;     // (N, F) activation(h1) or silu(h1) h3 (w2's input)
    float* sum2 = nullptr;     // (N, C) FFN input + FFN branch
};

struct Activations {
    int B = 0, T = 0;
    std::uint64_t capacity = 0;  // floats in block
    float* block = nullptr;
    std::vector<LayerActs> layer;
    float* x0 = nullptr;        // (N, C) embedding (+ positions): layer 0's input
    float* lnf = nullptr;       // (N, C) final norm output
    float* lnf_mean = nullptr;  // (N)
    float* lnf_rstd = nullptr;  // (N)
    float* logits = nullptr;    // (N, V)
    float* probs = nullptr;     // (N, V) softmax(logits)
    float* losses = nullptr;    // (N) -log probs[target], 0 where ignored

    // Forward scratch.
    float* q_tok = nullptr;       // (N, HD) ain wq^T (+ bq), before the heads are split
    float* k_tok = nullptr;       // (N, KV)
    float* v_tok = nullptr;       // (N, KV)
    float* q_heads = nullptr;     // (B, H, T, D) q before RoPE (RoPE models only)
    float* k_heads = nullptr;     // (B, Hkv, T, D) k before RoPE (RoPE models only)
    float* atto_heads = nullptr;  // (B, H, T, D) attention output, head-major
    float* branch = nullptr;      // (N, C) a branch's output, before the residual add

    // Backward scratch: gradients, each zeroed before the kernels add into it.
    float* dlogits = nullptr;      // (N, V)
    float* dlnf = nullptr;         // (N, C) d final norm output
    float* dres = nullptr;         // (N, C) d residual stream at the point the backward has reached
    float* dbranch_in = nullptr;   // (N, C) d the input of the branch being differentiated
    float* dnorm_in = nullptr;     // (N, C) post-LN: d sum2, the FFN norm's input
    float* dbranch_out = nullptr;  // (N, C) dropout: d a branch's output before its dropout
    float* dembed = nullptr;       // (N, C) dropout: d the embedding sum before its dropout
    float* dhact = nullptr;        // (N, F) d hact
    float* dh1 = nullptr;          // (N, F)
    float* dh3 = nullptr;          // (N, F) SwiGLU only
    float* datty = nullptr;        // (N, HD) d atty, token-major
    float* datty_heads = nullptr;  // (B, H, T, D) the same, head-major
    float* dq_rot = nullptr;       // (B, H, T, D) d q after RoPE (RoPE models only)
    float* dk_rot = nullptr;       // (B, Hkv, T, D) d k after RoPE (RoPE models only)
    float* dq_heads = nullptr;     // (B, H, T, D) d q before RoPE
    float* dk_heads = nullptr;     // (B, Hkv, T, D)
    float* dv_heads = nullptr;     // (B, Hkv, T, D)
    float* dq_tok = nullptr;       // (N, HD)
    float* dk_tok = nullptr;       // (N, KV)
    float* dv_tok = nullptr;       // (N, KV)
    float* att_scratch = nullptr;  // the attention kernels' own (ops.h's attention_*_scratch)

    // Position tables (T rows of the current T).
    float* rope_cos = nullptr;  // (T, D/2)
    float* rope_sin = nullptr;  // (T, D/2)
    float* sinusoid = nullptr;  // (T, C)
    float* slopes = nullptr;    // (H) ALiBi

    ~Activations() { std::free(block); }
};

// Points every array of a (base == nullptr: only counts) for (B, T); returns floats used.
std::uint64_t carve_activations(Activations* a, float* base, const TrainConfig& c, int B, int T);

// Makes a hold (B, T): the block grows only for a larger need, the arrays are
// carved and the position tables filled (nothing to do when a already holds
// this (B, T)). OutOfMemory when the block cannot grow.
model::Outcome size_activations(Activations* a, const TrainConfig& c, int B, int T);

}  // namespace attnscope::train
