// `floodgate probe TARGET`: what a transfer to TARGET will run into, and
// what to change (floodgate/probe.h). Human text, or --json.

#include "args.h"
#include "connection_flags.h"
#include "commands.h"
#include <floodgate/json.h>

#include <floodgate/job.h>
#include <floodgate/probe.h>
#include <floodgate/system.h>
#include <floodgate/units.h>

#include <cstdio>
#include <cstdlib>
#include <string>

namespace fg::cli {
namespace {

const char* kProbeUsage =
    "usage: floodgate probe [options] floodgate://HOST[:PORT]/MODULE[/PATH] | [user@]host:path\n"
    "Measures what a transfer to that target will run into, in about 15 s: the round trip, what the\n"
    "network carries with one connection and with several, both ends' socket limits, each end's cipher,\n"
    "compressor and checksum speeds, both ends' disks (a scratch file, removed after); then names the\n"
    "layer that will limit a transfer and the settings to change.\n"
    "\n"
    "  --push               this end sends, as a push does (the default; needs a module it may write)\n"
    "  --pull               the far end sends, as a pull from it does\n"
    "  --streams N          data connections for the multi-connection test (default 8; 1 skips it)\n"
    "  --time SEC           length of each network test (default 3)\n"
    "  --disk-size SIZE     the scratch file's largest size (default 256M; written for at most 2 s)\n"
    "  --no-disk            no disk tests\n"
    "  --local-dir DIR      where this end's scratch file goes (default: the current directory)\n"
    "  --json               the figures as JSON on stdout\n";

std::string rate(double v) { return v > 0 ? formatRate(v) : std::string("-"); }
std::string ms(uint32_t us)
{
    char buf[32];
    if (us < 1000) std::snprintf(buf, sizeof buf, "%u us", us);
    else std::snprintf(buf, sizeof buf, us >= 10000 ? "%.0f ms" : "%.2f ms", us / 1000.0);
    return buf;
}
std::string pct(double share)
{
    char buf[16];
    std::snprintf(buf, sizeof buf, "%.0f%%", 100 * share);
    return buf;
}

void row(const std::string& name, const std::string& here, const std::string& there)
{
    std::printf("  %-20s %-22s %s\n", name.c_str(), here.c_str(), there.c_str());
}

void speedRows(const std::vector<ProbeSpeed>& here, const std::vector<ProbeSpeed>& there, const char* suffix)
{
    for (size_t i = 0; i < here.size(); ++i) {
        const ProbeSpeed* far = nullptr;
        for (const auto& t : there)
            if (t.name == here[i].name) far = &t;
        auto text = [&](const ProbeSpeed& s) {
            std::string t = rate(s.bytesPerSec);
            if (s.ratio > 0) {
                char buf[24];
                std::snprintf(buf, sizeof buf, " (%.1fx)", s.ratio);
                t += buf;
            }
            return t;
        };
        row(here[i].name + suffix, text(here[i]), far ? text(*far) : "-");
    }
}

std::string diskText(const std::optional<double>& v) { return v ? rate(*v) : std::string("not measured"); }

void printHuman(const ProbeReport& r)
{
    std::printf("probe of %s (%s)\n", r.target.c_str(),
                r.pull ? "pull: the far end sends" : "push: this end sends");
    std::printf("  far end: %s; data: %s\n", r.farSoftware.c_str(), r.transport.c_str());
    std::printf("  round trip %s", ms(r.roundTripUs).c_str());
    if (r.minRttUs) std::printf(", TCP's minimum %s", ms(r.minRttUs).c_str());
    if (r.bdpBytes) std::printf(", bandwidth-delay product %s", formatBytes(r.bdpBytes).c_str());
    std::printf("\n\nnetwork\n");
    for (const auto& t : r.network) {
        std::string name = t.streams == 0 ? std::string("ssh's pipe")
                                          : std::to_string(t.streams) + (t.streams == 1 ? " connection" : " connections");
        std::printf("  %-20s %s (best second %s)", name.c_str(), rate(t.bytesPerSec).c_str(),
                    rate(t.steadyBytesPerSec).c_str());
        if (t.rttUs) std::printf(", RTT %s, resent %s", ms(t.rttUs).c_str(), pct(t.resentShare).c_str());
        std::printf("\n  %-20s limited by %s%s\n", "", t.limit.layer.c_str(),
                    t.limit.evidence.empty() ? "" : (": " + t.limit.evidence).c_str());
    }
    std::printf("\n  %-20s %-22s %s\n", "", "this end", "far end");
    row("cores", std::to_string(r.local.cores) + (r.local.aesAcceleration ? ", AES instructions" : ""),
        std::to_string(r.remote.cores) + (r.remote.aesAcceleration ? ", AES instructions" : ""));
    auto mib = [](uint64_t v) { return v ? formatBytes(v) : std::string("unknown"); };
    row("tcp_rmem / rmem max", mib(r.local.tcpRmemMax) + " / " + mib(r.local.rmemMax),
        mib(r.remote.tcpRmemMax) + " / " + mib(r.remote.rmemMax));
    row("tcp_wmem / wmem max", mib(r.local.tcpWmemMax) + " / " + mib(r.local.wmemMax),
        mib(r.remote.tcpWmemMax) + " / " + mib(r.remote.wmemMax));
    row("congestion control", r.local.congestion, r.remote.congestion);
    speedRows(r.local.ciphers, r.remote.ciphers, "");
    speedRows(r.local.compressors, r.remote.compressors, "");
    speedRows(r.local.hashes, r.remote.hashes, "");
    row("disk write", diskText(r.local.diskWriteBytesPerSec), diskText(r.remote.diskWriteBytesPerSec));
    row("disk read", diskText(r.local.diskReadBytesPerSec), diskText(r.remote.diskReadBytesPerSec));
    auto freeText = [](const std::optional<uint64_t>& v) { return v ? formatBytes(*v) : std::string("not measured"); };
    row("disk free", freeText(r.local.diskFreeBytes), freeText(r.remote.diskFreeBytes));
    if (!r.local.diskNote.empty()) std::printf("  this end's disk: %s%s\n", r.local.diskWhere.empty() ? "" : (r.local.diskWhere + ": ").c_str(), r.local.diskNote.c_str());
    if (!r.remote.diskNote.empty()) std::printf("  far end's disk: %s%s\n", r.remote.diskWhere.empty() ? "" : (r.remote.diskWhere + ": ").c_str(), r.remote.diskNote.c_str());

    std::printf("\nlimit: %s%s, at most %s\n", r.forecast.layer.c_str(),
                r.forecast.end.empty() ? "" : (" (" + r.forecast.end + ")").c_str(), rate(r.forecastBytesPerSec).c_str());
    std::printf("  %s\n", r.forecast.evidence.c_str());
    if (!r.forecast.fix.empty()) std::printf("  fix: %s\n", r.forecast.fix.c_str());
    if (!r.advice.empty()) {
        std::string line = "floodgate sync";
        for (const auto& a : r.advice) line += " " + a.setting;
        std::printf("\nsuggested: %s ...\n", line.c_str());
        for (const auto& a : r.advice) std::printf("  %s: %s\n", a.setting.c_str(), a.why.c_str());
    }
    std::printf("\n(probe took %.1f s)\n", r.seconds);
}

void jsonVerdict(JsonWriter& j, const Bottleneck& b)
{
    j.beginObject();
    j.key("layer").value(b.layer).key("end").value(b.end).key("share").value(b.share);
    j.key("evidence").value(b.evidence).key("fix").value(b.fix).key("setting").value(b.setting);
    j.endObject();
}

void jsonSpeeds(JsonWriter& j, const std::vector<ProbeSpeed>& speeds)
{
    j.beginArray();
    for (const auto& s : speeds) {
        j.beginObject().key("name").value(s.name).key("bytes_per_second").value(uint64_t(s.bytesPerSec));
        if (s.ratio > 0) j.key("ratio").value(s.ratio);
        j.endObject();
    }
    j.endArray();
}

void jsonEnd(JsonWriter& j, const ProbeEnd& e)
{
    j.beginObject();
    j.key("cores").value(uint64_t(e.cores)).key("aes_instructions").value(e.aesAcceleration);
    j.key("tcp_rmem_max").value(e.tcpRmemMax).key("tcp_wmem_max").value(e.tcpWmemMax);
    j.key("rmem_max").value(e.rmemMax).key("wmem_max").value(e.wmemMax);
    j.key("congestion").value(e.congestion).key("available_congestion").value(e.availableCongestion);
    j.key("ciphers");
    jsonSpeeds(j, e.ciphers);
    j.key("compressors");
    jsonSpeeds(j, e.compressors);
    j.key("hashes");
    jsonSpeeds(j, e.hashes);
    j.key("disk").beginObject();
    if (e.diskWriteBytesPerSec) j.key("write_bytes_per_second").value(uint64_t(*e.diskWriteBytesPerSec));
    if (e.diskReadBytesPerSec) j.key("read_bytes_per_second").value(uint64_t(*e.diskReadBytesPerSec));
    if (e.diskFreeBytes) j.key("free_bytes").value(*e.diskFreeBytes);
    j.key("bytes").value(e.diskBytes).key("where").value(e.diskWhere).key("note").value(e.diskNote);
    j.endObject();
    j.endObject();
}

void printJson(const ProbeReport& r)
{
    JsonWriter j;
    j.beginObject();
    j.key("target").value(r.target).key("direction").value(r.pull ? "pull" : "push");
    j.key("far_software").value(r.farSoftware).key("transport").value(r.transport).key("cipher").value(r.cipher);
    j.key("round_trip_us").value(uint64_t(r.roundTripUs)).key("min_rtt_us").value(uint64_t(r.minRttUs));
    j.key("bdp_bytes").value(r.bdpBytes);
    j.key("network").beginArray();
    for (const auto& t : r.network) {
        j.beginObject();
        j.key("streams").value(uint64_t(t.streams));
        j.key("bytes_per_second").value(uint64_t(t.bytesPerSec));
        j.key("steady_bytes_per_second").value(uint64_t(t.steadyBytesPerSec));
        j.key("rtt_us").value(uint64_t(t.rttUs)).key("min_rtt_us").value(uint64_t(t.minRttUs));
        j.key("resent_share").value(t.resentShare);
        j.key("receive_window_share").value(t.receiveWindowShare).key("send_buffer_share").value(t.sendBufferShare);
        j.key("congestion").value(t.congestion);
        j.key("limit");
        jsonVerdict(j, t.limit);
        j.endObject();
    }
    j.endArray();
    j.key("local");
    jsonEnd(j, r.local);
    j.key("remote");
    jsonEnd(j, r.remote);
    j.key("forecast");
    jsonVerdict(j, r.forecast);
    j.key("forecast_bytes_per_second").value(uint64_t(r.forecastBytesPerSec));
    j.key("advice").beginArray();
    for (const auto& a : r.advice) j.beginObject().key("setting").value(a.setting).key("why").value(a.why).endObject();
    j.endArray();
    j.key("seconds").value(r.seconds);
    j.endObject();
    std::printf("%s\n", j.str().c_str());
}

} // namespace

int runProbe(const std::vector<std::string>& args)
{
    static const std::vector<OptionSpec> options = [] {
        std::vector<OptionSpec> specs = {{"pull", 0, false},      {"push", 0, false},     {"streams", 0, true},
                                         {"time", 0, true},       {"disk-size", 0, true}, {"no-disk", 0, false},
                                         {"local-dir", 0, true},  {"json", 0, false},     {"help", 'h', false}};
        for (const auto& c : connectionOptionSpecs()) specs.push_back(c);
        return specs;
    }();
    ParsedArgs parsed = parseArgs(args, options);
    auto usage = [](const std::string& why) {
        std::fprintf(stderr, "floodgate probe: %s\n(`floodgate probe --help` lists the options)\n", why.c_str());
        return kUsageError;
    };
    if (!parsed.error.empty()) return usage(parsed.error);
    ProbeOptions o;
    bool json = false;
    for (const auto& option : parsed.options) {
        const std::string& name = option.name;
        const std::string& value = option.value;
        if (name == "help") {
            std::fputs(kProbeUsage, stdout);
            std::fputs(kConnectionOptionsHelp, stdout);
            return 0;
        }
        if (auto connection = applyConnectionOption(option, o.connection)) {
            if (!connection->empty()) return usage(*connection);
            continue;
        }
        if (name == "pull") o.pull = true;
        else if (name == "push") o.pull = false;
        else if (name == "json") json = true;
        else if (name == "no-disk") o.disk = false;
        else if (name == "local-dir") o.localDir = value;
        else if (name == "streams") {
            char* end = nullptr;
            const long n = std::strtol(value.c_str(), &end, 10);
            if (value.empty() || *end != '\0' || n < 1 || n > 32) return usage("--streams takes 1 to 32, not '" + value + "'");
            o.streams = unsigned(n);
        } else if (name == "time") {
            if (!parseSeconds(value, &o.networkSeconds)) return usage("--time takes seconds (up to 600), not '" + value + "'");
        } else if (name == "disk-size") {
            auto size = parseSize(value, "--disk-size");
            if (!size.ok()) return usage(size.error().message);
            o.diskBytes = *size;
        }
    }
    if (parsed.positional.size() != 1) return usage("give one target: floodgate://HOST[:PORT]/MODULE[/PATH] or host:path");
    o.target = parsed.positional.front();
    prepareProcessForTransfers();

    const bool live = !json && standardErrorIsTerminal();
    auto progress = [live](const std::string& line) {
        if (live) std::fprintf(stderr, "%s...\n", line.c_str());
    };
    auto report = fg::runProbe(o, progress);
    if (!report.ok()) {
        std::fprintf(stderr, "floodgate probe: %s\n", report.error().message.c_str());
        JobResult failed;
        failed.state = JobState::Failed;
        failed.fatal = report.error();
        // A target that is no target is a usage error; the rest as a sync's.
        return report.error().code == Errc::InvalidArgument ? kUsageError : exitCodeFor(failed);
    }
    if (json) printJson(*report);
    else printHuman(*report);
    return 0;
}

} // namespace fg::cli
