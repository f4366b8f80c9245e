// The lab's pure parts: what --vary and --workload take, the matrix, the
// interleaved order of the trials, the medians and the rule that calls a
// difference measurable, and the prediction beside each setting.

#include "lab/lab_plan.h"
#include "lab/lab_prediction.h"
#include "lab/lab_verdict.h"

#include <floodgate/system.h>

#include <QTest>

#include <algorithm>

#include <map>
#include <set>

using namespace fg;

namespace {

constexpr double MB = 1 << 20;

LabTrial trial(size_t setting, double seconds, uint64_t bytes = 100 << 20)
{
    LabTrial t;
    t.setting = setting;
    t.ok = true;
    t.seconds = seconds;
    t.bytes = bytes;
    t.wireBytes = bytes + 1000;
    t.cpuSeconds = seconds / 2;
    t.bottleneck = "network-capacity";
    return t;
}

// A report of settings "a", "b", ... with these runs' times.
LabReport reportOf(const std::vector<std::vector<double>>& times)
{
    LabReport r;
    for (size_t i = 0; i < times.size(); ++i) {
        LabSetting s;
        s.label = std::string(1, char('a' + i));
        s.options = "--streams " + std::to_string(i + 1);
        r.settings.push_back(s);
        std::vector<LabTrial> trials;
        for (double t : times[i]) trials.push_back(trial(i, t));
        r.summaries.push_back(summarizeLabTrials(trials));
    }
    return r;
}

} // namespace

