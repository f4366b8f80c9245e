// `floodgate history`: the runs the history database keeps, from the CLI
// and the GUI alike; one run's errors and log; runs that could not be
// recorded, and why.

#include "args.h"
#include "commands.h"
#include "human.h"
#include "text.h"

#include <floodgate/history.h>
#include <floodgate/json.h>
#include <floodgate/system.h>

#include <cstdio>
#include <string>
#include <vector>

namespace fg::cli {

namespace {

const char* kHistoryHelp =
    "usage: floodgate history [JOB] [--limit N] [--json] [--state-dir DIR]\n"
    "       floodgate history --run ID [--json] [--state-dir DIR]\n"
    "       floodgate history --forget-older-than DAYS [--state-dir DIR]\n"
    "\n"
    "Every sync this user ran, from the command line, the GUI or a schedule, newest first (the\n"
    "last 20 unless --limit; 0: all): when, the job, the result and exit code, files and bytes,\n"
    "time and rate, and what limited it. JOB shows one saved job's runs. --run ID shows one run\n"
    "whole: its command, per-file errors and log. Kept in $FLOODGATE_HOME/history.db (default\n"
    "~/.config/floodgate/history.db). Runs that could not be recorded (a locked or damaged\n"
    "database) are listed with the reason.\n";

int usage(const std::string& message)
{
    std::fprintf(stderr, "floodgate history: %s\n(see `floodgate history --help`)\n", message.c_str());
    return kUsageError;
}

void runJson(JsonWriter& w, const RunRecord& r, bool details)
{
    w.beginObject();
    w.key("id").value(r.id).key("job").value(r.job).key("origin").value(r.origin);
    w.key("source").value(r.source).key("destination").value(r.destination).key("command").value(r.command);
    w.key("started_at_ms").value(r.startedAtMs).key("seconds").value(r.seconds).key("state").value(r.state);
    w.key("exit_code").value(r.exitCode).key("dry_run").value(r.dryRun);
    w.key("files_total").value(r.filesTotal).key("files_transferred").value(r.filesTransferred);
    w.key("files_deleted").value(r.filesDeleted).key("bytes_total").value(r.bytesTotal);
    w.key("bytes_transferred").value(r.bytesTransferred).key("file_bytes_transferred").value(r.fileBytesTransferred);
    w.key("wire_bytes").value(r.wireBytes).key("error_count").value(r.errorCount);
    if (!r.fatal.empty()) w.key("fatal").value(r.fatal);
    w.key("bottleneck").beginObject().key("layer").value(r.bottleneck).key("end").value(r.bottleneckEnd);
    w.key("share").value(r.bottleneckShare).key("fix").value(r.bottleneckFix).endObject();
    if (!r.snapshot.empty()) w.key("snapshot").value(r.snapshot);
    if (details) {
        w.key("errors").beginArray();
        for (const RunFileError& e : r.errors) w.beginObject().key("path").value(e.path).key("message").value(e.message).endObject();
        w.endArray().key("log").beginArray();
        for (const RunLogLine& l : r.log) {
            const char* level = l.level == RunLogLine::Level::Error ? "error" : l.level == RunLogLine::Level::Warning ? "warning" : "info";
            w.beginObject().key("level").value(level).key("message").value(l.message).endObject();
        }
        w.endArray();
    }
    w.endObject();
}

void printMissing(const std::vector<std::string>& notes, std::FILE* to)
{
    if (notes.empty()) return;
    std::fprintf(to, "%zu run(s) are missing from the history:\n", notes.size());
    for (const std::string& n : notes) std::fprintf(to, "  %s\n", terminalSafe(n).c_str());
}

} // namespace

int runHistory(const std::vector<std::string>& args)
{
    static const std::vector<OptionSpec> options = {{"limit", 0, true},     {"json", 0, false},
                                                    {"run", 0, true},       {"state-dir", 0, true},
                                                    {"forget-older-than", 0, true}, {"help", 'h', false}};
    ParsedArgs parsed = parseArgs(args, options);
    if (!parsed.error.empty()) return usage(parsed.error);
    size_t limit = 20;
    bool json = false;
    int64_t runId = 0;
    long forgetDays = -1;
    std::string stateDir;
    for (const auto& [name, value] : parsed.options) {
        char* end = nullptr;
        if (name == "help") {
            std::fputs(kHistoryHelp, stdout);
            return 0;
        } else if (name == "json") json = true;
        else if (name == "state-dir") stateDir = value;
        else if (name == "limit") {
            const long n = std::strtol(value.c_str(), &end, 10);
            if (value.empty() || *end || n < 0) return usage("--limit: '" + value + "' is not a number of runs");
            limit = size_t(n);
        } else if (name == "run") {
            runId = std::strtoll(value.c_str(), &end, 10);
            if (value.empty() || *end || runId <= 0) return usage("--run: '" + value + "' is not a run's id (the first column of `floodgate history`)");
        } else if (name == "forget-older-than") {
            forgetDays = std::strtol(value.c_str(), &end, 10);
            if (value.empty() || *end || forgetDays < 0) return usage("--forget-older-than: '" + value + "' is not a number of days");
        }
    }
    if (parsed.positional.size() > 1) return usage("give at most one job's name");
    const std::string job = parsed.positional.empty() ? std::string() : parsed.positional[0];

    auto history = History::open(History::pathIn(stateDir));
    if (!history.ok()) {
        std::fprintf(stderr, "floodgate history: %s\n", terminalSafe(history.error().message).c_str());
        printMissing(missingRunNotes(stateDir), stderr);
        return 3;
    }
    if (forgetDays >= 0) {
        auto removed = history->removeBefore(unixTimeMs() - int64_t(forgetDays) * 86400000);
        if (!removed.ok()) {
            std::fprintf(stderr, "floodgate history: %s\n", terminalSafe(removed.error().message).c_str());
            return 3;
        }
        std::printf("removed %llu run(s) older than %ld day(s)\n", static_cast<unsigned long long>(*removed), forgetDays);
        return 0;
    }
    if (runId) {
        auto run = history->run(runId);
        if (!run.ok()) {
            std::fprintf(stderr, "floodgate history: %s\n", terminalSafe(run.error().message).c_str());
            return run.error().code == Errc::NotFound ? kUsageError : 3;
        }
        if (json) {
            JsonWriter w;
            runJson(w, *run, true);
            std::printf("%s\n", w.str().c_str());
            return 0;
        }
        std::fputs(runReportText(*run, [](std::string_view text) { return terminalSafe(text); }).c_str(), stdout);
        return 0;
    }

    auto runs = history->runs(job, limit);
    if (!runs.ok()) {
        std::fprintf(stderr, "floodgate history: %s\n", terminalSafe(runs.error().message).c_str());
        return 3;
    }
    const std::vector<std::string> missing = missingRunNotes(stateDir);
    if (json) {
        JsonWriter w;
        w.beginObject().key("runs").beginArray();
        for (const RunRecord& r : *runs) runJson(w, r, false);
        w.endArray().key("missing").beginArray();
        for (const std::string& n : missing) w.value(n);
        w.endArray().endObject();
        std::printf("%s\n", w.str().c_str());
        return 0;
    }
    if (runs->empty()) std::printf(job.empty() ? "no runs recorded yet\n" : "no runs of job '%s' recorded yet\n", terminalSafe(job).c_str());
    else
        std::printf("%6s  %-19s  %-16s  %-13s  %9s  %10s  %8s  %s\n", "run", "started", "job", "result", "files", "bytes",
                    "time", "limited by");
    for (const RunRecord& r : *runs) {
        std::string name = r.job.empty() ? "(sync)" : r.job;
        if (name.size() > 16) name = name.substr(0, 15) + "~";
        std::printf("%6lld  %-19s  %-16s  %-13s  %9llu  %10s  %8s  %s\n", static_cast<long long>(r.id),
                    localTimeText(r.startedAtMs).c_str(), terminalSafe(name).c_str(), runResultText(r).c_str(),
                    static_cast<unsigned long long>(r.filesTransferred), humanBytes(r.bytesTransferred).c_str(),
                    humanDuration(r.seconds).c_str(), terminalSafe(r.bottleneck).c_str());
    }
    printMissing(missing, stdout);
    return 0;
}

} // namespace fg::cli
