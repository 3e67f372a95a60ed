// Causal multi-head attention with GQA/MQA and optional ALiBi, forward and
// backward, one (batch, head) at a time on the core's matmul kernels (ops.h).
#include <cmath>
#include <cstring>
#include "attnscope/matmul.h"
#include "attnscope/model/kernels.h"
#include "attnscope/train/ops.h"

namespace attnscope::train {
namespace {

using Z = std::size_t;

// Row i of scores (T) -> softmax over j <= i of scale s_ij - slope (i - j); zero after i.
void causal_softmax_row(float* s, int i, int T, float scale, float slope) {
    float m = -INFINITY;
    for (int j = 0; j <= i; ++j) {
        s[j] = s[j] * scale - slope * static_cast<float>(i - j);
        m = s[j] > m ? s[j] : m;
    }
    float sum = 0.f;
    for (int j = 0; j <= i; ++j) {
        s[j] = model::exp_f32(s[j] - m);
        sum += s[j];
    }
    const float inv = 1.f / sum;
    for (int j = 0; j <= i; ++j) s[j] *= inv;
    for (int j = i + 1; j < T; ++j) s[j] = 0.f;
}

}  // namespace

void attention_forward(float* out, float* att, const float* q, const float* k, const float* v,
                       const float* slopes, int B, int T, int H, int Hkv, int D) {
    const int group = H / Hkv;
    const float scale = 1.f / std::sqrt(static_cast<float>(D));
    for (int b = 0; b < B; ++b)
        for (int h = 0; h < H; ++h) {
            const Z qo = (Z(b) * H + h) * T * D, kvo = (Z(b) * Hkv + h / group) * T * D;
            float* a = att + (Z(b) * H + h) * T * T;
            matmul_nt(a, q + qo, k + kvo, T, D, T);  // q k^T (the upper triangle is discarded)
            for (int i = 0; i < T; ++i) causal_softmax_row(a + Z(i) * T, i, T, scale, slopes ? slopes[h] : 0.f);
            matmul(out + qo, a, v + kvo, T, T, D);
        }
}

void attention_backward(float* dq, float* dk, float* dv, float* scratch, const float* dout,
                        const float* att, const float* q, const float* k, const float* v, int B,
                        int T, int H, int Hkv, int D) {
    const int group = H / Hkv;
    const float scale = 1.f / std::sqrt(static_cast<float>(D));
    float* ds = scratch;               // (T, T): datt, then the score gradient
    float* tmp = scratch + Z(T) * T;   // (T, D)
    std::memset(dk, 0, sizeof(float) * Z(B) * Hkv * T * D);
    std::memset(dv, 0, sizeof(float) * Z(B) * Hkv * T * D);
    for (int b = 0; b < B; ++b)
        for (int h = 0; h < H; ++h) {
            const Z qo = (Z(b) * H + h) * T * D, kvo = (Z(b) * Hkv + h / group) * T * D;
            const float* a = att + (Z(b) * H + h) * T * T;
            matmul_nt(ds, dout + qo, v + kvo, T, D, T);  // datt = dout v^T
            for (int i = 0; i < T; ++i) {               // softmax backward, times the 1/sqrt(D) scale
                float* d = ds + Z(i) * T;
                const float* ar = a + Z(i) * T;
                float dot = 0.f;
                for (int j = 0; j <= i; ++j) dot += ar[j] * d[j];
                for (int j = 0; j <= i; ++j) d[j] = ar[j] * (d[j] - dot) * scale;
                for (int j = i + 1; j < T; ++j) d[j] = 0.f;
            }
            matmul(dq + qo, ds, k + kvo, T, T, D);       // dq = ds k
            matmul_tn(tmp, ds, q + qo, T, T, D);         // dk += ds^T q
            for (Z i = 0; i < Z(T) * D; ++i) dk[kvo + i] += tmp[i];
            matmul_tn(tmp, a, dout + qo, T, T, D);       // dv += att^T dout
            for (Z i = 0; i < Z(T) * D; ++i) dv[kvo + i] += tmp[i];
        }
}

}  // namespace attnscope::train
