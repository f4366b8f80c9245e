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

namespace {
constexpr std::string_view kPartialSuffix = ".fg-partial";
} // namespace

std::optional<std::string> partialNameFor(std::string_view name)
{
    if (name.empty() || 1 + name.size() + kPartialSuffix.size() > 255) return std::nullopt;
    std::string out = ".";
    out.append(name);
    out.append(kPartialSuffix);
    return out;
}

std::optional<std::string> targetOfTemp(std::string_view tempName)
{
    if (!isTempName(tempName)) return std::nullopt;
    std::string_view stem = tempName.substr(1, tempName.size() - 1 - kTempMarker.size() - kRandomChars);
    // A stem of the longest length may have been cut short.
    if (stem.empty() || stem.size() >= kMaxStem) return std::nullopt;
    return std::string(stem);
}

std::optional<std::string> targetOfPartial(std::string_view name)
{
    if (name.size() <= 1 + kPartialSuffix.size() || name.front() != '.' || !name.ends_with(kPartialSuffix))
        return std::nullopt;
    return std::string(name.substr(1, name.size() - 1 - kPartialSuffix.size()));
}

StaleTemps salvageStaleTemps(const platform::DirHandle& dir)
{
    StaleTemps out;
    auto names = dir.list();
    if (!names.ok()) return out;
    for (const auto& entry : *names) {
        if (auto target = targetOfPartial(entry.name)) {
            out.withPartials.push_back(std::move(*target));
            continue;
        }
        if (!isTempName(entry.name)) continue;
        auto file = dir.openRead(entry.name);
        if (!file.ok()) continue;
        auto locked = file->tryLockExclusive();
        // Renamed or unlinked while we hold the lock, so no writer can be
        // between its lock and its rename.
        if (!locked.ok() || !*locked) continue;
        auto info = file->stat();
        const auto target = targetOfTemp(entry.name);
        const auto partial = target ? partialNameFor(*target) : std::nullopt;
        if (info.ok() && info->size >= kMinPartialBytes && partial && dir.renameAt(entry.name, *partial).ok()) {
            ++out.kept;
            out.withPartials.push_back(*target);
            continue;
        }
        if (dir.unlinkAt(entry.name).ok()) ++out.removed;
    }
    return out;
}

std::vector<std::string> namesWithPartials(const platform::DirHandle& dir)
{
    std::vector<std::string> out;
    auto names = dir.list();
    if (!names.ok()) return out;
    for (const auto& entry : *names)
        if (auto target = targetOfPartial(entry.name)) out.push_back(std::move(*target));
    return out;
}

} // namespace fg
