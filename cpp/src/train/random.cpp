// SplitMix64 normals for the initialisation; the dropout masks' hash.
#include "random.h"
#include <cmath>

namespace attnscope::train {

std::uint64_t NormalStream::next_u64() {
    const std::uint64_t z = mix64(state_);
    state_ += 0x9e3779b97f4a7c15ull;
    return z;
}

std::uint64_t mix64(std::uint64_t x) {
    std::uint64_t z = x + 0x9e3779b97f4a7c15ull;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

std::uint64_t dropout_stream(std::uint64_t seed, std::uint64_t step) { return mix64(mix64(seed) ^ step); }

std::uint32_t dropout_threshold(float p) { return static_cast<std::uint32_t>(static_cast<double>(p) * 16777216.0); }

double NormalStream::uniform() { return static_cast<double>(next_u64() >> 11) * 0x1.0p-53; }

double NormalStream::normal() {
    if (has_spare_) {
        has_spare_ = false;
        return spare_;
    }
    double u, v, s;
    do {
        u = 2.0 * uniform() - 1.0;
        v = 2.0 * uniform() - 1.0;
        s = u * u + v * v;
    } while (s >= 1.0 || s == 0.0);
    const double f = std::sqrt(-2.0 * portable_log(s) / s);  // sqrt is correctly rounded everywhere
    spare_ = v * f;
    has_spare_ = true;
    return u * f;
}

double portable_log(double x) {
    int e = 0;
    double m = std::frexp(x, &e);  // exact: x = m 2^e, m in [0.5, 1)
    if (m < 0.70710678118654752) {
        m *= 2.0;
        e -= 1;
    }
    const double t = (m - 1.0) / (m + 1.0), t2 = t * t;  // |t| < 0.172
    double term = t, sum = 0.0;
    for (int k = 1; k < 60; k += 2) {  // t^k / k; 0.172^2 per step: ~22 terms reach 1e-17
        sum += term / k;
        term *= t2;
    }
    return 2.0 * sum + e * 0.69314718055994530942;
}

}  // namespace attnscope::train
