#pragma once
// The one facade a front end drives: a sync job with a lifecycle (KJob-like).
// The job runs on its own threads. It reports through a queue of events that a
// front end drains after the notify hook fires, and a metrics snapshot it polls.

#include <floodgate/error.h>
#include <floodgate/metrics.h>
#include <floodgate/options.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace fg {

enum class FileAction : uint8_t {
    Copy,      // the target lacks it
    Update,    // the target has an older or different version
    Unchanged, // same size and mtime (or hash, with --checksum)
    Attrs,     // same content; permissions or mtime to fix
    MkDir,     // a directory to create
    Symlink,   // a symbolic link to create or repoint
    Delete,    // extraneous on the target (--delete)
};

const char* fileActionName(FileAction action);

// How a copied or updated file's data travels (the receiver picks, per file).
enum class TransferMethod : uint8_t {
    None,  // nothing to send (attributes, directories, links, deletions)
    Whole, // every byte
    Delta, // only what the receiver's old copy lacks (rsync's algorithm)
};

const char* transferMethodName(TransferMethod method);

// What differs between a planned entry and the destination's (rsync's
// itemize letters s, t, p, c); New when the destination has nothing there.
enum ItemChange : uint8_t {
    kChangeNew = 1,
    kChangeSize = 2,
    kChangeTime = 4,
    kChangePerms = 8,
    kChangeContent = 16, // --checksum: the content hash differs
    kChangeLink = 32,    // a symlink's target
    kChangeOwner = 64,   // -o
    kChangeGroup = 128,  // -g
};

struct PlanItem {
    std::string path;
    FileAction action = FileAction::Copy;
    uint64_t size = 0;
    bool isDir = false;
    bool isSymlink = false;
    std::string linkTarget = {}; // symlinks, where the end that reports it knows it
    uint8_t changes = 0;    // ItemChange bits
    TransferMethod method = TransferMethod::None;
    const char* methodReason = ""; // why this method, in a few words; static text
    int64_t mtimeNs = 0;    // the source's modification time (0 for deletions: there is no source)
    // The sender's name for it (what its filters see), where that differs
    // from `path` (the receiver's, with --name-mapping); empty: the same.
    std::string sourcePath = {};
    bool isTransferRoot = false; // the transfer's own top (a named folder, a single file)
    // What the destination holds at this path now, for a preview that
    // compares the two sides (a deletion's is the file to be deleted).
    bool destinationExists = false;
    uint64_t destinationSize = 0;
    int64_t destinationMtimeNs = 0;
};

namespace event {
struct StateChanged { JobState state; };
struct Planned { std::vector<PlanItem> items; }; // every action but Unchanged, in batches
struct FileStarted { uint32_t id; std::string path; uint64_t size; };
struct FileFinished { uint32_t id; std::string path; uint64_t size; };
struct FileFailed { std::string path; Error error; };
struct Log { enum class Level : uint8_t { Info, Warning, Error } level; std::string message; };
// The layer that limits the job changed (and held for two seconds).
struct BottleneckChanged { double atSec; Bottleneck bottleneck; }; // atSec: since the job started
} // namespace event

using Event = std::variant<event::StateChanged, event::Planned, event::FileStarted,
                           event::FileFinished, event::FileFailed, event::Log, event::BottleneckChanged>;

struct FileError {
    std::string path;
    Error error;
};

struct JobResult {
    JobState state = JobState::Pending; // Done, Failed or Cancelled
    Error fatal;                        // why the job stopped, when Failed
    uint64_t filesTotal = 0;
    uint64_t filesTransferred = 0;
    uint64_t filesDeleted = 0;
    uint64_t bytesTotal = 0;
    // Of the transferred files' data, the bytes that crossed: a file resumed
    // or sent as a delta counts what it took beyond its old copy or partial
    // file (rsync's "literal data").
    uint64_t bytesTransferred = 0;
    // The sizes of the files transferred, whole (rsync's "total transferred
    // file size").
    uint64_t fileBytesTransferred = 0;
    uint64_t wireBytes = 0;  // sent + received on the connection (0 for local jobs)
    double seconds = 0;
    std::vector<FileError> errors; // per-file failures; the job went on past them
    bool vanishedOnly = false;     // every error is a source file that vanished
    std::optional<SnapshotOutcome> snapshot; // with --snapshot
    std::vector<StageSnapshot> stages;
    // The layer that limited the job longest, with its share of the time
    // data moved; and which layer limited it when.
    Bottleneck bottleneck;
    std::vector<BottleneckSpan> bottleneckTimeline;
    // CPU time (user + system) while data moved: this process's, and the far
    // end's as its figures reported it (a daemon's counts all its jobs).
    // Unset: not measured (a job that moved no data; a far end that sends no figures).
    std::optional<double> cpuSeconds;
    std::optional<double> farCpuSeconds;
};

// rsync-compatible exit status for a finished job (see README "Exit codes").
int exitCodeFor(const JobResult& result);

struct JobSpec {
    std::string source;      // as typed: local path, floodgate://..., [user@]host:path
    std::string destination;
    SyncOptions options;
};

// How a job reaches its far end, from its two endpoints as typed: both local
// (a local copy: both roles in this process, nothing on a network), one a
// floodgate:// daemon, or one an ssh host. Unknown while an endpoint does not
// parse, or when both are remote (which Job::create refuses).
enum class JobReach : uint8_t { Unknown, Local, Daemon, Ssh };
JobReach jobReach(const std::string& source, const std::string& destination);

// The options a job of this spec runs with, as the engine applies them: a
// local copy never compresses (nothing crosses a network; rsync ignores -z
// there too). What a front end reports as used.
SyncOptions effectiveOptions(const JobSpec& spec);

class Job {
public:
    // Checks the spec (endpoints parse, options make sense); does no I/O.
    static Result<std::unique_ptr<Job>> create(JobSpec spec);
    virtual ~Job() = default;

    virtual void start() = 0;
    // Asks the job to stop; returns at once. The job ends in Cancelled and
    // leaves every target file either old or new.
    virtual void cancel() = 0;
    // Pauses the data (no file byte moves; scanning may go on and the
    // connections stay open, the far end still reporting) or resumes it.
    // A job that cannot pause says so.
    virtual Status setPaused(bool paused)
    {
        (void)paused;
        return Error(Errc::InvalidArgument, "this job cannot pause");
    }
    virtual bool finished() const = 0;
    // Blocks until the job ends; the result is final and the same on every call.
    virtual const JobResult& wait() = 0;

    virtual MetricsSnapshot snapshot() const = 0;
    // Events since the last call, oldest first.
    virtual std::vector<Event> takeEvents() = 0;
    // Called from a worker thread when events were queued into an empty queue.
    // It must not block; a UI posts itself a drain (one queued call), nothing more.
    virtual void setNotify(std::function<void()> notify) = 0;
    // Whether takeEvents() gets FileStarted and FileFinished (the default):
    // a front end that shows no file by file (the CLI without -v) says no
    // before start(), and a million-file job queues two million events less.
    // Failures, plans and logs always come; the snapshot's counts and active
    // files are kept either way.
    virtual void setFileEvents(bool wanted) = 0;
    // Whether the job's threads run in the background (off by default): a
    // desktop front end says yes before start(), so that its window stays
    // responsive while the job keeps every core busy; on an otherwise idle
    // machine the job is as fast. The CLI and the daemon leave it off (a user
    // who wants that there has `nice`). Where the OS cannot, the job runs at
    // normal priority and says so in its log.
    virtual void setBackground(bool background) = 0;

protected:
    Job() = default;
};

} // namespace fg
