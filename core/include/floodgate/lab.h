#pragma once
// `floodgate lab TARGET`: a transfer experiment against the real target. A
// matrix of settings (streams, cipher, compression, chunk size, congestion
// control, checksum, fsync) is tried on a workload (a bounded sample of the
// user's own tree, or generated files), each setting several times, in a
// randomised interleaved order after a warm-up, each trial into a scratch
// folder on the target that is removed after it. The report gives each
// setting's median, fastest and slowest time, CPU on both ends, wire bytes
// and bottleneck verdict; the best setting with its margin, or "no
// measurable difference" when the runs' spreads overlap; and the option line
// that reproduces it (docs/LAB.md).
//
// The lab never touches what the target holds outside its scratch folders:
// every trial writes below TARGET/.fg-lab-ID/, and the clean-up removes
// only folders named .fg-lab-* directly in TARGET (also those a cancelled,
// killed or cut-off lab left behind).

#include <floodgate/error.h>
#include <floodgate/options.h>

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace fg {

// One factor an experiment varies and its levels, as typed after --vary
// ("streams=1,4,auto").
struct LabFactor {
    std::string name;                // "streams", "cipher", ...
    std::vector<std::string> levels; // as typed
};

// Reads one --vary. The error names an unknown factor (listing those there
// are), a level the option refuses (with the option's own message), an
// empty or repeated level.
Result<LabFactor> parseLabFactor(const std::string& text);

// The job setting a factor's level is, as applyOptionSetting takes it
// ("--streams 4", "--cipher none"); "" for an unknown factor.
std::string labLevelSetting(const std::string& factor, const std::string& level);

// What a trial costs besides moving its bytes (connecting, listing, the
// scratch folder's removal) when no probe has measured the round trip: the
// estimates of the CLI and the GUI both count it.
inline constexpr double kLabTrialOverheadSeconds = 1.0;

// The factors --vary takes, with the option each sets: "streams (--streams;
// auto)", ... for help texts.
std::vector<std::pair<std::string, std::string>> labFactorHelp();

// What is transferred in each trial.
struct LabWorkload {
    enum class Kind : uint8_t {
        Sample, // a bounded sample of the files under `path`: their sizes and contents as they are
        Small,  // many 4 KiB files, half of them compressible
        Big,    // one large file of random bytes
        Mixed,  // sizes from 1 KiB to 64 MiB spread evenly on a log scale, half compressible
    };
    Kind kind = Kind::Mixed;
    std::string path;   // Sample only
    uint64_t bytes = 0; // at most this; 0: the kind's default (kDefaultLabWorkloadBytes)
};
inline constexpr uint64_t kDefaultLabWorkloadBytes = 256ull << 20;

// "sample:PATH[:SIZE]", "small[:SIZE]", "big[:SIZE]", "mixed[:SIZE]".
Result<LabWorkload> parseLabWorkload(const std::string& text);
// The workload as parseLabWorkload takes it, with its size.
std::string labWorkloadText(const LabWorkload& workload);

struct LabOptions {
    std::string target;             // floodgate://HOST[:PORT]/MODULE[/PATH] or [user@]host:path
    std::vector<LabFactor> factors; // a full matrix of their levels
    LabWorkload workload;
    unsigned runs = 3;              // of each setting
    double budgetSeconds = 15 * 60; // refused before it starts when the estimate is longer
    uint64_t seed = 0;              // the trials' order; 0: from the clock (the report gives it)
    bool warmUp = true;             // one untimed trial first
    bool probe = true;              // measure the link and both ends first: predictions, room, estimate
    std::string localDir;           // where the workload is made; "": the system's temporary folder
    // Everything not varied, and how the target is reached (--cipher,
    // --rsh, --state-dir, ...), as a sync's options.
    SyncOptions base;
};

// One point of the matrix.
struct LabSetting {
    std::vector<std::pair<std::string, std::string>> levels; // (factor, level), in --vary order
    std::string label;   // "streams=4 cipher=aes128-gcm"
    std::string options; // "--streams 4 --cipher aes128-gcm"
};

// The rate of a trial at a moment: file bytes a second over the last
// quarter second, `atSec` after the trial began.
struct LabRatePoint {
    double atSec = 0;
    double bytesPerSec = 0;
};

// One timed transfer.
struct LabTrial {
    size_t setting = 0; // index into LabReport::settings
    unsigned run = 0;   // 1..runs
    bool ok = false;
    double seconds = 0;
    uint64_t bytes = 0;      // file bytes that crossed
    uint64_t wireBytes = 0;
    std::optional<double> cpuSeconds;    // this end's process
    std::optional<double> farCpuSeconds; // the far end's (a daemon's: all its jobs)
    std::string bottleneck;  // the job's verdict: a layer name ("network-capacity", ...)
    std::string error;       // when not ok
    std::vector<LabRatePoint> curve; // about four points a second
};

struct LabSummary {
    unsigned runs = 0; // trials that succeeded
    double medianSeconds = 0, minSeconds = 0, maxSeconds = 0;
    double medianRate = 0, minRate = 0, maxRate = 0; // file bytes a second
    uint64_t medianWireBytes = 0;
    std::optional<double> medianCpuSeconds, medianFarCpuSeconds;
    std::string bottleneck;  // the verdict most of its runs had
    std::string skipped;     // why the setting did not run (the rest of the matrix did)
    std::optional<double> predictedRate; // from the probe, where it can tell
    std::string prediction;  // what the prediction stands on
    // Its spread of times overlaps the best setting's: not measurably different.
    bool likeBest = false;
};

struct LabReport {
    std::string target;
    std::string workload;   // labWorkloadText
    uint64_t workloadFiles = 0;
    uint64_t workloadBytes = 0;
    unsigned runs = 0;
    uint64_t seed = 0;
    std::vector<LabSetting> settings;
    std::vector<LabTrial> trials;     // in the order they ran
    std::vector<LabSummary> summaries; // one a setting, as `settings`
    std::optional<size_t> best;       // the fastest median of the settings that ran
    // The best against the runner-up: (its median - best's) / its median.
    double margin = 0;
    // The best's slowest run beat the runner-up's fastest (and each ran at
    // least twice): a difference the runs' spread does not explain.
    bool significant = false;
    std::string conclusion;  // one sentence: the answer, or why there is none
    std::string reproduce;   // "floodgate sync --streams 4 ... SOURCE TARGET"
    double linkRate = 0;     // the probe's best rate (0: not probed)
    bool cancelled = false;
    std::vector<std::string> notes; // what a user should know (leftovers cleaned, levels skipped)
};

struct LabProgress {
    enum class Phase : uint8_t { Preparing, Probing, WarmingUp, Trial, CleaningUp };
    Phase phase = Phase::Preparing;
    size_t done = 0;  // timed trials finished
    size_t total = 0; // timed trials in the experiment
    std::string message;
    std::optional<LabTrial> finished; // set when a trial just ended
    std::string setting;              // the label of the trial running or just finished
};

// The settings of a matrix, in order (the first factor's levels vary
// slowest). Empty factors: no settings.
std::vector<LabSetting> labSettings(const std::vector<LabFactor>& factors);

// The seconds an experiment will take, from the workload's size, the rate
// expected (bytes/s) and the per-trial overhead (connecting, listing,
// clean-up).
double estimateLabSeconds(size_t settings, unsigned runs, bool warmUp, uint64_t workloadBytes, double expectedRate,
                          double overheadSeconds);

// Runs the experiment. Refused before anything runs (with the remedy): no
// factor, an unknown factor or level, a workload that cannot be made, a
// target without room for it, an estimate over the budget. `progress` is
// called on this thread. `cancel` ends it early: the trial running is
// cancelled, the scratch folders are removed and the report so far comes
// back with `cancelled` set.
Result<LabReport> runLab(const LabOptions& options, const std::function<void(const LabProgress&)>& progress,
                         const std::atomic<bool>* cancel);

// The report as `floodgate lab --json` prints it (docs/LAB.md lists the
// fields); the GUI saves experiments in the same form and opens either.
std::string labReportJson(const LabReport& report);

// The rate a push to `target` may expect, as the last `floodgate probe` (or
// lab) of it in the last week measured it; unset when none did. For an
// estimate of an experiment's time before it runs.
std::optional<double> rememberedLinkRate(const std::string& target, const SyncOptions& connection);

// Removes what labs left on `target` (every .fg-lab-* folder directly in
// it, and nothing else): what runLab does first. The entries removed.
Result<uint64_t> cleanLabLeftovers(const std::string& target, const SyncOptions& connection);

} // namespace fg
