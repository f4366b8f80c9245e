// The bottleneck classifier on recorded evidence: each layer of the
// vocabulary named from the figures that stand for it (the user's limit,
// the receiver's window, the send buffer, random loss against a full queue,
// slow start, a CPU stage on either end, small files, write-back, the far
// end's CPU), its evidence and fix carrying the numbers, figures that are
// missing said as such, and verdicts that do not flicker.

#include "diagnosis/bottleneck.h"
#include "diagnosis/verdict_timeline.h"

#include <QTest>

#include <string>

using namespace fg;
using namespace fg::diagnosis;

namespace {
constexpr uint64_t kSec = 1'000'000'000;

// A stage over a one-second window on `threads` threads: shares of its time.
StageSnapshot stage(StageId id, double busy, double waitInput, double waitOutput, uint64_t bytes = 0,
                    unsigned threads = 1)
{
    StageSnapshot s;
    s.id = id;
    s.name = stageName(id);
    s.lifetimeNs = threads * kSec;
    s.busyNs = uint64_t(busy * double(s.lifetimeNs));
    s.waitInputNs = uint64_t(waitInput * double(s.lifetimeNs));
    s.waitOutputNs = uint64_t(waitOutput * double(s.lifetimeNs));
    s.bytes = bytes;
    return s;
}

// A job moving `bytes` in one second, between two present ends, this one the sender.
Evidence job(uint64_t bytes, uint64_t files = 1)
{
    Evidence e;
    e.windowSec = 1;
    e.jobElapsedSec = 30;
    e.bytes = bytes;
    e.files = files;
    e.settings = {"aes128-gcm", "none", "xxh128", "end", 2, 0};
    e.sender.present = true;
    e.sender.local = true;
    e.sender.cores = 2;
    e.receiver.present = true;
    e.receiver.cores = 2;
    return e;
}

// The sender waits on a full socket most of the time.
void networkBound(Evidence& e)
{
    e.sender.stages = {stage(StageId::Read, 0.05, 0.9, 0.05), stage(StageId::Send, 0.1, 0.1, 0.8)};
    e.receiver.stages = {stage(StageId::Receive, 0.05, 0.9, 0.05), stage(StageId::Write, 0.2, 0.8, 0)};
}

ConnectionEvidence connection(uint32_t rttMs, uint32_t minRttMs, uint64_t sent, uint64_t retrans,
                              double rwndShare = 0, double sndbufShare = 0, const char* cc = "bbr")
{
    ConnectionEvidence c;
    c.busyUs = 1'000'000;
    c.rwndLimitedUs = uint64_t(rwndShare * 1e6);
    c.sndbufLimitedUs = uint64_t(sndbufShare * 1e6);
    c.bytesSent = sent;
    c.bytesRetrans = retrans;
    c.rttUs = rttMs * 1000;
    c.minRttUs = minRttMs * 1000;
    c.congestion = cc;
    return c;
}

bool has(const std::string& text, const char* part) { return text.find(part) != std::string::npos; }

// "layer: evidence | fix", for messages.
QByteArray said(const Verdict& v)
{
    const QByteArray text = QByteArray(layerName(v.layer)) + (v.end.empty() ? "" : " (" + QByteArray::fromStdString(v.end) + ")")
                            + ": " + QByteArray::fromStdString(v.evidence) + " | " + QByteArray::fromStdString(v.fix);
    // What each case says, for a reader of the test's output (-v2).
    if (qEnvironmentVariableIsSet("FG_SHOW_VERDICTS")) qInfo("%s", text.constData());
    return text;
}
} // namespace

