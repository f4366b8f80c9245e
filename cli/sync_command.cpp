// `floodgate sync`: one job, with rsync-like flags, a progress line, and a
// JSON summary for scripts.

#include "args.h"
#include "commands.h"
#include "human.h"
#include "json_writer.h"

#include <floodgate/endpoint.h>
#include <floodgate/job.h>
#include <floodgate/options.h>
#include <floodgate/signals.h>

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <string>
#include <vector>

namespace fg::cli {

namespace {

const char* kSyncHelp =
    "usage: floodgate sync [options] SRC DST\n"
    "\n"
    "SRC and DST: a local path, floodgate://HOST[:PORT]/MODULE[/PATH] (a `floodgate serve`\n"
    "daemon), or [user@]host:path (ssh). One of them must be local. As with rsync, SRC/\n"
    "(trailing slash) means the directory's contents; SRC without it means the directory itself.\n"
    "By default files are added and updated, never deleted.\n"
    "\n"
    "  -n, --dry-run            show what would change; change nothing\n"
    "      --delete             delete files in DST that SRC lacks (excluded files are kept)\n"
    "  -c, --checksum           compare files by content hash, not size and time\n"
    "      --exclude PATTERN    skip matching paths (rsync rules; first match wins)\n"
    "      --include PATTERN    keep matching paths even if a later --exclude matches\n"
    "      --exclude-from FILE  read exclude patterns from FILE ('+ ' / '- ' prefixes allowed)\n"
    "      --include-from FILE  read include patterns from FILE\n"
    "      --files-from FILE    transfer only the paths listed in FILE ('-' = stdin)\n"
    "      --modify-window SEC  treat mtimes this close as equal (FAT needs 2)\n"
    "      --bwlimit RATE       limit the transfer rate (e.g. 20M = 20 MiB/s; bare number = KiB/s), or\n"
    "                           follow a timetable: \"Mon-Fri 08:00-18:00 20M, 100M\" (first match wins)\n"
    "      --streams N|auto     data connections to a daemon (default auto: add while the rate rises)\n"
    "      --chunk-size SIZE    cut big files into chunks of SIZE spread over the streams (default: per file)\n"
    "      --congestion NAME    TCP congestion control for data connections (default: bbr where available)\n"
    "      --fsync WHEN         make written files durable: end (default: once, before the job reports\n"
    "                           done), file (each file before it is renamed into place), none\n"
    "  -W, --whole-file         send changed files whole (default auto: differences when the\n"
    "                           destination has an old copy and the file is not small or local)\n"
    "      --no-whole-file      send differences whenever the destination has an old copy\n"
    "      --compress HOW       compress data on the wire: none (default), lz4, zstd[:LEVEL] (1..19, default 3),\n"
    "                           or auto: zstd at a level that follows the bottleneck, skipping data that\n"
    "                           does not compress (known formats by name, the rest by trying); zstd\n"
    "                           compresses each connection as one stream (8 MiB window), lz4 each frame\n"
    "  -z                       the same as --compress auto\n"
    "      --cipher NAME        floodgate:// encryption: auto (default: AES-GCM when both ends have AES\n"
    "                           instructions, else ChaCha20), aes128-gcm, aes256-gcm, chacha20-poly1305,\n"
    "                           none (file data unencrypted, for a trusted LAN; the module must allow it)\n"
    "      --ssh-cipher NAME    passed to ssh as -c NAME for host:path (see `ssh -Q cipher`)\n"
    "      --checksum-choice H  what every chunk and file is verified with, and -c compares: xxh128\n"
    "                           (default: XXH3-128, catches any accidental corruption), xxh3 (XXH3-64),\n"
    "                           sha256 (cryptographic: for sources someone could craft collisions in)\n"
    "  -e, --rsh COMMAND        the ssh command for host:path (default: ssh)\n"
    "      --remote-floodgate PATH  floodgate on the ssh host (default: floodgate)\n"
    "      --state-dir DIR      keys and pins (default: $FLOODGATE_HOME or ~/.config/floodgate)\n"
    "      --progress           one updating line: bytes done, %, rate, ETA\n"
    "  -v, --verbose            list each file as it is transferred\n"
    "  -q, --quiet              print errors only\n"
    "      --json               print one JSON object with the results on stdout at exit\n"
    "  -a, -r                   accepted for rsync habits; floodgate always recurses and keeps\n"
    "                           times, permissions and symlinks\n";

const std::vector<OptionSpec> kSyncOptions = {
    {"dry-run", 'n', false},      {"delete", 0, false},         {"checksum", 'c', false},
    {"exclude", 0, true},         {"include", 0, true},         {"exclude-from", 0, true},
    {"include-from", 0, true},    {"files-from", 0, true},      {"modify-window", 0, true},
    {"bwlimit", 0, true},         {"rsh", 'e', true},           {"remote-floodgate", 0, true},
    {"streams", 0, true},         {"chunk-size", 0, true},      {"congestion", 0, true},
    {"fsync", 0, true},           {"whole-file", 'W', false},   {"no-whole-file", 0, false},
    {"compress", 0, true},        {"z", 'z', false},
    {"cipher", 0, true},          {"ssh-cipher", 0, true},      {"checksum-choice", 0, true},
    {"state-dir", 0, true},       {"progress", 0, false},       {"verbose", 'v', false},
    {"quiet", 'q', false},        {"json", 0, false},           {"archive", 'a', false},
    {"recursive", 'r', false},    {"help", 'h', false},
};

struct SyncCliOptions {
    JobSpec spec;
    bool progress = false;
    bool verbose = false;
    bool quiet = false;
    bool json = false;
};

int usageError(const std::string& message)
{
    std::fprintf(stderr, "floodgate sync: %s\n(see `floodgate sync --help`)\n", message.c_str());
    return kUsageError;
}

Result<std::vector<std::string>> readFilesFromStdin()
{
    std::string all;
    char buf[65536];
    while (size_t n = std::fread(buf, 1, sizeof buf, stdin)) all.append(buf, n);
    std::vector<std::string> out;
    char sep = all.find('\0') != std::string::npos ? '\0' : '\n';
    size_t start = 0;
    while (start <= all.size()) {
        size_t end = all.find(sep, start);
        if (end == std::string::npos) end = all.size();
        std::string line = all.substr(start, end - start);
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (!line.empty()) out.push_back(line);
        start = end + 1;
    }
    return out;
}

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

class ProgressLine {
public:
    explicit ProgressLine(FILE* out) : m_out(out) {}
    void update(const MetricsSnapshot& s)
    {
        double now = s.elapsedSec;
        // The rate over the last few seconds, not since the start: it tells
        // what the link does now, and the ETA follows it.
        if (now - m_lastTime >= 1.0 || m_lastTime == 0) {
            double dt = now - m_lastTime;
            if (m_lastTime > 0 && dt > 0) {
                double inst = double(s.bytesDone - m_lastBytes) / dt;
                m_rate = m_rate == 0 ? inst : 0.6 * m_rate + 0.4 * inst;
            }
            m_lastTime = now;
            m_lastBytes = s.bytesDone;
        }
        double pct = s.bytesToTransfer ? 100.0 * double(s.bytesDone) / double(s.bytesToTransfer) : 0;
        if (pct > 100) pct = 100;
        double eta = m_rate > 0 ? double(s.bytesToTransfer - std::min(s.bytesDone, s.bytesToTransfer)) / m_rate : -1;
        char line[256];
        std::snprintf(line, sizeof line, "\r%12s %3.0f%% %12s  ETA %s  %llu/%llu files   ",
                      humanBytes(s.bytesDone).c_str(), pct, humanRate(m_rate).c_str(), humanDuration(eta).c_str(),
                      static_cast<unsigned long long>(s.filesDone),
                      static_cast<unsigned long long>(s.filesToTransfer));
        std::fputs(line, m_out);
        std::fflush(m_out);
    }
    // The last line, printed even when the job was too quick for an update.
    void finish(const JobResult& r)
    {
        double rate = r.seconds > 0 ? double(r.bytesTransferred) / r.seconds : 0;
        std::fprintf(m_out, "\r%12s 100%% %12s  in %s  %llu files          \n", humanBytes(r.bytesTransferred).c_str(),
                     humanRate(rate).c_str(), humanDuration(r.seconds).c_str(),
                     static_cast<unsigned long long>(r.filesTransferred));
    }

private:
    FILE* m_out;
    double m_lastTime = 0;
    uint64_t m_lastBytes = 0;
    double m_rate = 0;
};

// How each updated (or resumed) file travelled, and why; new files go whole.
struct UpdateMethod {
    std::string path;
    TransferMethod method;
    const char* reason;
};

bool anyEndpointIs(const JobSpec& spec, Endpoint::Kind kind)
{
    for (const std::string* text : {&spec.source, &spec.destination}) {
        auto e = parseEndpoint(*text);
        if (e.ok() && e->kind == kind) return true;
    }
    return false;
}

bool isLocalCopy(const JobSpec& spec)
{
    return !anyEndpointIs(spec, Endpoint::Kind::Daemon) && !anyEndpointIs(spec, Endpoint::Kind::Ssh);
}

std::string resultJson(const JobResult& r, const SyncCliOptions& o, int exitCode, const std::vector<UpdateMethod>& updates)
{
    JsonWriter j;
    j.beginObject();
    j.key("state").value(jobStateName(r.state));
    j.key("exit_code").value(exitCode);
    j.key("dry_run").value(o.spec.options.dryRun);
    j.key("files_total").value(r.filesTotal);
    j.key("files_transferred").value(r.filesTransferred);
    j.key("files_deleted").value(r.filesDeleted);
    j.key("bytes_total").value(r.bytesTotal);
    j.key("bytes_transferred").value(r.bytesTransferred);
    j.key("wire_bytes").value(r.wireBytes);
    j.key("seconds").value(r.seconds);
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
        if (s.name == "compress") compress = &s;
    for (const auto& s : r.stages)
        if (s.name == "send" && compress && s.remote == compress->remote) send = &s;
    const uint64_t compressed = compress ? compress->items : 0;
    j.key("checksum_choice").value(checksumChoiceName(o.spec.options.checksumChoice));
    j.key("compression").beginObject();
    // A local copy never compresses (see Job), whatever was asked.
    j.key("mode").value(isLocalCopy(o.spec) ? compressText(CompressSpec{}) : compressText(o.spec.options.compress));
    j.key("frames_compressed").value(compressed);
    j.key("frames_raw").value(send && send->items > compressed ? send->items - compressed : 0);
    j.endObject();
    j.key("stages").beginArray();
    for (const auto& s : r.stages) {
        j.beginObject();
        j.key("name").value(s.name).key("remote").value(s.remote).key("bytes").value(s.bytes);
        j.key("items").value(s.items).key("busy_seconds").value(double(s.busyNs) / 1e9);
        j.key("wait_input_seconds").value(double(s.waitInputNs) / 1e9);
        j.key("wait_output_seconds").value(double(s.waitOutputNs) / 1e9);
        j.endObject();
    }
    j.endArray();
    j.endObject();
    return j.str();
}

int parse(const std::vector<std::string>& args, SyncCliOptions& o)
{
    ParsedArgs parsed = parseArgs(args, kSyncOptions);
    if (!parsed.error.empty()) return usageError(parsed.error);
    SyncOptions& opt = o.spec.options;
    for (const auto& [name, value] : parsed.options) {
        if (name == "help") {
            std::fputs(kSyncHelp, stdout);
            return 0;
        }
        if (name == "dry-run") opt.dryRun = true;
        else if (name == "delete") opt.deleteExtraneous = true;
        else if (name == "checksum") opt.checksum = true;
        else if (name == "exclude") opt.filters.push_back({FilterSpec::Kind::Exclude, value});
        else if (name == "include") opt.filters.push_back({FilterSpec::Kind::Include, value});
        else if (name == "exclude-from" || name == "include-from") {
            auto kind = name == "exclude-from" ? FilterSpec::Kind::Exclude : FilterSpec::Kind::Include;
            auto rules = readFilterFile(value, kind);
            if (!rules.ok()) return usageError("--" + name + ": " + rules.error().message);
            opt.filters.insert(opt.filters.end(), rules->begin(), rules->end());
        } else if (name == "files-from") {
            auto paths = value == "-" ? readFilesFromStdin() : readFilesFrom(value);
            if (!paths.ok()) return usageError("--files-from: " + paths.error().message);
            opt.filesFrom = std::move(paths).value();
            opt.hasFilesFrom = true;
        } else if (name == "modify-window") {
            char* end = nullptr;
            double sec = std::strtod(value.c_str(), &end);
            if (end == value.c_str() || *end != '\0' || sec < 0)
                return usageError("--modify-window: '" + value + "' is not a number of seconds");
            opt.modifyWindowNs = int64_t(sec * 1e9);
        } else if (name == "bwlimit") {
            auto schedule = parseRateSchedule(value);
            if (!schedule.ok()) return usageError(schedule.error().message);
            const RateRule& first = schedule->rules.front();
            if (schedule->rules.size() == 1 && first.days == 0x7f && first.startMinute == 0 && first.endMinute == 1440)
                opt.bwlimitBytesPerSec = first.bytesPerSec;
            else
                opt.bwlimitSchedule = std::move(schedule).value();
        } else if (name == "streams") {
            if (value == "auto") {
                opt.streams = 0;
            } else {
                char* end = nullptr;
                long n = std::strtol(value.c_str(), &end, 10);
                if (value.empty() || *end != '\0' || n < 1 || n > long(kMaxStreamsOption))
                    return usageError("--streams: '" + value + "' is not a number of streams; use 1 to "
                                      + std::to_string(kMaxStreamsOption) + ", or auto");
                opt.streams = unsigned(n);
            }
        } else if (name == "chunk-size") {
            auto size = parseSize(value, "--chunk-size");
            if (!size.ok()) return usageError(size.error().message);
            if (*size == 0) return usageError("--chunk-size: 0 is not a chunk size; leave the option out for a size picked per file");
            opt.chunkSize = *size;
        } else if (name == "congestion") {
            opt.congestion = value;
        } else if (name == "fsync") {
            auto mode = parseFsyncMode(value);
            if (!mode.ok()) return usageError(mode.error().message);
            opt.fsync = *mode;
        } else if (name == "whole-file") {
            opt.wholeFile = WholeFileMode::Always;
        } else if (name == "no-whole-file") {
            opt.wholeFile = WholeFileMode::Never;
        } else if (name == "compress") {
            auto spec = parseCompress(value);
            if (!spec.ok()) return usageError(spec.error().message);
            opt.compress = *spec;
        } else if (name == "z") {
            // rsync's -z means "compress, the tool knows how"; auto is the
            // choice built not to slow a transfer down: it leaves incompressible
            // data alone and drops to no compression where compressing, not
            // the link, would set the pace (a fast LAN), where a fixed zstd
            // level would cap a 10 Gbit/s link at a few hundred MB/s a core.
            opt.compress = CompressSpec{CompressMode::Auto, kDefaultZstdLevel};
        } else if (name == "cipher") {
            auto cipher = parseCipherChoice(value);
            if (!cipher.ok()) return usageError(cipher.error().message);
            opt.cipher = *cipher;
        } else if (name == "ssh-cipher") {
            if (Status st = checkSshCipher(value); !st) return usageError(st.error().message);
            opt.sshCipher = value;
        } else if (name == "checksum-choice") {
            auto choice = parseChecksumChoice(value);
            if (!choice.ok()) return usageError(choice.error().message);
            opt.checksumChoice = *choice;
        } else if (name == "rsh") opt.rsh = value;
        else if (name == "remote-floodgate") opt.remoteFloodgate = value;
        else if (name == "state-dir") opt.stateDir = value;
        else if (name == "progress") o.progress = true;
        else if (name == "verbose") o.verbose = true;
        else if (name == "quiet") o.quiet = true;
        else if (name == "json") o.json = true;
        // archive / recursive: accepted, nothing to do
    }
    if (parsed.positional.size() != 2)
        return usageError(parsed.positional.size() < 2 ? "give a source and a destination"
                                                       : "more than one source is not supported yet; give SRC and DST");
    o.spec.source = parsed.positional[0];
    o.spec.destination = parsed.positional[1];
    return -1;
}

// Said before anything moves, even with -q: nobody should learn from a packet
// capture that their files went in the clear, or that a cipher they chose
// was never used.
void warnAboutCiphers(const JobSpec& spec)
{
    const SyncOptions& o = spec.options;
    const bool daemon = anyEndpointIs(spec, Endpoint::Kind::Daemon);
    if (o.cipher == CipherChoice::None && daemon)
        std::fprintf(stderr, "floodgate: warning: --cipher none: file data crosses the network unencrypted; anyone on "
                             "the path can read it and alter it undetected. Use it only on a trusted LAN.\n");
    else if (o.cipher != CipherChoice::Auto && !daemon)
        std::fprintf(stderr, "floodgate: note: --cipher applies to floodgate:// connections only; this job has none "
                             "(an ssh job takes --ssh-cipher)\n");
    if (!o.sshCipher.empty() && !anyEndpointIs(spec, Endpoint::Kind::Ssh))
        std::fprintf(stderr, "floodgate: note: --ssh-cipher applies to host:path (ssh) jobs only; this job has none\n");
}

} // namespace

int runSync(const std::vector<std::string>& args)
{
    SyncCliOptions o;
    if (int rc = parse(args, o); rc >= 0) return rc;

    auto created = Job::create(o.spec);
    if (!created.ok()) return usageError(created.error().message);
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
    Job* jobPtr = job.get();
    onInterrupt([jobPtr] { jobPtr->cancel(); });

    warnAboutCiphers(o.spec);

    FILE* info = o.json ? stderr : stdout;
    ProgressLine progress(info);
    auto lastProgress = std::chrono::steady_clock::now();
    job->start();

    std::vector<UpdateMethod> updates;
    auto drain = [&] {
        for (Event& ev : job->takeEvents()) {
            if (auto* planned = std::get_if<event::Planned>(&ev)) {
                for (const auto& item : planned->items) {
                    // Updates, and copies resumed from an interrupted run.
                    const bool update = (item.action == FileAction::Update && item.method != TransferMethod::None)
                                        || item.method == TransferMethod::Delta;
                    if (update && o.json) updates.push_back({item.path, item.method, item.methodReason});
                    if (o.quiet || (!o.spec.options.dryRun && !(o.verbose && update))) continue;
                    if (o.progress) std::fputs("\r\033[K", info);
                    if (update)
                        std::fprintf(info, "%s %s  (%s: %s)\n", actionLabel(item.action), item.path.c_str(),
                                     transferMethodName(item.method), item.methodReason);
                    else if (o.spec.options.dryRun)
                        std::fprintf(info, "%s %s%s\n", actionLabel(item.action), item.path.c_str(),
                                     item.isDir && item.path != "." ? "/" : "");
                }
            } else if (auto* done = std::get_if<event::FileFinished>(&ev)) {
                if (o.verbose && !o.quiet) {
                    if (o.progress) std::fputs("\r\033[K", info);
                    std::fprintf(info, "%s\n", done->path.c_str());
                }
            } else if (auto* failed = std::get_if<event::FileFailed>(&ev)) {
                if (o.progress) std::fputs("\r\033[K", info);
                std::fprintf(stderr, "floodgate: %s: %s\n", failed->path.c_str(), failed->error.message.c_str());
            } else if (auto* log = std::get_if<event::Log>(&ev)) {
                if (log->level == event::Log::Level::Info && (o.quiet || !o.verbose)) continue;
                if (log->level == event::Log::Level::Warning && o.quiet) continue;
                if (o.progress) std::fputs("\r\033[K", info);
                std::fprintf(stderr, "floodgate: %s\n", log->message.c_str());
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

    if (result.state == JobState::Failed && !o.json) std::fprintf(stderr, "floodgate: %s\n", result.fatal.message.c_str());
    if (o.json) {
        std::printf("%s\n", resultJson(result, o, code, updates).c_str());
    } else if (!o.quiet) {
        if (o.spec.options.dryRun) {
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
        if (!result.errors.empty())
            std::fprintf(stderr, "floodgate: %zu error(s); see the messages above (exit code %d)\n", result.errors.size(), code);
        else if (result.state == JobState::Cancelled)
            std::fprintf(stderr, "floodgate: cancelled; files already written are complete, the rest are untouched\n");
    }
    return code;
}

} // namespace fg::cli
