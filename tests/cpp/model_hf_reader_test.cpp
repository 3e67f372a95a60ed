// HfReader (cpp/include/attnscope/model/hf_reader.h): a model given as Hugging
// Face tensors (rotate-half q/k rows, Conv1D [in, out] weights, F16/BF16) must
// be, bit for bit, the model the llama2.c / AGPT readers build from the same
// weights in their own layouts; read_hf_tensor gives the file's tensors back;
// and every misuse is a status, never a crash. The layouts here are written
// from transformers' conversion script, independently of hf_layout.h.
#include <gtest/gtest.h>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>
#include "../../cpp/src/model/hf_layout.h"
#include "../../cpp/src/model/loader.h"
#include "attnscope/model/hf_reader.h"
#include "model_builder.h"

namespace {

using namespace attnscope::model;
using U = std::uint64_t;

struct HfTensor {
    HfRole role;
    int layer;
    U rows, cols;
    std::vector<float> values;  // file layout, row-major
};

// transformers' convert_llama_weights_to_hf.py permute(): Meta's interleaved
// rows (h, i, s) -> HF rows (h, s, i), i.e. w.view(H, D/2, 2, C).transpose(1, 2).
std::vector<float> to_rotate_half(const float* w, int heads, int D, int cols) {
    std::vector<float> out(static_cast<std::size_t>(heads) * D * cols);
    for (int h = 0; h < heads; ++h)
        for (int i = 0; i < D / 2; ++i)
            for (int s = 0; s < 2; ++s)
                std::memcpy(&out[((h * D) + s * (D / 2) + i) * static_cast<std::size_t>(cols)],
                            w + ((h * D) + 2 * i + s) * static_cast<std::size_t>(cols), sizeof(float) * cols);
    return out;
}

std::vector<float> transpose(const float* w, int rows, int cols) {  // (rows, cols) -> (cols, rows)
    std::vector<float> out(static_cast<std::size_t>(rows) * cols);
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) out[static_cast<std::size_t>(c) * rows + r] = w[static_cast<std::size_t>(r) * cols + c];
    return out;
}

std::vector<float> slice(const std::vector<float>& v, std::size_t at, std::size_t n) {
    return {v.begin() + static_cast<long>(at), v.begin() + static_cast<long>(at + n)};
}

std::vector<HfTensor> llama_tensors(const mref::Llama& m) {
    const int L = m.layers, C = m.dim, F = m.hidden, D = m.head_size(), KV = m.kv_dim();
    std::vector<HfTensor> t;
    t.push_back({HfRole::Embedding, 0, U(m.vocab), U(C), m.emb});
    for (int l = 0; l < L; ++l) {
        const std::size_t lC = std::size_t(l) * C;
        t.push_back({HfRole::Norm1Weight, l, 1, U(C), slice(m.rms_att, lC, C)});
        t.push_back({HfRole::Wq, l, U(C), U(C), to_rotate_half(&m.wq[lC * C], m.heads, D, C)});
        t.push_back({HfRole::Wk, l, U(KV), U(C), to_rotate_half(&m.wk[std::size_t(l) * KV * C], m.kv_heads, D, C)});
        t.push_back({HfRole::Wv, l, U(KV), U(C), slice(m.wv, std::size_t(l) * KV * C, KV * C)});
        t.push_back({HfRole::Wo, l, U(C), U(C), slice(m.wo, lC * C, C * C)});
        t.push_back({HfRole::Norm2Weight, l, 1, U(C), slice(m.rms_ffn, lC, C)});
        t.push_back({HfRole::W1, l, U(F), U(C), slice(m.w1, std::size_t(l) * F * C, F * C)});
        t.push_back({HfRole::W3, l, U(F), U(C), slice(m.w3, std::size_t(l) * F * C, F * C)});
        t.push_back({HfRole::W2, l, U(C), U(F), slice(m.w2, std::size_t(l) * C * F, C * F)});
    }
    t.push_back({HfRole::FinalNormWeight, 0, 1, U(C), m.rms_final});
    if (!m.shared) t.push_back({HfRole::Classifier, 0, U(m.vocab), U(C), m.wcls});
    return t;
}

