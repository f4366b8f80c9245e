// The window of evidence over a job's readings: the figures are the newest
// reading less the oldest within the window; a counter that goes backwards
// counts nothing; a connection that joins inside the window counts from its
// start; and readings taken as a job runs give the classifier its verdict.

#include "diagnosis/bottleneck.h"
#include "diagnosis/evidence_window.h"

#include <QTest>

using namespace fg;
using namespace fg::diagnosis;

namespace {
constexpr uint64_t kMs = 1'000'000;

// A reading `step` quarter-seconds in of a job moving 25 MB a quarter second
// on one connection that resends 1 % of it, the sender's one worker thread
// waiting on the socket 80 % of its time.
Reading readingAt(int step)
{
    Reading r;
    r.atSec = step * 0.25;
    r.bytes = uint64_t(step) * 25'000'000;
    r.files = uint64_t(step / 4);
    r.sender.present = true;
    r.sender.local = true;
    r.sender.cores = 2;
    r.sender.cpuSeconds = step * 0.1;
    StageSnapshot send;
    send.id = StageId::Send;
    send.lifetimeNs = uint64_t(step) * 250 * kMs;
    send.busyNs = uint64_t(step) * 25 * kMs;
    send.waitInputNs = uint64_t(step) * 25 * kMs;
    send.waitOutputNs = uint64_t(step) * 200 * kMs;
    send.bytes = r.bytes;
    r.sender.stages = {send};
    r.receiver.present = true;
    r.receiver.cores = 2;
    r.receiver.ioStallUs = uint64_t(step) * 50'000; // stalled a fifth of the time
    r.receiver.dirtyBytes = 10u << 20;
    r.receiver.dirtyThresholdBytes = 400u << 20;
    ConnectionReading c;
    c.id = 7;
    c.sinceOpened.busyUs = uint64_t(step) * 250'000;
    c.sinceOpened.bytesSent = r.bytes;
    c.sinceOpened.bytesRetrans = r.bytes / 100;
    c.sinceOpened.rttUs = 300'000;
    c.sinceOpened.minRttUs = 299'000;
    c.sinceOpened.congestion = "cubic";
    r.connections = {c};
    return r;
}
} // namespace

class TestEvidenceWindow : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void theMeanFileIsTheFinishedFilesSizes()
    {
        // 10 MB moved, but only ten files of 100 KiB finished: the rest is on
        // its way, and says nothing of the files' size.
        EvidenceWindow w;
        Reading a;
        a.atSec = 0;
        w.add(a);
        Reading b;
        b.atSec = 1;
        b.bytes = 10u << 20;
        b.files = 10;
        b.fileBytes = 10 * 102400;
        w.add(b);
        QCOMPARE(w.evidence({}).meanFileBytes, uint64_t(102400));
    }

    void theWindowIsTheNewestLessTheOldestInIt()
    {
        EvidenceWindow window(2.0);
        for (int step = 0; step <= 16; ++step) window.add(readingAt(step));
        const Evidence e = window.evidence(Settings{});
        QCOMPARE(e.windowSec, 2.0);
        QCOMPARE(e.jobElapsedSec, 4.0);
        QCOMPARE(e.bytes, uint64_t(200'000'000));
        QCOMPARE(e.files, uint64_t(2));
        QCOMPARE(e.sender.stages.size(), size_t(1));
        QCOMPARE(e.sender.stages[0].lifetimeNs, 2000 * kMs);
        QCOMPARE(e.sender.stages[0].waitOutputNs, 1600 * kMs);
        QVERIFY(qAbs(*e.sender.cpuSeconds - 0.8) < 1e-9);
        QVERIFY(qAbs(*e.receiver.ioPressure - 0.2) < 1e-9);
        QCOMPARE(*e.receiver.dirtyThresholdBytes, uint64_t(400u << 20));
        QCOMPARE(e.connections.size(), size_t(1));
        QCOMPARE(e.connections[0].busyUs, uint64_t(2'000'000));
        QCOMPARE(e.connections[0].bytesRetrans, uint64_t(2'000'000));
    }

    void readingsAsAJobRunsGiveTheVerdict()
    {
        EvidenceWindow window;
        for (int step = 0; step <= 12; ++step) window.add(readingAt(step));
        Settings settings;
        settings.streams = 1;
        const Verdict v = classify(window.evidence(settings));
        QCOMPARE(v.layer, Layer::NetworkLoss);
        QVERIFY2(v.fix.find("--congestion bbr") != std::string::npos, v.fix.c_str());
    }

    void tooFewReadingsSayNothing()
    {
        EvidenceWindow window;
        QCOMPARE(window.evidence(Settings{}).windowSec, 0.0);
        window.add(readingAt(1));
        QCOMPARE(window.evidence(Settings{}).windowSec, 0.0);
        QCOMPARE(classify(window.evidence(Settings{})).layer, Layer::Unknown);
    }

    void countersGoingBackCountNothing()
    {
        EvidenceWindow window;
        window.add(readingAt(8));
        Reading restarted = readingAt(2); // the far end's counters began again
        restarted.atSec = 2.5;
        restarted.bytes = readingAt(10).bytes;
        window.add(restarted);
        const Evidence e = window.evidence(Settings{});
        QCOMPARE(e.sender.stages[0].busyNs, uint64_t(0));
        QCOMPARE(e.connections[0].bytesSent, uint64_t(0));
        QCOMPARE(e.bytes, uint64_t(50'000'000));
    }

    void aConnectionThatJoinedCountsFromItsStart()
    {
        EvidenceWindow window;
        window.add(readingAt(4));
        Reading later = readingAt(8);
        ConnectionReading joined;
        joined.id = 8;
        joined.sinceOpened.busyUs = 300'000;
        joined.sinceOpened.bytesSent = 9'000'000;
        later.connections.push_back(joined);
        window.add(later);
        const Evidence e = window.evidence(Settings{});
        QCOMPARE(e.connections.size(), size_t(2));
        QCOMPARE(e.connections[0].busyUs, uint64_t(1'000'000));
        QCOMPARE(e.connections[1].busyUs, uint64_t(300'000));
        QCOMPARE(e.connections[1].bytesSent, uint64_t(9'000'000));
    }
};

QTEST_APPLESS_MAIN(TestEvidenceWindow)
#include "test_evidence_window.moc"
