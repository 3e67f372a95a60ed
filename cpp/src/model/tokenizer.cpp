// tokenizer.bin reading and run.c's BPE encode/decode (tokenizer.h says what
// each kind does). The merge loop keeps, for each adjacent pair, the id its
// merge would give, so each round scans scores instead of looking strings up:
// the same merges as run.c in O(n) lookups per round instead of O(n log V).
#include "attnscope/model/tokenizer.h"
#include <algorithm>
#include <cinttypes>
#include "attnscope/model/byte_reader.h"

namespace attnscope::model {
namespace {

constexpr Status kBad = Status::InvalidArgument;

struct BytePieces {
    char b[256];
    constexpr BytePieces() : b() {
        for (int i = 0; i < 256; ++i) b[i] = static_cast<char>(i);
    }
};
constexpr BytePieces kBytePieces;

int hex_value(char ch) {
    if (ch >= '0' && ch <= '9') return ch - '0';
    if (ch >= 'a' && ch <= 'f') return ch - 'a' + 10;
    if (ch >= 'A' && ch <= 'F') return ch - 'A' + 10;
    return -1;
}

bool is_continuation(char ch) { return (static_cast<unsigned char>(ch) & 0xC0) == 0x80; }

// run.c's grouping of the text into UTF-8 characters (at most 4 bytes; stray
// continuation bytes stand alone); calls f(bytes, n) for each.
template <typename F>
void for_each_char(const char* text, std::size_t len, F f) {
    std::size_t start = 0, n = 0;
    for (std::size_t c = 0; c < len; ++c) {
        if (!is_continuation(text[c]) || n == 0) {
            start = c;
            n = 0;
        }
        ++n;
        if (c + 1 < len && is_continuation(text[c + 1]) && n < 4) continue;
        f(text + start, n);
        n = 0;
    }
}

}  // namespace

Outcome Tokenizer::load(const std::uint8_t* bytes, std::uint64_t size, TokenizerKind kind,
                        int expected_vocab, Tokenizer* out) {
    if (!bytes && size > 0) return failure(kBad, "tokenizer bytes are null");
    if (kind != TokenizerKind::Bpe && kind != TokenizerKind::Char)
        return failure(kBad, "unknown tokenizer kind %d (0 = bpe, 1 = char)", static_cast<int>(kind));
    ByteReader r(bytes, size);
    std::int32_t max_len = 0;
    if (!r.read(&max_len))
        return failure(kBad, "tokenizer truncated: max_token_length needs 4 bytes but the file has %" PRIu64, size);
    if (max_len < 0) return failure(kBad, "tokenizer max_token_length (%d) must not be negative", max_len);
    Tokenizer t;
    t.kind_ = kind;
    t.start_.push_back(0);
    while (r.remaining() > 0) {
        const int id = static_cast<int>(t.score_.size());
        const std::uint64_t at = r.offset();
        float score = 0.f;
        std::int32_t len = 0;
        if (id == INT32_MAX - 1) return failure(kBad, "tokenizer has more than %d tokens", id);
        if (!r.read(&score) || !r.read(&len))
            return failure(kBad, "tokenizer truncated: token %d needs 8 bytes (score, length) at offset %" PRIu64
                           " but the file has %" PRIu64, id, at, size);
        if (len < 0) return failure(kBad, "tokenizer token %d has a negative length (%d) at offset %" PRIu64,
                                    id, len, at + 4);
        const std::uint8_t* p = r.take(static_cast<std::uint64_t>(len));
        if (!p)
            return failure(kBad, "tokenizer truncated: token %d needs %d bytes at offset %" PRIu64
                           " but the file has %" PRIu64, id, len, at + 8, size);
        t.bytes_.append(reinterpret_cast<const char*>(p), static_cast<std::size_t>(len));
        t.start_.push_back(t.bytes_.size());
        t.score_.push_back(score);
        t.max_piece_ = std::max(t.max_piece_, static_cast<int>(len));
    }
    const int count = t.vocab_size();
    if (expected_vocab > 0 && count != expected_vocab)
        return failure(kBad, "vocab_size %d in checkpoint but tokenizer has %d tokens", expected_vocab, count);
    if (count < 3)
        return failure(kBad, "tokenizer has %d tokens; at least 3 (<unk>, <s>, </s>) are needed", count);
    t.sorted_.resize(static_cast<std::size_t>(count));
    for (int i = 0; i < count; ++i) t.sorted_[static_cast<std::size_t>(i)] = i;
    std::sort(t.sorted_.begin(), t.sorted_.end(), [&t](int a, int b) {
        const int c = t.token(a).compare(t.token(b));
        return c != 0 ? c < 0 : a < b;
    });
    t.space_id_ = t.lookup(" ");
    *out = std::move(t);
    return {};
}

int Tokenizer::lookup(std::string_view s) const {
    auto it = std::lower_bound(sorted_.begin(), sorted_.end(), s,
                               [this](int id, std::string_view key) { return token(id) < key; });
    return it != sorted_.end() && token(*it) == s ? *it : -1;
}

int Tokenizer::encode(const char* text, std::size_t len, bool bos, bool eos, int* tokens) const {
    int n = 0;
    if (bos) tokens[n++] = kBosToken;
    n = kind_ == TokenizerKind::Bpe ? encode_bpe(text, len, tokens, n) : encode_char(text, len, tokens, n);
    if (eos) tokens[n++] = kEosToken;
    return n;
}

std::vector<int> Tokenizer::encode(std::string_view text, bool bos, bool eos) const {
    std::vector<int> ids(text.size() + 3);
    ids.resize(static_cast<std::size_t>(encode(text.data(), text.size(), bos, eos, ids.data())));
    return ids;
}

int Tokenizer::encode_char(const char* text, std::size_t len, int* tokens, int n) const {
    for_each_char(text, len, [&](const char* ch, std::size_t k) {
        const int id = lookup(std::string_view(ch, k));
        tokens[n++] = id >= 0 ? id : 0;
    });
    return n;
}

int Tokenizer::encode_bpe(const char* text, std::size_t len, int* tokens, int n) const {
    if (len > 0 && space_id_ >= 0) tokens[n++] = space_id_;
    const int V = vocab_size();
    for_each_char(text, len, [&](const char* ch, std::size_t k) {
        const int id = lookup(std::string_view(ch, k));
        if (id >= 0) {
            tokens[n++] = id;
            return;
        }
        for (std::size_t i = 0; i < k; ++i) {  // byte fallback: <0xNN> is token NN + 3
            const int b = static_cast<unsigned char>(ch[i]) + 3;
            tokens[n++] = b < V ? b : 0;
        }
    });

    std::string joined;
    auto merge_id = [&](int i) {  // the token spelt tokens[i] + tokens[i+1], or -1
        joined.assign(token(tokens[i]));
        joined.append(token(tokens[i + 1]));
        return lookup(joined);
    };
    std::vector<int> merged(n > 1 ? static_cast<std::size_t>(n - 1) : 0);
    for (int i = 0; i + 1 < n; ++i) merged[static_cast<std::size_t>(i)] = merge_id(i);
    for (;;) {
        float best_score = -1e10f;
        int best = -1;
        for (int i = 0; i + 1 < n; ++i) {
            const int id = merged[static_cast<std::size_t>(i)];
            if (id >= 0 && score_[static_cast<std::size_t>(id)] > best_score) {
                best_score = score_[static_cast<std::size_t>(id)];
                best = i;
            }
        }
        if (best < 0) break;
        tokens[best] = merged[static_cast<std::size_t>(best)];
        std::copy(tokens + best + 2, tokens + n, tokens + best + 1);
        --n;
        merged.erase(merged.begin() + best);
        if (best > 0) merged[static_cast<std::size_t>(best - 1)] = merge_id(best - 1);
        if (best + 1 < n) merged[static_cast<std::size_t>(best)] = merge_id(best);
    }
    return n;
}

std::string_view Tokenizer::piece(int prev, int id) const {
    std::string_view p = token(id);
    if (kind_ == TokenizerKind::Char) return p;
    if (prev == kBosToken && !p.empty() && p[0] == ' ') p.remove_prefix(1);
    if (p.size() == 6 && p.substr(0, 3) == "<0x" && p[5] == '>') {
        const int hi = hex_value(p[3]), lo = hex_value(p[4]);
        if (hi >= 0 && lo >= 0) return std::string_view(kBytePieces.b + hi * 16 + lo, 1);
    }
    return p;
}

Outcome Tokenizer::decode(const int* ids, int n, std::string* out) const {
    out->clear();
    for (int i = 0; i < n; ++i) {
        const int id = ids[i];
        if (id < 0 || id >= vocab_size())
            return failure(kBad, "token %d at index %d is outside the vocabulary 0..%d", id, i, vocab_size() - 1);
        if (id == kBosToken || id == kEosToken) continue;
        out->append(piece(i > 0 ? ids[i - 1] : -1, id));
    }
    return {};
}

}  // namespace attnscope::model