std::vector<HfTensor> gpt2_tensors(const mref::Gpt2& m) {
    const int L = m.layers, C = m.dim, F = m.hidden;
    std::vector<HfTensor> t;
    t.push_back({HfRole::Embedding, 0, U(m.vocab), U(C), m.wte});
    t.push_back({HfRole::Positions, 0, U(m.seq), U(C), m.wpe});
    for (int l = 0; l < L; ++l) {
        const std::size_t lC = std::size_t(l) * C;
        t.push_back({HfRole::Norm1Weight, l, 1, U(C), slice(m.ln1_w, lC, C)});
        t.push_back({HfRole::Norm1Bias, l, 1, U(C), slice(m.ln1_b, lC, C)});
        t.push_back({HfRole::Wqkv, l, U(C), U(3 * C), transpose(&m.qkv_w[lC * 3 * C], 3 * C, C)});
        t.push_back({HfRole::Bqkv, l, 1, U(3 * C), slice(m.qkv_b, lC * 3, 3 * C)});
        t.push_back({HfRole::Wo, l, U(C), U(C), transpose(&m.proj_w[lC * C], C, C)});
        t.push_back({HfRole::Bo, l, 1, U(C), slice(m.proj_b, lC, C)});
        t.push_back({HfRole::Norm2Weight, l, 1, U(C), slice(m.ln2_w, lC, C)});
        t.push_back({HfRole::Norm2Bias, l, 1, U(C), slice(m.ln2_b, lC, C)});
        t.push_back({HfRole::W1, l, U(C), U(F), transpose(&m.fc_w[std::size_t(l) * F * C], F, C)});
        t.push_back({HfRole::B1, l, 1, U(F), slice(m.fc_b, std::size_t(l) * F, F)});
        t.push_back({HfRole::W2, l, U(F), U(C), transpose(&m.fcp_w[lC * F], C, F)});
        t.push_back({HfRole::B2, l, 1, U(C), slice(m.fcp_b, lC, C)});
    }
    t.push_back({HfRole::FinalNormWeight, 0, 1, U(C), m.lnf_w});
    t.push_back({HfRole::FinalNormBias, 0, 1, U(C), m.lnf_b});
    return t;
}

// float -> binary16 / bfloat16 bits, round to nearest even (the test's own encoders).
std::uint16_t to_f16(float f) {
    const double a = std::fabs(static_cast<double>(f));
    const std::uint16_t sign = std::signbit(f) ? 0x8000 : 0;
    if (a < std::ldexp(1.0, -14)) return sign | static_cast<std::uint16_t>(std::nearbyint(a / std::ldexp(1.0, -24)));
    int e;
    const double m = std::frexp(a, &e);  // a = m 2^e, m in [0.5, 1)
    const double man = std::nearbyint((m * 2 - 1) * 1024);
    return sign | static_cast<std::uint16_t>(((e + 14) << 10) + static_cast<int>(man));  // a carry bumps the exponent
}
std::uint16_t to_bf16(float f) {
    std::uint32_t b;
    std::memcpy(&b, &f, 4);
    return static_cast<std::uint16_t>((b + 0x7fffu + ((b >> 16) & 1u)) >> 16);
}

std::vector<std::uint8_t> encode(const std::vector<float>& v, FileDtype d) {
    std::vector<std::uint8_t> out(v.size() * (d == FileDtype::F32 ? 4 : 2));
    for (std::size_t i = 0; i < v.size(); ++i) {
        if (d == FileDtype::F32) {
            std::memcpy(&out[4 * i], &v[i], 4);
            continue;
        }
        const std::uint16_t h = d == FileDtype::F16 ? to_f16(v[i]) : to_bf16(v[i]);
        std::memcpy(&out[2 * i], &h, 2);
    }
    return out;
}

// Adds, allocates, writes (chunks of 1, 2, 3, ... rows) and finishes; the first failure's message.
std::string load(const HfSpec& spec, const LoadOptions& o, const std::vector<HfTensor>& ts, FileDtype d,
                 std::unique_ptr<Transformer>* out) {
    HfReader r;
    Outcome s = r.begin(spec, o);
    std::vector<int> idx(ts.size());
    for (std::size_t i = 0; s.ok() && i < ts.size(); ++i) s = r.add(ts[i].role, ts[i].layer, d, ts[i].rows, ts[i].cols, &idx[i]);
    if (s.ok()) s = r.allocate(1ull << 40);
    for (std::size_t i = 0; s.ok() && i < ts.size(); ++i) {
        const std::vector<std::uint8_t> bytes = encode(ts[i].values, d);
        const U row = bytes.size() / ts[i].rows;
        for (U at = 0, n = 1; s.ok() && at < bytes.size(); at += n * row, ++n) {
            n = std::min<U>(n, (bytes.size() - at) / row);
            s = r.write(idx[i], bytes.data() + at, at, n * row);
        }
    }
    if (s.ok()) s = r.finish(out);
    return s.message;
}

