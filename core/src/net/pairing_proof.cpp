#include "net/pairing_proof.h"

#include "codec/hash.h"

#include <openssl/crypto.h>

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
    const Digest proof = keyedSha256(key.data(), key.size(), message.data(), message.size());
    return std::string(reinterpret_cast<const char*>(proof.data()), proof.size());
}

bool proofsEqual(const std::string& a, const std::string& b)
{
    return a.size() == b.size() && !a.empty() && CRYPTO_memcmp(a.data(), b.data(), a.size()) == 0;
}

} // namespace fg::net
