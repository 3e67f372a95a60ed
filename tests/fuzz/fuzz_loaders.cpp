// libFuzzer harness for everything that reads untrusted bytes: the llama2.c
// checkpoint reader (legacy, ak42 v1/v2, with and without quantize-at-load),
// the AGPT reader, tokenizer.bin (BPE and char), the Hugging Face reader
// (HfReader: sizes, tensor list, chunked writes; target 7), and what runs on
// a file that loaded (forward with attention traces, sampling, encode/decode).
// Built and run by scripts/fuzz.sh (clang, -fsanitize=fuzzer,address,undefined).
// Input: byte 0 picks the target (0..7); bytes 1-2 split checkpoint | tokenizer for
// the combined targets, and otherwise pick quantize-at-load (byte 2, bit 0;
// always for target 1) and its group size 2^(byte 1 % 7); the rest is the file.
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>
#include "attnscope/model/hf_reader.h"
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

// Target 7: a Hugging Face model as web/lib/hf hands it over, from the bytes:
// 12 bytes of sizes and options, then per expected tensor one control byte
// (skip, a wrong shape, a second copy, its dtype), a limit byte, then the
// tensors' chunks (a byte of rows per chunk, sometimes a wrong offset), the
// values cycling through the rest of the input.
void fuzz_hf(const std::uint8_t* d, std::size_t n) {
    if (n < 12) return;
    std::size_t at = 12;
    auto next = [&]() -> std::uint8_t { return at < n ? d[at++] : 0; };
    HfSpec s;
    s.arch = d[0] & 1 ? Arch::Gpt2 : Arch::Llama;
    s.dim = 1 + d[1] % 32, s.hidden_dim = 1 + d[2] % 48, s.n_layers = 1 + d[3] % 3;
    s.n_heads = 1 + d[4] % 4, s.n_kv_heads = 1 + d[5] % 4, s.vocab_size = 1 + d[6] % 40, s.seq_len = 1 + d[7] % 16;
    s.activation = static_cast<Activation>(d[8] % 5);
    s.bias = d[9] & 1, s.tied = d[9] & 2;
    s.norm_eps = (d[9] & 4) ? 1e-5f : 0.f;
    LoadOptions o;
    o.quantize_q8 = d[9] & 8;
    o.group_size = 1 << (d[10] % 6);
    o.max_seq_len = d[11] % 20;
    HfReader r;
    if (!r.begin(s, o).ok()) return;
    struct Added { int index; std::uint64_t bytes, row; };
    std::vector<Added> added;
    for (int role = 0; role < kHfRoleCount; ++role) {
        std::uint64_t rows = 0, cols = 0;
        if (!r.file_shape(static_cast<HfRole>(role), &rows, &cols)) continue;
        const int layers = role == 0 || role == 1 || role >= 22 ? 1 : r.config().n_layers;
        for (int l = 0; l < layers; ++l) {
            const std::uint8_t c = next();
            if ((c & 0xf0) == 0xf0) continue;  // missing
            const FileDtype dt = static_cast<FileDtype>(c % 4);
            const std::uint64_t fr = (c & 0x10) ? rows + 1 : rows;
            int index = -1;
            for (int copy = 0; copy < ((c & 0x20) ? 2 : 1); ++copy)
                if (r.add(static_cast<HfRole>(role), l, dt, fr, cols, &index).ok())
                    added.push_back({index, fr * cols * (dt == FileDtype::F32 ? 4 : 2), cols * (dt == FileDtype::F32 ? 4 : 2)});
        }
    }
    if (!r.allocate(next() < 16 ? 1000 : 1ull << 28).ok()) return;
    std::vector<std::uint8_t> chunk;
    for (const Added& a : added) {
        for (std::uint64_t off = 0; off < a.bytes;) {
            const std::uint8_t c = next();
            std::uint64_t len = (1 + c % 8) * a.row;
            if (len > a.bytes - off) len = a.bytes - off;
            if (c >= 250) len += 1;  // not whole rows
            chunk.resize(static_cast<std::size_t>(len));
            for (auto& b : chunk) b = d[(at++) % n];
            const std::uint64_t where = c == 249 ? off + a.row : off;
            if (!r.write(a.index, chunk.data(), where, len).ok()) break;
            off += len;
        }
    }
    std::unique_ptr<Transformer> m;
    if (!r.finish(&m).ok()) return;
    exercise_model(*m);
    std::vector<float> out(64 * 64 * 3);
    for (int role = 0; role < kHfRoleCount; ++role) read_hf_tensor(*m, static_cast<HfRole>(role), 0, out.data());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 3) return 0;
    const int target = data[0] % 8;
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
        case 7:
            fuzz_hf(data, size);
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
