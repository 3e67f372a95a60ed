// Key/value cache for decoding: the keys and values (after RoPE) of every
// token seen so far, per layer, so a new token attends to them without
// recomputing their projections.
// Legend: L layers, B batch, Hkv key/value heads, Tmax capacity, D head dim.
//   k, v (L, B, Hkv, Tmax, D); length[l] tokens of layer l are valid.
// Its size, 2·L·B·Hkv·Tmax·D floats, shrinks with Hkv: GQA and MQA exist for it.
#pragma once
#include <cstdint>
#include "attnscope/status.h"

namespace attnscope {

struct KVCache {
    int n_layers = 0, B = 1, Hkv = 0, D = 0, max_T = 0;
    float* k = nullptr;     // (L, B, Hkv, Tmax, D)
    float* v = nullptr;     // (L, B, Hkv, Tmax, D)
    int* length = nullptr;  // (L)
};

// A new empty cache, or nullptr when a size is not positive or malloc fails.
// Free it with kv_cache_destroy.
KVCache* kv_cache_create(int n_layers, int B, int Hkv, int D, int max_T);
void kv_cache_destroy(KVCache* c);  // null is fine

// Forgets every token (lengths back to 0; memory kept).
void kv_cache_reset(KVCache* c);

// Bytes of key/value storage: 2·L·B·Hkv·Tmax·D·4.
std::uint64_t kv_cache_bytes(const KVCache& c);

// Appends k_new, v_new (B, Hkv, T, D) at positions [len, len + T) of `layer`.
// InvalidArgument (nothing written) when layer is out of range or len + T > Tmax.
Status kv_cache_append(KVCache* c, int layer, const float* k_new, const float* v_new, int T);

// Copies the layer's valid tokens out contiguously: k_out, v_out (B, Hkv, len, D).
void kv_cache_read(float* k_out, float* v_out, const KVCache& c, int layer);

}  // namespace attnscope
