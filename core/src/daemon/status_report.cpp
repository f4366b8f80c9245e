#include "daemon/status_report.h"

#include "snapshot/retention.h"

#include <floodgate/json.h>
#include <floodgate/units.h>

#include <cstdio>
#include <ctime>

namespace fg {
namespace {

// "2026-12-03 07:02:11" in UTC (the daemon's clock and the reader's zone may differ).
std::string utcTime(int64_t unix)
{
    if (unix <= 0) return "never";
    std::time_t t = std::time_t(unix);
    std::tm tm{};
#ifdef _WIN32
    gmtime_s(&tm, &t);
#else
    gmtime_r(&t, &tm);
#endif
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S", &tm);
    return buf;
}

std::string isoTime(int64_t unix)
{
    std::string s = utcTime(unix);
    if (s == "never") return s;
    s[10] = 'T';
    return s + "Z";
}

// "3 d 4 h", "2 h 5 min", "12 min", "40 s".
std::string duration(double seconds)
{
    const uint64_t s = uint64_t(seconds < 0 ? 0 : seconds);
    auto n = [](uint64_t v) { return std::to_string(v); };
    if (s >= 86400) return n(s / 86400) + " d " + n(s % 86400 / 3600) + " h";
    if (s >= 3600) return n(s / 3600) + " h " + n(s % 3600 / 60) + " min";
    if (s >= 60) return n(s / 60) + " min";
    return n(s) + " s";
}

std::string ago(int64_t then, int64_t now)
{
    if (then <= 0) return "not since the daemon kept track";
    return duration(double(now - then)) + " ago (" + utcTime(then) + " UTC)";
}

std::string accessOf(const ModuleConfig& m)
{
    auto list = [](const std::vector<std::string>& names) {
        std::string out;
        for (const auto& n : names) out += (out.empty() ? "" : ", ") + n;
        return out;
    };
    if (m.readers.empty() && m.writers.empty()) return m.readOnly ? "every paired client reads" : "every paired client";
    std::string out;
    if (!m.writers.empty()) out += (m.readOnly ? "read: " : "write: ") + list(m.writers);
    if (!m.readers.empty()) out += std::string(out.empty() ? "" : "; ") + "read: " + list(m.readers);
    return out;
}

std::string what(const JobRecord& j)
{
    std::string where = j.module + (j.path.empty() ? "" : "/" + j.path);
    return std::string(j.push ? "push into " : "pull from ") + where + (j.dryRun ? " (dry run)" : "");
}

std::string progressOf(const JobRecord& j)
{
    std::string out = std::to_string(j.filesDone) + (j.filesPlanned ? " of " + std::to_string(j.filesPlanned) : "")
                    + " files, " + formatBytes(j.bytesMoved)
                    + (j.bytesPlanned ? " of " + formatBytes(j.bytesPlanned) : "");
    if (j.bytesPlanned) {
        char pct[16];
        std::snprintf(pct, sizeof pct, " (%.0f %%)", 100.0 * double(j.bytesMoved) / double(j.bytesPlanned));
        out += pct;
    }
    if (j.filesFailed) out += ", " + std::to_string(j.filesFailed) + " failed";
    return out;
}

std::string limitOf(const Bottleneck& b)
{
    if (b.layer.empty()) return "not known yet";
    std::string out = b.layer;
    if (!b.end.empty()) out += " (" + b.end + (b.stage.empty() ? "" : ", " + b.stage) + ")";
    if (!b.evidence.empty()) out += ": " + b.evidence;
    return out;
}

void jobJson(JsonWriter& j, const JobRecord& r, bool ended)
{
    j.beginObject();
    j.key("id").value(r.id);
    j.key("client").value(r.client);
    j.key("peer").value(r.peer);
    j.key("module").value(r.module);
    j.key("path").value(r.path);
    j.key("direction").value(r.push ? "push" : "pull");
    j.key("dry_run").value(r.dryRun);
    j.key("started").value(isoTime(r.startedUnix));
    j.key("seconds").value(r.seconds);
    if (!ended) j.key("state").value(r.state);
    j.key("files_planned").value(r.filesPlanned);
    j.key("bytes_planned").value(r.bytesPlanned);
    j.key("files_done").value(r.filesDone);
    j.key("bytes_done").value(r.bytesMoved);
    j.key("files_failed").value(r.filesFailed);
    j.key("rate").value(r.rate);
    j.key("bottleneck").beginObject();
    j.key("layer").value(r.bottleneck.layer);
    j.key("end").value(r.bottleneck.end);
    j.key("stage").value(r.bottleneck.stage);
    j.key("evidence").value(r.bottleneck.evidence);
    j.key("fix").value(r.bottleneck.fix);
    j.endObject();
    if (ended) {
        j.key("ok").value(r.ok);
        j.key("result").value(r.result);
    }
    j.endObject();
}

} // namespace

std::string statusText(const DaemonStatus& s)
{
    std::string out;
    auto line = [&](const std::string& l) { out += l + "\n"; };
    line(s.version + " daemon on " + s.listen + ", up " + duration(double(s.nowUnix - s.startedUnix))
         + " (since " + utcTime(s.startedUnix) + " UTC)");
    line("identity " + s.fingerprint + "; state in " + s.stateDir + "; pairing "
         + (s.pairingOpen ? "open (floodgate serve --show-code)" : "closed (floodgate serve --new-code opens it)"));
    line("");
    line("modules:");
    for (const auto& m : s.modules) {
        std::string l = "  " + m.config.name + "  " + m.config.path + "  ";
        l += m.freeBytes ? formatBytes(*m.freeBytes) + " free" : std::string("free space unknown");
        if (m.floorBytes) l += " (keeps " + formatBytes(m.floorBytes) + ")";
        if (m.config.bwlimit) l += ", at most " + formatRate(double(m.config.bwlimit)) + " a job";
        if (m.config.snapshotKeep.any()) l += ", snapshots kept: " + snapshot::describe(m.config.snapshotKeep);
        l += m.config.readOnly ? ", read-only" : "";
        l += "; " + accessOf(m.config);
        if (!m.problem.empty()) l += "; " + m.problem;
        line(l);
    }
    line("");
    if (!s.clientsProblem.empty()) line("paired clients: cannot be read: " + s.clientsProblem);
    else if (s.clients.empty()) line("paired clients: none yet");
    else {
        line("paired clients:");
        for (const auto& c : s.clients)
            line("  " + (c.paired.name.empty() ? std::string("(no name)") : c.paired.name) + "  "
                 + c.paired.fingerprint.substr(0, 23) + "...  last job " + ago(c.lastContactUnix, s.nowUnix));
    }
    line("");
    line("running jobs: " + std::to_string(s.running.size()) + " of at most " + std::to_string(s.maxSessions)
         + (s.clientBwlimit ? ", each client's together at most " + formatRate(double(s.clientBwlimit)) : std::string())
         + (s.running.empty() ? "" : ":"));
    for (const auto& j : s.running) {
        line("  #" + std::to_string(j.id) + " " + j.client + " (" + j.peer + "): " + what(j) + ", " + j.state + " for "
             + duration(j.seconds));
        line("      " + progressOf(j) + ", " + formatRate(j.rate));
        line("      limited by " + limitOf(j.bottleneck));
    }
    line("");
    if (s.ended.empty()) line("ended jobs: none since the daemon started");
    else {
        line("the last " + std::to_string(s.ended.size()) + " ended jobs, newest first:");
        for (const auto& j : s.ended)
            line("  #" + std::to_string(j.id) + " " + utcTime(j.startedUnix) + " " + j.client + ": " + what(j) + ": "
                 + (j.ok ? std::string("ok") : j.result) + "; " + duration(j.seconds) + ", " + std::to_string(j.filesDone)
                 + " files, " + formatBytes(j.bytesMoved)
                 + (j.bottleneck.layer.empty() ? "" : ", limited by " + j.bottleneck.layer));
    }
    return out;
}

std::string statusJson(const DaemonStatus& s)
{
    JsonWriter j;
    j.beginObject();
    j.key("version").value(s.version);
    j.key("now").value(isoTime(s.nowUnix));
    j.key("started").value(isoTime(s.startedUnix));
    j.key("uptime_seconds").value(int64_t(s.nowUnix - s.startedUnix));
    j.key("listen").value(s.listen);
    j.key("identity").value(s.fingerprint);
    j.key("state_dir").value(s.stateDir);
    j.key("pairing_open").value(s.pairingOpen);
    j.key("max_sessions").value(s.maxSessions);
    j.key("client_bwlimit").value(s.clientBwlimit);
    j.key("modules").beginArray();
    for (const auto& m : s.modules) {
        j.beginObject();
        j.key("name").value(m.config.name);
        j.key("path").value(m.config.path);
        j.key("read_only").value(m.config.readOnly);
        j.key("comment").value(m.config.comment);
        j.key("free_bytes");
        if (m.freeBytes) j.value(*m.freeBytes);
        else j.value(std::optional<double>());
        j.key("readers").beginArray();
        for (const auto& r : m.config.readers) j.value(r);
        j.endArray();
        j.key("writers").beginArray();
        for (const auto& w : m.config.writers) j.value(w);
        j.endArray();
        j.key("min_free_bytes").value(m.floorBytes);
        j.key("bwlimit").value(m.config.bwlimit);
        const SnapshotRetention& keep = m.config.snapshotKeep;
        j.key("snapshot_keep").beginObject();
        j.key("last").value(uint64_t(keep.last)).key("daily").value(uint64_t(keep.daily));
        j.key("weekly").value(uint64_t(keep.weekly)).key("monthly").value(uint64_t(keep.monthly));
        j.endObject();
        j.key("problem").value(m.problem);
        j.endObject();
    }
    j.endArray();
    j.key("clients").beginArray();
    for (const auto& c : s.clients) {
        j.beginObject();
        j.key("name").value(c.paired.name);
        j.key("fingerprint").value(c.paired.fingerprint);
        j.key("note").value(c.paired.note);
        j.key("last_contact").value(c.lastContactUnix > 0 ? isoTime(c.lastContactUnix) : std::string());
        j.endObject();
    }
    j.endArray();
    j.key("running").beginArray();
    for (const auto& r : s.running) jobJson(j, r, false);
    j.endArray();
    j.key("ended").beginArray();
    for (const auto& r : s.ended) jobJson(j, r, true);
    j.endArray();
    j.endObject();
    return j.str();
}

} // namespace fg
