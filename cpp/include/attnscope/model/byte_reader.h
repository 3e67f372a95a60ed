// Bounds-checked little-endian reader over (data, size) for the file loaders.
// Every read says whether the bytes were there; nothing reads past the end.
// Offsets and sizes are 64-bit so that size arithmetic cannot wrap on wasm32.
#pragma once
#include <cstdint>
#include <cstring>

namespace attnscope::model {

class ByteReader {
  public:
    ByteReader(const std::uint8_t* data, std::uint64_t size) : data_(data), size_(size) {}

    std::uint64_t offset() const { return pos_; }
    std::uint64_t size() const { return size_; }
    std::uint64_t remaining() const { return size_ - pos_; }
    bool has(std::uint64_t n) const { return n <= remaining(); }

    // A pointer to the next n bytes and advances past them, or null (and no
    // move) when fewer than n remain.
    const std::uint8_t* take(std::uint64_t n) {
        if (!has(n)) return nullptr;
        const std::uint8_t* p = data_ + pos_;
        pos_ += n;
        return p;
    }
    bool skip(std::uint64_t n) { return take(n) != nullptr || n == 0; }

    template <typename T>
    bool read(T* out) {
        const std::uint8_t* p = take(sizeof(T));
        if (!p) return false;
        std::memcpy(out, p, sizeof(T));  // the file is little-endian, as x86 and wasm
        return true;
    }

  private:
    const std::uint8_t* data_;
    std::uint64_t size_;
    std::uint64_t pos_ = 0;
};

}  // namespace attnscope::model
