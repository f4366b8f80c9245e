#include "net/tls_common.h"

#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>

#include <vector>

namespace fg::net {

void OpenSslFree::operator()(EVP_PKEY* p) const { EVP_PKEY_free(p); }
void OpenSslFree::operator()(EVP_PKEY_CTX* p) const { EVP_PKEY_CTX_free(p); }
void OpenSslFree::operator()(X509* p) const { X509_free(p); }
void OpenSslFree::operator()(BIO* p) const { BIO_free(p); }
void OpenSslFree::operator()(BIGNUM* p) const { BN_free(p); }
void OpenSslFree::operator()(SSL* p) const { SSL_free(p); }
void OpenSslFree::operator()(SSL_CTX* p) const { SSL_CTX_free(p); }

std::string takeOpenSslErrors(const std::string& fallback)
{
    std::string out;
    // A handful of entries tells the story; a runaway queue must not build a
    // kilobyte message.
    int kept = 0;
    while (unsigned long code = ERR_get_error()) {
        if (kept++ >= 4) continue;
        char buf[256];
        ERR_error_string_n(code, buf, sizeof buf);
        if (!out.empty()) out += "; ";
        out += buf;
    }
    return out.empty() ? fallback : out;
}

std::string base64Unpadded(const unsigned char* data, size_t n)
{
    std::vector<unsigned char> out(4 * ((n + 2) / 3) + 1);
    int len = EVP_EncodeBlock(out.data(), data, int(n));
    std::string s(out.begin(), out.begin() + (len > 0 ? len : 0));
    while (!s.empty() && s.back() == '=') s.pop_back();
    return s;
}

} // namespace fg::net
