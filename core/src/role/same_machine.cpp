#include "role/same_machine.h"

#include "codec/hash.h"
#include "platform/process.h"

namespace fg {

std::string machineToken(const proto::SessionToken& session)
{
    static const std::string boot = platform::bootId();
    if (boot.empty()) return {};
    const std::string message = "floodgate machine " + boot;
    const Digest d = keyedSha256(session.data(), session.size(), message.data(), message.size());
    return std::string(reinterpret_cast<const char*>(d.data()), 16);
}

bool isThisMachine(const std::string& serverToken, const proto::SessionToken& session)
{
    return !serverToken.empty() && serverToken == machineToken(session);
}

} // namespace fg
