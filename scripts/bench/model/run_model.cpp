// Tiny models natively, for people and for the benchmarks:
//   attnscope_run_model bench <260k|15m|gpt2-124m> [--q8] [--steps N] [--reps R]
//       greedy generation from BOS on random weights; prints tok/s (JSON line)
//   attnscope_run_model prefill <260k|15m|gpt2-124m> [--q8] [--tokens N] [--reps R]
//       a prompt of N tokens (default 128) through forward_sequence (one call)
//       and through forward() token by token, interleaved; prints tok/s of
//       each (processor time) and whether the last logits agree bit for bit
//   attnscope_run_model random <260k|15m|gpt2-124m> <out.bin>
//       writes a random-weight checkpoint (seeded, fixed): llama2.c legacy,
//       or AGPT version 1 (GPT-2's block, docs/FORMATS.md) for gpt2-124m
//   attnscope_run_model generate <checkpoint> <tokenizer> [--gpt2] [--char] [--q8]
//       [-i prompt] [-n steps] [-t temperature] [-k top_k] [-p top_p] [-s seed]
// Shapes: 260K = dim 64, hidden 172, 5 layers, 8 heads, 4 KV heads, vocab
// 512, seq 512; 15M = 288, 768, 6, 6, 6, 32000, 256 (llama2.c's); GPT-2
// 124M = 768, 3072, 12, 12, 12, 50257, 1024 (GPT-2's smallest: LayerNorm,
// GELU, learned positions, biases, tied embedding; 498 MB of fp32).
#include <algorithm>
#include <chrono>
#include <ctime>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <utility>
#include <vector>
#include "attnscope/model/kernels.h"
#include "attnscope/model/sampler.h"
#include "attnscope/model/tokenizer.h"
#include "attnscope/model/transformer.h"

using namespace attnscope::model;

namespace {

struct Shape {
    const char* name;
    std::int32_t dim, hidden, layers, heads, kv_heads, vocab, seq;
    bool gpt2;  // an AGPT v1 checkpoint, else llama2.c legacy
};
const Shape kShapes[] = {{"260k", 64, 172, 5, 8, 4, 512, 512, false},
                         {"15m", 288, 768, 6, 6, 6, 32000, 256, false},
                         {"gpt2-124m", 768, 3072, 12, 12, 12, 50257, 1024, true}};

const Shape* find_shape(const char* name) {
    for (const Shape& s : kShapes)
        if (std::strcmp(s.name, name) == 0) return &s;
    std::fprintf(stderr, "unknown shape %s (260k, 15m or gpt2-124m)\n", name);
    return nullptr;
}

// A legacy checkpoint (shared classifier: header, then every float in file
// order), or for a GPT-2 shape an AGPT v1 one (256-byte header, then every
// float in llm.c's order); the floats uniform in ±0.1 from a seeded LCG.
std::vector<std::uint8_t> random_checkpoint(const Shape& s) {
    const std::uint64_t C = s.dim, F = s.hidden, L = s.layers, V = s.vocab, D = s.dim / s.heads, T = s.seq;
    const std::uint64_t KV = D * s.kv_heads;
    const std::uint64_t floats =
        s.gpt2 ? V * C + T * C + L * (2 * C + 3 * C * C + 3 * C + C * C + C + 2 * C + F * C + F + C * F + C) + 2 * C
               : V * C + L * C + L * C * C * 2 + L * KV * C * 2 + L * C + 3 * L * F * C + C + T * D;
    const std::size_t header_bytes = s.gpt2 ? 256 : 28;
    std::vector<std::uint8_t> file(header_bytes + floats * 4);
    if (s.gpt2) {
        const std::int32_t header[7] = {1, s.dim, s.hidden, s.layers, s.heads, s.vocab, s.seq};
        std::memcpy(file.data(), "AGPT", 4);
        std::memcpy(file.data() + 4, header, sizeof header);
    } else {
        const std::int32_t header[7] = {s.dim, s.hidden, s.layers, s.heads, s.kv_heads, s.vocab, s.seq};
        std::memcpy(file.data(), header, sizeof header);
    }
    std::uint32_t seed = 42;
    for (std::uint64_t i = 0; i < floats; ++i) {
        seed = seed * 1664525u + 1013904223u;
        const float v = static_cast<float>((seed / 2147483648.0 - 1.0) * 0.1);
        std::memcpy(file.data() + header_bytes + i * 4, &v, 4);
    }
    return file;
}

bool read_file(const char* path, std::vector<std::uint8_t>* out) {
    std::FILE* f = std::fopen(path, "rb");
    if (!f) return false;
    std::fseek(f, 0, SEEK_END);
    out->resize(static_cast<std::size_t>(std::ftell(f)));
    std::fseek(f, 0, SEEK_SET);
    const bool ok = std::fread(out->data(), 1, out->size(), f) == out->size();
    std::fclose(f);
    return ok;
}

double now_s() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}
// Processor time of this process: steadier than wall time on a busy machine.
double cpu_s() { return static_cast<double>(std::clock()) / CLOCKS_PER_SEC; }

