// Loading never trusts the file: every malformed checkpoint gives a Status and
// a message that says what is wrong, never an out-of-bounds read or an abort.
#include <gtest/gtest.h>
#include <climits>
#include <memory>
#include "attnscope/model/transformer.h"
#include "model_builder.h"

using namespace attnscope::model;
using attnscope::Status;

namespace {

Outcome load_llama(const std::vector<std::uint8_t>& f, LoadOptions opt = {}) {
    std::unique_ptr<Transformer> m;
    Outcome o = Transformer::load_llama2c(f.data(), f.size(), opt, &m);
    EXPECT_EQ(o.ok(), m != nullptr);
    return o;
}
Outcome load_gpt2(const std::vector<std::uint8_t>& f) {
    std::unique_ptr<Transformer> m;
    Outcome o = Transformer::load_gpt2(f.data(), f.size(), {}, &m);
    EXPECT_EQ(o.ok(), m != nullptr);
    return o;
}

mref::Llama small(bool shared = true) { return mref::random_llama(8, 12, 2, 2, 1, 11, 6, shared, 3); }

void set_i32(std::vector<std::uint8_t>* f, std::size_t at, std::int32_t v) { std::memcpy(f->data() + at, &v, 4); }

TEST(ModelLoader, WellFormedFilesOfEveryFormatLoad) {
    EXPECT_TRUE(load_llama(mref::legacy_bytes(small())).ok());
    EXPECT_TRUE(load_llama(mref::legacy_bytes(small(false))).ok());
    EXPECT_TRUE(load_llama(mref::ak42_v1_bytes(small(false))).ok());
    EXPECT_TRUE(load_llama(mref::ak42_v2_bytes(small(), 4)).ok());
    EXPECT_TRUE(load_gpt2(mref::agpt_bytes(mref::random_gpt2(8, 12, 2, 2, 11, 6, 3))).ok());
}

// Cut every file at every length short of complete: each cut is an error.
TEST(ModelLoader, TruncatedAtEveryOffsetIsAnError) {
    const std::vector<std::vector<std::uint8_t>> llama = {
        mref::legacy_bytes(small(false)), mref::ak42_v1_bytes(small()), mref::ak42_v2_bytes(small(false), 4)};
    for (const auto& full : llama)
        for (std::size_t n = 0; n < full.size(); ++n) {
            const Outcome o = load_llama(std::vector<std::uint8_t>(full.begin(), full.begin() + n));
            ASSERT_EQ(o.status, Status::InvalidArgument) << "cut at " << n;
            ASSERT_NE(o.message.find("truncated"), std::string::npos) << o.message;
        }
    const auto gpt2 = mref::agpt_bytes(mref::random_gpt2(8, 12, 2, 2, 11, 6, 3));
    for (std::size_t n = 0; n < gpt2.size(); ++n) {
        const Outcome o = load_gpt2(std::vector<std::uint8_t>(gpt2.begin(), gpt2.begin() + n));
        ASSERT_EQ(o.status, Status::InvalidArgument) << "cut at " << n;
        ASSERT_FALSE(o.message.empty());
    }
}

TEST(ModelLoader, TruncationMessageNamesTheTensorOffsetAndFileSize) {
    auto f = mref::legacy_bytes(small());  // wq starts after emb (11*8) and rms_att (2*8): 28 + 416 = 444
    f.resize(500);
    EXPECT_EQ(load_llama(f).message, "checkpoint truncated: wq needs 512 bytes at offset 444 but the file has 500");
    EXPECT_EQ(load_llama({1, 2, 3}).message, "checkpoint truncated: the header needs 28 bytes but the file has 3");
    auto v1 = mref::ak42_v1_bytes(small());
    v1.resize(100);
    EXPECT_EQ(load_llama(v1).message, "checkpoint truncated: the ak42 header needs 256 bytes but the file has 100");
}

TEST(ModelLoader, BytesAfterTheLastTensorAreAnError) {
    auto f = mref::legacy_bytes(small());
    const std::size_t size = f.size();
    f.resize(size + 8);
    EXPECT_EQ(load_llama(f).message, "checkpoint has 8 bytes after its last tensor (freq_cis_imag ends at offset " +
                                         std::to_string(size) + "); the header does not describe this file");
}

TEST(ModelLoader, NonPositiveDimensionsAreNamed) {
    const char* names[] = {"dim", "hidden_dim", "n_layers", "n_heads", "n_kv_heads", "vocab_size", "seq_len"};
    for (int field = 0; field < 7; ++field)
        for (std::int32_t v : {0, -3}) {
            if (field == 5 && v < 0) continue;  // a negative vocab_size means "unshared classifier"
            auto f = mref::legacy_bytes(small());
            set_i32(&f, 4 * field, v);
            EXPECT_EQ(load_llama(f).message, std::string(names[field]) + " (" + std::to_string(v) + ") must be positive");
            auto g = mref::ak42_v1_bytes(small());
            set_i32(&g, 8 + 4 * field, v);
            EXPECT_EQ(load_llama(g).message, std::string(names[field]) + " (" + std::to_string(v) + ") must be positive");
        }
}

TEST(ModelLoader, InconsistentHeadsAreNamed) {
    auto f = mref::legacy_bytes(small());
    set_i32(&f, 12, 3);
    EXPECT_EQ(load_llama(f).message, "dim (8) must be a multiple of n_heads (3)");
    set_i32(&f, 12, 8);
    EXPECT_EQ(load_llama(f).message, "head size dim/n_heads = 8/8 = 1 must be even (RoPE rotates pairs)");
    set_i32(&f, 12, 2);
    set_i32(&f, 16, 3);
    EXPECT_EQ(load_llama(f).message, "n_heads (2) must be a multiple of n_kv_heads (3)");
}

TEST(ModelLoader, HugeDimensionsAreRejectedWithoutOverflowOrAllocation) {
    auto f = mref::legacy_bytes(small());
    set_i32(&f, 0, 1 << 30);  // dim: every tensor is now far larger than the file
    set_i32(&f, 12, 2);
    EXPECT_EQ(load_llama(f).message.rfind("checkpoint truncated: token_embedding_table needs", 0), 0u);
    for (std::int32_t v : {INT_MAX, INT_MAX - 1}) {
        auto g = mref::legacy_bytes(small());
        set_i32(&g, 0, 1 << 30);   // dim
        set_i32(&g, 4, v);         // hidden_dim
        set_i32(&g, 8, v);         // n_layers
        set_i32(&g, 12, 1 << 29);  // n_heads
        set_i32(&g, 16, 1 << 29);  // n_kv_heads
        set_i32(&g, 20, v);        // vocab
        set_i32(&g, 24, 4);        // seq_len
        const Outcome o = load_llama(g);
        EXPECT_EQ(o.status, Status::InvalidArgument);
        EXPECT_FALSE(o.message.empty());
    }
    auto h = mref::legacy_bytes(small());
    set_i32(&h, 20, INT_MIN);
    EXPECT_EQ(load_llama(h).message, "vocab_size (-2147483648) is out of range");
}

TEST(ModelLoader, AKvCacheBeyondTheLimitNeedsASmallerMaxSeqLen) {
    auto f = mref::ak42_v1_bytes(small());  // ak42: seq_len is not paid for by the file
    set_i32(&f, 8 + 24, 1 << 24);
    EXPECT_EQ(load_llama(f).message.rfind("seq_len 16777216 with n_layers 2 and 4 key/value values per position "
                                          "needs a KV cache over the limit", 0), 0u) << load_llama(f).message;
    set_i32(&f, 8 + 24, INT_MAX);
    EXPECT_EQ(load_llama(f).status, Status::InvalidArgument);
    LoadOptions opt;
    opt.max_seq_len = 64;
    EXPECT_TRUE(load_llama(f, opt).ok());
    opt.max_seq_len = -1;
    EXPECT_EQ(load_llama(f, opt).message, "max_seq_len (-1) must be 0 (the file's) or positive");
}

TEST(ModelLoader, Ak42HeaderFieldsAreChecked) {
    auto f = mref::ak42_v2_bytes(small(), 4);
    set_i32(&f, 4, 3);
    EXPECT_EQ(load_llama(f).message, "unsupported ak42 version 3 (known: 1 = fp32, 2 = Q8_0)");
    f = mref::ak42_v2_bytes(small(), 4);
    f[36] = 7;
    EXPECT_EQ(load_llama(f).message, "shared_classifier flag (7) must be 0 or 1");
    for (std::int32_t gs : {0, -4, 1 << 17}) {
        f = mref::ak42_v2_bytes(small(), 4);
        set_i32(&f, 37, gs);
        EXPECT_EQ(load_llama(f).message, "group_size (" + std::to_string(gs) + ") must be in 1..65536");
    }
    f = mref::ak42_v2_bytes(small(), 4);
    set_i32(&f, 37, 8);  // divides dim 8, not hidden_dim 12
    EXPECT_EQ(load_llama(f).message, "dim (8) and hidden_dim (12) must be multiples of group_size (8)");
    f = mref::ak42_v2_bytes(small(), 4);
    set_i32(&f, 37, 2);  // valid group size, but then the tensors do not add up to the file
    EXPECT_NE(load_llama(f).message.find("checkpoint"), std::string::npos);
}

TEST(ModelLoader, Gpt2HeaderIsChecked) {
    const auto good = mref::agpt_bytes(mref::random_gpt2(8, 12, 2, 2, 11, 6, 3));
    auto f = good;
    f[0] = 'X';
    EXPECT_EQ(load_gpt2(f).message, "not a GPT-2-style checkpoint: it must start with the bytes \"AGPT\"");
    f = good;
    set_i32(&f, 4, 3);  // version 2 exists since training (every variant); 3 does not
    EXPECT_EQ(load_gpt2(f).message, "unsupported AGPT version 3 (known: 1, 2)");
    f = good;
    f[100] = 1;
    EXPECT_EQ(load_gpt2(f).message, "AGPT header byte 100 is 1; bytes 32..255 are reserved and must be 0");
    f = good;
    set_i32(&f, 20, 3);
    EXPECT_EQ(load_gpt2(f).message, "dim (8) must be a multiple of n_heads (3)");
    f = good;
    set_i32(&f, 28, -1);
    EXPECT_EQ(load_gpt2(f).message, "seq_len (-1) must be positive");
}

TEST(ModelLoader, NullBytesAreAnError) {
    std::unique_ptr<Transformer> m;
    EXPECT_EQ(Transformer::load_llama2c(nullptr, 10, {}, &m).message, "checkpoint bytes are null");
    EXPECT_EQ(Transformer::load_llama2c(nullptr, 0, {}, &m).status, Status::InvalidArgument);
}

}  // namespace
