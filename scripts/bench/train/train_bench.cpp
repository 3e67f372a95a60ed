// Milliseconds per training step (loss_and_gradients + clip + AdamW) of a
// llama-family model, natively:
//   attnscope_bench_train dim hidden layers heads kv_heads vocab seq_len B T steps [serve]
// Prints one JSON object: the median and best ms per step after two warm-up
// steps, tokens per second at the median, the parameter count, the first and last loss.
// With `serve` (interleaved.js): {"ready": true}, then one step per line read
// from stdin, answering {"ms", "cpu", "loss"} (wall and process CPU time).
#include <algorithm>
#include <chrono>
#include <ctime>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>
#include "attnscope/train/adamw.h"

using namespace attnscope;
using namespace attnscope::train;

int main(int argc, char** argv) {
    const bool serve = argc == 12 && std::string(argv[11]) == "serve";
    if (argc != 11 && !serve) {
        std::fprintf(stderr, "usage: %s dim hidden layers heads kv_heads vocab seq_len B T steps [serve]\n", argv[0]);
        return 2;
    }
    int v[10];
    for (int i = 0; i < 10; ++i) v[i] = std::atoi(argv[i + 1]);
    TrainConfig c;
    c.dim = v[0], c.hidden_dim = v[1], c.n_layers = v[2], c.n_heads = v[3], c.n_kv_heads = v[4];
    c.vocab_size = v[5], c.seq_len = v[6];
    c = with_family_defaults(c);
    const int B = v[7], T = v[8], steps = v[9];
    std::unique_ptr<TrainableModel> m;
    model::Outcome o = TrainableModel::create(c, 1, &m);
    if (!o.ok()) return std::fprintf(stderr, "%s\n", o.message.c_str()), 1;
    AdamWOptions opt;
    opt.clip_grad_norm = 1.f;
    std::unique_ptr<AdamW> a;
    if (!AdamW::create(m.get(), opt, &a).ok()) return 1;
    // The batch every implementation uses: token (7 (b T + t) + 3) mod V, next token as target.
    std::vector<std::int32_t> in(static_cast<std::size_t>(B) * T), tg(in.size());
    for (int i = 0; i < B * T; ++i) {
        in[i] = (7 * i + 3) % c.vocab_size;
        tg[i] = (7 * (i + 1) + 3) % c.vocab_size;
    }
    if (serve) {
        std::printf("{\"ready\": true}\n");
        std::fflush(stdout);
        for (std::string line; std::getline(std::cin, line);) {
            StepResult r;
            const auto t0 = std::chrono::steady_clock::now();
            const std::clock_t c0 = std::clock();
            o = a->step(in.data(), tg.data(), B, T, &r);
            const std::clock_t c1 = std::clock();
            const auto t1 = std::chrono::steady_clock::now();
            if (!o.ok()) return std::fprintf(stderr, "%s\n", o.message.c_str()), 1;
            std::printf("{\"ms\": %.3f, \"cpu\": %.3f, \"loss\": %.7g}\n",
                        std::chrono::duration<double, std::milli>(t1 - t0).count(),
                        1000.0 * double(c1 - c0) / CLOCKS_PER_SEC, double(r.loss));
            std::fflush(stdout);
        }
        return 0;
    }
    std::vector<double> ms;
    float first = 0, last = 0;
    for (int s = 0; s < steps + 2; ++s) {
        StepResult r;
        const auto t0 = std::chrono::steady_clock::now();
        o = a->step(in.data(), tg.data(), B, T, &r);
        const auto t1 = std::chrono::steady_clock::now();
        if (!o.ok()) return std::fprintf(stderr, "%s\n", o.message.c_str()), 1;
        if (s == 0) first = r.loss;
        last = r.loss;
        if (s >= 2) ms.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
    }
    std::sort(ms.begin(), ms.end());
    const double median = ms[ms.size() / 2];
    std::printf("{\"median_ms\": %.3f, \"best_ms\": %.3f, \"tokens_per_s\": %.1f, \"parameters\": %llu, "
                "\"steps\": %d, \"first_loss\": %.5f, \"last_loss\": %.5f}\n",
                median, ms.front(), B * T / (median / 1000.0),
                static_cast<unsigned long long>(m->num_parameters()), steps, first, last);
    return 0;
}
