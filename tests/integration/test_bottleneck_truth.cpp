// Truth tests of the bottleneck diagnosis (docs/DIAGNOSIS.md) on scenarios
// staged with real mechanisms on this machine, through the real CLI and a
// daemon on 127.0.0.1: the user's own --bwlimit, a compression level far
// slower than the link, and thousands of tiny files. Each must be named
// within 5 s of data starting to move and be the job's verdict, in --json,
// in the -v log and on the --progress line. (Scenarios that need links or
// disks of their own, in network namespaces or cgroups, come with those.)

#include "test_support.h"
#include "verdict_checks.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QTest>

using fgtest::CliRun;
using fgtest::ScratchDir;
using fgtest::expectNamed;
using fgtest::firstShown;
using fgtest::reportOf;
using fgtest::verdictText;
using fgtest::q;
using namespace Qt::StringLiterals;

namespace {
// Text that zstd at level 19 packs slowly (a few MB/s a core) and well.
std::string compressibleText(size_t bytes)
{
    std::string words[64];
    for (int i = 0; i < 64; ++i)
        for (int k = 0; k < 3 + i % 7; ++k) words[i] += char('a' + (i * 7 + k * 3) % 26);
    std::string text;
    text.reserve(bytes + 64);
    uint64_t x = 88172645463325252ull;
    while (text.size() < bytes) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        text += words[x % 64];
        text += (x >> 8) % 9 == 0 ? '\n' : ' ';
    }
    text.resize(bytes);
    return text;
}

void makeTinyFiles(const std::string& root, int count)
{
    for (int i = 0; i < count; ++i)
        fgtest::writeFile(root + "/d" + std::to_string(i / 512) + "/f" + std::to_string(i),
                          fgtest::randomBytes(1024, uint64_t(i)));
}
} // namespace

class TestBottleneckTruth : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void theUsersBwlimitIsNamedLiveAndInTheLog()
    {
        ScratchDir dir("fgtruth");
        fgtest::PairedDaemon d(dir);
        QVERIFY2(d.ok, qPrintable(d.daemon.log()));
        fgtest::writeFile(dir.sub("src/big.bin"), fgtest::randomBytes(60u << 20, 7));
        const QString remote = d.daemon.url(u"m/dst/"_s);
        CliRun r = d.sync({u"--bwlimit"_s, u"20M"_s, u"-v"_s, u"--progress"_s, q(dir.sub("src/")), remote});
        expectNamed(r, u"bandwidth-limit"_s);
        // -v says the change with its evidence; the progress line (on stderr
        // under --json, a line a second into a pipe) names the limit.
        QVERIFY2(r.err.contains("limited by bandwidth-limit: moving "), r.err.constData());
        QVERIFY2(r.err.contains("limit: bandwidth-limit"), r.err.constData());
    }

    void aSlowCompressionLevelIsTheSendersCompression_data()
    {
        QTest::addColumn<bool>("push");
        QTest::newRow("push: ours") << true;
        QTest::newRow("pull: the far end's, from its figures") << false;
    }
    void aSlowCompressionLevelIsTheSendersCompression()
    {
        QFETCH(bool, push);
        ScratchDir dir("fgtruth");
        fgtest::PairedDaemon d(dir);
        QVERIFY2(d.ok, qPrintable(d.daemon.log()));
        const std::string src = push ? dir.sub("src") : dir.sub("module/src");
        fgtest::writeFile(src + "/text.txt", compressibleText(12u << 20));
        const QStringList args = {u"--compress"_s, u"zstd:19"_s};
        CliRun r = push ? d.sync(args + QStringList{q(src + "/"), d.daemon.url(u"m/dst/"_s)})
                        : d.sync(args + QStringList{d.daemon.url(u"m/src/"_s), q(dir.sub("pulled/"))});
        expectNamed(r, u"compression"_s, u"sender"_s);
        const QJsonObject b = reportOf(r).value(u"bottleneck"_s).toObject();
        QVERIFY2(b.value(u"fix"_s).toString().contains(u"zstd:1"_s), verdictText(r).constData());
    }

    void thousandsOfTinyFilesArePerFileOverhead_data()
    {
        QTest::addColumn<bool>("local");
        QTest::newRow("local copy") << true;
        QTest::newRow("to a daemon") << false;
    }
    void thousandsOfTinyFilesArePerFileOverhead()
    {
        QFETCH(bool, local);
        ScratchDir dir("fgtruth");
        makeTinyFiles(dir.sub("src"), 16384);
        CliRun r;
        if (local) {
            r = fgtest::runCli({u"sync"_s, u"--json"_s, q(dir.sub("src/")), q(dir.sub("dst/"))});
        } else {
            fgtest::PairedDaemon d(dir);
            QVERIFY2(d.ok, qPrintable(d.daemon.log()));
            r = d.sync({q(dir.sub("src/")), d.daemon.url(u"m/dst/"_s)});
        }
        expectNamed(r, u"per-file-overhead"_s);
        const QJsonObject b = reportOf(r).value(u"bottleneck"_s).toObject();
        // The files' real size, not a window's bytes over its files.
        QVERIFY2(b.value(u"evidence"_s).toString().contains(u"1.0 KiB on average"_s), verdictText(r).constData());
    }
};

QTEST_GUILESS_MAIN(TestBottleneckTruth)
#include "test_bottleneck_truth.moc"
