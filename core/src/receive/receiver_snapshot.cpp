// --snapshot on the receiving end: the destination is a folder of dated
// snapshots (snapshot/snapshot_folder.h); the job writes a new one.

#include "common/path.h"
#include "platform/process.h"
#include "receive/receiver.h"

namespace fg {
namespace {

snapshot::Stamp stampNow()
{
    const platform::LocalDateTime t = platform::localDateTimeNow();
    return {t.year, t.month, t.day, t.hour, t.minute, t.second};
}

std::string joinNames(const std::vector<std::string>& names)
{
    std::string out;
    for (const auto& n : names) out += (out.empty() ? "" : ", ") + n;
    return out;
}

} // namespace

Status Receiver::beginSnapshot()
{
    // A new folder has nothing extra to delete (and scanning it for extras
    // would read the whole new tree again).
    m_params.deleteExtraneous = false;
    if (m_rootMissing) {
        // A dry run into a folder that does not exist yet.
        inform("snapshot " + snapshot::nameOf(stampNow()) + " would be the first in " + m_root.display());
        return {};
    }
    if (!m_rootDir) return {};
    FG_TRY_ASSIGN(snapshot::Folder folder, snapshot::Folder::begin(std::move(*m_rootDir), stampNow(), m_params.dryRun));
    m_rootDir.reset();
    m_snapshot.emplace(std::move(folder));
    FG_TRY_ASSIGN(std::optional<platform::DirHandle> work, m_snapshot->openWorkDir());
    if (work) {
        m_rootDir = std::move(work);
        // Made by this job, empty: nothing to look for in it.
        m_madeDirs.insert(std::string());
        m_leftoversLooked.insert(std::string());
    } else {
        // A dry run plans as into a new, empty folder.
        m_rootMissing = true;
        FG_TRY_ASSIGN(platform::DirHandle folderAgain, m_snapshot->folder().duplicate());
        m_rootParent = std::move(folderAgain);
    }
    auto sources = m_snapshot->linkSources();
    if (!sources.empty()) m_linkDest = LinkDest::fromDirs(std::move(sources));

    std::string said = "snapshot " + m_snapshot->name() + (m_params.dryRun ? " would be made" : " is being made")
                     + " in " + m_root.display();
    said += m_snapshot->previous().empty() ? " (the first there)"
                                           : "; unchanged files are linked from " + m_snapshot->previous();
    if (!m_snapshot->leftovers().empty())
        said += " and from what earlier incomplete runs left (" + joinNames(m_snapshot->leftovers()) + ")";
    if (m_snapshot->stampMoved())
        said += "; this machine's clock is behind the newest snapshot there, so the name is a second after it";
    inform(said);
    return {};
}

std::pair<uint64_t, uint64_t> Receiver::keepPreviousVersions(DirCache* dirs)
{
    std::vector<std::string> failed;
    {
        std::lock_guard lock(m_listMutex);
        for (uint32_t index : m_failedFiles) failed.push_back(targetPath(m_list.view(index).path));
    }
    uint64_t kept = 0, notKept = 0;
    if (!m_linkDest) return {0, 0}; // the first snapshot: no earlier version to keep
    for (const auto& target : failed) {
        auto match = m_linkDest->findAny(target);
        if (!match) continue; // new since: no older snapshot has it to lose
        if (m_params.dryRun) {
            ++kept;
            continue;
        }
        auto parent = dirs ? dirs->get(parentOf(target)) : Result<const platform::DirHandle*>(Error(Errc::NotFound, "no folder"));
        Status st = parent.ok() ? match->dir->linkInto(match->name, **parent, baseName(target)) : Status(parent.error());
        if (st) {
            ++kept;
            continue;
        }
        ++notKept;
        notice(true, target, Error(st.error().code, "its version from the previous snapshot could not be kept in this "
                                                        "one either: " + st.error().message));
    }
    return {kept, notKept};
}

void Receiver::finishSnapshot(DirCache* dirs)
{
    m_snapshotOutcome.emplace();
    m_snapshotOutcome->name = m_snapshot->name();
    if (firstError()) return; // the job's error says it all; the .partial folder stays for the next run
    // A file that failed here (it changed while it was read, could not be
    // read or written) is in this snapshot as the previous one had it, so
    // that no version is lost when retention removes that one.
    const auto [keptOld, notKept] = keepPreviousVersions(dirs);
    const std::string where = m_params.dryRun ? std::string() : " and stays as " + m_snapshot->workName();
    if (notKept > 0 || pathErrors() > 0 || m_scanErrors > 0) {
        notice(true, "", Error(Errc::Io, "snapshot " + m_snapshot->name() + (m_params.dryRun ? " would be" : " is")
                                             + " incomplete (see the problems above)" + where
                                             + "; the next run links what it holds, and no older snapshot is removed"));
        return;
    }
    if (keptOld > 0)
        notice(false, "", Error(Errc::Ok, std::to_string(keptOld) + " file(s) that failed (above) "
                                              + (m_params.dryRun ? "would be" : "are")
                                              + " in snapshot " + m_snapshot->name() + " as " + m_snapshot->previous()
                                              + " had them"));
    if (Status done = m_snapshot->complete(m_params.fsync != FsyncMode::None); !done) {
        notice(true, m_snapshot->workName(), done.error());
        return;
    }
    m_snapshotOutcome->complete = !m_params.dryRun;
    if (!m_params.dryRun) inform("snapshot " + m_snapshot->name() + " is complete");
    // Not an error of the job: the snapshot is whole; said so the admin can
    // remove them by hand.
    for (const auto& e : m_snapshot->removeLeftovers())
        notice(false, "", Error(e.code, "what an earlier incomplete run left could not be removed: " + e.message));
    if (!m_params.keep.any()) return;
    if (m_snapshot->stampMoved()) {
        // Named after the newest there, not after the clock: by date the
        // rule would take this run and the one before for the same day.
        notice(false, "", Error(Errc::Ok, "retention skipped this time: " + m_snapshot->previous()
                                              + " is dated later than this machine's clock says it is now (a clock "
                                                "that was wrong, or set back); remove that snapshot or fix the clock"));
        return;
    }

    const auto pruned = m_snapshot->prune(m_params.keep, m_params.dryRun);
    for (const auto& e : pruned.errors) notice(true, "", e);
    m_snapshotOutcome->removed = pruned.removed;
    size_t kept = 0;
    for (const auto& v : pruned.verdicts) kept += v.keep ? 1 : 0;
    const std::string rule = snapshot::describe(m_params.keep)
                           + (m_params.keepSetBy.empty() ? std::string() : ", set by " + m_params.keepSetBy);
    if (pruned.removed.empty())
        inform("retention (" + rule + "): all " + std::to_string(kept) + " snapshot(s) stay");
    else
        inform("retention (" + rule + "): " + std::to_string(kept) + " snapshot(s) stay; "
               + (m_params.dryRun ? "would remove " : "removed ") + joinNames(pruned.removed));
}

} // namespace fg
