#include "snapshot/snapshot_folder.h"

#include <algorithm>
#include <cerrno>

namespace fg::snapshot {
namespace {

// How many incomplete runs' folders a new snapshot links from: one is the
// common case (the last run was cut off); a few cover a flaky week.
constexpr size_t kMaxLeftoverSources = 4;
// How far names may run ahead of the clock from runs in quick succession
// before the clock is taken to have been wrong.
constexpr long long kClockSlackSec = 60;

Result<platform::FileHandle> takeLock(const platform::DirHandle& folder)
{
    auto lock = folder.openForUpdate(kLockName);
    if (!lock.ok() && lock.error().sysErrno == ENOENT) {
        lock = folder.createExclusive(kLockName, 0600);
        if (!lock.ok() && lock.error().sysErrno == EEXIST) lock = folder.openForUpdate(kLockName);
    }
    if (!lock.ok()) return lock.error();
    FG_TRY_ASSIGN(bool held, lock->tryLockExclusive());
    if (!held)
        return Error(Errc::Busy, "another job is making a snapshot in " + folder.path()
                                     + " now; run this one when it has ended");
    return std::move(lock).value();
}

// A snapshot being removed is renamed out of the pattern first: if the
// removal stops half way (a file it may not remove, a crash), what is left
// is never taken for a snapshot, and the next run tries again.
constexpr std::string_view kRemovingSuffix = ".removing";

Status removeSnapshot(const platform::DirHandle& folder, const std::string& name)
{
    const std::string going = name + std::string(kRemovingSuffix);
    FG_TRY(folder.renameAt(name, going));
    return folder.removeTreeAt(going);
}

bool isBeingRemoved(std::string_view name)
{
    if (!name.ends_with(kRemovingSuffix)) return false;
    const std::string_view was = name.substr(0, name.size() - kRemovingSuffix.size());
    return parseName(was) || parsePartialName(was);
}

} // namespace

Result<Listing> listFolder(const platform::DirHandle& folder)
{
    FG_TRY_ASSIGN(std::vector<platform::DirEntryName> entries, folder.list());
    Listing out;
    for (const auto& e : entries) {
        if (e.typeKnown && e.type != platform::FileType::Directory) continue;
        if (isBeingRemoved(e.name)) {
            out.beingRemoved.push_back(e.name);
            continue;
        }
        const bool complete = parseName(e.name).has_value();
        if (!complete && !parsePartialName(e.name)) continue;
        if (!e.typeKnown) {
            auto info = folder.statAt(e.name);
            if (!info.ok() || info->type != platform::FileType::Directory) continue;
        }
        (complete ? out.complete : out.partial).push_back(e.name);
    }
    // The names sort as their times do.
    std::sort(out.complete.begin(), out.complete.end());
    std::sort(out.partial.begin(), out.partial.end());
    return out;
}

Result<Folder> Folder::begin(platform::DirHandle folder, const Stamp& now, bool dryRun)
{
    Folder f;
    f.m_dryRun = dryRun;
    if (!dryRun) {
        FG_TRY_ASSIGN(platform::FileHandle lock, takeLock(folder));
        f.m_lock = std::move(lock);
    }
    FG_TRY_ASSIGN(Listing listing, listFolder(folder));
    // What an earlier removal left half done goes now (not in a dry run).
    if (!dryRun)
        for (const auto& going : listing.beingRemoved) (void)folder.removeTreeAt(going);
    if (!listing.complete.empty()) f.m_previous = listing.complete.back();
    f.m_leftovers.assign(listing.partial.rbegin(), listing.partial.rend());

    Stamp stamp = now;
    std::optional<Stamp> newest;
    if (!listing.complete.empty()) newest = parseName(listing.complete.back());
    if (!listing.partial.empty()) {
        auto p = parsePartialName(listing.partial.back());
        if (p && (!newest || *p > *newest)) newest = p;
    }
    if (newest && !(stamp > *newest)) {
        stamp = nextSecond(*newest);
        // Runs quicker than one a second only take the next seconds; a newest
        // dated well after now means the clock was wrong once (then the dates
        // mislead retention).
        f.m_stampMoved = secondsOf(*newest) - secondsOf(now) > kClockSlackSec;
    }
    f.m_name = nameOf(stamp);
    if (!dryRun) {
        Status made = folder.mkdirAt(f.workName(), 0777);
        if (!made) return made.error();
    }
    f.m_folder = std::move(folder);
    return f;
}

Result<std::optional<platform::DirHandle>> Folder::openWorkDir() const
{
    if (m_dryRun) return std::optional<platform::DirHandle>();
    FG_TRY_ASSIGN(platform::DirHandle dir, m_folder.openDir(workName()));
    return std::optional<platform::DirHandle>(std::move(dir));
}

std::vector<platform::DirHandle> Folder::linkSources() const
{
    std::vector<platform::DirHandle> out;
    auto add = [&](const std::string& name) {
        if (auto dir = m_folder.openDir(name); dir.ok()) out.push_back(std::move(dir).value());
    };
    if (!m_previous.empty()) add(m_previous);
    for (size_t i = 0; i < m_leftovers.size() && i < kMaxLeftoverSources; ++i) add(m_leftovers[i]);
    return out;
}

Status Folder::complete(bool durable)
{
    if (m_dryRun) return {};
    FG_TRY(m_folder.renameAt(workName(), m_name));
    if (durable) FG_TRY(m_folder.syncFileSystem());
    return {};
}

std::vector<Error> Folder::removeLeftovers() const
{
    std::vector<Error> errors;
    if (m_dryRun) return errors;
    for (const auto& leftover : m_leftovers)
        if (Status st = removeSnapshot(m_folder, leftover); !st) errors.push_back(st.error());
    return errors;
}

Folder::Pruned Folder::prune(const SnapshotRetention& rule, bool dryRun) const
{
    Pruned out;
    auto listing = listFolder(m_folder);
    if (!listing.ok()) {
        out.errors.push_back(listing.error());
        return out;
    }
    std::vector<std::string> names = listing->complete;
    // A dry run's snapshot is not there: the rule is tried as if it were.
    if (m_dryRun) names.push_back(m_name);
    out.verdicts = applyRetention(names, rule);
    for (const auto& v : out.verdicts) {
        if (v.keep || v.name == m_name) continue;
        if (!dryRun && !m_dryRun) {
            if (Status st = removeSnapshot(m_folder, v.name); !st) {
                out.errors.push_back(st.error());
                continue;
            }
        }
        out.removed.push_back(v.name);
    }
    return out;
}

} // namespace fg::snapshot
