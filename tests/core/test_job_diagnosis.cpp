// A job's diagnosis: its readings put this process's figures on the end it
// is and the far end's on the other, the connections come from whichever end
// sends, a verdict is shown once it holds and each change is said once, and
// a job's verdict is the timeline's (or, where nothing stood out, the whole
// job's figures at once).

#include "diagnosis/job_diagnosis.h"

#include <QTest>

#include <atomic>
#include <mutex>

using namespace fg;

namespace {
constexpr uint64_t kMs = 1'000'000;

// A stage `sec` seconds into a job whose one thread spends `busy` of its time in it.
StageSnapshot stage(StageId id, double sec, double busy, uint64_t bytes)
{
    StageSnapshot s;
    s.id = id;
    s.name = stageName(id);
    s.lifetimeNs = uint64_t(sec * 1000) * kMs;
    s.busyNs = uint64_t(double(s.lifetimeNs) * busy);
    s.waitInputNs = s.lifetimeNs - s.busyNs;
    s.bytes = bytes;
    return s;
}

// What a fake job gives its diagnosis: the clock is whatever `now` says.
struct FakeJob {
    std::mutex mutex;
    double now = 0;
    std::vector<StageSnapshot> stages;
    std::vector<diagnosis::ConnectionReading> connections;
    uint64_t bytesPerSec = 100'000'000;
    uint64_t bwlimit = 0;
    std::vector<std::pair<double, Bottleneck>> changes;
    std::atomic<int> connectionReads{0};

    JobDiagnosis::Sources sources()
    {
        JobDiagnosis::Sources s;
        s.stages = [this] {
            std::lock_guard lock(mutex);
            return stages;
        };
        s.connections = [this] {
            ++connectionReads;
            std::lock_guard lock(mutex);
            return connections;
        };
        s.moved = [this] {
            std::lock_guard lock(mutex);
            return JobDiagnosis::Sources::Moved{uint64_t(now * double(bytesPerSec)), uint64_t(now * 2), 0};
        };
        s.settings = [this] {
            diagnosis::Settings settings;
            settings.bwlimit = bwlimit;
            settings.streams = 2;
            return settings;
        };
        s.changed = [this](double at, const Bottleneck& b) {
            std::lock_guard lock(mutex);
            changes.emplace_back(at, b);
        };
        return s;
    }
};

// The far end as its Stats give it: its stages, `sec` seconds in.
diagnosis::EndReading farEnd(std::vector<StageSnapshot> stages)
{
    diagnosis::EndReading end;
    end.present = true;
    end.local = false;
    end.cores = 4;
    for (auto& s : stages) s.remote = true;
    end.stages = std::move(stages);
    return end;
}

// A connection held by the receiver's window most of its busy time.
diagnosis::ConnectionReading windowLimited(double sec)
{
    diagnosis::ConnectionReading c;
    c.id = 1;
    c.sinceOpened.busyUs = uint64_t(sec * 1e6);
    c.sinceOpened.rwndLimitedUs = uint64_t(sec * 0.7e6);
    c.sinceOpened.bytesSent = uint64_t(sec * 30e6);
    c.sinceOpened.rttUs = 141'000;
    c.sinceOpened.minRttUs = 140'000;
    c.sinceOpened.congestion = "bbr";
    return c;
}
} // namespace

