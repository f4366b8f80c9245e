#pragma once
#include "internal.h"
// Small OpenSSL helpers shared by the identity, the trust stores and the TLS
// stream: owning pointers for OpenSSL objects and a readable error string.

#include <openssl/types.h>

#include <memory>
#include <string>

namespace fg::net {

struct OpenSslFree {
    void operator()(EVP_PKEY* p) const;
    void operator()(EVP_PKEY_CTX* p) const;
    void operator()(X509* p) const;
    void operator()(BIO* p) const;
    void operator()(BIGNUM* p) const;
    void operator()(SSL* p) const;
    void operator()(SSL_CTX* p) const;
};

using PkeyPtr = std::unique_ptr<EVP_PKEY, OpenSslFree>;
using PkeyCtxPtr = std::unique_ptr<EVP_PKEY_CTX, OpenSslFree>;
using X509Ptr = std::unique_ptr<X509, OpenSslFree>;
using BioPtr = std::unique_ptr<BIO, OpenSslFree>;
using BignumPtr = std::unique_ptr<BIGNUM, OpenSslFree>;
using SslPtr = std::unique_ptr<SSL, OpenSslFree>;
using SslCtxPtr = std::unique_ptr<SSL_CTX, OpenSslFree>;

// Drains this thread's OpenSSL error queue into "error:...; error:..." (OpenSSL
// keeps one queue per thread, so concurrent streams do not mix their errors).
// Returns fallback when the queue is empty.
std::string takeOpenSslErrors(const std::string& fallback = "no detail from OpenSSL");

// Base64 without '=' padding and without line breaks, as ssh prints fingerprints.
std::string base64Unpadded(const unsigned char* data, size_t n);

} // namespace fg::net
