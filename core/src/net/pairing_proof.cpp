#include "net/pairing_proof.h"

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>

#include <cctype>

namespace fg::net {

std::string normalizePairCode(const std::string& code)
{
    std::string out;
    for (char c : code) {
        if (c == '-' || c == ' ') continue;
        out.push_back(char(std::toupper(static_cast<unsigned char>(c))));
    }
    return out;
}

std::string pairingProof(const std::string& code, ProofSide side, const std::string& clientFingerprint,
                         const std::string& serverFingerprint)
{
    std::string key = normalizePairCode(code);
    std::string message = side == ProofSide::Client ? "floodgate-pair-client\n" : "floodgate-pair-server\n";
    message += clientFingerprint + "\n" + serverFingerprint;
    unsigned char out[EVP_MAX_MD_SIZE];
    unsigned int len = 0;
    HMAC(EVP_sha256(), key.data(), int(key.size()), reinterpret_cast<const unsigned char*>(message.data()),
         message.size(), out, &len);
    return std::string(reinterpret_cast<const char*>(out), len);
}

bool proofsEqual(const std::string& a, const std::string& b)
{
    return a.size() == b.size() && !a.empty() && CRYPTO_memcmp(a.data(), b.data(), a.size()) == 0;
}

} // namespace fg::net
