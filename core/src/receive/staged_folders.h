#pragma once
#include "internal.h"
// New folders built out of sight. A folder the job makes is made under a
// temporary name; the small files planned into it are made there directly
// under their own names, as tar makes them (one call, where an unnamed file
// takes two and, with several writers, queues on ext4's orphan-list lock),
// and the folder gets its name once those files are settled and the list has
// moved past it. So no file is ever seen under its name before it is whole,
// as with temporary files, and a folder's small files appear together.
//
// Each such folder holds a link to one lock file of the job's (no descriptor
// per folder: a job may have thousands out of sight while its writers catch
// up with its plan). A killed run leaves them under their temporary names,
// unlocked: the next run's clean-up (salvageStaleTemps) removes the small
// files in one (any of them may be torn) and gives it its name with the rest
// it holds.

#include "platform/fs.h"

#include <floodgate/error.h>

#include <atomic>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace fg {

class DirCache;

class StagedFolders {
public:
    // Files made directly in one folder before it takes no more: what a
    // killed run can lose of a folder, and how long its files stay unseen.
    static constexpr uint32_t kMaxFiles = 2048;

    StagedFolders() = default;
    StagedFolders(const StagedFolders&) = delete;
    StagedFolders& operator=(const StagedFolders&) = delete;
    ~StagedFolders();

    // Makes the folder at target path `path` under a temporary name in
    // `parent`, with the link to the job's lock in it, so that other jobs'
    // clean-up leaves it alone. Fails where that cannot be (no locks, no
    // hard links, another file system than the lock's): then it is made in
    // plain sight.
    Status make(const platform::DirHandle& parent, const std::string& path);
    // The name the last component of `path` has on disk while it is staged
    // (for DirCache): nothing once it has its own.
    std::optional<std::string> onDiskName(std::string_view path) const;
    // A file planned into `folder`. A small one (`direct`) is made there
    // under its name while the folder takes files, and counted until it
    // settles: true. A big one is not (its partial file must outlive a killed
    // run, which the folder's clean-up would not keep), nor is anything once
    // kMaxFiles came: the folder takes no more, and is placed when those it
    // took have settled.
    bool addFile(std::string_view folder, bool direct);
    // The list has come to `path`: the staged folders it is not inside are
    // complete in it.
    void listReached(std::string_view path);
    // The list is complete, or the job ends: no folder takes more.
    void closeAll();
    // A file addFile counted has settled (placed or failed).
    void fileSettled(std::string_view folder);
    // A file made in the folder under its name, from its making until it is
    // complete and closed (`clean`) or unlinked: while one is open the folder
    // keeps out of sight. One that could not be unlinked (`clean` false) may
    // be torn: its folder stays out of sight for good (the next run's
    // clean-up removes it).
    void fileMade(std::string_view folder);
    void fileDone(std::string_view folder, bool clean);
    // A file placed under its name: fileSettled (where `counted`) and a clean
    // fileDone (where `made` in the folder) at once, under one lock (after
    // each small file).
    void filePlaced(std::string_view folder, bool counted, bool made);
    // Folders that take no more, whose files have all settled and none of
    // which is open: each returned once, for the caller to place.
    std::vector<std::string> takeReady();
    // At the job's end, once each file made in them is complete or gone:
    // every folder still out of sight that may be placed, outermost first.
    std::vector<std::string> remaining() const;

    // The job is done with building out of sight: the lock file's own name
    // goes (what is still out of sight keeps its link, for a later clean-up).
    void finish();

    // Gives the folder its name. Where another job made a folder of that
    // name meanwhile, what this one holds moves into it instead (files
    // replace theirs of the same name, as the later of two renames would),
    // at the end (`last`: once every file is in place or gone); till then it
    // stays where this job's writers find it.
    Status place(const std::string& path, DirCache& dirs, bool last = false);

private:
    struct Folder {
        std::string tempName;
        std::string liveName; // its link to the job's lock
        uint32_t pending = 0;      // counted files not yet settled
        uint32_t open = 0;         // files made in it not yet complete or gone
        bool torn = false;         // holds a file that could not be unlinked
        uint32_t taken = 0;
        bool closed = false;
        bool handedOut = false; // returned by takeReady
        // Its name was taken: what it holds moves into the folder of that
        // name at the end, when no writer names anything in it.
        bool merged = false;
    };

    // A counted file of the folder `settled`, one made in it `closed` (or
    // left `torn`): what fileSettled, fileDone and filePlaced each say.
    void release(std::string_view folder, bool settled, bool closed, bool torn);
    // Hands a folder out (m_ready) the moment it may be placed.
    void noteIfReady(const std::string& path, Folder& f);

    mutable std::mutex m_mutex;
    // The job's lock: a file under a temporary name beside the first folder,
    // locked, linked into each folder; gone with the job.
    std::optional<platform::FileHandle> m_live;
    std::optional<platform::DirHandle> m_liveHome;
    std::string m_liveName;
    std::unordered_map<std::string, Folder> m_folders; // by target path
    std::vector<std::string> m_ready;                  // for takeReady
    std::atomic<bool> m_anyReady{false};               // (asked after each file, without the lock)
    // The staged folders the list is inside, outermost first: the scanner's
    // order (depth first, a folder before what it holds) leaves one for good
    // when an entry outside it comes.
    std::vector<std::string> m_open;
};

} // namespace fg