HfSpec llama_spec(const mref::Llama& m) {
    HfSpec s;
    s.arch = Arch::Llama, s.dim = m.dim, s.hidden_dim = m.hidden, s.n_layers = m.layers, s.n_heads = m.heads;
    s.n_kv_heads = m.kv_heads, s.vocab_size = m.vocab, s.seq_len = m.seq, s.tied = m.shared;
    s.activation = Activation::SwiGlu;
    return s;
}

HfSpec gpt2_spec(const mref::Gpt2& m) {
    HfSpec s;
    s.arch = Arch::Gpt2, s.dim = m.dim, s.hidden_dim = m.hidden, s.n_layers = m.layers, s.n_heads = m.heads;
    s.n_kv_heads = m.heads, s.vocab_size = m.vocab, s.seq_len = m.seq, s.tied = true;
    s.activation = Activation::GeluTanh;
    return s;
}

std::vector<float> logits_of(Transformer& m, int n) {
    std::vector<int> tokens(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) tokens[i] = (7 * i + 3) % m.config().vocab_size;
    std::vector<float> out(static_cast<std::size_t>(n) * m.config().vocab_size);
    EXPECT_TRUE(m.forward_sequence(tokens.data(), n, 0, n, out.data(), nullptr).ok());
    return out;
}

void expect_same_bits(const std::vector<float>& a, const std::vector<float>& b) {
    ASSERT_EQ(a.size(), b.size());
    std::size_t differ = 0;
    for (std::size_t i = 0; i < a.size(); ++i) differ += std::memcmp(&a[i], &b[i], 4) != 0;
    EXPECT_EQ(differ, 0u) << "of " << a.size() << " logits";
}

std::vector<float> rounded(const std::vector<float>& v, FileDtype d) {
    std::vector<float> out(v.size());
    for (std::size_t i = 0; i < v.size(); ++i)
        out[i] = d == FileDtype::F16 ? hf::f16_to_f32(to_f16(v[i])) : hf::bf16_to_f32(to_bf16(v[i]));
    return out;
}

TEST(HfReader, HalfFloatsConvertExactlyForEveryBitPattern) {
    for (std::uint32_t h = 0; h < 0x10000; ++h) {
        const int e = (h >> 10) & 31, man = h & 1023;
        const double sign = (h & 0x8000) ? -1 : 1;
        const float got = hf::f16_to_f32(static_cast<std::uint16_t>(h));
        if (e == 31) {
            ASSERT_TRUE(man ? std::isnan(got) : std::isinf(got) && std::signbit(got) == (sign < 0)) << h;
            continue;
        }
        const double want = sign * (e ? std::ldexp(1.0 + man / 1024.0, e - 15) : std::ldexp(man / 1024.0, -14));
        ASSERT_EQ(static_cast<double>(got), want) << "half 0x" << std::hex << h;
        ASSERT_EQ(std::signbit(got), sign < 0) << h;
        float bf = hf::bf16_to_f32(static_cast<std::uint16_t>(h));
        std::uint32_t bits;
        std::memcpy(&bits, &bf, 4);
        ASSERT_EQ(bits, h << 16);
    }
}

TEST(HfReader, RowOrderIsTransformersPermutationAndItsInverse) {
    const int D = 8, H = 3;
    for (int h = 0; h < H; ++h)
        for (int s = 0; s < 2; ++s)
            for (int i = 0; i < D / 2; ++i) {
                const U hf_row = U(h * D + s * (D / 2) + i), meta_row = U(h * D + 2 * i + s);
                EXPECT_EQ(hf::interleaved_row(hf_row, D), meta_row);
                EXPECT_EQ(hf::rotate_half_row(meta_row, D), hf_row);
            }
}

