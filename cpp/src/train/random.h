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

// ln(x) for finite x > 0 from + - * / only: x = m 2^e with m in [sqrt(1/2), sqrt(2)),
// ln m = 2 atanh((m - 1) / (m + 1)) summed to 1e-17 relative.
double portable_log(double x);

}  // namespace attnscope::train
