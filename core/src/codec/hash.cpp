#include "codec/hash.h"

#include <openssl/evp.h>
#include <openssl/hmac.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>

#include "common/xxh.h"

namespace fg {

Digest::Digest(const uint8_t* bytes, size_t n) : m_size(uint8_t(n))
{
    std::memcpy(m_bytes.data(), bytes, n);
}

size_t digestSize(ChecksumChoice choice)
{
    switch (choice) {
    case ChecksumChoice::Xxh3: return 8;
    case ChecksumChoice::Sha256: return 32;
    case ChecksumChoice::Xxh128: break;
    }
    return 16;
}

namespace {

// SHA-256 fails only when OpenSSL cannot allocate (or the library is broken):
// like std::bad_alloc from any container, nothing sensible can go on.
[[noreturn]] void opensslFailed(const char* what)
{
    std::fprintf(stderr, "floodgate: OpenSSL could not %s\n", what);
    std::abort();
}

// XXH's canonical forms are big-endian: the same bytes on every machine.
Digest fromXxh128(XXH128_hash_t h)
{
    XXH128_canonical_t canon;
    XXH128_canonicalFromHash(&canon, h);
    return Digest(canon.digest, sizeof canon.digest);
}

Digest fromXxh64(XXH64_hash_t h)
{
    XXH64_canonical_t canon;
    XXH64_canonicalFromHash(&canon, h);
    return Digest(canon.digest, sizeof canon.digest);
}

// Fetched once: an implicit fetch on every init would look the provider up
// again for each small file.
const EVP_MD* sha256()
{
    static const std::unique_ptr<EVP_MD, void (*)(EVP_MD*)> md(EVP_MD_fetch(nullptr, "SHA256", nullptr), EVP_MD_free);
    if (!md) opensslFailed("provide SHA-256");
    return md.get();
}

struct EvpContextFree {
    void operator()(EVP_MD_CTX* c) const { EVP_MD_CTX_free(c); }
};
using EvpContext = std::unique_ptr<EVP_MD_CTX, EvpContextFree>;

EvpContext newSha256Context()
{
    EvpContext ctx(EVP_MD_CTX_new());
    if (!ctx || EVP_DigestInit_ex2(ctx.get(), sha256(), nullptr) != 1)
        opensslFailed("start a SHA-256 digest");
    return ctx;
}

Digest finalSha256(const EVP_MD_CTX* ctx)
{
    // Finalising ends a context, and digest() may be asked mid-stream.
    EvpContext copy(EVP_MD_CTX_new());
    uint8_t out[EVP_MAX_MD_SIZE];
    unsigned n = 0;
    if (!copy || EVP_MD_CTX_copy_ex(copy.get(), ctx) != 1 || EVP_DigestFinal_ex(copy.get(), out, &n) != 1)
        opensslFailed("finish a SHA-256 digest");
    return Digest(out, n);
}

#if FLOODGATE_XXH_DISPATCH
// The dispatcher fills its tables (both widths at once) on the first hash
// of a long input, without a lock: done here, before main and so before any
// thread hashes. Inputs of up to 240 bytes never reach it.
[[maybe_unused]] const bool g_xxhDispatchChosen = [] {
    static const uint8_t zeros[256] = {};
    (void)XXH3_64bits(zeros, sizeof zeros);
    return true;
}();
#endif

} // namespace

struct Hasher::State {
    struct XxhFree {
        void operator()(XXH3_state_t* s) const { XXH3_freeState(s); }
    };
    ChecksumChoice choice;
    std::unique_ptr<XXH3_state_t, XxhFree> xxhState; // the XXH3 choices only
    EvpContext sha;                                  // Sha256 only
};

Hasher::Hasher(ChecksumChoice choice) : m_state(std::make_unique<State>())
{
    m_state->choice = choice;
    if (choice != ChecksumChoice::Sha256) {
        m_state->xxhState.reset(XXH3_createState());
        if (!m_state->xxhState) throw std::bad_alloc();
    }
    reset();
}
Hasher::~Hasher() = default;
Hasher::Hasher(Hasher&&) noexcept = default;
Hasher& Hasher::operator=(Hasher&&) noexcept = default;

void Hasher::reset()
{
    switch (m_state->choice) {
    case ChecksumChoice::Xxh128: XXH3_128bits_reset(m_state->xxhState.get()); break;
    case ChecksumChoice::Xxh3: XXH3_64bits_reset(m_state->xxhState.get()); break;
    case ChecksumChoice::Sha256: m_state->sha = newSha256Context(); break;
    }
}

void Hasher::update(const void* data, size_t n)
{
    switch (m_state->choice) {
    case ChecksumChoice::Xxh128: XXH3_128bits_update(m_state->xxhState.get(), data, n); break;
    case ChecksumChoice::Xxh3: XXH3_64bits_update(m_state->xxhState.get(), data, n); break;
    case ChecksumChoice::Sha256:
        if (EVP_DigestUpdate(m_state->sha.get(), data, n) != 1)
            opensslFailed("update a SHA-256 digest");
        break;
    }
}

Digest Hasher::digest() const
{
    switch (m_state->choice) {
    case ChecksumChoice::Xxh3: return fromXxh64(XXH3_64bits_digest(m_state->xxhState.get()));
    case ChecksumChoice::Sha256: return finalSha256(m_state->sha.get());
    case ChecksumChoice::Xxh128: break;
    }
    return fromXxh128(XXH3_128bits_digest(m_state->xxhState.get()));
}

Digest digestOf(ChecksumChoice choice, const void* data, size_t n)
{
    switch (choice) {
    case ChecksumChoice::Xxh3: return fromXxh64(XXH3_64bits(data, n));
    case ChecksumChoice::Sha256: {
        uint8_t out[EVP_MAX_MD_SIZE];
        unsigned size = 0;
        if (EVP_Digest(data, n, out, &size, sha256(), nullptr) != 1)
            opensslFailed("compute a SHA-256 digest");
        return Digest(out, size);
    }
    case ChecksumChoice::Xxh128: break;
    }
    return fromXxh128(XXH3_128bits(data, n));
}

Digest keyedSha256(const void* key, size_t keyLen, const void* message, size_t n)
{
    uint8_t out[EVP_MAX_MD_SIZE];
    unsigned size = 0;
    if (!HMAC(sha256(), key, int(keyLen), static_cast<const unsigned char*>(message), n, out, &size))
        opensslFailed("compute an HMAC-SHA-256");
    return Digest(out, size);
}

std::string toHex(const Digest& digest)
{
    static const char* digits = "0123456789abcdef";
    std::string out;
    for (size_t i = 0; i < digest.size(); ++i) {
        out.push_back(digits[digest.data()[i] >> 4]);
        out.push_back(digits[digest.data()[i] & 15]);
    }
    return out;
}

} // namespace fg