TEST(HfReader, LlamaInHfLayoutIsBitIdenticalToTheLlama2cFile) {
    for (const bool shared : {true, false}) {
        const mref::Llama m = mref::random_llama(32, 48, 2, 4, 2, 40, 24, shared, 11);
        const std::vector<std::uint8_t> bytes = mref::legacy_bytes(m);
        std::unique_ptr<Transformer> a, b;
        ASSERT_TRUE(Transformer::load_llama2c(bytes.data(), bytes.size(), {}, &a).ok());
        ASSERT_EQ(load(llama_spec(m), {}, llama_tensors(m), FileDtype::F32, &b), "");
        EXPECT_EQ(b->config().format, FileFormat::Safetensors);
        EXPECT_EQ(b->config().shared_classifier, shared);
        expect_same_bits(logits_of(*a, 20), logits_of(*b, 20));
        // One token at a time too (forward_llama, the KV-cache path).
        ASSERT_TRUE(b->forward(5, 0).ok() && a->forward(5, 0).ok());
        expect_same_bits({a->logits(), a->logits() + 40}, {b->logits(), b->logits() + 40});
    }
}

TEST(HfReader, Gpt2Conv1dIsBitIdenticalToTheAgptFile) {
    const mref::Gpt2 m = mref::random_gpt2(32, 64, 2, 4, 50, 24, 12);
    const std::vector<std::uint8_t> bytes = mref::agpt_bytes(m);
    std::unique_ptr<Transformer> a, b;
    ASSERT_TRUE(Transformer::load_gpt2(bytes.data(), bytes.size(), {}, &a).ok());
    ASSERT_EQ(load(gpt2_spec(m), {}, gpt2_tensors(m), FileDtype::F32, &b), "");
    expect_same_bits(logits_of(*a, 20), logits_of(*b, 20));
}

TEST(HfReader, HalfPrecisionFilesEqualTheirValuesInFloat32) {
    const mref::Llama m = mref::random_llama(32, 48, 2, 4, 1, 40, 24, true, 13);
    for (const FileDtype d : {FileDtype::F16, FileDtype::Bf16}) {
        std::vector<HfTensor> ts = llama_tensors(m), exact = ts;
        for (HfTensor& t : exact) t.values = rounded(t.values, d);
        std::unique_ptr<Transformer> a, b;
        ASSERT_EQ(load(llama_spec(m), {}, ts, d, &a), "");
        ASSERT_EQ(load(llama_spec(m), {}, exact, FileDtype::F32, &b), "");
        EXPECT_EQ(a->config().file_dtype, d);
        expect_same_bits(logits_of(*a, 12), logits_of(*b, 12));
    }
}

TEST(HfReader, QuantizeGivesTheModelTheOtherReadersQuantiseTo) {
    LoadOptions q;
    q.quantize_q8 = true;
    q.group_size = 16;
    const mref::Llama l = mref::random_llama(32, 48, 2, 4, 2, 40, 24, false, 14);
    const std::vector<std::uint8_t> lb = mref::legacy_bytes(l);
    std::unique_ptr<Transformer> a, b;
    ASSERT_TRUE(Transformer::load_llama2c(lb.data(), lb.size(), q, &a).ok());
    ASSERT_EQ(load(llama_spec(l), q, llama_tensors(l), FileDtype::F32, &b), "");
    EXPECT_EQ(b->config().weight_type, WeightType::Q8_0);
    expect_same_bits(logits_of(*a, 16), logits_of(*b, 16));
    // GPT-2's transposed matrices are quantised after their last row arrives.
    const mref::Gpt2 g = mref::random_gpt2(32, 64, 2, 4, 50, 24, 15);
    const std::vector<std::uint8_t> gb = mref::agpt_bytes(g);
    ASSERT_TRUE(Transformer::load_gpt2(gb.data(), gb.size(), q, &a).ok());
    ASSERT_EQ(load(gpt2_spec(g), q, gpt2_tensors(g), FileDtype::F32, &b), "");
    expect_same_bits(logits_of(*a, 16), logits_of(*b, 16));
}

TEST(HfReader, ReadBackGivesEveryTensorInTheFilesLayout) {
    const mref::Llama l = mref::random_llama(32, 48, 2, 4, 2, 40, 24, false, 16);
    const mref::Gpt2 g = mref::random_gpt2(32, 64, 2, 4, 50, 24, 17);
    for (const bool gpt2 : {false, true}) {
        const std::vector<HfTensor> ts = gpt2 ? gpt2_tensors(g) : llama_tensors(l);
        std::unique_ptr<Transformer> m;
        ASSERT_EQ(load(gpt2 ? gpt2_spec(g) : llama_spec(l), {}, ts, FileDtype::F32, &m), "");
        for (const HfTensor& t : ts) {
            std::vector<float> back(t.values.size(), -1.f);
            ASSERT_TRUE(read_hf_tensor(*m, t.role, t.layer, back.data()).ok());
            EXPECT_EQ(back, t.values) << "role " << static_cast<int>(t.role) << " layer " << t.layer;
        }
    }
}

