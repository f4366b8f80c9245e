#pragma once
#include "internal.h"
// Which TLS 1.3 suites each end allows for --cipher, and in what order.
//
// The rule "AES-GCM when both ends have AES instructions, else ChaCha20" is
// split between the ends: a client lists the suites for its choice, AES-128
// first if it has AES instructions, ChaCha20 first if not; a server that has
// them lets the client's order decide (OpenSSL's default), one that lacks
// them decides itself, ChaCha20 first. A client that names one suite offers
// only that one, so the server's order never overrides an explicit choice.

#include <floodgate/options.h>

#include <string>

namespace fg::net {

inline constexpr const char* kSuiteAes128Gcm = "TLS_AES_128_GCM_SHA256";
inline constexpr const char* kSuiteAes256Gcm = "TLS_AES_256_GCM_SHA384";
inline constexpr const char* kSuiteChacha20 = "TLS_CHACHA20_POLY1305_SHA256";

// The suites a client offers, in order, for its choice. None offers what Auto
// does: the connections still run a TLS handshake.
std::string clientCipherSuites(CipherChoice choice, bool aesAccelerated);

struct ServerCipherSuites {
    std::string suites;     // all three, in the server's order
    bool serverPreference;  // the server's order beats the client's
};
ServerCipherSuites serverCipherSuites(bool aesAccelerated);

} // namespace fg::net
