// Table lookups, residual adds and the head permutations (ops.h).
#include <cstring>
#include "attnscope/train/ops.h"
#include "vec.h"

namespace attnscope::train {

using Z = std::size_t;

void embedding_forward(float* out, const std::int32_t* ids, const float* table, int N, int C, float scale) {
    for (int n = 0; n < N; ++n) {
        if (scale == 1.f) std::memcpy(out + Z(n) * C, table + Z(ids[n]) * C, sizeof(float) * C);
        else vec::scaled(out + Z(n) * C, table + Z(ids[n]) * C, scale, C);
    }
}

void embedding_backward(float* dtable, const float* dout, const std::int32_t* ids, int N, int C, float scale) {
    for (int n = 0; n < N; ++n) {
        float* d = dtable + Z(ids[n]) * C;
        if (scale == 1.f) vec::add_to(d, dout + Z(n) * C, C);
        else vec::add_scaled(d, dout + Z(n) * C, scale, C);
    }
}

void positions_forward(float* x, const float* table, int B, int T, int C) {
    for (int b = 0; b < B; ++b)
        for (Z i = 0; i < Z(T) * C; ++i) x[Z(b) * T * C + i] += table[i];
}

void positions_backward(float* dtable, const float* dx, int B, int T, int C) {
    for (int b = 0; b < B; ++b)
        for (Z i = 0; i < Z(T) * C; ++i) dtable[i] += dx[Z(b) * T * C + i];
}

void residual_forward(float* y, const float* a, const float* b, int n) { vec::sum_of(y, a, b, n); }

void split_heads(float* out, const float* x, int B, int T, int heads, int D) {
    for (int b = 0; b < B; ++b)
        for (int t = 0; t < T; ++t)
            for (int h = 0; h < heads; ++h)
                std::memcpy(out + ((Z(b) * heads + h) * T + t) * D, x + ((Z(b) * T + t) * heads + h) * D,
                            sizeof(float) * D);
}

void merge_heads(float* out, const float* x, int B, int T, int heads, int D) {
    for (int b = 0; b < B; ++b)
        for (int t = 0; t < T; ++t)
            for (int h = 0; h < heads; ++h)
                std::memcpy(out + ((Z(b) * T + t) * heads + h) * D, x + ((Z(b) * heads + h) * T + t) * D,
                            sizeof(float) * D);
}

}  // namespace attnscope::train
