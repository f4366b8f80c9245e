// The folder of saved jobs: one NAME.job file each, written atomically.

#include <floodgate/identity.h>
#include <floodgate/saved_jobs.h>

#include "platform/fs.h"

#include <algorithm>

namespace fg {

namespace {

constexpr std::string_view kSuffix = ".job";
constexpr size_t kMaxJobFile = 256 * 1024;

std::string folded(std::string_view name)
{
    std::string out(name);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
    return out;
}

} // namespace

JobStore JobStore::inStateDir(const std::string& stateDir)
{
    return JobStore((stateDir.empty() ? defaultStateDir() : stateDir) + "/jobs");
}

std::string JobStore::pathOf(std::string_view name) const
{
    return m_dir + "/" + std::string(name) + std::string(kSuffix);
}

Result<JobListing> JobStore::list() const
{
    JobListing out;
    auto dir = platform::DirHandle::open(m_dir);
    if (!dir.ok()) {
        if (dir.error().code == Errc::NotFound) return out;
        return dir.error();
    }
    FG_TRY_ASSIGN(std::vector<platform::DirEntryName> names, dir->list());
    std::sort(names.begin(), names.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
    for (const platform::DirEntryName& entry : names) {
        // Only NAME.job: the temporaries of a write in progress and files
        // someone left there are not jobs.
        if (!entry.name.ends_with(kSuffix) || entry.name.size() == kSuffix.size()) continue;
        const std::string name = entry.name.substr(0, entry.name.size() - kSuffix.size());
        // Hidden files are not jobs (an editor's, a write's own); any other
        // file a job could not be named after is said, not skipped in silence.
        if (name.front() == '.') continue;
        if (Status named = checkJobName(name); !named) {
            out.unreadable.push_back(Error(Errc::InvalidArgument, m_dir + "/" + entry.name + " is not a saved job: "
                                                                      + named.error().message
                                                                      + "; rename the file to a job's name"));
            continue;
        }
        auto job = load(name);
        if (job.ok()) out.jobs.push_back(std::move(job).value());
        else out.unreadable.push_back(job.error());
    }
    return out;
}

Result<SavedJob> JobStore::load(std::string_view name) const
{
    FG_TRY(checkJobName(name));
    const std::string path = pathOf(name);
    auto text = platform::readFile(path, kMaxJobFile);
    if (!text.ok()) {
        if (text.error().code != Errc::NotFound) return text.error();
        std::string known;
        if (auto listing = list(); listing.ok())
            for (const SavedJob& j : listing->jobs) known += (known.empty() ? "" : ", ") + j.name;
        return Error(Errc::NotFound, "there is no saved job '" + std::string(name) + "' ("
                                         + (known.empty() ? "there are none yet: `floodgate job add NAME [OPTIONS] SRC DST` "
                                                            "makes one"
                                                          : "the jobs are: " + known)
                                         + ")");
    }
    return parseJobFile(*text, std::string(name), path);
}

Status JobStore::add(const SavedJob& job) const
{
    FG_TRY(checkJobName(job.name));
    FG_TRY_ASSIGN(JobListing listing, list());
    for (const SavedJob& j : listing.jobs) {
        if (folded(j.name) == folded(job.name))
            return Error(Errc::InvalidArgument, "there is a saved job '" + j.name + "' already: pick another name, or "
                                                    "`floodgate job edit " + shellQuoted({j.name}) + "` to change it");
    }
    if (platform::statPath(pathOf(job.name), false).ok())
        return Error(Errc::InvalidArgument, "there is a file " + pathOf(job.name) + " already that is not a job that "
                                                "reads: fix or remove it first");
    return replace(job);
}

Status JobStore::replace(const SavedJob& job) const
{
    FG_TRY(checkJobName(job.name));
    if (job.syncArgs.size() < 2)
        return Error(Errc::InvalidArgument, "job '" + job.name + "' needs a source and a destination");
    FG_TRY(platform::makeDirectories(m_dir, 0700));
    // Private: a job may name hosts, users and paths its owner keeps to themselves.
    return platform::writeFileAtomic(pathOf(job.name), jobFileText(job), 0600);
}

Status JobStore::remove(std::string_view name) const
{
    if (auto job = load(name); !job.ok()) return job.error();
    FG_TRY_ASSIGN(platform::DirHandle dir, platform::DirHandle::open(m_dir));
    return dir.unlinkAt(std::string(name) + std::string(kSuffix));
}

Status JobStore::rename(std::string_view from, std::string_view to) const
{
    FG_TRY_ASSIGN(SavedJob job, load(from));
    FG_TRY(checkJobName(to));
    if (from == to) return {};
    if (folded(from) != folded(to) && load(to).ok())
        return Error(Errc::InvalidArgument, "there is a saved job '" + std::string(to) + "' already");
    job.name = std::string(to);
    FG_TRY(replace(job));
    // The old file goes once the new one is in place, unless they are one
    // file: a change of case only, where the file system folds case.
    auto oldInfo = platform::statPath(pathOf(from), false);
    auto newInfo = platform::statPath(pathOf(to), false);
    if (oldInfo.ok() && newInfo.ok() && oldInfo->device == newInfo->device && oldInfo->inode == newInfo->inode)
        return {};
    FG_TRY_ASSIGN(platform::DirHandle dir, platform::DirHandle::open(m_dir));
    Status st = dir.unlinkAt(std::string(from) + std::string(kSuffix));
    if (!st && st.error().code != Errc::NotFound) return st;
    return {};
}

} // namespace fg
