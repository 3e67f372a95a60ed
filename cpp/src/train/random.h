// The seeded initialisation's random numbers, the same bits in every build:
// integer SplitMix64, and normals from Marsaglia's polar method whose
// logarithm uses + - * / only (libm's log may differ between builds).
#pragma once
#include <cstdint>

namespace attnscope::train {

class NormalStream {
  public:
    explicit NormalStream(std::uint64_t seed) : state_(seed) {}
    std::uint64_t next_u64();  // SplitMix64
    double uniform();          // [0, 1): top 53 bits / 2^53
    double normal();           // N(0, 1)

  private:
    std::uint64_t state_;
    double spare_ = 0.0;
    bool has_spare_ = false;
};

// Dropout masks, counter-based so a backward can draw again what its forward
// drew and a micro-batch draws what its rows would draw in the whole batch.
// mix(x) is SplitMix64's step: x + 0x9e3779b97f4a7c15, then its finaliser.
//   stream of a pass = mix(mix(seed) ^ step)
//   key of a tensor  = mix(stream ^ site)
//   element i kept   iff (mix(key ^ i) >> 40) >= threshold, threshold = floor(p 2^24)
// (scripts/gen_fixtures_train_objectives.py draws the same masks in numpy).
std::uint64_t mix64(std::uint64_t x);
std::uint64_t dropout_stream(std::uint64_t seed, std::uint64_t step);
inline std::uint64_t dropout_key(std::uint64_t stream, std::uint64_t site) { return mix64(stream ^ site); }
inline bool dropout_keeps(std::uint64_t key, std::uint64_t i, std::uint32_t threshold) {
    return (mix64(key ^ i) >> 40) >= threshold;
}
std::uint32_t dropout_threshold(float p);  // floor(p 2^24), p in [0, 1)

// ln(x) for finite x > 0 from + - * / only: x = m 2^e with m in [sqrt(1/2), sqrt(2)),
// ln m = 2 atanh((m - 1) / (m + 1)) summed to 1e-17 relative.
double portable_log(double x);

}  // namespace attnscope::train
