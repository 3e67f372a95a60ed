// Embind for the selective scan and its convolution kernel (selective_scan.h).
// Conversion only: absent optional inputs arrive as address 0.
#include <emscripten/bind.h>
#include <cstdint>
#include "attnscope/selective_scan.h"

using namespace attnscope;
using Ptr = std::uintptr_t;

namespace {

float* F(Ptr p) { return reinterpret_cast<float*>(p); }

// Sizes and switches as web/lib passes them (every field set; enums as their
// codes, spelled by enums.js's SCAN_INPUT and DISCRETIZATION).
struct ScanArgs {
    int L, Dch, N;
    int b, c;  // ScanInput of B and C
    bool deltaSoftplus;
    int discretization;
};

int selective_scan_b(Ptr out, Ptr states, Ptr u, Ptr delta, Ptr A, Ptr B, Ptr C, Ptr D, Ptr z, Ptr bias,
                     const ScanArgs& a, Ptr b_used, Ptr c_used) {
    SelectiveScanParams p;
    p.L = a.L; p.Dch = a.Dch; p.N = a.N;
    p.b = static_cast<ScanInput>(a.b); p.c = static_cast<ScanInput>(a.c);
    p.delta_softplus = a.deltaSoftplus;
    p.discretization = static_cast<Discretization>(a.discretization);
    return static_cast<int>(selective_scan(F(out), F(states), F(u), F(delta), F(A), F(B), F(C), F(D), F(z), F(bias), p,
                                           F(b_used), F(c_used)));
}

int ssm_kernel_b(Ptr K, Ptr delta, Ptr A, Ptr B, Ptr C, int length, int Dch, int N) {
    return static_cast<int>(ssm_convolution_kernel(F(K), F(delta), F(A), F(B), F(C), length, Dch, N));
}

}  // namespace

EMSCRIPTEN_BINDINGS(ssm) {
    emscripten::value_object<ScanArgs>("ScanArgs")
        .field("L", &ScanArgs::L).field("Dch", &ScanArgs::Dch).field("N", &ScanArgs::N)
        .field("b", &ScanArgs::b).field("c", &ScanArgs::c)
        .field("deltaSoftplus", &ScanArgs::deltaSoftplus).field("discretization", &ScanArgs::discretization);
    emscripten::function("selectiveScan", &selective_scan_b);
    emscripten::function("ssmConvolutionKernel", &ssm_kernel_b);
}
