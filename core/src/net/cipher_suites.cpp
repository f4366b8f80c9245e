#include "net/cipher_suites.h"

namespace fg::net {
namespace {

std::string join(const char* a, const char* b, const char* c) { return std::string(a) + ":" + b + ":" + c; }

} // namespace

std::string clientCipherSuites(CipherChoice choice, bool aesAccelerated)
{
    switch (choice) {
    case CipherChoice::Aes128Gcm: return kSuiteAes128Gcm;
    case CipherChoice::Aes256Gcm: return kSuiteAes256Gcm;
    case CipherChoice::Chacha20Poly1305: return kSuiteChacha20;
    case CipherChoice::Auto:
    case CipherChoice::None: break;
    }
    return aesAccelerated ? join(kSuiteAes128Gcm, kSuiteAes256Gcm, kSuiteChacha20)
                          : join(kSuiteChacha20, kSuiteAes128Gcm, kSuiteAes256Gcm);
}

ServerCipherSuites serverCipherSuites(bool aesAccelerated)
{
    if (aesAccelerated) return {join(kSuiteAes128Gcm, kSuiteAes256Gcm, kSuiteChacha20), false};
    // Without AES instructions AES-GCM would cost this end several times
    // what ChaCha20 does, whatever the client can do.
    return {join(kSuiteChacha20, kSuiteAes128Gcm, kSuiteAes256Gcm), true};
}

} // namespace fg::net
