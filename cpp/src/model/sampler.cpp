#include "attnscope/model/sampler.h"
#include <algorithm>
#include <cmath>
#include <limits>
#include "attnscope/model/kernels.h"

namespace attnscope::model {
namespace {

constexpr std::uint64_t kZeroSeedState = 0x9E3779B97F4A7C15ull;

// Descending probability, then ascending id; NaN sorts as the least likely
// (a comparator that NaN breaks would be undefined behaviour in std::sort).
bool more_likely(float pa, int a, float pb, int b) {
    const float ka = pa == pa ? pa : -std::numeric_limits<float>::infinity();
    const float kb = pb == pb ? pb : -std::numeric_limits<float>::infinity();
    return ka != kb ? ka > kb : a < b;
}

}  // namespace

Outcome Sampler::create(int vocab_size, const SamplerConfig& config, Sampler* out) {
    if (vocab_size <= 0) return failure(Status::InvalidArgument, "vocab_size (%d) must be positive", vocab_size);
    if (!(config.temperature >= 0.f) || std::isinf(config.temperature))
        return failure(Status::InvalidArgument, "temperature (%g) must be a finite number >= 0",
                       static_cast<double>(config.temperature));
    if (config.top_k < 0) return failure(Status::InvalidArgument, "top_k (%d) must be >= 0", config.top_k);
    if (config.top_p != config.top_p) return failure(Status::InvalidArgument, "top_p is NaN");
    Sampler s;
    s.config_ = config;
    s.vocab_size_ = vocab_size;
    s.state_ = config.seed != 0 ? config.seed : kZeroSeedState;
    s.candidates_.resize(static_cast<std::size_t>(vocab_size));
    *out = std::move(s);
    return {};
}

std::uint32_t Sampler::next_u32() {
    state_ ^= state_ >> 12;
    state_ ^= state_ << 25;
    state_ ^= state_ >> 27;
    return static_cast<std::uint32_t>((state_ * 0x2545F4914F6CDD1Dull) >> 32);
}

float Sampler::next_float() { return static_cast<float>(next_u32() >> 8) / 16777216.0f; }

int Sampler::sample(float* logits) {
    const int V = vocab_size_;
    if (config_.temperature == 0.f) return argmax(logits, V);
    for (int i = 0; i < V; ++i) logits[i] /= config_.temperature;
    vec_softmax(logits, V);
    const float coin = next_float();
    const bool top_k = config_.top_k > 0 && config_.top_k < V;
    const bool top_p = config_.top_p > 0.f && config_.top_p < 1.f;
    if (top_k || top_p) return sample_truncated(logits, coin);
    float cdf = 0.f;  // run.c's sample_mult
    for (int i = 0; i < V; ++i) {
        cdf += logits[i];
        if (coin < cdf) return i;
    }
    return V - 1;
}

int Sampler::sample_truncated(const float* probs, float coin) {
    const int V = vocab_size_;
    const float top_p = config_.top_p;
    int n = 0;
    auto by_rank = [](const Candidate& a, const Candidate& b) { return more_likely(a.p, a.id, b.p, b.id); };
    if (config_.top_k > 0 && config_.top_k < V) {
        for (int i = 0; i < V; ++i) candidates_[static_cast<std::size_t>(i)] = {probs[i], i};
        n = config_.top_k;
        std::partial_sort(candidates_.begin(), candidates_.begin() + n, candidates_.begin() + V, by_rank);
        float mass = 0.f;
        for (int i = 0; i < n; ++i) mass += candidates_[static_cast<std::size_t>(i)].p;
        for (int i = 0; i < n; ++i) candidates_[static_cast<std::size_t>(i)].p /= mass;
    } else {
        // run.c: tokens below (1 - top_p) / (V - 1) cannot be in the nucleus.
        const float cutoff = V > 1 ? (1.f - top_p) / static_cast<float>(V - 1) : 0.f;
        for (int i = 0; i < V; ++i)
            if (probs[i] >= cutoff) candidates_[static_cast<std::size_t>(n++)] = {probs[i], i};
        if (n == 0) return argmax(probs, V);  // only with NaN probabilities
        std::sort(candidates_.begin(), candidates_.begin() + n, by_rank);
    }
    int last = n - 1;
    float kept = 0.f;
    for (int i = 0; i < n; ++i) {
        kept += candidates_[static_cast<std::size_t>(i)].p;
        if (top_p > 0.f && top_p < 1.f && kept > top_p) {
            last = i;
            break;
        }
    }
    const float r = coin * kept;
    float cdf = 0.f;
    for (int i = 0; i <= last; ++i) {
        cdf += candidates_[static_cast<std::size_t>(i)].p;
        if (r < cdf) return candidates_[static_cast<std::size_t>(i)].id;
    }
    return candidates_[static_cast<std::size_t>(last)].id;
}

}  // namespace attnscope::model
