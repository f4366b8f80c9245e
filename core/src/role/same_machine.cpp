#include "role/same_machine.h"

#include "codec/hash.h"
#include "platform/process.h"

#include <openssl/rand.h>

namespace fg {

namespace {

constexpr size_t kNonceBytes = 16;
constexpr size_t kMacBytes = 16;

const std::string& bootId()
{
    static const std::string boot = platform::bootId();
    return boot;
}

// The nonce, then the HMAC of this machine's boot id keyed with it.
std::string tokenWith(const std::string& nonce)
{
    const std::string message = "floodgate machine " + bootId();
    const Digest mac = keyedSha256(nonce.data(), nonce.size(), message.data(), message.size());
    return nonce + std::string(reinterpret_cast<const char*>(mac.data()), kMacBytes);
}

} // namespace

std::string machineToken()
{
    if (bootId().empty()) return {};
    std::string nonce(kNonceBytes, '\0');
    // Without a nonce the token would be one fixed value for the boot: none rather than that.
    if (RAND_bytes(reinterpret_cast<unsigned char*>(nonce.data()), int(nonce.size())) != 1) return {};
    return tokenWith(nonce);
}

bool isThisMachine(const std::string& serverToken)
{
    if (bootId().empty() || serverToken.size() != kNonceBytes + kMacBytes) return false;
    return tokenWith(serverToken.substr(0, kNonceBytes)) == serverToken;
}

} // namespace fg
