// --snapshot on the receiving end: the destination is a folder of dated
// snapshots (snapshot/snapshot_folder.h); the job writes a new one.

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
        FG_TRY_ASSIGN(platform::DirHandle folderAgain, platform::DirHandle::open(m_snapshot->folderPath()));
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
        said += "; this machine's clock is not past the newest snapshot there, so the name is a second after it";
    inform(said);
    return {};
}

void Receiver::finishSnapshot()
{
    m_snapshotOutcome.emplace();
    m_snapshotOutcome->name = m_snapshot->name();
    if (firstError()) return; // the job's error says it all; the .partial folder stays for the next run
    const uint64_t lost = [&] {
        std::lock_guard lock(m_listMutex);
        return m_filesLost;
    }();
    const uint64_t problems = lost + pathErrors() + m_scanErrors;
    if (problems > 0) {
        notice(true, "", Error(Errc::Io, "snapshot " + m_snapshot->name() + " is incomplete (" + std::to_string(problems)
                                             + " problem(s) above) and stays as " + m_snapshot->workName()
                                             + "; the next run links what it holds, and old snapshots are not removed"));
        return;
    }
    if (Status done = m_snapshot->complete(m_params.fsync != FsyncMode::None); !done) {
        notice(true, m_snapshot->workName(), done.error());
        return;
    }
    m_snapshotOutcome->complete = true;
    if (!m_params.dryRun) inform("snapshot " + m_snapshot->name() + " is complete");
    // Not an error of the job: the snapshot is whole; said so the admin can
    // remove them by hand.
    for (const auto& e : m_snapshot->removeLeftovers())
        notice(false, "", Error(e.code, "what an earlier incomplete run left could not be removed: " + e.message));
    if (!m_params.keep.any()) return;

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
