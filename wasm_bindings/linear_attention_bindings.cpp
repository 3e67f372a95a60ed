// Embind for linear attention (linear_attention.h): one options object in,
// a status code out. Conversion only.
#include <emscripten/bind.h>
#include <cstdint>
#include "attnscope/linear_attention.h"

using namespace attnscope;
using Ptr = std::uintptr_t;

namespace {

float* F(Ptr p) { return reinterpret_cast<float*>(p); }

// Linear attention options as web/lib passes them (every field set).
struct LinearArgs {
    int B, H, Nq, Nk, D, Dv, featureMap, features, form;
    bool causal;
    float eps;
    bool normalize;
};

int linear_attention_b(Ptr out, Ptr q, Ptr k, Ptr v, Ptr projection, const LinearArgs& a) {
    LinearAttentionParams p;
    p.B = a.B; p.H = a.H; p.Nq = a.Nq; p.Nk = a.Nk; p.D = a.D; p.Dv = a.Dv;
    p.feature_map = static_cast<FeatureMap>(a.featureMap);
    p.features = a.features;
    p.form = static_cast<LinearForm>(a.form);
    p.causal = a.causal;
    p.eps = a.eps;
    p.normalize = a.normalize;
    return static_cast<int>(linear_attention(F(out), F(q), F(k), F(v), F(projection), p));
}

// seed arrives as a double holding an integer in [0, 2^53).
void performer_projection_b(Ptr out, int m, int D, double seed) {
    performer_projection(F(out), m, D, static_cast<std::uint64_t>(seed));
}

}  // namespace

EMSCRIPTEN_BINDINGS(linear_attention) {
    emscripten::value_object<LinearArgs>("LinearArgs")
        .field("B", &LinearArgs::B).field("H", &LinearArgs::H)
        .field("Nq", &LinearArgs::Nq).field("Nk", &LinearArgs::Nk)
        .field("D", &LinearArgs::D).field("Dv", &LinearArgs::Dv)
        .field("featureMap", &LinearArgs::featureMap).field("features", &LinearArgs::features)
        .field("form", &LinearArgs::form).field("causal", &LinearArgs::causal)
        .field("eps", &LinearArgs::eps).field("normalize", &LinearArgs::normalize);
    emscripten::function("linearAttention", &linear_attention_b);
    emscripten::function("performerProjection", &performer_projection_b);
}
