// Native benchmark of the core (built with -march=native, linked to core_native):
// the same cases as scripts/bench/cases.js, the same timing policy as
// scripts/bench/node/timing.js. Prints one JSON object like the Node bench,
// with the kernel timing only (there is no copy across a boundary here).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>
#include "attnscope/attention.h"
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
    constexpr double kWarmupMs = 100, kMinMs = 400;
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

void print_result(bool first, const std::string& name, double flops, const Timing& t) {
    std::printf("%s{\"name\":\"%s\",\"flops\":%.0f,\"kernel\":{\"median\":%.6f,\"min\":%.6f,\"reps\":%d}}",
                first ? "" : ",", name.c_str(), flops, t.median, t.min, t.reps);
}

}  // namespace

int main() {
    std::printf("{\"backend\":\"native\",\"arch\":\"%s\",\"results\":[", simd_arch_name());

    // matmul 256x256x256: 2·M·K·N FLOPs.
    {
        const int M = 256, K = 256, N = 256;
        auto a = random_floats(static_cast<std::size_t>(M) * K, 1);
        auto b = random_floats(static_cast<std::size_t>(K) * N, 2);
        std::vector<float> out(static_cast<std::size_t>(M) * N);
        const Timing t = time_it([&] { matmul(out.data(), a.data(), b.data(), M, K, N); });
        print_result(true, "matmul 256x256x256", 2.0 * M * K * N, t);
    }

    // Attention H=8, N=512, D=64: 4·D FLOPs per allowed (query, key) pair.
    const int H = 8, N = 512, D = 64;
    const std::size_t n = static_cast<std::size_t>(H) * N * D;
    auto q = random_floats(n, 3), k = random_floats(n, 4), v = random_floats(n, 5);
    std::vector<float> out(n);
    for (const char* op : {"sdpa", "flash"}) {
        for (bool causal : {false, true}) {
            AttentionParams p;
            p.H = p.Hkv = H;
            p.Nq = p.Nk = N;
            p.D = p.Dv = D;
            p.scale = 1.f / std::sqrt(static_cast<float>(D));
            p.causal = causal;
            const bool flash = std::string(op) == "flash";
            Status status = Status::Ok;
            const Timing t = time_it([&] {
                status = flash ? flash_attention(out.data(), q.data(), k.data(), v.data(), {}, p)
                               : attention(out.data(), nullptr, q.data(), k.data(), v.data(), {}, p);
            });
            if (status != Status::Ok) {
                std::fprintf(stderr, "%s: %s\n", op, to_string(status));
                return 1;
            }
            const double pairs = causal ? N * (N + 1.0) / 2 : static_cast<double>(N) * N;
            const std::string name = std::string(op) + " H=8 N=512 D=64" + (causal ? " causal" : "");
            print_result(false, name, 4.0 * H * D * pairs, t);
        }
    }
    std::printf("]}\n");
    return 0;
}
