#include "receive/owners.h"

#include "platform/process.h"

namespace fg {

Owners::Owners(OwnershipRules rules, bool mayChown)
    : m_rules(std::move(rules)), m_mayChown(mayChown), m_active(mayChown && m_rules.any())
{
    if (!m_rules.chownUser.empty()) m_chownUid = platform::userIdOf(m_rules.chownUser);
    if (!m_rules.chownGroup.empty()) m_chownGid = platform::groupIdOf(m_rules.chownGroup);
}

std::optional<std::string> Owners::notKeptReason() const
{
    if (!m_rules.any()) return std::nullopt;
    if (!m_mayChown) {
        if (!m_rules.explicitly) return std::nullopt; // -a asks only where it can be done, as rsync's
        return "owners and groups are not kept: the receiving end runs as " + platform::currentUserName()
             + ", and only root may give files to other users (-o, -g, --chown need root there)";
    }
    if (!m_rules.chownUser.empty() && !m_chownUid)
        return "--chown: there is no user '" + m_rules.chownUser + "' on the receiving end";
    if (!m_rules.chownGroup.empty() && !m_chownGid)
        return "--chown: there is no group '" + m_rules.chownGroup + "' on the receiving end";
    return std::nullopt;
}

void Owners::learn(const std::vector<std::pair<uint32_t, std::string>>& users,
                   const std::vector<std::pair<uint32_t, std::string>>& groups)
{
    std::lock_guard lock(m_mutex);
    for (const auto& [id, name] : users) m_userNames.emplace(id, name);
    for (const auto& [id, name] : groups) m_groupNames.emplace(id, name);
}

uint32_t Owners::mapOne(uint32_t remote, bool user)
{
    auto& cache = user ? m_users : m_groups;
    if (auto it = cache.find(remote); it != cache.end()) return it->second;
    uint32_t local = remote;
    if (!m_rules.numericIds) {
        const auto& names = user ? m_userNames : m_groupNames;
        // A name this machine has gives its number; else the sender's number
        // stands (as rsync does).
        if (auto n = names.find(remote); n != names.end())
            if (auto id = user ? platform::userIdOf(n->second) : platform::groupIdOf(n->second)) local = *id;
    }
    cache.emplace(remote, local);
    return local;
}

Owners::Wanted Owners::wanted(uint32_t remoteUid, uint32_t remoteGid)
{
    Wanted w;
    if (!m_active) return w;
    std::lock_guard lock(m_mutex);
    if (m_chownUid) w.uid = m_chownUid;
    else if (m_rules.owner) w.uid = mapOne(remoteUid, true);
    if (m_chownGid) w.gid = m_chownGid;
    else if (m_rules.group) w.gid = mapOne(remoteGid, false);
    return w;
}

} // namespace fg
