#pragma once
#include "internal.h"
// XXH3-128: the whole-file hash every transfer is verified with. Fast enough
// (~10x MD5) that verifying costs little next to the disk and the network.

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

namespace fg {

using Hash128 = std::array<uint8_t, 16>;

class Hasher128 {
public:
    Hasher128();
    ~Hasher128();
    Hasher128(const Hasher128&) = delete;
    Hasher128& operator=(const Hasher128&) = delete;
    Hasher128(Hasher128&&) noexcept;
    Hasher128& operator=(Hasher128&&) noexcept;

    void reset();
    void update(const void* data, size_t n);
    Hash128 digest() const;

private:
    struct State;
    std::unique_ptr<State> m_state;
};

Hash128 hash128(const void* data, size_t n);
std::string toHex(const Hash128& hash);

} // namespace fg
