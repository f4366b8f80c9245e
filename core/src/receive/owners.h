#pragma once
#include "internal.h"
// -o/-g/--numeric-ids/--chown on the receiving end: the sender's users and
// groups, matched to this machine's by name (as rsync does: ids differ from
// machine to machine), by number with --numeric-ids or where a name has no
// match here, or forced by --chown. Kept only where this end runs as root.
// Thread-safe: the planner learns names, the writers look owners up.

#include <floodgate/options.h>

#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace fg {

class Owners {
public:
    // `mayChown`: this process can give files away (root).
    Owners(OwnershipRules rules, bool mayChown);

    // Whether owners are set at all here.
    bool active() const { return m_active; }
    // Why they are not, when they were asked for explicitly (for one warning).
    std::optional<std::string> notKeptReason() const;

    // A batch's names for the sender's ids.
    void learn(const std::vector<std::pair<uint32_t, std::string>>& users,
               const std::vector<std::pair<uint32_t, std::string>>& groups);

    // The local owner and group an entry with the sender's ids gets; nullopt
    // for what stays as it is (not asked for).
    struct Wanted {
        std::optional<uint32_t> uid;
        std::optional<uint32_t> gid;
    };
    Wanted wanted(uint32_t remoteUid, uint32_t remoteGid);

private:
    uint32_t mapOne(uint32_t remote, bool user);

    OwnershipRules m_rules;
    bool m_mayChown;
    bool m_active;
    std::optional<uint32_t> m_chownUid;
    std::optional<uint32_t> m_chownGid;
    std::mutex m_mutex;
    std::unordered_map<uint32_t, std::string> m_userNames;  // sender's uid -> name
    std::unordered_map<uint32_t, std::string> m_groupNames; // sender's gid -> name
    std::unordered_map<uint32_t, uint32_t> m_users;         // sender's uid -> ours
    std::unordered_map<uint32_t, uint32_t> m_groups;
};

} // namespace fg
