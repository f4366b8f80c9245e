// The probe's forecast on recorded figures: the slowest layer wins, the
// network's own verdict says why when it is the network, ends swap with the
// direction, and the advice names only what gains.

#include "probe/forecast.h"

#include <QTest>

using namespace fg;
using namespace fg::probe;

namespace {

constexpr double MB = 1 << 20; // formatRate counts in binary units
constexpr double GB = 1 << 30;

MachineSpeeds machine(double aes, double chacha, double diskWrite, double diskRead, unsigned cores = 4)
{
    MachineSpeeds m;
    m.cores = cores;
    m.aesAcceleration = aes > chacha;
    m.ciphers = {{"aes128-gcm", aes, 0}, {"aes256-gcm", aes * 0.9, 0}, {"chacha20-poly1305", chacha, 0}};
    m.compressors = {{"lz4", 600 * MB, 2.6}, {"zstd:1", 320 * MB, 4.0}};
    m.hashes = {{"xxh128", 15 * GB, 0}, {"sha256", 1.4 * GB, 0}};
    m.disk.writeBytesPerSec = diskWrite;
    m.disk.readBytesPerSec = diskRead;
    m.disk.where = "m";
    return m;
}

diagnosis::Verdict networkVerdict(diagnosis::Layer layer, const std::string& fix = {})
{
    diagnosis::Verdict v;
    v.layer = layer;
    v.evidence = "recorded";
    v.fix = fix;
    v.setting = diagnosis::settingIn(fix);
    return v;
}

} // namespace

class TestForecast : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void theSlowestLayerIsTheForecast()
    {
        const MachineSpeeds here = machine(3 * GB, 1.9 * GB, 700 * MB, 2 * GB);
        const MachineSpeeds there = machine(3 * GB, 1.9 * GB, 180 * MB, 2 * GB);
        ForecastInput in;
        in.cipher = "aes128-gcm";
        in.network = {{1, 900 * MB, networkVerdict(diagnosis::Layer::NetworkCongestion)}};
        in.local = &here;
        in.remote = &there;
        Forecast f = forecast(in);
        QCOMPARE(f.verdict.layer, diagnosis::Layer::DestinationWrite);
        QCOMPARE(f.verdict.end, std::string("receiver"));
        QCOMPARE(f.bytesPerSec, 180 * MB);
        QVERIFY2(f.verdict.evidence.find("180 MB/s") != std::string::npos, f.verdict.evidence.c_str());
        QVERIFY(f.verdict.share < 0.25);

        // Pulled, the far end's disk is read and ours is written.
        in.pull = true;
        f = forecast(in);
        QCOMPARE(f.verdict.layer, diagnosis::Layer::DestinationWrite);
        QCOMPARE(f.bytesPerSec, 700 * MB);
    }

    void theNetworksOwnVerdictWhenItIsTheNetwork()
    {
        const MachineSpeeds fast = machine(3 * GB, 1.9 * GB, 2 * GB, 3 * GB);
        ForecastInput in;
        in.cipher = "aes128-gcm";
        in.network = {{1, 40 * MB,
                       networkVerdict(diagnosis::Layer::ReceiveWindow,
                                      "on the receiver: sysctl -w net.ipv4.tcp_rmem='4096 131072 67108864'")}};
        in.local = &fast;
        in.remote = &fast;
        Forecast f = forecast(in);
        QCOMPARE(f.verdict.layer, diagnosis::Layer::ReceiveWindow);
        QVERIFY(f.verdict.fix.find("tcp_rmem") != std::string::npos);
        QVERIFY2(f.verdict.evidence.find("40.0 MB/s with 1 connection") != std::string::npos, f.verdict.evidence.c_str());
        QCOMPARE(f.verdict.share, 1.0);
        // A link this much slower than zstd -1: compression is worth it for data that compresses.
        bool compress = false;
        for (const auto& a : f.advice) compress = compress || a.setting == "--compress auto";
        QVERIFY(compress);
    }

    void severalConnectionsAreAdvisedOnlyWhenTheyGain()
    {
        const MachineSpeeds fast = machine(3 * GB, 1.9 * GB, 5 * GB, 5 * GB);
        ForecastInput in;
        in.cipher = "aes128-gcm";
        in.network = {{1, 300 * MB, networkVerdict(diagnosis::Layer::NetworkLoss, "--congestion bbr: cubic slows down")},
                      {8, 900 * MB, networkVerdict(diagnosis::Layer::NetworkCongestion)}};
        in.local = &fast;
        in.remote = &fast;
        Forecast f = forecast(in);
        QCOMPARE(f.verdict.layer, diagnosis::Layer::NetworkCongestion);
        QVERIFY2(f.verdict.evidence.find("with one connection") != std::string::npos, f.verdict.evidence.c_str());
        QVERIFY(!f.advice.empty());
        QCOMPARE(f.advice.front().setting, std::string("--streams 8"));

        in.network[1].bytesPerSec = 320 * MB; // within the noise of one connection
        f = forecast(in);
        for (const auto& a : f.advice) QVERIFY2(a.setting.rfind("--streams", 0) != 0, a.setting.c_str());
    }

    void aSlowCipherIsNamedWithTheFasterOne()
    {
        // No AES instructions on the far end: AES-GCM crawls there, ChaCha20 does not.
        const MachineSpeeds here = machine(3 * GB, 1.9 * GB, 5 * GB, 5 * GB, 1);
        const MachineSpeeds there = machine(150 * MB, 600 * MB, 5 * GB, 5 * GB, 1);
        ForecastInput in;
        in.cipher = "aes128-gcm";
        in.network = {{1, 1.1 * GB, networkVerdict(diagnosis::Layer::NetworkCongestion)}};
        in.local = &here;
        in.remote = &there;
        Forecast f = forecast(in);
        QCOMPARE(f.verdict.layer, diagnosis::Layer::Decryption);
        QCOMPARE(f.verdict.end, std::string("receiver"));
        QCOMPARE(f.verdict.setting, std::string("--cipher chacha20-poly1305"));
        QCOMPARE(f.bytesPerSec, 150 * MB);

        // Pulled, the slow end seals: encryption on the sender.
        in.pull = true;
        f = forecast(in);
        QCOMPARE(f.verdict.layer, diagnosis::Layer::Encryption);
        QCOMPARE(f.verdict.end, std::string("sender"));

        // Over ssh the cipher is ssh's: not ours to judge.
        in.ssh = true;
        in.cipher = "ssh";
        in.network[0].streams = 0;
        f = forecast(in);
        QVERIFY(f.verdict.layer != diagnosis::Layer::Encryption && f.verdict.layer != diagnosis::Layer::Decryption);
    }

    void aLayerCloseToTheNetworkDoesNotTakeTheVerdict()
    {
        const MachineSpeeds a = machine(3 * GB, 1.9 * GB, 950 * MB, 5 * GB);
        ForecastInput in;
        in.cipher = "aes128-gcm";
        in.network = {{1, 1 * GB, networkVerdict(diagnosis::Layer::NetworkCongestion)}};
        in.local = &a;
        in.remote = &a;
        // The disk writes 95% of what the network carries: the network test
        // ran through the same machines, so this is noise, not a limit.
        QCOMPARE(forecast(in).verdict.layer, diagnosis::Layer::NetworkCongestion);
    }

    void noFiguresNoVerdict()
    {
        ForecastInput in;
        const Forecast f = forecast(in);
        QCOMPARE(f.verdict.layer, diagnosis::Layer::Unknown);
        QVERIFY(!f.verdict.evidence.empty());
    }
};

QTEST_GUILESS_MAIN(TestForecast)
#include "test_forecast.moc"
