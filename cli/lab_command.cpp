// `floodgate lab TARGET --vary FACTOR=LEVELS ...`: a matrix of settings
// tried against the real target (floodgate/lab.h). A table, --json or --csv.

#include "args.h"
#include "commands.h"
#include "connection_flags.h"

#include <floodgate/job.h>
#include <floodgate/lab.h>
#include <floodgate/signals.h>
#include <floodgate/system.h>
#include <floodgate/units.h>

#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace fg::cli {
namespace {

const char* kLabUsage =
    "usage: floodgate lab [options] --vary FACTOR=LEVEL,... TARGET\n"
    "Tries each combination of the levels against TARGET (floodgate://HOST[:PORT]/MODULE[/PATH] or\n"
    "[user@]host:path) on a workload, several times in a random interleaved order after a warm-up, and says\n"
    "which setting is fastest and whether the difference is beyond the runs' spread.\n"
    "Each trial writes into a scratch folder TARGET/.fg-lab-ID/, removed after it; the lab removes only\n"
    "folders named .fg-lab-* directly in TARGET and never touches anything else there.\n"
    "\n"
    "  --vary FACTOR=LEVELS  a factor and its levels; several --vary make a full matrix. Factors:\n";

const char* kLabUsageRest =
    "  --workload KIND       sample:PATH[:SIZE] (a random sample of your own files, at most SIZE),\n"
    "                        small[:SIZE] (4 KiB files), big[:SIZE] (one file), mixed[:SIZE] (1 KiB to\n"
    "                        64 MiB, half compressible); default mixed:256M\n"
    "  --runs N              runs of each setting (default 3: fewer cannot tell a difference from noise)\n"
    "  --budget TIME         refuse an experiment estimated to take longer (default 15m; 90s, 2h)\n"
    "  --seed N              the trials' order (default: from the clock; the report gives it)\n"
    "  --no-warm-up          no untimed transfer first\n"
    "  --no-probe            no probe first: no predictions, no room check; the warm-up sizes the estimate\n"
    "  --local-dir DIR       where the workload is made (default: the system's temporary folder)\n"
    "  --streams N, --compress HOW, --chunk-size SIZE, --checksum-choice NAME, --fsync WHEN\n"
    "                        the setting of what is not varied (as for `floodgate sync`)\n"
    "  --json                every trial and the summary as JSON on stdout\n"
    "  --csv                 every trial as CSV on stdout\n"
    "  --clean               only remove what earlier labs left on TARGET, and exit\n";

std::string rate(double v) { return v > 0 ? formatRate(v) : std::string("-"); }

std::string secs(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, v < 10 ? "%.2f" : "%.1f", v);
    return buf;
}

std::string cpuText(const std::optional<double>& v) { return v ? secs(*v) + " s" : std::string("-"); }

// --budget: "900" (seconds), "90s", "15m", "2h".
bool parseBudget(const std::string& text, double* out)
{
    if (text.empty()) return false;
    double unit = 1;
    std::string number = text;
    switch (text.back()) {
    case 's': number.pop_back(); break;
    case 'm': unit = 60; number.pop_back(); break;
    case 'h': unit = 3600; number.pop_back(); break;
    default: break;
    }
    char* end = nullptr;
    const double v = std::strtod(number.c_str(), &end);
    if (number.empty() || *end != '\0' || !(v > 0)) return false;
    *out = v * unit;
    return true;
}

