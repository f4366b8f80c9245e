#include "engine/tree_ops.h"

#include <random>

namespace fg {

Status removeRecursive(const platform::DirHandle& parent, std::string_view name)
{
    FG_TRY_ASSIGN(platform::FileInfo info, parent.statAt(name));
    if (info.type != platform::FileType::Directory) return parent.unlinkAt(name);
    FG_TRY_ASSIGN(platform::DirHandle dir, parent.openDir(name));
    FG_TRY_ASSIGN(std::vector<platform::DirEntryName> children, dir.list());
    for (const auto& child : children) FG_TRY(removeRecursive(dir, child.name));
    return parent.rmdirAt(name);
}

namespace {
constexpr std::string_view kTempMarker = ".fg-";
constexpr size_t kRandomChars = 6;
// 255 (NAME_MAX) minus the dot, the marker and the random part.
constexpr size_t kMaxStem = 255 - 1 - 4 - kRandomChars;
} // namespace

std::string tempNameFor(std::string_view name)
{
    static const char alphabet[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    thread_local std::mt19937_64 rng{std::random_device{}()};
    std::string out = ".";
    out.append(name.substr(0, kMaxStem));
    out.append(kTempMarker);
    for (size_t i = 0; i < kRandomChars; ++i) out.push_back(alphabet[rng() % (sizeof alphabet - 1)]);
    return out;
}

bool isTempName(std::string_view name)
{
    if (name.size() < 1 + kTempMarker.size() + kRandomChars || name.front() != '.') return false;
    return name.substr(name.size() - kRandomChars - kTempMarker.size(), kTempMarker.size()) == kTempMarker;
}

size_t removeStaleTemps(const platform::DirHandle& dir)
{
    auto names = dir.list();
    if (!names.ok()) return 0;
    size_t removed = 0;
    for (const auto& entry : *names) {
        if (!isTempName(entry.name)) continue;
        auto file = dir.openRead(entry.name);
        if (!file.ok()) continue;
        auto locked = file->tryLockExclusive();
        // Unlinked while we hold the lock, so no writer can be between its
        // lock and its rename.
        if (locked.ok() && *locked && dir.unlinkAt(entry.name).ok()) ++removed;
    }
    return removed;
}

} // namespace fg
