// A recorded run in words: the one text `floodgate history --run` prints and
// the GUI's "Export log" writes, so both say the same about a run.

#include <floodgate/history.h>
#include <floodgate/system.h>
#include <floodgate/units.h>

#include <cstdio>

namespace fg {

namespace {

std::string number(uint64_t n) { return std::to_string(n); }

std::string percent(double share)
{
    char buf[16];
    std::snprintf(buf, sizeof buf, "%.0f%%", 100 * share);
    return buf;
}

} // namespace

RunOutcome runOutcome(const RunRecord& r)
{
    if (r.state == "cancelled") return RunOutcome::Cancelled;
    if (r.state != "done") return RunOutcome::Failed;
    if (r.exitCode != 0) return RunOutcome::Partial;
    return r.dryRun ? RunOutcome::DryRun : RunOutcome::Ok;
}

std::string runResultText(const RunRecord& r)
{
    switch (runOutcome(r)) {
    case RunOutcome::Ok: return "ok";
    case RunOutcome::DryRun: return "dry run";
    case RunOutcome::Cancelled: return "cancelled";
    case RunOutcome::Partial: return "partial (" + std::to_string(r.exitCode) + ")";
    case RunOutcome::Failed: break;
    }
    return "failed (" + std::to_string(r.exitCode) + ")";
}

std::string runReportText(const RunRecord& r, TextFilter shown)
{
    auto as = [shown](const std::string& text) { return shown ? shown(text) : text; };
    std::string out = "run " + std::to_string(r.id) + (r.job.empty() ? "" : " of job '" + as(r.job) + "'") + ", "
                      + r.origin + ", " + localTimeText(r.startedAtMs) + "\n";
    out += "command:  floodgate sync " + as(r.command) + "\n";
    out += "result:   " + runResultText(r) + ", exit code " + std::to_string(r.exitCode) + ", in "
           + formatClock(r.seconds) + "\n";
    if (!r.fatal.empty()) out += "error:    " + as(r.fatal) + "\n";
    out += "files:    " + number(r.filesTransferred) + " of " + number(r.filesTotal) + " transferred ("
           + formatBytes(r.bytesTransferred) + "), " + number(r.filesDeleted) + " deleted, " + formatBytes(r.wireBytes)
           + " on the wire\n";
    if (!r.bottleneck.empty() && r.bottleneck != "unknown") {
        out += "limited:  " + as(r.bottleneck) + (r.bottleneckEnd.empty() ? "" : " (" + r.bottleneckEnd + ")") + " ("
               + percent(r.bottleneckShare) + " of the time)"
               + (r.bottleneckFix.empty() ? "" : "; fix: " + as(r.bottleneckFix)) + "\n";
    }
    if (!r.snapshot.empty()) out += "snapshot: " + as(r.snapshot) + "\n";
    if (r.errorCount) {
        out += number(r.errorCount) + " file error(s)"
               + (r.errorCount > r.errors.size() ? ", the first " + number(r.errors.size()) : "") + ":\n";
        for (const RunFileError& e : r.errors) out += "  " + as(e.path) + ": " + as(e.message) + "\n";
    }
    if (!r.log.empty()) {
        out += "log:\n";
        for (const RunLogLine& l : r.log) {
            const char* level = l.level == RunLogLine::Level::Error     ? "error: "
                                : l.level == RunLogLine::Level::Warning ? "warning: "
                                                                        : "";
            out += std::string("  ") + level + as(l.message) + "\n";
        }
    }
    return out;
}

} // namespace fg