void printTable(const LabReport& r)
{
    std::printf("lab on %s: %s (%llu files, %s), %u run%s of each setting, seed %llu\n", r.target.c_str(),
                r.workload.c_str(), static_cast<unsigned long long>(r.workloadFiles), formatBytes(r.workloadBytes).c_str(),
                r.runs, r.runs == 1 ? "" : "s", static_cast<unsigned long long>(r.seed));
    if (r.linkRate > 0) std::printf("the probe's best network rate: %s\n", rate(r.linkRate).c_str());
    size_t width = 7;
    for (const auto& s : r.settings) width = std::max(width, s.label.size());
    std::printf("\n  %-*s %5s %8s %17s %11s %10s %9s %9s %9s %-10s %s\n", int(width), "setting", "runs", "median", "fastest-slowest",
                "rate", "predicted", "wire", "cpu here", "cpu there", "", "bottleneck");
    for (size_t i = 0; i < r.settings.size(); ++i) {
        const LabSummary& s = r.summaries[i];
        const char* mark = r.best && *r.best == i ? (r.significant ? "best" : "fastest") : s.likeBest ? "~ same" : "";
        if (!s.skipped.empty() || s.runs == 0) {
            std::printf("  %-*s %5u %s\n", int(width), r.settings[i].label.c_str(), s.runs,
                        s.skipped.empty() ? "no run finished" : ("skipped: " + s.skipped).c_str());
            continue;
        }
        std::printf("  %-*s %5u %7ss %17s %11s %10s %9s %9s %9s %-10s %s\n", int(width), r.settings[i].label.c_str(), s.runs,
                    secs(s.medianSeconds).c_str(), (secs(s.minSeconds) + "-" + secs(s.maxSeconds) + " s").c_str(),
                    rate(s.medianRate).c_str(), s.predictedRate ? rate(*s.predictedRate).c_str() : "-",
                    formatBytes(s.medianWireBytes).c_str(), cpuText(s.medianCpuSeconds).c_str(),
                    cpuText(s.medianFarCpuSeconds).c_str(), mark, s.bottleneck.c_str());
    }
    std::printf("\n%s\n", r.conclusion.c_str());
    if (!r.reproduce.empty()) std::printf("  %s\n", r.reproduce.c_str());
    bool predicted = false;
    for (const auto& s : r.summaries) predicted = predicted || s.predictedRate;
    if (predicted) {
        std::printf("\npredicted: the slowest layer the probe measured for that setting\n");
        for (size_t i = 0; i < r.settings.size(); ++i)
            if (!r.summaries[i].prediction.empty())
                std::printf("  %-*s %s\n", int(width), r.settings[i].label.c_str(), r.summaries[i].prediction.c_str());
    }
    for (const auto& n : r.notes) std::printf("note: %s\n", n.c_str());
    if (r.cancelled) std::printf("cancelled: the figures above are of the trials that finished\n");
}

std::string csvField(const std::string& s)
{
    if (s.find_first_of(",\"\n") == std::string::npos) return s;
    std::string out = "\"";
    for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

std::string csvNumber(const std::optional<double>& v) { return v ? secs(*v) : std::string(); }

void printCsv(const LabReport& r)
{
    std::printf("setting");
    for (const auto& [factor, level] : r.settings.front().levels) std::printf(",%s", csvField(factor).c_str());
    std::printf(",run,ok,seconds,bytes,wire_bytes,bytes_per_second,cpu_here,cpu_there,bottleneck,error\n");
    for (const auto& t : r.trials) {
        std::printf("%s", csvField(r.settings[t.setting].label).c_str());
        for (const auto& [factor, level] : r.settings[t.setting].levels) std::printf(",%s", csvField(level).c_str());
        std::printf(",%u,%d,%.3f,%llu,%llu,%.0f,%s,%s,%s,%s\n", t.run, t.ok ? 1 : 0, t.seconds,
                    static_cast<unsigned long long>(t.bytes), static_cast<unsigned long long>(t.wireBytes),
                    t.seconds > 0 ? double(t.bytes) / t.seconds : 0.0, csvNumber(t.cpuSeconds).c_str(),
                    csvNumber(t.farCpuSeconds).c_str(), csvField(t.bottleneck).c_str(), csvField(t.error).c_str());
    }
}

std::string factorHelp()
{
    std::string out;
    for (const auto& [factor, what] : labFactorHelp()) {
        char line[160];
        std::snprintf(line, sizeof line, "                          %-11s %s\n", factor.c_str(), what.c_str());
        out += line;
    }
    return out;
}

} // namespace

