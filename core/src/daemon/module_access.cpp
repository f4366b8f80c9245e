#include "daemon/module_access.h"

#include <algorithm>
#include <vector>

namespace fg {
namespace {

// A fingerprint's start this long is unique among any daemon's clients;
// shorter, an entry could name several by accident.
constexpr size_t kShortestFingerprintStart = 7 + 8; // "SHA256:" and 8 characters

bool equalIgnoringCase(const std::string& a, const std::string& b)
{
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               auto lower = [](char c) { return (c >= 'A' && c <= 'Z') ? char(c - 'A' + 'a') : c; };
               return lower(x) == lower(y);
           });
}

bool listed(const std::vector<std::string>& entries, const std::string& fingerprint, const std::string& name)
{
    return std::any_of(entries.begin(), entries.end(), [&](const std::string& entry) {
        if (entry == "*") return true;
        if (entry.rfind("SHA256:", 0) == 0)
            return entry.size() >= kShortestFingerprintStart && fingerprint.rfind(entry, 0) == 0;
        return !name.empty() && equalIgnoringCase(entry, name);
    });
}

} // namespace

ModuleAccess moduleAccess(const ModuleConfig& module, const std::string& fingerprint, const std::string& name)
{
    if (module.readers.empty() && module.writers.empty()) return ModuleAccess::ReadWrite;
    if (listed(module.writers, fingerprint, name)) return ModuleAccess::ReadWrite;
    if (listed(module.readers, fingerprint, name)) return ModuleAccess::Read;
    return ModuleAccess::None;
}

} // namespace fg
