// Embind for the selective scan and its convolution kernel (selective_scan.h).
// Conversion only: absent optional inputs arrive as address 0.
#include <emscripten/bind.h>
#include <cstdint>
#include "attnscope/selective_scan.h"

using namespace attnscope;
using Ptr = std::uintptr_t;

namespace {

float* F(Ptr p) { return reinterpret_cast<float*>(p); }

// Sizes and switches as web/lib passes them (every field set).
struct ScanArgs {
    int L, Dch, N;
    bool bVaries, cVaries, deltaSoftplus;
};

int selective_scan_b(Ptr out, Ptr states, Ptr u, Ptr delta, Ptr A, Ptr B, Ptr C, Ptr D, Ptr z, Ptr bias,
                     const ScanArgs& a) {
    SelectiveScanParams p;
    p.L = a.L; p.Dch = a.Dch; p.N = a.N;
    p.b_varies = a.bVaries; p.c_varies = a.cVaries; p.delta_softplus = a.deltaSoftplus;
    return static_cast<int>(selective_scan(F(out), F(states), F(u), F(delta), F(A), F(B), F(C), F(D), F(z), F(bias), p));
}

int ssm_kernel_b(Ptr K, Ptr delta, Ptr A, Ptr B, Ptr C, int length, int Dch, int N) {
    return static_cast<int>(ssm_convolution_kernel(F(K), F(delta), F(A), F(B), F(C), length, Dch, N));
}

}  // namespace

EMSCRIPTEN_BINDINGS(ssm) {
    emscripten::value_object<ScanArgs>("ScanArgs")
        .field("L", &ScanArgs::L).field("Dch", &ScanArgs::Dch).field("N", &ScanArgs::N)
        .field("bVaries", &ScanArgs::bVaries).field("cVaries", &ScanArgs::cVaries)
        .field("deltaSoftplus", &ScanArgs::deltaSoftplus);
    emscripten::function("selectiveScan", &selective_scan_b);
    emscripten::function("ssmConvolutionKernel", &ssm_kernel_b);
}
