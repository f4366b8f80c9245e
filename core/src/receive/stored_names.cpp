#include "receive/stored_names.h"

namespace fg {

StoredNames::Listing& StoredNames::listingOf(const platform::DirHandle& dir, const std::string& dirPath)
{
    for (auto it = m_recent.begin(); it != m_recent.end(); ++it) {
        if (it->first != dirPath) continue;
        m_recent.splice(m_recent.begin(), m_recent, it);
        return m_recent.front().second;
    }
    Listing listing;
    if (auto listed = dir.list(); listed.ok())
        for (auto& entry : *listed) listing.names.insert(std::move(entry.name));
    m_recent.emplace_front(dirPath, std::move(listing));
    if (m_recent.size() > kDirectories) m_recent.pop_back();
    return m_recent.front().second;
}

std::optional<std::string> StoredNames::otherSpelling(const platform::DirHandle& dir, const std::string& dirPath,
                                                      std::string_view name, names::NameRules rules)
{
    Listing& listing = listingOf(dir, dirPath);
    if (listing.names.count(std::string(name))) return std::nullopt;
    if (!listing.keyed) {
        for (const auto& stored : listing.names) listing.byKey.emplace(names::comparisonKey(stored, rules), stored);
        listing.keyed = true;
        listing.rules = rules;
    }
    auto it = listing.byKey.find(names::comparisonKey(name, rules));
    if (it == listing.byKey.end()) return std::nullopt;
    return it->second;
}

void StoredNames::renamed(const std::string& dirPath, const std::string& from, const std::string& to)
{
    for (auto& [path, listing] : m_recent) {
        if (path != dirPath) continue;
        listing.names.erase(from);
        listing.names.insert(to);
        // Both spellings have one key: only the stored one changes.
        if (listing.keyed) listing.byKey[names::comparisonKey(to, listing.rules)] = to;
    }
}

} // namespace fg