TEST(HfReader, ModelsFromOtherFilesReadBackInTheHfLayout) {
    // What a writer of safetensors stores for a llama2.c or AGPT model.
    const mref::Llama l = mref::random_llama(32, 48, 2, 4, 2, 40, 24, false, 22);
    const mref::Gpt2 g = mref::random_gpt2(32, 64, 2, 4, 50, 24, 23);
    const std::vector<std::uint8_t> lb = mref::legacy_bytes(l), gb = mref::agpt_bytes(g);
    std::unique_ptr<Transformer> a, b;
    ASSERT_TRUE(Transformer::load_llama2c(lb.data(), lb.size(), {}, &a).ok());
    ASSERT_TRUE(Transformer::load_gpt2(gb.data(), gb.size(), {}, &b).ok());
    for (const auto& [model, ts] : {std::pair{a.get(), llama_tensors(l)}, std::pair{b.get(), gpt2_tensors(g)}})
        for (const HfTensor& t : ts) {
            std::vector<float> back(t.values.size());
            ASSERT_TRUE(read_hf_tensor(*model, t.role, t.layer, back.data()).ok());
            EXPECT_EQ(back, t.values) << "role " << static_cast<int>(t.role) << " layer " << t.layer;
        }
}

TEST(HfReader, VariantsNoHfArchitectureHoldsAreRefusedByName) {
    const mref::Llama l = mref::random_llama(16, 32, 1, 2, 1, 20, 8, true, 24);
    const std::vector<std::uint8_t> lb = mref::legacy_bytes(l);
    std::unique_ptr<Transformer> a, v;
    ASSERT_TRUE(Transformer::load_llama2c(lb.data(), lb.size(), {}, &a).ok());
    ModelConfig c = a->config();
    c.positions = Positions::Alibi;
    ASSERT_TRUE(Transformer::view(c, Loader::weights(*a), &v).ok());
    std::vector<float> out(16 * 16);
    EXPECT_NE(read_hf_tensor(*v, HfRole::Wq, 0, out.data()).message.find("positions 'alibi'"), std::string::npos);
    c = a->config();
    c.prenorm = false;
    ASSERT_TRUE(Transformer::view(c, Loader::weights(*a), &v).ok());
    EXPECT_NE(read_hf_tensor(*v, HfRole::Wq, 0, out.data()).message.find("prenorm false"), std::string::npos);
}

TEST(HfReader, LlamaBiasesArePermutedWithTheirRows) {
    // attention_bias: a q bias in rotate-half order must land on the rows its q weights did.
    const mref::Llama m = mref::random_llama(16, 32, 1, 2, 1, 20, 8, true, 18);
    HfSpec spec = llama_spec(m);
    spec.bias = true;
    std::vector<HfTensor> ts = llama_tensors(m);
    ref::Rng rng(19);
    const struct { HfRole role; U n; } biases[] = {{HfRole::Bq, 16}, {HfRole::Bk, 8}, {HfRole::Bv, 8}, {HfRole::Bo, 16},
                                                    {HfRole::B1, 32}, {HfRole::B3, 32}, {HfRole::B2, 16}};
    for (const auto& b : biases) ts.push_back({b.role, 0, 1, b.n, rng.floats(b.n)});
    std::unique_ptr<Transformer> model;
    ASSERT_EQ(load(spec, {}, ts, FileDtype::F32, &model), "");
    EXPECT_TRUE(model->config().bias);
    for (const HfTensor& t : ts) {
        std::vector<float> back(t.values.size());
        ASSERT_TRUE(read_hf_tensor(*model, t.role, t.layer, back.data()).ok());
        EXPECT_EQ(back, t.values) << "role " << static_cast<int>(t.role);
    }
    // In the engine, HF q/k bias element i sits where HF row i of q_proj went.
    const Weights& w = Loader::weights(*model);
    const std::vector<float>& bq = ts[ts.size() - 7].values;
    const std::vector<float>& bk = ts[ts.size() - 6].values;
    for (U i = 0; i < 16; ++i) EXPECT_EQ(w.bq[hf::interleaved_row(i, 8)], bq[i]) << i;
    for (U i = 0; i < 8; ++i) EXPECT_EQ(w.bk[hf::interleaved_row(i, 8)], bk[i]) << i;
}