// The shape's seeded random checkpoint, loaded (null, with a message, if it fails).
std::unique_ptr<Transformer> random_model(const Shape& s, bool q8) {
    const std::vector<std::uint8_t> file = random_checkpoint(s);
    LoadOptions opt;
    opt.quantize_q8 = q8;
    std::unique_ptr<Transformer> m;
    const Outcome o = s.gpt2 ? Transformer::load_gpt2(file.data(), file.size(), opt, &m)
                             : Transformer::load_llama2c(file.data(), file.size(), opt, &m);
    if (!o.ok()) std::fprintf(stderr, "%s\n", o.message.c_str());
    return o.ok() ? std::move(m) : nullptr;
}

int bench(const Shape& s, bool q8, int steps, int reps) {
    std::unique_ptr<Transformer> m = random_model(s, q8);
    if (!m) return 1;
    if (steps > m->config().seq_len) steps = m->config().seq_len;
    double best = 0, best_cpu = 0;
    int last = 0;
    for (int r = 0; r < reps; ++r) {
        const double t0 = now_s(), c0 = cpu_s();
        int token = kBosToken;
        for (int pos = 0; pos < steps; ++pos) {
            m->forward(token, pos);
            token = argmax(m->logits(), m->config().vocab_size);
        }
        const double tps = steps / (now_s() - t0), cpu_tps = steps / (cpu_s() - c0);
        if (tps > best) best = tps;
        if (cpu_tps > best_cpu) best_cpu = cpu_tps;
        last = token;
    }
    std::printf("{\"shape\":\"%s\",\"weights\":\"%s\",\"group_size\":%d,\"steps\":%d,\"best_tok_s\":%.1f,"
                "\"best_tok_s_cpu_time\":%.1f,\"last_token\":%d}\n",
                s.name, q8 ? "q8_0" : "f32", m->config().group_size, steps, best, best_cpu, last);
    return 0;
}

int prefill(const Shape& s, bool q8, int tokens, int reps) {
    std::unique_ptr<Transformer> m = random_model(s, q8);
    if (!m) return 1;
    const int V = m->config().vocab_size;
    if (tokens > m->config().seq_len) tokens = m->config().seq_len;
    std::vector<int> ids(static_cast<std::size_t>(tokens));
    for (int i = 0; i < tokens; ++i) ids[static_cast<std::size_t>(i)] = i == 0 ? kBosToken : (i * 37 + 11) % V;
    std::vector<float> seq_logits(static_cast<std::size_t>(V)), step_logits;
    double best_seq = 0, best_step = 0;
    for (int r = 0; r < reps; ++r) {  // interleaved: both see the same machine load
        double c0 = cpu_s();
        for (int pos = 0; pos < tokens; ++pos) m->forward(ids[static_cast<std::size_t>(pos)], pos);
        best_step = std::max(best_step, tokens / (cpu_s() - c0));
        step_logits.assign(m->logits(), m->logits() + V);
        c0 = cpu_s();
        m->forward_sequence(ids.data(), tokens, 0, 1, seq_logits.data(), nullptr);
        best_seq = std::max(best_seq, tokens / (cpu_s() - c0));
    }
    const bool same = std::memcmp(seq_logits.data(), step_logits.data(), sizeof(float) * V) == 0;
    std::printf("{\"shape\":\"%s\",\"weights\":\"%s\",\"tokens\":%d,\"sequence_tok_s\":%.1f,"
                "\"stepwise_tok_s\":%.1f,\"same_logits\":%s}\n",
                s.name, q8 ? "q8_0" : "f32", tokens, best_seq, best_step, same ? "true" : "false");
    return 0;
}

