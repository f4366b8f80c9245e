#include "receive/name_guard.h"

#include "common/path.h"

#include <map>

namespace fg {

bool NameGuard::admit(const std::string& target, bool isDir, uint8_t collisionBits, const FsTraits& fs,
                      const Error* unholdable)
{
    const std::string_view parent = parentOf(target);
    // The list comes parents first, so the nearest refused directory above
    // is the parent itself or already refused the parent.
    if (!parent.empty() && !m_refusedDirs.empty() && m_refusedDirs.count(std::string(parent))) {
        const Errc code = m_dirCodes[std::string(parent)];
        m_below.push_back({target, std::string(parent), code});
        if (isDir) m_dirCodes[target] = code;
        (isDir ? m_refusedDirs : m_refusedFiles).insert(target);
        return false;
    }
    if (unholdable) {
        m_unholdable.emplace_back(target, *unholdable);
        if (isDir) m_dirCodes[target] = unholdable->code;
        (isDir ? m_refusedDirs : m_refusedFiles).insert(target);
        return false;
    }
    if (!names::collidesUnder(collisionBits, fs.names)) return true;
    m_collided.push_back({target, isDir, fs.names, fs.describe(), fs.fs.windowsNames});
    if (isDir) m_dirCodes[target] = Errc::NameCollision;
    (isDir ? m_refusedDirs : m_refusedFiles).insert(target);
    return false;
}

bool NameGuard::refusedAt(std::string_view target) const
{
    for (std::string_view p = target; !p.empty(); p = parentOf(p))
        if (m_refusedDirs.count(std::string(p))) return true;
    return false;
}

bool NameGuard::refused(const std::string& target) const
{
    return m_refusedFiles.count(target) > 0 || refusedAt(target);
}

void NameGuard::report(const std::function<void(const std::string&, const Error&)>& fail) const
{
    // The groups: entries of one directory whose names are one name there.
    std::map<std::pair<std::string, std::string>, std::vector<const Collided*>> groups;
    for (const auto& c : m_collided)
        groups[{std::string(parentOf(c.target)), names::comparisonKey(baseName(c.target), c.rules)}].push_back(&c);
    for (const auto& [key, members] : groups) {
        for (const Collided* c : members) {
            std::string others;
            for (const Collided* o : members) {
                if (o == c) continue;
                others += (others.empty() ? "'" : ", '") + std::string(baseName(o->target)) + (o->isDir ? "/'" : "'");
            }
            const std::string self = "'" + std::string(baseName(c->target)) + (c->isDir ? "/'" : "'");
            std::string message = "not written: " + self + " and " + others
                                + " would be one name on the destination (" + c->where + "), which "
                                + names::describeRules(c->rules) + "; neither was written, and what the destination "
                                + "has under that name is untouched. Rename one of them in the source, or sync to a "
                                + "file system that tells them apart"
                                + (c->suffixable ? ", or give --name-mapping map to store the second with a suffix "
                                                   "that a sync back removes"
                                                 : "");
            if (others.empty())
                message = "not written: " + self + " and another name in its directory would be one name on the "
                        + "destination (" + c->where + "), which " + names::describeRules(c->rules)
                        + "; rename one of them in the source";
            fail(c->target, Error(Errc::NameCollision, message));
        }
    }
    for (const auto& [target, error] : m_unholdable) fail(target, error);
    for (const auto& b : m_below)
        fail(b.target, Error(b.code, "not written: its directory '" + b.dir + "/' was not written (see its own message)"));
}

} // namespace fg
