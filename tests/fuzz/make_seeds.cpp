// Writes the seed corpus of fuzz_loaders: one small well-formed file per
// target (the byte layouts come from tests/cpp/model_builder.h), prefixed
// with the harness's target byte and split field. Usage: make_seeds <dir>
#include <cstdio>
#include <string>
#include <vector>
#include "../cpp/model_builder.h"

namespace {

void write(const std::string& path, int target, const std::vector<std::uint8_t>& a,
           const std::vector<std::uint8_t>& b = {}) {
    std::vector<std::uint8_t> f = {static_cast<std::uint8_t>(target), static_cast<std::uint8_t>(a.size() & 0xff),
                                   static_cast<std::uint8_t>(a.size() >> 8)};
    f.insert(f.end(), a.begin(), a.end());
    f.insert(f.end(), b.begin(), b.end());
    std::FILE* out = std::fopen(path.c_str(), "wb");
    if (!out) return;
    std::fwrite(f.data(), 1, f.size(), out);
    std::fclose(out);
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) return 2;
    const std::string dir = argv[1];
    const mref::Llama shared = mref::random_llama(8, 8, 1, 2, 1, 6, 4, true, 1);
    const mref::Llama unshared = mref::random_llama(8, 16, 2, 2, 2, 5, 3, false, 2);
    write(dir + "/legacy", 0, mref::legacy_bytes(shared));
    write(dir + "/legacy_unshared", 0, mref::legacy_bytes(unshared));
    write(dir + "/legacy_quantize", 1, mref::legacy_bytes(shared));
    write(dir + "/ak42_v1", 0, mref::ak42_v1_bytes(unshared));
    write(dir + "/ak42_v2", 0, mref::ak42_v2_bytes(shared, 4));
    write(dir + "/ak42_v2_unshared", 0, mref::ak42_v2_bytes(unshared, 8));
    const mref::Llama wide = mref::random_llama(64, 96, 1, 2, 1, 5, 3, true, 4);
    write(dir + "/ak42_v2_gs32", 0, mref::ak42_v2_bytes(wide, 32));
    write(dir + "/ak42_v2_gs64", 0, mref::ak42_v2_bytes(mref::random_llama(64, 128, 1, 2, 2, 4, 3, false, 5), 64));
    write(dir + "/agpt", 2, mref::agpt_bytes(mref::random_gpt2(8, 12, 1, 2, 6, 4, 3)));
    const std::vector<std::string> pieces = {" ", "a", "b", "ab", " ab", "日", "本", "日本"};
    std::vector<float> scores(259, 0.f);
    for (int i = 0; i < 8; ++i) scores.push_back(-static_cast<float>(i));
    write(dir + "/tokenizer_bpe", 3, mref::tokenizer_bytes(mref::bpe_vocab(pieces), scores));
    const std::vector<std::string> chars = {"<unk>", "<s>", "</s>", " ", "a", "日"};
    write(dir + "/tokenizer_char", 4, mref::tokenizer_bytes(chars, {}));
    write(dir + "/llama_and_char_tokenizer", 6, mref::legacy_bytes(shared), mref::tokenizer_bytes(chars, {}));
    write(dir + "/llama_and_bpe_tokenizer", 5, mref::legacy_bytes(shared),
          mref::tokenizer_bytes({"<unk>", "<s>", "</s>", " ", "a", "ab"}, {0, 0, 0, -1, -2, -3}));
    // Target 7 (HfReader): sizes, options, a control byte per tensor (0: F32, as expected), the limit byte.
    const std::vector<std::uint8_t> hf_llama = {0, 7, 7, 0, 1, 0, 5, 3, 0, 4, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 255};
    const std::vector<std::uint8_t> hf_gpt2 = {1, 7, 11, 0, 1, 1, 5, 3, 2, 12, 2, 0, 0, 1, 2, 0, 0, 1, 2, 0, 0, 1, 2,
                                               0, 0, 1, 2, 0, 255};
    write(dir + "/hf_llama", 7, hf_llama);
    write(dir + "/hf_gpt2_quantized", 7, hf_gpt2);
    return 0;
}
