#pragma once
#include "internal.h"
// Two source names that are one name on the destination ("A.txt" and "a.txt"
// on exFAT) must not land on each other: whichever came second would replace
// the first, and which one survives would change from run to run. The guard
// refuses both (and everything below a refused directory), before anything
// is written, and reports each with the other names, the rule and a remedy.
// A name the destination cannot hold at all (a ':' on exFAT) is refused the
// same way, with its own reason. Planning thread only.

#include "receive/fs_probe.h"

#include <floodgate/error.h>

#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace fg {

class NameGuard {
public:
    // Whether an entry may be planned. `target` is its path below the
    // destination, `collisionBits` what the sender found among its
    // directory's names (names::CollisionBits), `fs` the file system of its
    // directory; `unholdable`, when set, why the destination cannot hold the
    // name at all. A refused entry is remembered for report().
    bool admit(const std::string& target, bool isDir, uint8_t collisionBits, const FsTraits& fs,
               const Error* unholdable = nullptr);

    // Whether a path is, or is inside, a directory that was refused.
    bool refusedAt(std::string_view target) const;
    // Whether this entry itself was refused (or is inside a refused directory).
    bool refused(const std::string& target) const;
    // The directories refused, by their paths below the destination.
    const std::unordered_set<std::string>& refusedDirs() const { return m_refusedDirs; }

    // One error per refused entry, through `fail(target, error)`: the names
    // it collides with, the rule of the file system, that neither was
    // written, and what to do.
    void report(const std::function<void(const std::string&, const Error&)>& fail) const;

private:
    struct Collided {
        std::string target;
        bool isDir = false;
        names::NameRules rules;
        std::string where; // the file system, for the message
        bool suffixable;   // --name-mapping map would store it with a suffix
    };
    std::vector<Collided> m_collided;
    std::vector<std::pair<std::string, Error>> m_unholdable;
    // Entries not written because a directory above them was refused.
    struct Below {
        std::string target;
        std::string dir; // the refused directory above it
        Errc code;       // why that one was
    };
    std::vector<Below> m_below;
    std::unordered_map<std::string, Errc> m_dirCodes; // refused directory -> why
    std::unordered_set<std::string> m_refusedDirs;
    std::unordered_set<std::string> m_refusedFiles;
};

} // namespace fg
