// Embind registrations: pointers arrive as byte addresses (uintptr_t) of
// buffers web/lib allocated with _malloc; results go back as status codes.
// Conversion only: validation lives in web/lib, maths in cpp/.
#include <emscripten/bind.h>
#include <cstdint>
#include "attnscope/activation.h"
#include "attnscope/attention.h"
#include "attnscope/matmul.h"
#include "attnscope/norm.h"
#include "attnscope/position.h"
#include "attnscope/simd.h"
#include "attnscope/softmax.h"

using namespace attnscope;
using emscripten::function;
using Ptr = std::uintptr_t;

namespace {

float* F(Ptr p) { return reinterpret_cast<float*>(p); }
const int* I(Ptr p) { return reinterpret_cast<const int*>(p); }

// Attention options as JS passes them (one plain object, every field set).
struct AttentionArgs {
    int B, H, Hkv, Nq, Nk, D, Dv, kind, window;
    float scale, temperature, eps;
    bool causal, alibi;
    Ptr mask_allow, mask_add;
    double stride_b, stride_h, stride_q, stride_k;
};

AttentionParams to_params(const AttentionArgs& a) {
    AttentionParams p;
    p.B = a.B; p.H = a.H; p.Hkv = a.Hkv; p.Nq = a.Nq; p.Nk = a.Nk; p.D = a.D; p.Dv = a.Dv;
    p.scale = a.scale; p.temperature = a.temperature; p.eps = a.eps;
    p.kind = static_cast<AttentionKind>(a.kind);
    p.causal = a.causal; p.window = a.window; p.alibi = a.alibi;
    return p;
}

MaskView to_mask(const AttentionArgs& a) {
    MaskView m;
    m.allow = reinterpret_cast<const std::uint8_t*>(a.mask_allow);
    m.add = reinterpret_cast<const float*>(a.mask_add);
    m.stride_b = static_cast<long>(a.stride_b); m.stride_h = static_cast<long>(a.stride_h);
    m.stride_q = static_cast<long>(a.stride_q); m.stride_k = static_cast<long>(a.stride_k);
    return m;
}

int attention_b(Ptr out, Ptr weights, Ptr q, Ptr k, Ptr v, const AttentionArgs& a) {
    return static_cast<int>(attention(F(out), F(weights), F(q), F(k), F(v), to_mask(a), to_params(a)));
}
int flash_b(Ptr out, Ptr q, Ptr k, Ptr v, const AttentionArgs& a) {
    return static_cast<int>(flash_attention(F(out), F(q), F(k), F(v), to_mask(a), to_params(a)));
}
void matmul_b(Ptr out, Ptr a, Ptr b, Ptr ai, Ptr bi, int batch, int M, int K, int N) {
    matmul_batched(F(out), F(a), F(b), I(ai), I(bi), batch, M, K, N);
}
void softmax_b(Ptr out, Ptr x, int rows, int cols, float t) { softmax(F(out), F(x), rows, cols, t); }
void layer_norm_b(Ptr out, Ptr x, Ptr w, Ptr b, int rows, int C, float eps) {
    layer_norm(F(out), F(x), F(w), F(b), rows, C, eps);
}
void rms_norm_b(Ptr out, Ptr x, Ptr w, int rows, int C, float eps) { rms_norm(F(out), F(x), F(w), rows, C, eps); }
void l2_normalize_b(Ptr out, Ptr x, int rows, int C, float eps) { l2_normalize(F(out), F(x), rows, C, eps); }
void gelu_b(Ptr out, Ptr x, double n) { gelu(F(out), F(x), static_cast<long>(n)); }
void gelu_tanh_b(Ptr out, Ptr x, double n) { gelu_tanh(F(out), F(x), static_cast<long>(n)); }
void relu_b(Ptr out, Ptr x, double n) { relu(F(out), F(x), static_cast<long>(n)); }
void silu_b(Ptr out, Ptr x, double n) { silu(F(out), F(x), static_cast<long>(n)); }
void sinusoidal_b(Ptr out, int T, int C, float base) { sinusoidal_encoding(F(out), T, C, base); }
void rope_freq_b(Ptr c, Ptr s, int T, int D, float base, int offset) { rope_frequencies(F(c), F(s), T, D, base, offset); }
void apply_rope_b(Ptr out, Ptr x, int B, int T, int D, float base, int layout, int offset) {
    apply_rope(F(out), F(x), B, T, D, base, static_cast<RopeLayout>(layout), offset);
}
void alibi_b(Ptr out, int H) { alibi_slopes(F(out), H); }
std::string arch_b() { return simd_arch_name(); }

}  // namespace

EMSCRIPTEN_BINDINGS(attnscope) {
    emscripten::value_object<AttentionArgs>("AttentionArgs")
        .field("B", &AttentionArgs::B).field("H", &AttentionArgs::H)
        .field("Hkv", &AttentionArgs::Hkv).field("Nq", &AttentionArgs::Nq)
        .field("Nk", &AttentionArgs::Nk).field("D", &AttentionArgs::D).field("Dv", &AttentionArgs::Dv)
        .field("kind", &AttentionArgs::kind).field("window", &AttentionArgs::window)
        .field("scale", &AttentionArgs::scale).field("temperature", &AttentionArgs::temperature)
        .field("eps", &AttentionArgs::eps).field("causal", &AttentionArgs::causal)
        .field("alibi", &AttentionArgs::alibi).field("maskAllow", &AttentionArgs::mask_allow)
        .field("maskAdd", &AttentionArgs::mask_add).field("strideB", &AttentionArgs::stride_b)
        .field("strideH", &AttentionArgs::stride_h).field("strideQ", &AttentionArgs::stride_q)
        .field("strideK", &AttentionArgs::stride_k);
    function("attention", &attention_b);
    function("flashAttention", &flash_b);
    function("matmul", &matmul_b);
    function("softmax", &softmax_b);
    function("layerNorm", &layer_norm_b);
    function("rmsNorm", &rms_norm_b);
    function("l2Normalize", &l2_normalize_b);
    function("gelu", &gelu_b);
    function("geluTanh", &gelu_tanh_b);
    function("relu", &relu_b);
    function("silu", &silu_b);
    function("sinusoidalEncoding", &sinusoidal_b);
    function("ropeFrequencies", &rope_freq_b);
    function("applyRope", &apply_rope_b);
    function("alibiSlopes", &alibi_b);
    function("simdArch", &arch_b);
}
