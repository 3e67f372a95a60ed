// Test support for the model tests: random weights, and the byte layouts of
// docs/FORMATS.md written out by hand (llama2.c legacy, ak42 v1/v2, AGPT v1,
// tokenizer.bin), independently of the loaders they test.
#pragma once
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>
#include "reference.h"

namespace mref {

// Llama weights in llama2.c's layout: matrices (out, in), stacked over layers.
struct Llama {
    int dim, hidden, layers, heads, kv_heads, vocab, seq;
    bool shared = true;
    std::vector<float> emb, rms_att, wq, wk, wv, wo, rms_ffn, w1, w2, w3, rms_final, wcls;
    int head_size() const { return dim / heads; }
    int kv_dim() const { return head_size() * kv_heads; }
};

struct Gpt2 {
    int dim, hidden, layers, heads, vocab, seq;
    std::vector<float> wte, wpe, ln1_w, ln1_b, qkv_w, qkv_b, proj_w, proj_b, ln2_w, ln2_b, fc_w, fc_b,
        fcp_w, fcp_b, lnf_w, lnf_b;
};

inline std::vector<float> norm_weights(ref::Rng& rng, std::size_t n) { return rng.floats(n, 0.5, 1.5); }

inline Llama random_llama(int dim, int hidden, int layers, int heads, int kv_heads, int vocab, int seq,
                          bool shared, std::uint64_t seed) {
    ref::Rng rng(seed);
    Llama m{dim, hidden, layers, heads, kv_heads, vocab, seq, shared};
    const std::size_t L = layers, C = dim, F = hidden, KV = m.kv_dim();
    const double a = 1.0 / std::sqrt(static_cast<double>(dim));
    m.emb = rng.floats(vocab * C);
    m.rms_att = norm_weights(rng, L * C);
    m.wq = rng.floats(L * C * C, -a, a);
    m.wk = rng.floats(L * KV * C, -a, a);
    m.wv = rng.floats(L * KV * C, -a, a);
    m.wo = rng.floats(L * C * C, -a, a);
    m.rms_ffn = norm_weights(rng, L * C);
    m.w1 = rng.floats(L * F * C, -a, a);
    m.w2 = rng.floats(L * C * F, -1.0 / std::sqrt(F), 1.0 / std::sqrt(F));
    m.w3 = rng.floats(L * F * C, -a, a);
    m.rms_final = norm_weights(rng, C);
    if (!shared) m.wcls = rng.floats(vocab * C);
    return m;
}

inline Gpt2 random_gpt2(int dim, int hidden, int layers, int heads, int vocab, int seq, std::uint64_t seed) {
    ref::Rng rng(seed);
    Gpt2 m{dim, hidden, layers, heads, vocab, seq};
    const std::size_t L = layers, C = dim, F = hidden;
    const double a = 1.0 / std::sqrt(static_cast<double>(dim)), f = 1.0 / std::sqrt(F);
    m.wte = rng.floats(vocab * C);
    m.wpe = rng.floats(seq * C, -0.5, 0.5);
    m.ln1_w = norm_weights(rng, L * C);
    m.ln1_b = rng.floats(L * C, -0.1, 0.1);
    m.qkv_w = rng.floats(L * 3 * C * C, -a, a);
    m.qkv_b = rng.floats(L * 3 * C, -0.1, 0.1);
    m.proj_w = rng.floats(L * C * C, -a, a);
    m.proj_b = rng.floats(L * C, -0.1, 0.1);
    m.ln2_w = norm_weights(rng, L * C);
    m.ln2_b = rng.floats(L * C, -0.1, 0.1);
    m.fc_w = rng.floats(L * F * C, -a, a);
    m.fc_b = rng.floats(L * F, -0.1, 0.1);
    m.fcp_w = rng.floats(L * C * F, -f, f);
    m.fcp_b = rng.floats(L * C, -0.1, 0.1);
    m.lnf_w = norm_weights(rng, C);
    m.lnf_b = rng.floats(C, -0.1, 0.1);
    return m;
}

// ---- writing bytes ---------------------------------------------------------

struct Bytes {
    std::vector<std::uint8_t> b;
    template <typename T>
    void put(T v) {
        const auto* p = reinterpret_cast<const std::uint8_t*>(&v);
        b.insert(b.end(), p, p + sizeof(T));
    }
    void put(const std::vector<float>& v) {
        for (float x : v) put(x);
    }
    void pad_to(std::size_t n) { b.resize(n, 0); }
};

inline void put_dims(Bytes& o, const Llama& m, int vocab_field) {
    for (int v : {m.dim, m.hidden, m.layers, m.heads, m.kv_heads, vocab_field, m.seq}) o.put<std::int32_t>(v);
}

// run.c's order; the two legacy freq_cis blocks (seq x head_size/2 each) hold junk.
inline std::vector<std::uint8_t> legacy_bytes(const Llama& m) {
    Bytes o;
    put_dims(o, m, m.shared ? m.vocab : -m.vocab);
    for (const auto* t : {&m.emb, &m.rms_att, &m.wq, &m.wk, &m.wv, &m.wo, &m.rms_ffn, &m.w1, &m.w2, &m.w3,
                          &m.rms_final})
        o.put(*t);
    for (int i = 0; i < m.seq * m.head_size(); ++i) o.put(12345.f);
    if (!m.shared) o.put(m.wcls);
    return o.b;
}

// export.py's version1_export: 256-byte header, norms first, then the matrices.
inline std::vector<std::uint8_t> ak42_v1_bytes(const Llama& m) {
    Bytes o;
    o.put<std::uint32_t>(0x616b3432);
    o.put<std::int32_t>(1);
    put_dims(o, m, m.vocab);
    o.put<std::uint8_t>(m.shared ? 1 : 0);
    o.pad_to(256);
    for (const auto* t : {&m.rms_att, &m.rms_ffn, &m.rms_final, &m.emb, &m.wq, &m.wk, &m.wv, &m.wo, &m.w1,
                          &m.w2, &m.w3})
        o.put(*t);
    if (!m.shared) o.put(m.wcls);
    return o.b;
}

// export.py's quantize_q80 of one matrix: groups of gs, scale max|w|/127, q = round(w/scale).
inline void quantize(const float* w, std::size_t n, int gs, std::vector<std::int8_t>* q, std::vector<float>* s) {
    for (std::size_t g = 0; g < n / gs; ++g) {
        double wmax = 0;
        for (int k = 0; k < gs; ++k) wmax = std::max(wmax, std::fabs(static_cast<double>(w[g * gs + k])));
        const float scale = static_cast<float>(wmax / 127.0);
        s->push_back(scale);
        for (int k = 0; k < gs; ++k)
            q->push_back(static_cast<std::int8_t>(scale > 0 ? std::lround(w[g * gs + k] / scale) : 0));
    }
}

// export.py's version2_export: header with group_size at byte 37, fp32 norms,
// then per matrix of each stack: int8 values, then fp32 scales.
inline std::vector<std::uint8_t> ak42_v2_bytes(const Llama& m, int gs) {
    Bytes o;
    o.put<std::uint32_t>(0x616b3432);
    o.put<std::int32_t>(2);
    put_dims(o, m, m.vocab);
    o.put<std::uint8_t>(m.shared ? 1 : 0);
    o.put<std::int32_t>(gs);
    o.pad_to(256);
    for (const auto* t : {&m.rms_att, &m.rms_ffn, &m.rms_final}) o.put(*t);
    auto put_q = [&](const std::vector<float>& t, std::size_t count) {
        const std::size_t per = t.size() / count;
        for (std::size_t i = 0; i < count; ++i) {
            std::vector<std::int8_t> q;
            std::vector<float> s;
            quantize(t.data() + i * per, per, gs, &q, &s);
            for (auto v : q) o.put(v);
            o.put(s);
        }
    };
    put_q(m.emb, 1);
    for (const auto* t : {&m.wq, &m.wk, &m.wv, &m.wo, &m.w1, &m.w2, &m.w3}) put_q(*t, m.layers);
    if (!m.shared) put_q(m.wcls, 1);
    return o.b;
}

inline std::vector<std::uint8_t> agpt_bytes(const Gpt2& m) {
    Bytes o;
    for (char ch : std::string("AGPT")) o.put(ch);
    for (int v : {1, m.dim, m.hidden, m.layers, m.heads, m.vocab, m.seq}) o.put<std::int32_t>(v);
    o.pad_to(256);
    for (const auto* t : {&m.wte, &m.wpe, &m.ln1_w, &m.ln1_b, &m.qkv_w, &m.qkv_b, &m.proj_w, &m.proj_b,
                          &m.ln2_w, &m.ln2_b, &m.fc_w, &m.fc_b, &m.fcp_w, &m.fcp_b, &m.lnf_w, &m.lnf_b})
        o.put(*t);
    return o.b;
}

// tokenizer.bin: int32 max_token_length, then per token f32 score, i32 length, bytes.
inline std::vector<std::uint8_t> tokenizer_bytes(const std::vector<std::string>& tokens,
                                                 const std::vector<float>& scores) {
    Bytes o;
    std::size_t max_len = 0;
    for (const auto& t : tokens) max_len = std::max(max_len, t.size());
    o.put<std::int32_t>(static_cast<std::int32_t>(max_len));
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        o.put(i < scores.size() ? scores[i] : 0.f);
        o.put<std::int32_t>(static_cast<std::int32_t>(tokens[i].size()));
        for (char ch : tokens[i]) o.put(ch);
    }
    return o.b;
}

// sentencepiece-like vocabulary: <unk>, <s>, </s>, <0x00>..<0xFF>, then `extra`.
inline std::vector<std::string> bpe_vocab(const std::vector<std::string>& extra) {
    std::vector<std::string> v = {"<unk>", "\n<s>\n", "\n</s>\n"};
    char buf[8];
    for (int b = 0; b < 256; ++b) {
        std::snprintf(buf, sizeof buf, "<0x%02X>", b);
        v.push_back(buf);
    }
    v.insert(v.end(), extra.begin(), extra.end());
    return v;
}

}  // namespace mref
