// Choosing the next token from logits (run.c's sampler, plus top-k).
//   temperature == 0: argmax (greedy; the first of equal maxima).
//   otherwise: p = softmax(logits / temperature); coin = next_float();
//     top_k in 1..V-1 keeps the k most probable tokens (renormalised),
//     top_p in (0, 1) then keeps the smallest prefix of them, most probable
//     first, whose mass exceeds top_p (run.c's sample_topp; with top_k on,
//     over the renormalised top-k, as Hugging Face's warpers);
//     the token is the first whose cumulative mass exceeds coin * kept mass.
// Ties in probability are ordered by token id, so the result never depends on
// a sort's stability. The random numbers are run.c's xorshift64* with the same
// float conversion, so a seed gives the same tokens natively and in wasm
// (seed 0 would stick at 0, so it is replaced by a fixed constant).
//
// Entry points: Sampler::create(V, config, &sampler) -> Outcome; sampler.sample(logits).
#pragma once
#include <cstdint>
#include <vector>
#include "attnscope/model/outcome.h"

namespace attnscope::model {

struct SamplerConfig {
    float temperature = 0.f;  // >= 0; 0 = greedy
    int top_k = 0;            // 0 (or >= V) = off
    float top_p = 1.f;        // <= 0 or >= 1 = off
    std::uint64_t seed = 1;
};

class Sampler {
  public:
    static Outcome create(int vocab_size, const SamplerConfig& config, Sampler* out);

    // Next token from logits (V); logits are overwritten with probabilities
    // unless greedy. Allocation-free (scratch is made by create).
    int sample(float* logits);

    std::uint32_t next_u32();  // xorshift64*: the high 32 bits
    float next_float();        // in [0, 1): (next_u32() >> 8) / 2^24
    const SamplerConfig& config() const { return config_; }

  private:
    struct Candidate {
        float p;
        int id;
    };
    int sample_truncated(const float* probs, float coin);

    SamplerConfig config_;
    int vocab_size_ = 0;
    std::uint64_t state_ = 1;
    std::vector<Candidate> candidates_;
};

}  // namespace attnscope::model