class TestLabPlan : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void factorsAreCheckedAsAJobWouldCheckThem()
    {
        auto streams = parseLabFactor("streams=1, 4,auto");
        QVERIFY(streams.ok());
        QCOMPARE(streams->name, std::string("streams"));
        QCOMPARE(streams->levels, (std::vector<std::string>{"1", "4", "auto"}));
        QVERIFY(parseLabFactor("cipher=aes128-gcm,chacha20-poly1305,none").ok());
        QVERIFY(parseLabFactor("compress=none,lz4,zstd:1,zstd:3,auto").ok());
        QVERIFY(parseLabFactor("chunk-size=1M,8M").ok());
        QVERIFY(parseLabFactor("checksum=xxh128,sha256").ok());
        QVERIFY(parseLabFactor("fsync=end,none").ok());
        const auto controls = fg::availableCongestionControls();
        const bool both = std::count(controls.begin(), controls.end(), "bbr") + std::count(controls.begin(), controls.end(), "cubic") == 2;
        QCOMPARE(parseLabFactor("congestion=bbr,cubic").ok(), both); // as the kernel offers them (none on Windows)

        auto unknown = parseLabFactor("colour=red");
        QVERIFY(!unknown.ok());
        QVERIFY2(unknown.error().message.find("'colour' is not a factor") != std::string::npos &&
                     unknown.error().message.find("streams, cipher") != std::string::npos,
                 unknown.error().message.c_str());
        auto badLevel = parseLabFactor("cipher=aes128-gcm,rot13");
        QVERIFY(!badLevel.ok());
        QVERIFY2(badLevel.error().message.find("cipher=rot13") != std::string::npos, badLevel.error().message.c_str());
        auto zstd = parseLabFactor("compress=zstd:99");
        QVERIFY(!zstd.ok());
        QVERIFY(!parseLabFactor("streams=1,,4").ok());
        QVERIFY(!parseLabFactor("streams=4,4").ok());
        QVERIFY(!parseLabFactor("streams=99").ok());
        QVERIFY(!parseLabFactor("chunk-size=0").ok());
        QVERIFY(!parseLabFactor("streams").ok());
        QVERIFY(!parseLabFactor("=1,2").ok());
    }

    void workloadsReadAsTyped()
    {
        auto small = parseLabWorkload("small:64M");
        QVERIFY(small.ok());
        QVERIFY(small->kind == LabWorkload::Kind::Small);
        QCOMPARE(small->bytes, uint64_t(64) << 20);
        QCOMPARE(labWorkloadText(*small), std::string("small:64M"));
        auto big = parseLabWorkload("big");
        QVERIFY(big.ok() && big->kind == LabWorkload::Kind::Big && big->bytes == 0);
        QCOMPARE(labWorkloadText(*big), std::string("big:256M")); // the default size
        auto sample = parseLabWorkload("sample:/home/ann/Pictures:1G");
        QVERIFY(sample.ok());
        QVERIFY(sample->kind == LabWorkload::Kind::Sample);
        QCOMPARE(sample->path, std::string("/home/ann/Pictures"));
        QCOMPARE(sample->bytes, uint64_t(1) << 30);
        // A path with a colon in it, and no size.
        auto colon = parseLabWorkload("sample:/data/a:b");
        QVERIFY(colon.ok());
        QCOMPARE(colon->path, std::string("/data/a:b"));
        QCOMPARE(colon->bytes, uint64_t(0));
        QVERIFY(!parseLabWorkload("sample:").ok());
        QVERIFY(!parseLabWorkload("huge:1G").ok());
        QVERIFY(!parseLabWorkload("small:lots").ok());
        QVERIFY(!parseLabWorkload("mixed:0").ok());
    }

    void theMatrixIsEveryCombination()
    {
        const std::vector<LabFactor> factors = {{"streams", {"1", "4"}}, {"cipher", {"aes128-gcm", "chacha20-poly1305", "none"}}};
        const auto settings = labSettings(factors);
        QCOMPARE(settings.size(), size_t(6));
        QCOMPARE(settings[0].label, std::string("streams=1 cipher=aes128-gcm"));
        QCOMPARE(settings[0].options, std::string("--streams 1 --cipher aes128-gcm"));
        QCOMPARE(settings[5].label, std::string("streams=4 cipher=none"));
        std::set<std::string> labels;
        for (const auto& s : settings) labels.insert(s.label);
        QCOMPARE(labels.size(), size_t(6));
        // Each setting's options are what a job gets.
        auto options = labSettingOptions(SyncOptions{}, settings[5]);
        QVERIFY(options.ok());
        QCOMPARE(options->streams, 4u);
        QVERIFY(options->cipher == CipherChoice::None);
        auto autoStreams = labSettingOptions(SyncOptions{}, labSettings({{"streams", {"auto"}}}).front());
        QVERIFY(autoStreams.ok() && autoStreams->streams == 0);
        QVERIFY(labSettings({}).empty());
        QVERIFY(labSettings({{"streams", {}}}).empty());
    }

    void trialsInterleaveInARandomOrderThatTheSeedRepeats()
    {
        const auto order = labTrialOrder(4, 5, 42);
        QCOMPARE(order.size(), size_t(20));
        // Each round holds every setting once.
        for (unsigned run = 1; run <= 5; ++run) {
            std::set<size_t> round;
            for (size_t i = (run - 1) * 4; i < run * 4; ++i) {
                QCOMPARE(order[i].run, run);
                round.insert(order[i].setting);
            }
            QCOMPARE(round.size(), size_t(4));
        }
        // Never the same setting back to back.
        for (size_t i = 1; i < order.size(); ++i) QVERIFY(order[i].setting != order[i - 1].setting);
        // The same seed, the same order; other seeds, other orders (not
        // always the matrix's own order).
        QCOMPARE(labTrialOrder(4, 5, 42), order);
        int differentFromMatrixOrder = 0;
        for (uint64_t seed = 1; seed <= 20; ++seed) {
            const auto o = labTrialOrder(4, 1, seed);
            if (!(o[0].setting == 0 && o[1].setting == 1 && o[2].setting == 2 && o[3].setting == 3)) ++differentFromMatrixOrder;
        }
        QVERIFY(differentFromMatrixOrder >= 15);
        // Who goes first varies over seeds.
        std::set<size_t> firsts;
        for (uint64_t seed = 1; seed <= 40; ++seed) firsts.insert(labTrialOrder(4, 3, seed).front().setting);
        QCOMPARE(firsts.size(), size_t(4));
        QCOMPARE(labTrialOrder(1, 3, 7).size(), size_t(3));
        QVERIFY(labTrialOrder(0, 3, 7).empty());
    }

    void mediansMinimaAndMaximaComeFromTheRuns()
    {
        std::vector<LabTrial> trials = {trial(0, 4.0), trial(0, 2.0), trial(0, 3.0), trial(0, 10.0)};
        trials[3].bottleneck = "destination-write";
        LabTrial failed = trial(0, 1.0);
        failed.ok = false;
        trials.push_back(failed); // not counted
        const LabSummary s = summarizeLabTrials(trials);
        QCOMPARE(s.runs, 4u);
        QCOMPARE(s.medianSeconds, 3.5); // (3 + 4) / 2
        QCOMPARE(s.minSeconds, 2.0);
        QCOMPARE(s.maxSeconds, 10.0);
        QCOMPARE(s.medianRate, (100 * MB / 3 + 100 * MB / 4) / 2);
        QCOMPARE(s.maxRate, 100 * MB / 2);
        QVERIFY(s.medianCpuSeconds && *s.medianCpuSeconds == 1.75);
        QVERIFY(!s.medianFarCpuSeconds); // no run had it
        QCOMPARE(s.bottleneck, std::string("network-capacity")); // 3 of 4
        QCOMPARE(summarizeLabTrials({}).runs, 0u);
    }

    void aDifferenceBeyondTheSpreadIsAWinner()
    {
        LabReport r = reportOf({{10.0, 10.4, 10.2}, {8.0, 8.3, 8.1}, {12.0, 12.5, 11.9}});
        judgeLab(r);
        QVERIFY(r.best && *r.best == 1);
        QVERIFY(r.significant);
        QVERIFY(std::abs(r.margin - (10.2 - 8.1) / 10.2) < 1e-9);
        QVERIFY(r.summaries[1].likeBest);
        QVERIFY(!r.summaries[0].likeBest && !r.summaries[2].likeBest);
        QVERIFY2(r.conclusion.find("b is the fastest") != std::string::npos &&
                     r.conclusion.find("21 %") != std::string::npos,
                 r.conclusion.c_str());
    }

    void overlappingRunsAreNoMeasurableDifference()
    {
        // b's median is lower, but its slowest run is slower than a's fastest.
        LabReport r = reportOf({{10.0, 9.1, 10.5}, {8.0, 9.5, 8.2}, {20.0, 21.0, 20.5}});
        judgeLab(r);
        QVERIFY(r.best && *r.best == 1);
        QVERIFY(!r.significant);
        QVERIFY(r.summaries[0].likeBest);
        QVERIFY(!r.summaries[2].likeBest);
        QVERIFY2(r.conclusion.find("No measurable difference between b and a") != std::string::npos, r.conclusion.c_str());
        QVERIFY(r.conclusion.find("fastest") == std::string::npos);
    }

    void oneRunHasNoSpreadToJudgeBy()
    {
        LabReport r = reportOf({{10.0}, {5.0}});
        judgeLab(r);
        QVERIFY(r.best && *r.best == 1);
        QVERIFY(!r.significant); // even at twice the speed
        QVERIFY2(r.conclusion.find("--runs 3") != std::string::npos, r.conclusion.c_str());
    }

    void skippedAndFailedSettingsTakeNoPart()
    {
        LabReport r = reportOf({{3.0, 3.1}, {5.0, 5.2}, {}});
        r.summaries[0].skipped = "module 'm' does not allow --cipher none";
        judgeLab(r);
        QVERIFY(r.best && *r.best == 1);
        QVERIFY2(r.conclusion.find("Only b") != std::string::npos, r.conclusion.c_str());
        LabReport none = reportOf({{}, {}});
        judgeLab(none);
        QVERIFY(!none.best);
        QVERIFY(!none.conclusion.empty());
    }

    void theEstimateCountsEveryTrial()
    {
        // 4 settings x 3 runs + a warm-up of 100 MB at 50 MB/s with 0.5 s each.
        QCOMPARE(estimateLabSeconds(4, 3, true, 100 << 20, 50 * MB, 0.5), 13 * 2.5);
        QCOMPARE(estimateLabSeconds(4, 3, true, 100 << 20, 0, 0.5), 0.0);
    }

    void thePredictionIsTheSlowestLayerTheSettingGoesThrough()
    {
        ProbeReport p;
        p.cipher = "aes128-gcm";
        ProbeThroughput one;
        one.streams = 1;
        one.steadyBytesPerSec = 100 * MB;
        ProbeThroughput eight;
        eight.streams = 8;
        eight.steadyBytesPerSec = 600 * MB;
        p.network = {one, eight};
        for (ProbeEnd* e : {&p.local, &p.remote}) {
            e->cores = 2;
            e->ciphers = {{"aes128-gcm", 1000 * MB, 0}, {"chacha20-poly1305", 250 * MB, 0}};
            e->hashes = {{"xxh128", 10000 * MB, 0}, {"sha256", 300 * MB, 0}};
        }
        p.remote.diskWriteBytesPerSec = 800 * MB;

        SyncOptions o;
        o.streams = 1;
        LabPrediction single = predictLabRate(p, o);
        QCOMPARE(single.bytesPerSec, 100 * MB); // the one connection
        QVERIFY2(single.basis.find("network (1 conn.)") != std::string::npos, single.basis.c_str());
        o.streams = 8;
        QCOMPARE(predictLabRate(p, o).bytesPerSec, 600 * MB);
        o.cipher = CipherChoice::Chacha20Poly1305; // 2 cores x 250 MB/s
        QCOMPARE(predictLabRate(p, o).bytesPerSec, 500 * MB);
        o.transfer.checksumChoice = ChecksumChoice::Sha256;
        QCOMPARE(predictLabRate(p, o).bytesPerSec, 500 * MB); // sha256 2 x 300 MB/s is not slower
        o.streams = 0; // auto: the best the network carried
        o.cipher = CipherChoice::None;
        o.transfer.checksumChoice = ChecksumChoice::Xxh128;
        QCOMPARE(predictLabRate(p, o).bytesPerSec, 600 * MB);
        p.remote.diskWriteBytesPerSec = 200 * MB;
        QCOMPARE(predictLabRate(p, o).bytesPerSec, 200 * MB);
        o.transfer.fsync = FsyncMode::None; // nobody waits for the disk
        QCOMPARE(predictLabRate(p, o).bytesPerSec, 600 * MB);
        o.transfer.compress.mode = CompressMode::Zstd;
        const LabPrediction compressed = predictLabRate(p, o);
        QCOMPARE(compressed.bytesPerSec, 0.0);
        QVERIFY(compressed.basis.find("compression is not modelled") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestLabPlan)
#include "test_lab_plan.moc"
