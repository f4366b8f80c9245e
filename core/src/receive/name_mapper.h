#pragma once
#include "internal.h"
// --name-mapping map on the receiving end: the path each listed entry is
// stored under. Into a file system that holds only Windows' names from one
// that holds any, names are mapped to their look-alikes; the other way, the
// look-alikes are mapped back (names/windows_mapping.h); between two of a
// kind, names stay as they are. Set once, by the planning thread, before the
// first entry is planned; target() is safe from any thread.

#include <atomic>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>

namespace fg {

class NameMapper {
public:
    enum class Way : uint8_t { AsIs, ToWindows, FromWindows };

    void setWay(Way way) { m_way.store(way, std::memory_order_release); }
    Way way() const { return m_way.load(std::memory_order_acquire); }
    bool active() const { return way() != Way::AsIs; }

    // The path below the destination `listPath` is stored under.
    std::string target(std::string_view listPath) const;
    // One name, as the way maps it (no collision suffix).
    std::string mapName(std::string_view name) const;

    // The entry at `listPath` is stored under `storedName` instead (a case
    // collision's suffixed name), and so is everything below it.
    void storeAs(const std::string& listPath, std::string storedName);

private:
    std::atomic<Way> m_way{Way::AsIs};
    mutable std::mutex m_mutex;
    std::unordered_map<std::string, std::string> m_storedAs; // list path -> its stored name
};

} // namespace fg
