// Native benchmark of the core (built with -march=native, linked to core_native):
// the same cases as scripts/bench/cases.js, the same timing policy as
// scripts/bench/node/timing.js. Prints one JSON object like the Node bench,
// with the kernel timing only (there is no copy across a boundary here).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>
#include "attnscope/attention.h"
#include "attnscope/block.h"
#include "attnscope/matmul.h"
#include "attnscope/simd.h"

using namespace attnscope;

namespace {

struct Timing {
    double median, min;
    int reps;
};

double now_ms() {
    using clock = std::chrono::steady_clock;
    return std::chrono::duration<double, std::milli>(clock::now().time_since_epoch()).count();
}

// Warm-up, then repetitions until both kMinReps and kMinMs are reached (or kMaxReps).
Timing time_it(const std::function<void()>& fn) {
    constexpr double kWarmupMs = 100, kMinMs = 300;
    constexpr int kMinReps = 5, kMaxReps = 200;
    const double w0 = now_ms();
    do fn(); while (now_ms() - w0 < kWarmupMs);
    std::vector<double> times;
    const double t0 = now_ms();
    while (static_cast<int>(times.size()) < kMaxReps &&
           (static_cast<int>(times.size()) < kMinReps || now_ms() - t0 < kMinMs)) {
        const double s = now_ms();
        fn();
        times.push_back(now_ms() - s);
    }
    std::sort(times.begin(), times.end());
    const std::size_t n = times.size(), mid = n / 2;
    const double median = n % 2 ? times[mid] : (times[mid - 1] + times[mid]) / 2;
    return {median, times[0], static_cast<int>(n)};
}

// Deterministic inputs in [-1, 1): the LCG the Node bench uses.
std::vector<float> random_floats(std::size_t n, std::uint32_t seed) {
    std::vector<float> x(n);
    for (auto& xi : x) {
        seed = seed * 1664525u + 1013904223u;
        xi = static_cast<float>(seed / 2147483648.0 - 1.0);
    }
    return x;
}

struct Case {
    std::string name;
    double flops;
    std::function<Timing()> run;
};

void check(Status status, const std::string& name) {
    if (status == Status::Ok) return;
    std::fprintf(stderr, "%s: %s\n", name.c_str(), to_string(status));
    std::exit(1);
}

// "sdpa H=8 N=512 D=64 causal" as cases.js names it.
Case attention_case(bool flash, int H, int N, int D, bool causal) {
    const double pairs = causal ? N * (N + 1.0) / 2 : static_cast<double>(N) * N;
    const std::string name = std::string(flash ? "flash" : "sdpa") + " H=" + std::to_string(H) +
                             " N=" + std::to_string(N) + " D=" + std::to_string(D) + (causal ? " causal" : "");
    return {name, 4.0 * H * D * pairs, [=] {
                const std::size_t n = static_cast<std::size_t>(H) * N * D;
                auto q = random_floats(n, 3), k = random_floats(n, 4), v = random_floats(n, 5);
                std::vector<float> out(n);
                AttentionParams p;
                p.H = p.Hkv = H;
                p.Nq = p.Nk = N;
                p.D = p.Dv = D;
                p.scale = 1.f / std::sqrt(static_cast<float>(D));
                p.causal = causal;
                Status status = Status::Ok;
                const Timing t = time_it([&] {
                    status = flash ? flash_attention(out.data(), q.data(), k.data(), v.data(), {}, p)
                                   : attention(out.data(), nullptr, q.data(), k.data(), v.data(), {}, p);
                });
                check(status, name);
                return t;
            }};
}

// Pre-LN block, LayerNorm with biases, GELU, not causal; weights [in, out]
// scaled by 1/sqrt(in) as scripts/bench/node/inputs.js does.
Timing block_case(int C, int H, int F, int T) {
    std::uint32_t seed = 10;
    auto w = [&](int in, int out) {
        auto x = random_floats(static_cast<std::size_t>(in) * out, seed++);
        for (auto& xi : x) xi /= std::sqrt(static_cast<float>(in));
        return x;
    };
    auto wq = w(C, C), wk = w(C, C), wv = w(C, C), wo = w(C, C), w1 = w(C, F), w2 = w(F, C);
    auto bq = random_floats(C, seed++), bk = random_floats(C, seed++), bv = random_floats(C, seed++),
         bo = random_floats(C, seed++), b1 = random_floats(F, seed++), b2 = random_floats(C, seed++);
    std::vector<float> ones(C, 1.f), zeros(C, 0.f);
    auto x = random_floats(static_cast<std::size_t>(T) * C, 6);
    std::vector<float> out(x.size());
    BlockWeights bw;
    bw.norm1_weight = bw.norm2_weight = ones.data();
    bw.norm1_bias = bw.norm2_bias = zeros.data();
    bw.attn = {wq.data(), bq.data(), wk.data(), bk.data(), wv.data(), bv.data(), wo.data(), bo.data()};
    bw.ffn = {w1.data(), b1.data(), nullptr, nullptr, w2.data(), b2.data()};
    BlockConfig cfg;
    cfg.attn.T = T, cfg.attn.C = C, cfg.attn.H = cfg.attn.Hkv = H;
    cfg.F = F;
    Status status = Status::Ok;
    const Timing t = time_it([&] {
        status = transformer_block(out.data(), x.data(), bw, cfg, {}, nullptr, 0, nullptr);
    });
    check(status, "block");
    return t;
}

// The cases of scripts/bench/cases.js, in the same order.
std::vector<Case> make_cases() {
    std::vector<Case> cases;
    // matmul 256x256x256: 2·M·K·N FLOPs.
    cases.push_back({"matmul 256x256x256", 2.0 * 256 * 256 * 256, [] {
        const int M = 256, K = 256, N = 256;
        auto a = random_floats(static_cast<std::size_t>(M) * K, 1);
        auto b = random_floats(static_cast<std::size_t>(K) * N, 2);
        std::vector<float> out(static_cast<std::size_t>(M) * N);
        return time_it([&] { matmul(out.data(), a.data(), b.data(), M, K, N); });
    }});
    // Attention H=8, N=512, D=64 (and the long cases below): 4·D FLOPs per allowed (query, key) pair.
    for (const bool flash : {false, true})
        for (const bool causal : {false, true}) cases.push_back(attention_case(flash, 8, 512, 64, causal));
    // A pre-LN block, FLOPs by countFlops' convention (web/lib/ops/count.js):
    // 2·T·(4·C² + 2·C·F) for the projections and the FFN, 4·C·T² for QKᵀ and PV.
    const int C = 256, H = 4, F = 1024, T = 256;
    cases.push_back({"block C=256 H=4 F=1024 T=256", 2.0 * T * (4.0 * C * C + 2.0 * C * F) + 4.0 * C * T * T,
                     [=] { return block_case(C, H, F, T); }});
    for (const bool flash : {false, true}) cases.push_back(attention_case(flash, 2, 2048, 64, false));
    return cases;
}

}  // namespace

// attnscope_bench [case index...]: all cases when none is given.
int main(int argc, char** argv) {
    const std::vector<Case> cases = make_cases();
    std::vector<int> picked;
    for (int i = 1; i < argc; ++i) {
        picked.push_back(std::atoi(argv[i]));
        if (picked.back() < 0 || picked.back() >= static_cast<int>(cases.size())) {
            std::fprintf(stderr, "no case %s; there are %zu\n", argv[i], cases.size());
            return 2;
        }
    }
    if (picked.empty())
        for (int i = 0; i < static_cast<int>(cases.size()); ++i) picked.push_back(i);

    std::printf("{\"backend\":\"native\",\"arch\":\"%s\",\"results\":[", simd_arch_name());
    for (std::size_t i = 0; i < picked.size(); ++i) {
        const Case& c = cases[picked[i]];
        const Timing t = c.run();
        std::printf("%s{\"name\":\"%s\",\"flops\":%.0f,\"kernel\":{\"median\":%.6f,\"min\":%.6f,\"reps\":%d}}",
                    i ? "," : "", c.name.c_str(), c.flops, t.median, t.min, t.reps);
    }
    std::printf("]}\n");
    return 0;
}
