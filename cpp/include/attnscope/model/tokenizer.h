// Tokenizers of the tiny models. Both read llama2.c's tokenizer.bin layout
// (docs/FORMATS.md): int32 max_token_length, then per token float32 score,
// int32 byte length, the bytes. The file must hold exactly vocab_size tokens.
//
//   Bpe  — run.c's encode/decode: a dummy-prefix " " token (when the text is
//          not empty and " " is in the vocabulary), each UTF-8 character its
//          token or its bytes as tokens 3 + byte (<0x00>..<0xFF>; 0 = <unk>
//          when the vocabulary has no such token), then merges of the adjacent
//          pair whose merged string has the highest score (first pair on
//          ties; scores <= -1e10 never merge). decode_piece strips the
//          leading space of the token after BOS and turns "<0xNN>" into byte NN.
//   Char — the default models: ids 0, 1, 2 are <unk>, <s>, </s>; every other
//          token is one UTF-8 character. Each character of the text is its
//          token (0 when unknown); no prefix, no merges; pieces are the tokens.
// BOS = 1, EOS = 2 in both. Text is bytes (UTF-8); pieces are bytes too, and a
// piece may be part of a character (byte tokens): join pieces before decoding UTF-8.
//
// Entry points: Tokenizer::load(bytes, size, kind, vocab_size, &tok) -> Outcome;
// tok.encode(text, len, bos, eos, tokens) (tokens holds len + 3); tok.piece(prev, id);
// tok.decode(ids, n) (BOS and EOS leave nothing).
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>
#include "attnscope/model/outcome.h"

namespace attnscope::model {

enum class TokenizerKind : int { Bpe = 0, Char = 1 };  // js: bpe char

constexpr int kBosToken = 1;
constexpr int kEosToken = 2;

class Tokenizer {
  public:
    // expected_vocab > 0: the checkpoint's vocab_size, which the file must match;
    // 0 accepts any count (at least 3).
    static Outcome load(const std::uint8_t* bytes, std::uint64_t size, TokenizerKind kind,
                        int expected_vocab, Tokenizer* out);

    // Token ids of `text` (len bytes) into tokens (room for len + 3); returns the count.
    int encode(const char* text, std::size_t len, bool bos, bool eos, int* tokens) const;
    std::vector<int> encode(std::string_view text, bool bos, bool eos) const;

    // The bytes token `id` prints after `prev` (run.c's decode). id must be < vocab_size().
    std::string_view piece(int prev, int id) const;
    // Pieces of ids[0..n) joined, BOS/EOS skipped; ids outside the vocabulary are an error.
    Outcome decode(const int* ids, int n, std::string* out) const;

    int vocab_size() const { return start_.empty() ? 0 : static_cast<int>(start_.size() - 1); }
    int max_piece_bytes() const { return max_piece_; }  // no piece is longer
    std::string_view token(int id) const {
        const std::size_t i = static_cast<std::size_t>(id);
        return std::string_view(bytes_).substr(start_[i], start_[i + 1] - start_[i]);
    }
    float score(int id) const { return score_[static_cast<std::size_t>(id)]; }
    TokenizerKind kind() const { return kind_; }

  private:
    int lookup(std::string_view s) const;  // id of the token spelt s, lowest id on duplicates; -1 if none
    // Append the tokens of text to tokens[0..n) (BPE merges may join tokens[0..n) too, as run.c's BOS).
    int encode_bpe(const char* text, std::size_t len, int* tokens, int n) const;
    int encode_char(const char* text, std::size_t len, int* tokens, int n) const;

    TokenizerKind kind_ = TokenizerKind::Bpe;
    std::string bytes_;                  // every token's bytes, back to back
    std::vector<std::size_t> start_;     // token i is bytes_[start_[i], start_[i+1])
    std::vector<float> score_;
    std::vector<int> sorted_;            // ids ordered by (text, id) for lookup
    int max_piece_ = 1;
    int space_id_ = -1;                  // the dummy prefix " ", or -1
};

}  // namespace attnscope::model
