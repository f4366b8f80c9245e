#include "receive/name_mapper.h"

#include "names/windows_mapping.h"

namespace fg {

std::string NameMapper::mapName(std::string_view name) const
{
    switch (way()) {
    case Way::AsIs: return std::string(name);
    case Way::ToWindows: return names::toWindowsName(name);
    case Way::FromWindows: {
        // Only a name a mapping could have made is read back: one that is
        // its original's stored form. Anything else ("CON" on an exFAT
        // driver that let it through, "." spelled as a full-width dot) is
        // kept as it is.
        std::string original = names::fromWindowsName(name);
        if (original == name || original.empty() || original == "." || original == ".."
            || original.find('/') != std::string::npos)
            return std::string(name);
        if (names::withoutCollisionSuffix(name) != names::toWindowsName(original)) return std::string(name);
        return original;
    }
    }
    return std::string(name);
}

std::string NameMapper::target(std::string_view listPath) const
{
    if (!active() || listPath == ".") return std::string(listPath);
    // Writers ask while the planner adds suffixed names; a job that maps
    // names is one to a removable drive or from one, where this lock is
    // nothing beside the disk.
    std::lock_guard lock(m_mutex);
    std::string out;
    out.reserve(listPath.size() + 8);
    size_t start = 0;
    while (start <= listPath.size()) {
        size_t slash = listPath.find('/', start);
        if (slash == std::string_view::npos) slash = listPath.size();
        const std::string_view name = listPath.substr(start, slash - start);
        if (!out.empty()) out += '/';
        auto it = m_storedAs.empty() ? m_storedAs.end() : m_storedAs.find(std::string(listPath.substr(0, slash)));
        out += it != m_storedAs.end() ? it->second : mapName(name);
        start = slash + 1;
    }
    return out;
}

void NameMapper::storeAs(const std::string& listPath, std::string storedName)
{
    std::lock_guard lock(m_mutex);
    m_storedAs[listPath] = std::move(storedName);
}

} // namespace fg
