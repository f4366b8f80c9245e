// runLab(): the experiment from its checks to its clean-up. Every transfer
// is an ordinary job (Job::create), so a trial measures exactly what
// `floodgate sync` with that setting would do; the scratch folders on the
// target are made and removed by jobs too (an empty folder synced with
// --delete), so the lab needs nothing of the daemon a sync does not.

#include "client/session.h"
#include "common/random_name.h"
#include "lab/lab_plan.h"
#include "lab/lab_prediction.h"
#include "lab/lab_verdict.h"
#include "lab/lab_workload.h"
#include "net/link_memory.h"
#include "platform/fs.h"

#include <floodgate/endpoint.h>
#include <floodgate/identity.h>
#include <floodgate/job.h>
#include <floodgate/lab.h>
#include <floodgate/probe.h>
#include <floodgate/units.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <thread>

namespace fg {
namespace {

constexpr const char* kScratchPrefix = ".fg-lab-";

std::string joinTarget(const std::string& target, const std::string& name)
{
    return target + (target.ends_with('/') ? "" : "/") + name;
}

std::string durationText(double seconds)
{
    const long s = std::lround(seconds);
    if (s < 120) return std::to_string(s) + " s";
    return std::to_string(s / 60) + " min " + std::to_string(s % 60) + " s";
}

// Runs one job to its end; a cancel asks it to stop and waits for it.
struct JobOutcome {
    JobResult result;
    Error created; // the job could not even be made
};

// `curve`, when given, gets the rate of file bytes about four times a second.
JobOutcome runJob(JobSpec spec, const std::atomic<bool>* cancel, std::vector<LabRatePoint>* curve = nullptr)
{
    JobOutcome out;
    auto job = Job::create(std::move(spec));
    if (!job) {
        out.created = job.error();
        out.result.state = JobState::Failed;
        out.result.fatal = job.error();
        return out;
    }
    (*job)->setFileEvents(false); // a trial is measured, not shown file by file
    (*job)->start();
    bool cancelled = false;
    const auto started = std::chrono::steady_clock::now();
    auto nextSample = started;
    double lastSec = 0;
    uint64_t lastBytes = 0;
    while (!(*job)->finished()) {
        static_cast<void>((*job)->takeEvents()); // nobody reads them: keep the queue short
        if (!cancelled && cancel && cancel->load()) {
            (*job)->cancel();
            cancelled = true;
        }
        const auto now = std::chrono::steady_clock::now();
        if (curve && now >= nextSample) {
            const double atSec = std::chrono::duration<double>(now - started).count();
            const uint64_t bytes = (*job)->snapshot().bytesDone;
            if (atSec > lastSec && bytes >= lastBytes)
                curve->push_back({atSec, double(bytes - lastBytes) / (atSec - lastSec)});
            lastSec = atSec;
            lastBytes = bytes;
            nextSample = now + std::chrono::milliseconds(250);
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    out.result = (*job)->wait();
    return out;
}

std::string jobFailure(const JobResult& r)
{
    if (r.state == JobState::Failed) return r.fatal.message;
    if (r.state == JobState::Cancelled) return "cancelled";
    if (!r.errors.empty())
        return r.errors.front().path + ": " + r.errors.front().error.message +
               (r.errors.size() > 1 ? " (and " + std::to_string(r.errors.size() - 1) + " more)" : "");
    return {};
}

// An empty folder synced with --delete into `destination`: everything in
// it goes; or (`onlyLabFolders`) only the .fg-lab-* folders directly in it,
// with filters that let nothing else be seen, so nothing else can be
// deleted. The entries removed.
Result<uint64_t> deleteScratch(const std::string& emptyDir, std::string destination, bool onlyLabFolders,
                               const SyncOptions& base)
{
    SyncOptions options = base;
    options.transfer = TransferOptions{};
    options.transfer.deleteExtraneous = true;
    options.transfer.mkpath = true;
    options.streams = 1;
    if (onlyLabFolders)
        options.transfer.filters = {{FilterSpec::Kind::Include, std::string("/") + kScratchPrefix + "*/***"},
                                    {FilterSpec::Kind::Exclude, "*"}};
    if (!destination.ends_with('/')) destination += '/';
    JobSpec spec{emptyDir + "/", destination, std::move(options)};
    const JobOutcome out = runJob(std::move(spec), nullptr); // a clean-up is not cancelled
    if (out.result.state == JobState::Failed) return out.result.fatal; // as a sync says it: unreachable, unpaired...
    if (out.result.state != JobState::Done || !out.result.errors.empty())
        return Error(Errc::Io, "removing the lab's scratch folders from " + destination + " failed: " + jobFailure(out.result));
    return out.result.filesDeleted;
}

std::string scratchParent()
{
    const std::string tmp = platform::getEnv("TMPDIR");
    return tmp.empty() ? platform::tempDirectory() : tmp;
}

class Lab {
public:
    Lab(const LabOptions& options, const std::function<void(const LabProgress&)>& progress, const std::atomic<bool>* cancel)
        : m_options(options), m_progress(progress), m_cancel(cancel)
    {
    }

    ~Lab()
    {
        if (!m_workload.dir.empty()) static_cast<void>(platform::removeTree(m_workload.dir));
        if (!m_emptyDir.empty()) static_cast<void>(platform::removeTree(m_emptyDir));
    }

    Result<LabReport> run()
    {
        FG_TRY(check());
        // A clock seed of at most 2^53: JSON readers keep it exact as a number.
        m_report.seed = m_options.seed ? m_options.seed
                                       : (uint64_t(std::chrono::system_clock::now().time_since_epoch().count()) &
                                          ((uint64_t(1) << 53) - 1)) | 1;
        m_report.runs = m_options.runs;
        m_report.target = m_options.target;
        m_report.workload = labWorkloadText(m_options.workload);
        const auto order = labTrialOrder(m_report.settings.size(), m_options.runs, m_report.seed);

        say(LabProgress::Phase::Preparing, "making the workload (" + m_report.workload + ")");
        FG_TRY_ASSIGN(m_workload, makeLabWorkload(m_options.workload, m_options.localDir, m_report.seed));
        m_report.workloadFiles = m_workload.files;
        m_report.workloadBytes = m_workload.bytes;
        FG_TRY_ASSIGN(m_emptyDir, platform::makeTempDirectoryIn(scratchParent(), ".fg-lab-empty"));

        // Leftovers of a lab that was killed or cut off, before anything of
        // this one is written (this also checks the target is reachable).
        say(LabProgress::Phase::Preparing, "removing scratch folders earlier labs left on the target");
        FG_TRY(removeScratch(true));
        m_scratch = joinTarget(m_options.target, kScratchPrefix + randomLetters(8));

        double overhead = kLabTrialOverheadSeconds;
        double expectedRate = 0;
        if (m_options.probe) {
            FG_TRY(probe(expectedRate, overhead));
        } else if (auto remembered = rememberedLinkRate(m_options.target, m_options.base)) {
            expectedRate = *remembered; // what the last probe of it measured
        }
        if (expectedRate > 0) FG_TRY(checkBudget(expectedRate, overhead));

        if (m_options.warmUp && !cancelled()) {
            say(LabProgress::Phase::WarmingUp, "a warm-up transfer (not counted)");
            const auto started = std::chrono::steady_clock::now();
            const JobOutcome warm = transfer(m_options.base);
            if (warm.result.state != JobState::Done && !cancelled())
                return Error(warm.result.fatal.code == Errc::Ok ? Errc::Io : warm.result.fatal.code,
                             "the warm-up transfer to " + m_options.target + " failed: " + jobFailure(warm.result));
            FG_TRY(removeScratch(false));
            if (expectedRate <= 0) {
                // Without the probe, the warm-up is the measure.
                const double took = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
                FG_TRY(checkBudget(double(m_workload.bytes) / std::max(took, 1e-3), 0));
            }
        }

        std::vector<std::vector<LabTrial>> bySetting(m_report.settings.size());
        size_t done = 0;
        for (const LabSlot& slot : order) {
            if (cancelled()) break;
            LabSummary& summary = m_report.summaries[slot.setting];
            if (!summary.skipped.empty()) {
                ++done;
                continue;
            }
            const LabSetting& setting = m_report.settings[slot.setting];
            LabProgress p;
            p.phase = LabProgress::Phase::Trial;
            p.done = done;
            p.total = order.size();
            p.setting = setting.label;
            p.message = setting.label + ", run " + std::to_string(slot.run) + " of " + std::to_string(m_options.runs);
            report(p);

            LabTrial trial = runTrial(slot);
            if (cancelled() && !trial.ok) break; // a cancelled trial is not a result
            bySetting[slot.setting].push_back(trial);
            m_report.trials.push_back(trial);
            ++done;
            p.done = done;
            p.finished = trial;
            report(p);
            if (Status st = removeScratch(false); !st) return st.error();
        }
        m_report.cancelled = cancelled();

        say(LabProgress::Phase::CleaningUp, "removing the lab's scratch folder from the target");
        if (Status st = removeScratch(true); !st)
            m_report.notes.push_back("the scratch folder " + m_scratch + " could not be removed (" + st.error().message +
                                     "); the next lab on this target removes it");
        for (size_t i = 0; i < m_report.summaries.size(); ++i) {
            LabSummary figures = summarizeLabTrials(bySetting[i]);
            figures.skipped = m_report.summaries[i].skipped;
            figures.predictedRate = m_report.summaries[i].predictedRate;
            figures.prediction = m_report.summaries[i].prediction;
            m_report.summaries[i] = figures;
        }
        judgeLab(m_report);
        if (m_report.best) m_report.reproduce = reproduceLine(*m_report.best);
        return std::move(m_report);
    }

private:
    Status check()
    {
        const LabOptions& o = m_options;
        if (o.factors.empty())
            return Error(Errc::InvalidArgument, "nothing to vary: give one or more --vary FACTOR=LEVELS, such as "
                                                "--vary streams=1,4,8 --vary cipher=aes128-gcm,chacha20-poly1305");
        for (size_t i = 0; i < o.factors.size(); ++i) {
            for (size_t j = 0; j < i; ++j)
                if (o.factors[j].name == o.factors[i].name)
                    return Error(Errc::InvalidArgument, "--vary " + o.factors[i].name +
                                                            " is given twice: put all its levels in one --vary");
            if (o.factors[i].levels.empty())
                return Error(Errc::InvalidArgument, "an empty matrix: --vary " + o.factors[i].name + " has no levels");
        }
        if (o.runs == 0) return Error(Errc::InvalidArgument, "--runs 0 runs nothing: give 1 or more (3 tells a difference from noise)");
        const JobReach reach = jobReach(".", o.target);
        if (reach != JobReach::Daemon && reach != JobReach::Ssh)
            return Error(Errc::InvalidArgument, "the lab measures transfers to another machine: give "
                                                "floodgate://HOST[:PORT]/MODULE[/PATH] or [USER@]HOST:PATH, not '" +
                                                    o.target + "'");
        m_ssh = reach == JobReach::Ssh;
        m_report.settings = labSettings(o.factors);
        m_report.summaries.assign(m_report.settings.size(), LabSummary{});
        // Over ssh the data goes through ssh's one pipe: no data connections
        // to count, tune or encrypt (ssh's own cipher is --ssh-cipher's).
        for (const auto& f : o.factors)
            if (m_ssh && (f.name == "streams" || f.name == "cipher" || f.name == "congestion"))
                return Error(Errc::InvalidArgument, "--vary " + f.name + ": an ssh target has one connection, ssh's own "
                                                    "pipe, which this setting does not change; it varies only to a daemon "
                                                    "(floodgate://)");
        for (const auto& s : m_report.settings) {
            auto applied = labSettingOptions(o.base, s);
            if (!applied) return Error(Errc::InvalidArgument, s.label + ": " + applied.error().message);
        }
        return {};
    }

    bool cancelled() const { return m_cancel && m_cancel->load(); }

    void report(const LabProgress& p)
    {
        if (m_progress) m_progress(p);
    }

    void say(LabProgress::Phase phase, const std::string& message)
    {
        LabProgress p;
        p.phase = phase;
        p.message = message;
        p.total = m_report.settings.size() * m_options.runs;
        report(p);
    }

    // One transfer of the workload into the scratch folder.
    JobOutcome transfer(SyncOptions options, std::vector<LabRatePoint>* curve = nullptr)
    {
        options.transfer.mkpath = true;
        options.transfer.dryRun = false;
        options.transfer.deleteExtraneous = false;
        JobSpec spec{m_workload.dir + "/", joinTarget(m_scratch, "trial/"), std::move(options)};
        return runJob(std::move(spec), m_cancel, curve);
    }

    LabTrial runTrial(const LabSlot& slot)
    {
        LabTrial trial;
        trial.setting = slot.setting;
        trial.run = slot.run;
        auto options = labSettingOptions(m_options.base, m_report.settings[slot.setting]);
        if (!options) {
            trial.error = options.error().message;
            return trial;
        }
        const JobOutcome out = transfer(*options, &trial.curve);
        const JobResult& r = out.result;
        trial.seconds = r.seconds;
        trial.bytes = r.fileBytesTransferred;
        trial.wireBytes = r.wireBytes;
        trial.cpuSeconds = r.cpuSeconds;
        trial.farCpuSeconds = r.farCpuSeconds;
        trial.bottleneck = r.bottleneck.layer;
        trial.ok = r.state == JobState::Done && r.errors.empty() && r.filesTransferred == m_workload.files;
        if (!trial.ok) {
            trial.error = jobFailure(r);
            if (trial.error.empty())
                trial.error = "only " + std::to_string(r.filesTransferred) + " of the workload's " +
                              std::to_string(m_workload.files) + " files were transferred";
        }
        // A setting the target refuses as a whole (a module that does not
        // allow --cipher none) is skipped with the reason; the rest runs.
        if (r.state == JobState::Failed && !cancelled()) {
            m_report.summaries[slot.setting].skipped = r.fatal.message;
            m_report.notes.push_back(m_report.settings[slot.setting].label + " was skipped: " + r.fatal.message);
        }
        return trial;
    }

    // Removes this lab's scratch folder's contents, or (`all`) every
    // .fg-lab-* folder directly in the target.
    Status removeScratch(bool all)
    {
        const std::string where = all ? m_options.target : m_scratch;
        auto removed = deleteScratch(m_emptyDir, where, all, m_options.base);
        // The first contact with the target says what a sync would; later
        // ones say what failed.
        if (!removed && m_scratch.empty()) return removed.error();
        if (!removed)
            return Error(removed.error().code, "removing the lab's scratch folder " + where + " failed: " + removed.error().message);
        if (all && *removed > 0 && m_scratch.empty())
            m_report.notes.push_back("removed what an earlier lab left on the target (" + std::to_string(*removed) +
                                     " entries in .fg-lab-* folders)");
        return {};
    }

    Status probe(double& expectedRate, double& overhead)
    {
        say(LabProgress::Phase::Probing, "measuring the link and both ends (floodgate probe)");
        ProbeOptions po;
        po.target = m_options.target;
        po.connection = m_options.base;
        po.networkSeconds = 2;
        po.streams = 1;
        for (const auto& s : m_report.settings)
            if (auto o = labSettingOptions(m_options.base, s); o) po.streams = std::max(po.streams, o->streams ? o->streams : 8u);
        if (m_ssh) po.streams = 1;
        po.diskBytes = std::min<uint64_t>(64ull << 20, std::max<uint64_t>(m_workload.bytes, 8ull << 20));
        po.diskSeconds = 1;
        po.localDir = m_workload.dir;
        auto probed = runProbe(po, {});
        if (!probed) return Error(probed.error().code, "the probe before the trials failed: " + probed.error().message);
        const ProbeReport& pr = *probed;
        for (const auto& t : pr.network) m_report.linkRate = std::max(m_report.linkRate, t.steadyBytesPerSec);
        if (pr.remote.diskFreeBytes && *pr.remote.diskFreeBytes < m_workload.bytes + (m_workload.bytes >> 4))
            return Error(Errc::NoSpace, "the target has " + formatBytes(*pr.remote.diskFreeBytes) +
                                            " free and the workload is " + formatBytes(m_workload.bytes) +
                                            ": give a smaller workload (such as mixed:" +
                                            labSizeText(std::max<uint64_t>(*pr.remote.diskFreeBytes / 4 >> 20, 1) << 20) + ") or make room there");
        for (size_t i = 0; i < m_report.settings.size(); ++i) {
            auto o = labSettingOptions(m_options.base, m_report.settings[i]);
            if (!o) continue;
            const LabPrediction p = predictLabRate(pr, *o);
            if (p.bytesPerSec > 0) m_report.summaries[i].predictedRate = p.bytesPerSec;
            m_report.summaries[i].prediction = p.basis;
        }
        expectedRate = pr.forecastBytesPerSec > 0 ? pr.forecastBytesPerSec : m_report.linkRate;
        // Each trial and its clean-up connect, list and commit: a few round trips and a moment.
        overhead = 0.5 + 8.0 * double(std::max(pr.roundTripUs, pr.minRttUs)) / 1e6;
        return {};
    }

    Status checkBudget(double expectedRate, double overhead)
    {
        const double estimate = estimateLabSeconds(m_report.settings.size(), m_options.runs, false, m_workload.bytes,
                                                   expectedRate, overhead);
        if (estimate <= m_options.budgetSeconds) return {};
        return Error(Errc::InvalidArgument,
                     "the experiment would take about " + durationText(estimate) + " (" +
                         std::to_string(m_report.settings.size()) + " settings x " + std::to_string(m_options.runs) +
                         " runs of " + formatBytes(m_workload.bytes) + " at about " + formatRate(expectedRate) +
                         "), more than its budget of " + durationText(m_options.budgetSeconds) +
                         ": give --budget " + std::to_string(long(std::ceil(estimate / 60)) + 1) +
                         "m, fewer levels, fewer --runs or a smaller --workload");
    }

    std::string reproduceLine(size_t setting) const
    {
        std::string line = "floodgate sync";
        if (!m_report.settings[setting].options.empty()) line += " " + m_report.settings[setting].options;
        return line + " SOURCE " + m_options.target;
    }

    const LabOptions& m_options;
    const std::function<void(const LabProgress&)>& m_progress;
    const std::atomic<bool>* m_cancel;
    LabReport m_report;
    MadeWorkload m_workload;
    std::string m_emptyDir;
    std::string m_scratch; // TARGET/.fg-lab-ID, once chosen
    bool m_ssh = false;
};

} // namespace

std::optional<double> rememberedLinkRate(const std::string& target, const SyncOptions& connection)
{
    auto endpoint = parseEndpoint(target);
    if (!endpoint || endpoint->kind != Endpoint::Kind::Daemon) return std::nullopt;
    const std::string stateDir = connection.stateDir.empty() ? defaultStateDir() : connection.stateDir;
    auto link = net::recallLink(stateDir, net::linkKey(hostPortOf(endpoint->host, endpoint->port), false), net::kLinkMemorySec);
    if (!link || link->bytesPerSec == 0) return std::nullopt;
    return double(link->bytesPerSec);
}

Result<uint64_t> cleanLabLeftovers(const std::string& target, const SyncOptions& connection)
{
    const JobReach reach = jobReach(".", target);
    if (reach != JobReach::Daemon && reach != JobReach::Ssh)
        return Error(Errc::InvalidArgument, "give the lab's target: floodgate://HOST[:PORT]/MODULE[/PATH] or "
                                            "[USER@]HOST:PATH, not '" + target + "'");
    FG_TRY_ASSIGN(const std::string empty, platform::makeTempDirectoryIn(scratchParent(), ".fg-lab-empty"));
    auto removed = deleteScratch(empty, target, true, connection);
    static_cast<void>(platform::removeTree(empty));
    return removed;
}

Result<LabReport> runLab(const LabOptions& options, const std::function<void(const LabProgress&)>& progress,
                         const std::atomic<bool>* cancel)
{
    // A trial cut off is a failed trial, not one that waits minutes to go on.
    LabOptions own = options;
    own.base.retryForSec = 0;
    Lab lab(own, progress, cancel);
    return lab.run();
}

} // namespace fg