int generate(int argc, char** argv) {
    if (argc < 4) return std::fprintf(stderr, "generate <checkpoint> <tokenizer> [options]\n"), 2;
    std::vector<std::uint8_t> ckpt, tok;
    if (!read_file(argv[2], &ckpt) || !read_file(argv[3], &tok))
        return std::fprintf(stderr, "cannot read %s or %s\n", argv[2], argv[3]), 1;
    bool gpt2 = false;
    TokenizerKind kind = TokenizerKind::Bpe;
    LoadOptions opt;
    SamplerConfig sc;
    sc.temperature = 1.f;
    sc.top_p = 0.9f;
    std::string prompt;
    int steps = 256;
    for (int i = 4; i < argc; ++i) {
        const std::string a = argv[i];
        const char* v = i + 1 < argc ? argv[i + 1] : "";
        if (a == "--gpt2") gpt2 = true;
        else if (a == "--char") kind = TokenizerKind::Char;
        else if (a == "--q8") opt.quantize_q8 = true;
        else if (a == "-i") prompt = v, ++i;
        else if (a == "-n") steps = std::atoi(v), ++i;
        else if (a == "-t") sc.temperature = static_cast<float>(std::atof(v)), ++i;
        else if (a == "-k") sc.top_k = std::atoi(v), ++i;
        else if (a == "-p") sc.top_p = static_cast<float>(std::atof(v)), ++i;
        else if (a == "-s") sc.seed = std::strtoull(v, nullptr, 10), ++i;
        else return std::fprintf(stderr, "unknown option %s\n", a.c_str()), 2;
    }
    std::unique_ptr<Transformer> m;
    Outcome o = gpt2 ? Transformer::load_gpt2(ckpt.data(), ckpt.size(), opt, &m)
                     : Transformer::load_llama2c(ckpt.data(), ckpt.size(), opt, &m);
    Tokenizer t;
    if (o.ok()) o = Tokenizer::load(tok.data(), tok.size(), kind, m->config().vocab_size, &t);
    Sampler sampler;
    if (o.ok()) o = Sampler::create(m->config().vocab_size, sc, &sampler);
    if (!o.ok()) return std::fprintf(stderr, "%s\n", o.message.c_str()), 1;
    const std::vector<int> ids = t.encode(prompt, true, false);
    if (steps > m->config().seq_len) steps = m->config().seq_len;
    int token = ids[0], pos = 0;
    const double t0 = now_s();
    for (; pos < steps; ++pos) {
        m->forward(token, pos);
        const int next = pos + 1 < static_cast<int>(ids.size()) ? ids[static_cast<std::size_t>(pos + 1)]
                                                                 : sampler.sample(m->logits());
        if (next == kBosToken || next == kEosToken) break;
        const std::string_view p = t.piece(token, next);
        std::fwrite(p.data(), 1, p.size(), stdout);
        std::fflush(stdout);
        token = next;
    }
    std::fprintf(stderr, "\n%.1f tok/s\n", pos / (now_s() - t0));
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    const std::string mode = argc > 1 ? argv[1] : "";
    if ((mode == "bench" || mode == "prefill") && argc > 2) {
        const Shape* s = find_shape(argv[2]);
        // bench: --steps generated tokens; prefill: --tokens in the prompt.
        const char* count_flag = mode == "bench" ? "--steps" : "--tokens";
        bool q8 = false;
        int count = mode == "bench" ? 256 : 128, reps = 5;
        for (int i = 3; i < argc; ++i) {
            if (std::strcmp(argv[i], "--q8") == 0) q8 = true;
            else if (std::strcmp(argv[i], count_flag) == 0 && i + 1 < argc) count = std::atoi(argv[++i]);
            else if (std::strcmp(argv[i], "--reps") == 0 && i + 1 < argc) reps = std::atoi(argv[++i]);
        }
        if (!s) return 2;
        return mode == "bench" ? bench(*s, q8, count, reps) : prefill(*s, q8, count, reps);
    }
    if (mode == "random" && argc > 3) {
        const Shape* s = find_shape(argv[2]);
        if (!s) return 2;
        const std::vector<std::uint8_t> file = random_checkpoint(*s);
        std::FILE* f = std::fopen(argv[3], "wb");
        if (!f || std::fwrite(file.data(), 1, file.size(), f) != file.size()) return 1;
        std::fclose(f);
        return 0;
    }
    if (mode == "generate") return generate(argc, argv);
    std::fprintf(stderr, "usage: see the comment at the top of scripts/bench/model/run_model.cpp\n");
    return 2;
}
