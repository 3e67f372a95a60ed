// The element-level facts of Hugging Face files that the reader (checkpoint_hf.cpp)
// and its read-back share: half-precision floats, and the order of q/k rows.
#pragma once
#include <cstdint>
#include <cstring>

namespace attnscope::model::hf {

// IEEE binary16 -> float32, exactly (every half is a float): subnormals,
// infinities and NaN payloads included.
inline float f16_to_f32(std::uint16_t h) {
    const std::uint32_t sign = static_cast<std::uint32_t>(h & 0x8000u) << 16;
    const std::uint32_t exp = (h >> 10) & 0x1fu, man = h & 0x3ffu;
    std::uint32_t bits;
    if (exp == 0x1f) {
        bits = sign | 0x7f800000u | (man << 13);
    } else if (exp != 0) {
        bits = sign | ((exp + 112u) << 23) | (man << 13);  // rebias 15 -> 127
    } else {
        const float v = static_cast<float>(man) * (1.0f / 16777216.0f);  // man * 2^-24, exact
        std::memcpy(&bits, &v, 4);
        bits |= sign;
    }
    float f;
    std::memcpy(&f, &bits, 4);
    return f;
}

// bfloat16 is the top half of a float32.
inline float bf16_to_f32(std::uint16_t b) {
    const std::uint32_t bits = static_cast<std::uint32_t>(b) << 16;
    float f;
    std::memcpy(&f, &bits, 4);
    return f;
}

// Hugging Face's Llama keeps q/k rows of each head in rotate-half order: the
// rotated pairs are (i, i + D/2). The engine (llama2.c, Meta's checkpoints)
// rotates (2i, 2i + 1). transformers' convert_llama_weights_to_hf.py turns
// Meta's rows into HF's with w.view(H, D/2, 2, C).transpose(1, 2): HF row
// h*D + s*D/2 + i holds Meta row h*D + 2i + s. These map one to the other.
inline std::uint64_t interleaved_row(std::uint64_t hf_row, std::uint64_t D) {
    const std::uint64_t head = hf_row / D, j = hf_row % D, half = D / 2;
    return head * D + (j < half ? 2 * j : 2 * (j - half) + 1);
}
inline std::uint64_t rotate_half_row(std::uint64_t row, std::uint64_t D) {
    const std::uint64_t head = row / D, j = row % D;
    return head * D + (j % 2) * (D / 2) + j / 2;
}

}  // namespace attnscope::model::hf
