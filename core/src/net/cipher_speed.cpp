#include "net/cipher_speed.h"

#include "common/clock.h"

#include <openssl/evp.h>

#include <array>
#include <memory>
#include <vector>

namespace fg::net {
namespace {

constexpr size_t kRecord = 16 * 1024;
constexpr size_t kTag = 16;

const EVP_CIPHER* cipherOf(CipherChoice choice)
{
    switch (choice) {
    case CipherChoice::Aes128Gcm: return EVP_aes_128_gcm();
    case CipherChoice::Aes256Gcm: return EVP_aes_256_gcm();
    case CipherChoice::Chacha20Poly1305: return EVP_chacha20_poly1305();
    case CipherChoice::Auto:
    case CipherChoice::None: break;
    }
    return nullptr;
}

struct CtxFree {
    void operator()(EVP_CIPHER_CTX* c) const { EVP_CIPHER_CTX_free(c); }
};

} // namespace

double cipherBytesPerSec(CipherChoice choice, double seconds)
{
    const EVP_CIPHER* cipher = cipherOf(choice);
    if (!cipher) return 0;
    std::unique_ptr<EVP_CIPHER_CTX, CtxFree> ctx(EVP_CIPHER_CTX_new());
    if (!ctx) return 0;
    std::array<unsigned char, 32> key{};
    std::array<unsigned char, 12> iv{};
    for (size_t i = 0; i < key.size(); ++i) key[i] = static_cast<unsigned char>(i * 7 + 1);
    std::vector<unsigned char> in(kRecord), out(kRecord + kTag);
    for (size_t i = 0; i < in.size(); ++i) in[i] = static_cast<unsigned char>(i * 31);
    if (EVP_EncryptInit_ex(ctx.get(), cipher, nullptr, key.data(), iv.data()) != 1) return 0;

    const uint64_t start = monotonicNs();
    const uint64_t until = start + uint64_t(seconds * 1e9);
    uint64_t sealed = 0;
    uint64_t now = start;
    do {
        // A new nonce per record, as TLS 1.3 does (the sequence number in it).
        for (int batch = 0; batch < 16; ++batch) {
            iv[11] = static_cast<unsigned char>(iv[11] + 1);
            int n = 0;
            if (EVP_EncryptInit_ex(ctx.get(), nullptr, nullptr, nullptr, iv.data()) != 1) return 0;
            if (EVP_EncryptUpdate(ctx.get(), out.data(), &n, in.data(), int(in.size())) != 1) return 0;
            if (EVP_EncryptFinal_ex(ctx.get(), out.data() + n, &n) != 1) return 0;
            if (EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_AEAD_GET_TAG, int(kTag), out.data() + kRecord) != 1) return 0;
            sealed += kRecord;
        }
        now = monotonicNs();
    } while (now < until);
    return double(sealed) / (double(now - start) / 1e9);
}

} // namespace fg::net
