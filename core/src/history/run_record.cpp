// A finished job as a history record, and recording it without ever
// failing the job that ran.

#include <floodgate/history.h>
#include <floodgate/identity.h>
#include <floodgate/job.h>
#include <floodgate/system.h>

#include "platform/fs.h"

#include <chrono>

namespace fg {

namespace {

const char* stateName(JobState state)
{
    switch (state) {
    case JobState::Done: return "done";
    case JobState::Failed: return "failed";
    case JobState::Cancelled: return "cancelled";
    default: return "unfinished";
    }
}

std::string missingLogPath(const std::string& stateDir)
{
    return (stateDir.empty() ? defaultStateDir() : stateDir) + "/history-missing.log";
}

constexpr size_t kMaxMissingLog = 256 * 1024;

} // namespace

int64_t unixTimeMs()
{
    using namespace std::chrono;
    return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

RunRecord runRecordOf(const JobSpec& spec, const JobResult& result, int exitCode, int64_t startedAtMs)
{
    RunRecord r;
    r.source = spec.source;
    r.destination = spec.destination;
    r.startedAtMs = startedAtMs;
    r.seconds = result.seconds;
    r.state = stateName(result.state);
    r.exitCode = exitCode;
    r.dryRun = spec.options.transfer.dryRun;
    r.filesTotal = result.filesTotal;
    r.filesTransferred = result.filesTransferred;
    r.filesDeleted = result.filesDeleted;
    r.bytesTotal = result.bytesTotal;
    r.bytesTransferred = result.bytesTransferred;
    r.fileBytesTransferred = result.fileBytesTransferred;
    r.wireBytes = result.wireBytes;
    if (result.state == JobState::Failed) r.fatal = result.fatal.message;
    r.bottleneck = result.bottleneck.layer;
    r.bottleneckEnd = result.bottleneck.end;
    r.bottleneckShare = result.bottleneck.share;
    r.bottleneckFix = result.bottleneck.fix;
    if (result.snapshot) r.snapshot = result.snapshot->name + (result.snapshot->complete ? "" : ".partial");
    r.errorCount = result.errors.size();
    for (size_t i = 0; i < result.errors.size() && i < kMaxRecordedErrors; ++i)
        r.errors.push_back({result.errors[i].path, result.errors[i].error.message});
    return r;
}

std::string recordRun(const std::string& stateDir, const RunRecord& run)
{
    const std::string path = History::pathIn(stateDir);
    std::string why;
    auto history = History::open(path);
    if (!history.ok()) why = history.error().message;
    else if (auto added = history->add(run); !added.ok()) why = added.error().message;
    if (why.empty()) return {};
    // Kept beside the database, so `floodgate history` and the GUI can say
    // which runs are missing and why. (If even this fails, the caller has
    // the reason to print.)
    std::string line = localTimestamp(' ') + "  " + (run.job.empty() ? "sync" : "job '" + run.job + "'") + " ("
                       + run.origin + ", " + run.state + ", exit " + std::to_string(run.exitCode) + "): not recorded: " + why;
    for (char& c : line)
        if (c == '\n' || c == '\r') c = ' ';
    if (Status noted = platform::appendLine(missingLogPath(stateDir), line, 0600); !noted)
        why += "; and the note of it could not be kept either: " + noted.error().message;
    return why;
}

std::vector<std::string> missingRunNotes(const std::string& stateDir)
{
    std::vector<std::string> out;
    auto text = platform::readFile(missingLogPath(stateDir), kMaxMissingLog);
    if (!text.ok()) return out;
    size_t start = 0;
    while (start < text->size()) {
        size_t end = text->find('\n', start);
        if (end == std::string::npos) end = text->size();
        if (end > start) out.push_back(text->substr(start, end - start));
        start = end + 1;
    }
    return out;
}

} // namespace fg
