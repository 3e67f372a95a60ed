// Embind for the mask builders and the position biases (masks.h,
// position_bias.h). Pointers are byte addresses of buffers web/lib
// allocated; results return as status codes. Conversion only.
#include <emscripten/bind.h>
#include <cstdint>
#include "attnscope/masks.h"
#include "attnscope/position_bias.h"

using namespace attnscope;
using Ptr = std::uintptr_t;

namespace {

std::uint8_t* U8(Ptr p) { return reinterpret_cast<std::uint8_t*>(p); }
float* F(Ptr p) { return reinterpret_cast<float*>(p); }
int* I(Ptr p) { return reinterpret_cast<int*>(p); }
int status(Status s) { return static_cast<int>(s); }

int causal_b(Ptr out, int Nq, int Nk) { return status(causal_mask(U8(out), Nq, Nk)); }
int window_b(Ptr out, int Nq, int Nk, int w, bool causal) {
    return status(sliding_window_mask(U8(out), Nq, Nk, w, causal));
}
int strided_b(Ptr out, int N, int stride) { return status(strided_mask(U8(out), N, stride)); }
int global_b(Ptr out, int N, Ptr global, int G, bool causal) {
    return status(global_tokens_mask(U8(out), N, I(global), G, causal));
}
// seed arrives as a double holding an integer in [0, 2^53).
int big_bird_b(Ptr out, int N, int w, Ptr global, int G, int r, double seed) {
    return status(big_bird_mask(U8(out), N, w, I(global), G, r, static_cast<std::uint64_t>(seed)));
}
void combine_b(Ptr out, Ptr a, Ptr b, double n, int how) {
    combine_masks(U8(out), U8(a), U8(b), static_cast<long>(n), static_cast<MaskCombine>(how));
}
int alibi_bias_b(Ptr out, int H, int Nq, int Nk) { return status(alibi_bias(F(out), H, Nq, Nk)); }
int t5_bucket_b(Ptr out, Ptr rel, double n, bool bi, int nb, int md) {
    return status(t5_relative_position_bucket(I(out), I(rel), static_cast<long>(n), bi, nb, md));
}
int t5_bias_b(Ptr out, Ptr table, int H, int Nq, int Nk, bool bi, int nb, int md) {
    return status(t5_relative_bias(F(out), F(table), H, Nq, Nk, bi, nb, md));
}
int add_pos_b(Ptr out, Ptr x, Ptr table, int B, int T, int C, int L, int offset) {
    return status(add_position_embeddings(F(out), F(x), F(table), B, T, C, L, offset));
}

}  // namespace

EMSCRIPTEN_BINDINGS(masks) {
    emscripten::function("causalMask", &causal_b);
    emscripten::function("slidingWindowMask", &window_b);
    emscripten::function("stridedMask", &strided_b);
    emscripten::function("globalTokensMask", &global_b);
    emscripten::function("bigBirdMask", &big_bird_b);
    emscripten::function("combineMasks", &combine_b);
    emscripten::function("alibiBias", &alibi_bias_b);
    emscripten::function("t5RelativePositionBucket", &t5_bucket_b);
    emscripten::function("t5RelativeBias", &t5_bias_b);
    emscripten::function("addPositionEmbeddings", &add_pos_b);
}
