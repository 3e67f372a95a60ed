// libFuzzer harness for everything that reads untrusted bytes: the llama2.c
// checkpoint reader (legacy, ak42 v1/v2, with and without quantize-at-load),
// the AGPT reader, tokenizer.bin (BPE and char), and what runs on a file that
// loaded (forward with attention traces, sampling, encode/decode).
// Built and run by scripts/fuzz.sh (clang, -fsanitize=fuzzer,address,undefined).
// Input: byte 0 picks the target; bytes 1-2 split checkpoint | tokenizer for
// the combined targets, and otherwise pick quantize-at-load (byte 2, bit 0;
// always for target 1) and its group size 2^(byte 1 % 7); the rest is the file.
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>
#include "attnscope/model/sampler.h"
#include "attnscope/model/tokenizer.h"
#include "attnscope/model/transformer.h"

using namespace attnscope::model;

namespace {

void exercise_model(Transformer& m) {
    const ModelConfig& c = m.config();
    std::vector<float> trace(static_cast<std::size_t>(c.n_layers) * c.n_heads * 3);
    SamplerConfig sc;
    sc.temperature = 0.9f;
    sc.top_k = 3;
    sc.top_p = 0.8f;
    Sampler s;
    if (!Sampler::create(c.vocab_size, sc, &s).ok()) __builtin_trap();
    int token = 1 % c.vocab_size;
    for (int pos = 0; pos < 3 && pos < c.seq_len; ++pos) {
        if (!m.forward(token, pos, trace.data()).ok()) __builtin_trap();
        token = s.sample(m.logits());
        if (token < 0 || token >= c.vocab_size) __builtin_trap();
    }
    if (m.forward(c.vocab_size, 0).ok() || m.forward(0, c.seq_len).ok()) __builtin_trap();
}

void exercise_tokenizer(const Tokenizer& t, const std::uint8_t* data, std::size_t size) {
    const std::string texts[] = {"hello world", "日本語のテキスト", "\xff\x80 \xe6\x97", "",
                                 std::string(reinterpret_cast<const char*>(data), size < 64 ? size : 64)};
    for (const std::string& text : texts) {
        const std::vector<int> ids = t.encode(text, true, true);
        if (ids.size() > text.size() + 3) __builtin_trap();
        std::string out;
        if (!t.decode(ids.data(), static_cast<int>(ids.size()), &out).ok()) __builtin_trap();
        for (std::size_t i = 0; i < ids.size(); ++i) {
            if (ids[i] < 0 || ids[i] >= t.vocab_size()) __builtin_trap();
            if (t.piece(i ? ids[i - 1] : 1, ids[i]).size() > static_cast<std::size_t>(t.max_piece_bytes()))
                __builtin_trap();
        }
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 3) return 0;
    const int target = data[0] % 7;
    const std::size_t split = static_cast<std::size_t>(data[1] | data[2] << 8);
    data += 3;
    size -= 3;
    LoadOptions opt;
    opt.max_seq_len = 16;  // keeps KV caches small; the file's own seq_len is still checked
    opt.quantize_q8 = target == 1 || (target == 2 && (data[-1] & 1));
    opt.group_size = 1 << (data[-2] % 7);
    std::unique_ptr<Transformer> m;
    Tokenizer t;
    switch (target) {
        case 0:
        case 1:
            if (Transformer::load_llama2c(data, size, opt, &m).ok()) exercise_model(*m);
            break;
        case 2:
            if (Transformer::load_gpt2(data, size, opt, &m).ok()) exercise_model(*m);
            break;
        case 3:
        case 4:
            if (Tokenizer::load(data, size, target == 3 ? TokenizerKind::Bpe : TokenizerKind::Char, 0, &t).ok())
                exercise_tokenizer(t, data, size);
            break;
        default: {  // checkpoint then tokenizer, with the vocab check between them
            const std::size_t cut = split < size ? split : size;
            if (!Transformer::load_llama2c(data, cut, opt, &m).ok()) break;
            const TokenizerKind kind = target == 5 ? TokenizerKind::Bpe : TokenizerKind::Char;
            if (Tokenizer::load(data + cut, size - cut, kind, m->config().vocab_size, &t).ok()) {
                exercise_tokenizer(t, data, size);
                exercise_model(*m);
            }
        }
    }
    return 0;
}
