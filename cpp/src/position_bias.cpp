// ALiBi and T5 biases over (H, Nq, Nk), learned absolute positions.
#include "attnscope/position_bias.h"
#include <algorithm>
#include <cmath>
#include <cstdint>
#include "attention_common.h"
#include "attnscope/matmul.h"
#include "attnscope/position.h"

namespace attnscope {

namespace {

long plane(int Nq, int Nk) { return static_cast<long>(Nq) * Nk; }

// e of the formula in position_bias.h; 0 when num_buckets is too small.
int exact_buckets(bool bidirectional, int num_buckets) {
    return (bidirectional ? num_buckets / 2 : num_buckets) / 2;
}

int t5_bucket(int rp, bool bidirectional, int num_buckets, int max_distance) {
    int n = num_buckets, bucket = 0;
    std::int64_t a;  // |INT_MIN| fits no int (and no long on wasm32)
    if (bidirectional) {
        n /= 2;
        bucket = rp > 0 ? n : 0;
        a = std::abs(static_cast<std::int64_t>(rp));
    } else {
        a = std::max(-static_cast<std::int64_t>(rp), std::int64_t{0});
    }
    const int e = n / 2;
    if (a < e) return bucket + static_cast<int>(a);
    // Float32 in HF's order, so the buckets at the edges round as theirs do:
    // log(a.float() / e) / log(max_distance / e) * (n - e), truncated.
    const float ratio = static_cast<float>(a) / static_cast<float>(e);
    const float denom = static_cast<float>(std::log(static_cast<double>(max_distance) / e));
    const float large = std::log(ratio) / denom * static_cast<float>(n - e);
    return bucket + std::min(n - 1, e + static_cast<int>(large));
}

}  // namespace

Status alibi_bias(float* out, int H, int Nq, int Nk) {
    if (H < 1 || Nq < 0 || Nk < 0) return Status::InvalidArgument;
    detail::Scratch slopes(H);
    if (!slopes.p) return Status::OutOfMemory;
    alibi_slopes(slopes.p, H);
    for (int h = 0; h < H; ++h)
        for (int i = 0; i < Nq; ++i) {
            const int ip = i + Nk - Nq;
            float* o = out + h * plane(Nq, Nk) + static_cast<long>(i) * Nk;
            for (int j = 0; j < Nk; ++j) o[j] = -slopes.p[h] * static_cast<float>(std::abs(j - ip));
        }
    return Status::Ok;
}

Status t5_relative_position_bucket(int* out, const int* rel, long count, bool bidirectional,
                                   int num_buckets, int max_distance) {
    const int e = exact_buckets(bidirectional, num_buckets);
    if (count < 0 || e < 1 || max_distance <= e) return Status::InvalidArgument;
    for (long x = 0; x < count; ++x) out[x] = t5_bucket(rel[x], bidirectional, num_buckets, max_distance);
    return Status::Ok;
}

Status t5_relative_bias(float* out, const float* table, int H, int Nq, int Nk, bool bidirectional,
                        int num_buckets, int max_distance) {
    const int e = exact_buckets(bidirectional, num_buckets);
    if (H < 1 || Nq < 0 || Nk < 0 || e < 1 || max_distance <= e) return Status::InvalidArgument;
    for (int i = 0; i < Nq; ++i) {
        const int ip = i + Nk - Nq;
        for (int j = 0; j < Nk; ++j) {
            const float* entry = table + static_cast<long>(t5_bucket(j - ip, bidirectional, num_buckets, max_distance)) * H;
            for (int h = 0; h < H; ++h) out[h * plane(Nq, Nk) + static_cast<long>(i) * Nk + j] = entry[h];
        }
    }
    return Status::Ok;
}

Status add_position_embeddings(float* out, const float* x, const float* table, int B, int T, int C,
                               int L, int offset) {
    if (B < 0 || T < 0 || C < 0 || offset < 0 || static_cast<long>(offset) + T > L)
        return Status::InvalidArgument;
    for (int b = 0; b < B; ++b)
        for (int t = 0; t < T; ++t) {
            const long r = (static_cast<long>(b) * T + t) * C;
            if (out != x) std::copy(x + r, x + r + C, out + r);
            axpy(out + r, 1.f, table + static_cast<long>(t + offset) * C, C);
        }
    return Status::Ok;
}

}  // namespace attnscope
