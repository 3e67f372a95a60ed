// Tokenizers: run.c's BPE encode/decode and the char-level one; round trips on
// UTF-8 text including Japanese; malformed tokenizer.bin files.
#include <gtest/gtest.h>
#include <map>
#include "attnscope/model/tokenizer.h"
#include "model_builder.h"

using namespace attnscope::model;

namespace {

Tokenizer make(const std::vector<std::string>& tokens, const std::vector<float>& scores,
               TokenizerKind kind = TokenizerKind::Bpe) {
    Tokenizer t;
    const auto bytes = mref::tokenizer_bytes(tokens, scores);
    const Outcome o = Tokenizer::load(bytes.data(), bytes.size(), kind, 0, &t);
    EXPECT_TRUE(o.ok()) << o.message;
    return t;
}

// A sentencepiece-like vocabulary: ids 259.. hold pieces with merge scores.
const std::vector<std::string> kPieces = {" ", "h", "e", "l", "o", "he", "ll", "hell", "hello", " hello",
                                          "w", "r", "d", "wor", "or", "日", "本", "日本"};
const std::vector<float> kScores = [] {
    std::vector<float> s(259, 0.f);
    const float piece_scores[] = {-1, -2, -2, -2, -2, -3, -4, -5, -6, -7, -2, -2, -2, -9, -8, -2, -2, -3};
    s.insert(s.end(), std::begin(piece_scores), std::end(piece_scores));
    return s;
}();
int id(const std::string& piece) {
    for (std::size_t i = 0; i < kPieces.size(); ++i)
        if (kPieces[i] == piece) return static_cast<int>(259 + i);
    return -1;
}

std::string decode(const Tokenizer& t, const std::vector<int>& ids) {
    std::string s;
    const Outcome o = t.decode(ids.data(), static_cast<int>(ids.size()), &s);
    EXPECT_TRUE(o.ok()) << o.message;
    return s;
}

TEST(ModelTokenizer, BpeMergesTheHighestScoringPairFirstAfterADummySpace) {
    const Tokenizer t = make(mref::bpe_vocab(kPieces), kScores);
    // he, ll, hell, hello, then " " + "hello" = " hello" (the BOS pair never matches).
    EXPECT_EQ(t.encode("hello", true, false), (std::vector<int>{1, id(" hello")}));
    // "or" (-8) first, then "w" + "or" = "wor" (-9): scores pick the order, not positions.
    EXPECT_EQ(t.encode("word", false, true), (std::vector<int>{id(" "), id("wor"), id("d"), 2}));
    EXPECT_EQ(t.encode("", true, true), (std::vector<int>{1, 2}));  // no dummy prefix for empty text
}

TEST(ModelTokenizer, UnknownCharactersFallBackToByteTokens) {
    const Tokenizer t = make(mref::bpe_vocab(kPieces), kScores);
    // "é" = C3 A9 is not a piece: tokens 3 + 0xC3, 3 + 0xA9.
    EXPECT_EQ(t.encode("é", false, false), (std::vector<int>{id(" "), 3 + 0xC3, 3 + 0xA9}));
    EXPECT_EQ(decode(t, {3 + 0xC3, 3 + 0xA9}), "é");
}

TEST(ModelTokenizer, BpeRoundTripsUtf8TextIncludingJapanese) {
    const Tokenizer t = make(mref::bpe_vocab(kPieces), kScores);
    for (const std::string text : {"hello world", "日本語のテキスト、です。", "mixed 日本 and ascii ✓ 🙂",
                                   "\n\ttabs and\nnewlines", "a"}) {
        const std::vector<int> ids = t.encode(text, true, true);
        EXPECT_EQ(decode(t, ids), text) << "the dummy prefix is stripped after BOS";
        EXPECT_EQ(decode(t, std::vector<int>(ids.begin() + 1, ids.end())), " " + text) << "and kept without it";
    }
    const std::vector<int> ids = t.encode("日本語", true, false);
    EXPECT_EQ(ids, (std::vector<int>{1, id(" "), id("日本"), 3 + 0xE8, 3 + 0xAA, 3 + 0x9E}));  // 語 in bytes
}

TEST(ModelTokenizer, DecodeStripsTheLeadingSpaceAfterBosAndParsesBytePieces) {
    const Tokenizer t = make(mref::bpe_vocab(kPieces), kScores);
    EXPECT_EQ(t.piece(1, id(" hello")), "hello");
    EXPECT_EQ(t.piece(5, id(" hello")), " hello");
    EXPECT_EQ(t.piece(1, 3 + 0x41), "A");
    EXPECT_EQ(t.piece(1, 3 + 0x0A), "\n");
    EXPECT_EQ(decode(t, {1, id(" hello"), id(" hello"), 2}), "hello hello");
    std::string out;
    EXPECT_EQ(t.decode(std::vector<int>{5, 999}.data(), 2, &out).message,
              "token 999 at index 1 is outside the vocabulary 0..276");
}

TEST(ModelTokenizer, ByteFallbackPastASmallVocabularyIsUnk) {
    const Tokenizer t = make({"<unk>", "<s>", "</s>", " ", "a"}, {});
    EXPECT_EQ(t.encode("aé", false, false), (std::vector<int>{3, 4, 0, 0}));
}

TEST(ModelTokenizer, CharTokenizerMapsEachCharacterAndRoundTripsJapanese) {
    const std::vector<std::string> vocab = {"<unk>", "<s>", "</s>", " ", "a", "b", "日", "本", "語", "\n"};
    const Tokenizer t = make(vocab, {}, TokenizerKind::Char);
    EXPECT_EQ(t.encode("ab 日本語\n", true, false), (std::vector<int>{1, 4, 5, 3, 6, 7, 8, 9}));
    EXPECT_EQ(decode(t, t.encode("ab 日本語\n", true, true)), "ab 日本語\n");
    EXPECT_EQ(t.encode("aZ本", false, false), (std::vector<int>{4, 0, 7}));
    EXPECT_EQ(t.piece(1, 3), " ");  // no space stripping, no byte pieces
}

// run.c's encode written out plainly (a map lookup per pair, every round),
// against the tokenizer's cached-pairs merge loop, on random vocabularies.
std::vector<int> naive_run_c_encode(const std::vector<std::string>& vocab, const std::vector<float>& scores,
                                    const std::string& text) {
    std::map<std::string, int> ids;
    for (int i = static_cast<int>(vocab.size()) - 1; i >= 0; --i) ids[vocab[i]] = i;  // lowest id wins
    std::vector<int> t = {1};
    if (!text.empty() && ids.count(" ")) t.push_back(ids[" "]);
    for (std::size_t i = 0; i < text.size();) {
        std::size_t n = 1;
        while (i + n < text.size() && n < 4 && (static_cast<unsigned char>(text[i + n]) & 0xC0) == 0x80) ++n;
        auto it = ids.find(text.substr(i, n));
        if (it != ids.end()) t.push_back(it->second);
        else for (std::size_t k = 0; k < n; ++k) t.push_back(static_cast<unsigned char>(text[i + k]) + 3);
        i += n;
    }
    for (;;) {
        float best = -1e10f;
        int best_i = -1, best_id = -1;
        for (std::size_t i = 0; i + 1 < t.size(); ++i) {
            auto it = ids.find(vocab[t[i]] + vocab[t[i + 1]]);
            if (it != ids.end() && scores[it->second] > best) best = scores[it->second], best_i = int(i), best_id = it->second;
        }
        if (best_i < 0) return t;
        t[best_i] = best_id;
        t.erase(t.begin() + best_i + 1);
    }
}

TEST(ModelTokenizer, MergesEqualRunCsPlainLoopOnRandomVocabularies) {
    ref::Rng rng(ref::kSeed);
    const std::string alphabet[] = {"a", "b", "c", " ", "日", "本"};
    for (int trial = 0; trial < 40; ++trial) {
        std::vector<std::string> extra = {" ", "a", "b", "c"};
        for (int k = 0; k < 30; ++k) {
            std::string p;
            for (int n = 2 + static_cast<int>(rng.uniform(0, 3)); n > 0; --n) p += alphabet[static_cast<int>(rng.uniform(0, 6))];
            extra.push_back(p);
        }
        const std::vector<std::string> vocab = mref::bpe_vocab(extra);
        std::vector<float> scores;
        for (std::size_t i = 0; i < vocab.size(); ++i) scores.push_back(static_cast<float>(std::floor(rng.uniform(-8, 0))));
        const Tokenizer t = make(vocab, scores);
        std::string text;
        for (int n = static_cast<int>(rng.uniform(0, 40)); n > 0; --n) text += alphabet[static_cast<int>(rng.uniform(0, 6))];
        EXPECT_EQ(t.encode(text, true, false), naive_run_c_encode(vocab, scores, text)) << "text \"" << text << "\"";
    }
}

TEST(ModelTokenizer, InvalidUtf8IsEncodedByteByByteAndRoundTrips) {
    const Tokenizer t = make(mref::bpe_vocab(kPieces), kScores);
    const std::string junk = "\xff\x80\x80h\xe6\x97";  // stray bytes and a cut-off character
    EXPECT_EQ(decode(t, t.encode(junk, true, false)), junk);
}

TEST(ModelTokenizer, MalformedFilesSayWhatIsWrong) {
    const auto good = mref::tokenizer_bytes({"<unk>", "<s>", "</s>", "ab"}, {0, 0, 0, 1});
    Tokenizer t;
    auto load = [&](const std::vector<std::uint8_t>& b, int vocab = 0) {
        return Tokenizer::load(b.data(), b.size(), TokenizerKind::Bpe, vocab, &t).message;
    };
    EXPECT_EQ(load(good), "");
    EXPECT_EQ(load(good, 32000), "vocab_size 32000 in checkpoint but tokenizer has 4 tokens");
    EXPECT_EQ(load({1, 0}), "tokenizer truncated: max_token_length needs 4 bytes but the file has 2");
    for (std::size_t n = 1; n < good.size(); ++n) {  // at a token boundary the count is wrong
        const std::string m = load(std::vector<std::uint8_t>(good.begin(), good.begin() + n), 4);
        EXPECT_FALSE(m.empty()) << n;
    }
    auto past_end = good;
    past_end[good.size() - 6] = 9;  // the last token says 9 bytes; 2 are there
    EXPECT_EQ(load(past_end), "tokenizer truncated: token 3 needs 9 bytes at offset 48 but the file has 50");
    auto negative = good;
    negative[good.size() - 3] = 0xff;  // length 0xff000002 < 0
    negative[good.size() - 6] = 0xff;
    EXPECT_NE(load(negative).find("has a negative length"), std::string::npos) << load(negative);
    auto max_len = good;
    max_len[3] = 0x80;
    EXPECT_EQ(load(max_len), "tokenizer max_token_length (-2147483643) must not be negative");
    EXPECT_EQ(load(mref::tokenizer_bytes({"<unk>", "<s>"}, {})), "tokenizer has 2 tokens; at least 3 (<unk>, <s>, </s>) are needed");
}

}  // namespace
