#pragma once
#include "internal.h"
// Changes to a target tree made through directory handles only.

#include "plan/partial_files.h"
#include "platform/fs.h"

#include <floodgate/error.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fg {

// Removes a child of `parent` whatever its type; a directory with everything
// in it. Never follows a symlink (a link is removed, not what it points to).
Status removeRecursive(const platform::DirHandle& parent, std::string_view name);

// The name a new version of `name` is written under before its rename into
// place: hidden, recognisable, unique ("." + name + ".fg-" + 6 random chars),
// short enough for a 255-byte name limit.
std::string tempNameFor(std::string_view name);
bool isTempName(std::string_view name);

// The name a temporary file was made for; nullopt when it was cut to fit.
std::optional<std::string> targetOfTemp(std::string_view tempName);
// Hard-links `fromName` in `fromDir` to `name` in `toDir` through a
// temporary name, so that `name` always holds a whole file. Such a temporary
// holds no lock (the file is not ours to lock), so another job's clean-up of
// stale temporaries may remove it before its rename: it is linked again then.
// A failed link returns the link's own error, with `linkFailed` set (the
// caller may fall back on a copy); a failed rename, its own.
Status linkIntoPlace(const platform::DirHandle& fromDir, std::string_view fromName, const platform::DirHandle& toDir,
                     std::string_view name, bool* linkFailed = nullptr);

// Smaller temporary files are not worth keeping: sending them again is cheap.
inline constexpr uint64_t kMinPartialBytes = 1u << 20;

// Moves what `from` holds into `to`: files replace those of the same name,
// folders of one name are merged (emptied ones removed when `all`).
// Temporaries stay unless `all`; `skip` stays.
Status moveContents(const platform::DirHandle& from, const platform::DirHandle& to, bool all,
                    std::string_view skip = {});

// Gives `from` (an entry of dir) the name `to` where nothing has it:
// renameAtNoReplace, or on a kernel without it (ENOSYS, before Linux 3.15) a
// plain rename when nothing is there now (a check, then the act: the one
// race left there is that kernel's). EEXIST (or ENOTEMPTY) where `to` is
// taken.
Status renameIfFree(const platform::DirHandle& dir, std::string_view from, std::string_view to);

// A folder built out of sight (receive/staged_folders.h) holds a link to
// its job's lock file under a temporary name with this stem: while the job
// lives the lock is held, and the folder is left alone.
inline constexpr std::string_view kStagedLiveStem = "floodgate-live";

struct StaleTemps {
    size_t removed = 0;
    size_t kept = 0; // became partial files
    // The names in the directory with a partial file afterwards
    // (kept now or left by an earlier run), so planning need not look again.
    std::vector<std::string> withPartials;
};
// Clears away the temporary files of writers that died (killed, crashed,
// power cut) in one directory: big ones become their target's partial file
// where `layout` keeps it (replacing an older one), the rest are removed. A
// writer holds a lock on its temporary file while it lives, so a job still
// running is left alone. With --partial-dir, partial files a run without it
// left beside their targets move into the folder.
StaleTemps salvageStaleTemps(const platform::DirHandle& dir, const PartialLayout& layout);
// The names in the directory with a partial file, changing nothing (for dry
// runs).
std::vector<std::string> namesWithPartials(const platform::DirHandle& dir, const PartialLayout& layout);

} // namespace fg
