// `floodgate sync`: one job, with rsync-like flags, a progress line, and a
// JSON summary for scripts.

#include "commands.h"
#include "human.h"
#include "itemize.h"
#include "bottleneck_text.h"
#include <floodgate/json.h>
#include "progress_line.h"
#include "sync_flags.h"
#include "text.h"

#include <floodgate/endpoint.h>
#include <floodgate/history.h>
#include <floodgate/saved_jobs.h>
#include <floodgate/job.h>
#include <floodgate/options.h>
#include <floodgate/signals.h>
#include <floodgate/system.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <string>
#include <vector>


namespace fg::cli {

namespace {

const char* actionLabel(FileAction a)
{
    switch (a) {
    case FileAction::Copy: return "copy   ";
    case FileAction::Update: return "update ";
    case FileAction::Attrs: return "attrs  ";
    case FileAction::MkDir: return "mkdir  ";
    case FileAction::Symlink: return "symlink";
    case FileAction::Delete: return "delete ";
    case FileAction::Unchanged: return "same   ";
    }
    return "?      ";
}

// How each updated (or resumed) file travelled, and why; new files go whole.
struct UpdateMethod {
    std::string path;
    TransferMethod method;
    const char* reason;
};


// --snapshot's line: which one, and what retention removed.
void printSnapshot(std::FILE* info, const SnapshotOutcome& s, bool dryRun)
{
    std::string line = "snapshot " + s.name;
    if (dryRun) line += " would be made";
    else line += s.complete ? " is complete" : " is incomplete: it stays as " + s.name + ".partial, for the next run to link from";
    if (!s.removed.empty()) {
        line += std::string("; ") + (dryRun ? "would remove " : "removed ") + std::to_string(s.removed.size())
              + " older (" + s.removed.front() + (s.removed.size() > 1 ? " .. " + s.removed.back() : "") + ")";
    }
    std::fprintf(info, "%s\n", terminalSafe(line).c_str());
}

std::string resultJson(const JobResult& r, const SyncCliOptions& o, int exitCode, const std::vector<UpdateMethod>& updates)
{
    JsonWriter j;
    j.beginObject();
    j.key("state").value(jobStateName(r.state));
    j.key("exit_code").value(exitCode);
    j.key("dry_run").value(o.spec.options.transfer.dryRun);
    j.key("files_total").value(r.filesTotal);
    j.key("files_transferred").value(r.filesTransferred);
    j.key("files_deleted").value(r.filesDeleted);
    j.key("bytes_total").value(r.bytesTotal);
    j.key("bytes_transferred").value(r.bytesTransferred);
    j.key("file_bytes_transferred").value(r.fileBytesTransferred);
    j.key("wire_bytes").value(r.wireBytes);
    j.key("seconds").value(r.seconds);
    j.key("cpu_seconds").value(r.cpuSeconds);
    j.key("far_cpu_seconds").value(r.farCpuSeconds);
    if (r.snapshot) {
        j.key("snapshot").beginObject();
        j.key("name").value(r.snapshot->name).key("complete").value(r.snapshot->complete);
        j.key("removed").beginArray();
        for (const auto& n : r.snapshot->removed) j.value(n);
        j.endArray().endObject();
    } else {
        j.key("snapshot").value(std::optional<double>());
    }
    j.key("errors").beginArray();
    if (r.state == JobState::Failed) {
        j.beginObject().key("path").value("").key("code").value(errcName(r.fatal.code));
        j.key("message").value(r.fatal.message).endObject();
    }
    for (const auto& e : r.errors) {
        j.beginObject().key("path").value(e.path).key("code").value(errcName(e.error.code));
        j.key("message").value(e.error.message).endObject();
    }
    j.endArray();
    j.key("updates").beginArray();
    for (const auto& u : updates) {
        j.beginObject().key("path").value(u.path).key("method").value(transferMethodName(u.method));
        j.key("reason").value(u.reason).endObject();
    }
    j.endArray();
    // What compression did, from the sender's stages (here or at the far
    // end): frames that went compressed, and the rest, raw.
    const StageSnapshot* compress = nullptr;
    const StageSnapshot* send = nullptr;
    for (const auto& s : r.stages)
        if (s.id == StageId::Compress) compress = &s;
    for (const auto& s : r.stages)
        if (s.id == StageId::Send && compress && s.remote == compress->remote) send = &s;
    const uint64_t compressed = compress ? compress->items : 0;
    j.key("checksum_choice").value(checksumChoiceName(o.spec.options.transfer.checksumChoice));
    j.key("compression").beginObject();
    // What the job ran with: a local copy never compresses, whatever was asked.
    j.key("mode").value(compressText(effectiveOptions(o.spec).transfer.compress));
    j.key("frames_compressed").value(compressed);
    j.key("frames_raw").value(send && send->items > compressed ? send->items - compressed : 0);
    j.endObject();
    j.key("stages").beginArray();
    for (const auto& s : r.stages) {
        j.beginObject();
        j.key("name").value(s.name).key("remote").value(s.remote).key("bytes").value(s.bytes);
        // To the microsecond: the three parts add up to `seconds`, the time
        // of the threads that ran the stage, also for stages of a few
        // milliseconds.
        j.key("items").value(s.items).key("busy_seconds").seconds(s.busyNs);
        j.key("wait_input_seconds").seconds(s.waitInputNs);
        j.key("wait_output_seconds").seconds(s.waitOutputNs);
        j.key("seconds").seconds(s.lifetimeNs);
        j.endObject();
    }
    j.endArray();
    writeBottleneckJson(j, r);
    j.endObject();
    return j.str();
}

// --log-file: lines appended as rsync writes them, "2026/12/01 10:04:05 [pid] ...".
class LogFile {
public:
    ~LogFile()
    {
        if (m_file) std::fclose(m_file);
    }
    Status open(const std::string& path)
    {
        m_file = std::fopen(path.c_str(), "a");
        if (!m_file) return Error(Errc::PermissionDenied, "cannot append to " + path + ": " + std::strerror(errno));
        return {};
    }
    explicit operator bool() const { return m_file != nullptr; }
    void line(const std::string& text)
    {
        std::fprintf(m_file, "%s [%d] %s\n", logTime(' ').c_str(), processId(), text.c_str());
        std::fflush(m_file);
    }

private:
    FILE* m_file = nullptr;
};

bool anyRemote(const std::string& endpoint)
{
    auto e = parseEndpoint(endpoint);
    return e.ok() && e->kind != Endpoint::Kind::Local;
}

// 1234567 -> "1,234,567", as rsync writes its --stats.
std::string withCommas(uint64_t n)
{
    const std::string digits = std::to_string(n);
    std::string out;
    for (size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out.push_back(',');
        out.push_back(digits[i]);
    }
    return out;
}

void printStats(FILE* out, const JobResult& r, const MetricsSnapshot& s, uint64_t created)
{
    std::fprintf(out, "\nNumber of regular files: %s\n", withCommas(r.filesTotal).c_str());
    std::fprintf(out, "Number of created files: %s\n", withCommas(created).c_str());
    std::fprintf(out, "Number of deleted files: %s\n", withCommas(r.filesDeleted).c_str());
    std::fprintf(out, "Number of regular files transferred: %s\n", withCommas(r.filesTransferred).c_str());
    std::fprintf(out, "Total file size: %s bytes\n", withCommas(r.bytesTotal).c_str());
    std::fprintf(out, "Total transferred file size: %s bytes\n", withCommas(r.fileBytesTransferred).c_str());
    std::fprintf(out, "Literal data: %s bytes\n", withCommas(r.bytesTransferred).c_str());
    std::fprintf(out, "Matched data: %s bytes\n", withCommas(r.fileBytesTransferred - r.bytesTransferred).c_str());
    std::fprintf(out, "Total bytes sent: %s\n", withCommas(s.wireBytesSent).c_str());
    std::fprintf(out, "Total bytes received: %s\n", withCommas(s.wireBytesReceived).c_str());
    std::fprintf(out, "Total time: %.3f seconds\n\n", r.seconds);
}

// Said before anything moves, even with -q: nobody should learn from a packet
// capture that their files went in the clear, or that a cipher they chose
// was never used.
void warnAboutCiphers(const JobSpec& spec)
{
    const SyncOptions& o = spec.options;
    const JobReach reach = jobReach(spec.source, spec.destination);
    const bool daemon = reach == JobReach::Daemon;
    if (o.cipher == CipherChoice::None && daemon)
        std::fprintf(stderr, "floodgate: warning: --cipher none: file data crosses the network unencrypted; anyone on "
                             "the path can read it and alter it undetected. Use it only on a trusted LAN.\n");
    else if (o.cipher != CipherChoice::Auto && !daemon)
        std::fprintf(stderr, "floodgate: note: --cipher applies to floodgate:// connections only; this job has none "
                             "(an ssh job takes --ssh-cipher)\n");
    if (!o.sshCipher.empty() && reach != JobReach::Ssh)
        std::fprintf(stderr, "floodgate: note: --ssh-cipher applies to host:path (ssh) jobs only; this job has none\n");
}

} // namespace

int runSync(const std::vector<std::string>& args) { return runSyncAs(args, RunOrigin{}); }

int runSyncAs(const std::vector<std::string>& args, const RunOrigin& origin)
{
    SyncCliOptions o;
    if (int rc = parseSyncArgs(args, o); rc >= 0) return rc;
    const int64_t startedAtMs = unixTimeMs();
    // What the history keeps of the run besides its figures: the warnings
    // and errors it printed.
    std::vector<RunLogLine> historyLog;
    auto keepForHistory = [&](RunLogLine::Level level, const std::string& message) {
        if (historyLog.size() < kMaxRecordedLog) historyLog.push_back({level, message});
    };

    auto created = Job::create(o.spec);
    if (!created.ok()) {
        std::fprintf(stderr, "floodgate sync: %s\n(see `floodgate sync --help`)\n", created.error().message.c_str());
        return kUsageError;
    }
    std::unique_ptr<Job> job = std::move(created).value();

    // The notify hook only says "the job ended"; events are drained on a
    // steady tick instead of one wake-up per event (a 100k-file job would
    // otherwise ping-pong threads 100k times).
    std::mutex wakeMutex;
    std::condition_variable wake;
    bool ended = false;
    job->setNotify([&] {
        if (!job->finished()) return;
        std::lock_guard lock(wakeMutex);
        ended = true;
        wake.notify_one();
    });
    // File by file only -v prints (FileFinished); the rest are counts.
    job->setFileEvents(o.verbose && !o.quiet && !o.itemize);
    Job* jobPtr = job.get();
    onInterrupt([jobPtr] { jobPtr->cancel(); });

    warnAboutCiphers(o.spec);

    FILE* info = o.json ? stderr : stdout;
    ProgressLine progress(info, o.json ? standardErrorIsTerminal() : standardOutputIsTerminal());
    auto lastProgress = std::chrono::steady_clock::now();
    job->start();

    LogFile log;
    if (!o.logFile.empty()) {
        if (Status opened = log.open(o.logFile); !opened) {
            std::fprintf(stderr, "floodgate sync: --log-file: %s\n", opened.error().message.c_str());
            return 3;
        }
        log.line("floodgate sync " + o.spec.source + " " + o.spec.destination);
    }
    std::vector<UpdateMethod> updates;
    uint64_t createdCount = 0; // for --stats
    const bool toRemote = anyRemote(o.spec.destination);
    auto drain = [&] {
        for (Event& ev : job->takeEvents()) {
            if (auto* planned = std::get_if<event::Planned>(&ev)) {
                for (const auto& item : planned->items) {
                    // Updates, and copies resumed from an interrupted run.
                    const bool update = (item.action == FileAction::Update && item.method != TransferMethod::None)
                                        || item.method == TransferMethod::Delta;
                    if (update && o.json) updates.push_back({item.path, item.method, item.methodReason});
                    if (item.changes & kChangeNew) ++createdCount;
                    if (log) log.line(o.logFormat.line(item, toRemote));
                    if (o.outFormat) {
                        if (o.quiet) continue;
                        if (o.progress) progress.clearForMessage();
                        std::fprintf(info, "%s\n", terminalSafe(o.outFormat->line(item, toRemote)).c_str());
                        continue;
                    }
                    if (o.itemize) {
                        if (o.quiet) continue;
                        if (o.progress) progress.clearForMessage();
                        std::fprintf(info, "%s\n", terminalSafe(itemizeLine(item, toRemote)).c_str());
                        continue;
                    }
                    if (o.quiet || (!o.spec.options.transfer.dryRun && !(o.verbose && update))) continue;
                    if (o.progress) progress.clearForMessage();
                    if (update)
                        std::fprintf(info, "%s %s  (%s: %s)\n", actionLabel(item.action), terminalSafe(item.path).c_str(),
                                     transferMethodName(item.method), item.methodReason);
                    else if (o.spec.options.transfer.dryRun)
                        std::fprintf(info, "%s %s%s\n", actionLabel(item.action), terminalSafe(item.path).c_str(),
                                     item.isDir && item.path != "." ? "/" : "");
                }
            } else if (auto* done = std::get_if<event::FileFinished>(&ev)) {
                if (o.verbose && !o.quiet && !o.itemize) {
                    if (o.progress) progress.clearForMessage();
                    std::fprintf(info, "%s\n", terminalSafe(done->path).c_str());
                }
            } else if (auto* failed = std::get_if<event::FileFailed>(&ev)) {
                if (log) log.line("error: " + failed->path + ": " + failed->error.message);
                if (o.progress) progress.clearForMessage();
                std::fprintf(stderr, "floodgate: %s: %s\n", terminalSafe(failed->path).c_str(),
                             terminalSafe(failed->error.message).c_str());
            } else if (auto* changed = std::get_if<event::BottleneckChanged>(&ev)) {
                if (o.quiet || !o.verbose) continue;
                if (o.progress) progress.clearForMessage();
                std::fprintf(stderr, "floodgate: at %.1f s, limited by %s\n", changed->atSec,
                             terminalSafe(bottleneckLine(changed->bottleneck)).c_str());
            } else if (auto* message = std::get_if<event::Log>(&ev)) {
                if (message->level != event::Log::Level::Info)
                    keepForHistory(message->level == event::Log::Level::Warning ? RunLogLine::Level::Warning
                                                                                : RunLogLine::Level::Error,
                                   message->message);
                if (log && message->level != event::Log::Level::Info) log.line(message->message);
                if (message->level == event::Log::Level::Info && (o.quiet || !o.verbose)) continue;
                if (message->level == event::Log::Level::Warning && o.quiet) continue;
                if (o.progress) progress.clearForMessage();
                std::fprintf(stderr, "floodgate: %s\n", terminalSafe(message->message).c_str());
            }
        }
    };

    constexpr auto kTick = std::chrono::milliseconds(100);
    while (!job->finished()) {
        {
            std::unique_lock lock(wakeMutex);
            wake.wait_for(lock, kTick, [&] { return ended; });
        }
        drain();
        auto now = std::chrono::steady_clock::now();
        if (o.progress && !o.quiet && now - lastProgress >= std::chrono::milliseconds(250)) {
            progress.update(job->snapshot());
            lastProgress = now;
        }
    }
    const JobResult& result = job->wait();
    drain();
    int code = exitCodeFor(result);
    if (o.progress && !o.quiet) progress.finish(result);
    if (log) {
        const MetricsSnapshot last = job->snapshot();
        if (result.state == JobState::Failed) log.line("error: " + result.fatal.message);
        log.line("sent " + std::to_string(last.wireBytesSent) + " bytes  received " + std::to_string(last.wireBytesReceived)
                 + " bytes  total size " + std::to_string(result.bytesTotal) + "; " + std::to_string(result.filesTransferred)
                 + " of " + std::to_string(result.filesTotal) + " files transferred; exit code " + std::to_string(code));
    }

    // Under --json too: a cron job's mail or a service's journal gets stderr,
    // and a failure must not be only inside an object nobody reads.
    if (result.state == JobState::Failed)
        std::fprintf(stderr, "floodgate: %s\n", terminalSafe(result.fatal.message).c_str());

    RunRecord record = runRecordOf(o.spec, result, code, startedAtMs);
    record.job = origin.job;
    record.origin = origin.origin;
    record.command = shellQuoted(args);
    if (result.state == JobState::Failed) keepForHistory(RunLogLine::Level::Error, result.fatal.message);
    record.log = std::move(historyLog);
    if (const std::string missing = recordRun(o.spec.options.stateDir, record); !missing.empty() && !o.quiet)
        std::fprintf(stderr, "floodgate: note: this run is not in the history (%s); the job itself is not affected\n",
                     terminalSafe(missing).c_str());
    if (o.json) {
        std::printf("%s\n", resultJson(result, o, code, updates).c_str());
    } else if (!o.quiet) {
        if (o.spec.options.transfer.dryRun) {
            MetricsSnapshot plan = job->snapshot();
            std::fprintf(info, "dry run: would transfer %llu of %llu files (%s); nothing was changed\n",
                         static_cast<unsigned long long>(plan.filesToTransfer),
                         static_cast<unsigned long long>(result.filesTotal), humanBytes(plan.bytesToTransfer).c_str());
        } else if (result.state == JobState::Done) {
            double rate = result.seconds > 0 ? double(result.bytesTransferred) / result.seconds : 0;
            std::fprintf(info, "%llu of %llu files transferred (%s) in %s, %s",
                         static_cast<unsigned long long>(result.filesTransferred),
                         static_cast<unsigned long long>(result.filesTotal), humanBytes(result.bytesTransferred).c_str(),
                         humanDuration(result.seconds).c_str(), humanRate(rate).c_str());
            if (result.filesDeleted) std::fprintf(info, ", %llu deleted", static_cast<unsigned long long>(result.filesDeleted));
            if (result.wireBytes) std::fprintf(info, ", %s on the wire", humanBytes(result.wireBytes).c_str());
            std::fprintf(info, "\n");
        }
        if (result.snapshot) printSnapshot(info, *result.snapshot, o.spec.options.transfer.dryRun);
        if (o.stats) printStats(info, result, job->snapshot(), createdCount);
        if ((o.verbose || o.stats) && !result.bottleneck.layer.empty() && !o.spec.options.transfer.dryRun)
            std::fprintf(info, "limited by %s (%.0f%% of the time)\n", terminalSafe(bottleneckLine(result.bottleneck)).c_str(),
                         100.0 * result.bottleneck.share);
        if (!result.errors.empty())
            std::fprintf(stderr, "floodgate: %zu error(s); see the messages above (exit code %d)\n", result.errors.size(), code);
        else if (result.state == JobState::Cancelled)
            std::fprintf(stderr, "floodgate: cancelled; files already written are complete, the rest are untouched\n");
    }
    return code;
}

} // namespace fg::cli
