// The receiver's side of --name-mapping: where each listed name is stored,
// and which names are refused before anything is written.

#include "receive/receiver.h"

#include "common/path.h"
#include "names/windows_mapping.h"
#include "platform/windows_names.h"

#include <functional>

namespace fg {
void Receiver::chooseNameWay(DirCache* dirs)
{
    if (m_params.nameMapping != NameMapping::Map) return;
    const FsTraits& root = traitsOf(std::string_view(), dirs);
    const bool here = root.fs.windowsNames;
    if (here == m_sourceWindowsNames) {
        inform(here ? "--name-mapping map: both ends hold only Windows' names, so names go as they are"
                    : "--name-mapping map: both ends hold any name, so names go as they are");
        return;
    }
    m_mapper.setWay(here ? NameMapper::Way::ToWindows : NameMapper::Way::FromWindows);
    inform(here ? "--name-mapping map: names " + root.describe()
                      + " cannot hold are stored as look-alikes (a：b for a:b, ＣON for CON; docs/WINDOWS.md), "
                        "which a sync back with --name-mapping map restores"
                : "--name-mapping map: the source's look-alikes (a：b, ＣON) are written here as the names they "
                  "stand for");
}

bool Receiver::placeName(uint32_t index, const std::string& listPath, bool isDir, uint8_t collisionBits,
                         const FsTraits& fs, std::string& target)
{
    const NameMapper::Way way = m_mapper.way();
    // Two names that fold to one here: with map, the second and later of a
    // directory (in the sender's order, which is by bytes) get a suffix the
    // way back drops; otherwise the guard refuses them all.
    if (way == NameMapper::Way::ToWindows && names::collidesUnder(collisionBits, fs.names)
        && !m_names.refusedAt(parentOf(target))) {
        const std::string stored(baseName(target));
        const std::string key = std::string(parentOf(target)) + '/' + names::comparisonKey(stored, fs.names);
        const unsigned n = ++m_foldedTaken[key];
        if (n > 1) {
            m_mapper.storeAs(listPath, names::withCollisionSuffix(stored, n));
            target = targetPath(listPath);
        }
        collisionBits = 0;
    }
    // Read back out of look-alikes, two source names may become one ("a：b"
    // and an "a:b" that a lenient driver let through, or "photo‛2.jpg"
    // beside "photo.jpg"): the first keeps it. Every target is keyed (by
    // hash, about 40 bytes a file): the pair need not be neighbours.
    if (way == NameMapper::Way::FromWindows) {
        const uint64_t h = std::hash<std::string>{}(target);
        auto [it, fresh] = m_readBackTargets.emplace(h, index);
        if (!fresh && it->second != index && targetPath(m_list.view(it->second).path) == target) {
            const Error taken(Errc::NameCollision,
                              "not written: read back out of its look-alikes (--name-mapping map), it is '"
                                  + std::string(baseName(target)) + "', which '"
                                  + std::string(baseName(m_list.view(it->second).path))
                                  + "' of the same folder already is; that one was written. Rename one of them in "
                                    "the source, or sync with --name-mapping refuse");
            return m_names.admit(target, isDir, 0, fs, &taken);
        }
    }
    // A name the destination cannot hold is refused here, before anything is
    // written, so that a dry run lists it too.
    if (m_params.nameMapping != NameMapping::Off && fs.fs.windowsNames) {
        const std::string_view name = baseName(target);
        std::string rule = platform::windowsNameProblem(name);
        if (!rule.empty()) {
            // A name that is too long: neither the list of character rules
            // nor a look-alike helps it.
            const bool charRule = rule.find("UTF-16") == std::string::npos;
            const bool mappable = m_params.nameMapping == NameMapping::Refuse && charRule;
            const Error refused(Errc::UnholdableName,
                                "not written: the destination (" + fs.describe() + ") cannot hold this name: " + rule
                                    + (charRule ? std::string(platform::kWindowsNameRules) : std::string())
                                    + (mappable ? "; rename it in the source, or give --name-mapping map to store "
                                                  "it as a look-alike that a sync back restores"
                                                : "; rename it in the source"));
            return m_names.admit(target, isDir, collisionBits, fs, &refused);
        }
    }
    return m_names.admit(target, isDir, collisionBits, fs);
}

} // namespace fg
