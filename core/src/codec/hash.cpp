#include "codec/hash.h"

#define XXH_INLINE_ALL
#include <xxhash.h>

namespace fg {

struct Hasher128::State {
    XXH3_state_t xxh;
};

namespace {
Hash128 toBytes(XXH128_hash_t h)
{
    // XXH128_canonicalFromHash gives a fixed big-endian byte order, so the same
    // bytes travel the wire whatever the machine.
    XXH128_canonical_t canon;
    XXH128_canonicalFromHash(&canon, h);
    Hash128 out;
    for (size_t i = 0; i < out.size(); ++i) out[i] = canon.digest[i];
    return out;
}
} // namespace

Hasher128::Hasher128() : m_state(std::make_unique<State>()) { reset(); }
Hasher128::~Hasher128() = default;
Hasher128::Hasher128(Hasher128&&) noexcept = default;
Hasher128& Hasher128::operator=(Hasher128&&) noexcept = default;

void Hasher128::reset() { XXH3_128bits_reset(&m_state->xxh); }

void Hasher128::update(const void* data, size_t n) { XXH3_128bits_update(&m_state->xxh, data, n); }

Hash128 Hasher128::digest() const { return toBytes(XXH3_128bits_digest(&m_state->xxh)); }

Hash128 hash128(const void* data, size_t n) { return toBytes(XXH3_128bits(data, n)); }

std::string toHex(const Hash128& hash)
{
    static const char* digits = "0123456789abcdef";
    std::string out;
    for (uint8_t b : hash) {
        out.push_back(digits[b >> 4]);
        out.push_back(digits[b & 15]);
    }
    return out;
}

} // namespace fg
