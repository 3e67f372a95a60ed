// Projections, heads, qk-norm, RoPE, the KV cache, attention, output
// projection: multi-head attention read top to bottom.
#include "attnscope/multi_head_attention.h"
#include <algorithm>
#include <cmath>
#include <cstring>
#include <initializer_list>
#include "attnscope/linear.h"
#include "attnscope/matmul.h"
#include "attnscope/norm.h"
#include "block_parts.h"
#include "buffer.h"

namespace attnscope {

namespace {

// heads (B,Hn,N,D) <- tok (B,N,Hn*D) + bias (Hn*D; may be null): the
// projection's bias added in the copy.
void to_heads(float* heads, const float* tok, const float* bias, int B, int N, int Hn, int D) {
    for (long b = 0; b < B; ++b)
        for (long t = 0; t < N; ++t)
            for (long h = 0; h < Hn; ++h) {
                float* dst = heads + ((b * Hn + h) * N + t) * D;
                const float* src = tok + ((b * N + t) * Hn + h) * D;
                if (bias) add_biased(dst, src, nullptr, bias + h * D, 1, D);
                else std::memcpy(dst, src, sizeof(float) * D);
            }
}

// tok (B,N,Hn*D) <- heads (B,Hn,N,D)
void from_heads(float* tok, const float* heads, int B, int N, int Hn, int D) {
    for (long b = 0; b < B; ++b)
        for (long t = 0; t < N; ++t)
            for (long h = 0; h < Hn; ++h)
                std::memcpy(tok + ((b * N + t) * Hn + h) * D, heads + ((b * Hn + h) * N + t) * D,
                            sizeof(float) * D);
}

// qk-norm of x (rows, D) in place, then times weight (D) when given.
void qk_normalize(float* x, long rows, int D, QkNorm kind, const float* weight) {
    if (kind == QkNorm::Rms) {
        rms_norm(x, x, weight, static_cast<int>(rows), D, kQkRmsEps);
    } else if (kind == QkNorm::L2) {
        l2_normalize(x, x, static_cast<int>(rows), D, kQkL2Eps);
        if (weight)
            for (long r = 0; r < rows; ++r) multiply(x + r * D, x + r * D, weight, D);
    }
}

Status check(const MhaWeights& w, const MhaConfig& c, const float* memory, const KVCache* cache,
             int layer) {
    if (c.B < 0 || c.T < 0 || c.S < 0 || c.C <= 0 || c.H <= 0 || c.Hkv <= 0) return Status::InvalidArgument;
    if (c.C % c.H != 0 || c.H % c.Hkv != 0) return Status::InvalidArgument;
    if (!w.wq || !w.wk || !w.wv || !w.wo) return Status::InvalidArgument;
    if (c.cross && (!memory || c.rope || cache)) return Status::InvalidArgument;
    if (c.rope && ((c.C / c.H) % 2 != 0 || c.position_offset < 0)) return Status::InvalidArgument;
    const int norm = static_cast<int>(c.qk_norm);
    if (norm < 0 || norm > static_cast<int>(QkNorm::L2)) return Status::InvalidArgument;
    if (!cache) return Status::Ok;
    if (layer < 0 || layer >= cache->n_layers) return Status::InvalidArgument;
    if (cache->B != c.B || cache->Hkv != c.Hkv || cache->D != c.C / c.H) return Status::InvalidArgument;
    const int len = cache->length[layer];
    if (c.position_offset != len || c.T > cache->max_T - len) return Status::InvalidArgument;
    return Status::Ok;
}

}  // namespace

Status multi_head_attention(float* out, const float* x, const float* memory, const MhaWeights& w,
                            const MhaConfig& cfg, const MaskView& mask, KVCache* cache, int layer,
                            const MhaTrace* trace) {
    return detail::multi_head_attention(out, x, memory, w, cfg, mask, cache, layer, trace, true);
}

Status detail::multi_head_attention(float* out, const float* x, const float* memory, const MhaWeights& w,
                                    const MhaConfig& cfg, const MaskView& mask, KVCache* cache, int layer,
                                    const MhaTrace* trace, bool add_out_bias) {
    if (Status s = check(w, cfg, memory, cache, layer); s != Status::Ok) return s;
    const int B = cfg.B, T = cfg.T, C = cfg.C, H = cfg.H, Hkv = cfg.Hkv, D = C / H;
    const int S = cfg.cross ? cfg.S : T;
    const int past = cache ? cache->length[layer] : 0, Tk = past + S;
    AttentionParams p = cfg.attn;
    p.B = B, p.H = H, p.Hkv = Hkv, p.Nq = T, p.Nk = Tk, p.D = D, p.Dv = D;
    if (cfg.default_scale) p.scale = 1.f / std::sqrt(static_cast<float>(D));
    if (Status s = check_attention_params(p); s != Status::Ok) return s;

    const MhaTrace none;
    const MhaTrace& tr = trace ? *trace : none;
    using U = std::uint64_t;
    const U nq = U(B) * T * H * D, nkv = U(B) * S * Hkv * D, nall = cache ? U(B) * Tk * Hkv * D : 0;
    detail::Buffer tok(nullptr, std::max(nq, nkv)), q(tr.q, nq), heads(tr.head_outputs, nq),
        concat(tr.concat, nq);
    // Without a cache the new keys are all the keys: project straight into the trace.
    detail::Buffer k_new(cache ? nullptr : tr.k, nkv), v_new(cache ? nullptr : tr.v, nkv);
    detail::Buffer k_all(tr.k, nall), v_all(tr.v, nall);
    for (const detail::Buffer* b : {&tok, &q, &heads, &concat, &k_new, &v_new, &k_all, &v_all})
        if (!b->ok()) return Status::OutOfMemory;

    matmul(tok.p, x, w.wq, B * T, C, H * D);
    to_heads(q.p, tok.p, w.bq, B, T, H, D);
    const float* src = cfg.cross ? memory : x;
    matmul(tok.p, src, w.wk, B * S, C, Hkv * D);
    to_heads(k_new.p, tok.p, w.bk, B, S, Hkv, D);
    matmul(tok.p, src, w.wv, B * S, C, Hkv * D);
    to_heads(v_new.p, tok.p, w.bv, B, S, Hkv, D);

    qk_normalize(q.p, static_cast<long>(B) * H * T, D, cfg.qk_norm, w.q_norm);
    qk_normalize(k_new.p, static_cast<long>(B) * Hkv * S, D, cfg.qk_norm, w.k_norm);
    if (cfg.rope) {
        apply_rope(q.p, q.p, B * H, T, D, cfg.rope_base, cfg.rope_layout, cfg.position_offset);
        apply_rope(k_new.p, k_new.p, B * Hkv, S, D, cfg.rope_base, cfg.rope_layout, cfg.position_offset);
    }

    const float* keys = k_new.p;
    const float* values = v_new.p;
    if (cache) {
        if (Status s = kv_cache_append(cache, layer, k_new.p, v_new.p, S); s != Status::Ok) return s;
        kv_cache_read(k_all.p, v_all.p, *cache, layer);
        keys = k_all.p, values = v_all.p;
    }
    if (Status s = attention_traced(heads.p, tr.weights, q.p, keys, values, mask, p, tr.scores);
        s != Status::Ok) {
        if (cache) cache->length[layer] = past;  // leave the cache as it was
        return s;
    }
    from_heads(concat.p, heads.p, B, T, H, D);
    linear(out, concat.p, w.wo, add_out_bias ? w.bo : nullptr, B * T, H * D, C);
    return Status::Ok;
}

}  // namespace attnscope