class TestJobDiagnosis : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void aReceiverJudgesItsOwnWritesAndSaysTheChangeOnce()
    {
        FakeJob job;
        JobDiagnosis d(JobDiagnosis::Here::Receiver, false, job.sources());
        for (int step = 0; step <= 16; ++step) {
            const double sec = step * 0.25;
            {
                std::lock_guard lock(job.mutex);
                job.now = sec;
                // Our writer is busy 95 % of the time; the far sender waits.
                job.stages = {stage(StageId::Receive, sec, 0.1, uint64_t(sec * 1e8)),
                              stage(StageId::Write, sec, 0.95, uint64_t(sec * 1e8))};
            }
            diagnosis::ConnectionReading c = windowLimited(sec);
            c.sinceOpened.rwndLimitedUs = 0; // the window is not the matter here
            d.farEnd(farEnd({stage(StageId::Read, sec, 0.2, uint64_t(sec * 1e8)),
                             stage(StageId::Send, sec, 0.1, uint64_t(sec * 1e8))}),
                     {c});
            d.sample(sec);
        }
        const Bottleneck now = d.current();
        QCOMPARE(now.layer, std::string("destination-write"));
        QCOMPARE(now.end, std::string("receiver"));
        QVERIFY(!now.evidence.empty());
        // A receiver never reads connections of its own: the sender's come in its Stats.
        QCOMPARE(job.connectionReads.load(), 0);
        std::lock_guard lock(job.mutex);
        QCOMPARE(job.changes.size(), size_t(1));
        QCOMPARE(job.changes[0].second.layer, std::string("destination-write"));
        QCOMPARE(d.jobVerdict().layer, std::string("destination-write"));
        const auto spans = d.timeline();
        QCOMPARE(spans.size(), size_t(1));
        QCOMPARE(spans[0].layer, std::string("destination-write"));
    }

    void aSenderReadsItsOwnConnections()
    {
        FakeJob job;
        JobDiagnosis d(JobDiagnosis::Here::Sender, false, job.sources());
        for (int step = 0; step <= 16; ++step) {
            const double sec = step * 0.25;
            {
                std::lock_guard lock(job.mutex);
                job.now = sec;
                job.bytesPerSec = 30'000'000;
                // Our workers wait on full sockets 80 % of the time.
                StageSnapshot send = stage(StageId::Send, sec, 0.1, uint64_t(sec * 3e7));
                send.waitOutputNs = uint64_t(double(send.lifetimeNs) * 0.8);
                send.waitInputNs = send.lifetimeNs - send.busyNs - send.waitOutputNs;
                job.stages = {send};
                job.connections = {windowLimited(sec)};
            }
            d.farEnd(farEnd({stage(StageId::Receive, sec, 0.05, uint64_t(sec * 3e7)),
                             stage(StageId::Write, sec, 0.1, uint64_t(sec * 3e7))}),
                     {});
            d.sample(sec);
        }
        QVERIFY(job.connectionReads.load() > 0);
        const Bottleneck now = d.current();
        QVERIFY2(now.layer == "receive-window", now.evidence.c_str());
        QVERIFY2(now.fix.find("tcp_rmem") != std::string::npos, now.fix.c_str());
    }

    void aFarSenderThatSentNoFiguresIsNotGuessed()
    {
        FakeJob job;
        JobDiagnosis d(JobDiagnosis::Here::Receiver, false, job.sources());
        for (int step = 0; step <= 12; ++step) {
            const double sec = step * 0.25;
            {
                std::lock_guard lock(job.mutex);
                job.now = sec;
                // Our receiver waits for data: the limit is upstream.
                job.stages = {stage(StageId::Receive, sec, 0.05, uint64_t(sec * 1e8)),
                              stage(StageId::Write, sec, 0.1, uint64_t(sec * 1e8))};
            }
            // The far sender waits on its sockets, but says nothing of them
            // (an older floodgate): which limit holds them is not guessed.
            StageSnapshot send = stage(StageId::Send, sec, 0.1, uint64_t(sec * 1e8));
            send.waitOutputNs = uint64_t(double(send.lifetimeNs) * 0.8);
            send.waitInputNs = send.lifetimeNs - send.busyNs - send.waitOutputNs;
            d.farEnd(farEnd({send}), {});
            d.sample(sec);
        }
        const Bottleneck now = d.current();
        QVERIFY2(now.layer == "unknown", (now.layer + ": " + now.evidence).c_str());
        QVERIFY2(now.evidence.find("sent no figures") != std::string::npos, now.evidence.c_str());
        // Its stages did arrive, and are on the sending end.
        QVERIFY2(now.evidence.find("sender waits on a full socket 80%") != std::string::npos, now.evidence.c_str());
    }

    void aLocalCopyPutsEachStageOnItsEnd()
    {
        FakeJob job;
        JobDiagnosis d(JobDiagnosis::Here::BothEnds, false, job.sources());
        for (int step = 0; step <= 12; ++step) {
            const double sec = step * 0.25;
            {
                std::lock_guard lock(job.mutex);
                job.now = sec;
                job.bytesPerSec = 50'000'000;
                // One process counts both roles: the reader is the busy one.
                job.stages = {stage(StageId::Read, sec, 0.9, uint64_t(sec * 5e7)),
                              stage(StageId::Receive, sec, 0.05, uint64_t(sec * 5e7)),
                              stage(StageId::Write, sec, 0.1, uint64_t(sec * 5e7))};
            }
            d.sample(sec);
        }
        const Bottleneck now = d.current();
        QCOMPARE(now.layer, std::string("source-read"));
        QCOMPARE(now.end, std::string("sender"));
    }

    void aShortJobIsJudgedOnAllItsFigures()
    {
        FakeJob job;
        JobDiagnosis d(JobDiagnosis::Here::BothEnds, false, job.sources());
        QCOMPARE(d.jobVerdict().layer, std::string()); // nothing moved: no verdict
        {
            std::lock_guard lock(job.mutex);
            job.stages = {};
        }
        d.sample(0);
        {
            std::lock_guard lock(job.mutex);
            job.now = 0.4;
            job.bwlimit = 41'000'000; // moving at 40 MB/s of it
            job.bytesPerSec = 40'000'000;
            job.stages = {stage(StageId::Read, 0.4, 0.2, 16'000'000)};
        }
        d.sample(0.4);
        const Bottleneck verdict = d.jobVerdict();
        QCOMPARE(verdict.layer, std::string("bandwidth-limit"));
        QCOMPARE(verdict.share, 1.0);
    }

    // The job's last reading comes after its connections closed: their
    // figures must not vanish with them, or a job whose network limit shows
    // only in its last readings is judged without its network.
    void closedConnectionsKeepTheirFigures()
    {
        FakeJob job;
        JobDiagnosis d(JobDiagnosis::Here::Sender, false, job.sources());
        for (int step = 0; step <= 2; ++step) {
            const double sec = step * 0.25;
            {
                std::lock_guard lock(job.mutex);
                job.now = sec;
                job.bytesPerSec = 30'000'000;
                // At first nothing stands out (busy 35 %, waiting on sockets
                // 20 %, on input 45 %); by the end the job waited on full
                // sockets 70 % of its time.
                StageSnapshot send = stage(StageId::Send, sec, step < 2 ? 0.35 : 0.1, uint64_t(sec * 3e7));
                send.waitOutputNs = uint64_t(double(send.lifetimeNs) * (step < 2 ? 0.2 : 0.7));
                send.waitInputNs = send.lifetimeNs - send.busyNs - send.waitOutputNs;
                job.stages = {send};
                job.connections = step < 2 ? std::vector<diagnosis::ConnectionReading>{windowLimited(sec)}
                                           : std::vector<diagnosis::ConnectionReading>{};
            }
            d.sample(sec);
        }
        const Bottleneck verdict = d.jobVerdict();
        QVERIFY2(verdict.layer == "receive-window", verdict.evidence.c_str());
    }

    void theThreadSamplesUntilStopped()
    {
        FakeJob job;
        JobDiagnosis d(JobDiagnosis::Here::BothEnds, false, job.sources());
        {
            std::lock_guard lock(job.mutex);
            job.now = 1; // the moved counter stands still: "nothing moved"
        }
        d.start(3.0, std::chrono::milliseconds(10)); // data moves 3 s into the job
        d.start(9.0, std::chrono::milliseconds(10)); // a second call does nothing
        QVERIFY(QTest::qWaitFor([&] { return !d.current().layer.empty(); }, 5000));
        d.stop();
        d.stop();
        const auto after = d.timeline();
        QVERIFY(!after.empty());
        // Told in the job's time: from when data began to move.
        QVERIFY(after.front().fromSec >= 3.0 && after.front().fromSec < 8.0);
        QTest::qWait(50);
        // No more samples: the last span did not grow.
        QCOMPARE(d.timeline().size(), after.size());
        QCOMPARE(d.timeline().back().toSec, after.back().toSec);
    }
};

QTEST_GUILESS_MAIN(TestJobDiagnosis)
#include "test_job_diagnosis.moc"
