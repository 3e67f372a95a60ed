// Storage and bookkeeping of the KV cache; the attention reads it through
// kv_cache_read (one contiguous (B, Hkv, len, D) copy per call).
#include "attnscope/kv_cache.h"
#include <cstdlib>
#include <cstring>
#include <new>

namespace attnscope {

namespace {

// Offset of (layer, b, h, t=0, d=0) in k or v.
std::size_t head_offset(const KVCache& c, int layer, int b, int h) {
    return ((static_cast<std::size_t>(layer) * c.B + b) * c.Hkv + h) *
           static_cast<std::size_t>(c.max_T) * c.D;
}

}  // namespace

KVCache* kv_cache_create(int n_layers, int B, int Hkv, int D, int max_T) {
    if (n_layers <= 0 || B <= 0 || Hkv <= 0 || D <= 0 || max_T <= 0) return nullptr;
    const std::uint64_t floats = static_cast<std::uint64_t>(n_layers) * B * Hkv * max_T * D;
    if (floats > SIZE_MAX / sizeof(float)) return nullptr;
    KVCache* c = new (std::nothrow) KVCache;
    if (!c) return nullptr;
    c->n_layers = n_layers, c->B = B, c->Hkv = Hkv, c->D = D, c->max_T = max_T;
    c->k = static_cast<float*>(std::malloc(floats * sizeof(float)));
    c->v = static_cast<float*>(std::malloc(floats * sizeof(float)));
    c->length = static_cast<int*>(std::calloc(n_layers, sizeof(int)));
    if (!c->k || !c->v || !c->length) {
        kv_cache_destroy(c);
        return nullptr;
    }
    return c;
}

void kv_cache_destroy(KVCache* c) {
    if (!c) return;
    std::free(c->k);
    std::free(c->v);
    std::free(c->length);
    delete c;
}

void kv_cache_reset(KVCache* c) {
    for (int l = 0; l < c->n_layers; ++l) c->length[l] = 0;
}

std::uint64_t kv_cache_bytes(const KVCache& c) {
    return 2ull * c.n_layers * c.B * c.Hkv * c.max_T * c.D * sizeof(float);
}

Status kv_cache_append(KVCache* c, int layer, const float* k_new, const float* v_new, int T) {
    if (layer < 0 || layer >= c->n_layers || T < 0) return Status::InvalidArgument;
    const int len = c->length[layer];
    if (T > c->max_T - len) return Status::InvalidArgument;
    if (T == 0) return Status::Ok;
    const std::size_t row = static_cast<std::size_t>(c->D), block = row * T;
    for (int b = 0; b < c->B; ++b)
        for (int h = 0; h < c->Hkv; ++h) {
            const std::size_t dst = head_offset(*c, layer, b, h) + row * len;
            const std::size_t src = (static_cast<std::size_t>(b) * c->Hkv + h) * block;
            std::memcpy(c->k + dst, k_new + src, block * sizeof(float));
            std::memcpy(c->v + dst, v_new + src, block * sizeof(float));
        }
    c->length[layer] = len + T;
    return Status::Ok;
}

void kv_cache_read(float* k_out, float* v_out, const KVCache& c, int layer) {
    const std::size_t block = static_cast<std::size_t>(c.D) * c.length[layer];
    if (block == 0) return;
    for (int b = 0; b < c.B; ++b)
        for (int h = 0; h < c.Hkv; ++h) {
            const std::size_t src = head_offset(c, layer, b, h);
            const std::size_t dst = (static_cast<std::size_t>(b) * c.Hkv + h) * block;
            std::memcpy(k_out + dst, c.k + src, block * sizeof(float));
            std::memcpy(v_out + dst, c.v + src, block * sizeof(float));
        }
}

}  // namespace attnscope