class TestBottleneck : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void theUsersOwnLimit()
    {
        Evidence e = job(39u << 20);
        networkBound(e);
        e.settings.bwlimit = 40u << 20; // --bwlimit 40M
        const Verdict v = classify(e);
        QVERIFY2(v.layer == Layer::BandwidthLimit, said(v));
        QVERIFY2(has(v.evidence, "39.0 MB/s") && has(v.evidence, "40.0 MB/s"), said(v));
        // Well under it, the limit is not what holds the job.
        e.bytes = 10'000'000;
        QVERIFY(classify(e).layer != Layer::BandwidthLimit);
    }

    void theReceiversWindowOnALongLink()
    {
        Evidence e = job(30'000'000);
        networkBound(e);
        e.connections = {connection(141, 140, 30'000'000, 0, 0.7)};
        e.receiver.netLimits.tcpRmemMax = 4u << 20;
        e.linkRate = 62'500'000; // 500 Mbit/s, measured
        const Verdict v = classify(e);
        QVERIFY2(v.layer == Layer::ReceiveWindow, said(v));
        QCOMPARE(v.end, std::string("receiver"));
        QVERIFY2(has(v.evidence, "70%") && has(v.evidence, "141 ms") && has(v.evidence, "4 MiB"), said(v));
        // 2 x BDP of 62.5 MB/s x 140 ms = 17.5 MB: a 32 MiB ceiling.
        QVERIFY2(has(v.fix, "net.ipv4.tcp_rmem='4096 131072 33554432'") && has(v.fix, "net.core.rmem_max=33554432"),
                 said(v));
    }

    void aWindowClosedByASlowDiskIsTheDisk()
    {
        Evidence e = job(30'000'000);
        networkBound(e);
        e.connections = {connection(141, 140, 30'000'000, 0, 0.7)};
        // The receiver's network threads wait on its writers, busy writing.
        e.receiver.stages = {stage(StageId::Receive, 0.1, 0.2, 0.7), stage(StageId::Write, 0.95, 0.05, 0, 30'000'000, 4)};
        e.receiver.dirtyBytes = 190u << 20;
        e.receiver.dirtyThresholdBytes = 200u << 20;
        e.receiver.ioPressure = 0.6;
        const Verdict v = classify(e);
        QVERIFY2(v.layer == Layer::DestinationWrite, said(v));
        QVERIFY2(has(v.evidence, "window closes") && has(v.evidence, "190 MiB of the 200 MiB")
                     && has(v.evidence, "I/O pressure 60%"),
                 said(v));
    }

    // Recorded on loopback, 8 connections on 2 cores: the window closes
    // because the receiver's threads decrypt flat out, not for a small buffer.
    void aWindowClosedByABusyReceiverIsItsCpu()
    {
        Evidence e = job(450u << 20);
        networkBound(e);
        e.connections = {connection(6, 1, 450u << 20, 0, 0.95)};
        e.receiver.stages = {stage(StageId::Receive, 0.3, 0.05, 0.0), stage(StageId::Decrypt, 0.6, 0.05, 0.0),
                             stage(StageId::Write, 0.2, 0.8, 0)};
        const Verdict v = classify(e);
        QVERIFY2(v.layer == Layer::Decryption && v.end == "receiver", said(v));
        QVERIFY2(has(v.evidence, "threads are busy"), said(v));
        // An idle receiver behind the same window: its buffer.
        e.receiver.stages = {stage(StageId::Receive, 0.05, 0.9, 0.05), stage(StageId::Write, 0.2, 0.8, 0)};
        QVERIFY2(classify(e).layer == Layer::ReceiveWindow, said(classify(e)));
    }

    void theSendBuffer()
    {
        Evidence e = job(20'000'000);
        networkBound(e);
        e.connections = {connection(141, 140, 20'000'000, 0, 0, 0.6)};
        e.sender.netLimits.tcpWmemMax = 4u << 20;
        const Verdict v = classify(e);
        QVERIFY2(v.layer == Layer::SendBuffer, said(v));
        QVERIFY2(has(v.fix, "net.ipv4.tcp_wmem") && has(v.fix, "net.core.wmem_max"), said(v));
    }

    void randomLossIsNotAFullQueue()
    {
        Evidence e = job(2'000'000);
        networkBound(e);
        // 1 % resent, the RTT at its minimum: the path drops packets.
        e.connections = {connection(300, 299, 2'000'000, 20'000, 0, 0, "cubic")};
        Verdict v = classify(e);
        QVERIFY2(v.layer == Layer::NetworkLoss, said(v));
        QVERIFY2(has(v.evidence, "1.00%") && has(v.fix, "--congestion bbr"), said(v));
        // Already BBR on two streams: more streams.
        e.connections = {connection(300, 299, 1'000'000, 10'000), connection(300, 298, 1'000'000, 10'000)};
        v = classify(e);
        QVERIFY2(v.layer == Layer::NetworkLoss && has(v.fix, "--streams 4"), said(v));
        // The same loss with the RTT far above its minimum is a queue overflowing.
        e.connections = {connection(300, 141, 2'000'000, 20'000, 0, 0, "cubic")};
        v = classify(e);
        QVERIFY2(v.layer == Layer::NetworkCongestion, said(v));
    }

    void bbrOverfillingAShallowQueue()
    {
        Evidence e = job(20'000'000);
        networkBound(e);
        e.connections = {connection(200, 141, 20'000'000, 600'000)}; // 3 % resent, 59 ms of queue
        const Verdict v = classify(e);
        QVERIFY2(v.layer == Layer::NetworkCongestion && has(v.fix, "--congestion cubic"), said(v));
    }

    void aFullPathAndAPathAtCapacity()
    {
        Evidence e = job(50'000'000);
        networkBound(e);
        e.connections = {connection(180, 141, 50'000'000, 10'000, 0, 0, "cubic")};
        Verdict v = classify(e);
        QVERIFY2(v.layer == Layer::NetworkCongestion && has(v.evidence, "141 ms to 180 ms"), said(v));
        // No queue, no loss, no window: what the connections' windows carry.
        e.connections = {connection(1, 1, 50'000'000, 0)};
        v = classify(e);
        QVERIFY2(v.layer == Layer::NetworkCongestion && has(v.evidence, "capacity"), said(v));
    }

    void aYoungJobOnALongLinkIsRoundTrips()
    {
        Evidence e = job(5'000'000);
        networkBound(e);
        e.jobElapsedSec = 1.2;
        e.connections = {connection(141, 140, 5'000'000, 0)};
        const Verdict v = classify(e);
        QVERIFY2(v.layer == Layer::RoundTrips && has(v.evidence, "slow start"), said(v));
    }

    void bothEndsWaitingOnALongLinkIsRoundTrips()
    {
        Evidence e = job(1'000'000, 200);
        e.sender.stages = {stage(StageId::Read, 0.05, 0.9, 0), stage(StageId::Send, 0.02, 0.9, 0.08)};
        e.receiver.stages = {stage(StageId::Receive, 0.02, 0.95, 0), stage(StageId::Write, 0.05, 0.95, 0)};
        e.connections = {connection(141, 140, 1'000'000, 0)};
        const Verdict v = classify(e);
        QVERIFY2(v.layer == Layer::RoundTrips && has(v.evidence, "141 ms"), said(v));
    }

    void cpuStagesOnEitherEnd()
    {
        // zstd at level 19: the sender's workers compress most of their time.
        Evidence e = job(15'000'000);
        e.settings.compress = "zstd:19";
        e.sender.stages = {stage(StageId::Read, 0.05, 0.9, 0.05, 0, 2), stage(StageId::Compress, 0.85, 0.1, 0.05, 0, 2),
                           stage(StageId::Send, 0.05, 0.9, 0.05, 0, 2)};
        Verdict v = classify(e);
        QVERIFY2(v.layer == Layer::Compression && v.end == "sender" && has(v.fix, "--compress zstd:1"), said(v));
        QCOMPARE(v.setting, std::string("--compress zstd:1")); // what a front end applies

        // SHA-256 as the checksum.
        e = job(800'000'000);
        e.settings.checksum = "sha256";
        e.sender.stages = {stage(StageId::Read, 0.2, 0.7, 0.1), stage(StageId::Hash, 0.7, 0.2, 0.1),
                           stage(StageId::Send, 0.05, 0.9, 0.05)};
        v = classify(e);
        QVERIFY2(v.layer == Layer::Hashing && has(v.fix, "--checksum-choice xxh128"), said(v));

        // ChaCha20 decrypted on the receiver's network threads.
        e = job(900'000'000);
        e.settings.cipher = "chacha20-poly1305";
        e.sender.stages = {stage(StageId::Send, 0.3, 0.5, 0.2)};
        e.receiver.stages = {stage(StageId::Receive, 0.2, 0.1, 0.05), stage(StageId::Decrypt, 0.65, 0.3, 0.05)};
        v = classify(e);
        QVERIFY2(v.layer == Layer::Decryption && v.end == "receiver" && has(v.fix, "--cipher aes128-gcm"), said(v));
        QCOMPARE(v.setting, std::string("--cipher aes128-gcm"));

        // A slow source disk.
        e = job(80u << 20);
        e.sender.stages = {stage(StageId::Read, 0.8, 0.1, 0.1, 80u << 20), stage(StageId::Send, 0.05, 0.9, 0.05)};
        v = classify(e);
        QVERIFY2(v.layer == Layer::SourceRead && has(v.fix, "80.0 MB/s"), said(v));
        QCOMPARE(v.setting, std::string()); // a disk is not a job setting
    }

    void aFixThatIsAJobSettingSaysWhichOne()
    {
        QCOMPARE(settingIn("--streams 4: each connection takes its losses on its own"), std::string("--streams 4"));
        QCOMPARE(settingIn("--compress lz4 (or none): it costs the receiver less CPU"), std::string("--compress lz4"));
        QCOMPARE(settingIn("--cipher none on a trusted network"), std::string("--cipher none"));
        QCOMPARE(settingIn("--congestion bbr: cubic slows down"), std::string("--congestion bbr"));
        QCOMPARE(settingIn("--checksum-choice xxh128: XXH3 hashes"), std::string("--checksum-choice xxh128"));
        QCOMPARE(settingIn("--fsync end: one flush"), std::string("--fsync end"));
        QCOMPARE(settingIn("--whole-file: on this link"), std::string("--whole-file"));
        // Not settings of the job: the user's own limit, a sysctl, a disk.
        QCOMPARE(settingIn("raise or drop --bwlimit if the link may carry more"), std::string());
        QCOMPARE(settingIn("on the receiver: sysctl -w net.ipv4.tcp_rmem='4096 131072 33554432'"), std::string());
        QCOMPARE(settingIn("--bwlimit 10M"), std::string());
        QCOMPARE(settingIn(""), std::string());
    }

    void manySmallFilesArePerFileOverhead()
    {
        Evidence e = job(13107 * 4096, 13107); // 65,536 x 4 KiB in 5 s
        e.settings.fsync = "file";
        e.sender.stages = {stage(StageId::Read, 0.3, 0.6, 0.1), stage(StageId::Send, 0.05, 0.9, 0.05)};
        e.receiver.stages = {stage(StageId::Write, 0.5, 0.3, 0, 0, 4), stage(StageId::Commit, 0.25, 0.7, 0, 0, 4)};
        const Verdict v = classify(e);
        QVERIFY2(v.layer == Layer::PerFileOverhead && has(v.evidence, "13107 files a second")
                     && has(v.evidence, "4.0 KiB") && has(v.fix, "--fsync end"),
                 said(v));
        // Tiny files (ten million of 0-100 bytes) say their size in bytes, not "0.0 KiB".
        e = job(24000 * 25, 24000);
        e.receiver.stages = {stage(StageId::Write, 0.5, 0.3, 0, 0, 4), stage(StageId::Commit, 0.25, 0.7, 0, 0, 4)};
        const Verdict tiny = classify(e);
        QVERIFY2(tiny.layer == Layer::PerFileOverhead && has(tiny.evidence, "25 bytes on average"), said(tiny));
    }

    void theFarEndsCpuSpreadOverItsStages()
    {
        Evidence e = job(300'000'000);
        e.sender.stages = {stage(StageId::Send, 0.1, 0.8, 0.1)};
        e.receiver.stages = {stage(StageId::Apply, 0.3, 0.35, 0), stage(StageId::Write, 0.2, 0.5, 0),
                             stage(StageId::Verify, 0.2, 0.5, 0)};
        e.receiver.cpuSeconds = 1.9;
        const Verdict v = classify(e);
        QVERIFY2(v.layer == Layer::RemoteCpu && v.end == "receiver" && has(v.evidence, "95%"), said(v));
        // The same on this end is its busiest stage, which it can act on.
        e.receiver.local = true;
        e.sender.local = false;
        QVERIFY(classify(e).layer != Layer::RemoteCpu);
    }

    // Recorded on a 10 GbE receiver whose NIC had one queue and no RPS: one
    // core in softirq all the time, the others idle, the window closing.
    // (This machine cannot stage it: its links are veth and TUN.)
    void oneCoreDrowningInNetworkInterrupts()
    {
        Evidence e = job(1'100'000'000);
        networkBound(e);
        e.receiver.cores = 16;
        e.connections = {connection(1, 1, 1'100'000'000, 0, 0.45)};
        e.receiver.interrupts = InterruptLoad{3, 0.97};
        e.sender.interrupts = InterruptLoad{0, 0.2};
        Verdict v = classify(e);
        QVERIFY2(v.layer == Layer::NetworkStack, said(v));
        QCOMPARE(v.end, std::string("receiver"));
        QVERIFY2(has(v.evidence, "CPU 3") && has(v.evidence, "97%"), said(v));
        QVERIFY2(has(v.fix, "rps_cpus") && has(v.fix, "16 cores"), said(v));
        // The same core at 60 %: busy, not the limit; the window is.
        e.receiver.interrupts->share = 0.6;
        v = classify(e);
        QVERIFY2(v.layer == Layer::ReceiveWindow, said(v));
        // Not measured on the far end (an old peer, no /proc/stat): nothing is guessed.
        e.receiver.interrupts.reset();
        QVERIFY2(classify(e).layer == Layer::ReceiveWindow, said(classify(e)));
        // The sending end's own core, on a machine that sends faster than it can take the ACKs.
        e.sender.interrupts = InterruptLoad{1, 0.95};
        v = classify(e);
        QVERIFY2(v.layer == Layer::NetworkStack && v.end == "sender", said(v));
    }

    void whatCannotBeToldIsSaidSo()
    {
        Evidence e = job(0, 0);
        Verdict v = classify(e);
        QVERIFY2(v.layer == Layer::Unknown && has(v.evidence, "nothing moved"), said(v));

        e = job(10'000'000);
        networkBound(e);
        e.connections = {connection(50, 49, 10'000'000, 0, 0.9)};
        e.connections[0].hasChronographs = false;
        v = classify(e);
        QVERIFY2(v.layer == Layer::Unknown && has(v.evidence, "chronographs"), said(v));

        // Over ssh the connection is ssh's.
        e.connections.clear();
        e.transport = Evidence::Transport::Ssh;
        v = classify(e);
        QVERIFY2(v.layer == Layer::Unknown && has(v.evidence, "ssh"), said(v));
        // A far sending end that sent nothing about its connections.
        e.transport = Evidence::Transport::DataConnections;
        e.sender.local = false;
        v = classify(e);
        QVERIFY2(v.layer == Layer::Unknown && has(v.evidence, "sent no figures"), said(v));
        // This end sends, and its kernel said nothing of its connections.
        e.sender.local = true;
        v = classify(e);
        QVERIFY2(v.layer == Layer::Unknown && has(v.evidence, "no TCP_INFO"), said(v));
        // A local copy has no network: a full memory link means a slow
        // receiving side, whose busiest stage is the verdict.
        e.transport = Evidence::Transport::Local;
        v = classify(e);
        QVERIFY2(v.layer == Layer::Unknown && has(v.evidence, "local copy"), said(v));
        e.receiver.stages = {stage(StageId::Write, 0.9, 0.1, 0, 10'000'000, 4)};
        v = classify(e);
        QVERIFY2(v.layer == Layer::DestinationWrite && has(v.evidence, "local copy"), said(v));

        // Nothing busy, nothing waiting on a long link: no layer stands out.
        e = job(10'000'000);
        e.sender.stages = {stage(StageId::Read, 0.3, 0.4, 0.3), stage(StageId::Send, 0.2, 0.5, 0.3)};
        v = classify(e);
        QVERIFY2(v.layer == Layer::Unknown && has(v.evidence, "stands out"), said(v));
    }

    void theTimelineHoldsBeforeItChanges()
    {
        Verdict a;
        a.layer = Layer::ReceiveWindow;
        a.end = "receiver";
        a.evidence = "window";
        Verdict b;
        b.layer = Layer::DestinationWrite;
        b.end = "receiver";
        b.evidence = "disk";
        VerdictTimeline timeline(2.0);
        double t = 0;
        auto step = [&](const Verdict& v) { return timeline.add(t += 0.25, v); };
        QVERIFY(step(a));
        for (int i = 0; i < 11; ++i) QVERIFY(!step(a)); // 3 s of the window
        // A flicker of the disk does not change what is shown.
        QVERIFY(!step(b));
        QVERIFY(!step(a));
        QCOMPARE(timeline.current().layer, Layer::ReceiveWindow);
        // The disk for 2.5 s does, from when it was first seen.
        bool changed = false;
        for (int i = 0; i < 10; ++i) changed = step(b) || changed;
        QVERIFY(changed);
        QCOMPARE(timeline.current().layer, Layer::DestinationWrite);
        QCOMPARE(timeline.spans().size(), size_t(2));
        QCOMPARE(timeline.spans()[1].fromSec, 3.5);
        QCOMPARE(timeline.spans()[1].toSec, t);
        // The window held 3.25 s of the 5.75, the disk 2.5: the job's verdict.
        const Verdict job = timeline.jobVerdict();
        QCOMPARE(job.layer, Layer::ReceiveWindow);
        QCOMPARE(job.evidence, std::string("window"));
        QVERIFY(job.share > 0.5 && job.share < 0.6);
    }

    // A job's first verdict stands on its first quarter of a second, the
    // next on the first half (the window grows to 2 s): a challenger takes
    // over once it has held as long as the layer shown had been shown, up to
    // the 2 s hold. So a short job (1.75 s here, shorter than the hold) is
    // not judged on its shakiest reading, and the hold grows with how long a
    // layer was shown.
    void aFirstVerdictGivesWayToWhatHoldsLongerThanItWasShown()
    {
        Verdict early;
        early.layer = Layer::NetworkStack;
        early.end = "sender";
        Verdict files;
        files.layer = Layer::PerFileOverhead;
        files.end = "receiver";
        VerdictTimeline timeline(2.0);
        double t = 0.25;
        QVERIFY(timeline.add(t, early));
        QVERIFY(timeline.add(t += 0.25, files)); // the first was shown for no time
        for (int i = 0; i < 5; ++i) QVERIFY(!timeline.add(t += 0.25, files));
        QCOMPARE(timeline.current().layer, Layer::PerFileOverhead);
        QCOMPARE(timeline.jobVerdict().layer, Layer::PerFileOverhead);
        QCOMPARE(timeline.spans().size(), size_t(1)); // the first, overtaken at once, is not drawn
        QCOMPARE(timeline.spans()[0].fromSec, 0.25);
        // Shown 1.5 s now: a challenger needs as long, not a flicker's 0.5 s.
        for (int i = 0; i < 5; ++i) QVERIFY2(!timeline.add(t += 0.25, early), qPrintable(QString::number(t)));
        QCOMPARE(timeline.current().layer, Layer::PerFileOverhead);
        QVERIFY(timeline.add(t += 0.25, early));
        QCOMPARE(timeline.current().layer, Layer::NetworkStack);
        QCOMPARE(timeline.spans().size(), size_t(2));
        QCOMPARE(timeline.spans()[1].fromSec, 1.75);
    }

    void unknownIsTheJobsVerdictOnlyWhenNothingElseHeld()
    {
        Verdict unknown;
        Verdict loss;
        loss.layer = Layer::NetworkLoss;
        VerdictTimeline timeline(0.5);
        double t = 0;
        for (int i = 0; i < 40; ++i) timeline.add(t += 0.25, unknown);
        for (int i = 0; i < 4; ++i) timeline.add(t += 0.25, loss);
        QCOMPARE(timeline.jobVerdict().layer, Layer::NetworkLoss);
        VerdictTimeline blank;
        blank.add(1, unknown);
        QCOMPARE(blank.jobVerdict().layer, Layer::Unknown);
    }
};

QTEST_APPLESS_MAIN(TestBottleneck)
#include "test_bottleneck.moc"