TEST(HfReader, MisuseIsAStatusNamingWhatIsWrong) {
    const mref::Llama m = mref::random_llama(16, 32, 1, 2, 1, 20, 8, true, 20);
    const std::vector<HfTensor> ts = llama_tensors(m);
    HfReader r;
    int i = 0;
    EXPECT_NE(r.add(HfRole::Wq, 0, FileDtype::F32, 16, 16, &i).message, "");  // before begin
    ASSERT_TRUE(r.begin(llama_spec(m), {}).ok());
    EXPECT_NE(r.add(HfRole::Wq, 0, FileDtype::F32, 16, 15, &i).message.find("needs 16 x 16"), std::string::npos);
    EXPECT_NE(r.add(HfRole::Wq, 1, FileDtype::F32, 16, 16, &i).message.find("layer 1"), std::string::npos);
    EXPECT_NE(r.add(HfRole::Wqkv, 0, FileDtype::F32, 16, 48, &i).message.find("no wqkv"), std::string::npos);
    EXPECT_NE(r.add(HfRole::Wq, 0, FileDtype::Q8_0, 16, 16, &i).message.find("dtype"), std::string::npos);
    ASSERT_TRUE(r.add(HfRole::Wq, 0, FileDtype::F32, 16, 16, &i).ok());
    EXPECT_NE(r.add(HfRole::Wq, 0, FileDtype::F32, 16, 16, &i).message.find("twice"), std::string::npos);
    EXPECT_NE(r.allocate(1ull << 40).message.find("missing"), std::string::npos);
    for (const HfTensor& t : ts)
        if (t.role != HfRole::Wq) ASSERT_TRUE(r.add(t.role, t.layer, FileDtype::F32, t.rows, t.cols, &i).ok());
    const Outcome small = r.allocate(1000);
    EXPECT_EQ(small.status, attnscope::Status::OutOfMemory);
    EXPECT_NE(small.message.find("MiB"), std::string::npos) << small.message;
    ASSERT_TRUE(r.allocate(r.needed_bytes()).ok());
    const std::vector<std::uint8_t> wq = encode(ts[1].values, FileDtype::F32);  // Wq: 16 rows of 64 bytes
    EXPECT_NE(r.write(0, wq.data(), 64, 64).message.find("in order"), std::string::npos);
    EXPECT_NE(r.write(0, wq.data(), 0, 63).message.find("whole rows"), std::string::npos);
    EXPECT_NE(r.write(0, wq.data(), 0, 2000).message.find("past its end"), std::string::npos);
    EXPECT_NE(r.write(99, wq.data(), 0, 64).message.find("index"), std::string::npos);
    ASSERT_TRUE(r.write(0, wq.data(), 0, 64).ok());
    std::unique_ptr<Transformer> out;
    EXPECT_NE(r.finish(&out).message.find("64 of its 1024 bytes"), std::string::npos);
    EXPECT_EQ(out, nullptr);
}

TEST(HfReader, BadSpecsAreRefusedByName) {
    const mref::Llama m = mref::random_llama(16, 32, 1, 2, 1, 20, 8, true, 21);
    HfReader r;
    HfSpec s = llama_spec(m);
    s.activation = Activation::Gelu;
    EXPECT_NE(r.begin(s, {}).message.find("SwiGLU"), std::string::npos);
    s = llama_spec(m);
    s.n_kv_heads = 3;
    EXPECT_NE(r.begin(s, {}).message.find("n_kv_heads"), std::string::npos);
    s = llama_spec(m);
    s.norm_eps = 0;
    EXPECT_NE(r.begin(s, {}).message.find("norm_eps"), std::string::npos);
    s = llama_spec(m);
    s.rope_base = NAN;
    EXPECT_NE(r.begin(s, {}).message.find("rope_base"), std::string::npos);
    s = llama_spec(m);
    s.seq_len = 1 << 30;
    EXPECT_NE(r.begin(s, {}).message.find("max_seq_len"), std::string::npos);
    s.arch = Arch::Gpt2;
    s.seq_len = 8;
    s.activation = Activation::GeluTanh;
    s.n_kv_heads = 1;
    EXPECT_NE(r.begin(s, {}).message.find("grouped-query"), std::string::npos);
}

}  // namespace