int runLab(const std::vector<std::string>& args)
{
    static const std::vector<OptionSpec> options = [] {
        std::vector<OptionSpec> specs = {
            {"vary", 0, true},       {"workload", 0, true},       {"runs", 0, true},       {"budget", 0, true},
            {"seed", 0, true},       {"no-warm-up", 0, false},    {"no-probe", 0, false},  {"local-dir", 0, true},
            {"streams", 0, true},    {"compress", 0, true},       {"chunk-size", 0, true}, {"checksum-choice", 0, true},
            {"fsync", 0, true},      {"json", 0, false},          {"csv", 0, false},       {"clean", 0, false},
            {"help", 'h', false}};
        for (const auto& c : connectionOptionSpecs()) specs.push_back(c);
        return specs;
    }();
    ParsedArgs parsed = parseArgs(args, options);
    auto usage = [](const std::string& why) {
        std::fprintf(stderr, "floodgate lab: %s\n(`floodgate lab --help` lists the options)\n", why.c_str());
        return kUsageError;
    };
    if (!parsed.error.empty()) return usage(parsed.error);
    LabOptions o;
    bool json = false, csv = false, cleanOnly = false;
    for (const auto& option : parsed.options) {
        const std::string& name = option.name;
        const std::string& value = option.value;
        if (name == "help") {
            std::fputs(kLabUsage, stdout);
            std::fputs(factorHelp().c_str(), stdout);
            std::fputs(kLabUsageRest, stdout);
            std::fputs(kConnectionOptionsHelp, stdout);
            return 0;
        }
        if (auto connection = applyConnectionOption(option, o.base)) {
            if (!connection->empty()) return usage(*connection);
            continue;
        }
        if (name == "vary") {
            auto factor = parseLabFactor(value);
            if (!factor) return usage(factor.error().message);
            o.factors.push_back(std::move(*factor));
        } else if (name == "workload") {
            auto workload = parseLabWorkload(value);
            if (!workload) return usage(workload.error().message);
            o.workload = *workload;
        } else if (name == "runs") {
            char* end = nullptr;
            const long n = std::strtol(value.c_str(), &end, 10);
            if (value.empty() || *end != '\0' || n < 1 || n > 100) return usage("--runs takes 1 to 100, not '" + value + "'");
            o.runs = unsigned(n);
        } else if (name == "budget") {
            if (!parseBudget(value, &o.budgetSeconds)) return usage("--budget takes a time such as 900, 90s, 15m or 2h, not '" + value + "'");
        } else if (name == "seed") {
            char* end = nullptr;
            const unsigned long long n = std::strtoull(value.c_str(), &end, 10);
            if (value.empty() || *end != '\0' || n == 0 || n >= (1ull << 53))
                return usage("--seed takes a number from 1 to 2^53 - 1, not '" + value + "'");
            o.seed = n;
        } else if (name == "no-warm-up") {
            o.warmUp = false;
        } else if (name == "no-probe") {
            o.probe = false;
        } else if (name == "local-dir") {
            o.localDir = value;
        } else if (name == "json") {
            json = true;
        } else if (name == "csv") {
            csv = true;
        } else if (name == "clean") {
            cleanOnly = true;
        } else {
            // What is not varied: --streams, --compress, ... as a sync takes them.
            if (Status st = applyOptionSetting(o.base, "--" + name + " " + value); !st) return usage(st.error().message);
        }
    }
    if (json && csv) return usage("--json and --csv: choose one");
    if (parsed.positional.size() != 1) return usage("give one target: floodgate://HOST[:PORT]/MODULE[/PATH] or host:path");
    o.target = parsed.positional.front();
    prepareProcessForTransfers();

    auto failed = [](const Error& error) {
        std::fprintf(stderr, "floodgate lab: %s\n", error.message.c_str());
        JobResult result;
        result.state = JobState::Failed;
        result.fatal = error;
        return error.code == Errc::InvalidArgument ? kUsageError : exitCodeFor(result);
    };
    if (cleanOnly) {
        auto removed = cleanLabLeftovers(o.target, o.base);
        if (!removed) return failed(removed.error());
        std::printf("removed %llu entries left by earlier labs on %s\n", static_cast<unsigned long long>(*removed),
                    o.target.c_str());
        return 0;
    }

    static std::atomic<bool> cancel{false};
    onInterrupt([] { cancel.store(true); });
    const bool live = standardErrorIsTerminal() || std::getenv("FG_LAB_PROGRESS");
    auto progress = [live](const LabProgress& p) {
        if (!live) return;
        if (p.finished) {
            const LabTrial& t = *p.finished;
            std::fprintf(stderr, "[%zu/%zu] %s: %s\n", p.done, p.total, p.message.c_str(),
                         t.ok ? (secs(t.seconds) + " s, " + rate(t.seconds > 0 ? double(t.bytes) / t.seconds : 0) +
                                 (t.bottleneck.empty() ? "" : ", " + t.bottleneck))
                                    .c_str()
                              : ("failed: " + t.error).c_str());
        } else if (p.phase != LabProgress::Phase::Trial) {
            std::fprintf(stderr, "%s...\n", p.message.c_str());
        }
    };
    auto report = fg::runLab(o, progress, &cancel);
    if (!report.ok()) return failed(report.error());
    if (json) std::printf("%s\n", labReportJson(*report).c_str());
    else if (csv) printCsv(*report);
    else printTable(*report);
    if (report->cancelled) return 20; // rsync's "received SIGINT"
    return report->best ? 0 : 23;
}

} // namespace fg::cli
