#pragma once
// The history of runs: every sync, from the CLI or the GUI, by hand or on a
// schedule, as one row of an SQLite database in <state dir>/history.db (the
// schema versioned, migrated when an older one is opened). Recording never
// stops a sync: when the database is locked or damaged the run goes on, and
// why its record is missing is kept beside it (history-missing.log) for
// `floodgate history` and the GUI to say.

#include <floodgate/error.h>

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

struct sqlite3;

namespace fg {

struct JobSpec;
struct JobResult;

struct RunLogLine {
    enum class Level : uint8_t { Info = 0, Warning = 1, Error = 2 };
    Level level = Level::Info;
    std::string message;
    bool operator==(const RunLogLine&) const = default;
};

struct RunFileError {
    std::string path;
    std::string message;
    bool operator==(const RunFileError&) const = default;
};

struct RunRecord {
    int64_t id = 0;        // set by the database
    std::string job;       // the saved job's name; empty for a sync typed out
    std::string origin;    // "cli", "gui" or "schedule"
    std::string source;
    std::string destination;
    std::string command;   // the sync arguments as a shell reads them
    int64_t startedAtMs = 0; // Unix time
    double seconds = 0;
    std::string state;     // "done", "failed" or "cancelled"
    int exitCode = 0;
    bool dryRun = false;
    uint64_t filesTotal = 0;
    uint64_t filesTransferred = 0;
    uint64_t filesDeleted = 0;
    uint64_t bytesTotal = 0;
    uint64_t bytesTransferred = 0;   // what crossed for the files' data
    uint64_t fileBytesTransferred = 0; // their sizes, whole
    uint64_t wireBytes = 0;
    std::string fatal;               // why it stopped, when it failed
    std::string bottleneck;          // the verdict's layer ("link", "disk-write", ...)
    std::string bottleneckEnd;       // "sender", "receiver" or empty
    double bottleneckShare = 0;      // 0-1 of the time data moved
    std::string bottleneckFix;
    std::string snapshot;            // --snapshot's name, when there is one
    uint64_t errorCount = 0;         // per-file errors, all of them
    // Details, read by run() only: the first kMaxRecordedErrors of the
    // errors, and the log (warnings and errors, up to kMaxRecordedLog lines).
    std::vector<RunFileError> errors;
    std::vector<RunLogLine> log;
};

inline constexpr size_t kMaxRecordedErrors = 1000;
inline constexpr size_t kMaxRecordedLog = 2000;

// A record of a finished job: its figures and verdict. The caller adds the
// job's name, origin, command and log.
RunRecord runRecordOf(const JobSpec& spec, const JobResult& result, int exitCode, int64_t startedAtMs);

// The time now, as RunRecord::startedAtMs counts it.
int64_t unixTimeMs();

// How a run ended, read from its state and exit code: the one place that
// decides it for the CLI, the GUI's words and colours, and notifications.
enum class RunOutcome : uint8_t { Ok, DryRun, Partial, Cancelled, Failed };
RunOutcome runOutcome(const RunRecord& run);
// A run's result in a word or two: "ok", "dry run", "cancelled",
// "partial (23)", "failed (10)".
std::string runResultText(const RunRecord& run);
// One run whole, as `floodgate history --run ID` prints it and the GUI
// exports it: command, result, figures, verdict, per-file errors, log.
// `shown` makes each name and message fit where the text goes (a terminal);
// none: as recorded.
using TextFilter = std::string (*)(std::string_view);
std::string runReportText(const RunRecord& run, TextFilter shown = nullptr);

class History {
public:
    // <state dir>/history.db (empty state dir: defaultStateDir()).
    static std::string pathIn(const std::string& stateDir);
    // Opens (creating it and its folder if need be) and brings the schema up
    // to date. A database written by a newer Floodgate is refused, not changed.
    static Result<History> open(const std::string& path);
    History(History&&) noexcept;
    History& operator=(History&&) noexcept;
    ~History();

    static constexpr int kSchemaVersion = 2;
    int schemaVersion() const;

    // Adds a run with its errors and log; returns its id.
    Result<int64_t> add(const RunRecord& run);
    // Newest first, without errors and log; `job` empty: every run.
    Result<std::vector<RunRecord>> runs(const std::string& job, size_t limit) const;
    // One run with its errors and log. NotFound when there is none.
    Result<RunRecord> run(int64_t id) const;
    // Removes runs started before this time; returns how many went.
    Result<uint64_t> removeBefore(int64_t startedAtMs);

private:
    explicit History(sqlite3* db);
    struct Closer {
        void operator()(sqlite3* db) const;
    };
    std::unique_ptr<sqlite3, Closer> m_db;
};

// Records a run in the history of `stateDir`, never failing the caller: on
// success nothing is returned; else what went wrong, which is also appended
// to <state dir>/history-missing.log with the run's time and job.
std::string recordRun(const std::string& stateDir, const RunRecord& run);
// The notes of runs that could not be recorded, oldest first.
std::vector<std::string> missingRunNotes(const std::string& stateDir);

} // namespace fg
