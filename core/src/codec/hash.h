#pragma once
#include "internal.h"
// The file hashes every transfer is verified with (--checksum-choice): XXH3-128
// by default, fast enough (~10x MD5) that verifying costs little next to the
// disk and the network; XXH3-64; or SHA-256 where a cryptographic hash is
// needed. Digests travel the wire in a fixed byte order whatever the machine.

#include <floodgate/options.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

namespace fg {

// A digest of any of the choices: its bytes, at most 32 of them.
class Digest {
public:
    static constexpr size_t kMaxSize = 32;

    Digest() = default;
    // n <= kMaxSize.
    Digest(const uint8_t* bytes, size_t n);

    const uint8_t* data() const { return m_bytes.data(); }
    size_t size() const { return m_size; }

    // Unused bytes stay zero, so comparing everything compares the digests.
    bool operator==(const Digest&) const = default;

private:
    std::array<uint8_t, kMaxSize> m_bytes{};
    uint8_t m_size = 0;
};

// The digest size of a choice: 16, 8 or 32 bytes.
size_t digestSize(ChecksumChoice choice);

class Hasher {
public:
    Hasher() : Hasher(ChecksumChoice::Xxh128) {}
    explicit Hasher(ChecksumChoice choice);
    ~Hasher();
    Hasher(const Hasher&) = delete;
    Hasher& operator=(const Hasher&) = delete;
    Hasher(Hasher&&) noexcept;
    Hasher& operator=(Hasher&&) noexcept;

    void reset();
    void update(const void* data, size_t n);
    // Of everything since the last reset; hashing may go on after it.
    Digest digest() const;

private:
    struct State;
    std::unique_ptr<State> m_state;
};

Digest digestOf(ChecksumChoice choice, const void* data, size_t n);
// HMAC-SHA-256 of `message` under `key` (any length); 32 bytes.
Digest keyedSha256(const void* key, size_t keyLen, const void* message, size_t n);
std::string toHex(const Digest& digest);

} // namespace fg
