#include "role/same_machine.h"

#include "codec/hash.h"
#include "platform/process.h"

namespace fg {

std::string machineToken()
{
    static const std::string token = [] {
        const std::string boot = platform::bootId();
        if (boot.empty()) return std::string();
        const std::string salted = "floodgate machine " + boot;
        const Digest d = digestOf(ChecksumChoice::Sha256, salted.data(), salted.size());
        return std::string(reinterpret_cast<const char*>(d.data()), 16);
    }();
    return token;
}

bool isThisMachine(const std::string& serverToken)
{
    return !serverToken.empty() && serverToken == machineToken();
}

} // namespace fg
